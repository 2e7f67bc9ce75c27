"""kitpress: YAML content to print-ready table kits for classroom board games."""

__version__ = "0.1.0"

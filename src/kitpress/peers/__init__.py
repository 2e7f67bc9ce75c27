"""Peers for `make bench`: the same deck job done without kitpress.

- `reportlab_deck`: plain reportlab, the floor for any reportlab-based tool;
- `typst_deck` + `deck.typ`: Typst (PyPI `typst`), a template reading the same YAML.

Each is a standalone script (it imports nothing from kitpress), so the benchmark can run it
by path in a cold process and time it exactly as it times `kitpress build`.
"""

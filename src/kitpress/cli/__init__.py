"""The kitpress command: options into calls, problems printed, exit codes (typer)."""

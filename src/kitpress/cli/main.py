"""The kitpress command: every command module registered on one typer app, run with exit codes
(0, 1 for the user's problems, 2 for kitpress's own) and no traceback for a user."""

from __future__ import annotations

import os
import sys

from kitpress import collector

with collector.importing():  # objects that live as long as the process: never walked by the cycle collector
    # importing each command module registers its commands
    from kitpress.cli import building, checking, converting, exporting, projects, serving, starting  # noqa: F401
    from kitpress.cli.app import app, err


def run(args: list[str] | None = None) -> int:
    """Run one command; return its exit code: 0, 1 for the user's problems, 2 for kitpress's own."""
    code = 0
    try:
        app(args=args)
    except SystemExit as exc:  # how typer ends every command
        if isinstance(exc.code, str):
            err.print(exc.code)
        code = exc.code if isinstance(exc.code, int) else 0 if exc.code is None else 1
    except KeyboardInterrupt:
        err.print("interrupted; nothing was changed in the output folder.")
        code = 130
    except Exception as exc:  # noqa: BLE001 - a user never sees a traceback; KITPRESS_DEBUG=1 shows it
        if os.environ.get("KITPRESS_DEBUG"):
            raise
        err.print(f"kitpress: internal error: {type(exc).__name__}: {exc}")
        err.print("Nothing was changed in the output folder. Please report this, with the command you ran.")
        code = 2
    return code


def main() -> None:
    collector.one_command()  # no automatic pass of the cycle collector: see kitpress.collector
    code = run()
    collector.before_exit()
    sys.exit(code)


if __name__ == "__main__":
    main()

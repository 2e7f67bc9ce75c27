"""The kitpress command: every command module registered on one typer app, run with exit codes
(0, 1 for the user's problems, 2 for kitpress's own) and no traceback for a user."""

from __future__ import annotations

import copy
import os
import sys

from kitpress import collector

with collector.importing():  # objects that live as long as the process: never walked by the cycle collector
    # importing each command module registers its commands
    from kitpress.cli import building, checking, converting, exporting, projects, serving, starting  # noqa: F401
    from kitpress.cli.app import app, err
    import typer
    from typer.main import get_command_name


def run(args: list[str] | None = None) -> int:
    """Run one command; return its exit code: 0, 1 for the user's problems, 2 for kitpress's own."""
    code = 0
    try:
        _narrowed(sys.argv[1:] if args is None else args)(args=args)
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


def _narrowed(args: list[str]) -> typer.Typer:
    """The app with only the command `args` name. typer makes a click command of every
    registered function (their signatures and type hints read) on each run: 22 of them for the
    one a run uses, 8 ms of every command. Help, a missing or mistyped command, and an option
    before the command get the whole app, and say the same as ever."""
    name = args[0] if args else ""
    if not name or name.startswith("-"):
        return app
    commands = [c for c in app.registered_commands if (c.name or get_command_name(c.callback.__name__)) == name]
    groups = [g for g in app.registered_groups if g.name == name]
    if not (commands or groups):
        return app
    narrowed = copy.copy(app)
    narrowed.registered_commands, narrowed.registered_groups = commands, groups
    return narrowed


def main() -> None:
    collector.one_command()  # no automatic pass of the cycle collector: see kitpress.collector
    code = run()
    collector.before_exit()
    sys.exit(code)


if __name__ == "__main__":
    main()

"""The kitpress command's shared parts: the typer app, the two consoles (results on stdout,
problems on stderr), the options several commands take, and how a failure is reported."""

from __future__ import annotations

from typing import Optional

import typer

from kitpress import __version__
from kitpress.build.pipeline import Project, find_game, find_project
from kitpress.cli import i18n as i18n_cli
from kitpress.cli.console import Console
from kitpress.errors import KitpressError


app = typer.Typer(add_completion=False, no_args_is_help=True, help="Turn YAML game content into print-ready table kits.")


app.add_typer(i18n_cli.app, name="i18n")


out = Console()


err = Console(stderr=True)  # errors and warnings: a script reading stdout gets only the results


PAPER = typer.Option("a4", metavar="[a4|letter|a3]", help="Paper size: a4, letter or a3.")


def _version(shown: bool) -> None:
    if shown:
        out.print(f"kitpress {__version__}")
        raise typer.Exit(0)


WRITES_INTO_GAMES = ("schema", "migrate")  # commands that write into a game's folder


@app.callback()
def _main(
    ctx: typer.Context,
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True, help="Print kitpress's version."),
) -> None:
    """Turn YAML game content into print-ready table kits."""
    if ctx.invoked_subcommand in ("list", *WRITES_INTO_GAMES) and find_project().examples:
        if ctx.invoked_subcommand == "list":
            out.print(f"No kitpress project here: kitpress's shipped examples ({EXAMPLES_HINT}).")
        else:
            refuse_examples(ctx.invoked_subcommand)


EXAMPLES_HINT = "kitpress new NAME starts your own game; --from GAME copies one of these"


def refuse_examples(command: str) -> None:
    """The shipped examples are read, never written: a command that writes copies one first."""
    err.print(
        f"kitpress {command}: no kitpress project here (no kitpress.yaml, nor content/ and layouts/, in this folder or above), "
        f"and the shipped examples are not changed: kitpress new NAME --from GAME copies one to change."
    )
    raise typer.Exit(1)


def fail(exc: KitpressError, outcome: str = "nothing was written") -> None:
    for problem in exc.problems:
        err.print(str(problem))
    errors = sum(p.level == "error" for p in exc.problems)
    err.print(f"{errors} error{'s' if errors != 1 else ''}; {outcome}.")
    raise typer.Exit(1)


def games(game: Optional[str], all_games: bool) -> list[str]:
    project = find_project()
    if all_games:
        return project.games()
    if not game:
        err.print("name a game, or use --all. Games: " + ", ".join(project.games()))
        raise typer.Exit(2)
    return [game]


def targets(game: Optional[str], all_games: bool) -> tuple[Project, list[str]]:
    """The project and the games a command is asked for: every game (--all), or one named by
    its id or by a path to its folder."""
    if all_games or not game:
        return find_project(), games(game, all_games)
    try:
        project, game_id = find_game(game)
    except KitpressError as exc:
        fail(exc)
    return project, [game_id]


def languages(project, game_id: str, lang: str | None) -> list[str | None]:
    """--lang all: the source language and every translation the game has."""
    if lang != "all":
        return [lang]
    from kitpress.content.game import source_language
    from kitpress.content.i18n import available

    root = project.game_dir(game_id)
    try:  # game.yaml and the locale files' names are enough: each build loads and checks the game
        return [None, *available(root, source_language(root))[1:]]
    except KitpressError as exc:
        fail(exc)

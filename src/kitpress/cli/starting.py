"""kitpress new: start a game that builds at once, from kitpress's scaffold (package data in
`kitpress/scaffold/`) or as a copy of a game to make a variant of it (`--from`).

Inside a project, the game goes into it (content/NAME/ and layouts/NAME/); anywhere else,
./NAME/ becomes a project of its own (kitpress.yaml, content/NAME/, layouts/NAME/)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Optional

import typer

from kitpress import shipped
from kitpress.build.discovery import MARKER, project_folder
from kitpress.build.pipeline import Project, examples
from kitpress.cli.app import app, err, fail, out
from kitpress.content import i18n
from kitpress.content.game import load_game
from kitpress.errors import KitpressError

_NAME = re.compile(r"[a-z0-9][a-z0-9-]{0,60}")
SAMPLE_LANG = "es"  # the locale stub's language: a sample, to rename to the language wanted


@app.command()
def new(
    name: str = typer.Argument(..., help="The new game's id: lower-case letters, digits and dashes, e.g. my-game."),
    from_game: Optional[str] = typer.Option(None, "--from", metavar="GAME", help="Copy this game (e.g. state-in-class) instead."),
) -> None:
    """Start a new game that builds at once: in this project, or in ./NAME/ as a project of its own."""
    if not _NAME.fullmatch(name):
        err.print(f"kitpress new {name}: a game's name is lower-case letters, digits and dashes, like my-game")
        raise typer.Exit(2)
    here = Path.cwd()
    folder = project_folder(here)
    root = folder if folder is not None else here / name
    targets = [root / "content" / name, root / "layouts" / name]
    if folder is None and root.exists() or any(t.exists() for t in targets):
        err.print(f"kitpress new {name}: {root if folder is None else targets[0]} exists already; choose another name")
        raise typer.Exit(1)
    source = _source(from_game, folder) if from_game else None
    if folder is None:
        root.mkdir()
        _write(shipped.SCAFFOLD / MARKER, root / MARKER, name)
    if source is None:
        _scaffold(targets, name)
    else:
        _copy(source, targets, name)
    out.print(f"wrote {targets[0]} and {targets[1]}" + ("" if folder else f" in a new project, {root}"))
    out.print(f"Build it: kitpress build {name if folder else root.relative_to(here)}")


def _source(game: str, folder: Path | None) -> tuple[Path, Path]:
    """The game to copy: the project's own, else one of kitpress's shipped examples."""
    projects = ([Project(folder)] if folder is not None else []) + [examples(Path.cwd())]
    for project in projects:
        if game in project.games():
            return project.game_dir(game), project.layouts_root / game
    try:
        projects[-1].game_dir(game)  # says which games there are
    except KitpressError as exc:
        fail(exc)
    raise AssertionError(game)


def _scaffold(targets: list[Path], name: str) -> None:
    content, layouts = targets
    for kind, target in (("content", content), ("layouts", layouts)):
        for path in sorted((shipped.SCAFFOLD / kind).glob("*")):
            _write(path, target / path.name, name)
    game = load_game(content)  # the locale stub: every text of the new game, none translated yet
    stub = i18n.locales_dir(content) / f"{SAMPLE_LANG}.yaml"
    stub.parent.mkdir(parents=True, exist_ok=True)
    first, rest = i18n.language_file(name, SAMPLE_LANG, game.texts).split("\n", 1)
    note = "# A sample locale stub, nothing translated yet: rename it to your language (fr.yaml…), or delete it."
    stub.write_text(f"{first}\n{note}\n{rest}", encoding="utf-8")


def _write(template: Path, target: Path, name: str) -> None:
    title = " ".join(word.capitalize() for word in name.split("-"))
    target.parent.mkdir(parents=True, exist_ok=True)
    text = template.read_text(encoding="utf-8").replace("__GAME__", name).replace("__TITLE__", title)
    target.write_text(text, encoding="utf-8")


def _copy(source: tuple[Path, Path], targets: list[Path], name: str) -> None:
    """A copy of a game's content and layouts, renamed: its id in game.yaml and in the
    comments at the head of its language files."""
    (content, layouts), old = source, source[0].name
    hidden = shutil.ignore_patterns(".*")
    shutil.copytree(content, targets[0], ignore=hidden)
    if layouts.is_dir():
        shutil.copytree(layouts, targets[1], ignore=hidden)
    else:
        targets[1].mkdir(parents=True)
    game_yaml = targets[0] / "game.yaml"
    text = game_yaml.read_text(encoding="utf-8")
    game_yaml.write_text(re.sub(r"(?m)^id:.*$", f"id: {name}", text, count=1), encoding="utf-8")
    for locale in sorted((targets[0] / "locales").glob("*.yaml")):
        lines = locale.read_text(encoding="utf-8").splitlines(keepends=True)
        renamed = [re.sub(rf"\b{re.escape(old)}\b", name, line) if line.startswith("#") else line for line in lines]
        locale.write_text("".join(renamed), encoding="utf-8")

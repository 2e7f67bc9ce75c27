"""The commands about a game rather than its kit: printer, schema, reference, migrate, list."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from kitpress.build import printers
from kitpress.build.pipeline import find_project
from kitpress.cli.app import app, err, fail, games, out
from kitpress.content.i18n import coverage_line
from kitpress.errors import KitpressError


@app.command(name="printer")
def printer_save(
    action: str = typer.Argument(..., metavar="save", help="save: remember this printer's settings."),
    name: str = typer.Argument(..., help="A name for this printer, e.g. office."),
    back_offset: str = typer.Option(
        ..., help="DX,DY in mm, as the printer check says: move the backs right and up, as seen from the front."
    ),
    flip: str = typer.Option("long", metavar="[long|short]", help="The edge the printer turns the sheet on."),
) -> None:
    """Save a printer's back offset and flip edge, for `kitpress build --printer NAME`."""
    if action != "save":
        err.print(f"unknown action '{action}': use kitpress printer save NAME --back-offset DX,DY")
        raise typer.Exit(2)
    try:
        path = printers.save(name, printers.Printer(printers.parse_offset(back_offset), printers.parse_flip(flip)))
    except KitpressError as exc:
        fail(exc)
    out.print(f"saved printer '{name}' in {path}")


@app.command()
def schema(game: Optional[str] = typer.Argument(None), all_games: bool = typer.Option(False, "--all")) -> None:
    """Write JSON Schemas of the game's files (for editors) and mark every file with its schema:
    content, game.yaml, schema.yaml, language files, and the project's layout, style and size files."""
    from kitpress.content import jsonschemas
    from kitpress.layout import jsonschemas as layout_schemas
    from kitpress.content.game import load_game

    project = find_project()
    for game_id in games(game, all_games):
        try:
            loaded = load_game(project.game_dir(game_id))
        except KitpressError as exc:
            fail(exc)
        dirs = project.layout_dirs(loaded.root, game_id)
        for path in jsonschemas.write(loaded.root, loaded.texts) + layout_schemas.write(loaded.root, dirs, project.root):
            out.print(f"wrote {path}")


@app.command()
def reference(out_file: Optional[Path] = typer.Option(None, "--out", help="Write it to this file (default: print it).")) -> None:
    """Print the layout language's reference (docs/reference.md): every key, variable, filter, style, size and tag."""
    from kitpress.cli.reference import generate

    text = generate()
    if out_file is None:
        out.print(text.removesuffix("\n"))
        return
    out_file.write_text(text, encoding="utf-8")
    out.print(f"wrote {out_file}")


@app.command()
def migrate(
    game: Optional[str] = typer.Argument(None, help="The game folder under content/."),
    all_games: bool = typer.Option(False, "--all", help="Every game."),
    check: bool = typer.Option(False, "--check", help="Only list what would change; exit 1 if anything would."),
) -> None:
    """Rewrite a game's layout files from old forms of the layout language into the current ones."""
    from kitpress.layout import migrate as migration

    project = find_project()
    found = []
    for game_id in games(game, all_games):
        try:
            game_dir = project.game_dir(game_id)
            found += [c for c in migration.changes(project.layout_dirs(game_dir, game_id)) if c not in found]
        except KitpressError as exc:
            fail(exc)
    for change in found:
        out.print(str(change))
    if check:
        out.print(f"{len(found)} change{'s' if len(found) != 1 else ''} to make" if found else "nothing to migrate")
        raise typer.Exit(1 if found else 0)
    files_changed = migration.apply(found)
    out.print(f"{len(found)} change{'s' if len(found) != 1 else ''} in {files_changed} file{'s' if files_changed != 1 else ''}" if found else "nothing to migrate")


@app.command(name="list")
def list_games() -> None:
    """Show the games in content/, their components and their translations."""
    from kitpress.content.game import load_game
    from kitpress.content.i18n import coverage_summary, languages

    project = find_project()
    for game_id in project.games():
        try:
            game = load_game(project.game_dir(game_id))
        except KitpressError as exc:
            count = len(exc.problems)
            out.print(f"{game_id}: {count} problem{'s' if count != 1 else ''}; run kitpress check {game_id}")
            continue
        out.print(f"{game_id} — {game.meta['title']}")
        for comp in game.components:
            out.print(f"  {comp.id:<14} {comp.kind:<9} {comp.title}")
        for code in languages(game):
            try:
                translated = load_game(project.game_dir(game_id), code)
            except KitpressError as exc:
                count = len(exc.problems)
                out.print(f"  {code}: {count} problem{'s' if count != 1 else ''}; run kitpress check {game_id} --lang {code}")
                continue
            out.print(f"  {coverage_line(coverage_summary(translated.coverage, str(game.meta.get('language') or 'en')))}")

"""Command line: turns options into calls, prints problems as path:line:col, sets exit codes."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Optional

import typer

from . import i18n_cli, printers
from .console import Console
from .build import BuildOptions, build_game, compose_game, find_project
from .errors import KitpressError

app = typer.Typer(add_completion=False, no_args_is_help=True, help="Turn YAML game content into print-ready table kits.")
app.add_typer(i18n_cli.app, name="i18n")
out = Console()
err = Console(stderr=True)


def _fail(exc: KitpressError) -> None:
    for problem in exc.problems:
        err.print(str(problem))
    errors = sum(p.level == "error" for p in exc.problems)
    err.print(f"{errors} error{'s' if errors != 1 else ''}; nothing was written.")
    raise typer.Exit(1)


def _games(game: Optional[str], all_games: bool) -> list[str]:
    project = find_project()
    if all_games:
        return project.games()
    if not game:
        err.print("name a game, or use --all. Games: " + ", ".join(project.games()))
        raise typer.Exit(2)
    return [game]


@app.command()
def build(
    game: Optional[str] = typer.Argument(None, help="The game folder under content/."),
    paper: str = typer.Option("a4", help="Paper size: a4, letter or a3."),
    lang: Optional[str] = typer.Option(
        None, help="Language (default: the game's source language; 'all': every translation too)."
    ),
    out_dir: Optional[Path] = typer.Option(None, "--out", help="Write the kit tree here instead of build/."),
    all_games: bool = typer.Option(False, "--all", help="Build every game in content/."),
    backs: bool = typer.Option(True, "--backs/--no-backs", help="Print card backs after each fronts sheet."),
    board: str = typer.Option("tile", help="Boards larger than the paper: tile (full size) or fit (one sheet, scaled)."),
    edge: float = typer.Option(6.35, help="Millimetres at the paper's edge that the printer cannot reach; nothing prints there."),
    settings: list[str] = typer.Option(
        [], "--set", help="Change a number of the content for this build, e.g. --set banknotes.r100.count=50."
    ),
    back_offset: Optional[str] = typer.Option(None, help="DX,DY in mm: move every card back to match your printer."),
    printer: Optional[str] = typer.Option(None, help="Use the back offset saved for this printer (kitpress printer save)."),
    tables: int = typer.Option(1, help="Copies of the kit, one per table, each page marked with its table number."),
    ink_saver: bool = typer.Option(False, "--ink-saver", help="Pale fills and dark text instead of solid colour, to save ink."),
) -> None:
    """Build print-ready PDFs for a game (or --all)."""
    project = find_project()
    try:
        offset = printers.parse_offset(back_offset) if back_offset else printers.load(printer) if printer else (0.0, 0.0)
    except KitpressError as exc:
        _fail(exc)
    for game_id in _games(game, all_games):
        for code in _languages(project, game_id, lang):
            options = BuildOptions(
                paper=paper.lower(),
                lang=code,
                out=out_dir,
                backs=backs,
                board=board,
                edge=edge,
                settings=tuple(settings),
                back_offset=offset,
                tables=tables,
                ink_saver=ink_saver,
            )
            out.print(f"{game_id} · {code or 'source language'} · {options.paper}")
            try:
                folder, entries = build_game(project, game_id, options, progress=lambda line: out.print(f"  ✓ {line}"))
            except KitpressError as exc:
                _fail(exc)
            out.print(f"  → {folder}")
            _changes(folder)
            _how_to_print(entries, options)
            if code:
                _fallbacks(project, game_id, code)
    from .site import write_index

    try:
        index = write_index(out_dir or project.root / "build")
    except KitpressError as exc:
        _fail(exc)
    out.print(f"Kit page: {index}  (open it in a browser)")


def _languages(project, game_id: str, lang: str | None) -> list[str | None]:
    """--lang all: the source language and every translation the game has."""
    if lang != "all":
        return [lang]
    from .content import load_game
    from .i18n import languages

    try:
        return [None, *languages(load_game(project.game_dir(game_id)))]
    except KitpressError as exc:
        _fail(exc)


SHOWN = 8  # fallbacks listed after a build; `kitpress i18n status` lists them all


def _fallbacks(project, game_id: str, lang: str) -> None:
    """After a translated build: what fell back to the source language, with its place."""
    from .content import load_game
    from .i18n import COUNTS, problems_of

    game = load_game(project.game_dir(game_id), lang)
    if game.coverage is None:
        return
    cov = game.coverage
    counts = ", ".join(f"{len(getattr(cov, state))} {state}" for state in COUNTS)  # translated, unconfirmed, stale, missing
    out.print(f"  [{lang}] {counts}")
    problems = problems_of(cov)
    for problem in problems[:SHOWN]:
        out.print(f"    {problem}")
    if len(problems) > SHOWN:
        out.print(f"    … and {len(problems) - SHOWN} more: kitpress i18n status {game_id} --lang {lang}")


def _changes(folder) -> None:
    from .build import BUILD_REPORTS

    lines = BUILD_REPORTS.get(str(folder))
    if lines is None:
        return
    out.print("  Changed since the last build:" if lines else "  Nothing changed since the last build.")
    for line in lines:
        out.print(f"    {line}")


def _how_to_print(entries: list[dict], options: BuildOptions) -> None:
    out.print(f"  How to print: on {options.paper.upper()}, at 100 % / actual size (never 'fit to page').")
    for entry in entries:
        hint = "card stock" if entry["stock"] == "card" else "plain paper"
        if entry["duplex"]:
            hint += ", double-sided, flip on the long edge"
        if entry["kind"] == "cards":
            hint += "; cut on the marks"
        if entry["kind"] == "board" and options.paper != "a3":
            hint += (
                "; scaled to fit one sheet"
                if options.board == "fit"
                else "; trim the pieces, glue each grey strip under its neighbour, line up the ⊕ marks"
            )
        out.print(f"    {entry['file']:<18} {hint}")


@app.command()
def check(
    game: Optional[str] = typer.Argument(None, help="The game folder under content/."),
    all_games: bool = typer.Option(False, "--all", help="Check every game."),
    paper: str = typer.Option("a4", help="Paper to check the fit against."),
    lang: Optional[str] = typer.Option(None, help="Check this translation ('all': the source and every translation)."),
    pseudo: bool = typer.Option(False, help="Check every text as accented, 40 % longer pseudo-text, to find tight boxes."),
) -> None:
    """Validate content and layouts, fit every text; writes nothing."""
    project = find_project()
    for game_id in _games(game, all_games):
        for code in _languages(project, game_id, lang):
            try:
                options = BuildOptions(paper=paper.lower(), lang=code, pseudo=pseudo)
                _, parts, _ = compose_game(project, game_id, options)
            except KitpressError as exc:
                _fail(exc)
            out.print(f"{game_id}{f' [{code}]' if code else ''}: ok ({len(parts)} components)")


@app.command()
def preview(
    game: str = typer.Argument(..., help="The game folder under content/."),
    paper: str = typer.Option("a4", help="Paper size."),
    lang: Optional[str] = typer.Option(None, help="Language."),
    component: list[str] = typer.Option([], help="Only these components."),
    changed: bool = typer.Option(False, "--changed", help="Only the pages the last change touched, old beside new."),
) -> None:
    """PNGs of every page and a contact sheet per deck, from the real PDFs, in build/…/preview/."""
    from .publish import PREVIOUS
    from .preview import changed_pages, contact_sheets, write_pages

    project = find_project()
    options = BuildOptions(paper=paper.lower(), lang=lang)
    try:
        folder, _ = build_game(project, game, options)
        _, parts, _ = compose_game(project, game, options, fit_text=False)
    except KitpressError as exc:
        _fail(exc)
    target = folder / "preview"
    target.mkdir(exist_ok=True)
    if changed:
        for stale in target.glob("changed-*.png"):
            stale.unlink()
        report = folder / PREVIOUS / "changes.txt"
        for line in report.read_text(encoding="utf-8").splitlines() if report.is_file() else ["no change since the first build"]:
            out.print(f"  {line}")
        written = changed_pages(folder, target, component or None)
        out.print(f"{len(written)} changed page{'s' if len(written) != 1 else ''}, old beside new, in {target}")
        return
    written = write_pages(folder, target, component or None)
    written += contact_sheets(
        folder, target, [p for p in parts if not component or p.component in component], options.paper, options.edge
    )
    out.print(f"{len(written)} images in {target}")


@app.command()
def watch(
    game: str = typer.Argument(..., help="The game folder under content/."),
    paper: str = typer.Option("a4", help="Paper size."),
    lang: Optional[str] = typer.Option(None, help="Language."),
) -> None:
    """Rebuild on every save of the game's content, its layouts or the fonts (Ctrl-C to stop)."""
    from watchfiles import watch as changes_of

    from .build import BUILD_REPORTS

    project = find_project()
    options = BuildOptions(paper=paper.lower(), lang=lang)
    folders = [project.content / game, project.root / "layouts", project.root / "fonts"]

    def once() -> None:
        try:
            folder, _ = build_game(project, game, options, progress=lambda line: None)
        except KitpressError as exc:
            for problem in exc.problems:
                err.print(str(problem))
            err.print("Not rebuilt; the last good kit is unchanged. Watching…")
            return
        lines = BUILD_REPORTS.get(str(folder))
        summary = "built" if lines is None else "; ".join(lines) if lines else "nothing changed"
        out.print(f"rebuilt {folder}: {summary}")
        sys.stdout.flush()

    once()
    out.print(f"watching {', '.join(str(f) for f in folders if f.exists())}")
    sys.stdout.flush()
    for _ in changes_of(*[f for f in folders if f.exists()], debounce=300):
        once()


@app.command(name="printer")
def printer_save(
    action: str = typer.Argument(..., help="save"),
    name: str = typer.Argument(..., help="A name for this printer, e.g. office."),
    back_offset: str = typer.Option(..., help="DX,DY in mm, as read on the printer check sheet."),
) -> None:
    """Save a printer's back-page offset, for `kitpress build --printer NAME`."""
    if action != "save":
        err.print(f"unknown action '{action}': use kitpress printer save NAME --back-offset DX,DY")
        raise typer.Exit(2)
    try:
        path = printers.save(name, printers.parse_offset(back_offset))
    except KitpressError as exc:
        _fail(exc)
    out.print(f"saved printer '{name}' in {path}")


@app.command()
def schema(game: Optional[str] = typer.Argument(None), all_games: bool = typer.Option(False, "--all")) -> None:
    """Write JSON Schemas of the game's files (for editors) and mark every file with its schema."""
    from . import jsonschemas
    from .content import load_game

    project = find_project()
    for game_id in _games(game, all_games):
        try:
            loaded = load_game(project.game_dir(game_id))
        except KitpressError as exc:
            _fail(exc)
        for path in jsonschemas.write(loaded.root, loaded.texts):
            out.print(f"wrote {path}")


@app.command(name="list")
def list_games() -> None:
    """Show the games in content/ and their components."""
    from .content import load_game

    project = find_project()
    for game_id in project.games():
        try:
            game = load_game(project.game_dir(game_id))
        except KitpressError as exc:
            out.print(f"{game_id}: [red]{len(exc.problems)} problem(s)[/]; run kitpress check {game_id}")
            continue
        out.print(f"[bold]{game_id}[/] — {game.meta['title']}")
        for comp in game.components:
            out.print(f"  {comp.id:<14} {comp.kind:<9} {comp.title}")


def main() -> None:
    code = 0
    try:
        app()
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
    # Every file is written and moved into place by now; tearing the interpreter down (freeing
    # a big deck's objects one by one) would only add a tenth of a second to every command.
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


if __name__ == "__main__":
    main()

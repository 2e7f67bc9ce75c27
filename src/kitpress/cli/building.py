"""kitpress build and kitpress watch: kits built, what changed, how to print them."""

from __future__ import annotations

import json
import sys
from functools import partial
from pathlib import Path
from typing import Optional

import typer

from kitpress import collector
from kitpress.build import printers
from kitpress.build.manifest import Entry
from kitpress.build.pipeline import BuildOptions, Project, build_game, cannot_write
from kitpress.build.warm import Warm
from kitpress.cli import side_by_side
from kitpress.cli.app import PAPER, app, err, fail, languages, out, targets
from kitpress.content.i18n import coverage_line
from kitpress.errors import KitpressError, Loc, Problem, rel
from kitpress.layout.sizes import paper_name


@app.command()
def build(
    game: Optional[str] = typer.Argument(None, help="The game: its name, or a path to its folder."),
    paper: str = typer.Option(
        "a4",
        metavar="[a4|letter|a3][,…]",
        help="Paper size: a4, letter or a3; several (a4,letter,a3) are built in one go, sharing what they can.",
    ),
    lang: Optional[str] = typer.Option(
        None, help="Language (default: the game's source language; 'all': every translation too)."
    ),
    out_dir: Optional[Path] = typer.Option(None, "--out", help="Write the kit tree here instead of build/."),
    all_games: bool = typer.Option(False, "--all", help="Build every game in content/."),
    backs: bool = typer.Option(True, "--backs/--no-backs", help="Print card backs after each fronts sheet."),
    board: str = typer.Option(
        "tile", metavar="[tile|fit]", help="Boards larger than the paper: tile (full size) or fit (one sheet, scaled)."
    ),
    edge: float = typer.Option(6.35, help="Millimetres at the paper's edge that the printer cannot reach; nothing prints there."),
    settings: list[str] = typer.Option(
        [], "--set", help="Change a number of the content for this build, e.g. --set banknotes.r100.count=50."
    ),
    back_offset: Optional[str] = typer.Option(
        None, help="DX,DY in mm, as the printer check says: move every card back right and up, as seen from the front."
    ),
    flip: Optional[str] = typer.Option(
        None, metavar="[long|short]", help="The edge your printer turns the sheet on for double-sided printing (long)."
    ),
    printer: Optional[str] = typer.Option(None, help="Use the back offset saved for this printer (kitpress printer save)."),
    tables: int = typer.Option(1, help="Copies of the kit, one per table, each page marked with its table number."),
    ink_saver: bool = typer.Option(False, "--ink-saver", help="Pale fills and dark text instead of solid colour, to save ink."),
    strict: bool = typer.Option(False, "--strict", help="Fail on warnings too (text shrunk to fit, say)."),
    cut_lines: str = typer.Option(
        "trim", metavar="[trim|none]", help="A thin grey line on each card's trim for scissors (trim), or crop marks only (none)."
    ),
) -> None:
    """Build print-ready PDFs for a game (or --all)."""
    project, game_ids = targets(game, all_games)
    try:
        saved = printers.load(printer) if printer else printers.Printer()
        offset = printers.parse_offset(back_offset) if back_offset is not None else saved.back_offset
        flip = printers.parse_flip(flip) if flip is not None else saved.flip
    except KitpressError as exc:
        fail(exc)
    papers = list(dict.fromkeys(name.strip().lower() for name in paper.split(",") if name.strip())) or ["a4"]

    def kit(game_id: str, code: str | None) -> None:
        """One game in one language, on every paper asked for."""
        warm = Warm() if len(papers) > 1 else None  # what its papers share: parsed and composed once
        for number, size in enumerate(papers):
            if number:
                collector.between_builds()
            options = BuildOptions(
                paper=size,
                lang=code,
                out=out_dir,
                backs=backs,
                board=board,
                edge=edge,
                settings=tuple(settings),
                back_offset=offset,
                flip=flip,
                tables=tables,
                ink_saver=ink_saver,
                strict=strict,
                cut_lines=cut_lines.strip().lower(),
            )
            _build_one(project, game_id, code, options, warm)

    asked = [(game_id, code) for game_id in game_ids for code in languages(project, game_id, lang)]
    kits = [partial(kit, game_id, code) for game_id, code in asked]
    failed = side_by_side.run(kits, [_content_size(project, game_id) for game_id, _ in asked])  # side by side on the cores
    if failed:
        raise typer.Exit(failed)
    from kitpress.site.kitpage import write_index

    build_root = out_dir or project.build_root
    kits_made = "the kits are built; only the kit page (index.html) was not written"
    try:
        index = write_index(build_root)
    except KitpressError as exc:
        fail(exc, kits_made)
    except OSError as exc:  # index.html a folder, the disk full
        page = build_root / "index.html"
        if page.is_dir():
            fail(KitpressError(Problem("error", "cannot write the kit page: a folder is in its way; move it", Loc(rel(page)))), kits_made)
        fail(cannot_write(exc, page), kits_made)
    out.print(f"Kit page: {index}  (open it in a browser)")


def _content_size(project: Project, game_id: str) -> float:
    """How much a game's kit is to build, as a guess: the bytes of its content files (none for a
    game that is not there: its build says so, where a user can act on it)."""
    try:
        return sum(path.stat().st_size for path in project.game_dir(game_id).glob("*.yaml"))
    except KitpressError:
        return 0.0


def _build_one(project: Project, game_id: str, code: str | None, options: BuildOptions, warm: Warm | None) -> None:
    """One kit built, and what a teacher needs to know of it said: what changed, how to print it."""
    out.print(f"{game_id} · {code or 'source language'} · {options.paper}")
    try:
        said = lambda line: out.print(f"  ✓ {line}")  # noqa: E731
        folder, entries, changed = build_game(project, game_id, options, progress=said, warm=warm)
    except KitpressError as exc:
        fail(exc)
    out.print(f"  → {folder}")
    manifest = _manifest(folder)
    translation = manifest.get("translation")
    if isinstance(translation, dict):
        out.print(f"  {coverage_line(translation)}")
    for warning in [*manifest.get("warnings", []), *(w for entry in entries for w in entry.warnings or ())]:
        err.print(warning)
    _changes(changed)
    _how_to_print(entries, options)
    _decks(manifest)
    if code and isinstance(translation, dict):
        _fallbacks(translation, game_id, code)


def _manifest(folder: Path) -> dict:
    """A built kit's manifest (its translation, its warnings), {} if it cannot be read."""
    try:
        manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return manifest if isinstance(manifest, dict) else {}


def _fallbacks(translation: dict, game_id: str, lang: str) -> None:
    """After a translated build: what fell back to the source language, with its place, as the
    kit's manifest keeps it (so a kit kept whole says it too, without loading the game)."""
    from kitpress.content.i18n import COUNTS

    count = {state: n if isinstance(n := translation.get(state), int) else 0 for state in COUNTS}
    out.print(f"  [{lang}] {', '.join(f'{n} {state}' for state, n in count.items())}")  # translated, unconfirmed, stale, missing
    shown = [line for line in translation.get("fallbacks") or () if isinstance(line, str)]
    for line in shown:
        err.print(f"    {line}")
    more = sum(n for state, n in count.items() if state != "translated") - len(shown)
    if more > 0:
        err.print(f"    … and {more} more: kitpress i18n status {game_id} --lang {lang}")


def _changes(lines: list[str] | None) -> None:
    """What changed since the last build (None: a first build, nothing to compare with)."""
    if lines is None:
        return
    out.print("  Changed since the last build:" if lines else "  Nothing changed since the last build.")
    for line in lines:
        out.print(f"    {line}")


def _decks(manifest: dict) -> None:
    """How each deck fits the paper, and the nearest smaller card that fits more."""
    decks = [line for line in manifest.get("decks") or [] if isinstance(line, str)]
    if decks:
        out.print("  Cards on the paper:")
    for line in decks:
        out.print(f"    {line}")


def _how_to_print(entries: list[Entry], options: BuildOptions) -> None:
    out.print(f"  How to print: on {paper_name(options.paper)}, at 100 % / actual size (never 'fit to page').")
    for entry in entries:
        hint = "card stock" if entry.stock == "card" else "plain paper"
        if entry.duplex:
            hint += f", double-sided, flip on the {options.flip} edge"
        if entry.kind == "cards":
            hint += "; cut out each piece on its circle" if entry.cut == "circle" else "; cut on the marks"
        if entry.kind == "board" and options.paper != "a3":
            hint += (
                "; scaled to fit one sheet"
                if options.board == "fit"
                else "; trim the pieces, glue each grey strip under its neighbour, line up the ⊕ marks"
            )
        out.print(f"    {entry.file:<18} {hint}")


def _one(game: str):
    project, (game_id,) = targets(game, False)
    return project, game_id


@app.command()
def watch(
    game: str = typer.Argument(..., help="The game: its name, or a path to its folder."),
    paper: str = PAPER,
    lang: Optional[str] = typer.Option(None, help="Language."),
) -> None:
    """Rebuild on every save of the game's content, its layouts or the fonts (Ctrl-C to stop)."""
    from watchfiles import watch as changes_of

    project, game = _one(game)
    options = BuildOptions(paper=paper.lower(), lang=lang)
    inputs = project.inputs(game)  # the game's folder, its layout folders, the fonts
    folders = [inputs[0], *(f for f in inputs[1:] if not f.is_relative_to(inputs[0]))]

    warm = Warm()  # what the builds of this process share: an edit parses and composes what it changed
    collector.stays_running()

    def once() -> None:
        try:
            with collector.paused():  # one pass after it, once the designer has the news
                folder, _, lines = build_game(project, game, options, progress=lambda line: None, warm=warm)
        except KitpressError as exc:
            for problem in exc.problems:
                err.print(str(problem))
            err.print("Not rebuilt; the last good kit is unchanged. Watching…")
        else:
            summary = "built" if lines is None else "; ".join(lines) if lines else "nothing changed"
            out.print(f"rebuilt {folder}: {summary}")
        sys.stdout.flush()
        collector.after_build()

    once()
    out.print(f"watching {', '.join(str(f) for f in folders if f.exists())}")
    sys.stdout.flush()
    for _ in changes_of(*[f for f in folders if f.exists()], debounce=300):
        once()

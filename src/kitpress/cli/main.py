"""Command line: turns options into calls, prints problems as path:line:col, sets exit codes."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Optional

import typer

from kitpress import __version__
from kitpress.build import printers
from kitpress.build.pipeline import BuildOptions, build_game, cannot_write, compose_game, find_project
from kitpress.cli import i18n as i18n_cli
from kitpress.cli.console import Console
from kitpress.content.i18n import coverage_line
from kitpress.errors import KitpressError, Loc, Problem, rel

app = typer.Typer(add_completion=False, no_args_is_help=True, help="Turn YAML game content into print-ready table kits.")
app.add_typer(i18n_cli.app, name="i18n")
out = Console()
err = Console(stderr=True)  # errors and warnings: a script reading stdout gets only the results
PAPER = typer.Option("a4", metavar="[a4|letter|a3]", help="Paper size: a4, letter or a3.")


def _version(shown: bool) -> None:
    if shown:
        out.print(f"kitpress {__version__}")
        raise typer.Exit(0)


@app.callback()
def _main(
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True, help="Print kitpress's version."),
) -> None:
    """Turn YAML game content into print-ready table kits."""


def _fail(exc: KitpressError, outcome: str = "nothing was written") -> None:
    for problem in exc.problems:
        err.print(str(problem))
    errors = sum(p.level == "error" for p in exc.problems)
    err.print(f"{errors} error{'s' if errors != 1 else ''}; {outcome}.")
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
    paper: str = PAPER,
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
) -> None:
    """Build print-ready PDFs for a game (or --all)."""
    project = find_project()
    try:
        saved = printers.load(printer) if printer else printers.Printer()
        offset = printers.parse_offset(back_offset) if back_offset is not None else saved.back_offset
        flip = printers.parse_flip(flip) if flip is not None else saved.flip
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
                flip=flip,
                tables=tables,
                ink_saver=ink_saver,
                strict=strict,
            )
            out.print(f"{game_id} · {code or 'source language'} · {options.paper}")
            try:
                folder, entries, changed = build_game(project, game_id, options, progress=lambda line: out.print(f"  ✓ {line}"))
            except KitpressError as exc:
                _fail(exc)
            out.print(f"  → {folder}")
            manifest = _manifest(folder)
            translation = manifest.get("translation")
            if isinstance(translation, dict):
                out.print(f"  {coverage_line(translation)}")
            for warning in [*manifest.get("warnings", []), *(w for entry in entries for w in entry.get("warnings", []))]:
                err.print(warning)
            _changes(changed)
            _how_to_print(entries, options)
            if code:
                _fallbacks(project, game_id, code)
    from kitpress.site.kitpage import write_index

    build_root = out_dir or project.root / "build"
    kits_made = "the kits are built; only the kit page (index.html) was not written"
    try:
        index = write_index(build_root)
    except KitpressError as exc:
        _fail(exc, kits_made)
    except OSError as exc:  # index.html a folder, the disk full
        page = build_root / "index.html"
        if page.is_dir():
            _fail(KitpressError(Problem("error", "cannot write the kit page: a folder is in its way; move it", Loc(rel(page)))), kits_made)
        _fail(cannot_write(exc, page), kits_made)
    out.print(f"Kit page: {index}  (open it in a browser)")


def _manifest(folder: Path) -> dict:
    """A built kit's manifest (its translation, its warnings), {} if it cannot be read."""
    try:
        manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return manifest if isinstance(manifest, dict) else {}


def _languages(project, game_id: str, lang: str | None) -> list[str | None]:
    """--lang all: the source language and every translation the game has."""
    if lang != "all":
        return [lang]
    from kitpress.content.game import load_game
    from kitpress.content.i18n import languages

    try:
        return [None, *languages(load_game(project.game_dir(game_id)))]
    except KitpressError as exc:
        _fail(exc)


SHOWN = 8  # fallbacks listed after a build; `kitpress i18n status` lists them all


def _fallbacks(project, game_id: str, lang: str) -> None:
    """After a translated build: what fell back to the source language, with its place."""
    from kitpress.content.game import load_game
    from kitpress.content.i18n import COUNTS, problems_of

    game = load_game(project.game_dir(game_id), lang)
    if game.coverage is None:
        return
    cov = game.coverage
    counts = ", ".join(f"{len(getattr(cov, state))} {state}" for state in COUNTS)  # translated, unconfirmed, stale, missing
    out.print(f"  [{lang}] {counts}")
    problems = problems_of(cov)
    for problem in problems[:SHOWN]:
        err.print(f"    {problem}")
    if len(problems) > SHOWN:
        err.print(f"    … and {len(problems) - SHOWN} more: kitpress i18n status {game_id} --lang {lang}")


def _changes(lines: list[str] | None) -> None:
    """What changed since the last build (None: a first build, nothing to compare with)."""
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
            hint += f", double-sided, flip on the {options.flip} edge"
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
    paper: str = PAPER,
    lang: Optional[str] = typer.Option(None, help="Check this translation ('all': the source and every translation)."),
    pseudo: bool = typer.Option(False, help="Check every text as accented, 40 % longer pseudo-text, to find tight boxes."),
    strict: bool = typer.Option(False, "--strict", help="Fail on warnings too (text shrunk to fit, say)."),
    dump: Optional[Path] = typer.Option(
        None, "--dump", metavar="FILE", help="Write the composed scene, as stable text, to FILE ('-': the terminal)."
    ),
) -> None:
    """Validate content and layouts, fit every text; writes nothing (but --dump's FILE)."""
    project = find_project()
    runs = [(game_id, code) for game_id in _games(game, all_games) for code in _languages(project, game_id, lang)]
    if dump is not None and len(runs) != 1:
        _fail(KitpressError(Problem("error", "--dump writes one scene: name one game and at most one language", Loc("--dump"))))
    for game_id, code in runs:
        try:
            options = BuildOptions(paper=paper.lower(), lang=code, pseudo=pseudo, strict=strict)
            _, parts, composer = compose_game(project, game_id, options)
        except KitpressError as exc:
            _fail(exc)
        warnings = [p for p in composer.problems.items if p.level == "warning"]
        for warning in warnings:
            err.print(str(warning))
        said = f", {len(warnings)} warning{'s' if len(warnings) != 1 else ''}" if warnings else ""
        to_terminal = dump is not None and str(dump) == "-"  # then the scene alone goes to stdout
        (err if to_terminal else out).print(f"{game_id}{f' [{code}]' if code else ''}: ok ({len(parts)} components{said})")
        if dump is not None:
            _dump_scene(dump, parts, composer, options)


def _dump_scene(target: Path, parts, composer, options: BuildOptions) -> None:
    from kitpress.compose.scenedump import dump

    text = dump(parts, composer.paper, composer.options.edge, options.board, composer.game.lang)
    if str(target) == "-":
        sys.stdout.write(text)
        return
    try:
        target.write_text(text, encoding="utf-8")
    except OSError as exc:
        _fail(KitpressError(Problem("error", f"cannot write the scene: {exc.strerror or exc}", Loc(str(target)))))
    err.print(f"scene written to {target}")


@app.command()
def preview(
    game: str = typer.Argument(..., help="The game folder under content/."),
    paper: str = PAPER,
    lang: Optional[str] = typer.Option(None, help="Language."),
    component: list[str] = typer.Option([], help="Only these components."),
    changed: bool = typer.Option(False, "--changed", help="Only the pages the last change touched, old beside new."),
) -> None:
    """PNGs of every page and a contact sheet per deck, from the real PDFs, in build/…/preview/."""
    from kitpress.build.publish import PREVIOUS
    from kitpress.site.preview import changed_pages, contact_sheets, write_pages

    project = find_project()
    options = BuildOptions(paper=paper.lower(), lang=lang)
    try:
        folder, _, _ = build_game(project, game, options)
        _, parts, composer = compose_game(project, game, options, fit_text=False)
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
        folder, target, [p for p in parts if not component or p.component in component], composer.paper, options.edge
    )
    out.print(f"{len(written)} images in {target}")


@app.command()
def watch(
    game: str = typer.Argument(..., help="The game folder under content/."),
    paper: str = PAPER,
    lang: Optional[str] = typer.Option(None, help="Language."),
) -> None:
    """Rebuild on every save of the game's content, its layouts or the fonts (Ctrl-C to stop)."""
    from watchfiles import watch as changes_of

    project = find_project()
    options = BuildOptions(paper=paper.lower(), lang=lang)
    folders = [project.content / game, project.root / "layouts", project.root / "fonts"]

    def once() -> None:
        try:
            folder, _, lines = build_game(project, game, options, progress=lambda line: None)
        except KitpressError as exc:
            for problem in exc.problems:
                err.print(str(problem))
            err.print("Not rebuilt; the last good kit is unchanged. Watching…")
            return
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
        _fail(exc)
    out.print(f"saved printer '{name}' in {path}")


@app.command()
def schema(game: Optional[str] = typer.Argument(None), all_games: bool = typer.Option(False, "--all")) -> None:
    """Write JSON Schemas of the game's files (for editors) and mark every file with its schema."""
    from kitpress.content import jsonschemas
    from kitpress.content.game import load_game

    project = find_project()
    for game_id in _games(game, all_games):
        try:
            loaded = load_game(project.game_dir(game_id))
        except KitpressError as exc:
            _fail(exc)
        for path in jsonschemas.write(loaded.root, loaded.texts):
            out.print(f"wrote {path}")


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
    for game_id in _games(game, all_games):
        try:
            game_dir = project.game_dir(game_id)
            found += [c for c in migration.changes(project.layout_dirs(game_dir, game_id)) if c not in found]
        except KitpressError as exc:
            _fail(exc)
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
    code = run()
    # Every file is written and moved into place by now; tearing the interpreter down (freeing
    # a big deck's objects one by one) would only add a tenth of a second to every command.
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


if __name__ == "__main__":
    main()

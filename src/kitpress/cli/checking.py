"""kitpress check (validate and fit, write nothing; --dump the scene) and kitpress preview."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Optional

import typer

from kitpress.build.fits import deck_fits
from kitpress.build.pipeline import BuildOptions, build_game, compose_game
from kitpress.cli.app import PAPER, app, err, fail, languages, out, targets
from kitpress.errors import KitpressError, Loc, Problem


@app.command()
def check(
    game: Optional[str] = typer.Argument(None, help="The game: its name, or a path to its folder."),
    all_games: bool = typer.Option(False, "--all", help="Check every game."),
    paper: str = PAPER,
    lang: Optional[str] = typer.Option(None, help="Check this translation ('all': the source and every translation)."),
    pseudo: bool = typer.Option(False, help="Check every text as accented, 40 % longer pseudo-text, to find tight boxes."),
    pseudo_rtl: bool = typer.Option(
        False, "--pseudo-rtl", help="The same pseudo-text in Hebrew letters, the layouts set right to left: finds direction bugs."
    ),
    strict: bool = typer.Option(False, "--strict", help="Fail on warnings too (text shrunk to fit, say)."),
    dump: Optional[Path] = typer.Option(
        None, "--dump", metavar="FILE", help="Write the composed scene, as stable text, to FILE ('-': the terminal)."
    ),
) -> None:
    """Validate content and layouts, fit every text; writes nothing (but --dump's FILE)."""
    project, game_ids = targets(game, all_games)
    runs = [(game_id, code) for game_id in game_ids for code in languages(project, game_id, lang)]
    if dump is not None and len(runs) != 1:
        fail(KitpressError(Problem("error", "--dump writes one scene: name one game and at most one language", Loc("--dump"))))
    for game_id, code in runs:
        try:
            options = BuildOptions(paper=paper.lower(), lang=code, pseudo="rtl" if pseudo_rtl else pseudo, strict=strict)
            _, parts, composer = compose_game(project, game_id, options)
        except KitpressError as exc:
            fail(exc)
        warnings = [p for p in composer.problems.items if p.level == "warning"]
        for warning in warnings:
            err.print(str(warning))
        said = f", {len(warnings)} warning{'s' if len(warnings) != 1 else ''}" if warnings else ""
        to_terminal = dump is not None and str(dump) == "-"  # then the scene alone goes to stdout
        (err if to_terminal else out).print(f"{game_id}{f' [{code}]' if code else ''}: ok ({len(parts)} components{said})")
        for line in deck_fits(parts, composer):  # how the cards fit the paper: a millimetre can cost a sheet
            (err if to_terminal else out).print(f"  {line}")
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
        fail(KitpressError(Problem("error", f"cannot write the scene: {exc.strerror or exc}", Loc(str(target)))))
    err.print(f"scene written to {target}")


@app.command()
def preview(
    game: str = typer.Argument(..., help="The game: its name, or a path to its folder."),
    paper: str = PAPER,
    lang: Optional[str] = typer.Option(None, help="Language."),
    component: list[str] = typer.Option([], help="Only these components."),
    changed: bool = typer.Option(False, "--changed", help="Only the pages the last change touched, old beside new."),
) -> None:
    """PNGs of every page and a contact sheet per deck, from the real PDFs, in build/…/preview/."""
    from kitpress.build.publish import PREVIOUS
    from kitpress.site.preview import changed_pages, contact_sheets, write_pages

    project, (game,) = targets(game, False)
    options = BuildOptions(paper=paper.lower(), lang=lang)
    try:
        folder, _, _ = build_game(project, game, options)
        _, parts, composer = compose_game(project, game, options, fit_text=False)
    except KitpressError as exc:
        fail(exc)
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

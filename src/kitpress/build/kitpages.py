"""The kit's own files: the printer check, table numbers on every page, the print plan and
kit.pdf, each with its manifest entry."""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Callable

from kitpress.build import batches, changes
from kitpress.build.parts import thumb_path
from kitpress.build.project import BuildOptions
from kitpress.build.incremental import Incremental, sha
from kitpress.build.manifest import Entry, Manifest
from kitpress.compose.composer import Composer
from kitpress.content import i18n
from kitpress.content.game import Game
from kitpress.render import kitfiles
from kitpress.render.canvas import Job, Meta
from kitpress.render.kittext import words
from kitpress.build import thumbs
from kitpress.units import MM


def _kit_job(game: Game, composer: Composer, options: BuildOptions) -> Job:
    """The kit's own files: the printer check moves its back as the card backs are moved."""
    title = str(game.meta["title"])
    meta = Meta(title, str(game.meta.get("author") or ""), "", game.lang)
    offset = (options.back_offset[0] * MM, options.back_offset[1] * MM)
    return Job(composer.paper, options.edge * MM, meta, composer.layouts.sheet, offset, options.flip)


def printer_check(
    game: Game, composer: Composer, options: BuildOptions, folder: Path, last: Incremental
) -> tuple[dict, batches.Task | None]:
    """calibration.pdf depends on nothing in the game but its title: usually kept from the last
    build; else a task to draw it beside the components."""
    job = _kit_job(game, composer, options)
    fingerprint = changes.of("calibration", last.same, job.meta, changes.styles(job.sheet))
    kept = last.keep("calibration.pdf", fingerprint, folder)
    if kept is not None:
        return {"fingerprint": fingerprint, "pages": kept.pages}, None
    path = folder / "calibration.pdf"
    return {"fingerprint": fingerprint}, batches.Task(path, partial(_calibration, job), 30, thumb_path(folder, "calibration"))


def _calibration(job: Job, path: Path) -> int:
    return kitfiles.write_calibration(path, job)


def kit_files(
    game: Game,
    composer: Composer,
    options: BuildOptions,
    folder: Path,
    final: Path,
    entries: list[Entry],
    progress: Callable[[str], None],
    check: dict,
    last: Incremental,
) -> list[Entry]:
    """Table numbers on every component, then the print plan and kit.pdf, and their thumbnails
    (the printer check, `check`, is drawn with the components)."""
    title = str(game.meta["title"])
    job = _kit_job(game, composer, options)
    if options.tables > 1:  # a kept file was stamped when it was made: its fingerprint covers the tables
        entries = [entry if entry.kept else _stamped(entry, folder, options.tables, job) for entry in entries]
    say = words(game.lang)
    calibration = _entry(
        folder / "calibration.pdf", "calibration", say["printer_check"], "sheet", options, check["pages"], duplex=True
    ).but(fingerprint=check["fingerprint"])
    summary = sources_summary(game)
    listed = kitfiles.plan_rows([e.to_json() for e in [*entries, calibration]])  # the render stage reads the manifest's form
    fingerprint = changes.of("plan", last.same, job.meta, changes.styles(job.sheet), title, listed, options.tables, summary)
    plan = last.keep("plan.pdf", fingerprint, folder)  # a one-card edit changes a file, not the plan
    if plan is None:
        plan_pages = kitfiles.write_plan(folder / "plan.pdf", job, title, listed, options.tables, summary)
        plan = _entry(folder / "plan.pdf", "plan", say["print_plan"], "document", options, plan_pages)
        plan = plan.but(fingerprint=fingerprint)
    ordered = [plan, *entries, calibration]
    pages = kitfiles.write_combined(folder / "kit.pdf", [folder / e.file for e in ordered], f"{title} · {say['complete_kit']}")
    combined = _entry(folder / "kit.pdf", "kit", say["whole_kit"], "document", options, pages).but(combined=True)
    _plan_thumbnails(folder, final, plan.sha256, combined.sha256)
    for extra in (plan, calibration, combined):
        progress(f"{extra.file}  {extra.pages} page{'s' if extra.pages != 1 else ''}")
    return [*ordered, combined]


def _stamped(entry: Entry, folder: Path, tables: int, job: Job) -> Entry:
    """A component with its table's number on every page, one copy per table."""
    pages = kitfiles.stamp_tables(folder / entry.file, tables, job)
    return entry.but(pages=pages, sha256=sha(folder / entry.file))


def _plan_thumbnails(folder: Path, final: Path, plan: str, kit: str) -> None:
    """The kit page's pictures of the plan and of kit.pdf, which begins with the plan's page:
    one picture, drawn unless the last build's shows this very plan."""
    drawn, kept = thumb_path(folder, "plan"), thumb_path(final, "plan")
    if not thumbs.shows(kept, plan):
        batches.thumbnail(folder / "plan.pdf", drawn)
        kept = drawn
    thumbs.retag(thumb_path(folder, "kit"), kit, source=kept)


def _entry(path: Path, component: str, title: str, kind: str, options: BuildOptions, pages: int, duplex: bool = False) -> Entry:
    return Entry(path.name, component, title, kind, pages, options.paper, None, duplex, "paper", sha(path))


def sources_summary(game: Game) -> str:
    """The game's one line on what its kit is made from and what it adds (game.yaml's sources)."""
    sources = game.meta.get("sources")
    return str(sources.get("summary") or "") if isinstance(sources, dict) else ""


def write_manifest(
    folder: Path, game: Game, composer: Composer, options: BuildOptions, inputs: str, entries: list[Entry], decks: tuple = ()
) -> None:
    """manifest.json: what the kit is, what it is made from (the digest of its inputs) and its files;
    `decks`: how each deck fits the paper, as `kitpress check` says it."""
    extra = {}
    if decks:
        extra["decks"] = list(decks)
    if sources_summary(game):  # what the kit is made from and adds, in a line (the kit page)
        extra["sources"] = sources_summary(game)
    if game.coverage is not None:  # a translation: how much of it there is (kitpress list, the kit page)
        extra["translation"] = i18n.coverage_summary(game.coverage, str(game.meta.get("language") or "en"))
    Manifest(
        game=game.id,
        title=str(game.meta["title"]),
        lang=game.lang,
        paper=options.paper,
        paper_mm=tuple(round(side / MM, 2) for side in composer.paper),
        flip=options.flip,
        inputs=inputs,
        warnings=tuple(str(p) for p in composer.problems.items if p.level == "warning"),  # the content's and layouts'
        files=tuple(entries),
        extra=extra,
    ).write(folder)

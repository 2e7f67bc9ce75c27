"""Every component's PDF: kept from the last build when made from the same inputs, else drawn on
every core (a big deck batch by batch, each batch kept for the next build), with its manifest
entry and its thumbnail for the kit page."""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Callable, NamedTuple

from kitpress.build import batches, batchinputs, changes
from kitpress.build.project import BuildOptions, strictly
from kitpress.build.incremental import Incremental, sha
from kitpress.build.manifest import Entry
from kitpress.compose.composer import Composer
from kitpress.compose.scene import Part
from kitpress.content.game import Game
from kitpress.errors import KitpressError
from kitpress.render import cardsheets, kitfiles
from kitpress.render.boardsheets import render_board
from kitpress.render.canvas import Job, Meta
from kitpress.render.documents import render_document
from kitpress.build import thumbs
from kitpress.typeset import fonts, styles
from kitpress.units import MM


class _Drawn(NamedTuple):  # a component to draw whole: what its entry will say it is made from
    fingerprint: str
    pieces: dict[str, str]
    places: str


class _Batched(NamedTuple):  # a big deck: its fingerprint is known once the workers composed it
    facts: tuple


def render_parts(
    parts: list[Part],
    game: Game,
    composer: Composer,
    options: BuildOptions,
    folder: Path,
    last: Incremental,
    progress: Callable[[str], None],
    extra: list[batches.Task | None],
) -> tuple[list[Entry], dict[Path, object]]:
    """Every component's PDF in `folder`: kept from the last build when made from exactly the
    same inputs, else drawn, all on every core, with the `extra` files to draw. A deck of more
    than a batch of sheets is composed and drawn batch by batch in the workers, each batch kept
    in .batches/ for the next build. Returns the entries and what drawing each file returned.
    Each file is announced to `progress` as it is finished."""
    made: dict[str, Entry | _Drawn | _Batched] = {}
    tasks, plans, whole, ready = [], {}, set(), {}
    for part in parts:
        comp = game.component(part.component)
        notes = (comp.front_note, comp.back_note)
        facts = (*notes, str(game.meta.get("author") or ""))
        job = _job(part, game, composer, options)
        chunks = _chunks(part, job)
        if chunks:
            (folder / batches.CACHE).mkdir(exist_ok=True)
            plans[part.component] = keys = [folder / batches.CACHE / f"{part.component}-{i}" for i in range(len(chunks))]
            composed = all(isinstance(deck.fronts, tuple) for deck in part.decks)  # not left to the workers
            for index, (key, only) in enumerate(zip(keys, chunks)):
                if composed and (known := _kept_batch(composer, part, job, notes, last, only)) is not None:
                    ready[key] = known  # the last build's very batch: no process started for it
                    continue
                if not composed and (known := _unchanged_batch(part, job, notes, last, only, index)) is not None:
                    ready[key] = known  # made from the same inputs: not even composed
                    continue
                thumb = thumb_path(folder, part.component) if key == keys[0] else None  # the deck's page 1
                work = partial(_batch, composer, part, job, notes, last, only)
                tasks.append(batches.Task(key, work, _cost(part, only), thumb))
            made[part.component] = _Batched(facts)
            continue
        pieces = changes.items(part)
        fingerprint = changes.fingerprint(part, last.same, facts, pieces)
        name = f"{part.component}.pdf"
        places = changes.places(part)
        kept = last.keep(name, fingerprint, folder, places)
        if kept is not None:
            made[part.component] = kept
            progress(f"{name}  unchanged")
            continue
        draw = partial(_draw, part, job, notes, options.board)
        tasks.append(batches.Task(folder / name, draw, _cost(part, None), thumb_path(folder, part.component)))
        whole.add(folder / name)
        made[part.component] = _Drawn(fingerprint, pieces, places)
    tasks += [task for task in extra if task is not None]
    drawn, warnings = _draw_tasks(tasks, whole, game, options, progress)
    drawn.update(ready)
    out = []
    for part in parts:
        entry = made[part.component]
        if isinstance(entry, _Batched):
            entry = _joined(part, game, last, entry.facts, [drawn[key] for key in plans[part.component]], folder)
            progress(f"{entry.file}  unchanged" if entry.kept else _pages(entry.file, entry.pages * options.tables))
        elif isinstance(entry, _Drawn):
            path = folder / f"{part.component}.pdf"
            made_from = {"fingerprint": entry.fingerprint, "items": entry.pieces, "places": entry.places}
            entry = _describe(part, game, options, path, drawn[path]).but(**made_from)
        if not entry.kept:  # a kept file keeps the warnings it was made with
            entry = entry.but(warnings=tuple(dict.fromkeys(warnings.get(entry.file, []))))
        out.append(entry)
    return out, drawn


def _draw_tasks(
    tasks: list[batches.Task], whole: set[Path], game: Game, options: BuildOptions, progress: Callable[[str], None]
) -> tuple[dict[Path, object], dict[str, list[str]]]:
    """Draw every task on every core: what each returned, by its path, and the warnings found
    for each kit file; a KitpressError for the errors."""
    styles.hyphenator(game.lang)  # made here, its dictionary is loaded once for every worker
    if tasks:  # the faces the plan, the printer check and most text use: read once, before the fork
        fonts.load(fonts.MAIN)
        fonts.load(fonts.MAIN, bold=True)

    def finished(index: int, made) -> None:
        _thumbnail(tasks, index, made)
        if tasks[index].path in whole:
            progress(_pages(tasks[index].path.name, made * options.tables))

    results, found = batches.draw_all(tasks, partial(_tail_imports, game.lang), finished)
    problems = strictly([p for each in found for p in each], options.strict)
    if any(p.level == "error" for p in problems):
        raise KitpressError(list(dict.fromkeys(problems)))  # a face printed twice fails once
    warnings: dict[str, list[str]] = {}
    for task, each in zip(tasks, found):
        warnings.setdefault(made_for(task.path), []).extend(str(p) for p in each)
    return {task.path: result for task, result in zip(tasks, results)}, warnings


def made_for(path: Path) -> str:
    """The kit file a drawing task makes: a batch is drawn for its deck's file."""
    return f"{path.name.rsplit('-', 1)[0]}.pdf" if path.parent.name == batches.CACHE else path.name


def _pages(name: str, count: int) -> str:
    return f"{name}  {count} page{'s' if count != 1 else ''}"


def _tail_imports(lang: str) -> None:
    """What the main process needs once the drawing is done, made ready while the workers draw:
    off the critical path of every build. pdfium for the kit page's thumbnails (loaded by
    rasters.first_page, not through pypdfium2: see rasters), and the plural rule of the kit
    page's words in the kit's language (Babel: 4 ms of the 50 a 600-card build spent after its
    last card). qpdf (pikepdf) is imported only where it is used: kitpress joins its own files
    itself."""
    from kitpress.build import rasters
    from kitpress.content.i18n import plurals

    rasters.first_page_ready()
    plurals.ready(lang)


def _thumbnail(tasks: list[batches.Task], index: int, drawn) -> None:
    """The kit page's picture of a file just drawn; a big deck's from its first batch (retagged
    with the joined file's digest once it exists)."""
    task = tasks[index]
    if task.thumbnail is None or not drawn:
        return
    if isinstance(drawn, dict):  # a batch: drawn unless the last build left it
        if not drawn["cached"]:
            batches.thumbnail(task.path.parent / drawn["name"], task.thumbnail)
    elif task.path.is_file():
        batches.thumbnail(task.path, task.thumbnail)


def thumb_path(folder: Path, component: str) -> Path:
    return folder / thumbs.THUMBS / f"{component}.png"


def _chunks(part: Part, job: Job) -> list:
    """A deck's sheets in batches, if it has more than one batch of them; else []."""
    if part.kind != "cards":
        return []
    sheets = cardsheets.sheets(part.decks, job)
    if len(sheets) <= batches.SHEETS_PER_BATCH:
        return []
    return [sheets[i : i + batches.SHEETS_PER_BATCH] for i in range(0, len(sheets), batches.SHEETS_PER_BATCH)]


def _kept_batch(composer: Composer, part: Part, job: Job, notes: tuple, last: Incremental, only) -> dict | None:
    """What drawing a batch of composed cards would return, if the last build left that very batch."""
    pieces, name, places = _fingerprinted(composer, part, job, notes, last, only)
    return _left(part, only, pieces, name, places) if last.batch(name, f"{part.component}.pdf") is not None else None


def _batch(composer: Composer, part: Part, job: Job, notes: tuple, last: Incremental, only, key: Path) -> dict:
    """In a worker: compose a batch's cards, fingerprint them, and draw them unless the last
    build left that very batch in `cache`. What they were composed from goes with the result."""
    pieces, name, places = _fingerprinted(composer, part, job, notes, last, only)
    inputs = None
    if last.previous is not None:  # a kit built here before: kept for its next build (a first build's would cost 3 %)
        per_sheet = _per_sheet(part, job)
        inputs = batchinputs.composed(part, only, per_sheet, (last.surroundings, notes), places)
    if last.batch(name, f"{part.component}.pdf") is not None:
        return _left(part, only, pieces, name, places, inputs)
    pages = cardsheets.render_cards(key.parent / name, part.decks, job, notes, only)
    return {"name": name, "pages": pages, "items": pieces, "places": places, "cached": False, "inputs": inputs}


def _unchanged_batch(part: Part, job: Job, notes: tuple, last: Incremental, only, index: int) -> dict | None:
    """What drawing batch `index` would return, if it is made from what the last build's batch
    `index` was made from and the last build left it (build/batchinputs); None: compose it."""
    found = last.batch_inputs(f"{part.component}.pdf", index)
    if found is None or found[1] is None:
        return None
    name, kept = found
    per_sheet = _per_sheet(part, job)
    if not batchinputs.unchanged(part, only, per_sheet, kept, (last.surroundings, notes)):
        return None
    if last.batch(name, f"{part.component}.pdf") is None:
        return None
    items = last.previous.entry(f"{part.component}.pdf").items or {}
    pieces = {}
    for d, start in only:
        deck = part.decks[d]
        for ident in deck.ids[start : start + per_sheet[d]]:
            piece = f"{deck.name}/{ident}"
            if not isinstance(items.get(piece), str):
                return None
            pieces.setdefault(piece, items[piece])
    return _left(part, only, pieces, name, kept[1], kept)


def _per_sheet(part: Part, job: Job) -> list[int]:
    """How many cards of each of the part's decks a sheet holds."""
    return [cardsheets.deck_grid(deck, job).per_sheet for deck in part.decks]


def _left(part: Part, only, pieces: dict, name: str, places: str, inputs=None) -> dict:
    """A batch the last build left: what drawing it would have returned."""
    pages = sum(1 + part.decks[d].has_backs for d, _ in only)
    return {"name": name, "pages": pages, "items": pieces, "places": places, "cached": True, "inputs": inputs}


def _fingerprinted(composer: Composer, part: Part, job: Job, notes: tuple, last: Incremental, only) -> tuple[dict, str, str]:
    """A batch's cards composed (a lazy deck's, here), their digests, the batch's file name and
    where their problems point."""
    before = len(composer.problems.items)
    per_sheet = _per_sheet(part, job)
    pieces: dict[str, str] = {}
    for d, start in only:
        deck = part.decks[d]
        for ident, face in zip(deck.ids[start : start + per_sheet[d]], deck.fronts[start : start + per_sheet[d]]):
            pieces.setdefault(f"{deck.name}/{ident}", changes.digest_face(face))
    found = composer.problems.items[before:]  # what composing these cards found
    if any(p.level == "error" for p in found):
        raise KitpressError(found)
    return pieces, changes.batch(part, last.same, notes, only, per_sheet) + ".pdf", changes.batch_places(part, only, per_sheet)


def _joined(part: Part, game: Game, last: Incremental, facts: tuple, made: list[dict], folder: Path) -> Entry:
    """A batched deck's entry: its batches joined into one file, or the last build's file when
    every batch is the same as then."""
    pieces = {key: value for batch in made for key, value in batch["items"].items()}
    for deck in part.decks:
        pieces.update(changes.backs(deck))
    fingerprint = changes.fingerprint(part, last.same, facts, pieces)
    name, path = f"{part.component}.pdf", folder / f"{part.component}.pdf"
    names, places = [batch["name"] for batch in made], changes.joined_places([batch["places"] for batch in made])
    entry = last.keep(name, fingerprint, folder, places)
    if entry is None:
        drawn = [folder / batches.CACHE / n for n in names]
        parts = [new if new.is_file() else last.batch(n, name) or new for new, n in zip(drawn, names)]
        pages = kitfiles.write_joined(path, parts, game.lang)
        entry = _describe(part, game, last.options, path, pages)
        entry = entry.but(batches=tuple(names), fingerprint=fingerprint, items=pieces, places=places)
        entry = entry.but(batch_inputs=tuple(batch.get("inputs") for batch in made))
    thumb = thumb_path(folder, part.component)
    if thumb.is_file():  # drawn from the first batch: it shows this file's page 1
        thumbs.retag(thumb, entry.sha256)
    return entry


def _job(part: Part, game: Game, composer: Composer, options: BuildOptions) -> Job:
    title = f"{game.meta['title']} · {part.title}"
    meta = Meta(title, str(game.meta.get("author") or ""), str(part.title), game.lang)
    offset = (options.back_offset[0] * MM, options.back_offset[1] * MM)
    return Job(composer.paper, options.edge * MM, meta, composer.layouts.sheet, offset, options.flip, options.cut_lines)


def _draw(part: Part, job: Job, notes: tuple, board_mode: str, path: Path) -> int:
    if part.kind == "cards":
        return cardsheets.render_cards(path, part.decks, job, notes)
    if part.kind in ("board", "page"):
        return render_board(path, part.boards, job, board_mode)
    return render_document(path, part.documents[0], job)


def _cost(part: Part, only) -> int:
    """Roughly how long a file takes to draw: its text frames."""
    if only is not None:
        return sum(len(part.decks[d].fronts[0].frames) for d, _ in only) * 4
    return sum(len(face.frames) + len(face.children) for face in part.faces()) + 40 * len(part.documents)


def _describe(part: Part, game: Game, options: BuildOptions, path: Path, pages: int) -> Entry:
    """A drawn component's manifest entry."""
    trim, duplex, cut = None, False, None
    if part.kind == "cards":
        trim = _mm_size(part.decks[0].fronts[0].size)
        duplex = any(d.has_backs for d in part.decks)
        cut = "circle" if all(d.fronts[0].cut == "circle" for d in part.decks) else None
    elif part.kind in ("board", "page"):
        trim = _mm_size(part.boards[0].size)
    return Entry(
        file=path.name,
        component=part.component,
        title=str(part.title),
        kind=part.kind,
        pages=pages,
        paper=options.paper,
        trim_mm=trim,
        duplex=duplex,
        stock=game.component(part.component).stock,
        sha256=sha(path),
        batches=(),
        cut=cut,
    )


def _mm_size(size: tuple[float, float]) -> tuple[float, float]:
    return (round(size[0] / MM, 2), round(size[1] / MM, 2))

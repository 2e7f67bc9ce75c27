"""The pipeline, top to bottom: load -> compose (bind, fit, check) -> impose and render into a
temporary folder -> move into place. Nothing in the output folder changes unless all succeed."""

from __future__ import annotations

import dataclasses
import errno
import hashlib
import json
import math
import os
import re
import shutil
import tempfile

from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Callable

from kitpress import files
from kitpress.build import batches, changes, printers, publish
from kitpress.compose.composer import Composer, Options
from kitpress.compose.scene import Part
from kitpress.content import i18n, yamlio
from kitpress.content.game import Game, find_games, load_game, lookup
from kitpress.errors import KitpressError, Loc, Problem, Problems, did_you_mean, rel, shown
from kitpress.impose.geometry import SAFE_EDGE
from kitpress.layout.layouts import Layouts
from kitpress.render import cardsheets, kitfiles
from kitpress.render.boardsheets import render_board
from kitpress.render.canvas import Job, Meta, fit_faces
from kitpress.render.documents import render_document
from kitpress.render.kittext import words
from kitpress.site import kitpage as site
from kitpress.typeset import fit, fonts, styles
from kitpress.typeset.fonts import FONT_DIR
from kitpress.units import MM

BOARD_MODES = ("tile", "fit")
LANG_CODE = r"[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*"
_GAME_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,99}")  # a folder of content/, never a path out of it


@dataclass(frozen=True)
class BuildOptions:
    paper: str = "a4"
    lang: str | None = None
    out: Path | None = None
    backs: bool = True
    board: str = "tile"
    pseudo: bool = False  # every text as accented, longer pseudo-text (kitpress check --pseudo)
    back_offset: tuple[float, float] = (0.0, 0.0)  # mm as seen from the front (+ right, + up): moves every back
    flip: str = "long"  # the edge the printer turns the sheet on for its backs: long or short
    tables: int = 1  # copies of the kit, each page marked with its table number
    ink_saver: bool = False  # pale fills and dark text instead of solid colour
    settings: tuple[str, ...] = ()  # "path=value" overrides of content numbers, e.g. banknotes.r100.count=50
    edge: float = round(SAFE_EDGE / MM, 2)  # mm that home printers cannot reach
    strict: bool = False  # warnings (text shrunk to fit) fail the build as errors


@dataclass(frozen=True)
class Project:
    root: Path

    @property
    def content(self) -> Path:
        return self.root / "content"

    def games(self) -> list[str]:
        return find_games(self.content)

    def game_dir(self, game_id: str) -> Path:
        path = self.content / game_id
        if not _GAME_ID.fullmatch(game_id) or not files.exists(path / "game.yaml"):
            raise KitpressError(
                Problem(
                    "error", f"no game '{game_id}' in {self.content}{did_you_mean(game_id, self.games())}", Loc(str(self.content))
                )
            )
        return path

    def layouts(self, game: Game, ink_saver: bool = False) -> Layouts:
        return Layouts(self.layout_dirs(game.root, game.id), self.root, game.lang, ink_saver)

    def layout_dirs(self, game_root: Path, game_id: str) -> list[Path]:
        return [game_root / "layouts", self.root / "layouts" / game_id, self.root / "layouts" / "common"]

    @property
    def fonts(self) -> Path:
        """The project's own fonts/, or kitpress's."""
        own = self.root / "fonts"
        return own if own.is_dir() else FONT_DIR

    def use_fonts(self) -> None:
        """Make this project's fonts the ones every later step measures and draws with (the
        first step to need a font, such as checking a language's script, would take kitpress's)."""
        fonts.register(self.fonts)

    def inputs(self, game_id: str) -> list[Path]:
        """Every folder a game's kit is made from: its content, its layouts, the fonts."""
        game_root = self.content / game_id
        return [game_root, *self.layout_dirs(game_root, game_id), self.fonts]


def find_project(start: Path | None = None) -> Project:
    """The nearest folder holding content/ and layouts/, from the working directory up."""
    here = (start or Path.cwd()).resolve()
    for folder in (here, *here.parents):
        if (folder / "content").is_dir() and (folder / "layouts").is_dir():
            project = Project(folder)
            break
    else:
        project = Project(Path(__file__).resolve().parents[3])
    try:
        project.use_fonts()
    except KitpressError:
        pass  # a font missing or broken: composing the game reports it, at its place
    return project


def compose_game(
    project: Project, game_id: str, options: BuildOptions, fit_text: bool = True, lazy_decks: bool = False
) -> tuple[Game, list[Part], Composer]:
    """Load and compose a game, every problem raised at once. Text is fitted here too unless the
    caller draws it straight away (`fit_text=False`: a build fits each frame where it draws it);
    `lazy_decks`: a big deck's cards are composed when drawn, by the worker drawing them."""
    _check_options(options)
    project.use_fonts()
    game = load_game(project.game_dir(game_id), options.lang, options.pseudo)
    apply_settings(game, options.settings)
    lazy_sheets = batches.SHEETS_PER_BATCH if lazy_decks else 0  # more than a batch: the workers compose it
    settings = Options(options.paper, options.backs, options.edge * MM, fit_text, lazy_sheets)
    composer = Composer(game, project.layouts(game, options.ink_saver), settings)
    parts = composer.compose()
    found = []
    if fit_text:
        with fit.collecting(Problems()) as problems:
            fit_faces(face for part in parts for face in part.faces())
        found = problems.items
    # composing's warnings and fitting's, each said once (a frame on every card warns alike)
    every = strictly(list(dict.fromkeys([*composer.problems.items, *found])), options.strict)
    Problems(every).raise_if_errors()
    composer.problems.items[:] = every  # the warnings, for the caller to show
    return game, parts, composer


def strictly(problems: list[Problem], strict: bool) -> list[Problem]:
    """The problems, with every warning an error when the build is strict."""
    if not strict:
        return problems
    return [Problem("error", p.message, p.loc) if p.level == "warning" else p for p in problems]


MAX_SETTING = 1_000_000  # a classroom prints thousands of a thing, never millions


def apply_settings(game: Game, settings: tuple[str, ...]) -> None:
    """Teachers' overrides of content numbers (how many banknotes to print, say): each setting
    replaces one whole number in the loaded content, nothing else."""
    problems = []
    for setting in settings:
        path, _, raw = setting.partition("=")
        written = shown(setting)
        parent_path, _, key = path.strip().rpartition(".")
        try:
            parent = lookup(game.data, parent_path) if parent_path else None
        except KeyError:
            parent = None
        current = parent.get(key) if isinstance(parent, dict) else None
        if not isinstance(current, int) or isinstance(current, bool):
            problems.append(Problem("error", f"--set {written}: '{shown(path)}' is not a whole number of the content", Loc("--set")))
        elif not re.fullmatch(r"[0-9]{1,7}", raw.strip()) or int(raw) > MAX_SETTING:  # not '²', not 10**5000
            message = f"--set {written}: give a whole number from 0 to {MAX_SETTING:,}, like {shown(path)}={current}"
            problems.append(Problem("error", message, Loc("--set")))
        else:
            parent[key] = int(raw)
    if problems:
        raise KitpressError(problems)


def _check_options(options: BuildOptions) -> None:
    if not 1 <= options.tables <= 40:
        raise KitpressError(Problem("error", f"--tables {options.tables}: use 1 to 40", Loc("--tables")))
    if not 0 <= options.edge <= 25:
        raise KitpressError(Problem("error", f"--edge {options.edge:g} mm: use 0 to 25 mm", Loc("--edge")))
    if options.board not in BOARD_MODES:
        raise KitpressError(Problem("error", f"unknown board mode '{options.board}' (use tile or fit)", Loc("--board")))
    printers.parse_flip(options.flip)
    if not all(math.isfinite(v) and abs(v) <= printers.MAX_OFFSET_MM for v in options.back_offset):
        message = f"--back-offset {options.back_offset[0]:g},{options.back_offset[1]:g}: use two numbers of at most 15 mm"
        raise KitpressError(Problem("error", message, Loc("--back-offset")))


def build_game(
    project: Project, game_id: str, options: BuildOptions, progress: Callable[[str], None] = lambda _: None
) -> tuple[Path, list[dict]]:
    """Build one game's kit; return its output folder and manifest entries."""
    _check_options(options)
    inputs = changes.inputs(project.inputs(game_id), dataclasses.replace(options, out=None))
    unchanged = _unchanged(project, game_id, options, inputs)
    if unchanged is not None:  # nothing it is made from has changed: not even composed again
        final, entries = unchanged
        publish.sweep(final.parent)
        for entry in entries:
            progress(f"{entry['file']}  unchanged")
        BUILD_REPORTS[str(final)] = []
        return final, entries
    game, parts, composer = compose_game(project, game_id, options, fit_text=False, lazy_decks=True)
    lang = game.lang
    final = (options.out or project.root / "build") / game.id / lang / options.paper
    staging = _staging(final, options)
    previous = _previous(final)
    try:
        check, check_task = _printer_check(game, composer, options, staging, final, previous)
        entries, drawn = _render_parts(parts, game, composer, options, staging, final, previous, progress, [check_task])
        check["pages"] = check.get("pages") or drawn[staging / "calibration.pdf"]
        entries = _kit_files(game, composer, options, staging, final, entries, progress, check)
        manifest = {
            "game": game.id,
            "title": str(game.meta["title"]),
            "lang": lang,
            "paper": options.paper,
            "flip": options.flip,
            "inputs": inputs,
            "warnings": [str(p) for p in composer.problems.items if p.level == "warning"],  # the content's and layouts'
            "files": entries,
        }
        if sources_summary(game):  # what the kit is made from and adds, in a line (the kit page)
            manifest["sources"] = sources_summary(game)
        if game.coverage is not None:  # a translation: how much of it there is (kitpress list, the kit page)
            manifest["translation"] = i18n.coverage_summary(game.coverage, str(game.meta.get("language") or "en"))
        (staging / "manifest.json").write_text(json.dumps(manifest, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        report = changes.report(previous, entries, lambda name: changes.pages_changed(final / name, staging / name))
        publish.publish(staging, final, entries, previous, report)
    except batches.WorkerDied as died:
        unfinished = sorted({_made_for(path) for path in died.unfinished})
        names = ", ".join(unfinished[:3]) + (f" and {len(unfinished) - 3} more" if len(unfinished) > 3 else "")
        message = f"a drawing process died while drawing {names} (stopped by the system: out of memory?); the last kit is as it was"
        raise KitpressError(Problem("error", message, Loc(rel(final)))) from None
    except OSError as exc:  # a full disk, a folder that turned read-only: nothing is moved into place
        raise cannot_write(exc, final) from None
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    BUILD_REPORTS[str(final)] = report
    return final, entries


def sources_summary(game: Game) -> str:
    """The game's one line on what its kit is made from and what it adds (game.yaml's sources)."""
    sources = game.meta.get("sources")
    return str(sources.get("summary") or "") if isinstance(sources, dict) else ""


def cannot_write(exc: OSError, near: Path) -> KitpressError:
    """A located error for a file or folder kitpress could not write, at the place to fix: for
    a file in the way of a folder (`--out /dev/null`), that file."""
    place = Path(exc.filename) if exc.filename else near
    if exc.errno in (errno.EEXIST, errno.ENOTDIR):
        while not files.exists(place) and place != place.parent:
            place = place.parent
        return KitpressError(Problem("error", "cannot write the kit: this is a file, where a folder must be", Loc(rel(place))))
    why = _WHY.get(exc.errno, exc.strerror or str(exc))
    return KitpressError(Problem("error", f"cannot write the kit: {why}", Loc(rel(place))))


_WHY = {
    errno.ENOSPC: "the disk is full; free some space and build again",
    errno.EDQUOT: "the disk quota is used up; free some space and build again",
    errno.EROFS: "the disk is read-only; build with --out on one you can write to",
    errno.EACCES: "no permission to write here; build with --out in a folder of yours",
    errno.EPERM: "no permission to write here; build with --out in a folder of yours",
    errno.EFBIG: "the file would be larger than this system allows",
}


def _staging(final: Path, options: BuildOptions) -> Path:
    """A new, empty folder beside the kit's, to build it in; a located error if the kit cannot
    go where it should (a file in the way, a read-only disk, a full disk)."""
    if files.exists(final) and not final.is_dir():
        message = "is in the way of the kit's folder (it is not a folder): move it, or build with --out elsewhere"
        raise KitpressError(Problem("error", message, Loc(rel(final))))
    try:
        final.parent.mkdir(parents=True, exist_ok=True)
        publish.sweep(final.parent)
        return Path(tempfile.mkdtemp(prefix=f".{options.paper}-{os.getpid()}-", dir=final.parent))
    except OSError as exc:
        raise cannot_write(exc, final) from None


def _made_for(path: Path) -> str:
    """The kit file a drawing task makes: a batch is drawn for its deck's file."""
    return f"{path.name.rsplit('-', 1)[0]}.pdf" if path.parent.name == batches.CACHE else path.name


BUILD_REPORTS: dict[str, list[str] | None] = {}  # folder -> what changed since its last build (for the CLI)


def _unchanged(project: Project, game_id: str, options: BuildOptions, inputs: str) -> tuple[Path, list[dict]] | None:
    """The last build's folder and files, if it was made from exactly these inputs and every
    file it wrote is still there, unaltered."""
    lang = options.lang
    if lang and not re.fullmatch(LANG_CODE, lang):
        return None  # not a language code: the full build says so, at --lang
    if not lang:
        game_root = project.content / game_id
        try:  # through the same door and limits as the full build, which says what is wrong
            meta = yamlio.load_file(game_root / "game.yaml", within=[game_root])
        except KitpressError:
            return None
        lang = meta.get("language") if isinstance(meta, dict) else None
        if not isinstance(lang, str) or not re.fullmatch(LANG_CODE, lang):
            return None
    final = (options.out or project.root / "build") / game_id / lang / options.paper
    previous = _previous(final)
    if not previous or previous.get("inputs") != inputs or previous.get("game") != game_id:
        return None
    made = previous["files"]
    if not all((final / e["file"]).is_file() and _sha(final / e["file"]) == e.get("sha256") for e in made):
        return None
    return final, made


def _previous(folder: Path) -> dict | None:
    """The last build's manifest, if it is one: anything else there is built over."""
    try:
        manifest = json.loads(files.read_text(folder / "manifest.json", [folder], MAX_MANIFEST_BYTES))
    except (KitpressError, ValueError):
        return None
    if not isinstance(manifest, dict) or not isinstance(manifest.get("files"), list):
        return None
    if not all(isinstance(e, dict) and files.plain_name(e.get("file")) for e in manifest["files"]):
        return None  # a name like ../../x is no file of this kit's
    return manifest


MAX_MANIFEST_BYTES = 16 * 1024 * 1024


def _render_parts(
    parts: list[Part],
    game: Game,
    composer: Composer,
    options: BuildOptions,
    folder: Path,
    final: Path,
    previous: dict | None,
    progress: Callable[[str], None],
    extra: list[batches.Task | None],
) -> tuple[list[dict], dict[Path, object]]:
    """Every component's PDF in `folder`: kept from the last build when made from exactly the
    same inputs, else drawn, all on every core, with the `extra` files to draw. A deck of more
    than a batch of sheets is composed and drawn batch by batch in the workers, each batch kept
    in .batches/ for the next build. Returns the entries and what drawing each file returned.
    Each file is announced to `progress` as it is finished."""
    same = dataclasses.replace(options, out=None)  # where the kit goes does not change what it is
    old = {e.get("file"): e for e in (previous or {}).get("files", [])}
    entries: dict[str, dict] = {}
    tasks, plans, whole = [], {}, set()
    for part in parts:
        comp = game.component(part.component)
        notes = (comp.front_note, comp.back_note)
        facts = (*notes, str(game.meta.get("author") or ""))
        job = _job(part, game, composer, options)
        chunks = _chunks(part, job)
        if chunks:  # its fingerprint is known once the workers have composed its cards
            (folder / batches.CACHE).mkdir(exist_ok=True)
            plans[part.component] = keys = [folder / batches.CACHE / f"{part.component}-{i}" for i in range(len(chunks))]
            for key, only in zip(keys, chunks):
                thumb = _thumb(folder, part.component) if key == keys[0] else None  # the deck's page 1
                work = partial(_batch, composer, part, job, notes, same, only, final / batches.CACHE)
                tasks.append(batches.Task(key, work, _cost(part, only), thumb))
            entries[part.component] = {"facts": facts}
            continue
        pieces = changes.items(part)
        fingerprint = changes.fingerprint(part, same, facts, pieces)
        name, kept = f"{part.component}.pdf", final / f"{part.component}.pdf"
        before = old.get(name)
        if _same(before, fingerprint, kept):
            shutil.copy2(kept, folder / name)
            entries[part.component] = {**before, "reused": True}
            progress(f"{name}  unchanged")
            continue
        draw = partial(_draw, part, job, notes, options.board)
        tasks.append(batches.Task(folder / name, draw, _cost(part, None), _thumb(folder, part.component)))
        whole.add(folder / name)
        entries[part.component] = {"fingerprint": fingerprint, "items": pieces}
    tasks += [task for task in extra if task is not None]
    styles.hyphenator(game.lang)  # made here, its dictionary is loaded once for every worker
    if tasks:
        fonts.load(fonts.MAIN, bold=True)  # the plan and the printer check use it: parsed once, before the fork

    def finished(index: int, made) -> None:
        _thumbnail(tasks, index, made)
        if tasks[index].path in whole:
            progress(_pages(tasks[index].path.name, made * options.tables))

    results, found = batches.draw_all(tasks, _tail_imports, finished)
    problems = strictly([p for each in found for p in each], options.strict)
    if any(p.level == "error" for p in problems):
        raise KitpressError(list(dict.fromkeys(problems)))  # a face printed twice fails once
    warnings: dict[str, list[str]] = {}
    for task, each in zip(tasks, found):
        warnings.setdefault(_made_for(task.path), []).extend(str(p) for p in each)
    drawn = {task.path: result for task, result in zip(tasks, results)}
    out = []
    for part in parts:
        entry = entries[part.component]
        if "facts" in entry:
            entry = _joined(part, game, same, entry["facts"], [drawn[key] for key in plans[part.component]], old, folder, final)
            progress(f"{entry['file']}  unchanged" if entry.get("reused") else _pages(entry["file"], entry["pages"] * options.tables))
        elif not entry.get("reused"):
            path = folder / f"{part.component}.pdf"
            entry = {**_describe(part, game, options, path, drawn[path]), **entry}
        if not entry.get("reused"):  # a kept file keeps the warnings it was made with
            entry["warnings"] = list(dict.fromkeys(warnings.get(entry["file"], [])))
        out.append(entry)
    return out, drawn


def _pages(name: str, count: int) -> str:
    return f"{name}  {count} page{'s' if count != 1 else ''}"


def _tail_imports() -> None:
    """What the main process needs once the drawing is done (qpdf to join and combine files,
    pdfium and PNG for the kit page's thumbnails), imported while the workers draw: 45 ms of
    import off the critical path of every build."""
    import pikepdf  # noqa: F401
    import pypdfium2  # noqa: F401
    from PIL import PngImagePlugin  # noqa: F401


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


def _thumb(folder: Path, component: str) -> Path:
    return folder / site.THUMBS / f"{component}.png"


def _chunks(part: Part, job: Job) -> list:
    """A deck's sheets in batches, if it has more than one batch of them; else []."""
    if part.kind != "cards":
        return []
    sheets = cardsheets.sheets(part.decks, job)
    if len(sheets) <= batches.SHEETS_PER_BATCH:
        return []
    return [sheets[i : i + batches.SHEETS_PER_BATCH] for i in range(0, len(sheets), batches.SHEETS_PER_BATCH)]


def _batch(composer: Composer, part: Part, job: Job, notes: tuple, options: BuildOptions, only, cache: Path, key: Path) -> dict:
    """In a worker: compose a batch's cards, fingerprint them, and draw them unless the last
    build left that very batch in `cache`."""
    before = len(composer.problems.items)
    per_sheet = [cardsheets.deck_grid(deck, job).per_sheet for deck in part.decks]
    pieces: dict[str, str] = {}
    for d, start in only:
        deck = part.decks[d]
        for ident, face in zip(deck.ids[start : start + per_sheet[d]], deck.fronts[start : start + per_sheet[d]]):
            pieces.setdefault(f"{deck.name}/{ident}", changes.digest_face(face))
    found = composer.problems.items[before:]  # what composing these cards found
    if any(p.level == "error" for p in found):
        raise KitpressError(found)
    name = changes.batch(part, options, notes, only, per_sheet) + ".pdf"
    if (cache / name).is_file():
        pages = sum(1 + (part.decks[d].back is not None) for d, _ in only)
        return {"name": name, "pages": pages, "items": pieces, "cached": True}
    pages = cardsheets.render_cards(key.parent / name, part.decks, job, notes, only)
    return {"name": name, "pages": pages, "items": pieces, "cached": False}


def _joined(
    part: Part, game: Game, options: BuildOptions, facts: tuple, made: list[dict], old: dict, folder: Path, final: Path
) -> dict:
    """A batched deck's entry: its batches joined into one file, or the last build's file when
    every batch is the same as then."""
    pieces = {key: value for batch in made for key, value in batch["items"].items()}
    for deck in part.decks:
        if deck.back is not None:
            pieces[f"{deck.name}/back"] = changes.digest_face(deck.back)
    fingerprint = changes.fingerprint(part, options, facts, pieces)
    name, kept = f"{part.component}.pdf", final / f"{part.component}.pdf"
    before, path = old.get(name), folder / name
    names = [batch["name"] for batch in made]
    if _same(before, fingerprint, kept):
        shutil.copy2(kept, path)
        entry = {**before, "reused": True}
    else:
        parts = [
            folder / batches.CACHE / n if (folder / batches.CACHE / n).is_file() else final / batches.CACHE / n for n in names
        ]
        pages = batches.join(path, parts, lambda pdf, to: kitfiles.save(pdf, to, str(pdf.docinfo["/Title"]), game.lang))
        entry = {**_describe(part, game, options, path, pages), "batches": names, "fingerprint": fingerprint, "items": pieces}
    thumb = _thumb(folder, part.component)
    if thumb.is_file():  # drawn from the first batch: it shows this file's page 1
        site.retag(thumb, entry["sha256"])
    return entry


def _job(part: Part, game: Game, composer: Composer, options: BuildOptions) -> Job:
    title = f"{game.meta['title']} · {part.title}"
    meta = Meta(title, str(game.meta.get("author") or ""), str(part.title), game.lang)
    offset = (options.back_offset[0] * MM, options.back_offset[1] * MM)
    return Job(composer.paper, options.edge * MM, meta, composer.layouts.sheet, offset, options.flip)


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


def _describe(part: Part, game: Game, options: BuildOptions, path: Path, pages: int) -> dict:
    """A drawn component's manifest entry."""
    trim, duplex = None, False
    if part.kind == "cards":
        trim = _mm_size(part.decks[0].fronts[0].size)
        duplex = any(d.back is not None for d in part.decks)
    elif part.kind in ("board", "page"):
        trim = _mm_size(part.boards[0].size)
    return {
        "file": path.name,
        "component": part.component,
        "title": str(part.title),
        "kind": part.kind,
        "pages": pages,
        "paper": options.paper,
        "trim_mm": trim,
        "duplex": duplex,
        "stock": game.component(part.component).stock,
        "sha256": _sha(path),
        "batches": [],
    }


def _kit_job(game: Game, composer: Composer, options: BuildOptions) -> Job:
    """The kit's own files: the printer check moves its back as the card backs are moved."""
    title = str(game.meta["title"])
    meta = Meta(title, str(game.meta.get("author") or ""), "", game.lang)
    offset = (options.back_offset[0] * MM, options.back_offset[1] * MM)
    return Job(composer.paper, options.edge * MM, meta, composer.layouts.sheet, offset, options.flip)


def _printer_check(
    game: Game, composer: Composer, options: BuildOptions, folder: Path, final: Path, previous: dict | None
) -> tuple[dict, batches.Task | None]:
    """calibration.pdf depends on nothing in the game but its title: usually kept from the last
    build; else a task to draw it beside the components."""
    job = _kit_job(game, composer, options)
    fingerprint = changes.of("calibration", dataclasses.replace(options, out=None), job.meta, changes.styles(job.sheet))
    old = next((e for e in (previous or {}).get("files", []) if e.get("file") == "calibration.pdf"), None)
    kept, path = final / "calibration.pdf", folder / "calibration.pdf"
    if _same(old, fingerprint, kept):
        shutil.copy2(kept, path)
        return {"fingerprint": fingerprint, "pages": old["pages"]}, None
    return {"fingerprint": fingerprint}, batches.Task(path, partial(_calibration, job), 30, _thumb(folder, "calibration"))


def _calibration(job: Job, path: Path) -> int:
    return kitfiles.write_calibration(path, job)


def _kit_files(
    game: Game,
    composer: Composer,
    options: BuildOptions,
    folder: Path,
    final: Path,
    entries: list[dict],
    progress: Callable[[str], None],
    check: dict,
) -> list[dict]:
    """Table numbers on every component, then the print plan and kit.pdf, and their thumbnails
    (the printer check, `check`, is drawn with the components)."""
    title = str(game.meta["title"])
    job = _kit_job(game, composer, options)
    if options.tables > 1:
        for entry in entries:
            if entry.pop("reused", False):
                continue  # stamped when it was made: the fingerprint covers the number of tables
            entry["pages"] = kitfiles.stamp_tables(folder / entry["file"], options.tables, job)
            entry["sha256"] = _sha(folder / entry["file"])
    for entry in entries:
        entry.pop("reused", None)
    say = words(game.lang)
    calibration = _entry(
        folder / "calibration.pdf", "calibration", say["printer_check"], "sheet", options, check["pages"], duplex=True
    )
    calibration["fingerprint"] = check["fingerprint"]
    summary = sources_summary(game)
    plan_pages = kitfiles.write_plan(folder / "plan.pdf", job, title, [*entries, calibration], options.tables, summary)
    plan = _entry(folder / "plan.pdf", "plan", say["print_plan"], "document", options, plan_pages)
    ordered = [plan, *entries, calibration]
    pages = kitfiles.write_combined(folder / "kit.pdf", [folder / e["file"] for e in ordered], f"{title} · {say['complete_kit']}")
    combined = {**_entry(folder / "kit.pdf", "kit", say["whole_kit"], "document", options, pages), "combined": True}
    _plan_thumbnails(folder, final, plan["sha256"], combined["sha256"])
    for extra in (plan, calibration, combined):
        progress(f"{extra['file']}  {extra['pages']} page{'s' if extra['pages'] != 1 else ''}")
    return [*ordered, combined]


def _plan_thumbnails(folder: Path, final: Path, plan: str, kit: str) -> None:
    """The kit page's pictures of the plan and of kit.pdf, which begins with the plan's page:
    one picture, drawn unless the last build's shows this very plan."""
    drawn, kept = _thumb(folder, "plan"), _thumb(final, "plan")
    if not site.shows(kept, plan):
        batches.thumbnail(folder / "plan.pdf", drawn)
        kept = drawn
    site.retag(_thumb(folder, "kit"), kit, source=kept)


def _entry(path: Path, component: str, title: str, kind: str, options: BuildOptions, pages: int, duplex: bool = False) -> dict:
    return {
        "file": path.name,
        "component": component,
        "title": title,
        "kind": kind,
        "pages": pages,
        "paper": options.paper,
        "trim_mm": None,
        "duplex": duplex,
        "stock": "paper",
        "sha256": _sha(path),
    }


def _same(entry: dict | None, fingerprint: str, kept: Path) -> bool:
    """Whether the last build made `kept` from these very inputs, and it is still as it made it."""
    return bool(entry) and entry.get("fingerprint") == fingerprint and kept.is_file() and _sha(kept) == entry.get("sha256")


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _mm_size(size: tuple[float, float]) -> list[float]:
    return [round(size[0] / MM, 2), round(size[1] / MM, 2)]

"""The pipeline, top to bottom: load -> compose (bind, fit, check) -> impose and render into a
temporary folder -> move into place. Nothing in the output folder changes unless all succeed."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from . import changes, fit, kitfiles
from .compose import Composer, Options
from .content import Game, find_games, load_game, lookup
from .errors import KitpressError, Loc, Problem, Problems, did_you_mean
from .impose import SAFE_EDGE
from .layouts import Layouts
from .boardsheets import render_board
from .cardsheets import render_cards
from .documents import render_document
from .render import Job, Meta, fit_faces
from .scene import Part
from .units import MM, PAPERS

BOARD_MODES = ("tile", "fit")


@dataclass(frozen=True)
class BuildOptions:
    paper: str = "a4"
    lang: str | None = None
    out: Path | None = None
    backs: bool = True
    board: str = "tile"
    pseudo: bool = False  # every text as accented, longer pseudo-text (kitpress check --pseudo)
    back_offset: tuple[float, float] = (0.0, 0.0)  # mm: moves every card back, to match a printer
    tables: int = 1  # copies of the kit, each page marked with its table number
    ink_saver: bool = False  # pale fills and dark text instead of solid colour
    settings: tuple[str, ...] = ()  # "path=value" overrides of content numbers, e.g. banknotes.r100.count=50
    edge: float = round(SAFE_EDGE / MM, 2)  # mm that home printers cannot reach


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
        if not (path / "game.yaml").is_file():
            raise KitpressError(
                Problem(
                    "error", f"no game '{game_id}' in {self.content}{did_you_mean(game_id, self.games())}", Loc(str(self.content))
                )
            )
        return path

    def layouts(self, game: Game, ink_saver: bool = False) -> Layouts:
        dirs = [game.root / "layouts", self.root / "layouts" / game.id, self.root / "layouts" / "common"]
        return Layouts(dirs, self.root, game.lang, ink_saver)


def find_project(start: Path | None = None) -> Project:
    """The nearest folder holding content/ and layouts/, from the working directory up."""
    here = (start or Path.cwd()).resolve()
    for folder in (here, *here.parents):
        if (folder / "content").is_dir() and (folder / "layouts").is_dir():
            return Project(folder)
    return Project(Path(__file__).resolve().parents[2])


def compose_game(
    project: Project, game_id: str, options: BuildOptions, fit_text: bool = True
) -> tuple[Game, list[Part], Composer]:
    """Load and compose a game, every problem raised at once. Text is fitted here too unless the
    caller draws it straight away (`fit_text=False`: a build fits each frame where it draws it)."""
    _check_options(options)
    game = load_game(project.game_dir(game_id), options.lang, options.pseudo)
    apply_settings(game, options.settings)
    composer = Composer(game, project.layouts(game, options.ink_saver), Options(options.paper, options.backs, options.edge * MM))
    parts = composer.compose()
    if fit_text:
        with fit.collecting(Problems()) as problems:
            fit_faces(face for part in parts for face in part.faces())
        problems.raise_if_errors()
    return game, parts, composer


def apply_settings(game: Game, settings: tuple[str, ...]) -> None:
    """Teachers' overrides of content numbers (how many banknotes to print, say): each setting
    replaces one whole number in the loaded content, nothing else."""
    problems = []
    for setting in settings:
        path, _, raw = setting.partition("=")
        parent_path, _, key = path.strip().rpartition(".")
        try:
            parent = lookup(game.data, parent_path) if parent_path else None
        except KeyError:
            parent = None
        current = parent.get(key) if isinstance(parent, dict) else None
        if not isinstance(current, int) or isinstance(current, bool):
            problems.append(Problem("error", f"--set {setting}: '{path}' is not a whole number of the content", Loc("--set")))
        elif not raw.strip().isdigit():
            problems.append(Problem("error", f"--set {setting}: give a whole number, like {path}={current}", Loc("--set")))
        else:
            parent[key] = int(raw)
    if problems:
        raise KitpressError(problems)


def _check_options(options: BuildOptions) -> None:
    if options.paper not in PAPERS:
        raise KitpressError(
            Problem(
                "error",
                f"unknown paper '{options.paper}'{did_you_mean(options.paper, PAPERS)} (use {', '.join(PAPERS)})",
                Loc("--paper"),
            )
        )
    if not 1 <= options.tables <= 40:
        raise KitpressError(Problem("error", f"--tables {options.tables}: use 1 to 40", Loc("--tables")))
    if not 0 <= options.edge <= 25:
        raise KitpressError(Problem("error", f"--edge {options.edge:g} mm: use 0 to 25 mm", Loc("--edge")))
    if options.board not in BOARD_MODES:
        raise KitpressError(Problem("error", f"unknown board mode '{options.board}' (use tile or fit)", Loc("--board")))


def build_game(
    project: Project, game_id: str, options: BuildOptions, progress: Callable[[str], None] = lambda _: None
) -> tuple[Path, list[dict]]:
    """Build one game's kit; return its output folder and manifest entries."""
    game, parts, composer = compose_game(project, game_id, options, fit_text=False)
    lang = game.lang
    final = (options.out or project.root / "build") / game.id / lang / options.paper
    final.parent.mkdir(parents=True, exist_ok=True)
    _sweep(final.parent)
    staging = Path(tempfile.mkdtemp(prefix=f".{options.paper}-{os.getpid()}-", dir=final.parent))
    previous = _previous(final)
    try:
        with fit.collecting(Problems()) as problems:
            entries = [_render_or_reuse(part, game, composer, options, staging, final, previous, progress) for part in parts]
        problems.raise_if_errors()
        entries = _kit_files(game, composer, options, staging, entries, progress)
        manifest = {"game": game.id, "title": str(game.meta["title"]), "lang": lang, "paper": options.paper, "files": entries}
        (staging / "manifest.json").write_text(json.dumps(manifest, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        report = changes.report(previous, entries)
        _publish(staging, final, entries, previous, report)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    BUILD_REPORTS[str(final)] = report
    return final, entries


PREVIOUS = ".previous"  # the component PDFs the last build replaced, for `kitpress preview --changed`


def _publish(staging: Path, final: Path, entries: list[dict], previous: dict | None, report: list[str] | None) -> None:
    """Move the new kit into place file by file, each move atomic. The PDFs a change replaces are
    kept in .previous/, with the list of what changed, so a designer can compare old and new; a
    build that changes nothing leaves the last change there."""
    final.mkdir(parents=True, exist_ok=True)
    kept = final / PREVIOUS
    was = {e.get("file"): e.get("sha256") for e in (previous or {}).get("files", [])}
    replaced = {e["file"] for e in entries if "items" in e and was.get(e["file"]) != e["sha256"]}  # components only
    if replaced:
        shutil.rmtree(kept, ignore_errors=True)
    for path in sorted(staging.iterdir()):
        target = final / path.name
        if path.name in replaced and target.is_file():
            kept.mkdir(exist_ok=True)
            try:
                os.link(target, kept / path.name)  # the old file stays where it is until replaced
            except OSError:
                shutil.copy2(target, kept / path.name)
        os.replace(path, target)
    if replaced and report:
        (kept / "changes.txt").write_text("\n".join(report) + "\n", encoding="utf-8")


BUILD_REPORTS: dict[str, list[str] | None] = {}  # folder -> what changed since its last build (for the CLI)


def _sweep(folder: Path) -> None:
    """Remove what builds killed mid-way left behind: staging folders of processes now gone."""
    for stale in folder.glob(".*-*-*"):
        parts = stale.name.split("-")
        if len(parts) < 3 or not parts[1].isdigit() or not stale.is_dir():
            continue
        try:
            os.kill(int(parts[1]), 0)
        except ProcessLookupError:
            shutil.rmtree(stale, ignore_errors=True)
        except PermissionError:
            pass  # another user's live build


def _previous(folder: Path) -> dict | None:
    try:
        return json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def _render_or_reuse(
    part: Part,
    game: Game,
    composer: Composer,
    options: BuildOptions,
    folder: Path,
    final: Path,
    previous: dict | None,
    progress: Callable[[str], None],
) -> dict:
    """Render a component, unless the last build made it from exactly the same inputs."""
    comp = game.component(part.component)
    same = dataclasses.replace(options, out=None)  # where the kit goes does not change what it is
    fingerprint = changes.fingerprint(part, same, (comp.front_note, comp.back_note, str(game.meta.get("author") or "")))
    old = next((e for e in (previous or {}).get("files", []) if e.get("file") == f"{part.component}.pdf"), None)
    kept = final / f"{part.component}.pdf"
    if old and old.get("fingerprint") == fingerprint and kept.is_file() and _sha(kept) == old.get("sha256"):
        shutil.copy2(kept, folder / kept.name)
        progress(f"{kept.name}  unchanged")
        return {**old, "reused": True}
    entry = _render(part, game, composer, options, folder, progress)
    return {**entry, "fingerprint": fingerprint, "items": changes.items(part)}


def _render(
    part: Part, game: Game, composer: Composer, options: BuildOptions, folder: Path, progress: Callable[[str], None]
) -> dict:
    path = folder / f"{part.component}.pdf"
    title = f"{game.meta['title']} · {part.title}"
    meta = Meta(title, str(game.meta.get("author") or ""), str(part.title), game.lang)
    offset = (options.back_offset[0] * MM, options.back_offset[1] * MM)
    job = Job(PAPERS[options.paper], options.edge * MM, meta, composer.layouts.sheet, offset)
    trim, duplex = None, False
    if part.kind == "cards":
        comp = game.component(part.component)
        pages = render_cards(path, part.decks, job, (comp.front_note, comp.back_note))
        trim = _mm_size(part.decks[0].fronts[0].size)
        duplex = any(d.back is not None for d in part.decks)
    elif part.kind in ("board", "page"):
        pages = render_board(path, part.boards, job, options.board)
        trim = _mm_size(part.boards[0].size)
    else:
        pages = render_document(path, part.documents[0], job)
    progress(f"{part.component}.pdf  {pages} page{'s' if pages != 1 else ''}")
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
    }


def _kit_files(
    game: Game, composer: Composer, options: BuildOptions, folder: Path, entries: list[dict], progress: Callable[[str], None]
) -> list[dict]:
    """Table numbers on every component, then the print plan, the printer check and kit.pdf."""
    title = str(game.meta["title"])
    job = Job(
        PAPERS[options.paper],
        options.edge * MM,
        Meta(title, str(game.meta.get("author") or ""), "", game.lang),
        composer.layouts.sheet,
    )
    if options.tables > 1:
        for entry in entries:
            if entry.pop("reused", False):
                continue  # stamped when it was made: the fingerprint covers the number of tables
            entry["pages"] = kitfiles.stamp_tables(folder / entry["file"], options.tables, job)
            entry["sha256"] = _sha(folder / entry["file"])
    for entry in entries:
        entry.pop("reused", None)
    calibration = _entry(
        folder / "calibration.pdf",
        "calibration",
        "Printer check",
        "sheet",
        options,
        kitfiles.write_calibration(folder / "calibration.pdf", job),
        duplex=True,
    )
    plan_pages = kitfiles.write_plan(folder / "plan.pdf", job, title, [*entries, calibration], options.tables)
    plan = _entry(folder / "plan.pdf", "plan", "Print plan", "document", options, plan_pages)
    ordered = [plan, *entries, calibration]
    pages = kitfiles.write_combined(folder / "kit.pdf", [folder / e["file"] for e in ordered], f"{title} · complete kit")
    combined = {**_entry(folder / "kit.pdf", "kit", "The whole kit in one file", "document", options, pages), "combined": True}
    for extra in (plan, calibration, combined):
        progress(f"{extra['file']}  {extra['pages']} page{'s' if extra['pages'] != 1 else ''}")
    return [*ordered, combined]


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


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _mm_size(size: tuple[float, float]) -> list[float]:
    return [round(size[0] / MM, 2), round(size[1] / MM, 2)]

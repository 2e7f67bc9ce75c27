"""The pipeline, top to bottom: load -> compose (bind, fit, check) -> impose and render into a
temporary folder -> move into place. Nothing in the output folder changes unless all succeed."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from .compose import Composer, Options
from .content import Game, find_games, load_game
from .errors import KitpressError, Loc, Problem, did_you_mean
from .impose import card_grid
from .layouts import Layouts
from .render import Meta, render_board, render_cards, render_document
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

    def layouts(self, game: Game) -> Layouts:
        dirs = [game.root / "layouts", self.root / "layouts" / game.id, self.root / "layouts" / "common"]
        return Layouts(dirs, self.root)


def find_project(start: Path | None = None) -> Project:
    """The nearest folder holding content/ and layouts/, from the working directory up."""
    here = (start or Path.cwd()).resolve()
    for folder in (here, *here.parents):
        if (folder / "content").is_dir() and (folder / "layouts").is_dir():
            return Project(folder)
    return Project(Path(__file__).resolve().parents[2])


def compose_game(project: Project, game_id: str, options: BuildOptions) -> tuple[Game, list[Part], Composer]:
    _check_options(options)
    game = load_game(project.game_dir(game_id))
    lang = options.lang or str(game.meta["language"])
    if lang != str(game.meta["language"]):
        raise KitpressError(
            Problem(
                "error",
                f"no '{lang}' translation of {game_id} yet; the source language is '{game.meta['language']}'",
                game.meta.loc_of("language"),
            )
        )
    composer = Composer(game, project.layouts(game), Options(options.paper, options.backs))
    return game, composer.compose(), composer


def _check_options(options: BuildOptions) -> None:
    if options.paper not in PAPERS:
        raise KitpressError(
            Problem(
                "error",
                f"unknown paper '{options.paper}'{did_you_mean(options.paper, PAPERS)} (use {', '.join(PAPERS)})",
                Loc("--paper"),
            )
        )
    if options.board not in BOARD_MODES:
        raise KitpressError(Problem("error", f"unknown board mode '{options.board}' (use tile or fit)", Loc("--board")))


def build_game(
    project: Project, game_id: str, options: BuildOptions, progress: Callable[[str], None] = lambda _: None
) -> tuple[Path, list[dict]]:
    """Build one game's kit; return its output folder and manifest entries."""
    game, parts, composer = compose_game(project, game_id, options)
    lang = options.lang or str(game.meta["language"])
    final = (options.out or project.root / "build") / game.id / lang / options.paper
    final.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{options.paper}-", dir=final.parent))
    try:
        entries = [_render(part, game, composer, options, staging, progress) for part in parts]
        manifest = {"game": game.id, "title": str(game.meta["title"]), "lang": lang, "paper": options.paper, "files": entries}
        (staging / "manifest.json").write_text(json.dumps(manifest, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        final.mkdir(parents=True, exist_ok=True)
        for path in sorted(staging.iterdir()):
            os.replace(path, final / path.name)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return final, entries


def _render(
    part: Part, game: Game, composer: Composer, options: BuildOptions, folder: Path, progress: Callable[[str], None]
) -> dict:
    paper = PAPERS[options.paper]
    path = folder / f"{part.component}.pdf"
    meta = Meta(
        f"{game.meta['title']} · {part.title}", str(game.meta.get("author") or ""), str(part.title), str(game.meta["language"])
    )
    sheet = composer.layouts.sheet
    trim, duplex = None, False
    if part.kind == "cards":
        comp = game.component(part.component)
        grids = {d.collection: card_grid(paper, d.fronts[0].size, d.fronts[0].bleed) for d in part.decks if d.fronts}
        notes = (str(comp_note(game, comp, "front_note")), str(comp_note(game, comp, "back_note")))
        pages = render_cards(path, part.decks, lambda d: grids[d.collection], paper, meta, notes, sheet)
        first = part.decks[0].fronts[0]
        trim = [round(first.size[0] / MM, 2), round(first.size[1] / MM, 2)]
        duplex = any(d.back is not None for d in part.decks)
    elif part.kind == "board":
        pages = render_board(path, part.boards, paper, options.board, meta, sheet)
        first = part.boards[0]
        trim = [round(first.size[0] / MM, 2), round(first.size[1] / MM, 2)]
    else:
        pages = 0
        for doc in part.documents:
            pages += render_document(path, doc, paper, meta)
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
        "sha256": hashlib.sha256(path.read_bytes()).hexdigest(),
    }


def comp_note(game: Game, comp, key: str) -> str:
    for raw in game.meta["components"]:
        if str(raw["id"]) == comp.id:
            return raw.get(key) or ""
    return ""

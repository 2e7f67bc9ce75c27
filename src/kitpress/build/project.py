"""What a build is asked for: the project (its games, layouts and fonts), the options, and the
teachers' `--set` overrides, each checked with a located error."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from pathlib import Path

from kitpress import files, shipped
from kitpress.build import printers
from kitpress.content.game import Game, find_games, lookup
from kitpress.errors import KitpressError, Loc, Problem, did_you_mean, rel, shown
from kitpress.impose.geometry import SAFE_EDGE
from kitpress.layout.layouts import Layouts
from kitpress.typeset import fonts
from kitpress.fontfiles import FONT_DIR
from kitpress.units import MM


BOARD_MODES = ("tile", "fit")
CUT_LINES = ("trim", "none")  # --cut-lines: a grey line on each card's trim, or none (a guillotine needs only the marks)


LANG_CODE = r"[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*"


_GAME_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,99}")  # a folder of content/, never a path out of it


@dataclass(frozen=True)
class BuildOptions:
    paper: str = "a4"
    lang: str | None = None
    out: Path | None = None
    backs: bool = True
    board: str = "tile"
    pseudo: bool | str = False  # every text as accented, longer pseudo-text (kitpress check --pseudo); "rtl": right to left (--pseudo-rtl)
    back_offset: tuple[float, float] = (0.0, 0.0)  # mm as seen from the front (+ right, + up): moves every back
    flip: str = "long"  # the edge the printer turns the sheet on for its backs: long or short
    tables: int = 1  # copies of the kit, each page marked with its table number
    ink_saver: bool = False  # pale fills and dark text instead of solid colour
    settings: tuple[str, ...] = ()  # "path=value" overrides of content numbers, e.g. banknotes.r100.count=50
    edge: float = round(SAFE_EDGE / MM, 2)  # mm that home printers cannot reach
    strict: bool = False  # warnings (text shrunk to fit) fail the build as errors
    cut_lines: str = "trim"  # trim: a thin grey line on each card's trim, for scissors; none: crop marks only


@dataclass(frozen=True)
class Project:
    """Where a build reads and writes. A project folder (`root`) holds content/<game>/ and
    layouts/<game>/, and may hold its own layouts/common/ and fonts/, which override kitpress's
    file by file; the kits go to root/build. With no project around (`own` false), the games
    are kitpress's shipped examples (`content`, `layouts`) and only build/ is in `root`."""

    root: Path
    content: Path = None  # type: ignore[assignment] - root/content unless given
    layouts_root: Path = None  # type: ignore[assignment] - root/layouts unless given: layouts/<game>/ are here
    own: bool = True  # root's layouts/common/ and fonts/ are read (a project), not kitpress's alone

    def __post_init__(self):
        object.__setattr__(self, "content", Path(self.content or Path(self.root) / "content"))
        object.__setattr__(self, "layouts_root", Path(self.layouts_root or Path(self.root) / "layouts"))

    @property
    def examples(self) -> bool:
        """Whether the games are kitpress's shipped examples (no project around)."""
        return not self.own and _same(self.content, shipped.CONTENT)

    @property
    def build_root(self) -> Path:
        return Path(self.root) / "build"

    def games(self) -> list[str]:
        return find_games(self.content)

    def game_dir(self, game_id: str) -> Path:
        path = self.content / game_id
        if not _GAME_ID.fullmatch(game_id) or not files.exists(path / "game.yaml"):
            message = f"no game '{game_id}' in {rel(self.content)}{did_you_mean(game_id, self.games())}"
            if self.own and _GAME_ID.fullmatch(game_id) and files.exists(shipped.CONTENT / game_id / "game.yaml"):
                message += f" ('{game_id}' is one of kitpress's examples: kitpress new NAME --from {game_id} copies it here)"
            elif self.examples:
                message += " (no kitpress project here or above: these are kitpress's examples; kitpress new NAME starts a game)"
            raise KitpressError(Problem("error", message, Loc(rel(self.content))))
        return path

    def layouts(self, game: Game, ink_saver: bool = False) -> Layouts:
        return Layouts(self.layout_dirs(game.root, game.id), self.root, game.layout_lang or game.lang, ink_saver)

    def layout_dirs(self, game_root: Path, game_id: str) -> list[Path]:
        """The game's own layouts, layouts/<game>/, the project's layouts/common/, kitpress's."""
        common = [Path(self.root) / "layouts" / "common"] if self.own else []
        return [game_root / "layouts", self.layouts_root / game_id, *_with_shipped(common, shipped.COMMON)]

    @property
    def font_dirs(self) -> list[Path]:
        """The project's own fonts/ (each file it has), then kitpress's."""
        return _with_shipped([Path(self.root) / "fonts"] if self.own else [], FONT_DIR)

    def use_fonts(self) -> None:
        """Make this project's fonts the ones every later step measures and draws with (the
        first step to need a font, such as checking a language's script, would take kitpress's)."""
        fonts.register(self.font_dirs)

    def inputs(self, game_id: str) -> list[Path]:
        """Every folder a game's kit is made from: its content, its layouts, the fonts."""
        game_root = self.content / game_id
        return [game_root, *self.layout_dirs(game_root, game_id), *self.font_dirs]


def _same(a: Path, b: Path) -> bool:
    return Path(a).resolve() == Path(b).resolve()


def _with_shipped(own: list[Path], kitpress: Path) -> list[Path]:
    """A project's own folders that exist and are not kitpress's (a source checkout's are), then kitpress's."""
    return [d for d in own if d.is_dir() and not _same(d, kitpress)] + [kitpress]


def check_options(options: BuildOptions) -> None:
    if not 1 <= options.tables <= 40:
        raise KitpressError(Problem("error", f"--tables {options.tables}: use 1 to 40", Loc("--tables")))
    if not 0 <= options.edge <= 25:
        raise KitpressError(Problem("error", f"--edge {options.edge:g} mm: use 0 to 25 mm", Loc("--edge")))
    if options.board not in BOARD_MODES:
        raise KitpressError(Problem("error", f"unknown board mode '{options.board}' (use tile or fit)", Loc("--board")))
    if options.cut_lines not in CUT_LINES:
        raise KitpressError(Problem("error", f"--cut-lines {options.cut_lines}: use trim or none", Loc("--cut-lines")))
    printers.parse_flip(options.flip)
    if not all(math.isfinite(v) and abs(v) <= printers.MAX_OFFSET_MM for v in options.back_offset):
        message = f"--back-offset {options.back_offset[0]:g},{options.back_offset[1]:g}: use two numbers of at most 15 mm"
        raise KitpressError(Problem("error", message, Loc("--back-offset")))


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

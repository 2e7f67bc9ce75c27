"""One game's kit, kept built by one warm process (`kitpress serve`): every save of its content,
layouts or fonts rebuilds it (build/warm: an edited card is parsed, composed and drawn alone),
and whoever waits for the next build is told.

A build that fails leaves the last good kit in place (the build never touches it) and is kept as
its problems, each with the line of the file it points at, so the page can show the line, not
only its number."""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from kitpress import collector, files
from kitpress.build.pipeline import BuildOptions, Project, build_game
from kitpress.build.warm import Warm
from kitpress.errors import KitpressError, Loc, Problem

MAX_SOURCE_LINE = 400  # characters of a problem's source line shown


@dataclass(frozen=True)
class Shown:
    """A problem as the page shows it: its place, its words, and the line it points at."""

    level: str
    message: str
    path: str  # as kitpress says it (relative to where it runs)
    line: int
    col: int
    source: str  # that line of the file, "" if it cannot be read
    file: str  # the file's absolute path, for an editor link; "" if none

    @property
    def place(self) -> str:
        return str(Loc(self.path, self.line, self.col))  # a workbook's cell as the spreadsheet names it


@dataclass
class State:
    """The last build: its number, whether it made a kit, what changed and what it found."""

    version: int = 0
    built: bool = False  # this build made the kit (False: it failed, the last good kit stays)
    folder: Path | None = None  # the kit's folder, once a build has made it
    changes: list[str] | None = None
    problems: list[Shown] = field(default_factory=list)
    seconds: float = 0.0
    at: str = ""  # when it ended, HH:MM:SS


class Live:
    def __init__(self, project: Project, game: str, options: BuildOptions):
        self.project, self.game, self.options = project, game, options
        self.warm = Warm()
        self.state = State()
        self._building = threading.Lock()  # one build of this kit at a time
        self._changed = threading.Condition()

    def folders(self) -> list[Path]:
        """What to watch: the game's folder, its layout folders and the fonts."""
        found = self.project.inputs(self.game)
        return [f for f in found if f.exists()]

    def rebuild(self) -> State:
        """Build the kit now (waiting for a build under way to end) and tell whoever waits."""
        with self._building:
            start = time.perf_counter()
            last = self.state
            try:
                with collector.paused():  # one pass after it, once the page has the news
                    folder, entries, changes = build_game(self.project, self.game, self.options, warm=self.warm)
            except KitpressError as exc:
                state = State(last.version + 1, False, last.folder, None, [self._shown(p) for p in exc.problems])
            else:
                warnings = [p for entry in entries for p in entry.warnings or ()]
                state = State(last.version + 1, True, folder, changes, [self._said(line) for line in warnings])
            state.seconds = time.perf_counter() - start
            state.at = time.strftime("%H:%M:%S")
            with self._changed:
                self.state = state
                self._changed.notify_all()
            collector.after_build()
            return state

    def wait(self, seen: int, timeout: float) -> State:
        """The state once it is newer than build `seen`, or as it is after `timeout` seconds."""
        with self._changed:
            self._changed.wait_for(lambda: self.state.version > seen, timeout)
            return self.state

    # -- problems as shown ------------------------------------------------------------------
    def _shown(self, problem: Problem) -> Shown:
        loc = problem.loc
        path = None if loc.sheet else self._file(loc.path)  # a workbook has no line to show, nor an editor to open it
        return Shown(problem.level, problem.message, loc.path, loc.line, loc.col, _line(path, loc.line), str(path or ""))

    def _said(self, line: str) -> Shown:
        """A warning as a kit's manifest keeps it: `path:line:col: warning: message`, or
        `book.xlsx[sheet]!C12: warning: message`."""
        place, _, rest = line.partition(": warning: ")
        loc = Loc.parse(place)
        if not rest or not loc.line:
            return Shown("warning", line, "", 0, 0, "", "")
        return self._shown(Problem("warning", rest, loc))

    def _file(self, shown: str) -> Path | None:
        """The project file a problem names, if it is one (never a file outside the project)."""
        if not shown or shown.startswith("<") or shown.startswith("--"):
            return None
        root = Path(self.project.root)
        for base in (Path.cwd(), root):
            try:
                return files.checked(base / shown, [root])
            except KitpressError:
                continue
        return None


def _line(path: Path | None, number: int) -> str:
    """Line `number` of a project file, cut short; "" if there is none."""
    if path is None or number < 1:
        return ""
    try:
        text = files.read_text(path, [path.parent], 32 * 1024 * 1024, str(path))
    except KitpressError:
        return ""
    lines = text.splitlines()
    line = lines[number - 1] if number <= len(lines) else ""
    return line if len(line) <= MAX_SOURCE_LINE else line[: MAX_SOURCE_LINE - 1] + "…"

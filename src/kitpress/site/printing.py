"""The teachers' side of `kitpress serve`: what they may choose (a game, its language, the paper,
tables, ink saver, board, a saved printer), each choice checked against what there is, and the
kits built as they ask, one job each, its progress kept for the page.

Two orders for the same kit (game, language, paper) never build into its folder at once: the
second joins the job already under way when it asks for the same, and waits its turn when it
asks for something else."""

from __future__ import annotations

import itertools
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from kitpress.build import printers
from kitpress.build.pipeline import BuildOptions, Project, build_game
from kitpress.content.game import source_language
from kitpress.content.i18n import available
from kitpress.errors import KitpressError, Loc, Problem
from kitpress.site.kits import LANG_NAMES, PAPER_NAMES

MOST_TABLES = 40


class Refused(ValueError):
    """A choice that is not one of those offered: said in words, nothing built."""


@dataclass(frozen=True)
class Order:
    game: str
    lang: str | None  # None: the game's own language
    paper: str
    tables: int = 1
    ink_saver: bool = False
    board: str = "tile"
    printer: str = ""  # a saved printer's name, "" for none
    cut_lines: str = "trim"  # trim: a thin grey line round each card; none: crop marks only

    def options(self, out: Path | None) -> BuildOptions:
        saved = printers.load(self.printer) if self.printer else printers.Printer()
        return BuildOptions(
            paper=self.paper, lang=self.lang, out=out, board=self.board, tables=self.tables, ink_saver=self.ink_saver,
            back_offset=saved.back_offset, flip=saved.flip, cut_lines=self.cut_lines,
        )  # fmt: skip

    @property
    def folder(self) -> tuple[str, str | None, str]:
        return (self.game, self.lang, self.paper)


@dataclass
class Choice:
    """A game as the form offers it: its languages (code, name), the papers."""

    game: str
    title: str
    langs: list[tuple[str, str]]


def choices(project: Project) -> list[Choice]:
    out = []
    for game in project.games():
        root = project.game_dir(game)
        try:
            codes = available(root, source_language(root))
        except KitpressError:
            codes = []
        out.append(Choice(game, _title(root) or game, [(code, LANG_NAMES.get(code, code)) for code in codes]))
    return out


def kit_language(project: Project, wanted: Order) -> str:
    """The language the ordered kit is in: the one asked for, or the game's own."""
    if wanted.lang:
        return wanted.lang
    try:
        return source_language(project.game_dir(wanted.game))
    except KitpressError:
        return "en"


def _title(root: Path) -> str:
    from kitpress.content import yamlio

    try:
        meta = yamlio.load_file(root / "game.yaml", within=[root])
    except KitpressError:
        return ""
    return str(meta.get("title") or "") if isinstance(meta, dict) else ""


def order(project: Project, form: dict) -> Order:
    """The order a form asks for; Refused, saying what, for anything the form did not offer."""
    games = {choice.game: choice for choice in choices(project)}
    game = str(form.get("game", ""))
    if game not in games:
        raise Refused(f"no game '{game[:40]}' here")
    langs = [code for code, _ in games[game].langs]
    lang = str(form.get("lang", "")) or (langs[0] if langs else "")
    if lang not in langs:
        raise Refused(f"{games[game].title} has no language '{lang[:12]}'")
    paper = str(form.get("paper", "a4"))
    if paper not in PAPER_NAMES:
        raise Refused(f"no paper '{paper[:12]}': choose {', '.join(PAPER_NAMES)}")
    tables = str(form.get("tables", "1")).strip() or "1"
    if not tables.isdigit() or not 1 <= int(tables) <= MOST_TABLES:
        raise Refused(f"tables: a whole number from 1 to {MOST_TABLES}")
    board = str(form.get("board", "tile"))
    if board not in ("tile", "fit"):
        raise Refused("board: tile or fit")
    printer = str(form.get("printer", ""))
    if printer and printer not in printers.names():
        raise Refused(f"no saved printer '{printer[:40]}'")
    cut_lines = str(form.get("cut_lines", "trim"))
    if cut_lines not in ("trim", "none"):
        raise Refused("cut lines: trim or none")
    own = lang == (langs[0] if langs else lang)
    ink_saver = form.get("ink_saver") in ("on", "1", "true")
    return Order(game, None if own else lang, paper, int(tables), ink_saver, board, printer, cut_lines)


@dataclass
class Job:
    number: int
    order: Order
    lines: list[str] = field(default_factory=list)  # the build's progress, as `kitpress build` says it
    done: bool = False
    folder: Path | None = None
    problems: list[Problem] = field(default_factory=list)
    seconds: float = 0.0


class Jobs:
    def __init__(self, project: Project, out: Path | None):
        self.project, self.out = project, out
        self._jobs: dict[int, Job] = {}
        self._numbers = itertools.count(1)
        self._lock = threading.Lock()  # the jobs' table
        self._folders: dict[tuple, threading.Lock] = {}  # one build at a time into each kit's folder
        self._changed = threading.Condition()
        self._pages = threading.Lock()  # one job at a time writes the kit page

    def start(self, wanted: Order) -> Job:
        """The job that builds `wanted`: the one under way for the very same order, else a new one."""
        with self._lock:
            for job in self._jobs.values():
                if job.order == wanted and not job.done:
                    return job
            job = Job(next(self._numbers), wanted)
            self._jobs[job.number] = job
            folder = self._folders.setdefault(wanted.folder, threading.Lock())
        threading.Thread(target=self._run, args=(job, folder), name=f"kitpress-job-{job.number}", daemon=True).start()
        return job

    def get(self, number: int) -> Job | None:
        return self._jobs.get(number)

    def wait(self, job: Job, seen: int, timeout: float) -> tuple[list[str], bool]:
        """The lines after the first `seen`, once there are any or the job is done (or `timeout`)."""
        with self._changed:
            self._changed.wait_for(lambda: len(job.lines) > seen or job.done, timeout)
            return job.lines[seen:], job.done

    def _say(self, job: Job, line: str) -> None:
        with self._changed:
            job.lines.append(line)
            self._changed.notify_all()

    def _kit_page(self, job: Job, root: Path) -> None:
        """The kit page beside the kits, as `kitpress build` writes it: the teacher finds every
        kit built here, offline, with its instructions. A page that cannot be written leaves the
        kit whole, and is said."""
        from kitpress.site.kitpage import write_index

        try:
            with self._pages:
                self._say(job, f"Kit page: {write_index(root)}")
        except KitpressError as exc:
            self._say(job, f"the kit is built; only the kit page (index.html) was not written: {exc.problems[0].message}")
        except OSError as exc:  # index.html a folder, the disk full
            self._say(job, f"the kit is built; only the kit page (index.html) was not written: {exc.strerror or exc}")

    def _run(self, job: Job, folder: threading.Lock) -> None:
        start = time.perf_counter()
        with folder:
            try:
                options = job.order.options(self.out)
                built = build_game(self.project, job.order.game, options, progress=lambda line: self._say(job, line))
                job.folder = built.folder
                self._kit_page(job, Path(options.out or self.project.build_root))
            except KitpressError as exc:
                job.problems = list(exc.problems)
            except OSError as exc:  # the disk full, say: said like a build says it
                job.problems = [Problem("error", f"cannot write the kit: {exc.strerror or exc}", Loc(str(self.out or "build")))]
        job.seconds = time.perf_counter() - start
        with self._changed:
            job.done = True
            self._changed.notify_all()

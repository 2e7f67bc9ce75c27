"""Rendering on every core, in batches: each component's PDF is drawn by a worker process, and a
big deck in batches of sheets, each kept under its fingerprint and joined into one file
(render/kitfiles).

Why batches: a one-card edit redraws one batch of sheets, not the whole deck, and a deck of
600 cards is drawn by both cores. The price is one copy of each font subset per batch."""

from __future__ import annotations

import hashlib
import multiprocessing
import os
import sys
from concurrent.futures import ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from kitpress.errors import KitpressError, Problem, Problems
from kitpress.render import facecache
from kitpress.typeset import fit, styles

SHEETS_PER_BATCH = 24
CACHE = ".batches"  # in a kit's folder: the batches of its big decks, by fingerprint


@dataclass(frozen=True)
class Task:
    """One PDF to draw: `draw(path)` returns its page count; `cost` orders the work."""

    path: Path
    draw: Callable[[Path], int]
    cost: int
    thumbnail: Path | None = None  # where the kit page's picture of its page 1 goes


# a kit built beside others (cli/side_by_side) draws its tasks itself: the other kits keep the
# cores busy, and a forked worker would start from a copy of this process's caches (word widths,
# parsed paragraphs, font subsets, the faces of the papers before) and lose what it learned.
# Measured on `make kit` (two cores, four paired runs): 0.79x of the time, a fifth less CPU.
_IN_PROCESS = False


def draw_in_process() -> None:
    """From now on this process draws its tasks itself, with no worker."""
    global _IN_PROCESS
    _IN_PROCESS = True


def workers() -> int:
    """Processes to draw with: every core this process may use, or KITPRESS_JOBS; one in a kit
    built beside others."""
    if _IN_PROCESS:
        return 1
    wanted = os.environ.get("KITPRESS_JOBS", "")
    if wanted.isdigit() and int(wanted) > 0:
        return int(wanted)
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


_TASKS: list[Task] = []  # what forked workers draw (inherited, never pickled: scenes are big)


def _draw(index: int) -> tuple[int, list[Problem]]:
    """Draw one task, collecting what does not fit instead of stopping at the first problem."""
    task = _TASKS[index]
    with fit.collecting(Problems()) as problems:
        try:
            pages = task.draw(task.path)
        except KitpressError as exc:
            problems.items.extend(exc.problems)
            pages = 0
    return pages, problems.items


def _worker_starts() -> None:
    """A forked worker writes the faces it drew for later builds when it ends (render/facecache)."""
    facecache.store().until_exit()


def thumbnail(pdf: Path, target: Path) -> None:
    """A file's picture for the kit page, drawn by the main process while the workers draw
    the rest (each worker would import pdfium for it: 12 ms); the kit page would draw it after
    the build, alone. One that fails here is drawn by the kit page, which reports why."""
    from kitpress.build.thumbs import draw_thumbnail

    try:
        draw_thumbnail(pdf, target, hashlib.sha256(pdf.read_bytes()).hexdigest())
    except Exception:  # noqa: BLE001 - see above: never a reason to fail the build here
        target.unlink(missing_ok=True)


def can_fork() -> bool:
    """Workers are forked, so they share the composed scene without copying it; macOS forks
    unsafely once system frameworks are loaded, and Windows cannot: there, one process draws."""
    return sys.platform.startswith("linux") and "fork" in multiprocessing.get_all_start_methods()


class WorkerDied(Exception):
    """A drawing process ended without finishing (killed: by the out-of-memory killer, say)."""

    def __init__(self, unfinished: list[Path]):
        super().__init__(", ".join(p.name for p in unfinished))
        self.unfinished = unfinished


def draw_all(
    tasks: list[Task], meanwhile: Callable[[], None] = lambda: None, done: Callable[[int, object], None] = lambda i, r: None
) -> tuple[list, list[list[Problem]]]:
    """Draw every task, on as many processes as there are cores: what each task's draw
    returned and the problems it found, in task order. The main process does `meanwhile`
    while the workers draw (drawing alone, it does not), then `done(index, what the task's
    draw returned)` as each task is finished. A worker that dies raises WorkerDied at once,
    naming what was left undrawn (a process pool of multiprocessing.Pool would wait for it
    forever)."""
    global _TASKS
    _TASKS = tasks
    drawn: dict[int, tuple] = {}
    try:
        count = min(workers(), len(tasks))
        if count < 2 or not can_fork():  # no worker to wait for: what `meanwhile` readies comes when needed
            for index in range(len(tasks)):
                drawn[index] = _draw(index)
                done(index, drawn[index][0])
        else:
            styles.load_hyphenators()
            facecache.store().create()
            order = sorted(range(len(tasks)), key=lambda i: -tasks[i].cost)  # longest first: cores finish together
            try:  # a worker can die as early as while the tasks are handed out (submit raises then)
                pool = ProcessPoolExecutor(count, mp_context=multiprocessing.get_context("fork"), initializer=_worker_starts)
                finished = False
                try:
                    futures = {pool.submit(_draw, index): index for index in order}
                    meanwhile()
                    for future in as_completed(futures):
                        index = futures[future]
                        drawn[index] = future.result()
                        done(index, drawn[index][0])
                    finished = True
                finally:
                    # every task done: the workers end while this process joins and writes
                    # what they drew (waiting for them was 5 ms of a 600-card build)
                    pool.shutdown(wait=not finished)
            except BrokenProcessPool:
                raise WorkerDied([tasks[i].path for i in order if i not in drawn]) from None
    finally:
        _TASKS = []
    results = [drawn[i] for i in range(len(tasks))]
    return [made for made, _ in results], [found for _, found in results]

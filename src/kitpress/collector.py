"""When Python's cycle collector runs.

A build makes millions of short-lived objects and frees nearly all of them by reference counting
as it goes. The collector's automatic passes, one every 700 new objects, each walk the objects
still alive (the imported modules', the composed scene's, the warm caches'), and most of them
freed nothing: 226 passes cost a 600-card build's main process 60 ms, and passes in a forked
worker touch the parent's objects, which copies the pages the two processes shared
(docs/performance.md, issue 16's eighth round). What a build leaves in cycles is freed when
the process ends, or between two builds of one process. So:

- importing kitpress runs with the collector paused, and what it made is frozen (`importing`):
  imports make objects that live as long as the process;
- a command run once from the shell (`one_command`) freezes what its imports made (no pass
  ever walks them again) and makes no automatic pass: the process ends when its work does, and
  a 600- or 5,000-card build peaks at the same memory. A command that builds several kits in
  one process collects once between them (`between_builds`), so that what one kit left in
  cycles is not kept while the next is built;
- a process that stays (`kitpress watch`, `kitpress serve`) collects as usual
  (`stays_running`), but not while it builds: one pass after a build, once its result is out
  (`after_build`), keeps the collector's walks over the warm caches out of the time a designer
  waits for an edit.
"""

from __future__ import annotations

import gc
from contextlib import contextmanager
from typing import Iterator


@contextmanager
def paused() -> Iterator[None]:
    """No automatic pass inside the block; the collector as it was after it."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


@contextmanager
def importing() -> Iterator[None]:
    """Imports inside the block: made with the collector paused, and frozen after it. Without
    the freeze, the first allocation after the block would start a pass over all of them."""
    with paused():
        yield
        gc.freeze()


def one_command() -> None:
    """This process runs one command and ends: what exists now is never collected, and nothing
    is collected automatically from now on."""
    gc.disable()
    gc.freeze()


def before_exit() -> None:
    """A normal exit follows (atexit handlers, buffers flushed), but without the collector's last
    passes over every object the command made: frozen, they are skipped. Measured in
    docs/performance.md: +10-16 ms over os._exit, where a plain exit adds 100-200 ms."""
    gc.freeze()


def between_builds() -> None:
    """One pass over what the last build left, in a process with no automatic pass; nothing
    where the collector runs by itself."""
    if not gc.isenabled():
        gc.collect()


def after_build() -> None:
    """One pass over what a build left, in a process that stays, once its result is out (the
    build itself ran `paused`)."""
    gc.collect()


def stays_running() -> None:
    """This process stays (it watches, it serves): the collector runs by itself again."""
    gc.enable()

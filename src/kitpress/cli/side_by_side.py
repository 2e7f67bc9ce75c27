"""Several kits built at once, one process each, their output said in order.

A build of one kit keeps both cores busy only while its workers draw; reading, composing,
joining and writing the kit's own files are one process's work. `kitpress build --all` runs
the kits of its games and languages side by side, as many at a time as there are cores
(KITPRESS_JOBS), each in a forked process that writes what it says to a buffer; the buffers are
said in the order the kits were asked for, so the output reads as one build after another.
Each kit draws in its own process, with no worker of its own (build/batches.draw_in_process).
The first kit that fails ends the command once the kits already started are done, as a build
of one kit after another would have stopped there."""

from __future__ import annotations

import io
import multiprocessing
import sys
from collections.abc import Callable
from multiprocessing.connection import wait

import typer

from kitpress import collector
from kitpress.build import batches


class _Said(io.TextIOBase):
    """One of a child's two streams: every write noted, in order, with the stream it went to."""

    def __init__(self, stream: int, said: list):
        self.stream, self.said = stream, said

    def write(self, text: str) -> int:
        self.said.append((self.stream, text))
        return len(text)


def _child(build: Callable[[], None], sender) -> None:
    batches.draw_in_process()  # the other kits keep the other cores busy
    said: list = []
    sys.stdout, sys.stderr = _Said(1, said), _Said(2, said)
    code = 0
    try:
        build()
    except typer.Exit as exc:  # a failed kit: its problems are said already
        code = exc.exit_code
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 1
    except BaseException as exc:  # noqa: BLE001 - said as the parent would have said it, then exit 1
        import traceback

        said.append((2, "".join(traceback.format_exception(exc))))
        code = 1
    finally:
        sender.send((code, said))
        sender.close()


def run(builds: list[Callable[[], None]], costs: list[float] | None = None) -> int:
    """Run every build, as many at once as there are cores, the costliest first (`costs`: a
    guess for each); what each says is said in the order of `builds`. Returns 0, or the exit
    code of the first (in that order) that failed. Once one has failed no other is started."""
    at_once = min(batches.workers(), len(builds))
    if at_once < 2 or not batches.can_fork():
        for number, build in enumerate(builds):
            if number:
                collector.between_builds()
            build()  # a failure ends the command here, as it always did
        return 0
    context = multiprocessing.get_context("fork")
    running: dict = {}  # receiving end -> (the build's place in order, its process)
    finished: dict[int, tuple[int, list]] = {}
    order = sorted(range(len(builds)), key=lambda i: -(costs[i] if costs else 0))  # sorted() keeps ties in order
    started = said = code = 0
    failed = False
    while said < len(builds):
        while started < len(builds) and len(running) < at_once and not failed:
            receiver, sender = context.Pipe(duplex=False)
            process = context.Process(target=_child, args=(builds[order[started]], sender))
            process.start()
            sender.close()
            running[receiver] = (order[started], process)
            started += 1
        if said in finished:  # said in order, each as soon as those before it are
            done, output = finished.pop(said)
            _say(output)
            code, said = code or done, said + 1
            continue
        if not running:
            break
        for receiver in wait(list(running)):  # read at once: a child blocks on a full pipe
            index, process = running.pop(receiver)
            finished[index] = _received(receiver, process)
            failed = failed or finished[index][0] != 0
    return code


def _received(receiver, process) -> tuple[int, list]:
    """A finished child's exit code and what it said."""
    try:
        code, said = receiver.recv()
    except EOFError:  # killed before it could tell (out of memory, say)
        code, said = 1, [(2, "a build process died before it finished (stopped by the system: out of memory?)\n")]
    process.join()
    return code, said


def _say(said: list) -> None:
    for stream, text in said:
        (sys.stdout if stream == 1 else sys.stderr).write(text)
    sys.stdout.flush()
    sys.stderr.flush()

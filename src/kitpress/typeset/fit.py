"""Shrink-to-fit with a floor: the largest text scale at which a frame's blocks fit its box.

Frames are fitted once, where they are drawn; what does not fit is reported to the problems
being collected (`collecting`), with the place to edit."""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Callable, Iterator

from reportlab.platypus import Flowable, Paragraph, Table

from kitpress.content.yamlio import line_in
from kitpress.errors import KitpressError, Loc, Problem, Problems
from kitpress.typeset.markup import Builder, MarkupError
from kitpress.compose.scene import Blame
from kitpress.units import FLOOR_PT, MM

STEPS = 7


@dataclass(frozen=True)
class Fitted:
    scale: float | None  # None: nothing in (floor, 1] fits
    needed: float  # height of the blocks at that scale (at the floor when nothing fits)
    flows: list[Flowable]  # wrapped at `scale` (at 1.0 when nothing fits), ready to draw
    heights: list[float]


def heights(flowables: list[Flowable], width: float) -> tuple[list[float], bool]:
    """Each block's height wrapped in `width`, and whether anything is too wide."""
    out, too_wide = [], False
    for flow in flowables:
        w, h = flow.wrap(width, 1e6)
        out.append(h)
        too_wide = too_wide or w > width + 0.5 or overflows(flow)
    return out, too_wide


def stacked(flowables: list[Flowable], each: list[float]) -> float:
    """Their total height stacked, with the space between them."""
    between = sum(f.getSpaceBefore() for f in flowables[1:]) + sum(f.getSpaceAfter() for f in flowables[:-1])
    return sum(each) + between


def measure(flowables: list[Flowable], width: float) -> tuple[float, bool]:
    """Total height of the blocks stacked in `width`, and whether anything is too wide."""
    each, too_wide = heights(flowables, width)
    return stacked(flowables, each), too_wide


def overflows(flow: Flowable) -> bool:
    """A word wider than its line, or a table cell's text wider than its cell."""
    if isinstance(flow, Paragraph):
        slack = 0.5  # rounding; lines never run long by design (spaceShrinkage=0)
        lines = getattr(getattr(flow, "blPara", None), "lines", [])
        return any(_extra_space(line) < -slack for line in lines)
    if isinstance(flow, Table):
        if getattr(flow, "overfull", False):
            return True
        for row in getattr(flow, "_cellvalues", []):
            for cell in row:
                items = cell if isinstance(cell, (list, tuple)) else [cell]
                if any(isinstance(i, Flowable) and overflows(i) for i in items):
                    return True
    return False


def _extra_space(line) -> float:
    if isinstance(line, tuple):
        return line[0]
    return getattr(line, "extraSpace", 0.0)


def smallest_size(flowables: list[Flowable]) -> float:
    sizes = [f.style.fontSize for f in paragraphs(flowables)]
    return min(sizes) if sizes else FLOOR_PT


def paragraphs(flowables):
    for flow in flowables:
        if isinstance(flow, Paragraph):
            yield flow
        elif isinstance(flow, Table):
            for row in flow._cellvalues:
                for cell in row:
                    yield from paragraphs(cell if isinstance(cell, (list, tuple)) else [cell])


def fit(
    build: Callable[[float], list[Flowable]], width: float, height: float, floor_pt: float = FLOOR_PT, cap: float = 1.0
) -> Fitted:
    """The largest scale in (floor, cap] at which the blocks fit, and the blocks wrapped at it.
    Most frames fit at full size: they are built and wrapped exactly once. `cap`: a fit group's
    scale, below 1 when another frame of the group needed it."""

    def attempt(scale: float) -> tuple[Fitted, bool]:
        flows = build(scale)
        each, wide = heights(flows, width)
        needed = stacked(flows, each)
        return Fitted(scale, needed, flows, each), needed <= height + 0.01 and not wide

    first, ok = attempt(cap)
    if ok:
        return first
    floor = min(cap, floor_pt / smallest_size(first.flows) * cap)
    lowest, ok = attempt(floor)
    if not ok:
        return Fitted(None, lowest.needed, first.flows, first.heights)
    best, high = lowest, cap
    for _ in range(STEPS):
        mid, ok = attempt((best.scale + high) / 2)
        if ok:
            best = mid
        else:
            high = mid.scale
    return best


# -- frames, fitted where they are drawn ------------------------------------------------------
_PROBLEMS: ContextVar[Problems | None] = ContextVar("kitpress_fit_problems", default=None)


@contextmanager
def collecting(problems: Problems) -> Iterator[Problems]:
    """Frames fitted inside this block report what does not fit to `problems` (and drawing goes
    on, so one build finds every problem); outside it, the first problem is raised."""
    token = _PROBLEMS.set(problems)
    try:
        yield problems
    finally:
        _PROBLEMS.reset(token)


def sink() -> Problems | None:
    """Where problems found now are collected, if anywhere."""
    return _PROBLEMS.get()


def report(problem: Problem) -> None:
    """A problem found while drawing: collected (see `collecting`), else raised if an error."""
    sink = _PROBLEMS.get()
    if sink is not None:
        sink.items.append(problem)
    elif problem.level == "error":
        raise KitpressError(problem)


def fit_frame(
    markup: str, builder: Builder, width: float, height: float, floor_pt: float, blame: Blame | None, cap: float = 1.0
) -> Fitted:
    """A frame's blocks at the largest scale (at most `cap`) that fits; what does not fit is reported."""

    def build(scale: float) -> list[Flowable]:
        builder.scale = scale
        return builder.build(markup, width)

    try:
        fitted = fit(build, width, height, floor_pt, cap)
    except MarkupError as exc:
        frame = blame.frame if blame else "?"
        loc = line_in(blame.markup, exc.line) if blame else Loc("?")
        report(Problem("error", f"{exc} (frame '{frame}')", loc))
        return Fitted(None, 0.0, [], [])
    if blame is not None:
        for message, line in builder.warnings:  # attributes it ignores: the same at every scale
            report(Problem("warning", f"{message} (frame '{blame.frame}')", line_in(blame.markup, line)))
    if fitted.scale is not None and fitted.scale < cap - 1e-6 and blame is not None:  # a group's cap: said where it was fitted
        report(_shrunk(fitted, blame))
    if fitted.scale is None and blame is not None:
        source = blame.culprit
        loc = source.loc if source is not None else blame.markup.loc
        field = f", field {source.field}" if source is not None else ""
        if fitted.needed > 20 * height:  # a box a few letters wide: every word broken up, a silly height
            why = f"its box, {width / MM:.1f} × {height / MM:.1f} mm, is far too small for it"
        elif fitted.needed > height:
            why = f"needs {fitted.needed / MM:.1f} mm, has {height / MM:.1f} mm"
        else:
            why = "a word is wider than its line, or text taller than its row"
        b = blame
        message = f"{b.tag}text does not fit: {b.where}, frame '{b.frame}'{field}: {why}, even at the {floor_pt:g} pt floor"
        report(Problem("error", message, loc))
    return fitted


SHRUNK = "text shrunk to"  # how a shrink warning starts (fit groups tell theirs apart by it)


def _shrunk(fitted: Fitted, blame: Blame) -> Problem:
    """A warning that a frame's text was made smaller than its styles say, and by how much
    (a translation much longer than the source text shrinks silently otherwise)."""
    largest = max((f.style.fontSize for f in paragraphs(fitted.flows)), default=0.0)
    sizes = f" ({round(largest / fitted.scale, 1):g} → {largest:.1f} pt)" if largest else ""
    source = blame.culprit
    loc = source.loc if source is not None else blame.markup.loc
    field = f", field {source.field}" if source is not None else ""
    message = (
        f"{blame.tag}{SHRUNK} {round(fitted.scale * 100)} % to fit{sizes}: {blame.where}, frame '{blame.frame}'{field}; "
        "shorten it, or give its frame more room"
    )
    return Problem("warning", message, loc)

"""Shrink-to-fit with a floor: the largest text scale at which a frame's blocks fit its box."""

from __future__ import annotations

from typing import Callable

from reportlab.platypus import Flowable, Paragraph, Table

FLOOR_PT = 7.0  # the smallest body size on a card; below it the build fails
STEPS = 7


def measure(flowables: list[Flowable], width: float) -> tuple[float, bool]:
    """Total height of the blocks stacked in `width`, and whether anything is too wide."""
    height, too_wide = 0.0, False
    for index, flow in enumerate(flowables):
        w, h = flow.wrap(width, 1e6)
        if index:
            height += flow.getSpaceBefore()
        height += h + (flow.getSpaceAfter() if index < len(flowables) - 1 else 0)
        too_wide = too_wide or w > width + 0.5 or overflows(flow)
    return height, too_wide


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
    build: Callable[[float], list[Flowable]], width: float, height: float, floor_pt: float = FLOOR_PT
) -> tuple[float | None, float]:
    """The largest scale in (floor, 1] at which the blocks fit; (None, needed height) if none."""
    first = build(1.0)
    needed, wide = measure(first, width)
    if needed <= height + 0.01 and not wide:
        return 1.0, needed
    floor = min(1.0, floor_pt / smallest_size(first))
    low_needed, low_wide = measure(build(floor), width)
    if low_needed > height + 0.01 or low_wide:
        return None, low_needed
    low, high = floor, 1.0
    for _ in range(STEPS):
        mid = (low + high) / 2
        mid_needed, mid_wide = measure(build(mid), width)
        if mid_needed <= height + 0.01 and not mid_wide:
            low = mid
        else:
            high = mid
    return low, measure(build(low), width)[0]

"""Die nets as pure geometry: face boxes, fold lines, cut outline and glue tabs.

A d6 is the classic cross. Face i of the list given goes where a real die puts the value i+1,
so a numbered die's opposite faces sum to 7 (1–6, 2–5, 3–4). Coordinates: top-left origin, in
the same unit as `edge`.
"""

from __future__ import annotations

from dataclasses import dataclass

# value -> (col, row) in the cross; 2 is the front, 1 above it, 6 below, 5 at the foot,
# 3 and 4 the sides: opposite pairs (1, 6), (2, 5), (3, 4) never share an edge.
D6_CELLS = {1: (1, 0), 3: (0, 1), 2: (1, 1), 4: (2, 1), 6: (1, 2), 5: (1, 3)}
# One tab for each pair of edges that meet when folded: (value, side).
D6_TABS = ((3, "top"), (3, "bottom"), (4, "top"), (4, "bottom"), (5, "left"), (5, "right"), (5, "bottom"))
TAB_DEPTH = 0.3  # of the edge length (about 6 mm on a 20 mm die)


@dataclass(frozen=True)
class Net:
    faces: tuple[tuple[float, float, float, float], ...]  # box of the face for value 1..n
    folds: tuple[tuple[float, float, float, float], ...]  # line segments
    cuts: tuple[tuple[float, float, float, float], ...]
    tabs: tuple[tuple[tuple[float, float], ...], ...]  # polygons
    size: tuple[float, float]


def d6(edge: float, origin: tuple[float, float] = (0.0, 0.0)) -> Net:
    ox, oy = origin
    depth = TAB_DEPTH * edge
    boxes = {v: (ox + c * edge, oy + r * edge, edge, edge) for v, (c, r) in D6_CELLS.items()}
    edges: dict[tuple, list] = {}
    for value, (x, y, w, h) in boxes.items():
        for side, seg in _sides(x, y, w, h).items():
            edges.setdefault(_key(seg), []).append((value, side, seg))
    folds = tuple(group[0][2] for group in edges.values() if len(group) == 2)
    tabbed = set(D6_TABS)
    cuts, tabs = [], []
    for group in edges.values():
        if len(group) != 1:
            continue
        value, side, seg = group[0]
        if (value, side) in tabbed:
            tabs.append(_tab(seg, side, depth))
            folds += (seg,)
        else:
            cuts.append(seg)
    width, height = 3 * edge, 4 * edge + depth  # the foot's tab hangs below
    return Net(tuple(boxes[v] for v in range(1, 7)), folds, tuple(cuts), tuple(tabs), (width, height))


def _sides(x, y, w, h) -> dict[str, tuple[float, float, float, float]]:
    return {
        "top": (x, y, x + w, y),
        "bottom": (x, y + h, x + w, y + h),
        "left": (x, y, x, y + h),
        "right": (x + w, y, x + w, y + h),
    }


def _key(seg) -> tuple:
    x1, y1, x2, y2 = (round(v, 6) for v in seg)
    return tuple(sorted(((x1, y1), (x2, y2))))


def _tab(seg, side: str, depth: float) -> tuple[tuple[float, float], ...]:
    """A trapezoid outside the edge, its ends angled in at 45°."""
    x1, y1, x2, y2 = seg
    dx, dy = {"top": (0, -depth), "bottom": (0, depth), "left": (-depth, 0), "right": (depth, 0)}[side]
    if y1 == y2:  # horizontal edge
        return ((x1, y1), (x1 + depth, y1 + dy), (x2 - depth, y2 + dy), (x2, y2))
    return ((x1, y1), (x1 + dx, y1 + depth), (x2 + dx, y2 - depth), (x2, y2))


TYPES = {"d6": d6}

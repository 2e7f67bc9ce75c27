"""Die nets as pure geometry: face boxes, fold lines, cut outline and glue tabs.

A d6 is the classic cross. Face i of the list given goes where a real die puts the value i+1,
so a numbered die's opposite faces sum to 7 (1–6, 2–5, 3–4). Coordinates: top-left origin, in
the same unit as `edge`.
"""

from __future__ import annotations

import math
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
    outlines: tuple = ()  # each face's polygon, where faces are not squares
    # each square face's sides that are cut free ("left", "top", "right", "bottom", top-left origin): a
    # face may print its bleed past those and no other, so it never runs across a fold or under a tab
    free: tuple[frozenset, ...] = ()


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
    cuts, tabs, free = [], [], {v: set() for v in boxes}
    for group in edges.values():
        if len(group) != 1:
            continue
        value, side, seg = group[0]
        if (value, side) in tabbed:
            tabs.append(_tab(seg, side, depth))
            folds += (seg,)
        else:
            cuts.append(seg)
            free[value].add(side)
    width, height = 3 * edge, 4 * edge + depth  # the foot's tab hangs below
    faces, sides = tuple(boxes[v] for v in range(1, 7)), tuple(frozenset(free[v]) for v in range(1, 7))
    return Net(faces, folds, tuple(cuts), tuple(tabs), (width, height), free=sides)


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


def _pentagon(center, radius, rotation):
    return [
        (
            center[0] + radius * math.cos(rotation + k * 2 * math.pi / 5),
            center[1] + radius * math.sin(rotation + k * 2 * math.pi / 5),
        )
        for k in range(5)
    ]


def _reflect(points, a, b):
    """Reflect points across the line through a and b."""
    (ax, ay), (bx, by) = a, b
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    out = []
    for x, y in points:
        t = ((x - ax) * dx + (y - ay) * dy) / length2
        px, py = ax + t * dx, ay + t * dy
        out.append((2 * px - x, 2 * py - y))
    return out


def d12(edge: float, origin: tuple[float, float] = (0.0, 0.0)) -> Net:
    """The dodecahedron as two five-petal flowers joined by one edge (12 pentagons)."""
    radius = edge / (2 * math.sin(math.pi / 5))
    centre = _pentagon((0.0, 0.0), radius, -math.pi / 2)
    faces = [centre] + [_reflect(centre, centre[k], centre[(k + 1) % 5]) for k in range(5)]
    # the second flower: the first turned half round about the middle of a petal's outer edge
    petal = faces[3]  # made across the centre's edge (2, 3): (4, 0) and (0, 1) are its outer edges
    a, b = petal[0], petal[1]
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    faces += [[(2 * mx - x, 2 * my - y) for x, y in face] for face in faces[:6]]
    xs = [x for f in faces for x, _ in f]
    ys = [y for f in faces for _, y in f]
    dx, dy = origin[0] - min(xs), origin[1] - min(ys) + TAB_DEPTH * edge
    faces = [[(x + dx, y + dy) for x, y in f] for f in faces]
    edges: dict[tuple, list] = {}
    for index, face in enumerate(faces):
        for k in range(5):
            seg = (*face[k], *face[(k + 1) % 5])
            edges.setdefault(_key(seg), []).append((index, seg))
    folds = [group[0][1] for group in edges.values() if len(group) == 2]
    free = _perimeter([group[0][1] for group in edges.values() if len(group) == 1])
    tabs, cuts = [], []
    for index, seg in enumerate(free):
        if index % 2 == 0:  # every other edge of the outline carries a tab
            tabs.append(_outward_tab(seg, faces, TAB_DEPTH * edge))
            folds.append(seg)
        else:
            cuts.append(seg)
    boxes = tuple(_box(f) for f in faces)
    all_x = [p[0] for t in tabs for p in t] + [x for f in faces for x, _ in f]
    all_y = [p[1] for t in tabs for p in t] + [y for f in faces for _, y in f]
    size = (max(all_x) - origin[0], max(all_y) - origin[1])
    return Net(boxes, tuple(folds), tuple(cuts), tuple(tuple(t) for t in tabs), size, tuple(tuple(f) for f in faces))


def _box(points):
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def _perimeter(segments):
    """The outline's edges in order round the net, so tabs can alternate along it."""
    remaining = list(segments)
    ordered = [remaining.pop(0)]
    while remaining:
        end = ordered[-1][2:]
        for i, seg in enumerate(remaining):
            if math.dist(seg[:2], end) < 1e-6:
                ordered.append(remaining.pop(i))
                break
            if math.dist(seg[2:], end) < 1e-6:
                ordered.append((*seg[2:], *seg[:2]))
                remaining.pop(i)
                break
        else:
            break
    return ordered


def _outward_tab(seg, faces, depth):
    """A trapezoid on the side of the edge away from its face, its ends angled in just enough
    to stay out of the narrow notch between two faces that meet at a corner."""
    x1, y1, x2, y2 = seg
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    length = math.dist((x1, y1), (x2, y2))
    nx, ny = -(y2 - y1) / length, (x2 - x1) / length
    owner = next(f for f in faces if _has(f, (x1, y1)) and _has(f, (x2, y2)))
    cx, cy = sum(p[0] for p in owner) / 5, sum(p[1] for p in owner) / 5
    if (cx - mx) * nx + (cy - my) * ny > 0:
        nx, ny = -nx, -ny
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    insets = []
    for end in ((x1, y1), (x2, y2)):
        free = 360 - 108 * sum(_has(f, end) for f in faces)  # the open angle at this corner
        slope = math.radians(max(min(free - 8, 50), 10))
        insets.append(depth / math.tan(slope))
    if insets[0] + insets[1] > 0.8 * length:  # keep a useful glue surface
        scale = 0.8 * length / (insets[0] + insets[1])
        depth, insets = depth * scale, [i * scale for i in insets]
    return (
        (x1, y1),
        (x1 + nx * depth + ux * insets[0], y1 + ny * depth + uy * insets[0]),
        (x2 + nx * depth - ux * insets[1], y2 + ny * depth - uy * insets[1]),
        (x2, y2),
    )


def _has(face, point) -> bool:
    return any(math.dist(p, point) < 1e-6 for p in face)


TYPES = {"d6": d6, "d12": d12}

"""Track geometry: where the n-th space of a track sits on a board, and which way it faces, as
pure data.

`serpentine` runs along rows, turning at each end (84 squares = 12 × 7); `loop` runs round the edge
of a grid, clockwise or not, from any corner (a closed track, as on a square board). A loop may have
bigger corner spaces (`corner`): its ring is then `corner` deep on every side and the spaces between
the corners share what is left of each edge. Boxes are (x, y, w, h) in points, top-left origin.
"""

from __future__ import annotations

from dataclasses import dataclass

from kitpress.units import MM, to_mm

PATHS = ("serpentine", "loop")
CORNERS = ("top-left", "top-right", "bottom-right", "bottom-left")
DIRECTIONS = ("clockwise", "counterclockwise")
FACINGS = ("up", "edge")
DEFAULT_START = {"serpentine": "bottom-left", "loop": "top-left"}
MIN_SPACE = 5 * MM  # a space between bigger corners narrower than this holds nothing
# how far a space's face is turned (counterclockwise, like a frame's `rotate`) so that its bottom
# lies along the board's edge: read from that side of the table
TURN_TO_EDGE = {"bottom": 0, "right": 90, "top": 180, "left": 270}


@dataclass(frozen=True, slots=True)
class Space:
    box: tuple[float, float, float, float]  # where the space sits on the board, turned as it is
    side: str | None  # the edge of a loop it lies on (top, right, bottom, left); None on a serpentine
    corner: bool  # a loop's corner space (it belongs to the top or bottom row)
    turn: int = 0  # degrees its face is turned, counterclockwise: 0, 90, 180 or 270


def spaces(
    path: str,
    cols: int,
    rows: int,
    area: tuple[float, float, float, float],
    gap: float,
    start: str | None = None,
    direction: str = "clockwise",
    corner: float | None = None,
    facing: str = "up",
) -> list[Space]:
    """Every space of the track, in the order the track runs. The words are the caller's to check
    (layout/specs does, at their places); ValueError says what is wrong with the geometry."""
    start = start or DEFAULT_START[path]
    if path == "serpentine":
        return _serpentine(cols, rows, area, gap, start)
    if cols < 2 or rows < 2:
        raise ValueError(f"a loop needs at least 2 columns and 2 rows, not {cols} × {rows}")
    return _loop(cols, rows, area, gap, start, direction, corner, facing)


def seams(cols: int, rows: int, area: tuple[float, float, float, float], gap: float, corner: float | None = None) -> tuple[list[float], list[float]]:
    """The middle of every gap between spaces: where a board can be cut without cutting text."""
    xs, ys = _edges(area[0], area[2], cols, gap, corner), _edges(area[1], area[3], rows, gap, corner)
    return [start - gap / 2 for start, _ in xs[1:]], [start - gap / 2 for start, _ in ys[1:]]


def _edges(origin: float, length: float, n: int, gap: float, corner: float | None) -> list[tuple[float, float]]:
    """Where each of n spaces along one side starts, and how long it is: equal, or with the
    first and last `corner` long and the rest sharing what is left. Lengths are points; problems
    say millimetres."""
    if corner is None:
        size = (length - gap * (n - 1)) / n
        return [(origin + i * (size + gap), size) for i in range(n)]
    if n == 2:  # nothing but the corners
        return [(origin, corner), (origin + length - corner, corner)]
    inner = (length - 2 * corner - gap * (n - 1)) / (n - 2)
    if inner < MIN_SPACE:
        each = f"each {max(to_mm(inner), 0):.1f} mm; at least {to_mm(MIN_SPACE):g} mm: smaller corners or fewer spaces"
        raise ValueError(f"corners of {to_mm(corner):g} mm leave no room for {n - 2} spaces between them on a side of {to_mm(length):g} mm ({each})")
    between = [(origin + corner + gap + i * (inner + gap), inner) for i in range(n - 2)]
    return [(origin, corner)] + between + [(origin + length - corner, corner)]


def _serpentine(cols: int, rows: int, area, gap: float, start: str) -> list[Space]:
    xs, ys = _edges(area[0], area[2], cols, gap, None), _edges(area[1], area[3], rows, gap, None)
    row_order = range(rows - 1, -1, -1) if start.startswith("bottom") else range(rows)
    forward = list(range(cols)) if start.endswith("left") else list(range(cols - 1, -1, -1))
    order = []
    for i, row in enumerate(row_order):
        order += [(col, row) for col in (forward if i % 2 == 0 else forward[::-1])]
    return [Space((xs[c][0], ys[r][0], xs[c][1], ys[r][1]), None, False) for c, r in order]


def _loop(cols: int, rows: int, area, gap: float, start: str, direction: str, corner: float | None, facing: str) -> list[Space]:
    x0, y0, w, h = area
    if corner is not None and 2 * corner > min(w, h):
        raise ValueError(f"corners of {to_mm(corner):g} mm do not fit twice in the track's {to_mm(min(w, h)):g} mm")
    xs, ys = _edges(x0, w, cols, gap, corner), _edges(y0, h, rows, gap, corner)
    # the ring clockwise from the top-left corner: the top and bottom rows hold the corners
    ring = [(c, 0, "top") for c in range(cols)] + [(cols - 1, r, "right") for r in range(1, rows - 1)]
    ring += [(c, rows - 1, "bottom") for c in range(cols - 1, -1, -1)] + [(0, r, "left") for r in range(rows - 2, 0, -1)]
    corners = {"top-left": 0, "top-right": cols - 1, "bottom-right": cols + rows - 2, "bottom-left": 2 * cols + rows - 3}
    first = corners[start]
    ring = ring[first:] + ring[:first]
    if direction == "counterclockwise":
        ring = ring[:1] + ring[:0:-1]
    placed = []
    for col, row, side in ring:
        (x, bw), (y, bh) = xs[col], ys[row]
        if corner is not None and side in ("left", "right"):  # the ring is `corner` deep on every side
            x, bw = (x0, corner) if side == "left" else (x0 + w - corner, corner)
        elif corner is not None:
            y, bh = (y0, corner) if side == "top" else (y0 + h - corner, corner)
        turn = TURN_TO_EDGE[side] if facing == "edge" else 0
        placed.append(Space((x, y, bw, bh), side, col in (0, cols - 1) and row in (0, rows - 1), turn))
    return placed

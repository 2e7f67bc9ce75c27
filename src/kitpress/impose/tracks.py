"""Track geometry: where the n-th space of a track sits on a board, as pure data.

`serpentine` runs along rows, turning at each end (84 squares = 12 × 7); `loop` runs clockwise
round the edge of a grid (a closed track). Boxes are (x, y, w, h), top-left origin.
"""

from __future__ import annotations

PATHS = ("serpentine", "loop")


def cell_boxes(
    path: str, cols: int, rows: int, area: tuple[float, float, float, float], gap: float, start: str = "bottom-left"
) -> list[tuple[float, float, float, float]]:
    """The boxes of every space of the track, in track order."""
    x0, y0, w, h = area
    cw, ch = (w - gap * (cols - 1)) / cols, (h - gap * (rows - 1)) / rows

    def box(col: int, row: int) -> tuple[float, float, float, float]:
        return (x0 + col * (cw + gap), y0 + row * (ch + gap), cw, ch)

    if path == "serpentine":
        order = []
        for i in range(rows):
            row = rows - 1 - i if start == "bottom-left" else i
            cols_in_order = range(cols) if i % 2 == 0 else range(cols - 1, -1, -1)
            order += [(col, row) for col in cols_in_order]
        return [box(c, r) for c, r in order]
    if path == "loop":
        ring = [(c, 0) for c in range(cols)] + [(cols - 1, r) for r in range(1, rows)]
        ring += [(c, rows - 1) for c in range(cols - 2, -1, -1)] + [(0, r) for r in range(rows - 2, 0, -1)]
        return [box(c, r) for c, r in ring]
    raise ValueError(f"unknown track path '{path}' (use {' or '.join(PATHS)})")


def seams(cols: int, rows: int, area: tuple[float, float, float, float], gap: float) -> tuple[list[float], list[float]]:
    """The middle of every gap between spaces: where a board can be cut without cutting text."""
    x0, y0, w, h = area
    cw, ch = (w - gap * (cols - 1)) / cols, (h - gap * (rows - 1)) / rows
    xs = [x0 + c * (cw + gap) - gap / 2 for c in range(1, cols)]
    ys = [y0 + r * (ch + gap) - gap / 2 for r in range(1, rows)]
    return xs, ys

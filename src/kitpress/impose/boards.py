"""Boards on the paper as pure geometry: a board whole where the paper holds it, scaled to one
sheet, or cut into full-size pieces that overlap by a glue strip.

All values in points; origin at the paper's lower-left corner (PDF convention).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from kitpress.impose.geometry import SAFE_EDGE
from kitpress.units import MM

BOARD_OVERLAP = 10 * MM  # tiled pieces overlap by this much: the glue strip
TILE_BLEED = 3 * MM  # a tiled piece prints this much of the board past the edges of it that show


@dataclass(frozen=True)
class Tile:
    page: tuple[float, float]  # paper size in this orientation
    window: tuple[float, float, float, float]  # where the piece prints on the page: x, y, w, h
    source: tuple[float, float]  # board coordinates (lower-left) shown at the window's lower-left
    col: int
    row: int
    cols: int
    rows: int
    reach: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)  # how far past the window it prints: left, bottom, right, top

    @property
    def label(self) -> str:
        return f"{chr(65 + self.row)}{self.col + 1}"

    @property
    def printed(self) -> tuple[float, float, float, float]:
        """The box the piece prints in (llx, lly, urx, ury): its window, and the bleed beyond it."""
        (wx, wy, ww, wh), (left, bottom, right, top) = self.window, self.reach
        return (wx - left, wy - bottom, wx + ww + right, wy + wh + top)


def tiles(
    board: tuple[float, float],
    paper: tuple[float, float],
    overlap: float = 10 * MM,
    edge: float = SAFE_EDGE,
    label_room: float = 9 * MM,
    seams: tuple = ((), ()),
    bleed: float = 0.0,
) -> list[Tile]:
    """Cut a board larger than the paper into full-size pieces that overlap by `overlap`.

    Both orientations of the paper are tried; the one needing fewer sheets wins. Where the
    board says where it may be cut (`seams`: x from the left, y from the top, such as the gaps
    between a track's squares), each visible join is moved onto the nearest of them.

    Each piece is cut on its window. A piece is glued over the grey strip of the piece to its
    left and of the one above, so its left and top edges (inside the board) are the cuts that
    show on the assembled board: there it prints TILE_BLEED more of the board, so a cut a little
    outside the line shows the board, not white. Its right and bottom edges go under a neighbour
    and need none; the board's own edges print its layout's `bleed`. All of it within `edge`.
    """
    best = None
    for page in (paper, (paper[1], paper[0])):
        avail_w = page[0] - 2 * edge
        avail_h = page[1] - 2 * edge - label_room
        cols = max(1, math.ceil((board[0] - overlap) / (avail_w - overlap)))
        rows = max(1, math.ceil((board[1] - overlap) / (avail_h - overlap)))
        if best is None or cols * rows < best[0]:
            best = (cols * rows, page, cols, rows, avail_w, avail_h)
    _, page, cols, rows, avail_w, avail_h = best
    xs = spans(board[0], cols, avail_w, overlap, seams[0])
    ys = spans(board[1], rows, avail_h, overlap, seams[1])  # from the top
    out = []
    for row, (top, piece_h) in enumerate(ys):
        for col, (sx, piece_w) in enumerate(xs):
            wx = (page[0] - piece_w) / 2
            wy = (page[1] - label_room - piece_h) / 2 + label_room
            sy = board[1] - top - piece_h  # PDF y of the piece's lower edge on the board
            wanted = (
                TILE_BLEED if col > 0 else bleed,
                bleed if row == rows - 1 else 0.0,
                bleed if col == cols - 1 else 0.0,
                TILE_BLEED if row > 0 else bleed,
            )
            room = (wx - edge, wy - edge - label_room, page[0] - edge - wx - piece_w, page[1] - edge - wy - piece_h)
            reach = tuple(max(0.0, min(w, r)) for w, r in zip(wanted, room))
            out.append(Tile(page, (wx, wy, piece_w, piece_h), (sx, sy), col, row, cols, rows, reach))
    return out


def spans(length: float, count: int, avail: float, overlap: float, seams=()) -> list[tuple[float, float]]:
    """(start, size) of `count` pieces covering `length`, each overlapping the next by `overlap`,
    no piece larger than `avail`; each join snapped to the nearest seam where one fits."""
    step = (length - overlap) / count
    starts = [0.0]
    for k in range(1, count):
        ideal = k * step
        fits = [
            x
            for x in seams
            if starts[-1] < x
            and x + overlap - starts[-1] <= avail
            and length - x <= avail * (count - k) - overlap * (count - k - 1)
        ]
        starts.append(min(fits, key=lambda x: abs(x - ideal)) if fits else ideal)
    ends = [s + overlap for s in starts[1:]] + [length]
    if any(e - s > avail + 1e-6 for s, e in zip(starts, ends)):
        starts = [k * step for k in range(count)]  # no seams that fit: equal pieces
        ends = [s + overlap for s in starts[1:]] + [length]
    return [(s, e - s) for s, e in zip(starts, ends)]


def fit_scale(
    board: tuple[float, float], paper: tuple[float, float], edge: float = SAFE_EDGE, label_room: float = 6 * MM
) -> tuple[tuple[float, float], float]:
    """The paper orientation and scale that print the whole board on one sheet."""
    options = []
    for page in (paper, (paper[1], paper[0])):
        scale = min((page[0] - 2 * edge) / board[0], (page[1] - 2 * edge - label_room) / board[1])
        options.append((scale, page))
    scale, page = max(options)
    return page, min(scale, 1.0)




@dataclass(frozen=True)
class BoardPage:
    """One page of a board: the whole board at full size (`whole`), the whole board scaled to
    the paper (`fitted`), or one full-size piece of it (`tile`)."""

    how: str
    page: tuple[float, float]  # the paper, in the orientation this page prints it
    at: tuple[float, float] = (0.0, 0.0)  # whole, fitted: the board's lower-left on the page
    scale: float = 1.0
    tile: Tile | None = None


def board_pages(
    board: tuple[float, float],
    paper: tuple[float, float],
    mode: str,
    edge: float = SAFE_EDGE,
    seams: tuple = ((), ()),
    bleed: float = 0.0,
) -> list[BoardPage]:
    """The pages one board prints on: whole where the paper holds it (turned if need be), else
    scaled to one sheet (`mode` fit) or cut into overlapping full-size pieces (`mode` tile).
    `bleed`: the board layout's own, printed past its outer edges."""
    for page in (paper, (paper[1], paper[0])):
        if board[0] <= page[0] + 0.01 and board[1] <= page[1] + 0.01:
            return [BoardPage("whole", page, ((page[0] - board[0]) / 2, (page[1] - board[1]) / 2))]
    if mode == "fit":
        page, scale = fit_scale(board, paper, edge)
        at = ((page[0] - board[0] * scale) / 2, (page[1] - board[1] * scale) / 2 + 3 * MM)
        return [BoardPage("fitted", page, at, scale)]
    pieces = tiles(board, paper, BOARD_OVERLAP, edge, seams=seams, bleed=bleed)
    return [BoardPage("tile", tile.page, tile=tile) for tile in pieces]

"""Imposition as pure geometry: card grids with crop marks and mirrored backs, board tiles.

All values in points; origin at the paper's lower-left corner (PDF convention).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from kitpress.units import MM

SAFE_EDGE = 6.35 * MM  # home printers cannot print closer to the edge than this
MARK_LENGTH = 5 * MM
MARK_MIN = 3 * MM
FLIPS = ("long", "short")  # the edge a duplex printer turns a portrait sheet on


def behind(point: tuple[float, float], paper: tuple[float, float], flip: str = "long") -> tuple[float, float]:
    """Where on the back page a point lies that sits behind `point` of the front page, for a
    sheet turned on its long edge (x mirrors) or on its short edge (y mirrors)."""
    (x, y), (w, h) = point, paper
    return (w - x, y) if flip == "long" else (x, h - y)


def back_shift(correction: tuple[float, float], flip: str = "long") -> tuple[float, float]:
    """A correction of the backs as seen from the front, through the sheet (+ right, + up),
    as a move in the back page's own coordinates, which the flip mirrors along one axis."""
    dx, dy = correction
    return (-dx, dy) if flip == "long" else (dx, -dy)


@dataclass(frozen=True)
class Slot:
    x: float  # trim lower-left
    y: float
    col: int
    row: int


@dataclass(frozen=True)
class CardGrid:
    paper: tuple[float, float]
    card: tuple[float, float]
    bleed: float
    cols: int
    rows: int
    slots: tuple[Slot, ...]  # reading order: top row first, left to right
    mark_length: float
    gutter: float = 0.0

    def clip_box(self, slot: Slot) -> tuple[float, float, float, float]:
        """What of a card may print: its trim, plus its bleed where no neighbour is in the way."""
        half = min(self.bleed, self.gutter / 2)
        left = self.bleed if slot.col == 0 else half
        right = self.bleed if slot.col == self.cols - 1 else half
        top = self.bleed if slot.row == 0 else half
        bottom = self.bleed if slot.row == self.rows - 1 else half
        return (slot.x - left, slot.y - bottom, slot.x + self.card[0] + right, slot.y + self.card[1] + top)

    @property
    def per_sheet(self) -> int:
        return self.cols * self.rows

    def back_slots(self, flip: str = "long") -> tuple[Slot, ...]:
        """Where the back of each front slot goes when the sheet is turned over (the grid is
        centred, so the slot behind a slot is a slot; see `behind`)."""
        by_pos = {(s.col, s.row): s for s in self.slots}
        if flip == "short":
            return tuple(by_pos[(s.col, self.rows - 1 - s.row)] for s in self.slots)
        return tuple(by_pos[(self.cols - 1 - s.col, s.row)] for s in self.slots)

    def marks(self) -> list[tuple[float, float, float, float]]:
        """Crop marks as line segments, outside every card's bleed."""
        # butted cards share their edges: one mark each (rounded: sums differ in the last digits)
        xs = sorted({round(s.x, 3) for s in self.slots} | {round(s.x + self.card[0], 3) for s in self.slots})
        ys = sorted({round(s.y, 3) for s in self.slots} | {round(s.y + self.card[1], 3) for s in self.slots})
        left, right = xs[0] - self.bleed, xs[-1] + self.bleed
        bottom, top = ys[0] - self.bleed, ys[-1] + self.bleed
        gap, length = 1 * MM, self.mark_length
        out = []
        for x in xs:
            out.append((x, top + gap, x, top + gap + length))
            out.append((x, bottom - gap, x, bottom - gap - length))
        for y in ys:
            out.append((left - gap, y, left - gap - length, y))
            out.append((right + gap, y, right + gap + length, y))
        return out


def card_grid(
    paper: tuple[float, float],
    card: tuple[float, float],
    bleed: float,
    edge: float = SAFE_EDGE,
    gutter: float | None = None,
    across: tuple[int, int] | None = None,
) -> CardGrid:
    """As many cards as fit, centred, with room for crop marks inside the printable area.

    `gutter` is the space between neighbouring cards: by default twice the bleed, so every card
    keeps its bleed all round; 0 butts the cards together (more to a sheet; the bleed is then
    kept only on the outer edges and each card is cut on its neighbour's line). `across`: a
    sheet template's columns and rows, used instead of as many as fit (ValueError if they do not).
    """
    pw, ph = paper
    cw, ch = card
    gutter = 2 * bleed if gutter is None else gutter
    best = None
    for length in (MARK_LENGTH, 4 * MM, MARK_MIN):
        reserve = edge + 1 * MM + length
        cols = int((pw - 2 * reserve - 2 * bleed + gutter) // (cw + gutter))
        rows = int((ph - 2 * reserve - 2 * bleed + gutter) // (ch + gutter))
        if cols >= 1 and rows >= 1 and (best is None or cols * rows > best[0] * best[1]):
            best = (cols, rows, length)
    if best is None:
        raise ValueError(f"a {cw / MM:.1f}×{ch / MM:.1f} mm card does not fit on this paper with its marks")
    cols, rows, length = best
    if across is not None:
        if across[0] > cols or across[1] > rows:
            raise ValueError(f"{across[0]} × {across[1]} {cw / MM:.1f}×{ch / MM:.1f} mm cards do not fit on this paper with their marks")
        cols, rows = across
    block_w, block_h = cols * cw + (cols - 1) * gutter, rows * ch + (rows - 1) * gutter
    x0, y_top = (pw - block_w) / 2, (ph + block_h) / 2
    slots = tuple(Slot(x0 + c * (cw + gutter), y_top - ch - r * (ch + gutter), c, r) for r in range(rows) for c in range(cols))
    return CardGrid(paper, card, bleed, cols, rows, slots, length, gutter)


@dataclass(frozen=True)
class Tile:
    page: tuple[float, float]  # paper size in this orientation
    window: tuple[float, float, float, float]  # where the piece prints on the page: x, y, w, h
    source: tuple[float, float]  # board coordinates (lower-left) shown at the window's lower-left
    col: int
    row: int
    cols: int
    rows: int

    @property
    def label(self) -> str:
        return f"{chr(65 + self.row)}{self.col + 1}"


def tiles(
    board: tuple[float, float],
    paper: tuple[float, float],
    overlap: float = 10 * MM,
    edge: float = SAFE_EDGE,
    label_room: float = 9 * MM,
    seams: tuple = ((), ()),
) -> list[Tile]:
    """Cut a board larger than the paper into full-size pieces that overlap by `overlap`.

    Both orientations of the paper are tried; the one needing fewer sheets wins. Where the
    board says where it may be cut (`seams`: x from the left, y from the top, such as the gaps
    between a track's squares), each visible join is moved onto the nearest of them.
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
            out.append(Tile(page, (wx, wy, piece_w, piece_h), (sx, sy), col, row, cols, rows))
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


BOARD_OVERLAP = 10 * MM  # tiled pieces overlap by this much: the glue strip


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
    board: tuple[float, float], paper: tuple[float, float], mode: str, edge: float = SAFE_EDGE, seams: tuple = ((), ())
) -> list[BoardPage]:
    """The pages one board prints on: whole where the paper holds it (turned if need be), else
    scaled to one sheet (`mode` fit) or cut into overlapping full-size pieces (`mode` tile)."""
    for page in (paper, (paper[1], paper[0])):
        if board[0] <= page[0] + 0.01 and board[1] <= page[1] + 0.01:
            return [BoardPage("whole", page, ((page[0] - board[0]) / 2, (page[1] - board[1]) / 2))]
    if mode == "fit":
        page, scale = fit_scale(board, paper, edge)
        at = ((page[0] - board[0] * scale) / 2, (page[1] - board[1] * scale) / 2 + 3 * MM)
        return [BoardPage("fitted", page, at, scale)]
    return [BoardPage("tile", tile.page, tile=tile) for tile in tiles(board, paper, BOARD_OVERLAP, edge, seams=seams)]


@dataclass(frozen=True)
class Placement:
    """One card on a sheet: its face (whatever the caller's faces are), its trim's lower-left,
    and the box it may print in (None: all of its bleed)."""

    face: object
    x: float
    y: float
    clip: tuple[float, float, float, float] | None = None


@dataclass(frozen=True)
class CardSheet:
    """One page of cards: the fronts of up to a grid of cards, or the backs behind them."""

    side: str  # "front" or "back"
    deck: int  # which deck, and the index of the first of its cards on this sheet
    first: int
    grid: CardGrid
    placements: tuple[Placement, ...]
    shift: tuple[float, float] = (0.0, 0.0)  # backs: the printer's offset, as a move on this page
    cut_lines: tuple[Slot, ...] = ()  # fronts: the slots whose trim gets a thin line for scissors


def card_sheets(
    decks, paper: tuple[float, float], edge: float, flip: str = "long", offset=(0.0, 0.0), only=None
) -> list[CardSheet]:
    """The pages of a set of decks, each sheet of fronts followed by the backs behind it. A deck
    is anything with `fronts` (faces with `size`, `bleed`, `gutter` and `across`), `has_backs` and
    `back_of(index)` (the face behind card `index`, or None); `only`: these sheets, as (deck index, index of its first card), not all of them."""
    grids = [card_grid(paper, d.fronts[0].size, d.fronts[0].bleed, edge, d.fronts[0].gutter, d.fronts[0].across) for d in decks]
    if only is None:
        only = [(d, start) for d, deck in enumerate(decks) for start in range(0, len(deck.fronts), grids[d].per_sheet)]
    out = []
    for d, start in only:
        deck, grid = decks[d], grids[d]
        batch = deck.fronts[start : start + grid.per_sheet]
        used = grid.slots[: len(batch)]
        out.append(CardSheet("front", d, start, grid, tuple(_placed(grid, slot, face) for slot, face in zip(used, batch)), cut_lines=used))
        if deck.has_backs:
            behind = grid.back_slots(flip)[: len(batch)]
            placed = tuple(_placed(grid, slot, deck.back_of(start + i)) for i, slot in enumerate(behind))
            out.append(CardSheet("back", d, start, grid, placed, back_shift(offset, flip)))
    return out


def _placed(grid: CardGrid, slot: Slot, face) -> Placement:
    butted = grid.gutter < 2 * grid.bleed  # neighbours share the bleed: each card keeps to its share
    return Placement(face, slot.x, slot.y, grid.clip_box(slot) if butted else None)

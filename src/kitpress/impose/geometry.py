"""Imposition as pure geometry: card grids with crop marks and mirrored backs (boards: impose.boards).

All values in points; origin at the paper's lower-left corner (PDF convention).
"""

from __future__ import annotations

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

    def clip_box(self, slot: Slot, used: frozenset | None = None) -> tuple[float, float, float, float]:
        """What of a card may print: its trim, plus its bleed where no neighbour is in the way.
        `used`: the (col, row) of the slots printed on this side of the sheet (None: every slot).
        A card beside an empty slot (the last sheet of a deck) is cut on that edge as on any outer
        edge, so it keeps its whole bleed there, not the share a neighbour would leave it."""
        half = min(self.bleed, self.gutter / 2)

        def towards(dc: int, dr: int) -> float:
            col, row = slot.col + dc, slot.row + dr
            taken = 0 <= col < self.cols and 0 <= row < self.rows and (used is None or (col, row) in used)
            return half if taken else self.bleed

        left, right, top, bottom = towards(-1, 0), towards(1, 0), towards(0, -1), towards(0, 1)  # row 0 is the top row
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

    def marks(self, used: tuple[Slot, ...] | None = None) -> list[tuple[float, float, float, float]]:
        """Crop marks as line segments, outside every card's bleed: one at each end of every cut
        line of the `used` slots (None: every slot), so an empty slot of a deck's last sheet gets none."""
        slots = self.slots if used is None else used
        if not slots:
            return []
        # butted cards share their edges: one mark each (rounded: sums differ in the last digits)
        xs = sorted({round(s.x, 3) for s in slots} | {round(s.x + self.card[0], 3) for s in slots})
        ys = sorted({round(s.y, 3) for s in slots} | {round(s.y + self.card[1], 3) for s in slots})
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
    slots: tuple[Slot, ...] = ()  # the slots this page prints in (its crop marks and its trim box are theirs)


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
        taken = _taken(used)
        placed = tuple(_placed(grid, slot, face, taken) for slot, face in zip(used, batch))
        out.append(CardSheet("front", d, start, grid, placed, cut_lines=used, slots=used))
        if deck.has_backs:
            behind = grid.back_slots(flip)[: len(batch)]
            taken = _taken(behind)
            placed = tuple(_placed(grid, slot, deck.back_of(start + i), taken) for i, slot in enumerate(behind))
            out.append(CardSheet("back", d, start, grid, placed, back_shift(offset, flip), slots=behind))
    return out


def _taken(used: tuple[Slot, ...]) -> frozenset:
    """The (col, row) of the slots a page prints in: an empty slot leaves its neighbours all their bleed."""
    return frozenset((s.col, s.row) for s in used)


def _placed(grid: CardGrid, slot: Slot, face, taken: frozenset) -> Placement:
    butted = grid.gutter < 2 * grid.bleed  # neighbours share the bleed: each card keeps to its share
    return Placement(face, slot.x, slot.y, grid.clip_box(slot, taken) if butted else None)

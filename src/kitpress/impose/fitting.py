"""How a deck's cards fit the paper, said for the designer: how many a sheet, how many sheets,
and the nearest smaller card that fits more ("bridge 57.15 × 88.9 mm on Letter: 6 a sheet, 27
sheets; at 56 mm wide: 9 a sheet"), since a card a millimetre too wide can cost a third more card."""

from __future__ import annotations

import math
from dataclasses import dataclass

from kitpress.impose.geometry import card_grid
from kitpress.units import MM

STEP = 0.25 * MM  # how finely a smaller card is looked for
MOST_SMALLER = 0.10  # a card at most this much smaller is worth naming


@dataclass(frozen=True)
class Smaller:
    side: str  # "wide" or "tall"
    size: float  # points: the card's width or height at which more fit
    per_sheet: int


@dataclass(frozen=True)
class DeckFit:
    card: tuple[float, float]
    cols: int
    rows: int
    sheets: int
    smaller: Smaller | None

    @property
    def per_sheet(self) -> int:
        return self.cols * self.rows

    def said(self, name: str, paper: str) -> str:
        size = f"{name + ' ' if name else ''}{_mm(self.card[0])} × {_mm(self.card[1])} mm"
        sheets = f"{self.sheets} sheet{'s' if self.sheets != 1 else ''}"
        text = f"{size} on {paper}: {self.per_sheet} a sheet ({self.cols} × {self.rows}), {sheets}"
        if self.smaller:
            text += f"; at {_mm(self.smaller.size)} mm {self.smaller.side}: {self.smaller.per_sheet} a sheet"
        return text


def deck_fit(paper, card, bleed: float, edge: float, gutter: float | None, cards: int, across=None) -> DeckFit:
    """How `cards` cards of size `card` sit on `paper` (ValueError if not at all); on a sheet
    template (`across`), as many as it says, and no smaller card is named."""
    grid = card_grid(paper, card, bleed, edge, gutter, across)
    sides = () if across else (0, 1)
    gains = [_smaller(paper, card, bleed, edge, gutter, side, grid.cols * grid.rows) for side in sides]
    gains = [gain for gain in gains if gain is not None]
    best = max(gains, key=lambda g: (g.per_sheet, g.size), default=None)
    return DeckFit(card, grid.cols, grid.rows, math.ceil(cards / (grid.cols * grid.rows)), best)


def _smaller(paper, card, bleed, edge, gutter, side: int, per_sheet: int) -> Smaller | None:
    """The largest card, narrower (side 0) or shorter (side 1) by at most MOST_SMALLER, that
    puts more on a sheet."""
    size = card[side]
    tried = size - STEP
    while tried >= size * (1 - MOST_SMALLER):
        shape = (tried, card[1]) if side == 0 else (card[0], tried)
        grid = card_grid(paper, shape, bleed, edge, gutter)
        if grid.cols * grid.rows > per_sheet:
            return Smaller("wide" if side == 0 else "tall", math.floor(tried / MM * 4) / 4 * MM, grid.cols * grid.rows)
        tried -= STEP
    return None


def _mm(points: float) -> str:
    return f"{round(points / MM, 2):g}"

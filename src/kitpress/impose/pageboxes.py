"""The PDF page boxes of every page a kit prints, as values: what is cut, and what prints past it.

ISO 32000-1 (14.11.2) gives a page up to five boxes; kitpress sets three besides the MediaBox
(the paper). A home-printed kit is mostly imposed sheets, several pieces to a page, for which
the standard's "intended dimensions of the finished page" has to be read as follows:

- TrimBox, the cut. On a sheet of cards: the box around the cut lines of the cards printed on
  that page (the outermost crop marks; an empty slot of a deck's last sheet is not cut, so it is
  not in it). On a page that is one piece: the piece's trim — a board printed whole or scaled to
  fit, the window of a tiled board's piece (its dashed cut line) — and the paper itself for
  pages that are not cut at all (documents, record-keeping sheets, the print plan, a die net's
  page: its nets are cut out of it, but the page has no one trim).
- BleedBox, what prints past the cut: the TrimBox grown by the deck's (or board's) bleed —
  a tiled piece by the bleed it prints on each side — and clipped to the MediaBox.
- ArtBox, where it means something apart from the trim: on a card sheet, the cards with their
  bleed and crop marks (the imposed block a shop would place whole, without the margin note);
  on a document page, its type area (inside the margins, header and footer included). On
  board pages the art is the trim, and the box is left out.

Every box is clipped to the MediaBox, as the standard clips them, and TrimBox ⊆ BleedBox ⊆
MediaBox holds on every page (`PageBoxes` refuses anything else). Points, PDF coordinates
(lower-left origin), each box as (llx, lly, urx, ury).
"""

from __future__ import annotations

from dataclasses import dataclass

from kitpress.impose.boards import BoardPage
from kitpress.impose.geometry import CardSheet

Box = tuple[float, float, float, float]
SLACK = 1e-6  # points: the sums that make a box differ from the paper's in their last digits


@dataclass(frozen=True)
class PageBoxes:
    media: Box
    trim: Box
    bleed: Box
    art: Box | None = None

    def __post_init__(self):
        for inner, outer, names in ((self.trim, self.bleed, "trim in bleed"), (self.bleed, self.media, "bleed in media")):
            if not contains(outer, inner):
                raise ValueError(f"page boxes out of order ({names}): {inner} is not inside {outer}")
        if self.art is not None and not contains(self.media, self.art):
            raise ValueError(f"page boxes out of order (art in media): {self.art} is not inside {self.media}")


def contains(outer: Box, inner: Box) -> bool:
    return (
        inner[0] >= outer[0] - SLACK
        and inner[1] >= outer[1] - SLACK
        and inner[2] <= outer[2] + SLACK
        and inner[3] <= outer[3] + SLACK
    )


def whole(page: tuple[float, float], art: Box | None = None) -> PageBoxes:
    """A page that is its own piece and is not cut: the trim and the bleed are the paper."""
    media = (0.0, 0.0, page[0], page[1])
    return PageBoxes(media, media, media, clip(art, media) if art is not None else None)


def document(page: tuple[float, float], margins: tuple[float, float, float, float]) -> PageBoxes:
    """A document's page: not cut; its art is the type area. `margins`: top, right, bottom, left."""
    top, right, bottom, left = margins
    return whole(page, (left, bottom, page[0] - right, page[1] - top))


def card_sheet(sheet: CardSheet, marks: list[tuple[float, float, float, float]]) -> PageBoxes:
    """A page of cards: trimmed round the cards it prints, bled by the deck's bleed. A page of
    backs is trimmed where its backs are drawn, moved by the printer's offset (`sheet.shift`):
    that is where the fronts' cuts fall on it once the printer's own shift is corrected.
    `marks`: the crop marks drawn on the page, as segments (none for round pieces), for its ArtBox."""
    media = (0.0, 0.0, sheet.grid.paper[0], sheet.grid.paper[1])
    if not sheet.placements:
        return whole(sheet.grid.paper)
    (w, h), (dx, dy) = sheet.grid.card, sheet.shift
    trim = union([(p.x + dx, p.y + dy, p.x + dx + w, p.y + dy + h) for p in sheet.placements])
    return _bled(media, trim, sheet.grid.bleed, marks)


def board_page(page: BoardPage, board: tuple[float, float], bleed: float) -> PageBoxes:
    """A page of a board: whole or fitted, the board's trim (scaled as printed) and its bleed; a
    tiled piece, its window and the bleed it prints past each side."""
    media = (0.0, 0.0, page.page[0], page.page[1])
    if page.tile is not None:
        wx, wy, ww, wh = page.tile.window
        return PageBoxes(media, clip((wx, wy, wx + ww, wy + wh), media), clip(page.tile.printed, media))
    (x, y), scale = page.at, page.scale
    trim = (x, y, x + board[0] * scale, y + board[1] * scale)
    return _bled(media, trim, bleed * scale)


def _bled(media: Box, trim: Box, bleed: float, marks: list | None = None) -> PageBoxes:
    """The trim and its bleed, clipped to the paper; with `marks` (a card sheet's), the art too."""
    trim = clip(trim, media)
    bled = clip(grow(trim, bleed), media)
    if marks is None:
        return PageBoxes(media, trim, bled)
    segments = [(min(x1, x2), min(y1, y2), max(x1, x2), max(y1, y2)) for x1, y1, x2, y2 in marks]
    return PageBoxes(media, trim, bled, clip(union([bled, *segments]), media))


def grow(box: Box, by: float) -> Box:
    return (box[0] - by, box[1] - by, box[2] + by, box[3] + by)


def clip(box: Box, within: Box) -> Box:
    """`box` cut to `within` (as a viewer clips every box to the MediaBox)."""
    x0, y0 = min(max(box[0], within[0]), within[2]), min(max(box[1], within[1]), within[3])
    return (x0, y0, max(min(box[2], within[2]), x0), max(min(box[3], within[3]), y0))


def union(boxes: list[Box]) -> Box:
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))

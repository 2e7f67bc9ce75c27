"""What the printer sees: faces with shapes and fitted text frames, and flowing documents.

Coordinates are points from the face's trim top-left (y grows downwards); the renderer
flips y once.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple

from kitpress.errors import Loc
from kitpress.quickclasses import set_by_slots

if TYPE_CHECKING:
    from kitpress.content.yamlio import LocStr
    from kitpress.layout.stylesheet import StyleSheet


@set_by_slots  # made by the thousand: a card's
@dataclass(frozen=True, slots=True)
class Blame:
    """Whom a frame's problems point at: its markup, and the content texts it prints (the longest
    is the likeliest not to fit; the one holding a character no font has is named for it)."""

    tag: str  # "[es] " in a translated build
    where: str  # "roles front", "board sheet 1"
    frame: str
    markup: LocStr
    printed: tuple = ()  # the content strings (LocStr) its markup printed

    @property
    def culprit(self) -> LocStr | None:
        return max(self.printed, key=len, default=None)


@set_by_slots  # made by the thousand: a card's
@dataclass(frozen=True, slots=True)
class Shape:
    kind: str  # rect | line | polygon | ellipse | image
    coords: tuple[float, ...]
    fill: str | None
    stroke: str | None
    width: float
    radius: float
    image: str | None = None  # a checked file path, for kind image
    dash: tuple[float, ...] = ()


@set_by_slots  # made by the thousand: a card's
@dataclass(frozen=True, slots=True)
class TextFrame:
    id: str
    box: tuple[float, float, float, float]  # x, y, w, h
    markup: str
    valign: str
    min_size: float  # the floor (pt) its text may shrink to; fitted by typeset
    pad: float
    fill: str | None
    stroke: str | None
    width: float
    radius: float
    rotate: int
    blame: Blame | None = field(default=None, compare=False, repr=False)  # where its fit problems point
    group: str | None = None  # frames of one fit group (a deck's titles) share one size
    cap: float = 1.0  # the largest scale its text may take: its fit group's, set by typeset


@set_by_slots  # made by the thousand: a card's
@dataclass(frozen=True, slots=True)
class Face:
    key: str  # equal faces share one PDF form
    layout: str
    size: tuple[float, float]
    bleed: float
    shapes: tuple[Shape, ...]
    frames: tuple[TextFrame, ...]
    sheet: StyleSheet
    faces: dict  # faces embedded with <face>, by "layout:item"
    children: tuple = ()  # Placed faces on this one, such as a track's spaces
    seams: tuple = ((), ())  # x and y positions where the face may be cut without cutting text
    cut: str = "rect"  # rect: crop marks and trim lines; circle: a round token, cut on its circle
    overlays: tuple = ()  # shapes drawn over the children: a die net's cut and fold lines
    gutter: float | None = None  # space between cards on a sheet; None: twice the bleed
    across: tuple[int, int] | None = None  # a sheet template's columns and rows; None: as many as fit
    # its digest with its styles and children (render/fingerprints), once taken: a face kept
    # between builds (compose/memo) is fingerprinted in every one
    digest: str = field(default="", init=False, compare=False, repr=False)
    places: str = field(default="", init=False, compare=False, repr=False)  # where its problems point, once taken


class Placed(NamedTuple):
    """A face placed on another: a track's space or a die net's face."""

    face: Face
    x: float  # its box's top-left corner on the face it is placed on, mm
    y: float
    turn: int = 0  # degrees turned counterclockwise about its box's centre; 90 and 270 swap its width and height
    # how far past its trim's left, bottom, right and top it prints (a die net's face: its bleed past
    # its cut sides only); None: its bleed all round
    reach: tuple[float, float, float, float] | None = None


@dataclass(frozen=True, slots=True)
class Document:
    layout: str
    orientation: str
    margins: tuple[float, float, float, float]  # top, right, bottom, left
    columns: int
    gap: float
    header: str
    header_height: float
    footer: str
    footer_height: float
    body: str
    max_pages: int | None
    sheet: StyleSheet
    faces: dict
    loc: Loc = field(compare=False)  # where it was written, not what it prints
    printed: tuple = field(default=(), compare=False)  # content strings it shows, to name the source of a problem
    sources: tuple = field(default=(), compare=False)  # (part, LocStr): header, footer and body as written


@dataclass(frozen=True, slots=True)
class Deck:
    name: str
    fronts: tuple[Face, ...]
    ids: tuple[str, ...]
    back: Face | None  # the deck's one back (None: no back, or one a card: `backs`)
    backs: tuple[Face, ...] = ()  # a back for each card, bound to the card it backs

    @property
    def has_backs(self) -> bool:
        return self.back is not None or len(self.backs) > 0

    def back_of(self, index: int) -> Face | None:
        """The back of card `index`."""
        return self.backs[index] if self.backs else self.back


@dataclass(frozen=True, slots=True)
class Part:
    """One component, composed: what the renderer needs to write its PDF."""

    component: str
    kind: str
    title: str
    decks: tuple[Deck, ...] = ()
    boards: tuple[Face, ...] = ()
    documents: tuple[Document, ...] = ()

    def faces(self):
        """Every face it prints directly: card fronts and backs, board sheets, faces in documents."""
        for deck in self.decks:
            yield from deck.fronts
            if deck.back is not None:
                yield deck.back
            yield from deck.backs
        yield from self.boards
        for doc in self.documents:
            yield from doc.faces.values()


def face_key(layout: str, item: str) -> str:
    """How a face embedded with <face layout=… item=…/> is named in its holder's `faces`."""
    return f"{layout}:{item}"

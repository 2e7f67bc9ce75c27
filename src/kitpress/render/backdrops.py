"""A face's backdrop (its clip to the bleed, and the shapes under its text) drawn once a process:
the faces of one layout mostly share it, and it is written again as the operators it gave.

A deck's cards differ in their text, rarely in their shapes: a card's coloured band and its
paper are the same on every card of its layout, and were drawn again for each, 8 µs a shape
(reportlab's colour, path and number formatting), 4 % of a 5,000-card build. The
operators depend only on the shapes, the face's size and bleed and its style sheet (held, and
compared by identity, as render/frametexts does), never on the card or the document: unless
they name a resource of the document (a picture, a transparency's graphics state), which are
drawn every time."""

from __future__ import annotations

from typing import Callable

from kitpress.compose.scene import Face

MOST_BACKDROPS = 4_096  # kept at once; a process that would keep more starts again

_kept: dict[tuple, tuple] = {}


def draw(c, face: Face, clip: bool, draw_backdrop: Callable[[], None]) -> None:
    """`draw_backdrop()`, or what it wrote the last time the same backdrop was drawn."""
    key = (face.size, face.bleed, clip, face.shapes)
    kept = _kept.get(key)
    if kept is not None and kept[0] is face.sheet:
        c._code.extend(kept[1])
        return
    start = len(c._code)
    draw_backdrop()
    written = c._code[start:]
    if any("/" in operator for operator in written):  # names a resource of this document
        return
    if len(_kept) >= MOST_BACKDROPS:
        _kept.clear()
    _kept[key] = (face.sheet, tuple(written))

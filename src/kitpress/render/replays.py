"""What a process drew, written again as the operators it gave: a frame's text, or a face's
backdrop, met again on another face of the same styles.

Cards repeat small frames: Soviet System's question cards print one kicker 500 times, and 828 of
its 1,813 frames (faces counted once) repeat another; a deck's costs and numbers repeat. Each
was fitted and drawn again, 40-160 µs a frame. A deck's cards also share their backdrop (the clip
to the bleed, the paper and coloured bands under the text): 8 µs a shape, drawn again on every
card. The operators do not depend on the card or the document (render/facecache: the bundled
fonts write the same bytes everywhere); only the problems a drawing reports point at its own
card, so one that reported a problem is never kept.

Kept in memory, by what the caller says the drawing depends on (a frame's value and where it is
drawn on its face; a backdrop's shapes, size and bleed) and the face's style sheet (held, and
compared by identity: a sheet is a game's styles for one build, or for as long as a running
process keeps its layouts). Not kept: a drawing with no key (a frame that embeds a face or marks
an index entry). One that names anything of its document but the stable fonts (a picture, a
transparency's graphics state) is never written again, but drawn each time. That is checked when
a drawing is first met again, not when it is kept: most are never met again (a card's title and
text), and checking each as it was kept was 4 % of drawing a deck."""

from __future__ import annotations

from typing import Callable

from kitpress.render import facecache
from kitpress.typeset import fit, stablefont

MOST_CHARACTERS = 16_000_000  # of operators kept; a process that would keep more starts again

# by (key, id(sheet)): (sheet, operators, fonts used, PDF version needed), or, not checked yet,
# (sheet, operators, None, version, texts written, stable font names); operators None: drawn each time
_kept: dict[tuple, tuple] = {}
_size = 0


def draw(c, key: tuple | None, sheet, draw_it: Callable[[], None]) -> None:
    """`draw_it()`, or what it wrote the last time it was called with the same `key` and `sheet`
    (None: drawn every time)."""
    global _size
    key = (key, id(sheet)) if key is not None else None
    kept = _kept.get(key) if key is not None else None
    if kept is not None and kept[0] is sheet:
        if kept[2] is None and kept[1] is not None:  # met again: checked now, once
            kept = _kept[key] = _checked(kept)
        if kept[1] is not None and facecache.use_fonts(c, kept[2]):
            c._code.extend(kept[1])
            c._doc._pdfVersion = max(c._doc._pdfVersion, kept[3])
            return
        key = None  # names its document's resources: drawn, and not kept again
    problems = fit.sink()
    start, reported = len(c._code), len(problems.items) if problems is not None else 0
    version, c._doc._pdfVersion = c._doc._pdfVersion, (1, 3)  # what this drawing needs (as facecache)
    try:
        with stablefont.recording() as texts:
            draw_it()
    finally:
        needs, c._doc._pdfVersion = c._doc._pdfVersion, max(version, c._doc._pdfVersion)
    if key is None or problems is None or len(problems.items) > reported:
        return
    operators = tuple(c._code[start:])
    size = sum(map(len, operators))
    if _size + size > MOST_CHARACTERS:
        _kept.clear()
        _size = 0
    _kept[key] = (sheet, operators, None, tuple(needs), texts, facecache.stable_names(c, texts))
    _size += size


def _checked(kept: tuple) -> tuple:
    """A kept drawing checked (facecache.kept_form): with the characters each font writes, or,
    if it names anything but the stable fonts, marked to be drawn each time."""
    sheet, operators, _, needs, texts, stable = kept
    form = facecache.kept_form(operators, texts, stable)
    return (sheet, operators if form is not None else None, form[1] if form is not None else None, needs)

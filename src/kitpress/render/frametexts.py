"""A frame's text fitted and drawn once a process: the same text in the same place on faces of
the same styles is written again as the operators it gave.

Cards repeat small frames: Soviet System's question cards print one kicker 500 times, and 828 of
its 1,813 frames (faces counted once) repeat another; a deck's costs and numbers repeat. Each
was fitted and drawn again, 40-160 µs a frame. The operators do not depend on the card or the
document (render/facecache: the bundled fonts write the same bytes everywhere); only the
problems a frame reports point at its own card, so a frame that reported one is never kept.

Kept in memory, by the frame's value (its markup, box, style and fit, not where it was written),
where it is drawn on its face and the face's style sheet (held, and compared by identity: a sheet is a game's
styles for one build, or for as long as a running process keeps its layouts). Not kept: a frame
that embeds a face or marks an index entry, or whose drawing names anything but the stable
fonts."""

from __future__ import annotations

from typing import Callable

from kitpress.compose.scene import Face, TextFrame
from kitpress.render import facecache
from kitpress.typeset import fit, stablefont

MOST_CHARACTERS = 16_000_000  # of operators kept; a process that would keep more starts again

_kept: dict[tuple, tuple] = {}
_size = 0


def draw(c, face: Face, frame: TextFrame, place: tuple[float, float, float, float], draw_text: Callable[[], None]) -> None:
    """`draw_text()`, the frame's text at `place` (x, top, width, height on the face), or what
    it wrote the last time the same text was drawn there."""
    global _size
    key = (frame, place, id(face.sheet)) if "<face" not in frame.markup and "<index" not in frame.markup else None
    kept = _kept.get(key) if key is not None else None
    if kept is not None and kept[0] is face.sheet and facecache.use_fonts(c, kept[2]):
        c._code.extend(kept[1])
        c._doc._pdfVersion = max(c._doc._pdfVersion, kept[3])
        return
    problems = fit.sink()
    start, reported = len(c._code), len(problems.items) if problems is not None else 0
    version, c._doc._pdfVersion = c._doc._pdfVersion, (1, 3)  # what this text needs (as facecache)
    try:
        with stablefont.recording() as texts:
            draw_text()
    finally:
        needs, c._doc._pdfVersion = c._doc._pdfVersion, max(version, c._doc._pdfVersion)
    if key is None or problems is None or len(problems.items) > reported:
        return
    drawn = facecache.recorded(c, start, texts)
    if drawn is None:
        return
    if _size + len(drawn[0]) > MOST_CHARACTERS:
        _kept.clear()
        _size = 0
    _kept[key] = (face.sheet, tuple(c._code[start:]), drawn[1], tuple(needs))  # the operators as written
    _size += len(drawn[0])

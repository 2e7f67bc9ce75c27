"""reportlab paragraphs whose markup is parsed once per text and style, and whose lines are
broken once per width.

reportlab parses a paragraph's markup with an HTML parser every time one is made: a seventh of a
Soviet System build, and more than half of those texts had been parsed before (a deck's kicker,
its icons, each label: 3,145 of 5,483 paragraphs). The fragments the parse gives are kept, by
text, style and bullet, and each paragraph gets copies of its own (reportlab treats them as its
own to break and draw). A table wraps each cell's paragraphs to size its rows and again to draw
them (4,341 of a Soviet System build's 9,917 wraps were at a width the paragraph had just been
broken at): a paragraph keeps its lines for the last width it was broken at."""

from __future__ import annotations

from reportlab.platypus import Paragraph

from kitpress.typeset import direction, fonts

_PARSED: dict = {}
_MOST = 16384  # kept texts; past this the cache starts again (a kit has a few thousand)


class OnceBroken(Paragraph):
    """A Paragraph that breaks its lines again only at another width (its lines depend on the
    width, its style and its fragments; not on the height it is offered). A frame's is measured
    and drawn; a document's is measured for its checks, for keeping a heading with what follows,
    by its frame, and again on each pass of a document with a contents list (Soviet System's
    A4 kit broke 1,010 paragraphs' lines 2,191 times). Whenever it is broken
    again, it is from the parse's fragments, as a new paragraph would be: reportlab replaces them
    by the words it made of them, and those do not always break again into the same text (a
    word's own hyphen at a line's end was lost: styles.para)."""

    def wrap(self, availWidth, availHeight):  # noqa: N803 - reportlab's names
        last = self.__dict__.get("_broken")
        if last is not None and last[1] is self.frags:
            # (a split that pushes the whole paragraph on deletes its lines: broken again then)
            if last[0] == availWidth and "blPara" in self.__dict__:
                return last[2]
            self.frags = last[3]  # broken again from the parse's fragments
        parsed = self.frags
        size = Paragraph.wrap(self, availWidth, availHeight)
        self._broken = (availWidth, self.frags, size, parsed)
        return size

    def split(self, availWidth, availHeight):  # noqa: N803 - reportlab's names
        """reportlab's split; its parts are reportlab's own paragraphs. This one, if it is laid
        out again (a document's next pass), starts again from the parse's fragments."""
        last = self.__dict__.pop("_broken", None)
        self.__class__ = direction.bidi_class(Paragraph, self.base) if isinstance(self, direction.Bidi) else Paragraph
        parts = Paragraph.split(self, availWidth, availHeight)
        if last is not None and not any(part is self for part in parts):
            self.frags = last[3]
            self.__dict__.pop("blPara", None)
            self.__class__ = direction.bidi_class(OnceBroken, self.base) if isinstance(self, direction.Bidi) else OnceBroken
        return parts


def paragraph(text: str, style, bullet=None, once_broken: bool = False, bidi: str | None = None) -> Paragraph:
    """Paragraph(text, style, bulletText=bullet), parsed only the first time; an OnceBroken
    one (a frame's) with `once_broken`; drawn in visual order in a paragraph of direction
    `bidi` ('R', 'L') if it is given (typeset.direction)."""
    kind = OnceBroken if once_broken else Paragraph
    if bidi is not None:
        kind = direction.bidi_class(kind, bidi)
    flow = kind.__new__(kind)
    become(flow, text, style, bullet)
    return flow


def become(flow, text: str, style, bullet=None) -> None:
    """Make `flow` (a new object, or a PlainLine turning into a full paragraph) that paragraph."""
    if not isinstance(bullet, str | None):  # a bullet of fragments: parsed as reportlab does, not kept
        Paragraph.__init__(flow, text, style, bulletText=bullet)
        return
    key = (text, style, bullet)
    known = _PARSED.get(key)
    if known is None:
        Paragraph.__init__(flow, text, style, bulletText=bullet)
        flow.frags = fonts.script_frags(flow.frags, getattr(style, "cjk_family", None))  # Arabic, Hebrew, CJK
        if len(_PARSED) >= _MOST:
            _PARSED.clear()
        _PARSED[key] = (flow.text, flow.style, flow.bulletText, [f.clone() for f in flow.frags])
        return
    cleaned, parsed_style, parsed_bullet, frags = known
    Paragraph.__init__(flow, cleaned, parsed_style, bulletText=parsed_bullet, frags=[f.clone() for f in frags])

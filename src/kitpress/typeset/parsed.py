"""reportlab paragraphs whose markup is parsed once per text and style.

reportlab parses a paragraph's markup with an HTML parser every time one is made: a seventh of a
Soviet System build, and more than half of those texts had been parsed before (a deck's kicker,
its icons, each label: 3,145 of 5,483 paragraphs). The fragments the parse gives are kept, by
text, style and bullet, and each paragraph gets copies of its own (reportlab treats them as its
own to break and draw)."""

from __future__ import annotations

from reportlab.platypus import Paragraph

_PARSED: dict = {}
_MOST = 16384  # kept texts; past this the cache starts again (a kit has a few thousand)


def paragraph(text: str, style, bullet=None) -> Paragraph:
    """Paragraph(text, style, bulletText=bullet), parsed only the first time."""
    flow = Paragraph.__new__(Paragraph)
    become(flow, text, style, bullet)
    return flow


def become(flow, text: str, style, bullet=None) -> None:
    """Make `flow` (a new object, or a PlainLine turning into a full paragraph) that paragraph."""
    key = (text, style, bullet if bullet is None or isinstance(bullet, str) else id(bullet))
    known = _PARSED.get(key) if isinstance(bullet, str | None) else None
    if known is None:
        Paragraph.__init__(flow, text, style, bulletText=bullet)
        if isinstance(bullet, str | None):
            if len(_PARSED) >= _MOST:
                _PARSED.clear()
            _PARSED[key] = (flow.text, flow.style, flow.bulletText, [f.clone() for f in flow.frags])
        return
    cleaned, parsed_style, parsed_bullet, frags = known
    Paragraph.__init__(flow, cleaned, parsed_style, bulletText=parsed_bullet, frags=[f.clone() for f in frags])

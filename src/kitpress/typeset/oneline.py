"""One line of text drawn at a point, as reportlab's drawString, drawCentredString and
drawRightString draw it, in the canvas's font and colour, but in any script: a text the main
family draws, in a left-to-right kit, is drawn by reportlab's own call, byte for byte as it was;
one holding Arabic, Hebrew or CJK letters, or in a right-to-left kit, is set as a paragraph of
one line, each script's letters in their family (Arabic joined) and in visual order
(typeset.direction). For the words kitpress draws itself on the printer check, table numbers
and the ruler: drawString alone drew an Arabic title as nothing at all."""

from __future__ import annotations

from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas

from kitpress.typeset import direction, fonts, parsed

_ANCHORS = {"start": 0.0, "centre": 0.5, "end": 1.0}
_WIDE = 1e5  # room enough that the line is never broken


def draw(c: Canvas, text: str, x: float, y: float, lang: str, anchor: str = "start") -> None:
    """`text` on the baseline at `y`, starting at, centred on or ending at `x`."""
    para = _paragraph(c, text, lang)
    if para is None:
        {"start": c.drawString, "centre": c.drawCentredString, "end": c.drawRightString}[anchor](x, y, text)
        return
    width, size = _measure(para), c._fontsize
    para.wrap(width + 0.01, _WIDE)
    para.drawOn(c, x - _ANCHORS[anchor] * width, y + size - para.height)  # its first baseline: a size below its top


def width(c: Canvas, text: str, lang: str) -> float:
    """How wide `text` is drawn in the canvas's font and size."""
    para = _paragraph(c, text, lang)
    return c.stringWidth(text, c._fontname, c._fontsize) if para is None else _measure(para)


def _measure(para) -> float:
    para.wrap(_WIDE, _WIDE)
    return max(para.getActualLineWidths0() or [0.0])


def _paragraph(c: Canvas, text: str, lang: str):
    """None for text reportlab's own call draws as it must; else that text as a paragraph."""
    rtl = direction.right_to_left(lang)
    if not rtl and set(text) <= fonts.drawable(fonts.MAIN):
        return None
    style = ParagraphStyle(
        "line", fontName=c._fontname, fontSize=c._fontsize, leading=c._fontsize * 1.2, textColor=c._fillColorObj,
        splitLongWords=0, spaceShrinkage=0, wordWrap="RTL" if rtl else None,
    )  # fmt: skip
    cjk = direction.cjk_family(lang)
    escaped = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    markup = fonts.with_fallback(escaped, cjk)
    if cjk is not None:
        style.cjk_family = cjk
    return parsed.paragraph(markup, style, bidi=direction.needs_bidi(markup, style))

"""One line of plain text: what most frames on cards and boards hold (a title, a number, a
label). Measured and drawn exactly as reportlab draws a one-line Paragraph, without parsing
its markup or breaking lines: a third of the cost. Anything more becomes a Paragraph."""

from __future__ import annotations

import re

from reportlab.lib.enums import TA_CENTER, TA_RIGHT
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Paragraph
from reportlab.platypus.paragraph import ParaLines

from kitpress.typeset import parsed

# markup, entities, soft hyphens and break opportunities need reportlab's own parsing
_NOT_PLAIN = re.compile("[<&\u00ad\u200b\u00a0]")


def is_plain(text: str, style) -> bool:
    """Whether `text` (paragraph markup) is plain words in one style that a PlainLine can draw."""
    return (
        not _NOT_PLAIN.search(text)
        and getattr(style, "textTransform", None) in (None, "uppercase")
        and not getattr(style, "autoLeading", "")
        and not style.backColor
        and not style.borderWidth
        and not style.endDots
        and style.wordWrap is None
    )


class PlainLine(Paragraph):
    """A Paragraph of plain words in one style, made without reportlab's markup parser. If the
    words fit on one line it is that line; if not, or if asked to split, it turns into the
    Paragraph it stands for (a frame's, parsed.OnceBroken), so nothing downstream can tell."""

    def __init__(self, text: str, style):
        self.text, self.style, self.bulletText, self.debug = text, style, None, 0
        self.caseSensitive, self.encoding = 1, "utf8"
        self.words = (text.upper() if style.textTransform == "uppercase" else text).split(" ")
        self.words = [word for word in self.words if word]

    def wrap(self, availWidth, availHeight):
        style = self.style
        room = availWidth - style.leftIndent - style.firstLineIndent - style.rightIndent
        # the sums breakLines makes, in its order: the same floats decide "fits"
        space = stringWidth(" ", style.fontName, style.fontSize)
        used = -space
        for word in self.words:
            used += space + stringWidth(word, style.fontName, style.fontSize)
            if used > room:
                return self._paragraph().wrap(availWidth, availHeight)
        lines = [(room - used, self.words)] if self.words else []
        self.blPara = ParaLines(
            kind=0,
            lines=lines,
            fontName=style.fontName,
            fontSize=style.fontSize,
            textColor=style.textColor,
            us_lines=[],
            link=None,
        )
        self._width_max = max(used, 0)
        self._wrapWidths = [room, availWidth - style.leftIndent - style.rightIndent]
        self.width, self.height = availWidth, len(lines) * style.leading
        return self.width, self.height

    def drawOn(self, canvas, x, y, _sW=0):
        """The line as drawPara sets a one-line paragraph (same origin, font, leading and
        offsets), in one saved graphics state instead of two and without its generic setup."""
        if not self.blPara.lines:
            return
        style = self.style
        extra, words = self.blPara.lines[0]
        offset = style.firstLineIndent + {TA_CENTER: 0.5 * extra, TA_RIGHT: extra}.get(style.alignment, 0)
        canvas.saveState()
        canvas.setFillColor(style.textColor)
        text = canvas.beginText(self._hAlignAdjust(x, _sW) + style.leftIndent + offset, y + self.height - style.fontSize)
        text.setFont(style.fontName, style.fontSize, style.leading)
        text.textLine(" ".join(words))
        canvas.drawText(text)
        canvas.restoreState()

    def split(self, availWidth, availHeight):
        return self._paragraph().split(availWidth, availHeight)

    def minWidth(self):
        return self._paragraph().minWidth()

    def getPlainText(self, identify=None):
        return self._paragraph().getPlainText(identify)

    def _paragraph(self) -> Paragraph:
        """Become the full Paragraph: parsed, and broken into lines by reportlab."""
        self.__class__ = parsed.OnceBroken
        parsed.become(self, self.text, self.style)
        return self

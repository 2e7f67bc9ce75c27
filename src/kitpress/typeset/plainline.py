"""Plain text in one style: what most frames on cards and boards hold (a title, a number, a
label, a card's body). Measured, broken into lines and drawn exactly as reportlab does a
Paragraph of the same text, without parsing its markup: reportlab's HTML parser and its line
breaker's width sums were a third of drawing a deck of cards. Anything else becomes a
Paragraph."""

from __future__ import annotations

import re

from reportlab.lib.colors import Color
from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase.pdfmetrics import getAscentDescent, getFont, stringWidth
from reportlab.platypus import Paragraph
from reportlab.platypus.paragraph import ParaLines, _SplitWord, _SplitWordH, hyphenationMinWordLength

from kitpress.typeset import parsed, wordbreaks

# markup, entities, soft hyphens, break opportunities and spaces other than U+0020 that break a
# line need reportlab's own parsing; a narrow no-break space (U+202F, French before : ; ! ?) and a
# figure space (U+2007) stay inside their word, as they must (reportlab breaks lines at them)
_NOT_PLAIN = re.compile("[<&\u00ad\u200b\u00a0\x1c-\x1f\x85\u1680\u2000-\u2006\u2008-\u200a\u2028\u2029\u205f\u3000]")
_FUZZ = 1e-6  # reportlab's: a paragraph offered less room than this cannot be set at all


def is_plain(text: str, style) -> bool:
    """Whether `text` (paragraph markup) is plain words in one style that a PlainLine can set."""
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
    """A Paragraph of plain words in one style, made without reportlab's markup parser and
    broken into lines by `break_lines`, reportlab's own algorithm for a paragraph of one
    fragment. What that path does not cover (long words split, spaces squeezed), and a split,
    turns it into the Paragraph it stands for (a frame's, parsed.OnceBroken), so nothing
    downstream can tell."""

    def __init__(self, text: str, style):
        self.text, self.style, self.bulletText, self.debug = text, style, None, 0
        self.caseSensitive, self.encoding = 1, "utf8"
        self.words = (text.upper() if style.textTransform == "uppercase" else text).split(" ")
        self.words = [word for word in self.words if word]
        self._wrapped_at: float | None = None  # the width its lines were last broken for

    def wrap(self, availWidth, availHeight):
        if availWidth == self._wrapped_at:  # a table wraps a cell again to draw it: the same lines
            return self.width, self.height
        style = self.style
        first = availWidth - style.leftIndent - style.firstLineIndent - style.rightIndent
        later = availWidth - style.leftIndent - style.rightIndent
        broken = break_lines(self.words, style, first, later) if availWidth >= _FUZZ else None
        if broken is None:
            return self._paragraph().wrap(availWidth, availHeight)
        lines, self._width_max = broken
        ascent, descent = _ascent_descent(style.fontName, style.fontSize)
        self.blPara = ParaLines(
            kind=0,
            lines=lines,
            fontName=style.fontName,
            fontSize=style.fontSize,
            textColor=style.textColor,
            ascent=ascent,
            descent=descent,
            us_lines=[],
            link=None,
        )
        self._wrapWidths = [first, later]
        self.width, self.height = availWidth, len(lines) * style.leading
        self._wrapped_at = availWidth
        return self.width, self.height

    def drawOn(self, canvas, x, y, _sW=0):
        """The lines as reportlab's drawPara sets a paragraph of one fragment: the same origin,
        font, leading, offsets and operators, without its generic setup (bullets, borders,
        underlines, links, shapes around images, none of which a plain line has). A single line
        is one saved graphics state instead of two; justified text, and a line squeezed below its
        room, are drawn by drawPara itself. The operators are written here as reportlab's text
        object writes them (`_written`); what that does not cover is drawn by the text object."""
        lines = self.blPara.lines
        if not lines:
            return
        style = self.style
        if len(lines) == 1:
            extra, words = lines[0]
            offset = style.firstLineIndent + {TA_CENTER: 0.5 * extra, TA_RIGHT: extra}.get(style.alignment, 0)
            left, base = self._hAlignAdjust(x, _sW) + style.leftIndent + offset, y + self.height - style.fontSize
            written = _written(canvas, style, left, base, [(0, words)], 0, 0)
            if written is not None:
                canvas._code += ("q", written[0], written[1], "Q")
                return
            canvas.saveState()
            canvas.setFillColor(style.textColor)
            text = canvas.beginText(left, base)
            text.setFont(style.fontName, style.fontSize, style.leading)
            text.textLine(" ".join(words))
            canvas.drawText(text)
            canvas.restoreState()
            return
        share = _SHARES.get(style.alignment)
        if share is None or any(extra <= -1e-8 and len(words) > 1 for extra, words in lines):
            Paragraph.drawOn(self, canvas, x, y, _sW)
            return
        written = _written(canvas, style, style.leftIndent, self.height - style.fontSize, lines, share, style.firstLineIndent)
        if written is not None:  # Flowable.drawOn's state and translation, then drawPara's state
            shift = f"1 0 0 1 {fp_str(self._hAlignAdjust(x, _sW), y)} cm"
            canvas._code += ("q", shift, "q", written[0], written[1], "Q", "Q")
            return
        canvas.saveState()  # Flowable.drawOn's
        canvas.translate(self._hAlignAdjust(x, _sW), y)
        canvas.saveState()  # drawPara's
        canvas.setFillColor(style.textColor)
        text = canvas.beginText(style.leftIndent, self.height - style.fontSize)  # paraFontSizeHeightOffset
        text.setFont(style.fontName, style.fontSize, style.leading)
        offset = style.firstLineIndent
        for extra, words in lines:  # _leftDrawParaLine, _centerDrawParaLine, _rightDrawParaLine
            shift = offset + share * extra
            if shift > 1e-6 or shift < -1e-6:
                text.moveCursor(shift, 0)
            text._textOut(" ".join(words), 1)
            if shift > 1e-6 or shift < -1e-6:
                text.moveCursor(-shift, 0)
            offset = 0
        canvas.drawText(text)
        canvas.restoreState()
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


_SHARES = {TA_LEFT: 0, TA_CENTER: 0.5, TA_RIGHT: 1}  # of a line's room left, before it


def _written(canvas, style, left: float, top: float, lines: list, share: float, indent: float) -> tuple[str, str] | None:
    """The operators reportlab's canvas and text object write for these lines in `style`, the
    text object at (`left`, `top`), each line shifted by `share` of its room left and the first
    by `indent` too: (the fill colour's, the text object's). The text object's generic work (a
    graphics state copied, colours and fonts looked up, each operator formatted on its own) was
    a third of drawing the lines: 144 against 104 ms for the 5,940 paragraphs of a 5,000-card
    deck. The bytes must be reportlab's: faces kept across documents are compared with them
    (render/facecache), and kits must not change.

    None where reportlab would write more than this covers: a colour other than plain RGB (CMYK,
    a separation), a fill opacity the canvas does not already have (a graphics state), a font
    that is not TrueType, a canvas drawn top down or told to convert colours."""
    color = style.textColor
    if type(color) is not Color or canvas._enforceColorSpace or not canvas.bottomup:
        return None
    alpha = color.alpha
    if not (isinstance(alpha, (float, int)) and 0 <= alpha <= 1) or canvas._extgstate._d.get("ca", 1) != alpha:
        return None
    font = getFont(style.fontName)
    if not font._dynamicFont:
        return None
    doc, escape = canvas._doc, canvas._escape
    doc.ensureMinPdfVersion("transparency")  # what setting any fill opacity does, even the one in place
    setting = f"{fp_str(style.fontSize)} Tf {fp_str(style.leading)} TL"
    code, subset_now, offset = ["BT", f"1 0 0 1 {fp_str(left, top)} Tm"], -1, indent
    for extra, words in lines:
        shift = offset + share * extra
        moved = shift > 1e-6 or shift < -1e-6
        if moved:
            _move(code, shift)
        runs = []
        for subset, text in font.splitString(" ".join(words), doc):
            if subset != subset_now:
                runs.append(f"{font.getSubsetInternalName(subset, doc)} {setting}")
                subset_now = subset
            runs.append(f"({escape(text)}) Tj")
        code.append(" ".join(runs) + " T*")
        if moved:
            _move(code, -shift)
        offset = 0
    code.append("ET")
    return f"{fp_str(color.red, color.green, color.blue)} rg", " ".join(code)


def _move(code: list[str], dx: float) -> None:
    """PDFTextObject.moveCursor(dx, 0): a move right after another is folded into it, through
    the numbers as written, as reportlab folds them."""
    dy = 0.0
    if code[-1].endswith(" Td"):  # a move of this function's own: three words
        last = code.pop().split()
        dx += float(last[-3])
        dy -= float(last[-2])
    code.append(f"{fp_str(dx, -dy)} Td")


def _ascent_descent(name: str, size: float) -> tuple[float, float]:
    """reportlab's getAscentDescent, once a font and size: it finds a TrueType face's by an
    exception each time (1.1 % of drawing a deck)."""
    font = getFont(name)
    found = _ASCENTS.get((font, size))
    if found is None:
        if len(_ASCENTS) >= 10_000:  # fitted sizes are many: a process that stays starts again
            _ASCENTS.clear()
        found = _ASCENTS[font, size] = getAscentDescent(name, size)
    return found


_ASCENTS: dict[tuple, tuple[float, float]] = {}


# -- lines ----------------------------------------------------------------------------------
_WIDTHS: dict[tuple[str, float], dict[str, float]] = {}
_MOST_WORDS = 200_000  # words measured and kept, every font and size together; then measured afresh
_kept = 0


def _measure(font: str, size: float) -> dict[str, float]:
    """The widths of the words already measured in this font and size (the same float stringWidth
    gives: a card deck says the same words again and again)."""
    global _kept
    known = _WIDTHS.get((font, size))
    if known is None:
        if _kept > _MOST_WORDS:
            _WIDTHS.clear()
            _kept = 0
        known = _WIDTHS[font, size] = {}
    return known


def break_lines(words: list[str], style, first: float, later: float) -> tuple[list, float] | None:
    """`words` broken into lines `first` then `later` points wide, as reportlab's
    Paragraph.breakLines breaks a paragraph of one fragment: the same sums in the same order
    (so the same floats decide what fits), the same hyphenation (its `_hyphenateWord`'s
    choices, each word's candidates kept by wordbreaks), the same lines and the same widest
    line; None where that path needs what is not here (long words split, spaces squeezed, a
    hyphenator named by language)."""
    global _kept
    hyphenator = style.hyphenationLang
    if style.spaceShrinkage or style.splitLongWords or style.embeddedHyphenation > 1 or isinstance(hyphenator, str) and hyphenator:
        return None
    font, size = style.fontName, style.fontSize
    known = _measure(font, size)
    uri_waste, embedded = style.uriWasteReduce, style.embeddedHyphenation
    hyphenate = hyphenator or uri_waste or embedded
    shortest = getattr(style, "hyphenationMinWordLength", hyphenationMinWordLength)
    space = stringWidth(" ", font, size)
    lines: list = []
    widest = 0
    line: list = []
    width, room = -space, first  # the first word adds a space it does not have
    forced = False
    words = list(words)
    words.reverse()  # popped from the end: the next word is words[-1]
    while words:
        word = words.pop()
        if not word and isinstance(word, _SplitWord):
            forced = True
        word_width = known.get(word)
        if word_width is None:
            word_width = known[word] = stringWidth(word, font, size)
            _kept += 1
        new = width + space + word_width
        if new > room and not (isinstance(word, _SplitWordH) or forced) and hyphenate:
            parts = wordbreaks.hyphenate(hyphenator or None, font, size, word, word_width, new, room, uri_waste, embedded, shortest)
            if parts:
                words.extend(reversed(parts))
                forced = True
                continue
        if new <= room or not line or forced:
            if word:
                line.append(word)
            if forced:
                forced = False
                widest = max(widest, new)
                lines.append((room - new, line))
                line, width, room = [], -space, later
            else:
                width = new
        else:
            widest = max(widest, width)
            lines.append((room - width, line))
            line, width, room = [word], word_width, later
    if line:
        widest = max(widest, width)
        lines.append((room - width, line))
    return lines, widest

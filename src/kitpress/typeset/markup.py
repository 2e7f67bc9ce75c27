"""Layout markup (what a jinja2 template renders) to reportlab flowables.

The language itself — its tags and their attributes, entities, comments, limits, its checks —
is `kitpress.layout.markuplang`; this is its typesetter: blocks h1–h4, p, ul/ol/li, space, rule,
ruler, face, toc, pagebreak, index_list here, grids (table, box, cols) in `tables`, inline text
(b, i, u, sup, sub, br, span, icon, index) in `inline`. Every problem is raised as MarkupError
and located by the caller; every number is read by `units.measure`, within the range of what it
is: what a template writes can make an error, never a RecursionError, a MemoryError or a `nan`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable
import xml.etree.ElementTree as ET

from reportlab.platypus import Flowable, PageBreak, Paragraph, Spacer
from reportlab.platypus.flowables import HRFlowable

from kitpress.layout.markupvalues import ALIGNS
from kitpress.layout.markuplang import (
    INLINE,
    MAX_CHARS,
    LIST_START,
    PARTS,
    MarkupError,
    align_of,
    length,
    located,
    number,
    parse,
    unknown_tag,
)
from kitpress.typeset.contents import Contents, Index
from kitpress.typeset.inline import Inline, inline_escape
from kitpress.typeset.plainline import PlainLine, is_plain
from kitpress.typeset.ruler import Ruler
from kitpress.layout.stylesheet import StyleSheet
from kitpress.typeset.tables import BLOCK_STYLE, Tables
from kitpress.units import LINE_WIDTH, MM
from kitpress.typeset import direction, parsed, styles

TOC_LEVELS = {"h1": 0, "h2": 1}  # headings a table of contents lists


def any_face(attrs: dict, scale: float) -> Flowable:
    """A stand-in for an embedded <face>, for checking markup without laying faces out."""
    return Spacer(1, 1)


# one <p> of plain text, with only the attributes a <p> reads; no entity, comment or markup in it
# (nor a character XML refuses, which the parse would report)
_ONE_PARAGRAPH = re.compile(r'\s*<p((?:\s+(?:style|align|color)="[^"<>&\x00-\x1f]*")*)\s*>([^<>&\x00-\x08\x0b\x0c\x0e-\x1f]*)</p>\s*')
_ATTRIBUTE = re.compile(r'(style|align|color)="([^"]*)"')
_SIZED = re.compile(r'<font [^>]*size="([0-9.]+)"')
# how much larger than the leading an inline size may be before its lines make room for it: an
# icon's top stands about 0.86 of its size above the baseline, the line above's descenders a
# quarter of theirs below theirs, so at 1.3 times the leading they begin to touch
LARGE = 1.3


@dataclass
class Builder(Tables, Inline):
    sheet: StyleSheet
    scale: float = 1.0
    face: Callable[[dict, float], Flowable] | None = None  # resolves <face .../>
    plain_lines: bool = False  # frames: plain one-line paragraphs as PlainLines, lines broken once
    lines_kept: bool = False  # documents: each paragraph's lines broken once per width (parsed.OnceBroken)
    warnings: list = field(default_factory=list)  # (message, line) of the last build: old forms, unknown attributes

    def build(self, markup: str, width: float) -> list[Flowable]:
        simple = self._one_paragraph(markup)
        if simple is not None:
            return simple
        tree = parse(markup)
        self.warnings = tree.warnings()
        self._marked = any(el.tag == "index" for el in tree.root.iter())  # terms an <index_list/> lists
        try:
            return self.blocks(tree.root, width)
        except MarkupError as exc:
            raise located(exc) from None

    def _one_paragraph(self, markup: str) -> list[Flowable] | None:
        """Markup that is one <p> of plain text, read without the XML parser: what most frames of
        a card hold (a title, a number, a plain body); parsing was a fifth of setting them. The same block
        the parse would give; anything else, or anything the parse would say something about,
        goes the long way."""
        found = _ONE_PARAGRAPH.fullmatch(markup) if len(markup) <= MAX_CHARS else None
        if found is None:
            return None
        pairs = _ATTRIBUTE.findall(found.group(1))
        attrs = dict(pairs)
        if len(attrs) != len(pairs) or attrs.get("align", "left") not in ALIGNS:
            return None
        try:
            text = inline_escape(found.group(2), self.sheet.lang)
            para = self.para_text(text, attrs.get("style") or "body", attrs.get("align"), attrs.get("color"))
        except MarkupError:
            return None  # said, with its line, by the long way
        self.warnings, self._marked = [], False
        return [para]

    # -- blocks ---------------------------------------------------------------------------
    def blocks(self, parent: ET.Element, width: float, style: str | None = None) -> list[Flowable]:
        out: list[Flowable] = []
        if (parent.text or "").strip():
            out.append(self.para(parent, style or "body", text_only=True))
        for child in parent:
            out.extend(self.block(child, width, style))
            if (child.tail or "").strip():
                out.append(self.para_text(inline_escape(child.tail, self.sheet.lang), style or "body"))
        return out

    def block(self, el: ET.Element, width: float, style: str | None = None) -> list[Flowable]:
        tag = el.tag
        if tag in ("h1", "h2", "h3", "h4", "p"):
            return [self.heading(el, style)]
        if tag in ("ul", "ol"):
            return self.listing(el)
        if tag in self._GRIDS:
            return [getattr(self, tag)(el, width)]
        if tag in self._SIMPLE:
            return [getattr(self, self._SIMPLE[tag])(el)]
        if tag in INLINE or tag in PARTS:
            raise MarkupError(f"<{tag}> cannot stand here")
        raise MarkupError(unknown_tag(tag))

    _GRIDS = ("table", "box", "cols")
    _SIMPLE = {
        "toc": "toc",
        "pagebreak": "pagebreak",
        "index_list": "index_list",
        "space": "space",
        "rule": "rule",
        "ruler": "ruler",
        "face": "embedded_face",
    }

    def heading(self, el: ET.Element, style: str | None) -> Paragraph:
        tag = el.tag
        para = self.para(el, el.get("style") or (BLOCK_STYLE[tag] if tag != "p" or not style else style))
        if tag in TOC_LEVELS and el.get("toc") != "no":
            para.toc_level = TOC_LEVELS[tag]
        return para

    def space(self, el: ET.Element) -> Spacer:
        return Spacer(1, length(el, "h", "3mm") * (self.scale if el.get("scales") else 1))

    def rule(self, el: ET.Element) -> HRFlowable:
        return HRFlowable(
            width="100%",
            thickness=number(el, "width", LINE_WIDTH, 0.5),
            color=styles.color(self.sheet, el.get("color", "rule")),
            spaceBefore=length(el, "before", "1.5mm"),
            spaceAfter=length(el, "after", "1.5mm"),
        )

    def ruler(self, el: ET.Element) -> Ruler:
        return Ruler(self.sheet, el.get("caption", ""))

    def embedded_face(self, el: ET.Element) -> Flowable:
        if self.face is None:
            raise MarkupError("<face> is not available here")
        return self.face(dict(el.attrib), self.scale)

    def pagebreak(self, el: ET.Element) -> PageBreak:
        return PageBreak()

    def index_list(self, el: ET.Element) -> Index | Spacer:
        """An alphabetical index of the terms marked <index item="…"/>, with page numbers. With
        none marked, nothing (and a warning): reportlab would print a placeholder, or fail."""
        if not self._marked:
            message = "<index_list/> lists no term: nothing in this text is marked with <index item=…/> or |indexed(terms)"
            self.warnings.append((message, getattr(el, "line", 0)))
            return Spacer(0, 0)
        style = styles.para(self.sheet, "index" if self.sheet.has("index") else "body", self.scale)
        return Index(style=style, dot=" . ", headers=True)

    def toc(self, el: ET.Element) -> Contents:
        """A table of contents of the h1 and h2 headings, with page numbers (typeset/contents)."""
        levels = [styles.para(self.sheet, name if self.sheet.has(name) else "body", self.scale) for name in ("toc1", "toc2")]
        return Contents(levelStyles=levels, dotsMinLevel=0)

    def para(self, el: ET.Element, style: str, text_only: bool = False) -> Paragraph:
        text = inline_escape(el.text or "", self.sheet.lang) if text_only else self.inline(el)
        return self.para_text(text, style, align_of(el), el.get("color"))

    def para_text(self, text: str, style: str, align=None, color=None, bullet=None) -> Paragraph:
        if not self.sheet.has(style):
            raise MarkupError(f"unknown style '{style}'")
        para_style = styles.para(self.sheet, style, self.scale, align, color)
        sizes = _SIZED.findall(text)  # an icon or span so big it would print over the line above
        if sizes and max(map(float, sizes)) > LARGE * para_style.leading:
            para_style = styles.room_for_large(para_style)
        bidi = direction.needs_bidi(text, para_style)  # right-to-left, or holding some
        if self.plain_lines and bullet is None and bidi is None and is_plain(text, para_style):
            return PlainLine(text, para_style)
        return parsed.paragraph(text, para_style, bullet, once_broken=self.plain_lines or self.lines_kept, bidi=bidi)

    def listing(self, el: ET.Element) -> list[Flowable]:
        out = []
        start = number(el, "start", LIST_START, 1)
        for index, li in enumerate(el):
            if li.tag != "li":
                raise MarkupError(f"<{el.tag}> holds only <li>, not <{li.tag}>")
            ordinal = start + index
            bullet = "•" if el.tag == "ul" else f"{chr(96 + ordinal)})" if el.get("type") == "a" else f"{ordinal}."
            style = li.get("style") or el.get("style") or "li"
            out.append(self.para_text(self.inline(li), style, align_of(li), bullet=bullet))
        return out


def mm(value: float) -> float:
    return value * MM

"""Layout markup (what a jinja2 template renders) to reportlab flowables.

A small, HTML-like vocabulary: blocks h1–h4, p, ul/ol/li, table/tr/td/th, box, cols/col,
space, rule, ruler, face; inline b, i, u, sup, sub, br, span(color, size). Every problem is
raised as MarkupError and located by the caller. Markup has limits (its length, its depth, the
size of a table) and every number in it is read by `units.measure`, within the range of what it
is: what a template writes can make an error, never a RecursionError, a MemoryError or a `nan`.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from html.entities import html5
from typing import Callable

from reportlab.platypus import Flowable, PageBreak, Paragraph, Spacer
from reportlab.platypus.tableofcontents import SimpleIndex, TableOfContents
from reportlab.platypus import Table as _Table
from reportlab.platypus import TableStyle
from reportlab.platypus.flowables import HRFlowable

from kitpress.errors import did_you_mean
from kitpress.typeset import fonts
from kitpress.typeset.plainline import PlainLine, is_plain
from kitpress.typeset.ruler import Ruler
from kitpress.typeset.styles import ALIGN, StyleSheet
from kitpress.units import EXTENT, FONT_SIZE, LINE_WIDTH, MM, Bounds, measure, parse_length

BLOCK_STYLE = {"h1": "h1", "h2": "h2", "h3": "h3", "h4": "h4", "p": "body", "li": "li", "td": "cell", "th": "cell-head"}
BLOCKS = {
    "h1",
    "h2",
    "h3",
    "h4",
    "p",
    "ul",
    "ol",
    "table",
    "box",
    "cols",
    "space",
    "rule",
    "ruler",
    "face",
    "toc",
    "pagebreak",
    "index-list",
}
TOC_LEVELS = {"h1": 0, "h2": 1}  # headings a table of contents lists
INLINE = {"b", "i", "u", "sup", "sub", "br", "span", "strike", "icon", "index"}

# What markup may be. The shipped kits write at most 55,000 characters (a whole rulebook), nest 6
# elements deep and lay out tables of 12 rows and 11 columns: these limits are far above that,
# and far below what would exhaust Python's stack (each level is a few frames of the recursive
# walk below, and of reportlab's) or take minutes to lay out.
MAX_CHARS = 1_000_000
MAX_DEPTH = 32
MAX_COLUMNS = 50
MAX_ROWS = 1_000
SPAN = Bounds("a column span", 1, MAX_COLUMNS, whole=True)
LIST_START = Bounds("a list's first number", 0, 10_000, whole=True)
SHARE = Bounds("a column's share", 0, 100, "%")
WEIGHT = Bounds("a column's weight", 0.01, 1_000)


def Table(data, **kw) -> _Table:  # noqa: N802 - a drop-in for reportlab's Table
    """reportlab's Table, with the bundled font as its default so no Helvetica sneaks in."""
    table = _Table(data, **kw)
    table.setStyle(TableStyle([("FONTNAME", (0, 0), (-1, -1), fonts.face_name(fonts.MAIN))]))
    return table


_COMMENT = re.compile(r"<!--.*?-->", re.S)


def strip_comments(markup: str) -> str:
    """Markup without its <!-- comments -->; a comment's line breaks stay, so lines still count."""
    return _COMMENT.sub(lambda found: "\n" * found.group(0).count("\n"), markup)


_ENTITY = re.compile(r"&([A-Za-z][A-Za-z0-9]{0,31});")
_XML_ENTITIES = {"amp", "lt", "gt", "quot", "apos"}


def html_entities(markup: str) -> str:
    """Markup whose HTML named entities (`&nbsp;`, `&mdash;`, `&hellip;`…) are character
    references XML reads; an unknown name is left for the parser, which says so. As references,
    not characters, so that `&NewLine;` adds no line and lines still count."""

    def reference(found: re.Match) -> str:
        name = found.group(1)
        text = html5.get(name + ";")
        if name in _XML_ENTITIES or text is None:
            return found.group(0)
        return "".join(f"&#{ord(ch)};" for ch in text)

    return _ENTITY.sub(reference, markup) if "&" in markup else markup


def check_comments_closed(markup: str) -> None:
    """Markup whose comments are stripped has no '<!--' left, or one was never closed."""
    if "<!--" in markup:
        raise MarkupError("a comment '<!--' is not closed with '-->'", _line_at(markup, "<!--"))


def _line_at(markup: str, text: str) -> int:
    return markup[: markup.index(text)].count("\n") + 1


class MarkupError(ValueError):
    """A mistake in rendered markup; `line` counts in the rendered text. Raised with the
    `element` at fault, it is given that element's line when the markup is built."""

    def __init__(self, message: str, line: int = 0, element: ET.Element | None = None):
        super().__init__(message)
        self.line = line
        self.element = element


# The attributes each element reads; any other is reported (a warning: kitpress ignores it, as
# it always did, and a typo such as <td spam="2"> no longer passes unseen).
_TEXT = {"style", "align", "color"}
ATTRIBUTES = {
    **{tag: _TEXT | {"toc"} for tag in ("h1", "h2", "h3", "h4")},
    "p": _TEXT,
    "ul": {"start", "type", "style"},
    "ol": {"start", "type", "style"},
    "li": {"style", "align"},
    "table": {"widths", "pad", "valign", "lines", "line-color", "line-width", "style", "head-style", "align"},
    "tr": {"height", "fill", "style", "align", "color"},
    "td": {"span", "style", "align", "color", "fill", "valign", "stroke", "width"},
    "th": {"span", "style", "align", "color", "fill", "valign", "stroke", "width"},
    "box": {"pad", "style", "fill", "stroke", "width", "radius"},
    "cols": {"gap", "widths", "valign"},
    "col": {"style"},
    "space": {"h", "scales"},
    "rule": {"width", "color", "before", "after"},
    "ruler": {"caption"},
    "face": {"layout", "item"},
    **{tag: set() for tag in ("toc", "pagebreak", "index-list", "b", "i", "u", "sup", "sub", "strike", "br")},
    "span": {"color", "size", "font"},
    "icon": {"name", "size", "color"},
    "index": {"item"},
}


def any_face(attrs: dict, scale: float) -> Flowable:
    """A stand-in for an embedded <face>, for checking markup without laying faces out."""
    return Spacer(1, 1)


@dataclass
class Builder:
    sheet: StyleSheet
    scale: float = 1.0
    face: Callable[[dict, float], Flowable] | None = None  # resolves <face .../>
    plain_lines: bool = False  # plain one-line paragraphs as PlainLines (frames; documents split pages)
    warnings: list = field(default_factory=list)  # (message, line) of the last build: unknown attributes

    def build(self, markup: str, width: float) -> list[Flowable]:
        if len(markup) > MAX_CHARS:
            raise MarkupError(f"markup of {len(markup):,} characters is longer than the {MAX_CHARS:,} kitpress lays out")
        markup = html_entities(strip_comments(markup))
        check_comments_closed(markup)
        if "<!" in markup:
            raise MarkupError("declarations (<!DOCTYPE, <!ENTITY) are not allowed in markup", _line_at(markup, "<!"))
        try:
            root = ET.fromstring(f"<root>{markup}</root>")
        except ET.ParseError as exc:
            line, col = exc.position
            raise MarkupError(_not_well_formed(exc, markup), line) from None
        try:
            _check_depth(root)
            self.warnings = _unknown_attributes(markup, root)
            return self.blocks(root, width)
        except MarkupError as exc:
            if exc.element is not None and not exc.line:
                exc.line = _line_of(markup, root, exc.element)
            raise

    # -- blocks ---------------------------------------------------------------------------
    def blocks(self, parent: ET.Element, width: float, style: str | None = None) -> list[Flowable]:
        out: list[Flowable] = []
        if (parent.text or "").strip():
            out.append(self.para(parent, style or "body", text_only=True))
        for child in parent:
            out.extend(self.block(child, width, style))
            if (child.tail or "").strip():
                out.append(self.para_text(_inline_escape(child.tail), style or "body"))
        return out

    def block(self, el: ET.Element, width: float, style: str | None = None) -> list[Flowable]:
        tag = el.tag
        if tag in ("h1", "h2", "h3", "h4", "p"):
            para = self.para(el, el.get("style") or (BLOCK_STYLE[tag] if tag != "p" or not style else style))
            if tag in TOC_LEVELS and el.get("toc") != "no":
                para.toc_level = TOC_LEVELS[tag]
            return [para]
        if tag == "toc":
            return [self.toc()]
        if tag == "pagebreak":
            return [PageBreak()]
        if tag == "index-list":
            return [self.index_list()]
        if tag in ("ul", "ol"):
            return self.listing(el)
        if tag == "table":
            return [self.table(el, width)]
        if tag == "box":
            return [self.box(el, width)]
        if tag == "cols":
            return [self.cols(el, width)]
        if tag == "space":
            return [Spacer(1, length(el, "h", "3mm") * (self.scale if el.get("scales") else 1))]
        if tag == "rule":
            return [
                HRFlowable(
                    width="100%",
                    thickness=number(el, "width", LINE_WIDTH, 0.5),
                    color=self.sheet.color(el.get("color", "rule")),
                    spaceBefore=length(el, "before", "1.5mm"),
                    spaceAfter=length(el, "after", "1.5mm"),
                )
            ]
        if tag == "ruler":
            return [Ruler(self.sheet, el.get("caption", ""))]
        if tag == "face":
            if self.face is None:
                raise MarkupError("<face> is not available here")
            return [self.face(dict(el.attrib), self.scale)]
        if tag in INLINE or tag in ("li", "td", "th", "tr", "col"):
            raise MarkupError(f"<{tag}> cannot stand here")
        raise MarkupError(f"unknown element <{tag}>")

    def index_list(self) -> SimpleIndex:
        """An alphabetical index of the terms marked <index item="…"/>, with page numbers."""
        style = self.sheet.para("index" if self.sheet.has("index") else "body", self.scale)
        return SimpleIndex(style=style, dot=" . ", headers=True)

    def toc(self) -> TableOfContents:
        """A table of contents of the h1 and h2 headings, with page numbers (two passes)."""
        levels = [self.sheet.para(name if self.sheet.has(name) else "body", self.scale) for name in ("toc1", "toc2")]
        toc = TableOfContents(levelStyles=levels, dotsMinLevel=0)
        return toc

    def para(self, el: ET.Element, style: str, text_only: bool = False) -> Paragraph:
        text = _inline_escape(el.text or "") if text_only else self.inline(el)
        return self.para_text(text, style, _align(el), el.get("color"))

    def para_text(self, text: str, style: str, align=None, color=None, bullet=None) -> Paragraph:
        if not self.sheet.has(style):
            raise MarkupError(f"unknown style '{style}'")
        para_style = self.sheet.para(style, self.scale, align, color)
        if self.plain_lines and bullet is None and is_plain(text, para_style):
            return PlainLine(text, para_style)
        return Paragraph(text, para_style, bulletText=bullet)

    def listing(self, el: ET.Element) -> list[Flowable]:
        out = []
        start = number(el, "start", LIST_START, 1)
        for index, li in enumerate(el):
            if li.tag != "li":
                raise MarkupError(f"<{el.tag}> holds only <li>, not <{li.tag}>")
            ordinal = start + index
            bullet = "•" if el.tag == "ul" else f"{chr(96 + ordinal)})" if el.get("type") == "a" else f"{ordinal}."
            style = li.get("style") or el.get("style") or "li"
            out.append(self.para_text(self.inline(li), style, _align(li), bullet=bullet))
        return out

    def box(self, el: ET.Element, width: float) -> Table:
        pad = length(el, "pad", "3mm")
        inner = _room(el, width, pad)
        content = self.blocks(el, inner, el.get("style")) or [Spacer(1, 0)]
        style = [
            ("LEFTPADDING", (0, 0), (-1, -1), pad),
            ("RIGHTPADDING", (0, 0), (-1, -1), pad),
            ("TOPPADDING", (0, 0), (-1, -1), pad),
            ("BOTTOMPADDING", (0, 0), (-1, -1), pad),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ]
        style += self._frame_style(el, (0, 0), (-1, -1))
        if el.get("radius"):
            r = length(el, "radius")
            style.append(("ROUNDEDCORNERS", [r, r, r, r]))
        return Table([[content]], colWidths=[width], style=TableStyle(style))

    def cols(self, el: ET.Element, width: float) -> Table:
        cols = [c for c in el if c.tag == "col"]
        if not cols or len(cols) != len(el):  # reportlab cannot lay out a table of no columns
            raise MarkupError("<cols> holds one or more <col> and nothing else", element=el)
        _check_count(el, "columns", len(cols), MAX_COLUMNS)
        gap = length(el, "gap", "5mm")
        widths = resolve_widths(el, " ".join("*" for _ in cols), width - gap * (len(cols) - 1), len(cols))
        cells = [self.blocks(col, w, col.get("style")) or [Spacer(1, 0)] for col, w in zip(cols, widths)]
        widths = [w + (gap if i < len(cols) - 1 else 0) for i, w in enumerate(widths)]
        style = [
            ("LEFTPADDING", (0, 0), (-1, -1), 0),
            ("RIGHTPADDING", (0, 0), (-1, -1), gap),
            ("RIGHTPADDING", (-1, 0), (-1, -1), 0),
            ("TOPPADDING", (0, 0), (-1, -1), 0),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
            ("VALIGN", (0, 0), (-1, -1), el.get("valign", "top").upper()),
        ]
        return Table([cells], colWidths=widths, style=TableStyle(style))

    def table(self, el: ET.Element, width: float) -> Table:
        rows = [r for r in el if r.tag == "tr"]
        if not rows or len(rows) != len(el):
            raise MarkupError("<table> holds one or more <tr> and nothing else")
        _check_count(el, "rows", len(rows), MAX_ROWS)
        spans = [[number(td, "span", SPAN, 1) for td in tr] for tr in rows]
        ncols, widest = max((sum(row), r) for r, row in enumerate(spans))
        if not ncols:
            raise MarkupError("<table> holds no <td> or <th>", element=el)
        _check_count(rows[widest], "columns", ncols, MAX_COLUMNS)
        widths = resolve_widths(el, " ".join("*" for _ in range(ncols)), width, ncols)
        pad = length(el, "pad", "1.2mm")
        style = [
            ("VALIGN", (0, 0), (-1, -1), el.get("valign", "middle").upper()),
            ("LEFTPADDING", (0, 0), (-1, -1), pad),
            ("RIGHTPADDING", (0, 0), (-1, -1), pad),
            ("TOPPADDING", (0, 0), (-1, -1), pad * 0.8),
            ("BOTTOMPADDING", (0, 0), (-1, -1), pad),
        ]
        style += self._lines(el)
        data, heights = [], []
        for r, tr in enumerate(rows):
            heights.append(length(tr, "height") if tr.get("height") else None)
            if tr.get("fill"):
                style.append(("BACKGROUND", (0, r), (-1, r), self.sheet.fill(tr.get("fill"))))
            row, c = [], 0
            for td, span in zip(tr, spans[r]):
                if td.tag not in ("td", "th"):
                    raise MarkupError(f"<tr> holds only <td> and <th>, not <{td.tag}>")
                cell_w = _room(td, sum(widths[c : c + span]), pad)
                row.append(self.cell(td, tr, el, cell_w))
                row.extend([""] * (span - 1))
                if span > 1:
                    style.append(("SPAN", (c, r), (c + span - 1, r)))
                style += self._cell_style(td, (c, r), (c + span - 1, r))
                c += span
            row.extend([""] * (ncols - c))
            data.append(row)
        table = Table(data, colWidths=widths, rowHeights=heights, style=TableStyle(style))
        table.overfull = _overfull(data, widths, heights, pad)
        return table

    def cell(self, td: ET.Element, tr: ET.Element, table: ET.Element, width: float):
        style = (
            td.get("style")
            or tr.get("style")
            or (table.get("head-style") if td.tag == "th" else table.get("style"))
            or BLOCK_STYLE[td.tag]
        )
        if any(child.tag in BLOCKS for child in td):
            return self.blocks(td, width, style)
        align = _align(td) or _align(tr) or _align(table)
        return self.para_text(self.inline(td), style, align, td.get("color") or tr.get("color"))

    def _cell_style(self, td: ET.Element, start, end) -> list:
        out = []
        if td.get("fill"):
            out.append(("BACKGROUND", start, end, self.sheet.fill(td.get("fill"))))
        if td.get("valign"):
            out.append(("VALIGN", start, end, td.get("valign").upper()))
        return out + self._frame_style(td, start, end)

    def _frame_style(self, el: ET.Element, start, end) -> list:
        out = []
        if el.get("fill") and el.tag in ("box",):
            out.append(("BACKGROUND", start, end, self.sheet.fill(el.get("fill"))))
        if el.get("stroke"):
            out.append(("BOX", start, end, number(el, "width", LINE_WIDTH, 0.75), self.sheet.color(el.get("stroke"))))
        return out

    def _lines(self, el: ET.Element) -> list:
        kind = el.get("lines", "none")
        color = self.sheet.color(el.get("line-color", "rule"))
        w = number(el, "line-width", LINE_WIDTH, 0.5)
        if kind == "grid":
            return [("GRID", (0, 0), (-1, -1), w, color)]
        if kind == "rows":
            return [("LINEBELOW", (0, 0), (-1, -1), w, color)]
        if kind == "box":
            return [("BOX", (0, 0), (-1, -1), w, color)]
        if kind == "cut":
            return [("GRID", (0, 0), (-1, -1), w, color, None, (2, 2))]
        if kind != "none":
            raise MarkupError(f"unknown lines='{kind}' (use grid, rows, box, cut or none)")
        return []

    # -- inline ---------------------------------------------------------------------------
    def inline(self, el: ET.Element) -> str:
        parts = [_inline_escape(el.text or "")]
        for child in el:
            if child.tag == "br":
                parts.append("<br/>")
            elif child.tag in ("b", "i", "u", "sup", "sub", "strike"):
                parts.append(f"<{child.tag}>{self.inline(child)}</{child.tag}>")
            elif child.tag == "span":
                parts.append(self._span(child))
            elif child.tag == "icon":
                parts.append(self._icon(child))
            elif child.tag == "index":
                parts.append(f'<index item="{escape(child.get("item", ""), quote=True)}"/>')
            elif child.tag in BLOCKS or child.tag in ("li", "td", "tr"):
                raise MarkupError(f"<{child.tag}> cannot stand inside text (<{el.tag}>)")
            else:
                raise MarkupError(f"unknown element <{child.tag}>")
            parts.append(_inline_escape(child.tail or ""))
        return "".join(parts)

    def _icon(self, el: ET.Element) -> str:
        """A pictogram inline, as a glyph of an icon font: <icon name="hammer" size="14" color="red"/>."""
        name = el.get("name", "")
        found = fonts.icon(name)
        if found is None:
            hint = did_you_mean(name, fonts.icon_names())
            raise MarkupError(f"unknown icon '{name}'{hint}")
        family, code = found
        attrs = [f'face="{family}"']
        if el.get("size"):
            attrs.append(f'size="{number(el, "size", FONT_SIZE) * self.scale:.2f}"')
        if el.get("color"):
            color = self.sheet.color(el.get("color"))
            if color is None:
                raise MarkupError(f"unknown colour '{el.get('color')}'", element=el)
            attrs.append(f'color="#{color.hexval()[2:]}"')
        return f"<font {' '.join(attrs)}>&#x{code:x};</font>"

    def _span(self, el: ET.Element) -> str:
        attrs = []
        if el.get("color"):
            color = self.sheet.color(el.get("color"))
            if color is None:
                raise MarkupError(f"unknown colour '{el.get('color')}'", element=el)
            attrs.append(f'color="#{color.hexval()[2:]}"')
        if el.get("size"):
            attrs.append(f'size="{number(el, "size", FONT_SIZE) * self.scale:.2f}"')
        if el.get("font"):
            attrs.append(f'face="{el.get("font")}"')
        inner = self.inline(el)
        return f"<font {' '.join(attrs)}>{inner}</font>" if attrs else inner


def _overfull(data, widths, heights, pad: float) -> bool:
    """Whether a cell's text is taller than the fixed height of its row (it would be clipped)."""
    for row, height in zip(data, heights):
        if height is None:
            continue
        for cell, width in zip(row, widths):
            flows = cell if isinstance(cell, list) else [cell] if isinstance(cell, Flowable) else []
            needed = sum(f.wrap(width - 2 * pad, height)[1] for f in flows)  # text may use the padding
            if needed > height + 0.5:
                return True
    return False


def escape(text: str, quote: bool = False) -> str:
    """Text made safe inside markup (xml.sax.saxutils.escape imports urllib: 12 ms per run)."""
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return text.replace('"', "&quot;") if quote else text


_BREAKING_SPACE = re.compile(r"[ \t\n\r\f\v]+")  # not \s: that would turn no-break spaces into spaces


def _inline_escape(text: str) -> str:
    text = _BREAKING_SPACE.sub(" ", text)
    return fonts.with_fallback(escape(text))


def _parse_reason(exc: ET.ParseError) -> str:
    return str(exc).split(":")[0]


def _not_well_formed(exc: ET.ParseError, markup: str) -> str:
    """The parser's reason; for an entity, which one, and the name it may have meant."""
    reason = _parse_reason(exc)
    line, col = exc.position
    lines = f"<root>{markup}</root>".split("\n")
    found = _ENTITY.match(lines[line - 1], col) if 0 < line <= len(lines) else None
    if reason == "undefined entity" and found:
        names = [name[:-1] for name in html5 if name.endswith(";")]
        hint = did_you_mean(found.group(1), names)
        message = f"undefined entity '{found.group(0)}'{hint}: write the character, an HTML entity or &#NNNN;"
        return message
    message = f"markup is not well formed: {reason}"
    return message


def number(el: ET.Element, name: str, bounds: Bounds, default: float | None = None) -> float:
    """The number attribute `name` of `el` (or `default`, when it has none), within `bounds`."""
    raw = el.get(name)
    if raw is None:
        return default
    try:
        return measure(raw, bounds, name)
    except ValueError as exc:
        raise MarkupError(str(exc), element=el) from None


def length(el: ET.Element, name: str, default: str | None = None) -> float:
    """A length attribute: '3mm', '8pt', or a bare number of points; never below 0 nor beyond 10 m."""
    try:
        return parse_length(el.get(name, default), name, EXTENT)
    except ValueError as exc:
        raise MarkupError(str(exc), element=el) from None


def _align(el: ET.Element) -> str | None:
    align = el.get("align")
    if align is not None and align not in ALIGN:
        raise MarkupError(f"align '{align}': use {', '.join(ALIGN)}", element=el)
    return align


def _room(el: ET.Element, outer: float, pad: float) -> float:
    """The width left inside an element's padding; none left is an error (reportlab's, unlocated, otherwise)."""
    if outer - 2 * pad < 0:
        message = f"a padding of {pad / MM:.1f} mm leaves no room in a {outer / MM:.1f} mm wide <{el.tag}>"
        raise MarkupError(message, element=el)
    return outer - 2 * pad


def _check_count(el: ET.Element, what: str, count: int, limit: int) -> None:
    if count > limit:
        raise MarkupError(f"<{el.tag}> has {count:,} {what}, more than the {limit:,} kitpress lays out", element=el)


def _check_depth(root: ET.Element) -> None:
    """Markup nested deeper than MAX_DEPTH is refused before the recursive walk of `blocks` and
    `inline` (and reportlab's own) could exhaust Python's stack; this walk keeps a stack of its own."""
    stack = [(root, 0)]
    while stack:
        el, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise MarkupError(f"markup nested deeper than {MAX_DEPTH} elements", element=el)
        stack.extend((child, depth + 1) for child in el)


def _unknown_attributes(markup: str, root: ET.Element) -> list[tuple[str, int]]:
    """(message, line) for every attribute its element does not read."""
    found = []
    for el in root.iter():
        allowed = ATTRIBUTES.get(el.tag)
        for name in el.attrib if allowed is not None else ():  # an unknown element is an error of its own
            if name not in allowed:
                message = f"unknown attribute '{name}' on <{el.tag}>{did_you_mean(name, allowed)}: kitpress ignores it"
                found.append((message, _line_of(markup, root, el)))
    return found


def _line_of(markup: str, root: ET.Element, el: ET.Element) -> int:
    """The line of `el` in the markup parsed into `root` (0 if not found). ElementTree keeps no
    positions: `el` is the n-th element of its name, so its start tag is the n-th one in the text
    (comments are stripped and a literal '<' in text is escaped: every '<name' is a tag)."""
    nth = next((i for i, found in enumerate(root.iter(el.tag)) if found is el), -1)
    for i, tag in enumerate(re.finditer(rf"<{re.escape(el.tag)}[\s/>]", markup)):
        if i == nth:
            return markup.count("\n", 0, tag.start()) + 1
    return 0


def resolve_widths(el: ET.Element, default: str, total: float, count: int) -> list[float]:
    """An element's widths='30mm 20% * 2*' (or `default`) in points: '*' columns share what the
    others leave, weighted '2*'."""
    parts = el.get("widths", default).split()
    if len(parts) != count:
        raise MarkupError(f"widths names {len(parts)} columns, the table has {count}")
    fixed = [None if part.endswith("*") else _fixed_width(el, part, total) for part in parts]
    weights = [_weight(el, part) if width is None else 0.0 for part, width in zip(parts, fixed)]
    rest = max(total - sum(width for width in fixed if width is not None), 0)
    stars = sum(weights)
    return [width if width is not None else rest * weight / stars for width, weight in zip(fixed, weights)]


def _fixed_width(el: ET.Element, part: str, total: float) -> float:
    try:
        if part.endswith("%"):
            return total * measure(part[:-1], SHARE, "widths") / 100
        return parse_length(part, "widths", EXTENT)
    except ValueError as exc:
        raise MarkupError(str(exc), element=el) from None


def _weight(el: ET.Element, part: str) -> float:
    try:
        return measure(part[:-1] or 1, WEIGHT, "widths")
    except ValueError as exc:
        raise MarkupError(str(exc), element=el) from None


def mm(value: float) -> float:
    return value * MM

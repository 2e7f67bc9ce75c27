"""The values of markup's attributes read by kind (a length or line width in points, a count, an
alignment, a kind of lines, a column spec) and the shape of its grids (a table's rows and spans,
a <cols>' columns) within their limits: shared by the checks of `markuplang` and typeset's
Builder, so both read a value alike and say the same of a wrong one. No reportlab here."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from kitpress.units import EXTENT, FONT_SIZE, LINE_WIDTH, Bounds, measure, parse_length

MAX_COLUMNS = 50
MAX_ROWS = 1_000
SPAN = Bounds("a column span", 1, MAX_COLUMNS, whole=True)
LIST_START = Bounds("a list's first number", 0, 10_000, whole=True)
SHARE = Bounds("a column's share", 0, 100, "%")
WEIGHT = Bounds("a column's weight", 0.01, 1_000)
ALIGNS = ("left", "center", "right", "justify")
LINES = ("grid", "rows", "box", "cut", "none")
# The kinds of attribute value. Lengths (a size, or a line width) are points when bare.
TEXT, STYLE, COLOR, ALIGN, LENGTH, LINE, COUNT, FONT_PT, WIDTHS, CHOICE = (
    "text", "style", "color", "align", "length", "line", "count", "font size", "widths", "choice",
)  # fmt: skip
LENGTHS = (LENGTH, LINE)


class MarkupError(ValueError):
    """A mistake in rendered markup; `line` counts in the rendered text. Raised with the
    `element` at fault, it is given that element's line when the markup is built."""

    def __init__(self, message: str, line: int = 0, element: ET.Element | None = None):
        super().__init__(message)
        self.line = line
        self.element = element


def value_of(el: ET.Element, name: str, kind: str):
    """An attribute's value read as its kind says (a length or line width in points, a count,
    an alignment, a kind of lines); other kinds are text. Raises MarkupError."""
    if kind == LENGTH:
        return length(el, name)
    if kind == LINE:
        return number(el, name, LINE_WIDTH)
    if kind == FONT_PT:
        return number(el, name, FONT_SIZE)
    if kind == COUNT:
        return number(el, name, SPAN if name == "span" else LIST_START)
    if kind == ALIGN:
        return align_of(el)
    if kind == CHOICE and el.get(name) not in LINES:
        raise MarkupError(f"unknown lines='{el.get(name)}' (use grid, rows, box, cut or none)", element=el)
    return el.get(name)


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


def align_of(el: ET.Element) -> str | None:
    align = el.get("align")
    if align is not None and align not in ALIGNS:
        raise MarkupError(f"align '{align}': use {', '.join(ALIGNS)}", element=el)
    return align


def check_count(el: ET.Element, what: str, count: int, limit: int) -> None:
    if count > limit:
        raise MarkupError(f"<{el.tag}> has {count:,} {what}, more than the {limit:,} kitpress lays out", element=el)


def cols_of(el: ET.Element) -> list[ET.Element]:
    """A <cols>' columns: one or more <col> and nothing else (reportlab lays out no table of none)."""
    cols = [c for c in el if c.tag == "col"]
    if not cols or len(cols) != len(el):
        raise MarkupError("<cols> holds one or more <col> and nothing else", element=el)
    check_count(el, "columns", len(cols), MAX_COLUMNS)
    widths(el, len(cols))
    return cols


def table_columns(el: ET.Element) -> tuple[list[ET.Element], list[list[int]], int]:
    """A <table>'s rows, each cell's span and the number of columns, within the limits."""
    rows = [r for r in el if r.tag == "tr"]
    if not rows or len(rows) != len(el):
        raise MarkupError("<table> holds one or more <tr> and nothing else")
    check_count(el, "rows", len(rows), MAX_ROWS)
    for tr in rows:
        for td in tr:
            if td.tag not in ("td", "th"):
                raise MarkupError(f"<tr> holds only <td> and <th>, not <{td.tag}>", element=td)
    spans = [[number(td, "span", SPAN, 1) for td in tr] for tr in rows]
    ncols, widest = max((sum(row), r) for r, row in enumerate(spans))
    if not ncols:
        raise MarkupError("<table> holds no <td> or <th>", element=el)
    check_count(rows[widest], "columns", ncols, MAX_COLUMNS)
    widths(el, ncols)
    return rows, spans, ncols


def widths(el: ET.Element, count: int) -> list[tuple[str, float]]:
    """An element's widths='30mm 20% * 2*' read: ('pt', points), ('%', share) or ('*', weight)."""
    parts = el.get("widths", " ".join("*" for _ in range(count))).split()
    if len(parts) != count:
        raise MarkupError(f"widths names {len(parts)} columns, the table has {count}")
    try:
        return [_column(part) for part in parts]
    except ValueError as exc:
        raise MarkupError(str(exc), element=el) from None


def _column(part: str) -> tuple[str, float]:
    if part.endswith("*"):
        return "*", measure(part[:-1] or 1, WEIGHT, "widths")
    if part.endswith("%"):
        return "%", measure(part[:-1], SHARE, "widths")
    return "pt", parse_length(part, "widths", EXTENT)

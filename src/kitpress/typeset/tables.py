"""Markup's grids as reportlab Tables: <table> (rows of cells, lines, fills), <box> (a padded
frame of blocks) and <cols> (columns of blocks side by side)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from reportlab.platypus import Flowable, Spacer
from reportlab.platypus import Table as _Table
from reportlab.platypus import TableStyle

from kitpress.layout.markuplang import BLOCKS, LINES, MarkupError, align_of, cols_of, length, number, table_columns, widths
from kitpress.typeset import direction, fonts
from kitpress.units import LINE_WIDTH, MM
from kitpress.typeset import styles

BLOCK_STYLE = {"h1": "h1", "h2": "h2", "h3": "h3", "h4": "h4", "p": "body", "li": "li", "td": "cell", "th": "cell-head"}
_LINES = {"grid": "GRID", "rows": "LINEBELOW", "box": "BOX", "cut": "GRID"}


def Table(data, **kw) -> _Table:  # noqa: N802 - a drop-in for reportlab's Table
    """reportlab's Table, with the bundled font as its default so no Helvetica sneaks in."""
    table = _Table(data, **kw)
    table.setStyle(TableStyle([("FONTNAME", (0, 0), (-1, -1), fonts.face_name(fonts.MAIN))]))
    return table


def _padding(pad: float, top: float | None = None) -> list:
    return [
        ("LEFTPADDING", (0, 0), (-1, -1), pad),
        ("RIGHTPADDING", (0, 0), (-1, -1), pad),
        ("TOPPADDING", (0, 0), (-1, -1), pad if top is None else top),
        ("BOTTOMPADDING", (0, 0), (-1, -1), pad),
    ]


class Tables:
    """The Builder's half that lays out grids: `sheet`, `blocks` and `para_text` are the Builder's."""

    def box(self, el: ET.Element, width: float) -> _Table:
        pad = length(el, "pad", "3mm")
        inner = _room(el, width, pad)
        content = self.blocks(el, inner, el.get("style")) or [Spacer(1, 0)]
        style = _padding(pad) + [("VALIGN", (0, 0), (-1, -1), "TOP")]
        style += self._frame_style(el, (0, 0), (-1, -1))
        if el.get("radius"):
            r = length(el, "radius")
            style.append(("ROUNDEDCORNERS", [r, r, r, r]))
        return Table([[content]], colWidths=[width], style=TableStyle(style))

    def cols(self, el: ET.Element, width: float) -> _Table:
        cols = cols_of(el)
        gap = length(el, "gap", "5mm")
        widths = resolve_widths(el, width - gap * (len(cols) - 1), len(cols))
        cells = [self.blocks(col, w, col.get("style")) or [Spacer(1, 0)] for col, w in zip(cols, widths)]
        widths = [w + (gap if i < len(cols) - 1 else 0) for i, w in enumerate(widths)]
        gaps = [
            ("LEFTPADDING", (0, 0), (-1, -1), 0),
            ("RIGHTPADDING", (0, 0), (-1, -1), gap),
            ("RIGHTPADDING", (-1, 0), (-1, -1), 0),
        ]
        if direction.right_to_left(self.sheet.lang):  # the first column on the right, each gap on its left
            cells, widths = cells[::-1], widths[::-1]
            gaps = [
                ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                ("LEFTPADDING", (0, 0), (-1, -1), gap),
                ("LEFTPADDING", (0, 0), (0, -1), 0),
            ]
        style = gaps + [
            ("TOPPADDING", (0, 0), (-1, -1), 0),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
            ("VALIGN", (0, 0), (-1, -1), el.get("valign", "top").upper()),
        ]
        return Table([cells], colWidths=widths, style=TableStyle(style))

    def table(self, el: ET.Element, width: float) -> _Table:
        rows, spans, ncols = table_columns(el)
        widths = resolve_widths(el, width, ncols)
        pad = length(el, "pad", "1.2mm")
        style = [("VALIGN", (0, 0), (-1, -1), el.get("valign", "middle").upper())] + _padding(pad, top=pad * 0.8)
        style += self._lines(el)
        data, heights = [], []
        for r, tr in enumerate(rows):
            heights.append(length(tr, "height") if tr.get("height") else None)
            unfilled_head = _plain_head(tr, el) and styles.light_text(self.sheet, BLOCK_STYLE["th"])
            fill = tr.get("fill") or (HEAD_FILL if unfilled_head else None)
            if fill:
                style.append(("BACKGROUND", (0, r), (-1, r), styles.fill(self.sheet, fill)))
            data.append(self._row(el, tr, r, spans[r], widths, pad, style))
            data[-1].extend([""] * (ncols - sum(spans[r])))
        if direction.right_to_left(self.sheet.lang):  # the first column on the right
            data, widths, style = _mirrored(data, spans, widths, style)
        table = Table(data, colWidths=widths, rowHeights=heights, style=TableStyle(style), repeatRows=_head_rows(rows))
        table.overfull = _overfull(data, widths, heights, pad)
        return table

    def _row(self, el: ET.Element, tr: ET.Element, r: int, spans: list[int], widths, pad: float, style: list) -> list:
        row, c = [], 0
        for td, span in zip(tr, spans):
            cell_w = _room(td, sum(widths[c : c + span]), pad)
            row.append(self.cell(td, tr, el, cell_w))
            row.extend([""] * (span - 1))
            if span > 1:
                style.append(("SPAN", (c, r), (c + span - 1, r)))
            style += self._cell_style(td, (c, r), (c + span - 1, r))
            c += span
        return row

    def cell(self, td: ET.Element, tr: ET.Element, table: ET.Element, width: float):
        style = (
            td.get("style")
            or tr.get("style")
            or (table.get("head_style") if td.tag == "th" else table.get("style"))
            or BLOCK_STYLE[td.tag]
        )
        if any(child.tag in BLOCKS for child in td):
            return self.blocks(td, width, style)
        align = align_of(td) or align_of(tr) or align_of(table)
        return self.para_text(self.inline(td), style, align, td.get("color") or tr.get("color"))

    def _cell_style(self, td: ET.Element, start, end) -> list:
        out = []
        if td.get("fill"):
            out.append(("BACKGROUND", start, end, styles.fill(self.sheet, td.get("fill"))))
        if td.get("valign"):
            out.append(("VALIGN", start, end, td.get("valign").upper()))
        return out + self._frame_style(td, start, end)

    def _frame_style(self, el: ET.Element, start, end) -> list:
        out = []
        if el.get("fill") and el.tag in ("box",):
            out.append(("BACKGROUND", start, end, styles.fill(self.sheet, el.get("fill"))))
        if el.get("stroke"):
            out.append(("BOX", start, end, number(el, "width", LINE_WIDTH, 0.75), styles.color(self.sheet, el.get("stroke"))))
        return out

    def _lines(self, el: ET.Element) -> list:
        kind = el.get("lines", "none")
        color = styles.color(self.sheet, el.get("line_color", "rule"))
        w = number(el, "line_width", LINE_WIDTH, 0.5)
        if kind not in LINES:
            raise MarkupError(f"unknown lines='{kind}' (use grid, rows, box, cut or none)")
        if kind == "none":
            return []
        return [(_LINES[kind], (0, 0), (-1, -1), w, color) + ((None, (2, 2)) if kind == "cut" else ())]


def _mirrored(data: list, spans: list, widths: list, style: list):
    """A table's columns in the other order: each row's cells (a spanned cell first in its
    span, as reportlab wants it), the widths and every style command's columns."""
    ncols = len(widths)
    rows = []
    for row, row_spans in zip(data, spans):
        groups, c = [], 0
        for span in list(row_spans) + [1] * (ncols - sum(row_spans)):
            groups.append(row[c : c + span])
            c += span
        rows.append([cell for group in reversed(groups) for cell in group])

    def column(c: int) -> int:
        return ncols - 1 - (c % ncols)

    commands = []
    for command in style:
        if len(command) >= 3 and isinstance(command[1], tuple) and isinstance(command[2], tuple):
            (c0, r0), (c1, r1) = command[1], command[2]
            command = (command[0], (column(c1), r0), (column(c0), r1), *command[3:])
        commands.append(command)
    return rows, widths[::-1], commands


def resolve_widths(el: ET.Element, total: float, count: int) -> list[float]:
    """An element's widths='30mm 20% * 2*' (every column '*' if it has none) in points: '*'
    columns share what the others leave, weighted '2*'."""
    parts = widths(el, count)
    fixed = [None if kind == "*" else total * value / 100 if kind == "%" else value for kind, value in parts]
    weights = [value if kind == "*" else 0.0 for kind, value in parts]
    rest = max(total - sum(width for width in fixed if width is not None), 0)
    stars = sum(weights)
    return [width if width is not None else rest * weight / stars for width, weight in zip(fixed, weights)]


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


def _room(el: ET.Element, outer: float, pad: float) -> float:
    """The width left inside an element's padding; none left is an error (reportlab's, unlocated, otherwise)."""
    if outer - 2 * pad < 0:
        message = f"a padding of {pad / MM:.1f} mm leaves no room in a {outer / MM:.1f} mm wide <{el.tag}>"
        raise MarkupError(message, element=el)
    return outer - 2 * pad


def _head_rows(rows: list) -> int:
    """The rows of `th` cells a table starts with: repeated at the top of each column or page it
    runs on to (and never left alone at the foot of one)."""
    head = 0
    for tr in rows:
        if not len(tr) or any(td.tag != "th" for td in tr):
            break
        head += 1
    return head if head < len(rows) else 0


# A heading row prints its text in the head style, paper-white on the accent colour: a row of
# heading cells that chooses neither a fill nor a style of its own gets that fill while the head
# style's text is light (a game that made it dark keeps its rows unfilled), or its white text
# would print on white
HEAD_FILL = "accent"


def _plain_head(tr: ET.Element, table: ET.Element) -> bool:
    looks = ("style", "color", "fill")
    return (
        len(tr) > 0
        and not table.get("head_style")
        and not any(tr.get(key) for key in looks)
        and all(td.tag == "th" and not any(td.get(key) for key in looks) for td in tr)
    )

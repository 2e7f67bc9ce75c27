"""Board sheets: 1:1 when the paper holds them, else full-size overlapping pieces (glue
strip, crosshairs, label and map) or one scaled sheet that says its scale."""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from kitpress.compose.scene import Face
from kitpress.impose import pageboxes
from kitpress.impose.boards import BOARD_OVERLAP, Tile, board_pages
from kitpress.render import facecache
from kitpress.render.canvas import INK, FormCache, Job, open_canvas, para, set_boxes
from kitpress.render.kittext import words
from kitpress.units import MM
from kitpress.typeset import styles

CUT_GREY = Color(0.45, 0.45, 0.45)


def render_board(path: Path, faces: tuple[Face, ...], job: Job, mode: str) -> int:
    """Each board sheet 1:1 where the paper holds it, else tiled at full size or fitted."""
    paper, meta = job.paper, job.meta
    pages = 0
    c = None
    forms = None
    for index, face in enumerate(faces):
        for sheet in board_pages(face.size, paper, mode, job.edge, face.seams, face.bleed):
            c = c or open_canvas(path, sheet.page, meta)
            forms = forms or FormCache(c)
            c.setPageSize(sheet.page)
            set_boxes(c, pageboxes.board_page(sheet, face.size, face.bleed))
            if sheet.how == "tile":
                _tile(c, forms, face, sheet.tile, index, len(faces), job)
            elif sheet.how == "fitted":
                c.saveState()
                c.translate(*sheet.at)
                c.scale(sheet.scale, sheet.scale)
                forms.place(face, 0, 0)
                c.restoreState()
                said = words(meta.lang)["board_fitted"].format(
                    subject=meta.subject, sheet=index + 1, sheets=len(faces), percent=f"{sheet.scale * 100:.0f}"
                )
                _caption(c, said, sheet.page, job)
            else:
                forms.place(face, *sheet.at)
            c.showPage()
            pages += 1
    c.save()
    facecache.store().flush()  # the faces drawn here, for the next PDF that prints them
    return pages


def _tile(c: Canvas, forms: FormCache, face: Face, tile: Tile, index: int, total: int, job: Job) -> None:
    wx, wy, ww, wh = tile.window
    sx, sy = tile.source
    overlap = BOARD_OVERLAP
    c.saveState()
    path = c.beginPath()
    x0, y0, x1, y1 = tile.printed  # the window, and the board past the edges of it that show when joined
    path.rect(x0, y0, x1 - x0, y1 - y0)
    c.clipPath(path, stroke=0, fill=0)
    forms.place(face, wx - sx, wy - sy, clip=True)
    c.restoreState()
    c.saveState()
    c.setFillColor(Color(0.55, 0.55, 0.55, alpha=0.28))
    glue = []
    if tile.col < tile.cols - 1:
        glue.append((wx + ww - overlap, wy, overlap, wh))
    if tile.row < tile.rows - 1:
        glue.append((wx, wy, ww, overlap))
    for gx, gy, gw, gh in glue:
        c.rect(gx, gy, gw, gh, stroke=0, fill=1)
    c.setStrokeColor(CUT_GREY)
    c.setLineWidth(0.3)
    c.setDash(2, 2)
    c.rect(wx, wy, ww, wh, stroke=1, fill=0)
    c.setDash()
    for px, py in _cross_points(tile, overlap):
        _crosshair(c, px, py)
    c.restoreState()
    text = words(job.meta.lang)["board_tile"].format(
        subject=job.meta.subject, sheet=index + 1, sheets=total, piece=tile.label, cols=tile.cols, rows=tile.rows
    )
    _caption(c, text, tile.page, job, map_of=tile)


def _cross_points(tile, overlap: float):
    wx, wy, ww, wh = tile.window
    points = []
    if tile.col < tile.cols - 1:
        points += [(wx + ww - overlap / 2, wy + 4 * MM), (wx + ww - overlap / 2, wy + wh - 4 * MM)]
    if tile.col > 0:
        points += [(wx + overlap / 2, wy + 4 * MM), (wx + overlap / 2, wy + wh - 4 * MM)]
    if tile.row < tile.rows - 1:
        points += [(wx + 4 * MM, wy + overlap / 2), (wx + ww - 4 * MM, wy + overlap / 2)]
    if tile.row > 0:
        points += [(wx + 4 * MM, wy + wh - overlap / 2), (wx + ww - 4 * MM, wy + wh - overlap / 2)]
    return points


def _crosshair(c: Canvas, x: float, y: float) -> None:
    r = 2 * MM
    c.setStrokeColor(INK)
    c.setLineWidth(0.4)
    c.circle(x, y, r * 0.6, stroke=1, fill=0)
    c.line(x - r, y, x + r, y)
    c.line(x, y - r, x, y + r)


def _caption(c: Canvas, text: str, page, job: Job, map_of: Tile | None = None) -> None:
    """A caption line at the foot of the page, inside the printable area, with a piece map."""
    map_w = 0.0
    if map_of is not None:
        cell = 3.2 * MM
        inset = 0.5 * MM  # the cells' stroke is centred on their edges: keep all of it off the edge band
        map_w = map_of.cols * cell + inset + 3 * MM
        x0 = page[0] - job.edge - inset - map_of.cols * cell
        y0 = job.edge + inset
        c.saveState()
        c.setLineWidth(0.4)
        c.setStrokeColor(INK)
        for r in range(map_of.rows):
            for col in range(map_of.cols):
                here = (r, col) == (map_of.row, map_of.col)
                c.setFillColor(INK if here else Color(1, 1, 1))
                c.rect(x0 + col * cell, y0 + (map_of.rows - 1 - r) * cell, cell, cell, stroke=1, fill=1)
        c.restoreState()
    caption = para(text, styles.para(job.sheet, "slug"))
    caption.wrap(page[0] - 2 * job.edge - map_w, 20 * MM)
    caption.drawOn(c, job.edge, job.edge + 0.5 * MM)

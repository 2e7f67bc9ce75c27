"""The only drawing code: scene -> PDF with reportlab.

Faces are drawn once each into a PDF form and placed wherever they recur. Every canvas is
deterministic (invariant), uses the bundled fonts only, and asks viewers not to rescale.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from pathlib import Path

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, PageTemplate, Paragraph
from reportlab.platypus.doctemplate import LayoutError

from . import __version__, fonts
from .errors import KitpressError, Problem
from .impose import SAFE_EDGE, CardGrid, fit_scale, tiles
from .markup import Builder, MarkupError
from .scene import Deck, Document, Face, TextFrame
from .units import MM

CUT_GREY = Color(0.45, 0.45, 0.45)
INK = Color(0.1, 0.1, 0.1)


@dataclass(frozen=True)
class Meta:
    title: str
    author: str
    subject: str
    lang: str


def open_canvas(path: Path, size: tuple[float, float], meta: Meta) -> Canvas:
    fonts.register()
    c = Canvas(
        str(path), pagesize=size, invariant=1, initialFontName="Sans", initialFontSize=9, pageCompression=1, lang=meta.lang
    )
    _describe(c, meta)
    return c


def _describe(c: Canvas, meta: Meta) -> None:
    c.setTitle(meta.title)
    c.setAuthor(meta.author)
    c.setSubject(meta.subject)
    c.setCreator(f"kitpress {__version__}")
    c.setProducer(f"kitpress {__version__}")
    c.setViewerPreference("PrintScaling", "None")


# -- faces ----------------------------------------------------------------------------------
class FormCache:
    """One PDF form per distinct face on a canvas."""

    def __init__(self, canvas: Canvas):
        self.c, self.names = canvas, {}

    def place(self, face: Face, x: float, y: float, clip: bool = True) -> None:
        name = self.names.get(face.key)
        if name is None:
            name = self.names[face.key] = f"F{len(self.names)}"
            b = face.bleed
            self.c.beginForm(name, -b, -b, face.size[0] + b, face.size[1] + b)
            draw_face(self.c, face, clip)
            self.c.endForm()
        self.c.saveState()
        self.c.translate(x, y)
        self.c.doForm(name)
        self.c.restoreState()


def draw_face(c: Canvas, face: Face, clip: bool = True) -> None:
    """Draw a face with its trim's lower-left corner at the origin."""
    w, h = face.size
    c.saveState()
    if clip:
        b = face.bleed
        path = c.beginPath()
        path.rect(-b, -b, w + 2 * b, h + 2 * b)
        c.clipPath(path, stroke=0, fill=0)
    for shape in face.shapes:
        _shape(c, face, shape)
    for frame in face.frames:
        _frame(c, face, frame)
    c.restoreState()


def _shape(c: Canvas, face: Face, shape) -> None:
    sheet, h = face.sheet, face.size[1]
    fill, stroke = sheet.color(shape.fill), sheet.color(shape.stroke)
    if fill is None and stroke is None:
        return
    if fill is not None:
        c.setFillColor(fill)
    if stroke is not None:
        c.setStrokeColor(stroke)
        c.setLineWidth(shape.width)
    if shape.kind == "line":
        x1, y1, x2, y2 = shape.coords
        c.line(x1, h - y1, x2, h - y2)
        return
    x, y, rw, rh = shape.coords
    if shape.radius:
        c.roundRect(x, h - y - rh, rw, rh, shape.radius, stroke=int(stroke is not None), fill=int(fill is not None))
    else:
        c.rect(x, h - y - rh, rw, rh, stroke=int(stroke is not None), fill=int(fill is not None))


def _frame(c: Canvas, face: Face, frame: TextFrame) -> None:
    x, y, w, h = frame.box
    top = face.size[1] - y
    if frame.fill or frame.stroke:
        fill, stroke = face.sheet.color(frame.fill), face.sheet.color(frame.stroke)
        if fill is not None:
            c.setFillColor(fill)
        if stroke is not None:
            c.setStrokeColor(stroke)
            c.setLineWidth(frame.width)
        args = dict(stroke=int(stroke is not None), fill=int(fill is not None))
        if frame.radius:
            c.roundRect(x, top - h, w, h, frame.radius, **args)
        else:
            c.rect(x, top - h, w, h, **args)
    c.saveState()
    if frame.rotate in (90, 270):
        c.translate(x + w / 2, top - h / 2)
        c.rotate(frame.rotate)
        w, h = h, w
        c.translate(-w / 2, -h / 2)
        x, top = 0, h
    builder = Builder(
        face.sheet, frame.scale, face=lambda attrs, s: FaceFlowable(face.faces[f"{attrs.get('layout')}:{attrs.get('item', '')}"])
    )
    inner_w, inner_h = w - 2 * frame.pad, h - 2 * frame.pad
    flows = builder.build(frame.markup, inner_w)
    heights = [f.wrap(inner_w, inner_h)[1] for f in flows]
    total = sum(heights) + sum(f.getSpaceBefore() for f in flows[1:]) + sum(f.getSpaceAfter() for f in flows[:-1])
    slack = max(inner_h - total, 0)
    cursor = top - frame.pad - {"top": 0, "middle": slack / 2, "bottom": slack}.get(frame.valign, 0)
    for index, (flow, fh) in enumerate(zip(flows, heights)):
        if index:
            cursor -= flow.getSpaceBefore()
        fw = flow.width if hasattr(flow, "width") and isinstance(flow.width, (int, float)) else inner_w
        dx = _halign(flow, inner_w, fw)
        flow.drawOn(c, x + frame.pad + dx, cursor - fh)
        cursor -= fh + flow.getSpaceAfter()
    c.restoreState()


def _halign(flow: Flowable, avail: float, width: float) -> float:
    align = getattr(flow, "hAlign", "LEFT")
    if isinstance(flow, Paragraph) or width >= avail:
        return 0
    return {"CENTER": (avail - width) / 2, "CENTRE": (avail - width) / 2, "RIGHT": avail - width}.get(align, 0)


class FaceFlowable(Flowable):
    """An embedded face (a token in a table cell, say) drawn at its trim size."""

    def __init__(self, face: Face):
        super().__init__()
        self.face = face
        self.width, self.height = face.size

    def wrap(self, avail_width, avail_height):
        return self.face.size

    def draw(self):
        draw_face(self.canv, self.face)


# -- cards ----------------------------------------------------------------------------------
def render_cards(path: Path, decks: tuple[Deck, ...], grid_for, paper, meta: Meta, notes: tuple[str, str], sheet) -> int:
    """Fronts sheets, each followed by its mirrored backs sheet. Returns the page count."""
    c = open_canvas(path, paper, meta)
    forms = FormCache(c)
    pages = 0
    for deck in decks:
        grid: CardGrid = grid_for(deck)
        for start in range(0, len(deck.fronts), grid.per_sheet):
            batch = deck.fronts[start : start + grid.per_sheet]
            for slot, face in zip(grid.slots, batch):
                forms.place(face, slot.x, slot.y)
            _marks(c, grid)
            _note(c, notes[0], grid, sheet)
            c.showPage()
            pages += 1
            if deck.back is not None:
                for slot in grid.back_slots()[: len(batch)]:
                    forms.place(deck.back, slot.x, slot.y)
                _marks(c, grid)
                _note(c, notes[1], grid, sheet)
                c.showPage()
                pages += 1
    c.save()
    return pages


def _marks(c: Canvas, grid: CardGrid) -> None:
    """Crop marks outside the bleed, and thin grey trim lines for cutting with scissors."""
    c.saveState()
    c.setStrokeColor(Color(0.6, 0.6, 0.6))
    c.setLineWidth(0.2)
    for slot in grid.slots:
        c.rect(slot.x, slot.y, grid.card[0], grid.card[1], stroke=1, fill=0)
    c.setStrokeColor(INK)
    c.setLineWidth(0.25)
    for x1, y1, x2, y2 in grid.marks():
        c.line(x1, y1, x2, y2)
    c.restoreState()


def _note(c: Canvas, text: str, grid: CardGrid, sheet) -> None:
    """A line of instructions along the left margin, clear of the marks."""
    if not text:
        return
    left = grid.slots[0].x - grid.bleed - 1 * MM - grid.mark_length
    room = left - SAFE_EDGE - 1 * MM
    if room < 3 * MM:
        return
    para = Paragraph(fonts.with_fallback(_xml(text)), sheet.para("slug"))
    height_avail = grid.paper[1] - 2 * SAFE_EDGE - 20 * MM
    _, ph = para.wrap(height_avail, room)
    c.saveState()
    c.translate(SAFE_EDGE + min(room, ph) / 2 + ph / 2, grid.paper[1] / 2)
    c.rotate(90)
    para.drawOn(c, -height_avail / 2, -ph / 2)
    c.restoreState()


def _xml(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


# -- boards ----------------------------------------------------------------------------------
def render_board(path: Path, faces: tuple[Face, ...], paper, mode: str, meta: Meta, sheet) -> int:
    pages = 0
    c = None
    forms = None
    for index, face in enumerate(faces):
        size = face.size
        fits = (size[0] <= paper[0] + 0.01 and size[1] <= paper[1] + 0.01) or (
            size[0] <= paper[1] + 0.01 and size[1] <= paper[0] + 0.01
        )
        if fits:
            page = paper if size[0] <= paper[0] + 0.01 and size[1] <= paper[1] + 0.01 else (paper[1], paper[0])
            c = c or open_canvas(path, page, meta)
            forms = forms or FormCache(c)
            c.setPageSize(page)
            forms.place(face, (page[0] - size[0]) / 2, (page[1] - size[1]) / 2)
            c.showPage()
            pages += 1
        elif mode == "fit":
            page, scale = fit_scale(size, paper)
            c = c or open_canvas(path, page, meta)
            forms = forms or FormCache(c)
            c.setPageSize(page)
            c.saveState()
            x = (page[0] - size[0] * scale) / 2
            y = (page[1] - size[1] * scale) / 2 + 3 * MM
            c.translate(x, y)
            c.scale(scale, scale)
            forms.place(face, 0, 0)
            c.restoreState()
            _caption(
                c,
                f"{meta.subject} · sheet {index + 1} of {len(faces)} · printed at {scale * 100:.0f} % "
                f"(scaled to fit). For full size, print on A3 or use the tiled board.",
                page,
                sheet,
            )
            c.showPage()
            pages += 1
        else:
            for tile in tiles(size, paper):
                c = c or open_canvas(path, tile.page, meta)
                forms = forms or FormCache(c)
                c.setPageSize(tile.page)
                _tile(c, forms, face, tile, index, len(faces), meta, sheet)
                c.showPage()
                pages += 1
    c.save()
    return pages


def _tile(c: Canvas, forms: FormCache, face: Face, tile, index: int, total: int, meta: Meta, sheet) -> None:
    wx, wy, ww, wh = tile.window
    sx, sy = tile.source
    overlap = 10 * MM
    c.saveState()
    path = c.beginPath()
    path.rect(wx, wy, ww, wh)
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
    text = (
        f"{meta.subject} · sheet {index + 1} of {total} · piece {tile.label} "
        f"({tile.cols}×{tile.rows}) · Print at 100 %. Glue the grey strip under the piece to its right "
        f"or below, lining up the ⊕ marks."
    )
    _caption(c, text, tile.page, sheet, map_of=tile)


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


def _caption(c: Canvas, text: str, page, sheet, map_of=None) -> None:
    """A caption line at the foot of the page, inside the printable area, with a piece map."""
    map_w = 0.0
    if map_of is not None:
        cell = 3.2 * MM
        map_w = map_of.cols * cell + 3 * MM
        x0 = page[0] - SAFE_EDGE - map_of.cols * cell
        y0 = SAFE_EDGE + 0.5 * MM
        c.saveState()
        c.setLineWidth(0.4)
        c.setStrokeColor(INK)
        for r in range(map_of.rows):
            for col in range(map_of.cols):
                here = (r, col) == (map_of.row, map_of.col)
                c.setFillColor(INK if here else Color(1, 1, 1))
                c.rect(x0 + col * cell, y0 + (map_of.rows - 1 - r) * cell, cell, cell, stroke=1, fill=1)
        c.restoreState()
    para = Paragraph(fonts.with_fallback(_xml(text)), sheet.para("slug"))
    width = page[0] - 2 * SAFE_EDGE - map_w
    _, h = para.wrap(width, 20 * MM)
    para.drawOn(c, SAFE_EDGE, SAFE_EDGE + 0.5 * MM)


# -- documents -------------------------------------------------------------------------------
def render_document(path: Path, doc: Document, paper, meta: Meta) -> int:
    fonts.register()
    page = (paper[1], paper[0]) if doc.orientation == "landscape" else paper
    top, right, bottom, left = doc.margins
    body_top = page[1] - top - doc.header_height
    body_h = body_top - bottom - doc.footer_height
    body_w = page[0] - left - right
    col_w = (body_w - doc.gap * (doc.columns - 1)) / doc.columns
    frames = [
        Frame(
            left + i * (col_w + doc.gap),
            bottom + doc.footer_height,
            col_w,
            body_h,
            leftPadding=0,
            rightPadding=0,
            topPadding=0,
            bottomPadding=0,
            id=f"c{i}",
        )
        for i in range(doc.columns)
    ]
    resolver = lambda attrs, s: FaceFlowable(doc.faces[f"{attrs.get('layout')}:{attrs.get('item', '')}"])  # noqa: E731
    builder = Builder(doc.sheet, 1.0, face=resolver)

    def decorate(canvas: Canvas, template) -> None:
        canvas.setViewerPreference("PrintScaling", "None")
        number = canvas.getPageNumber()
        for text, y, h in (
            (doc.header, page[1] - top - doc.header_height, doc.header_height),
            (doc.footer, bottom, doc.footer_height),
        ):
            if not text or h <= 0:
                continue
            flows = Builder(doc.sheet, 1.0, face=resolver).build(text.replace("{page}", str(number)), body_w)
            cursor = y + h
            for flow in flows:
                _, fh = flow.wrap(body_w, h)
                flow.drawOn(canvas, left, cursor - fh)
                cursor -= fh + flow.getSpaceAfter()

    try:
        story = builder.build(doc.body, col_w)
    except MarkupError as exc:
        raise KitpressError(Problem("error", f"{exc} (layout {doc.layout})", doc.loc)) from None
    template = BaseDocTemplate(
        str(path),
        pagesize=page,
        leftMargin=left,
        rightMargin=right,
        topMargin=top,
        bottomMargin=bottom,
        title=meta.title,
        author=meta.author,
        subject=meta.subject,
        creator=f"kitpress {__version__}",
        producer=f"kitpress {__version__}",
        invariant=1,
        lang=meta.lang,
        initialFontName="Sans",
        pageCompression=1,
    )
    template.addPageTemplates([PageTemplate("page", frames=frames, onPage=decorate)])
    try:
        template.build(story, canvasmaker=partial(Canvas, initialFontName="Sans"))
    except LayoutError as exc:
        raise KitpressError(Problem("error", f"a block is too big for the page in layout {doc.layout}: {exc}", doc.loc)) from None
    except ValueError as exc:  # reportlab's word for a table wider than its column
        first = str(exc).strip().splitlines()[-1]
        raise KitpressError(Problem("error", f"layout {doc.layout} does not fit its page: {first}", doc.loc)) from None
    pages = template.page
    if doc.max_pages and pages > doc.max_pages:
        raise KitpressError(Problem("error", f"{doc.layout} runs to {pages} pages; its layout allows {doc.max_pages}", doc.loc))
    return pages

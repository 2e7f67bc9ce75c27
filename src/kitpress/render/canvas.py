"""The only drawing code: scene -> PDF with reportlab.

Faces are drawn once each into a PDF form and placed wherever they recur. Every canvas is
deterministic (invariant), uses the bundled fonts only, and asks viewers not to rescale.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Paragraph

from kitpress import __version__
from kitpress.compose.scene import Face, TextFrame
from kitpress.impose import pageboxes
from kitpress.impose.pageboxes import PageBoxes
from kitpress.render import facecache, pagedicts, replays
from kitpress.typeset import direction, fonts, parsed
from kitpress.typeset.frames import embedder, set_frame
from kitpress.layout.stylesheet import StyleSheet
from kitpress.typeset import styles

INK = Color(0.1, 0.1, 0.1)

pagedicts.install()  # every document saved in this process formats each kind of page once


@dataclass(frozen=True)
class Meta:
    title: str
    author: str
    subject: str
    lang: str


@dataclass(frozen=True)
class Job:
    """What every page of one PDF shares: the paper, the edge printers cannot reach, the
    document's description and the house styles for captions."""

    paper: tuple[float, float]
    edge: float
    meta: Meta
    sheet: StyleSheet
    back_offset: tuple[float, float] = (0.0, 0.0)  # points, as seen from the front: how far to move every back
    flip: str = "long"  # the edge the printer turns the sheet on
    cut_lines: str = "trim"  # trim: a thin grey line on each card's trim, for scissors; none: crop marks only


def open_canvas(path, size: tuple[float, float], meta: Meta) -> Canvas:
    """A canvas on a file path or a binary buffer."""
    fonts.register()
    c = Canvas(
        path if not isinstance(path, Path) else str(path),
        pagesize=size,
        invariant=1,
        initialFontName="Sans",
        initialFontSize=9,
        pageCompression=1,
        lang=meta.lang,
    )
    _describe(c, meta)
    set_boxes(c, pageboxes.whole(size))  # a page not cut: what a renderer that cuts its pages sets again, page by page
    return c


def set_boxes(c: Canvas, boxes: PageBoxes) -> None:
    """The TrimBox, BleedBox and ArtBox of the page being drawn (what each means: impose.pageboxes).
    reportlab writes them when the page is shown and keeps them for the pages after, so every
    page sets all three; an ArtBox of None leaves it out."""
    c.setTrimBox(boxes.trim)
    c.setBleedBox(boxes.bleed)
    c.setArtBox(boxes.art)


def _describe(c: Canvas, meta: Meta) -> None:
    c.setTitle(meta.title)
    c.setAuthor(meta.author)
    c.setSubject(meta.subject)
    c.setCreator(f"kitpress {__version__}")
    c.setProducer(f"kitpress {__version__}")
    c.setViewerPreference("PrintScaling", "None")


# -- faces ----------------------------------------------------------------------------------
class FormCache:
    """One PDF form per distinct face on a canvas, drawn once and placed wherever it recurs; a
    face known to be printed only once (`recurring` says which recur) is drawn in place."""

    def __init__(self, canvas: Canvas, recurring: set[str] | None = None):
        self.c, self.names, self.recurring = canvas, {}, recurring

    def place(self, face: Face, x: float, y: float, clip: bool = True) -> None:
        if self.recurring is not None and face.key not in self.recurring:
            self.c.saveState()
            self.c.translate(x, y)
            facecache.draw(self.c, face, clip, draw_face)
            self.c.restoreState()
            return
        name = self.names.get(face.key)
        if name is None:
            name = self.names[face.key] = f"F{len(self.names)}"
            b = face.bleed
            self.c.beginForm(name, -b, -b, face.size[0] + b, face.size[1] + b)
            facecache.draw(self.c, face, clip, draw_face)
            self.c.endForm()
        self.c.saveState()
        self.c.translate(x, y)
        self.c.doForm(name)
        self.c.restoreState()


def draw_face(c: Canvas, face: Face, clip: bool = True) -> None:
    """Draw a face with its trim's lower-left corner at the origin."""
    h = face.size[1]
    c.saveState()
    backdrop = ("backdrop", face.size, face.bleed, clip, face.shapes)  # what a layout's faces mostly share
    replays.draw(c, backdrop, face.sheet, lambda: _backdrop(c, face, clip))
    for placed in face.children:
        child, x, y, turn = placed.face, placed.x, placed.y, placed.turn
        cw, ch = child.size
        bw, bh = (ch, cw) if turn in (90, 270) else (cw, ch)  # its box on this face
        c.saveState()
        if turn:  # about the box's centre, as a frame's rotate turns its text
            c.translate(x + bw / 2, h - y - bh / 2)
            c.rotate(turn)
            c.translate(-cw / 2, -ch / 2)
        else:
            c.translate(x, h - y - ch)
        if placed.reach is not None:  # a die net's face: its bleed past its cut sides, not across its folds
            left, bottom, right, top = placed.reach
            path = c.beginPath()
            path.rect(-left, -bottom, cw + left + right, ch + bottom + top)
            c.clipPath(path, stroke=0, fill=0)
        draw_face(c, child)
        c.restoreState()
    for shape in face.overlays:
        _isolated_shape(c, face, shape)
    for frame in face.frames:
        _frame(c, face, frame)
    c.restoreState()


def _backdrop(c: Canvas, face: Face, clip: bool) -> None:
    """The face's clip to its bleed, and the shapes under its children and text."""
    if clip:
        w, h, b = *face.size, face.bleed
        path = c.beginPath()
        path.rect(-b, -b, w + 2 * b, h + 2 * b)
        c.clipPath(path, stroke=0, fill=0)
    for shape in face.shapes:
        _isolated_shape(c, face, shape)


def _isolated_shape(c: Canvas, face: Face, shape) -> None:
    """A shape sets every colour and width it uses, so only a dash must not outlive it: a
    graphics state saved per shape is a third of a card's drawing operators."""
    if shape.dash:
        c.saveState()
        _shape(c, face, shape)
        c.restoreState()
    else:
        _shape(c, face, shape)


def _shape(c: Canvas, face: Face, shape) -> None:
    sheet, h = face.sheet, face.size[1]
    fill, stroke = styles.fill(sheet, shape.fill), styles.color(sheet, shape.stroke)
    if sheet.ink_saver and shape.kind in ("rect", "ellipse") and min(shape.coords[:2]) < 0:
        fill = None  # saving ink: nothing is filled out to the bleed
    if fill is None and stroke is None and shape.kind != "image":
        return
    if fill is not None:
        c.setFillColor(fill)
    if stroke is not None:
        c.setStrokeColor(stroke)
        c.setLineWidth(shape.width)
        if shape.dash:
            c.setDash(list(shape.dash))
    if shape.kind == "image":
        x, y, rw, rh = shape.coords
        c.drawImage(shape.image, x, h - y - rh, rw, rh, mask="auto", preserveAspectRatio=True, anchor="c")
        return
    if shape.kind == "line":
        x1, y1, x2, y2 = shape.coords
        c.line(x1, h - y1, x2, h - y2)
        return
    if shape.kind == "polygon":
        path = c.beginPath()
        points = list(zip(shape.coords[::2], shape.coords[1::2]))
        path.moveTo(points[0][0], h - points[0][1])
        for x, y in points[1:]:
            path.lineTo(x, h - y)
        path.close()
        c.drawPath(path, stroke=int(stroke is not None), fill=int(fill is not None))
        return
    if shape.kind == "ellipse":
        x, y, rw, rh = shape.coords
        c.ellipse(x, h - y - rh, x + rw, h - y, stroke=int(stroke is not None), fill=int(fill is not None))
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
        fill, stroke = styles.fill(face.sheet, frame.fill), styles.color(face.sheet, frame.stroke)
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
    if frame.rotate:  # turn about the frame's centre; a quarter turn swaps width and height
        c.saveState()
        c.translate(x + w / 2, top - h / 2)
        c.rotate(frame.rotate)
        if frame.rotate in (90, 270):
            w, h = h, w
        c.translate(-w / 2, -h / 2)
        x, top = 0, h
    repeats = "<face" not in frame.markup and "<index" not in frame.markup  # else it draws what is the card's own
    key = ("text", frame, (x, top, w, h)) if repeats else None
    replays.draw(c, key, face.sheet, lambda: _text(c, face, frame, x, top, w, h))
    if frame.rotate:
        c.restoreState()


def _text(c: Canvas, face: Face, frame: TextFrame, x: float, top: float, w: float, h: float) -> None:
    """A frame's text fitted to its box and drawn, its top left corner at (x, top)."""
    fitted = set_frame(face, frame, w, h, embed=FaceFlowable)
    slack = max(h - 2 * frame.pad - fitted.needed, 0)
    cursor = top - frame.pad - {"top": 0, "middle": slack / 2, "bottom": slack}.get(frame.valign, 0)
    inner_w = w - 2 * frame.pad
    for index, (flow, fh) in enumerate(zip(fitted.flows, fitted.heights)):
        if index:
            cursor -= flow.getSpaceBefore()
        fw = flow.width if hasattr(flow, "width") and isinstance(flow.width, (int, float)) else inner_w
        dx = _halign(flow, inner_w, fw)
        flow.drawOn(c, x + frame.pad + dx, cursor - fh)  # each flowable saves and restores the state
        cursor -= fh + flow.getSpaceAfter()


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


def face_resolver(faces: dict):
    """How markup's <face layout=… item=…/> finds the face composed for it, to draw it."""
    return embedder(faces, FaceFlowable)


def para(text: str, style) -> Paragraph:
    """A plain-text caption as a paragraph (a sheet's margin note, a board's): escaped, with the
    symbol fallback, each script's letters in its family (Arabic joined) and, where it holds
    right-to-left text or the kit is written right to left, drawn in visual order."""
    escaped = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    markup = fonts.with_fallback(escaped, getattr(style, "cjk_family", None))
    return parsed.paragraph(markup, style, bidi=direction.needs_bidi(markup, style))

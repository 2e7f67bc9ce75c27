"""Flowing documents (guide, rules, score sheet, token sheet) on the chosen paper: page
geometry, a fit check before anything is written, and the writer."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, Frame, PageTemplate
from reportlab.platypus.doctemplate import LayoutError
from reportlab.platypus.tableofcontents import SimpleIndex, TableOfContents

from kitpress import __version__
from kitpress.compose.scene import Document
from kitpress.errors import KitpressError, Problem
from kitpress.render.canvas import Job, face_resolver
from kitpress.typeset import fit, fonts
from kitpress.typeset.fit import measure, paragraphs
from kitpress.typeset.markup import Builder, MarkupError, escape


@dataclass(frozen=True)
class Geometry:
    page: tuple[float, float]
    columns: tuple[tuple[float, float, float, float], ...]  # x, y, w, h of each body column
    header: tuple[float, float, float, float]
    footer: tuple[float, float, float, float]


def geometry(doc: Document, paper: tuple[float, float]) -> Geometry:
    page = (paper[1], paper[0]) if doc.orientation == "landscape" else paper
    top, right, bottom, left = doc.margins
    body_w = page[0] - left - right
    body_h = page[1] - top - bottom - doc.header_height - doc.footer_height
    col_w = (body_w - doc.gap * (doc.columns - 1)) / doc.columns
    y = bottom + doc.footer_height
    columns = tuple((left + i * (col_w + doc.gap), y, col_w, body_h) for i in range(doc.columns))
    header = (left, page[1] - top - doc.header_height, body_w, doc.header_height)
    return Geometry(page, columns, header, (left, bottom, body_w, doc.footer_height))


def problems(doc: Document, paper: tuple[float, float], story: list | None = None) -> list[Problem]:
    """No word or table wider than its column, no text taller than a fixed row. `story`: the
    body's blocks, when the caller has built them already."""
    out = []
    geo = geometry(doc, paper)
    parts = (("header", doc.header, geo.header[2]), ("body", doc.body, geo.columns[0][2]), ("footer", doc.footer, geo.footer[2]))
    for name, text, width in parts:
        if not text:
            continue
        try:
            built = story if name == "body" and story is not None else None
            flows = built or Builder(doc.sheet, 1.0, face=face_resolver(doc.faces)).build(text, width)
        except MarkupError as exc:
            out.append(Problem("error", f"{exc} (layout {doc.layout}, {name})", doc.loc))
            continue
        for flow in flows:
            if isinstance(flow, (TableOfContents, SimpleIndex)):
                continue  # laid out at render time, from the headings and index marks
            try:
                too_wide = measure([flow], width)[1]
            except ValueError:  # reportlab: a cell narrower than its own padding
                too_wide = True
            if too_wide:
                out.append(_overflow(doc, name, flow))
    return out


def _overflow(doc: Document, part: str, flow) -> Problem:
    """Name the content text the overflowing block shows, when there is one."""
    shown = " ".join(p.text for p in paragraphs([flow]))
    culprits = [t for t in doc.printed if escape(str(t))[:40] in shown]
    what = "a word wider than its line, or text taller than its row"
    if culprits:
        text = max(culprits, key=len)
        return Problem("error", f"text does not fit: layout {doc.layout}, {part}, field {text.field}: {what}", text.loc)
    return Problem("error", f"text does not fit: layout {doc.layout}, {part}, {_describe(flow)}: {what}", doc.loc)


def _describe(flow) -> str:
    texts = [p.text for p in paragraphs([flow]) if p.text]
    return f"'{texts[0][:50]}'" if texts else f"a {type(flow).__name__}"


class _Template(BaseDocTemplate):
    def afterFlowable(self, flowable) -> None:  # noqa: N802 - reportlab's hook
        level = getattr(flowable, "toc_level", None)
        if level is not None:
            self.notify("TOCEntry", (level, flowable.getPlainText(), self.page))


def _all(flows):
    for flow in flows:
        yield flow
        for row in getattr(flow, "_cellvalues", []):
            for cell in row:
                yield from _all(cell if isinstance(cell, list) else [cell])


def render_document(path: Path, doc: Document, job: Job) -> int:
    fonts.register()
    geo = geometry(doc, job.paper)
    frames = [
        Frame(x, y, w, h, leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0, id=f"c{i}")
        for i, (x, y, w, h) in enumerate(geo.columns)
    ]
    resolver = face_resolver(doc.faces)

    def decorate(canvas: Canvas, _template) -> None:
        canvas.setViewerPreference("PrintScaling", "None")
        number = str(canvas.getPageNumber())
        for text, (x, y, w, h) in ((doc.header, geo.header), (doc.footer, geo.footer)):
            if not text or h <= 0:
                continue
            cursor = y + h
            for flow in Builder(doc.sheet, 1.0, face=resolver).build(text.replace("{page}", number), w):
                _, fh = flow.wrap(w, h)
                flow.drawOn(canvas, x, cursor - fh)
                cursor -= fh + flow.getSpaceAfter()

    try:
        story = Builder(doc.sheet, 1.0, face=resolver).build(doc.body, geo.columns[0][2])
    except MarkupError as exc:
        raise KitpressError(Problem("error", f"{exc} (layout {doc.layout})", doc.loc)) from None
    for problem in problems(doc, job.paper, story):  # checked here, where the blocks are built anyway
        fit.report(problem)
    meta = job.meta
    template = _Template(
        str(path), pagesize=geo.page, title=meta.title, author=meta.author, subject=meta.subject,
        creator=f"kitpress {__version__}", producer=f"kitpress {__version__}", invariant=1, lang=meta.lang,
        initialFontName=fonts.face_name(fonts.MAIN), pageCompression=1,
    )  # fmt: skip
    template.addPageTemplates([PageTemplate("page", frames=frames, onPage=decorate)])
    maker = partial(Canvas, initialFontName=fonts.face_name(fonts.MAIN))
    index = next((f for f in _all(story) if isinstance(f, SimpleIndex)), None)
    if index is not None:
        maker = index.getCanvasMaker(maker)  # collects the pages of every <index item=…/>
    try:
        if index is not None or any(isinstance(f, TableOfContents) for f in _all(story)):
            template.multiBuild(story, canvasmaker=maker)  # page numbers settle on the second pass
        else:
            template.build(story, canvasmaker=maker)
    except LayoutError as exc:
        raise KitpressError(Problem("error", f"a block is too big for the page in layout {doc.layout}: {exc}", doc.loc)) from None
    if doc.max_pages and template.page > doc.max_pages:
        message = f"{doc.layout} runs to {template.page} pages; its layout allows {doc.max_pages}"
        raise KitpressError(Problem("error", message, doc.loc))
    return template.page

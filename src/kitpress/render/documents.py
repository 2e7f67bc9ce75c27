"""Flowing documents (guide, rules, score sheet, token sheet) on the chosen paper, written page
by page; their geometry and their checks are typeset's (typeset.documents)."""

from __future__ import annotations

from functools import partial
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, CondPageBreak, Frame, PageTemplate, Paragraph, Table
from reportlab.platypus.doctemplate import LayoutError
from reportlab.platypus.tableofcontents import SimpleIndex, TableOfContents

from kitpress import __version__
from kitpress.compose.scene import Document
from kitpress.errors import KitpressError, Problem
from kitpress.impose import pageboxes
from kitpress.render.canvas import Job, face_resolver, set_boxes
from kitpress.typeset import fit, fonts
from kitpress.typeset.contents import Contents
from kitpress.typeset.documents import geometry, problems
from kitpress.typeset.markup import Builder, MarkupError


class _Template(BaseDocTemplate):
    def afterFlowable(self, flowable) -> None:  # noqa: N802 - reportlab's hook
        level = getattr(flowable, "toc_level", None)
        if level is not None:
            self.notify("TOCEntry", (level, flowable.getPlainText(), self.page))


def _seed(contents: list, story: list) -> None:
    """Give each contents list its headings before the first pass (typeset/contents): the ones
    _Template.afterFlowable will find, so that one pass places every page."""
    entries = [(flow.toc_level, flow.getPlainText()) for flow in story if getattr(flow, "toc_level", None) is not None]
    for serial, toc in enumerate(contents):
        if isinstance(toc, Contents):
            toc.seed(entries, serial)


def _all(flows):
    for flow in flows:
        yield flow
        for row in getattr(flow, "_cellvalues", []):
            for cell in row:
                yield from _all(cell if isinstance(cell, list) else [cell])


# A heading goes to the next column unless this much of what follows fits under it (about three
# lines of body text, or a table's head and first rows): reportlab's own keepWithNext keeps a
# heading with the whole of what follows, and a long table then leaves most of a column empty.
FOLLOWING = 36.0  # points


def kept_with_next(story: list, width: float) -> list:
    """The story with a conditional column break before each run of headings (a style that says
    `keep_with_next`), so a heading is never left alone at the foot of a column or page."""
    out, i = [], 0
    while i < len(story):
        run = i
        while run < len(story) and getattr(getattr(story[run], "style", None), "keepWithNext", 0):
            story[run].__dict__["keepWithNext"] = 0  # the break below does it, and only as far as needed
            run += 1
        if run == i:
            out.append(story[i])
            i += 1
            continue
        need = sum(_height(f, width) + f.getSpaceAfter() for f in story[i:run])
        if run < len(story):
            need += min(_height(story[run], width), FOLLOWING)
        out += [CondPageBreak(need), *story[i:run]]
        i = run
    return out


def _height(flow, width: float) -> float:
    """A block's height at the column's width; an index, a contents list or a drawing measures
    itself only on the page (as FOLLOWING, which asks for that much room)."""
    if isinstance(flow, (Paragraph, Table)):
        return flow.wrap(width, 1e6)[1]
    return FOLLOWING


def render_document(path: Path, doc: Document, job: Job) -> int:
    fonts.register()
    geo = geometry(doc, job.paper)
    frames = [
        Frame(x, y, w, h, leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0, id=f"c{i}")
        for i, (x, y, w, h) in enumerate(geo.columns)
    ]
    resolver = face_resolver(doc.faces)
    boxes = pageboxes.document(geo.page, doc.margins)  # not cut: trimmed on the paper, the type area its art

    def decorate(canvas: Canvas, _template) -> None:
        canvas.setViewerPreference("PrintScaling", "None")
        set_boxes(canvas, boxes)
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
        story = Builder(doc.sheet, 1.0, face=resolver, lines_kept=True).build(doc.body, geo.columns[0][2])
    except MarkupError as exc:
        raise KitpressError(Problem("error", f"{exc} (layout {doc.layout})", doc.loc)) from None
    for problem in problems(doc, job.paper, story):  # checked here, where the blocks are built anyway
        fit.report(problem)
    story = kept_with_next(story, geo.columns[0][2])
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
        contents = [f for f in _all(story) if isinstance(f, TableOfContents)]
        if index is not None or contents:
            _seed(contents, story)
            template.multiBuild(story, canvasmaker=maker)  # one pass, unless a list finds what it did not draw
        else:
            template.build(story, canvasmaker=maker)
    except LayoutError as exc:
        raise KitpressError(Problem("error", f"a block is too big for the page in layout {doc.layout}: {exc}", doc.loc)) from None
    if doc.max_pages and template.page > doc.max_pages:
        message = f"{doc.layout} runs to {template.page} pages; its layout allows {doc.max_pages}"
        raise KitpressError(Problem("error", message, doc.loc))
    return template.page

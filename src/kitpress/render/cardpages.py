"""Card faces one to a page, each page the face's trim plus a bleed: what print shops take (one
card per page, front then back) and what per-card images and Tabletop Simulator's sheets are
drawn from. No marks, no notes: the page's TrimBox and BleedBox say where to cut."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from kitpress.compose.scene import Face
from kitpress.render import facecache
from kitpress.render.canvas import FormCache, Meta, open_canvas


@dataclass(frozen=True)
class FacePage:
    face: Face
    bleed: float  # points around the trim the page shows; more than the face has is left blank


def render_face_pages(path, pages: list[FacePage], meta: Meta) -> int:
    """Each face on a page of its own (`path`: a file path or a binary buffer); the page count."""
    if not pages:
        raise ValueError("no faces to draw")
    first = pages[0]
    c = open_canvas(path, _size(first), meta)
    seen = Counter(page.face.key for page in pages)
    forms = FormCache(c, {key for key, count in seen.items() if count > 1})  # a shared back: one form
    for page in pages:
        w, h = _size(page)
        b = page.bleed
        c.setPageSize((w, h))
        c.setBleedBox((0, 0, w, h))
        c.setTrimBox((b, b, w - b, h - b))
        forms.place(page.face, b, b)
        c.showPage()
    c.save()
    facecache.store().flush()
    return len(pages)


def _size(page: FacePage) -> tuple[float, float]:
    return page.face.size[0] + 2 * page.bleed, page.face.size[1] + 2 * page.bleed

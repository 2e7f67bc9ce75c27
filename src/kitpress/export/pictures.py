"""Faces as pictures: drawn one to a page (render/cardpages) into a PDF held in memory, then each
page rasterised by pdfium (build/rasters). A few pages at a time, so 500 cards at 300 dpi never
sit in memory at once (each is 2–3 MB as pixels)."""

from __future__ import annotations

import io
from collections.abc import Iterator

from kitpress.build import rasters
from kitpress.compose.scene import Face
from kitpress.render.canvas import Meta
from kitpress.render.cardpages import FacePage, render_face_pages

AT_ONCE = 8  # pages rasterised a call


def drawn(faces: list[Face], meta: Meta, bleed: bool | float, dpi: float | None = None, size: tuple[int, int] | None = None
          ) -> Iterator:  # fmt: skip
    """Each face as an RGB picture, in order: its trim and around it its own bleed (`bleed` True),
    none (False) or so many points, at `dpi` pixels an inch, or resized to `size` (w, h) pixels."""
    if not faces:
        return
    buffer = io.BytesIO()
    around = [face.bleed if bleed is True else 0.0 if bleed is False else float(bleed) for face in faces]
    render_face_pages(buffer, [FacePage(face, b) for face, b in zip(faces, around)], meta)
    pdf = buffer.getvalue()
    for start in range(0, len(faces), AT_ONCE):
        numbers = list(range(start + 1, min(start + AT_ONCE, len(faces)) + 1))
        if size is not None:
            for image in rasters.render(pdf, numbers, width=size[0]):
                yield image if image.size == size else image.resize(size)
        else:
            yield from rasters.render(pdf, numbers, scale=(dpi or 300) / 72)

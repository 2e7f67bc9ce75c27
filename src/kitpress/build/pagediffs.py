"""Which pages of a PDF can differ from another's, told without drawing either (qpdf, through
pikepdf): a page is its size, its content streams and the streams of the images and forms it
places. Fonts are left out: a font's subset grows with the file's text, while the codes a
page shows a character by stay the same (fixed places). Two pages with the same digest draw
the same; two with different digests may still look alike (a font named otherwise), which is
for the pixels to settle (site/pages)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

import pikepdf

DEPTH = 4  # forms inside forms a digest follows (kitpress draws none deeper than one)


@dataclass(frozen=True)
class PageSum:
    digest: str
    width: float  # points, the page's MediaBox
    height: float


def page_sums(pdf: Path) -> list[PageSum]:
    """One PageSum a page, in order. pikepdf.PdfError if `pdf` is not a PDF qpdf can read."""
    with pikepdf.open(pdf) as document:
        return [_sum(page) for page in document.pages]


def _sum(page: pikepdf.Page) -> PageSum:
    box = [float(v) for v in page.mediabox]
    digest = hashlib.sha256(repr(box).encode())
    contents = page.obj.get("/Contents")
    streams = contents if isinstance(contents, pikepdf.Array) else [contents] if contents is not None else []
    for stream in streams:
        digest.update(stream.read_raw_bytes())
    _placed(page.obj, digest, DEPTH, set())
    return PageSum(digest.hexdigest(), box[2] - box[0], box[3] - box[1])


def _placed(holder: pikepdf.Object, digest, depth: int, seen: set) -> None:
    """The streams of the images and forms `holder` places, and of what those place in turn."""
    placed = holder.get("/Resources", {}).get("/XObject", {})
    for name in sorted(placed.keys()):
        stream = placed[name]
        digest.update(name.encode() + stream.read_raw_bytes())
        key = stream.objgen
        if depth > 1 and key not in seen:
            seen.add(key)
            _placed(stream, digest, depth - 1, seen)

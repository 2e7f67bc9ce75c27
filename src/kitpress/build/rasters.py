"""Pages of finished PDFs as pictures (pdfium, through pypdfium2).

pdfium is not thread-safe, not even for two documents at once, and `kitpress serve` draws
pages for its page while its build thread draws thumbnails: every use in the process goes
through LOCK. A fork waits for the lock, so a worker never starts with pdfium half-way through
a page in another thread."""

from __future__ import annotations

import os
import threading
from pathlib import Path

LOCK = threading.RLock()
os.register_at_fork(before=LOCK.acquire, after_in_parent=LOCK.release, after_in_child=LOCK.release)


def render(pdf: Path | bytes, numbers: list[int] | None = None, width: int | None = None, scale: float = 1.0) -> list:
    """Pages `numbers` of `pdf` (a file, or a PDF's bytes; 1-based; every page if None) as RGB
    PIL images, each `width` pixels wide if given, else at `scale` pixels a point. pdfium's
    PdfiumError if it cannot be read; IndexError for a page it does not have."""
    import pypdfium2 as pdfium  # only when a page is drawn: 12 ms to import

    with LOCK:
        document = pdfium.PdfDocument(pdf if isinstance(pdf, bytes) else str(pdf))
        try:
            count = len(document)
            wanted = range(1, count + 1) if numbers is None else numbers
            images = []
            for number in wanted:
                if not 1 <= number <= count:
                    raise IndexError(f"the PDF has no page {number}")
                page = document[number - 1]
                try:
                    factor = width / page.get_size()[0] if width else scale
                    images.append(page.render(scale=factor, may_draw_forms=False).to_pil().convert("RGB"))
                finally:
                    page.close()
            return images
        finally:
            document.close()

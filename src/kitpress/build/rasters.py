"""Pages of finished PDFs as pictures (pdfium, through pypdfium2).

pdfium is not thread-safe, not even for two documents at once, and `kitpress serve` draws
pages for its page while its build thread draws thumbnails: every use in the process goes
through LOCK. A fork waits for the lock, so a worker never starts with pdfium half-way through
a page in another thread.

A build's thumbnails (`first_page`) call pdfium's library through ctypes, the functions they use
declared here: pypdfium2 declares pdfium's whole interface when imported, and Pillow's PNG
plugin pulls in its EXIF, palette and file machinery, 50-60 ms of CPU together in every build
that draws a thumbnail, while the workers draw on both cores, against 3 ms to load the library.
It is the very library pypdfium2 loads (one copy in the process, initialised as pypdfium2
does), and the pixels are those `render` gives (tests/test_thumbnails compares them)."""

from __future__ import annotations

import ctypes
import importlib.util
import math
import os
import sys
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


def first_page(pdf: Path, width: int) -> tuple[int, int, bytes] | None:
    """Page 1 of `pdf`, `width` pixels wide, as RGB rows: (width, height, pixels), drawn as
    `render(pdf, [1], width)` draws it; None where the lean door cannot (a library it cannot
    find, a file pdfium cannot read, no page), for `render` to draw it or say why."""
    lib = _pdfium()
    if lib is None:
        return None
    data = pdf.read_bytes()
    with LOCK:
        document = lib.FPDF_LoadMemDocument(data, len(data), None)
        if not document:
            return None
        try:
            if lib.FPDF_GetPageCount(document) < 1:
                return None
            page = lib.FPDF_LoadPage(document, 0)
            if not page:
                return None
            try:
                return _drawn(lib, page, width)
            finally:
                lib.FPDF_ClosePage(page)
        finally:
            lib.FPDF_CloseDocument(document)


# FPDFBitmap_BGR, and FPDF_REVERSE_BYTE_ORDER to fill it red-green-blue; FPDF_ANNOT; opaque white (ARGB)
_BGR, _RGB_ORDER, _ANNOT, _WHITE = 2, 0x10, 0x01, 0xFFFFFFFF


def _drawn(lib, page, width: int) -> tuple[int, int, bytes] | None:
    page_width = lib.FPDF_GetPageWidthF(page)  # as pypdfium2's render: the size by ceil, on white, annotations drawn
    factor = width / page_width
    w, h = math.ceil(page_width * factor), math.ceil(lib.FPDF_GetPageHeightF(page) * factor)
    pixels = ctypes.create_string_buffer(w * h * 3)
    bitmap = lib.FPDFBitmap_CreateEx(w, h, _BGR, pixels, w * 3)
    if not bitmap:
        return None
    try:
        lib.FPDFBitmap_FillRect(bitmap, 0, 0, w, h, _WHITE)
        lib.FPDF_RenderPageBitmap(bitmap, page, 0, 0, w, h, 0, _ANNOT | _RGB_ORDER)
    finally:
        lib.FPDFBitmap_Destroy(bitmap)
    return w, h, pixels.raw


class _Config(ctypes.Structure):  # FPDF_LIBRARY_CONFIG, version 2: what pypdfium2 initialises pdfium with
    _fields_ = [
        ("version", ctypes.c_int),
        ("m_pUserFontPaths", ctypes.c_void_p),
        ("m_pIsolate", ctypes.c_void_p),
        ("m_v8EmbedderSlot", ctypes.c_uint),
    ]


_LIBRARY: list = []  # [the loaded library, or None where it cannot be]
_NAMES = {"linux": "libpdfium.so", "darwin": "libpdfium.dylib", "win32": "pdfium.dll"}


def first_page_ready() -> None:
    """Load pdfium for `first_page` now (a build does it while its workers draw)."""
    _pdfium()


def _pdfium():
    if not _LIBRARY:
        with LOCK:  # two threads drawing their first thumbnails at once load it once
            if not _LIBRARY:
                _LIBRARY.append(_loaded())
    return _LIBRARY[0]


def _loaded():
    spec = importlib.util.find_spec("pypdfium2_raw")  # found, not imported
    name = next((file for system, file in _NAMES.items() if sys.platform.startswith(system)), None)
    if spec is None or spec.origin is None or name is None or not (Path(spec.origin).parent / name).is_file():
        return None
    try:
        lib = ctypes.CDLL(str(Path(spec.origin).parent / name))
        void_p, c_int, c_float = ctypes.c_void_p, ctypes.c_int, ctypes.c_float
        signatures = {
            "FPDF_InitLibraryWithConfig": ((ctypes.POINTER(_Config),), None),
            "FPDF_LoadMemDocument": ((ctypes.c_char_p, c_int, ctypes.c_char_p), void_p),
            "FPDF_GetPageCount": ((void_p,), c_int),
            "FPDF_LoadPage": ((void_p, c_int), void_p),
            "FPDF_GetPageWidthF": ((void_p,), c_float),
            "FPDF_GetPageHeightF": ((void_p,), c_float),
            "FPDFBitmap_CreateEx": ((c_int, c_int, c_int, void_p, c_int), void_p),
            "FPDFBitmap_FillRect": ((void_p, c_int, c_int, c_int, c_int, ctypes.c_ulong), c_int),
            "FPDF_RenderPageBitmap": ((void_p, void_p, c_int, c_int, c_int, c_int, c_int, c_int), None),
            "FPDFBitmap_Destroy": ((void_p,), None),
            "FPDF_ClosePage": ((void_p,), None),
            "FPDF_CloseDocument": ((void_p,), None),
        }
        for function, (arguments, result) in signatures.items():
            getattr(lib, function).argtypes, getattr(lib, function).restype = arguments, result
        with LOCK:  # a second initialisation (pypdfium2's, later) is one pdfium ignores
            lib.FPDF_InitLibraryWithConfig(ctypes.byref(_Config(2, None, None, 0)))
    except (OSError, AttributeError):
        return None
    return lib

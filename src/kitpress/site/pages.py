"""Every page of a kit as a picture, and where the last build changed them: the designer's view
of `kitpress serve`.

A page is drawn when the browser asks for it (lazily: a 600-card deck has 134 pages) and kept
while its PDF is the same file (path, size, time, inode); its address carries that file's
stamp, so the browser keeps an unchanged page too, across builds.

What changed: the PDFs a build replaced are kept in the kit's .previous/ folder (build/publish).
Pages whose digests differ (build/pagediffs: no drawing) are drawn old and new, and the pixels
that differ are boxed, one box for each patch of them (a card on a sheet, a square of a
board), so the view marks the piece that changed, not the whole page."""

from __future__ import annotations

import hashlib
import io
import threading
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageChops

from kitpress.build import pagediffs, rasters
from kitpress.build.publish import PREVIOUS
from kitpress.site.kits import Kit

WIDTHS = (360, 1400)  # pixels: a page in the grid (twice its CSS width, for sharp screens), and opened
MAX_CACHED = 96 * 1024 * 1024  # bytes of drawn pages kept
MAX_COMPARED = 24  # changed pages whose pixels are compared each build; the rest are marked whole
CELL = 6  # pixels of a grid page a patch of change is measured in
MAX_MARKS = 12  # boxes on one page; more patches than that are boxed as one


@dataclass(frozen=True)
class Mark:
    """A box around what changed, as fractions of the page's width and height from its top left."""

    left: float
    top: float
    width: float
    height: float

    def style(self) -> str:
        return "; ".join(f"{k}: {100 * v:.2f}%" for k, v in zip(("left", "top", "width", "height"), self.box()))

    def box(self) -> tuple[float, float, float, float]:
        return (self.left, self.top, self.width, self.height)


@dataclass(frozen=True)
class PageView:
    number: int
    width: float  # points
    height: float
    changed: bool
    marks: tuple[Mark, ...]  # empty on a changed page whose pixels were not compared: all of it


@dataclass(frozen=True)
class FileView:
    component: str
    title: str
    file: str
    href: str  # relative to the build folder
    stamp: str  # of the PDF as it is: a page's address changes with it
    pages: tuple[PageView, ...]

    @property
    def changed(self) -> list[PageView]:
        return [page for page in self.pages if page.changed]


def stamp(pdf: Path) -> str:
    """What tells one file from another at a path: its size, time and inode."""
    st = pdf.stat()
    return hashlib.sha256(f"{st.st_size}:{st.st_mtime_ns}:{st.st_ino}".encode()).hexdigest()[:16]


class Pages:
    """Drawn pages, digests and change marks of the kits one server shows, each kept while its
    files are unchanged; safe to use from the server's threads at once."""

    def __init__(self, budget: int = MAX_CACHED):
        self.budget = budget
        self._drawn: OrderedDict[tuple, bytes] = OrderedDict()  # least recently used first
        self._held = 0  # bytes in _drawn
        self._sums: dict[tuple, list[pagediffs.PageSum]] = {}
        self._marks: dict[tuple, tuple[Mark, ...]] = {}
        self._lock = threading.Lock()

    # -- pictures ---------------------------------------------------------------------------------
    def png(self, pdf: Path, number: int, width: int) -> bytes:
        """Page `number` of `pdf`, `width` pixels wide, as PNG. IndexError for no such page."""
        key = (str(pdf), stamp(pdf), number, width)
        with self._lock:
            if key in self._drawn:
                self._drawn.move_to_end(key)
                return self._drawn[key]
        buffer = io.BytesIO()
        self._image(pdf, number, width).save(buffer, format="PNG", compress_level=1)  # drawn again sooner than stored
        data = buffer.getvalue()
        with self._lock:
            if key not in self._drawn:
                self._drawn[key] = data
                self._held += len(data)
            while self._held > self.budget and len(self._drawn) > 1:
                self._held -= len(self._drawn.popitem(last=False)[1])
        return data

    def _image(self, pdf: Path, number: int, width: int):
        (image,) = rasters.render(pdf, [number], width=width)
        return image

    def sums(self, pdf: Path) -> list[pagediffs.PageSum]:
        key = (str(pdf), stamp(pdf))
        with self._lock:
            if key in self._sums:
                return self._sums[key]
        found = pagediffs.page_sums(pdf)
        with self._lock:
            self._sums = {k: v for k, v in self._sums.items() if k[0] != key[0]} | {key: found}
        return found

    # -- the view ---------------------------------------------------------------------------------
    def view(self, root: Path, folder: Path, kit: Kit, changed: bool) -> list[FileView]:
        """Every page of every file of `kit` (built in `folder`, under `root`), the combined kit
        aside; if the last build `changed` anything, the pages it changed, marked."""
        shown, compared = [], 0
        for component in kit.printed:
            pdf = folder / component.file
            if not pdf.is_file():
                continue
            new = self.sums(pdf)
            old_pdf = folder / PREVIOUS / component.file
            old = self.sums(old_pdf) if changed and old_pdf.is_file() else None
            pages = []
            for number, page in enumerate(new, 1):
                differs = old is not None and (number > len(old) or old[number - 1] != page)
                marks: tuple[Mark, ...] = ()
                if differs and number <= len(old) and compared < MAX_COMPARED:
                    compared += 1
                    marks = self.marks(old_pdf, pdf, number)
                    differs = bool(marks)  # the same pixels: not a change a designer sees
                pages.append(PageView(number, page.width, page.height, differs, marks))
            href = pdf.relative_to(root).as_posix()
            shown.append(FileView(component.component, component.title, component.file, href, stamp(pdf), tuple(pages)))
        return shown

    def marks(self, old_pdf: Path, new_pdf: Path, number: int) -> tuple[Mark, ...]:
        """Boxes around the patches of page `number` that differ between the two files."""
        key = (str(old_pdf), stamp(old_pdf), str(new_pdf), stamp(new_pdf), number)
        with self._lock:
            if key in self._marks:
                return self._marks[key]
        width = WIDTHS[0]
        old, new = self._image(old_pdf, number, width), self._image(new_pdf, number, width)
        found = patches(old, new)
        with self._lock:
            if len(self._marks) > 4096:
                self._marks.clear()
            self._marks[key] = found
        return found


def patches(old, new) -> tuple[Mark, ...]:
    """Boxes around each patch of pixels that differ between two pictures of a page: the page
    is cut into CELL-pixel cells, cells that differ and touch (diagonals too) make one patch,
    and patches whose boxes overlap are joined. Pictures of different sizes differ all over."""
    if old.size != new.size:
        return (Mark(0.0, 0.0, 1.0, 1.0),)
    difference = ImageChops.difference(old, new).convert("L").point(lambda v: 255 if v > 24 else 0)
    if difference.getbbox() is None:
        return ()
    width, height = new.size
    columns, rows = -(-width // CELL), -(-height // CELL)
    cells = _cells(difference, columns, rows)
    lit = {(i % columns, i // columns) for i, v in enumerate(cells.tobytes()) if v}
    boxes = []
    while lit:
        start = lit.pop()
        todo, box = [start], [start[0], start[1], start[0], start[1]]
        while todo:
            x, y = todo.pop()
            box = [min(box[0], x), min(box[1], y), max(box[2], x), max(box[3], y)]
            for near in ((x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)):
                if near in lit:
                    lit.remove(near)
                    todo.append(near)
        boxes.append(box)
    boxes = _joined(boxes)
    if len(boxes) > MAX_MARKS:
        boxes = [[min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes)]]
    marks = []
    for x0, y0, x1, y1 in sorted(boxes, key=lambda b: (b[1], b[0])):
        left, top = x0 * CELL / width, y0 * CELL / height
        right, bottom = min(1.0, (x1 + 1) * CELL / width), min(1.0, (y1 + 1) * CELL / height)
        marks.append(Mark(round(left, 4), round(top, 4), round(right - left, 4), round(bottom - top, 4)))
    return tuple(marks)


def _cells(difference, columns: int, rows: int):
    """The picture's cells, each lit if any pixel of it is (a cell's mean is then above 0); a
    page whose size is not a whole number of cells gets a margin of unlit pixels first."""
    padded = Image.new("L", (columns * CELL, rows * CELL), 0)
    padded.paste(difference, (0, 0))
    return padded.reduce(CELL)


def _joined(boxes: list[list[int]]) -> list[list[int]]:
    """Boxes that overlap or touch, joined until none do."""
    joined = True
    while joined:
        joined, kept = False, []
        for box in boxes:
            for other in kept:
                if box[0] <= other[2] + 1 and other[0] <= box[2] + 1 and box[1] <= other[3] + 1 and other[1] <= box[3] + 1:
                    other[:] = [min(box[0], other[0]), min(box[1], other[1]), max(box[2], other[2]), max(box[3], other[3])]
                    joined = True
                    break
            else:
                kept.append(box)
        boxes = kept
    return boxes

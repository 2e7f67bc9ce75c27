"""Thumbnails: page 1 of each file of a kit, as a small PNG in the kit's thumbs/ folder, that
records (in a text chunk) the sha256 of the PDF it shows, so that an unchanged PDF is never
drawn again. Builds draw them while their workers draw (build/batches.thumbnail) and retag
them; the kit page draws what is missing and prunes what no component has any more."""

from __future__ import annotations

import zlib
from pathlib import Path

from kitpress.errors import Loc, fail
from kitpress.files import write_atomic

THUMB_WIDTH = 240  # px
THUMBS = "thumbs"  # the folder beside a kit's files
SOURCE = "kitpress-source-sha256"  # a thumbnail's text chunk: the PDF it was drawn from
_CHUNK = b"tEXt" + SOURCE.encode() + b"\0"


def thumbnail(pdf: Path, target: Path, sha: str = "") -> tuple[int, int]:
    """Page 1 of `pdf`, THUMB_WIDTH px wide, as PNG; the file is rewritten only if it changes.
    A thumbnail records the PDF it shows (its sha256), so an unchanged PDF is not drawn again:
    every build rewrites the kit page, and a full build folder holds hundreds of PDFs."""
    kept = _recorded(target.read_bytes()) if sha and target.is_file() else None
    if kept is not None and kept[0] == sha:
        return kept[1]
    import pypdfium2 as pdfium

    try:
        return draw_thumbnail(pdf, target, sha)
    except pdfium.PdfiumError as exc:
        raise fail(f"cannot read the PDF for its thumbnail: {exc}; rebuild the kit", Loc(str(pdf))) from None
    except ValueError:
        raise fail("the PDF has no pages; rebuild the kit", Loc(str(pdf))) from None


def draw_thumbnail(pdf: Path, target: Path, sha: str) -> tuple[int, int]:
    """Page 1 of `pdf`, THUMB_WIDTH px wide, as a PNG that records `sha`, the PDF it shows;
    written only if it changes."""
    from kitpress.build import rasters

    drawn = rasters.first_page(pdf, THUMB_WIDTH)  # no pypdfium2 or Pillow imported (see rasters)
    if drawn is not None:
        data = png(*drawn, sha)
        size = drawn[:2]
    else:  # what the lean door does not draw: pypdfium2 draws it, or says why it cannot
        try:
            (image,) = rasters.render(pdf, [1], width=THUMB_WIDTH)
        except IndexError:
            raise ValueError(f"{pdf} has no pages") from None
        data, size = png(*image.size, image.tobytes(), sha), image.size
    if not (target.is_file() and target.read_bytes() == data):
        target.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(target, data)
    return size


def png(width: int, height: int, rgb: bytes, sha: str) -> bytes:
    """RGB rows as a PNG that records `sha` in its text chunk (see `_recorded`): each row
    unfiltered, compressed at zlib's fastest level: a kit's page in 0.5-1 ms and 8-21 KB."""
    stride = width * 3
    rows = b"".join(b"\0" + rgb[at : at + stride] for at in range(0, stride * height, stride))
    header = width.to_bytes(4, "big") + height.to_bytes(4, "big") + bytes([8, 2, 0, 0, 0])  # 8 bits, RGB
    chunks = [(b"IHDR", header), (b"tEXt", _CHUNK[4:] + sha.encode("ascii")), (b"IDAT", zlib.compress(rows, 1)), (b"IEND", b"")]
    return b"\x89PNG\r\n\x1a\n" + b"".join(
        len(body).to_bytes(4, "big") + kind + body + zlib.crc32(kind + body).to_bytes(4, "big") for kind, body in chunks
    )


def retag(target: Path, sha: str, source: Path | None = None) -> None:
    """Say which PDF a thumbnail shows, once it is known: a big deck's is drawn from its first
    batch, before the batches are joined into the file; kit.pdf begins with the print plan's
    page (`source`: the thumbnail to copy). The sha is written over the old one (both 64
    characters) and the chunk's checksum made again: no image is encoded twice."""
    try:
        data = bytearray((source or target).read_bytes())
    except OSError:
        data = bytearray()  # no picture to retag: the kit page draws one
    at = data.find(_CHUNK)
    start, end = at + len(_CHUNK), at + len(_CHUNK) + 64
    if _recorded(bytes(data)) is None or len(sha) != 64:
        target.unlink(missing_ok=True)  # not one draw_thumbnail made: the kit page draws it again
        return
    data[start:end] = sha.encode("ascii")
    data[end : end + 4] = zlib.crc32(data[at:end]).to_bytes(4, "big")
    target.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(target, bytes(data))


def shows(thumbnail: Path, sha: str) -> bool:
    """Whether a thumbnail is whole and shows the PDF with this sha256."""
    kept = _recorded(thumbnail.read_bytes()) if thumbnail.is_file() else None
    return kept is not None and kept[0] == sha


def _recorded(png: bytes) -> tuple[str, tuple[int, int]] | None:
    """The sha a thumbnail records and its size, read from its chunks without decoding it
    (the kit page checks every thumbnail of every kit on each build); None if it is not a
    whole PNG with an intact source chunk."""
    at = png.find(_CHUNK)
    end = at + len(_CHUNK) + 64
    if png[12:16] != b"IHDR" or not png.endswith(b"IEND\xaeB`\x82") or at < 4:
        return None
    if int.from_bytes(png[at - 4 : at], "big") != end - at - 4 or png[end : end + 4] != zlib.crc32(png[at:end]).to_bytes(
        4, "big"
    ):
        return None
    size = int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")
    return png[at + len(_CHUNK) : end].decode("ascii", "replace"), size


def prune(folder: Path, components: set[str]) -> None:
    """Thumbnails of components a kit no longer has."""
    if folder.is_dir():
        for path in folder.glob("*.png"):
            if path.stem not in components:
                path.unlink()

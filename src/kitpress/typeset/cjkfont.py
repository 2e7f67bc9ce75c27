"""CJK fonts: Debian's Noto Sans CJK (fonts-noto-cjk) as TrueType.

Noto Sans CJK comes as OpenType collections with PostScript (CFF) outlines, which reportlab
cannot embed; each face a language needs is converted once into a TrueType font (quadratic
outlines, fontTools' cu2qu: about 30 seconds a face) and kept in the user's cache, named after
the collection's size and date. A project's fonts/ may hold the TrueType file itself
(`NotoSansCJKjp-Regular.ttf`): it is used as it is."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

from kitpress import files, usercache
from kitpress.errors import Loc, fail
from kitpress.fontfiles import CJK_COLLECTIONS, CJK_FAMILIES, CJK_PACKAGE

_FORMAT = 1  # raise it when the conversion changes


def file_name(family: str, bold: bool) -> str:
    return f"{CJK_FAMILIES[family][2]}-{'Bold' if bold else 'Regular'}.ttf"


def source(family: str, bold: bool, dirs: list[Path]) -> tuple[Path, int | None]:
    """Where a CJK face comes from: a project's TrueType file (index None), or Debian's
    collection and the face's index in it. A located error naming the font and how to install
    it when there is neither."""
    name = file_name(family, bold)
    for folder in dirs:
        if files.exists(folder / name):
            return folder / name, None
    collection = CJK_COLLECTIONS[bool(bold)]
    if collection.is_file():
        return collection, CJK_FAMILIES[family][1]
    raise fail(missing_message(family), Loc(str(collection)))


def missing_message(family: str) -> str:
    font = CJK_FAMILIES[family][0]
    return (
        f"the font {font} is not installed: install Debian's {CJK_PACKAGE} (apt-get install {CJK_PACKAGE}), "
        f"or put {file_name(family, False)} and {file_name(family, True)} (TrueType) in the project's fonts/"
    )


def available(family: str, dirs: list[Path]) -> bool:
    try:
        source(family, False, dirs)
    except Exception:  # noqa: BLE001 - a KitpressError: not there
        return False
    return True


def truetype(path: Path, index: int | None) -> Path:
    """The TrueType file for a face: `path` itself, or the face `index` of a CFF collection
    converted (once: kept in the user's cache, or for this process in a temporary folder)."""
    if index is None:
        return path
    stat = path.stat()
    stem = f"{path.stem}-{index}-{stat.st_size}-{stat.st_mtime_ns}-{_FORMAT}.ttf"
    folder = usercache.folder("fonts") or Path(tempfile.mkdtemp(prefix="kitpress-fonts-"))
    made = folder / stem
    if not made.is_file():
        print(f"kitpress: making {path.name} (face {index}) TrueType, once: about 30 seconds", file=sys.stderr)
        data = _convert(path, index)
        usercache.write(made, data)
        if not made.is_file():  # the cache could not be written: a file of this process's own
            handle, temporary = tempfile.mkstemp(suffix=".ttf")
            with os.fdopen(handle, "wb") as out:
                out.write(data)
            return Path(temporary)
    return made


def _convert(path: Path, index: int) -> bytes:
    """A face of an OpenType collection with CFF outlines, as a TrueType font (glyf outlines)."""
    import io

    from fontTools.pens.cu2quPen import Cu2QuPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen
    from fontTools.ttLib import TTFont, newTable

    font = TTFont(str(path), fontNumber=index)
    order = font.getGlyphOrder()
    drawn = font.getGlyphSet()
    glyphs = {}
    for name in order:
        pen = TTGlyphPen(None)
        drawn[name].draw(Cu2QuPen(pen, 1.0, reverse_direction=True))  # 1 unit of error of 1000
        glyphs[name] = pen.glyph()
    glyf = newTable("glyf")
    glyf.glyphOrder, glyf.glyphs = order, glyphs
    font["glyf"], font["loca"] = glyf, newTable("loca")
    for table in ("CFF ", "VORG"):
        if table in font:
            del font[table]
    maxp = font["maxp"]
    maxp.tableVersion = 0x00010000
    for field in (
        "maxZones maxTwilightPoints maxStorage maxFunctionDefs maxInstructionDefs maxStackElements "
        "maxSizeOfInstructions maxComponentElements"
    ).split():
        setattr(maxp, field, 0)
    maxp.maxZones = 1
    maxp.maxComponentDepth = 0
    font["head"].glyphDataFormat = 0
    font["post"].formatType = 3.0  # no glyph names: reportlab does not read them
    font.sfntVersion = "\x00\x01\x00\x00"
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()

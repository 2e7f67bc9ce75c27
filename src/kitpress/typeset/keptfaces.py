"""TrueType faces as reportlab reads them, kept in the user's cache by the digest of their file.

reportlab reads a face's tables in Python (its names and metrics, the whole character map,
every glyph's width and place), 5-16 ms a face, in every process that sets text in it: the
main process and each worker of a build, each kit `make kit` builds side by side. What it
reads is numbers and names, kept here as marshal data and read back in a third of the time.
The file's bytes are still read whole: the subsets a document embeds are cut from them.

An entry is checked as it is read; a damaged one is a miss, and the face is read again."""

from __future__ import annotations

import hashlib
import marshal
from pathlib import Path

import reportlab
from reportlab.pdfbase.ttfonts import TTFNameBytes, TTFontFace

from kitpress import filedigests, usercache

_FORMAT = 2
_NAMES = ("name", "familyName", "styleName", "fullName", "uniqueFontID")  # TTFNameBytes, kept as their bytes
_NOT_KEPT = ("_ttf_data", "_pdfScale", "filename")  # the file's bytes and name, and a function: given anew
# what reportlab's reading always gives, and what the rest of reportlab reads: a kept entry must have them
_SHAPE = {
    "charToGlyph": dict, "charWidths": dict, "glyphToChar": dict, "hmetrics": list, "glyphPos": list,
    "table": dict, "tables": list, "unitsPerEm": int, "numGlyphs": int, "bbox": list, "subfontNameX": bytes,
    **dict.fromkeys(_NAMES, bytes),
}  # fmt: skip


def face(path: Path) -> TTFontFace:
    """The face in the TrueType file at `path` (not a collection), as reportlab reads it."""
    data = path.read_bytes()
    entry = _entry(path, data)
    kept = _read(entry) if entry is not None else None
    if kept is None:
        found = TTFontFace(str(path))
        if entry is not None:
            usercache.write(entry, marshal.dumps(_kept(found)))  # not compressed: read back 0.5 ms sooner
        return found
    found = TTFontFace.__new__(TTFontFace)
    found.__dict__.update(kept)
    for name in _NAMES:
        found.__dict__[name] = TTFNameBytes(kept[name])
    found._ttf_data, found.filename, found._pdfScale = data, str(path), _scale(kept["unitsPerEm"])
    return found


def _kept(found: TTFontFace) -> dict:
    kept = {name: value for name, value in vars(found).items() if name not in _NOT_KEPT}
    for name in _NAMES:
        kept[name] = bytes(kept[name])
    return kept


def _read(entry: Path) -> dict | None:
    try:
        kept = marshal.loads(entry.read_bytes())
    except (OSError, ValueError, EOFError, TypeError):
        return None
    if type(kept) is not dict or any(type(kept.get(name)) is not kind for name, kind in _SHAPE.items()):
        return None
    return kept


def _scale(units_per_em: int):
    """Font units to a PDF's thousandths of the size, as reportlab's reading makes it."""
    if units_per_em == 1000:
        return lambda x: x
    factor = 1000 / units_per_em
    return lambda x: x * factor


def _entry(path: Path, data: bytes) -> Path | None:
    folder = usercache.folder("font-tables")
    if folder is None:
        return None
    digest = filedigests.sha1(path, lambda: data)
    key = hashlib.sha256(f"{_FORMAT} {reportlab.Version} ".encode() + digest).hexdigest()[:40]
    return folder / f"{key}.marshal"

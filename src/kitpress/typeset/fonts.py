"""Fonts: the bundled TrueType families, glyph coverage and the symbol fallback.

reportlab is told about every face once, from the project's fonts/ folder; `with_fallback`
wraps characters the main family lacks in the symbol family, and `missing_glyphs` names those
no bundled font has.
"""

from __future__ import annotations

import copy
from functools import lru_cache
from pathlib import Path
from weakref import WeakKeyDictionary

from reportlab import rl_config
from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from kitpress import files
from kitpress.fontfiles import FALLBACK, FAMILIES, FONT_DIR, MAIN, SCRIPT_FAMILIES  # noqa: F401 - FONT_DIR: fonts.FONT_DIR for callers
from kitpress.errors import Loc, fail
from kitpress.typeset import arabic, cjkfont, icons
from kitpress.typeset.stablefont import StableFont

MAX_FONT_BYTES = 64 * 1024 * 1024  # the largest CJK fonts are a third of this
_SUFFIX = ("", "-Bold", "-Italic", "-BoldItalic")
# Characters that are layout, not text: never looked up in a font.
_IGNORED = {"\n", "\t", "\u00ad", "\u200b"}


_registered: list[Path] = []
_faces: dict[str, Path] = {}  # face name -> its file, parsed when first used
_parsed: dict[Path, TTFont] = {}
_cjk: dict[str, tuple[Path, int | None]] = {}  # a CJK face's source, made TrueType when first used


def register(font_dirs: Path | list[Path] | None = None) -> None:
    """Make the bundled families known to reportlab once per process; a missing file is a
    located error. Each file is the first of `font_dirs` to hold it (a project's fonts/, then
    kitpress's: file by file). A face's file is parsed when text first uses it (5-9 ms each; a
    deck uses two of the eleven faces)."""
    if _registered:
        return
    dirs = [font_dirs] if isinstance(font_dirs, Path) else list(font_dirs or [FONT_DIR])
    for family, names in FAMILIES.items():
        for suffix, name in zip(_SUFFIX, names):
            _faces[family + suffix] = _face_file(Path(name), dirs)
    _map_families()
    # reportlab starts every canvas in Helvetica, which is never embedded: start in ours.
    rl_config.canvas_basefontname = face_name(MAIN)
    _registered.extend(dirs)


def _face_file(name: Path, dirs: list[Path]) -> Path:
    """A face's file, checked: Font Awesome's name is absolute (it comes with its package)."""
    path = next((d / name for d in dirs if files.exists(d / name)), dirs[-1] / name)
    if not files.exists(path):
        shown = " or ".join(str(d) for d in dirs)
        raise fail(f"font file missing: {name.name} (the bundled fonts live in {shown})", Loc(str(path)))
    real = files.checked(path, [path.parent], limit=MAX_FONT_BYTES)
    _check_header(real, str(path))
    return real


def face_file(family: str) -> Path:
    """The file of a family's regular face, as registered."""
    register()
    return _faces[family]


def face_files() -> list[Path]:
    """The files of every registered face, each once, in the order of FAMILIES (a CJK face's
    source, once it is in use)."""
    register()
    return list(dict.fromkeys([*_faces.values(), *(path for path, _ in _cjk.values())]))


def _check_header(path: Path, shown: str) -> None:
    """Refuse what is plainly no TrueType font now, not when text first needs it."""
    with path.open("rb") as handle:  # a regular file: the door checked it
        head = handle.read(4)
    if head == b"OTTO":
        raise fail("not a usable TrueType font: its outlines are PostScript (CFF); use a .ttf", Loc(shown))
    if head not in (b"\x00\x01\x00\x00", b"true"):
        raise fail("not a usable TrueType font: the file does not start like one", Loc(shown))


def _find_and_register(name):
    """reportlab asks here for a font it does not know yet (pdfmetrics.getFont)."""
    path = _faces.get(str(name))
    if path is None and str(name) in _cjk:
        path = cjkfont.truetype(*_cjk[str(name)])  # made once, kept in the user's cache
    if path is None:
        return _reportlab_find(name)
    font = _font(str(name), path)
    pdfmetrics.registerFont(font)
    _map_families()  # registerFont maps bold and italic of a family's name to that one face
    return font


def load(family: str, bold: bool = False, italic: bool = False) -> None:
    """Parse a face now (it would be when text first uses it): before worker processes are
    forked, one parse serves them all."""
    register()
    pdfmetrics.getFont(face_name(family, bold, italic))


def _map_families() -> None:
    """Tell reportlab which face <b> and <i> pick in each family."""
    for family in FAMILIES:
        for (bold, italic), suffix in zip(((0, 0), (1, 0), (0, 1), (1, 1)), _SUFFIX):
            addMapping(family, bold, italic, family + suffix)


_reportlab_find = pdfmetrics.findFontAndRegister
pdfmetrics.findFontAndRegister = _find_and_register


def _font(name: str, path: Path) -> TTFont:
    """A face; a file that serves several faces (a family without italics) is read once."""
    if path in _parsed:
        alias = copy.copy(_parsed[path])
        alias.fontName, alias.state = name, WeakKeyDictionary()  # its own subset in each document
        return alias
    try:
        _parsed[path] = StableFont(name, str(path))
    except Exception as exc:  # noqa: BLE001 - reportlab refuses CFF/.otf and broken files
        raise fail(f"not a usable TrueType font: {exc}", Loc(str(path))) from None
    return _parsed[path]


def use_cjk(family: str) -> str:
    """Make a CJK family (fontfiles.CJK_FAMILIES) known, from the project's fonts/ or Debian's
    fonts-noto-cjk (made TrueType when text first uses a face); a located error naming the font
    and how to install it when it is not installed."""
    register()
    if face_name(family) not in _cjk:
        found = [cjkfont.source(family, bold, _registered) for bold in (False, True)]
        for bold in (False, True):
            for italic in (False, True):
                _cjk[face_name(family, bold, italic)] = found[bold]
        for (bold, italic), suffix in zip(((0, 0), (1, 0), (0, 1), (1, 1)), _SUFFIX):
            addMapping(family, bold, italic, family + suffix)
    return family


def needs(char: str) -> str:
    """What a character no bundled font draws needs, if kitpress knows: a CJK font's name."""
    code = ord(char)
    if any(low <= code <= high for low, high in _CJK_RANGES):
        return "; it needs Noto Sans CJK (Debian's fonts-noto-cjk), which kitpress uses for a kit in Chinese, Japanese or Korean"
    return ""


_CJK_RANGES = ((0x1100, 0x11FF), (0x2E80, 0x9FFF), (0xA960, 0xA97F), (0xAC00, 0xD7FF), (0xF900, 0xFAFF), (0xFF00, 0xFFEF), (0x20000, 0x3FFFF))


def icon(name: str) -> tuple[str, int] | None:
    """(family, code point) of a pictogram by name, or None."""
    register()
    return icons.lookup(name, _faces["KitpressIcons"])


def icon_names() -> list[str]:
    register()
    return icons.known(_faces["KitpressIcons"])


@lru_cache(maxsize=None)
def charset(family: str) -> frozenset[int]:
    """The code points a family's regular face maps (reportlab's reading of its cmap; 0xFFFF
    is the table's end marker, no character)."""
    register()
    return frozenset(pdfmetrics.getFont(face_name(family)).face.charToGlyph) - {0xFFFF}


@lru_cache(maxsize=None)
def drawable(family: str) -> frozenset[str]:
    """The characters a family draws, and the layout characters no font needs."""
    return frozenset(map(chr, charset(family))) | _IGNORED


def face_name(family: str, bold: bool = False, italic: bool = False) -> str:
    return family + _SUFFIX[bold + 2 * italic]


def missing_glyphs(text: str, cjk: str | None = None) -> list[str]:
    """Characters no family can draw: the main one, the one of their script (Arabic, Hebrew,
    the CJK family `cjk` if given) and the symbol fallback."""
    if set(text) <= drawable(MAIN):
        return []
    main = charset(MAIN)
    return sorted({c for c in text if c not in _IGNORED and ord(c) not in main and ord(c) not in charset(family_for(c, cjk))})


def family_for(char: str, cjk: str | None = None) -> str:
    """The family that draws a character the main family lacks: its script's (Arabic, Hebrew,
    `cjk`) if that has it, else the symbol fallback."""
    code = ord(char)
    for family, ranges in SCRIPT_FAMILIES.items():
        if any(low <= code <= high for low, high in ranges):
            return family if code in charset(family) else FALLBACK
    if cjk is not None and code > 0x2E7F and code in charset(cjk):
        return cjk
    return FALLBACK


def with_fallback(escaped: str, cjk: str | None = None) -> str:
    """Wrap runs of characters the main family lacks in the symbol family (XML-escaped text).
    Letters of a script with a family of its own (Arabic, Hebrew, the CJK family `cjk`) are left
    as they are: `script_frags` gives them their family once the paragraph is parsed, in the
    weight and slant of the text around them."""
    if set(escaped) <= drawable(MAIN):
        return escaped  # nearly always: one set operation instead of a loop over characters
    main = charset(MAIN)
    out, run = [], []
    for char in escaped:
        if ord(char) in main or char in _IGNORED or family_for(char, cjk) != FALLBACK:
            if run:
                out.append(f'<font face="{FALLBACK}">{"".join(run)}</font>')
                run = []
            out.append(char)
        else:
            run.append(char)
    if run:
        out.append(f'<font face="{FALLBACK}">{"".join(run)}</font>')
    return "".join(out)


def script_frags(frags: list, cjk: str | None = None) -> list:
    """A parsed paragraph's fragments with the letters of Arabic, Hebrew and CJK (`cjk`) cut
    out of the main family's into their script's family, bold and italic as the text around
    them; Arabic joined (typeset.arabic). The fragments as they were if there are none."""
    main = drawable(MAIN)
    if all(hasattr(frag, "cbDefn") or set(frag.text) <= main for frag in frags):
        return frags
    out = []
    for frag in frags:
        face = _FACES.get(getattr(frag, "fontName", None))
        if hasattr(frag, "cbDefn") or face is None or set(frag.text) <= main:
            out.append(frag)
            continue
        _, bold, italic = face
        for family, text in _script_runs(frag.text, cjk):
            if family == "Arabic":
                text = arabic.shape(text)  # joined letters
            out.append(frag.clone(text=text, fontName=face_name(family, bold, italic)) if family else frag.clone(text=text))
    return out


def _script_runs(text: str, cjk: str | None) -> list[tuple[str | None, str]]:
    """`text` cut into runs, each with its script's family (None: the fragment's own); a space
    between two letters of a script stays in their run."""
    runs: list[tuple[str | None, list[str]]] = []
    main = charset(MAIN)
    for char in text:
        family = None if ord(char) in main or char in _IGNORED else family_for(char, cjk)
        family = None if family == FALLBACK else family
        if char == " " and runs and runs[-1][0] is not None:
            family = runs[-1][0]
        if runs and runs[-1][0] == family:
            runs[-1][1].append(char)
        else:
            runs.append((family, [char]))
    out = []
    for family, chars in runs:  # spaces at a script run's end go back to the main family
        text = "".join(chars)
        words = text.rstrip(" ") if family else text
        out.append((family, words))
        if len(words) < len(text):
            out.append((None, text[len(words) :]))
    return out


_FACES = {  # the main family's face names: (family, bold, italic)
    MAIN + suffix: (MAIN, bold, italic) for suffix, (bold, italic) in zip(_SUFFIX, ((0, 0), (1, 0), (0, 1), (1, 1)))
}

"""Can kitpress print a language? A language code is checked for its script: which one it is
written in comes from CLDR (through Babel), whether the bundled fonts can print it from
Unicode's table of scripts (through fontTools); a CJK language needs Debian's Noto Sans CJK
(fonts-noto-cjk), or its TrueType file in the project's fonts/. What is worked out is kept in the
user's cache, one file per language.

The fonts are typeset's: this is the one module of content that reads them (the check runs as
a game is loaded, and a language no bundled font covers is refused there)."""

from __future__ import annotations

import dataclasses
import hashlib
import importlib.util
import json
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from kitpress import __version__, usercache
from kitpress.content.i18n.catalogue import choices
from kitpress.errors import KitpressError, Loc, fail
from kitpress.typeset import fonts

_LANG = re.compile(r"^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$")


def check_language(lang: str, where: Loc, available: list[str] | None = None) -> None:
    """A language code kitpress can print; `available`, the game's languages, are suggested when
    it is no code at all. A language CLDR does not know is let through: its texts' characters
    are still checked against the fonts as they are printed."""
    if not _LANG.match(lang):
        raise fail(f"'{lang}' is not a language code like 'es', 'ru' or 'es-MX'{choices(lang, available)}", where)
    script = script_of(lang)
    if script is None:
        return
    name = script.name
    cjk = CJK_FAMILY_OF_SCRIPT.get(script.code)
    if cjk is not None:  # a font kitpress does not bundle: installed, or a clear error
        try:
            fonts.use_cjk(cjk)
        except KitpressError as exc:
            raise fail(f"'{lang}' is written in {name} script: {exc.problems[0].message}", where) from None
        return
    if not script.covered:
        needs = f"{_font_for(script)}, and kitpress bundles none yet"
        raise fail(f"'{lang}' is written in {name} script, which no bundled font covers: it needs {needs}", where)


@dataclass(frozen=True)
class Script:
    code: str  # ISO 15924, as CLDR gives it: Latn, Cyrl, Hans, Jpan
    name: str  # Latin, Han (Simplified)
    right_to_left: bool
    covered: bool  # the bundled fonts draw at least half of its letters


# ISO 15924 codes that are no script of Unicode's own: what they stand for, and their names
_COMBINED = {
    "Hans": (("Hani",), "Han (Simplified)"),
    "Hant": (("Hani",), "Han (Traditional)"),
    "Jpan": (("Hani", "Hira", "Kana"), "Japanese (Han and Kana)"),
    "Kore": (("Hang", "Hani"), "Korean (Hangul and Han)"),
    "Latf": (("Latn",), "Latin (Fraktur)"),
    "Latg": (("Latn",), "Latin (Gaelic)"),
    "Aran": (("Arab",), "Arabic (Nastaliq)"),
    "Cyrs": (("Cyrl",), "Cyrillic (Old Church Slavonic)"),
    "Syre": (("Syrc",), "Syriac (Estrangelo)"),
    "Syrj": (("Syrc",), "Syriac (Western)"),
    "Syrn": (("Syrc",), "Syriac (Eastern)"),
}
# Scripts whose letters need a CJK font (ISO 15924): the family (fontfiles.CJK_FAMILIES) that draws each
CJK_FAMILY_OF_SCRIPT = {
    "Hans": "CJK-SC",
    "Hani": "CJK-SC",
    "Hant": "CJK-TC",
    "Bopo": "CJK-TC",
    "Jpan": "CJK-JP",
    "Hira": "CJK-JP",
    "Kana": "CJK-JP",
    "Kore": "CJK-KR",
    "Hang": "CJK-KR",
}
# A script is covered when the fonts draw at least half of its letters. The bundled fonts draw
# 89 % of Unicode's Latin letters, all of Greek and Cyrillic, 56-99 % of Canadian syllabics,
# Georgian, Lao, Tifinagh, Armenian, Hebrew and Arabic (with Noto Sans Hebrew and Arabic),
# and of every other script 12 % (Coptic) or nothing: no threshold from 13 % to 55 % would
# decide otherwise.
_COVERED = 0.5
_CACHE_FORMAT = 2  # raise it when what is worked out, or how, changes


def script_of(lang: str) -> Script | None:
    """The script `lang` is written in (its own script subtag, or CLDR's likely script for it)
    and whether kitpress can print it; None for a language CLDR does not know. Worked out once
    per language and kept in the user's cache: loading Babel's and Unicode's tables would cost
    15 ms of every build."""
    cached = _cache_file(lang)
    found = _read_cached(cached) if cached is not None else _NOT_CACHED
    if found is _NOT_CACHED:
        found = _work_out_script(lang)
        if cached is not None:
            usercache.write(cached, json.dumps(dataclasses.asdict(found) if found else None).encode("utf-8"))
    return found


_NOT_CACHED = object()


def _cache_file(lang: str) -> Path | None:
    """The cache file for `lang`, named after everything its answer depends on: kitpress, CLDR's
    data, Unicode's table of scripts and the two fonts (their sizes and times)."""
    folder = usercache.folder("languages")
    babel, fonttools = (importlib.util.find_spec(name) for name in ("babel", "fontTools"))
    if folder is None or babel is None or fonttools is None:
        return None
    try:
        sources = [
            Path(babel.origin).parent / "global.dat",
            Path(fonttools.origin).parent / "unicodedata" / "Scripts.py",
            *(fonts.face_file(family) for family in (fonts.MAIN, fonts.FALLBACK, *fonts.SCRIPT_FAMILIES)),
        ]
        stats = [path.stat() for path in sources]
    except (OSError, KitpressError):
        return None  # a font is missing: worked out (and reported) without the cache
    stamps = [(path.name, stat.st_size, stat.st_mtime_ns) for path, stat in zip(sources, stats)]
    tag = hashlib.sha256(repr((__version__, _CACHE_FORMAT, stamps)).encode()).hexdigest()[:16]
    return folder / f"{lang}-{tag}.json"


def _read_cached(path: Path):
    """The Script (or None) kept in `path`; _NOT_CACHED if there is none, or it is damaged."""
    if not path.is_file():  # never open a FIFO or a folder someone put there
        return _NOT_CACHED
    try:
        kept = json.loads(path.read_text(encoding="utf-8"))
        script = None if kept is None else Script(**kept)
    except (OSError, ValueError, TypeError):
        return _NOT_CACHED
    if script is not None and [type(value) for value in dataclasses.astuple(script)] != [str, str, bool, bool]:
        return _NOT_CACHED
    return script


def _work_out_script(lang: str) -> Script | None:
    code = _script_code(lang)
    if code is None:
        return None
    import fontTools.unicodedata as ucd  # Unicode's scripts (6 ms to import)

    scripts, name = _COMBINED.get(code, ((code,), ucd.script_name(code, None)))
    if name is None:
        return None  # a script subtag that names no script: nothing to tell
    right_to_left = any(script in ucd.RTL_SCRIPTS for script in scripts)
    return Script(code, name, right_to_left, _fonts_cover(scripts))


def _script_code(lang: str) -> str | None:
    """'sr-Latn' -> Latn; 'zh-TW' -> Hant and 'zh' -> Hans, by CLDR's likely subtags."""
    from babel.core import get_global  # CLDR's data (10 ms to load)

    language, *subtags = lang.split("-")
    script = next((tag.title() for tag in subtags if len(tag) == 4 and tag.isalpha()), None)
    if script:
        return script
    regions = [tag.upper() for tag in subtags if (len(tag) == 2 and tag.isalpha()) or (len(tag) == 3 and tag.isdigit())]
    likely = get_global("likely_subtags")
    for key in [f"{language.lower()}_{region}" for region in regions[:1]] + [language.lower()]:
        parts = likely.get(key, "").split("_")
        if len(parts) > 1 and len(parts[1]) == 4:
            return parts[1]
    return None


def _fonts_cover(scripts: tuple) -> bool:
    letters = [char for script in scripts for char in _letters(script)]
    main = fonts.charset(fonts.MAIN)
    drawn = sum(char in main for char in letters)
    if drawn < _COVERED * len(letters):  # the symbol font and the scripts' own draw what the main one lacks
        either = main.union(*(fonts.charset(family) for family in (fonts.FALLBACK, *fonts.SCRIPT_FAMILIES)))
        drawn = sum(char in either for char in letters)
    return bool(letters) and drawn >= _COVERED * len(letters)


def _letters(script: str) -> list[int]:
    """The code points of a Unicode script that are letters (not its marks, digits or signs)."""
    from fontTools.unicodedata import Scripts

    ends = [*Scripts.RANGES[1:], 0x110000]
    return [
        char
        for start, end, value in zip(Scripts.RANGES, ends, Scripts.VALUES)
        if value == script
        for char in range(start, end)
        if unicodedata.category(chr(char)).startswith("L")
    ]


def _font_for(script: Script) -> str:
    return f"a font with {script.name} letters"

"""Translations: language files overlay a game's text by stable key, never its numbers.

A language file, `content/<game>/locales/<lang>.yaml`, is plain key → string YAML (what
translate-toolkit, Weblate and Pootle read): the keys are the paths of the game's `text` fields
(`roles.student.flavour`), an empty string is a missing translation. Beside it,
`<lang>.lock.yaml` records a hash of the source text each translation was confirmed against: a
translation with no entry there is unconfirmed, one whose source changed since is stale.

Which script a language is written in comes from CLDR (through Babel), and whether the bundled
fonts can print it from Unicode's table of scripts (through fontTools).
"""

from __future__ import annotations

import dataclasses
import hashlib
import importlib.util
import json
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from kitpress import __version__, files, usercache
from kitpress.content import yamlio
from kitpress.content.textfmt import PLACEHOLDER
from kitpress.content.yamlio import LocStr, YList, YMap
from kitpress.errors import Loc, Problem, Problems, did_you_mean, fail, rel
from kitpress.typeset import fonts

_LANG = re.compile(r"^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$")
_TRANSLATOR = re.compile(r"^#\s*translators?:\s*(.+)$", re.IGNORECASE | re.MULTILINE)


def source_hash(text: str) -> str:
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:10]


def texts(data: dict) -> dict[str, LocStr]:
    """Every translatable string of a loaded game, by key, in file order."""
    out: dict[str, LocStr] = {}

    def walk(value):
        if isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)
        elif isinstance(value, LocStr) and value.field:
            out.setdefault(value.field, value)

    walk(data)
    return out


def check_language(lang: str, where: Loc, available: list[str] | None = None) -> None:
    """A language code kitpress can print; `available`, the game's languages, are suggested when
    it is no code at all. A language CLDR does not know is let through: its texts' characters
    are still checked against the fonts as they are printed."""
    if not _LANG.match(lang):
        raise fail(f"'{lang}' is not a language code like 'es', 'ru' or 'es-MX'{_choices(lang, available)}", where)
    script = script_of(lang)
    if script is None:
        return
    name = script.name
    if script.right_to_left:
        raise fail(f"'{lang}' is written right to left ({name} script), and kitpress cannot print right-to-left text yet", where)
    if not script.covered:
        needs = f"{_font_for(script)}, and kitpress bundles none yet"
        raise fail(f"'{lang}' is written in {name} script, which no bundled font covers: it needs {needs}", where)


def _choices(lang: str, available: list[str] | None) -> str:
    """' (did you mean 'es'?) (this game has en, es)', for a language the game does not have."""
    if not available:
        return ""
    return f"{did_you_mean(lang.lower(), available)} (this game has {', '.join(available)})"


def chain(lang: str) -> list[str]:
    """es-MX -> [es-MX, es]: the files to look in, most specific first."""
    parts = lang.split("-")
    return ["-".join(parts[:n]) for n in range(len(parts), 0, -1)]


@dataclass
class Catalogue:
    """One language's strings for one game, from the most specific file to the least."""

    lang: str
    strings: dict = field(default_factory=dict)  # key -> LocStr (located in the language file)
    origin: dict = field(default_factory=dict)  # key -> the language whose file gave it
    confirmed: dict = field(default_factory=dict)  # key -> source hash when confirmed
    translators: list = field(default_factory=list)
    files: list = field(default_factory=list)


def locales_dir(root: Path) -> Path:
    return root / "locales"


def load_catalogue(root: Path, lang: str, known: dict[str, LocStr], problems: Problems, asked_at: Loc, source: str) -> Catalogue:
    """`lang`'s strings; `asked_at` is where the language was asked for (--lang, say)."""
    catalogue = Catalogue(lang)
    found = False
    for code in chain(lang):
        path = locales_dir(root) / f"{code}.yaml"
        if not files.exists(path):
            continue
        found = True
        catalogue.files.append(path)
        shown = rel(path)
        text = files.read_text(path, [root], yamlio.MAX_BYTES, shown)
        raw = yamlio.load_text(text, shown)
        catalogue.translators += [name.strip() for name in _TRANSLATOR.findall(text)]
        if not isinstance(raw, YMap):
            problems.error("a language file maps keys to strings", getattr(raw, "loc", Loc(shown, 1, 1)))
            continue
        for key, value in raw.items():
            where = raw.loc_of(key)
            if key not in known:
                problems.error(f"unknown key '{key}'{did_you_mean(key, known)} (not a text of this game)", raw.key_loc(key))
            elif value is None or value == "":
                continue
            elif not isinstance(value, str):
                problems.error(f"'{key}' must be text", where)
            elif change := placeholder_change(known[key], value):
                problems.error(f"[{code}] translation of '{key}' {change}: keep every placeholder of the source text", where)
            elif key not in catalogue.strings:
                catalogue.strings[key] = LocStr(value, where, field=key)
                catalogue.origin[key] = code
        lock = locales_dir(root) / f"{code}.lock.yaml"
        if files.exists(lock):
            locked = yamlio.load_file(lock, rel(lock), within=[root])
            for key, digest in locked.items() if isinstance(locked, YMap) else []:
                catalogue.confirmed.setdefault(key, str(digest))
    if not found:
        have = _choices(lang, available(root, source))
        raise fail(f"no translation '{lang}'{have}: start one with `kitpress i18n new {root.name} {lang}`", asked_at)
    return catalogue


def placeholder_change(source: str, translation: str) -> str:
    """What a translation did to its source's placeholders ('drops {tension.top}', 'drops {n}
    and adds {m}'), or '' if it kept every one, in any order. Both kinds count: those the content
    fills ({tension.top}) and those a layout fills ({n}); a format ({x|signed}) is part of one."""
    if "{" not in source and "{" not in translation:
        return ""  # nearly every text: no placeholder on either side
    kept, given = _placeholders(source), _placeholders(translation)
    dropped, added = kept - given, given - kept
    changes = [f"{verb} {_listed(tokens)}" for verb, tokens in (("drops", dropped), ("adds", added)) if tokens]
    return " and ".join(changes)


def _placeholders(text: str) -> Counter:
    return Counter(match.group(0) for match in PLACEHOLDER.finditer(text))


def _listed(tokens: Counter) -> str:
    return ", ".join(token if count == 1 else f"{token} ×{count}" for token, count in tokens.items())


def overlay(data: dict, catalogue: Catalogue) -> dict[str, LocStr]:
    """Replace every translated text in place; return the source texts that fell back."""
    fallbacks: dict[str, LocStr] = {}

    def swap(text: LocStr) -> LocStr:
        translated = catalogue.strings.get(text.field)
        if translated is None:
            fallbacks[text.field] = text
            return text
        return translated

    map_texts(data, swap)
    return fallbacks


def map_texts(data: dict, change, skip: tuple = ()) -> None:
    """Replace, in place, every translatable text of a game's content by change(text)."""

    def walk(value):
        if isinstance(value, LocStr) and value.field:
            return change(value)
        if isinstance(value, YMap):
            for key, item in value.items():
                value[key] = walk(item)
        elif isinstance(value, YList):
            for index, item in enumerate(value):
                value[index] = walk(item)
        return value

    for name in list(data):
        if name not in skip:
            data[name] = walk(data[name])


@dataclass(frozen=True)
class Coverage:
    """Where each text of a game stands in one language: in exactly one of the four."""

    lang: str
    translated: tuple  # keys, confirmed against their current source text
    unconfirmed: tuple  # (key, translated LocStr): translated, never confirmed
    stale: tuple  # (key, translated LocStr): confirmed against a source text that has changed since
    missing: tuple  # (key, source LocStr): prints in the source language


def coverage(known: dict[str, LocStr], catalogue: Catalogue) -> Coverage:
    found: dict[str, list] = {"translated": [], "unconfirmed": [], "stale": [], "missing": []}
    for key, source in known.items():
        text = catalogue.strings.get(key)
        confirmed = catalogue.confirmed.get(key)
        if text is None:
            found["missing"].append((key, source))
        elif confirmed is None:
            found["unconfirmed"].append((key, text))
        elif confirmed != source_hash(source):
            found["stale"].append((key, text))
        else:
            found["translated"].append(key)
    return Coverage(catalogue.lang, **{state: tuple(items) for state, items in found.items()})


COUNTS = ("translated", "unconfirmed", "stale", "missing")


def coverage_summary(coverage_: Coverage, source: str) -> dict:
    """What a translated kit's manifest.json says of its translation (`source`: the game's own
    language): {"lang": "ru", "source": "en", "total": 1471, "translated": 55, "unconfirmed": 0,
    "stale": 0, "missing": 1416}; the four counts add up to the total."""
    counts = {state: len(getattr(coverage_, state)) for state in COUNTS}
    return {"lang": coverage_.lang, "source": source, "total": sum(counts.values()), **counts}


def coverage_line(summary: dict) -> str:
    """The console's line for a translated kit, from its coverage_summary: 'ru: partial
    translation, 55 of 1,471 texts (4 %); 1,416 fall back to English'."""
    lang, total, missing = summary["lang"], summary["total"], summary["missing"]
    printed = total - missing  # in the language, confirmed or not
    falls = f"{missing:,} {'falls' if missing == 1 else 'fall'} back to {language_name(summary['source'])}"
    if not missing:
        line = f"{lang}: complete translation, {total:,} texts"
    elif not printed:
        line = f"{lang}: no text translated yet; {falls}"
    else:
        line = f"{lang}: partial translation, {printed:,} of {total:,} texts ({percent(printed, total)} %); {falls}"
    unsure = [f"{summary[state]:,} {state}" for state in ("unconfirmed", "stale") if summary[state]]
    return line + (f"; {', '.join(unsure)}" if unsure else "")


def percent(part: int, whole: int) -> int:
    """A share in whole percent; a partial one is never shown as 0 % or 100 %."""
    share = round(100 * part / whole) if whole else 100
    return min(max(share, 1), 99) if 0 < part < whole else share


@lru_cache(maxsize=None)
def language_name(code: str) -> str:
    """A language's English name, from CLDR: 'en' -> 'English', 'es-MX' -> 'Mexican Spanish';
    the code itself for a language CLDR does not name."""
    from babel import Locale  # 20 ms with its English names: only where a name is shown

    names = Locale("en").languages
    return names.get(code.replace("-", "_")) or names.get(code.split("-")[0].lower()) or code


# -- writing language files ---------------------------------------------------------------------
def quote(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{escaped}"'


def language_file(
    game_id: str,
    lang: str,
    known: dict[str, LocStr],
    strings: dict | None = None,
    translators: list | None = None,
    schema: str = "",
) -> str:
    """A language file: every key, the source text as a comment above it."""
    lines = ["# yaml-language-server: $schema=../schemas/locale.schema.json"]
    lines += [
        f"# kitpress language file: {game_id}, language {lang}.",
        "# Translate the quoted text; keep {placeholders} and **bold** marks as they are.",
        "# An empty string falls back to the source language. Then run:",
        f"#   kitpress i18n confirm {game_id} {lang}",
        f"# translator: {', '.join(translators or ['(your name)'])}",
        "",
    ]
    for key, source in known.items():
        for part in str(source).splitlines() or [""]:
            lines.append(f"# {part}")
        lines.append(f"{key}: {quote(str((strings or {}).get(key, '')))}")
    return "\n".join(lines) + "\n"


def lock_file(confirmed: dict[str, str]) -> str:
    lines = ["# Which source text each translation was confirmed against (kitpress i18n confirm).", "# Do not edit by hand."]
    lines += [f"{key}: {quote(digest)}" for key, digest in sorted(confirmed.items())]
    return "\n".join(lines) + "\n"


def problems_of(coverage_: Coverage) -> list[Problem]:
    """A warning for each text not translated, or not confirmed against its current source."""
    lang = coverage_.lang
    out = [
        Problem("warning", f"[{lang}] missing translation of '{key}' (falls back to the source)", source.loc)
        for key, source in coverage_.missing
    ]
    out += [
        Problem("warning", f"[{lang}] unconfirmed translation of '{key}': check it, then run kitpress i18n confirm", text.loc)
        for key, text in coverage_.unconfirmed
    ]
    out += [
        Problem(
            "warning",
            f"[{lang}] stale translation of '{key}': its source text changed; check it, then run kitpress i18n confirm",
            text.loc,
        )
        for key, text in coverage_.stale
    ]
    return out


# -- scripts: can the bundled fonts print a language? ---------------------------------------------
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
# Scripts whose letters need a CJK font: the Noto one made for each
_CJK_FONTS = {
    "Hans": "Noto Sans SC",
    "Hani": "Noto Sans SC",
    "Hant": "Noto Sans TC",
    "Bopo": "Noto Sans TC",
    "Jpan": "Noto Sans JP",
    "Hira": "Noto Sans JP",
    "Kana": "Noto Sans JP",
    "Kore": "Noto Sans KR",
    "Hang": "Noto Sans KR",
}
# A script is covered when the fonts draw at least half of its letters. The bundled fonts draw
# 89 % of Unicode's Latin letters, all of Greek and Cyrillic, 56-99 % of Canadian syllabics,
# Georgian, Lao, Tifinagh, Armenian and Hebrew, 38 % of Arabic (right to left: refused anyway),
# and of every other script 12 % (Coptic) or nothing: no threshold from 13 % to 55 % would
# decide otherwise.
_COVERED = 0.5
_CACHE_FORMAT = 1  # raise it when what is worked out, or how, changes


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
    sources = [
        Path(babel.origin).parent / "global.dat",
        Path(fonttools.origin).parent / "unicodedata" / "Scripts.py",
        *(fonts.FONT_DIR / fonts.FAMILIES[family][0] for family in (fonts.MAIN, fonts.FALLBACK)),
    ]
    try:
        stats = [path.stat() for path in sources]
    except OSError:
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
    if drawn < _COVERED * len(letters):  # the symbol font draws some scripts the main one lacks
        either = main | fonts.charset(fonts.FALLBACK)
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
    cjk = _CJK_FONTS.get(script.code)
    return f"a CJK font such as {cjk}" if cjk else f"a font with {script.name} letters"


# -- pseudo-translation -------------------------------------------------------------------------
_ACCENTED = str.maketrans("aeiouAEIOUcnyCNY", "áéîõüÅÉÎÕÜçñýÇÑÝ")
_KEEP = re.compile(r"(\{[^}]*\}|\*\*)")


def pseudo(text: str) -> str:
    """Accented and about 40 % longer, placeholders and bold marks kept: finds tight boxes and
    missing glyphs before anyone translates."""
    parts = _KEEP.split(text)
    out = [part if _KEEP.fullmatch(part) else part.translate(_ACCENTED) for part in parts]
    body = "".join(out)
    padding = " ·" * max(1, len(text) // 5)
    return f"[{body}{padding}]"


def pseudo_catalogue(known: dict[str, LocStr]) -> Catalogue:
    catalogue = Catalogue("pseudo")
    for key, source in known.items():
        catalogue.strings[key] = LocStr(pseudo(str(source)), source.loc, field=key)
    return catalogue


# -- files around the catalogues -----------------------------------------------------------------
def languages(game) -> list[str]:
    """The languages a game has files for (its source template excluded)."""
    return _translations(game.root, str(game.meta.get("language") or "en"))


def available(root: Path, source: str) -> list[str]:
    """What --lang can be for a game: its source language, then its translations."""
    return [source, *_translations(root, source)]


def _translations(root: Path, source: str) -> list[str]:
    folder = locales_dir(root)
    return sorted(p.stem for p in folder.glob("*.yaml") if not p.name.endswith(".lock.yaml") and p.stem != source)


def read_lock(path: Path) -> dict[str, str]:
    if not files.exists(path):
        return {}
    raw = yamlio.load_file(path, rel(path), within=[path.parent])
    return {str(k): str(v) for k, v in raw.items()} if isinstance(raw, YMap) else {}


def template_path(game) -> Path:
    return locales_dir(game.root) / f"{game.meta.get('language') or 'en'}.yaml"


def template(game) -> str:
    """The source template: every key with its source text (what platforms start from)."""
    source = str(game.meta.get("language") or "en")
    lines = [
        "# yaml-language-server: $schema=../schemas/locale.schema.json",
        f"# kitpress source template: {game.id}, language {source}. Generated by",
        f"#   kitpress i18n template {game.id}",
        "# Do not edit: edit the content files, then regenerate.",
    ]
    lines += [f"{key}: {quote(str(text))}" for key, text in game.texts.items()]
    return "\n".join(lines) + "\n"

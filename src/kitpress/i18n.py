"""Translations: language files overlay a game's text by stable key, never its numbers.

A language file, `content/<game>/locales/<lang>.yaml`, is plain key → string YAML (what
translate-toolkit, Weblate and Pootle read): the keys are the paths of the game's `text` fields
(`roles.student.flavour`), an empty string is a missing translation. Beside it,
`<lang>.lock.yaml` records a hash of the source text each translation was confirmed against, so
a changed source shows the translation as stale until a translator confirms it again.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from pathlib import Path

from . import files, yamlio
from .errors import Loc, Problem, Problems, did_you_mean, fail, rel
from .yamlio import LocStr, YList, YMap

RIGHT_TO_LEFT = {"ar", "he", "fa", "ur", "yi", "ps", "sd", "ug", "dv", "ku-arab"}
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
    """A usable language code; `available`, the game's languages, are suggested when it is not."""
    if not _LANG.match(lang):
        raise fail(f"'{lang}' is not a language code like 'es', 'ru' or 'es-MX'{_choices(lang, available)}", where)
    if lang.split("-")[0].lower() in RIGHT_TO_LEFT:
        raise fail(
            f"'{lang}' is written right to left, which kitpress cannot print yet (it needs a bidi package that is not on PyPI)",
            where,
        )


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
    lang: str
    translated: tuple  # keys
    missing: tuple  # (key, source LocStr)
    stale: tuple  # (key, translated LocStr)


def coverage(known: dict[str, LocStr], catalogue: Catalogue) -> Coverage:
    translated, missing, stale = [], [], []
    for key, source in known.items():
        text = catalogue.strings.get(key)
        if text is None:
            missing.append((key, source))
        elif catalogue.confirmed.get(key) != source_hash(source):
            stale.append((key, text))
        else:
            translated.append(key)
    return Coverage(catalogue.lang, tuple(translated), tuple(missing), tuple(stale))


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
    out = [
        Problem("warning", f"[{coverage_.lang}] missing translation of '{key}' (falls back to the source)", source.loc)
        for key, source in coverage_.missing
    ]
    out += [
        Problem(
            "warning",
            f"[{coverage_.lang}] stale translation of '{key}': its source text changed; check it, then run kitpress i18n confirm",
            text.loc,
        )
        for key, text in coverage_.stale
    ]
    return out


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

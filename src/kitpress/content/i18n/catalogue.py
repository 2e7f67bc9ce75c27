"""Reading a language's files: `locales/<lang>.yaml` and the files of the languages it falls
back to (es-MX, then es) into one Catalogue, each translation checked against the game's texts
and their placeholders, with what its `<lang>.lock.yaml` confirmed; and which languages a game
has files for."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from kitpress import files
from kitpress.content import yamlio
from kitpress.content.textfmt import PLACEHOLDER
from kitpress.content.yamlio import LocStr, YMap
from kitpress.errors import Loc, Problems, did_you_mean, fail, rel

_TRANSLATOR = re.compile(r"^#\s*translators?:\s*(.+)$", re.IGNORECASE | re.MULTILINE)


@dataclass
class Catalogue:
    """One language's strings for one game, from the most specific file to the least."""

    lang: str
    strings: dict = field(default_factory=dict)  # key -> LocStr (located in the language file)
    origin: dict = field(default_factory=dict)  # key -> the language whose file gave it
    confirmed: dict = field(default_factory=dict)  # key -> source hash when confirmed
    translators: list = field(default_factory=list)
    files: list = field(default_factory=list)


def chain(lang: str) -> list[str]:
    """es-MX -> [es-MX, es]: the files to look in, most specific first."""
    parts = lang.split("-")
    return ["-".join(parts[:n]) for n in range(len(parts), 0, -1)]


def locales_dir(root: Path) -> Path:
    return root / "locales"


def load_catalogue(root: Path, lang: str, known: dict[str, LocStr], problems: Problems, asked_at: Loc, source: str) -> Catalogue:
    """`lang`'s strings; `asked_at` is where the language was asked for (--lang, say)."""
    catalogue = Catalogue(lang)
    for code in chain(lang):
        path = locales_dir(root) / f"{code}.yaml"
        if files.exists(path):
            catalogue.files.append(path)
            if _read_strings(root, path, code, known, catalogue, problems):
                _read_confirmed(root, locales_dir(root) / f"{code}.lock.yaml", catalogue)
    if not catalogue.files:
        have = choices(lang, available(root, source))
        raise fail(f"no translation '{lang}'{have}: start one with `kitpress i18n new {root.name} {lang}`", asked_at)
    return catalogue


def _read_strings(root: Path, path: Path, code: str, known: dict[str, LocStr], catalogue: Catalogue, problems: Problems) -> bool:
    """One language file's translators and strings into the catalogue (a more specific file,
    read before, keeps the strings it gave); False if the file is no map of keys at all."""
    shown = rel(path)
    text = files.read_text(path, [root], yamlio.MAX_BYTES, shown)
    raw = _parsed(text, shown)
    catalogue.translators += [name.strip() for name in _TRANSLATOR.findall(text)]
    if not isinstance(raw, YMap):
        problems.error("a language file maps keys to strings", getattr(raw, "loc", Loc(shown, 1, 1)))
        return False
    for key, value in raw.items():
        where = raw.loc_of(key)
        if key not in known:
            message = f"unknown key '{key}'{did_you_mean(key, known)} (not a text of this game; `kitpress i18n update {root.name} {code}` sets it aside)"
            problems.error(message, raw.key_loc(key))
        elif value is None or value == "":
            continue  # an empty string is a missing translation
        elif not isinstance(value, str):
            problems.error(f"'{key}' must be text", where)
        elif change := placeholder_change(known[key], value):
            problems.error(f"[{code}] translation of '{key}' {change}: keep every placeholder of the source text", where)
        elif key not in catalogue.strings:
            catalogue.strings[key] = LocStr(value, where, field=key)
            catalogue.origin[key] = code
    return True


# language files as parsed, by place and text, for the process: every paper of a translated kit
# reads the same ones (parsing them again was a sixtieth of `make kit`). Only read, never changed.
_PARSED: dict[tuple[str, str], object] = {}
_PARSED_KEPT = 32


def _parsed(text: str, shown: str):
    key = (shown, text)
    if key not in _PARSED:
        if len(_PARSED) >= _PARSED_KEPT:
            _PARSED.clear()
        _PARSED[key] = yamlio.load_text(text, shown)
    return _PARSED[key]


def _read_confirmed(root: Path, lock: Path, catalogue: Catalogue) -> None:
    """The source hashes a language's lock file confirmed; a more specific file's come first."""
    if files.exists(lock):
        locked = yamlio.load_file(lock, rel(lock), within=[root])
        for key, digest in locked.items() if isinstance(locked, YMap) else []:
            catalogue.confirmed.setdefault(key, str(digest))


def read_lock(path: Path) -> dict[str, str]:
    if not files.exists(path):
        return {}
    raw = yamlio.load_file(path, rel(path), within=[path.parent])
    return {str(k): str(v) for k, v in raw.items()} if isinstance(raw, YMap) else {}


# -- placeholders: a translation keeps every one of its source's ---------------------------------
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


# -- which languages a game has ------------------------------------------------------------------
def languages(game) -> list[str]:
    """The languages a game has files for (its source template excluded)."""
    return _translations(game.root, str(game.meta.get("language") or "en"))


def available(root: Path, source: str) -> list[str]:
    """What --lang can be for a game: its source language, then its translations."""
    return [source, *_translations(root, source)]


def _translations(root: Path, source: str) -> list[str]:
    folder = locales_dir(root)
    return sorted(p.stem for p in folder.glob("*.yaml") if not p.name.endswith(".lock.yaml") and p.stem != source)


def choices(lang: str, available: list[str] | None) -> str:
    """' (did you mean 'es'?) (this game has en, es)', for a language the game does not have."""
    if not available:
        return ""
    return f"{did_you_mean(lang.lower(), available)} (this game has {', '.join(available)})"

"""Which plural form a number takes in a language (CLDR's rules, through Babel): Russian says
1 лист, 2 листа, 5 листов; Spanish and English one form for 1 and one for the rest."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from kitpress import usercache


@lru_cache(maxsize=32)
def _rule(lang: str):
    """The language's plural rule, None for a language CLDR does not know. Its rules' text is
    kept in the user's cache: Babel loads a language's whole CLDR data to give them (30 ms, a
    third of writing a kit page), parsing the text again takes a fifth of a millisecond."""
    import babel
    from babel.plural import PluralRule

    cached = _cache_file(lang, babel.__version__)
    rules = _read_cached(cached) if cached is not None else _NOT_CACHED
    if rules is _NOT_CACHED:
        rules = _cldr_rules(lang)
        if cached is not None:
            usercache.write(cached, json.dumps(rules).encode("utf-8"))
    return None if rules is None else PluralRule(rules)


_NOT_CACHED = object()


def ready(lang: str) -> None:
    """Have the language's rule at hand before it is asked for (Babel imported, the rule read):
    for a process with time to spare."""
    _rule(lang)


def _cldr_rules(lang: str) -> dict[str, str] | None:
    from babel import Locale, UnknownLocaleError

    try:
        return Locale.parse(lang.replace("-", "_")).plural_form.rules
    except (UnknownLocaleError, ValueError):
        return None


def _cache_file(lang: str, babel_version: str) -> Path | None:
    folder = usercache.folder("plurals")
    safe = "".join(c for c in lang if c.isalnum() or c in "-_")[:40]  # a name, never a path
    return folder / f"{safe}-{babel_version}.json" if folder is not None and safe == lang else None


def _read_cached(path: Path):
    """The rules kept in `path` (None: a language CLDR does not know); _NOT_CACHED if there are
    none, or they are damaged."""
    if not path.is_file():
        return _NOT_CACHED
    try:
        kept = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return _NOT_CACHED
    if kept is None or (isinstance(kept, dict) and all(type(k) is str and type(v) is str for k, v in kept.items())):
        return kept
    return _NOT_CACHED


ORDER = ("zero", "one", "two", "few", "many", "other")  # CLDR's categories, in its order


def categories(lang: str) -> tuple[str, ...]:
    """The plural forms a language has, as CLDR names them, in CLDR's order: ('one', 'other')
    for English and Spanish, ('one', 'few', 'many', 'other') for Russian and Polish, all six
    for Arabic; ('one', 'other') for a language CLDR does not know."""
    rule = _rule(lang or "en")
    tags = set(rule.tags) if rule is not None else {"one"}
    return tuple(tag for tag in ORDER if tag in tags | {"other"})


@lru_cache(maxsize=64)
def counted(lang: str) -> tuple[str, ...]:
    """The forms whole numbers take in a language (what a kit counts: sheets, coins, cards), and
    `other`, the form every plural text has: Russian one, few, many, other; Spanish one, other
    (its `many` is for a million and more)."""
    return tuple(tag for tag in categories(lang) if tag == "other" or examples(lang, tag))


def groups(known: dict) -> dict[str, list[str]]:
    """The plural texts among a game's texts, by their key: `labels.sheets` -> ['one', 'other'],
    a record whose fields are CLDR's categories, `one` and `other` among them."""
    found: dict[str, list[str]] = {}
    for key in known:
        head, _, tag = key.rpartition(".")
        if tag in ORDER and head:
            found.setdefault(head, []).append(tag)
    return {head: tags for head, tags in found.items() if {"one", "other"} <= set(tags)}  # a field named `other` alone is no plural


def wanted(known: dict, lang: str) -> dict:
    """The texts a translation into `lang` has: the game's, and for each plural text the forms
    `lang` counts with that the source lacks (`labels.sheets.few` in Russian), in CLDR's order
    among the group's own (one, few, many, other), each standing for the source's `other` until
    translated."""
    from kitpress.content.yamlio import LocStr

    missing = {head: [tag for tag in counted(lang) if tag not in tags] for head, tags in groups(known).items()}
    if not any(missing.values()):
        return known
    out = {}
    for key, text in known.items():
        head, _, tag = key.rpartition(".")
        for before in list(missing.get(head, ())):
            if ORDER.index(before) < ORDER.index(tag):
                other = known[f"{head}.other"]
                out[f"{head}.{before}"] = LocStr(str(other), other.loc, f"{head}.{before}")
                missing[head].remove(before)
        out[key] = text
    for head, tags in missing.items():  # forms after the group's last (none: `other` is last in CLDR's order)
        for tag in tags:
            other = known[f"{head}.other"]
            out[f"{head}.{tag}"] = LocStr(str(other), other.loc, f"{head}.{tag}")
    return out


def examples(lang: str, tag: str, most: int = 6) -> str:
    """Whole numbers that take a form, for a translator: 'few' in Russian is '2, 3, 4, 22, 23, 24…'."""
    found = [str(n) for n in range(0, 1001) if category(lang, n) == tag][: most + 1]
    return ", ".join(found[:most]) + ("…" if len(found) > most else "")


def category(lang: str, n: int) -> str:
    """'one', 'few', 'many', 'other'…, as CLDR names them; 'one' for 1 and 'other' for the rest
    in a language CLDR does not know."""
    rule = _rule(lang or "en")
    if rule is None:
        return "one" if n == 1 else "other"
    return rule(n)


def plural_forms(lang: str) -> str:
    """A PO header's Plural-Forms for a language ('nplurals=3; plural=(…);'), from Babel's
    gettext table; '' for a language it does not know."""
    from babel.messages.plurals import get_plural

    try:
        return str(get_plural(lang.replace("-", "_")))
    except (ValueError, KeyError):
        return ""

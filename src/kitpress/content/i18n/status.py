"""How complete a translation is: where each text stands in a language (translated,
unconfirmed, stale or missing, against the source hashes its lock file confirmed), and how that
is told: the manifest's block, the console's line, a warning for each text not yet done."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import lru_cache

from kitpress.content.i18n.catalogue import Catalogue
from kitpress.content.yamlio import LocStr
from kitpress.errors import Problem

COUNTS = ("translated", "unconfirmed", "stale", "missing")


def source_hash(text: str) -> str:
    """What a lock file records of the source text a translation was confirmed against."""
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:10]


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


FALLBACKS_KEPT = 8  # what fell back, as a build lists it after the kit; `kitpress i18n status` lists it all


def coverage_summary(coverage_: Coverage, source: str) -> dict:
    """What a translated kit's manifest.json says of its translation (`source`: the game's own
    language): {"lang": "ru", "source": "en", "total": 1471, "translated": 55, "unconfirmed": 0,
    "stale": 0, "missing": 1416, "fallbacks": [the first lines of what fell back, with places]};
    the four counts add up to the total."""
    counts = {state: len(getattr(coverage_, state)) for state in COUNTS}
    fallbacks = [str(problem) for problem in problems_of(coverage_)]
    summary = {"lang": coverage_.lang, "source": source, "total": sum(counts.values()), **counts}
    return {**summary, "fallbacks": fallbacks[:FALLBACKS_KEPT]}


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

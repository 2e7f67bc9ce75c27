"""A game's translatable texts: finding every one (the `text` fields, by the key of their
place, `roles.student.flavour`) and replacing them in place, by a language's catalogue or by
the pseudo-translation that finds tight boxes before anyone translates."""

from __future__ import annotations

import re

from kitpress.content.i18n.catalogue import Catalogue
from kitpress.content.yamlio import LocStr, YList, YMap


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


def overlay(data: dict, catalogue: Catalogue) -> dict[str, LocStr]:
    """Replace every translated text in place; return the source texts that fell back. A plural
    text gets the forms its translation has and its source lacks (`few`, `many` in Russian)."""
    fallbacks: dict[str, LocStr] = {}

    def swap(text: LocStr) -> LocStr:
        translated = catalogue.strings.get(text.field)
        if translated is None:
            fallbacks[text.field] = text
            return text
        return translated

    map_texts(data, swap)
    _add_plural_forms(data, catalogue)
    return fallbacks


def _add_plural_forms(data: dict, catalogue: Catalogue) -> None:
    """Into each plural text (a record holding `one` and `other`), the forms of the catalogue's
    language its source has no field for."""
    from kitpress.content.i18n.plurals import ORDER

    def walk(value):
        if isinstance(value, YMap):
            other = value.get("other")
            if isinstance(other, LocStr) and other.field.endswith(".other") and "one" in value:
                head = other.field[: -len(".other")]
                for tag in ORDER:
                    found = catalogue.strings.get(f"{head}.{tag}")
                    if tag not in value and found is not None:
                        value[tag] = found
            for item in value.values():
                walk(item)
        elif isinstance(value, YList):
            for item in value:
                walk(item)

    for item in data.values():
        walk(item)


# -- pseudo-translation -------------------------------------------------------------------------
_ACCENTED = str.maketrans("aeiouAEIOUcnyCNY", "áéîõüÅÉÎÕÜçñýÇÑÝ")
_KEEP = re.compile(r"(\{[^}]*\}|\*\*)")


# right to left: each Latin letter a Hebrew one (26 of its 27, finals included), so every word
# is right-to-left text and numbers, placeholders and punctuation fall as they do in Hebrew or Arabic
_HEBREW = "אבגדהוזחטיכךלמםנןסעפףצץקרש"
_RIGHT_TO_LEFT = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZáéîõüÅÉÎÕÜçñýÇÑÝ", _HEBREW * 2 + "אהיועאהיועגנכגנכ"
)


def pseudo(text: str, rtl: bool = False) -> str:
    """Accented and about 40 % longer, placeholders and bold marks kept: finds tight boxes and
    missing glyphs before anyone translates. `rtl`: in Hebrew letters, to find what does not
    run right to left (the layouts mirrored, as for Arabic or Hebrew: kitpress check --pseudo-rtl)."""
    parts = _KEEP.split(text)
    out = [part if _KEEP.fullmatch(part) else part.translate(_ACCENTED) for part in parts]
    if rtl:
        out = [part if _KEEP.fullmatch(part) else part.translate(_RIGHT_TO_LEFT) for part in out]
    body = "".join(out)
    padding = " ·" * max(1, len(text) // 5)
    return f"[{body}{padding}]"


def pseudo_catalogue(known: dict[str, LocStr], rtl: bool = False) -> Catalogue:
    catalogue = Catalogue("pseudo")
    for key, source in known.items():
        catalogue.strings[key] = LocStr(pseudo(str(source), rtl), source.loc, field=key)
    return catalogue

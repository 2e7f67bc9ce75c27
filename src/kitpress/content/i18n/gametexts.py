"""A game's translatable texts: finding every one (the `text` fields, by the key of their
place, `roles.student.flavour`) and replacing them in place, by a language's catalogue or by
the pseudo-translation that finds tight boxes before anyone translates."""

from __future__ import annotations

import re

from kitpress.content.i18n.catalogue import Catalogue
from kitpress.content.yamlio import LocStr, YList, YMap


def texts(data: dict, braced: set[str] | None = None) -> dict[str, LocStr]:
    """Every translatable string of a loaded game, by key, in file order. `braced`: given the
    names of `data` where a text holds a `{` (where a placeholder may be), which are the only
    ones game.py's placeholders need to walk: 20,000 cards without one were 40 ms of a build."""
    out: dict[str, LocStr] = {}
    brace = False

    def walk(value):
        nonlocal brace
        if isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)
        elif isinstance(value, LocStr) and value.field:
            out.setdefault(value.field, value)
            brace = brace or "{" in value

    for name, value in data.items():
        brace = False
        walk(value)
        if brace and braced is not None:
            braced.add(name)
    return out


def map_texts(data: dict, change, skip: tuple = ()) -> None:
    """Replace every translatable text of a game's content by change(text). The content's values
    are never changed: a mapping or list that holds a changed text is copied with it (a running
    process keeps checked records from one build to the next: content/schema.CheckedItems)."""

    def walk(value):
        if isinstance(value, LocStr) and value.field:
            return change(value)
        return _mapped(value, walk) if isinstance(value, YMap | YList) else value

    for name in list(data):
        if name not in skip:
            data[name] = walk(data[name])


def _mapped(value, change):
    """A mapping or list with `change` made to each of its items: itself when no item changes,
    else a copy of it (checked content is never changed: see YMap.replaced)."""
    out = None  # made at the first change: most of a game's records have none
    for key, item in value.items() if isinstance(value, YMap) else enumerate(value):
        new = change(item)
        if new is not item:
            out = (dict(value) if isinstance(value, YMap) else list(value)) if out is None else out
            out[key] = new
    return value if out is None else value.replaced(out)


def overlay(data: dict, catalogue: Catalogue) -> dict[str, LocStr]:
    """Replace every translated text (copying what holds it: see map_texts); return the source
    texts that fell back. A plural text gets the forms its translation has and its source lacks
    (`few`, `many` in Russian)."""
    fallbacks: dict[str, LocStr] = {}

    def swap(text: LocStr) -> LocStr:
        translated = catalogue.strings.get(text.field)
        if translated is None:
            fallbacks[text.field] = text
            return text
        return translated

    map_texts(data, swap)
    for name in list(data):
        data[name] = _with_plural_forms(data[name], catalogue)
    return fallbacks


def _with_plural_forms(value, catalogue: Catalogue):
    """`value` with, in each plural text (a record holding `one` and `other`), the forms of the
    catalogue's language its source has no field for (copied where any is added)."""
    from kitpress.content.i18n.plurals import ORDER

    if not isinstance(value, YMap | YList):
        return value
    out = _mapped(value, lambda item: _with_plural_forms(item, catalogue))
    if isinstance(out, YList):
        return out
    other = out.get("other")
    if isinstance(other, LocStr) and other.field.endswith(".other") and "one" in out:
        head = other.field[: -len(".other")]
        added = {tag: found for tag in ORDER if tag not in out and (found := catalogue.strings.get(f"{head}.{tag}")) is not None}
        if added:
            out = out.replaced({**out, **added})
    return out


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

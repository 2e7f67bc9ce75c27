"""Which plural form a number takes in a language (CLDR's rules, through Babel): Russian says
1 лист, 2 листа, 5 листов; Spanish and English one form for 1 and one for the rest."""

from __future__ import annotations

from functools import lru_cache


@lru_cache(maxsize=32)
def _rule(lang: str):
    from babel import Locale, UnknownLocaleError

    try:
        return Locale.parse(lang.replace("-", "_")).plural_form
    except (UnknownLocaleError, ValueError):
        return None


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

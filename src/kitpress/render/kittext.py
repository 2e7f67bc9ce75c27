"""The words kitpress itself prints on a kit's own pages (the print plan, the printer check,
table numbers, the combined file's title), in the kit's language: the `kit.…` keys of
kitpress's own language files (content/i18n/own: kitpress/locales/<lang>.yaml). Spanish and
Russian are kitpress's own translations; any other language gets English until someone adds
its file (kitpress i18n export --own LANG, then import --own)."""

from __future__ import annotations

from kitpress.content.i18n.own import words as own_words


def words(lang: str) -> dict[str, str]:
    """kitpress's words in a language ('es-MX' takes Spanish), English where it has none."""
    return own_words("kit", lang)

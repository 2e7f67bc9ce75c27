"""Numbers and placeholders in text: `{path}`, `{path|signed}`, `{path|thousands}` and
`{path|money}` take a value from the content so that a number is typed once; `{name}` is filled
by the layout."""

from __future__ import annotations

import re

MINUS = "\u2212"
PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_.\-]*)(?:\|([a-z]+))?\}")
FORMATS = ("signed", "plain", "thousands", "money")


def number(value) -> str:
    """A number as printed: a true minus sign, no trailing .0."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    text = str(value)
    return MINUS + text[1:] if text.startswith("-") else text


# Thousands separators by language (no-break spaces where a space is the custom).
GROUPING = {
    "en": ",",
    "es": ".",
    "de": ".",
    "it": ".",
    "pt": ".",
    "nl": ".",
    "fr": "\u202f",
    "ru": "\u00a0",
    "uk": "\u00a0",
    "pl": "\u00a0",
    "cs": "\u00a0",
    "sv": "\u00a0",
    "fi": "\u00a0",
}


def thousands(value, lang: str = "en") -> str:
    """1000 -> "1,000" in English, "1.000" in Spanish, "1 000" in Russian."""
    separator = GROUPING.get(lang.split("-")[0], ",")
    return number(f"{int(value):,}".replace(",", separator))


def money(value, lang: str, sign: str) -> str:
    """An amount of the game's money as the language writes it: "$200" in English, "200 $" in
    Spanish and Russian (the language's grouping, the sign where CLDR's currency pattern puts it,
    with its no-break space); `sign` is the game's, a label a translator may change."""
    if value < 0:
        return MINUS + money(-value, lang, sign)  # −$300, −300 $
    amount = thousands(value, lang) if float(value).is_integer() else _decimal(value, lang)
    before, after = _currency_sides(lang)
    return f"{before.replace('¤', sign)}{amount}{after.replace('¤', sign)}"


def _decimal(value, lang: str) -> str:
    """2.5 -> "2.50" in English, "2,50" where the language groups with a point or a space."""
    separator = GROUPING.get(lang.split("-")[0], ",")
    whole, cents = f"{float(value):.2f}".split(".")
    return f"{int(whole):,}".replace(",", separator) + ("." if separator == "," else ",") + cents


def _currency_sides(lang: str) -> tuple[str, str]:
    """What CLDR puts before and after the digits of an amount: ('¤', '') in English,
    ('', '\u00a0¤') in Spanish; English's where the language is unknown."""
    from babel import Locale, UnknownLocaleError  # CLDR's data: loaded only when money is printed

    try:
        pattern = Locale.parse(lang.replace("-", "_")).currency_formats["standard"].pattern.split(";")[0]
    except (UnknownLocaleError, ValueError, KeyError):
        pattern = "¤#,##0.00"
    digits = re.search(r"[#0][#0,.]*", pattern)
    return pattern[: digits.start()], pattern[digits.end() :]


def signed(value) -> str:
    """A number with its sign: +2, −1, 0."""
    if isinstance(value, (int, float)) and value > 0:
        return "+" + number(value)
    return number(value)


def format_value(value, fmt: str | None, lang: str = "en", sign: str | None = None) -> str:
    """A value as a placeholder prints it; `thousands` and `money` need a number (ValueError),
    and `money` the game's currency sign."""
    if fmt == "signed":
        return signed(value)
    if fmt in ("thousands", "money"):
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ValueError(f"|{fmt} prints a number, not '{value}'")
        if fmt == "thousands":
            return thousands(value, lang)
        if sign is None:
            raise ValueError("|money needs the label 'currency' (the sign, e.g. currency: \"$\" in the game's labels)")
        return money(value, lang, sign)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return number(value)
    return str(value)


def fill(text: str, values: dict, lang: str = "en", sign: str | None = None) -> tuple[str, list[str]]:
    """Replace {name} by values[name]; return the text and the names that had no value."""
    missing: list[str] = []

    def one(match: re.Match) -> str:
        name, fmt = match.group(1), match.group(2)
        if name not in values:
            missing.append(name)
            return match.group(0)
        return format_value(values[name], fmt, lang, sign)

    return PLACEHOLDER.sub(one, text), missing

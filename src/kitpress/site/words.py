"""The words of kitpress serve's pages for teachers, in the languages kitpress's kits speak: the
order page in the browser's language, a kit's page in the kit's. The words are data, the
`site.…` keys of kitpress's own language files (content/i18n/own); a word a language lacks is
said in English; a word that counts has a form for each CLDR category (content/i18n/plurals)."""

from __future__ import annotations

from kitpress.content.i18n import plural_category
from kitpress.content.i18n.own import languages, words as own_words
from kitpress.content.i18n.scripts import script_of
from kitpress.content.textfmt import GROUPING


class Words:
    """The words of one language: `say("built")`, `say("sheets", n=3)`."""

    def __init__(self, lang: str):
        self.lang = lang if lang in languages() else "en"
        self._words = own_words("site", self.lang)

    def __call__(self, key: str, **values) -> str:
        word = self._words[key]
        if isinstance(word, dict):
            form = plural_category(self.lang, int(values.get("n", 0)))
            word = word.get(form) or word["other"]
        return str(word).format(**values) if values else str(word)

    @property
    def dir(self) -> str:
        """HTML's dir for these words: 'rtl' for a language written right to left (Arabic, Hebrew)."""
        script = script_of(self.lang)
        return "rtl" if script is not None and script.right_to_left else "ltr"

    def decimal(self, value: float) -> str:
        """A number with one decimal, as the language writes it: 4.9 s, 4,9 с."""
        shown = f"{value:.1f}"
        return shown if GROUPING.get(self.lang, ",") == "," else shown.replace(".", ",")


def browser_language(header: str) -> str:
    """The language of these pages the browser prefers most (its Accept-Language), else English."""
    ranked = []
    for index, part in enumerate(header.split(",")[:20]):
        code, _, quality = part.strip().partition(";q=")
        try:
            weight = float(quality) if quality else 1.0
        except ValueError:
            weight = 0.0
        ranked.append((-weight, index, code.strip().lower().split("-")[0]))
    return next((code for _, _, code in sorted(ranked) if code in languages()), "en")

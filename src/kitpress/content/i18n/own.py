"""kitpress's own words, as data: `kitpress/locales/<lang>.yaml` holds what kitpress itself prints
on a kit's own pages (`kit.…`: the print plan, the printer check, table numbers) and on the
pages `kitpress serve` shows teachers (`site.…`), by key, like a game's language file; `en.yaml`
is the source. They go through `kitpress i18n export --own` and `import --own` like a game's.
A word that counts is a plural text: a key for each CLDR form (`site.sheets.few`)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from kitpress.content import yamlio
from kitpress.content.i18n.plurals import ORDER

FOLDER = Path(__file__).resolve().parents[2] / "locales"
SOURCE = "en"


def languages() -> list[str]:
    return sorted(p.stem for p in FOLDER.glob("*.yaml"))


def path(lang: str) -> Path:
    return FOLDER / f"{lang}.yaml"


@lru_cache(maxsize=16)
def strings(lang: str) -> dict[str, str]:
    """A language's words by key as its file has them ("" where it has none); {} for no file."""
    file = path(lang)
    if lang not in languages():
        return {}
    raw = yamlio.load_file(file, f"kitpress/locales/{file.name}", within=[FOLDER])
    return {str(key): str(value or "") for key, value in raw.items()} if isinstance(raw, dict) else {}


def words(part: str, lang: str) -> dict[str, object]:
    """The words of one part (`kit` or `site`) in a language ('es-MX' takes Spanish), English
    where it has none: {word: text, or for a word that counts {form: text}}."""
    base = lang.split("-")[0].lower()
    found: dict[str, object] = {}
    for code in (SOURCE, base) if base != SOURCE else (SOURCE,):
        forms: dict[str, dict] = {}
        for key, text in strings(code).items():
            head, _, word = key.partition(".")
            if head != part or not text:
                continue
            name, _, form = word.rpartition(".")
            if name and form in ORDER:
                forms.setdefault(name, {})[form] = text
            else:
                found[word] = text
        for name, given in forms.items():
            found[name] = given if code == SOURCE else {**found.get(name, {}), **given}
    return found


def file_text(lang: str, known: dict, given: dict[str, str]) -> str:
    """A language file of kitpress's words: every key (the source's words as comments above, in
    a translation), the words `given` for it."""
    from kitpress.content.i18n.writing import quote

    lines = [
        f"# kitpress's own words, language {lang}: the kit's own pages (kit.…: print plan, printer check,",
        "# table numbers) and kitpress serve's pages for teachers (site.…). A word that counts has a key for",
        "# each form the language counts with (CLDR). For translation tools: kitpress i18n export-own LANG.",
        "",
    ]
    for key, source in known.items():
        if lang != SOURCE:
            lines += [f"# {part}" for part in str(source).splitlines()]
        lines.append(f"{key}: {quote(str(given.get(key, '')))}")
    return "\n".join(lines) + "\n"

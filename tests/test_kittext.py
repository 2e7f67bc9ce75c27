"""kitpress's own pages (print plan, printer check, table numbers) speak the kit's language."""

import re
import string

import pytest
from pypdf import PdfReader

from kitpress.build.pipeline import BuildOptions, Project, build_game, find_project
from kitpress.content.i18n import own
from kitpress.render.kittext import words


def kit_words(lang: str) -> dict[str, str]:
    """The kit's own words as a language's file of kitpress's words has them."""
    return {key.partition(".")[2]: text for key, text in own.strings(lang).items() if key.startswith("kit.")}


TEXT = {lang: kit_words(lang) for lang in own.languages()}
SAME_WORD = {("fr", "sources"), ("fr", "copies")}  # French says "Sources." and "Copies" too


@pytest.mark.parametrize("lang", sorted(set(TEXT) - {"en"}))
def test_every_language_says_everything_english_says_with_the_same_blanks(lang):
    def blanks(text: str) -> set:
        return {name for _, name, _, _ in string.Formatter().parse(text) if name}

    assert set(TEXT[lang]) == set(TEXT["en"])
    for key, english in TEXT["en"].items():
        assert blanks(TEXT[lang][key]) == blanks(english), key
        assert TEXT[lang][key] != english or (lang, key) in SAME_WORD, key  # translated, not copied


def test_a_language_kitpress_has_not_gets_english():
    assert words("de")["print_plan"] == "Print plan" and words("es-MX")["print_plan"] == "Plan de impresión"


def text_of(pdf) -> str:
    return re.sub(r"\s+", " ", " ".join(page.extract_text() for page in PdfReader(pdf).pages))


def test_a_spanish_kit_has_a_spanish_plan_printer_check_and_table_numbers(tmp_path):
    folder, _, _ = build_game(find_project(), "state-in-class", BuildOptions(lang="es", tables=2, out=tmp_path))
    plan, check = text_of(folder / "plan.pdf"), text_of(folder / "calibration.pdf")
    assert "Plan de impresión" in plan and "Cortar y montar" in plan and "a doble cara, borde largo" in plan
    assert "Print plan" not in plan and "one side" not in plan
    assert "Prueba de impresora" in check and "Printer check" not in check
    assert "Mesa 2" in text_of(folder / "cards.pdf")
    assert PdfReader(folder / "kit.pdf").metadata.title.endswith("· kit completo")


def test_a_russian_kit_has_a_russian_plan(tmp_path):
    folder, _, _ = build_game(Project(find_project().root), "soviet-system", BuildOptions(lang="ru", out=tmp_path))
    plan = text_of(folder / "plan.pdf")
    assert "План печати" in plan and "Резка и сборка" in plan and "Print plan" not in plan

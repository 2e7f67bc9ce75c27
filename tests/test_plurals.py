"""Plurals as CLDR has them (through Babel): a translation gets the forms its language counts
with (Russian one, few, many, other), the layouts' `plural` filter picks the form a number
takes in the kit's language, and a form not yet translated is listed as missing."""

import subprocess
import sys
from pathlib import Path

import jinja2
import polib
import pytest

from kitpress.compose.filters import plural
from kitpress.content.i18n.plurals import counted, wanted
from kitpress.content.yamlio import LocStr
from kitpress.errors import Loc

KITPRESS = Path(sys.executable).with_name("kitpress")
HERE = Loc("content/game/labels.yaml", 4, 3)


def texts(*keys: str) -> dict:
    return {key: LocStr(f"source of {key}", HERE, key) for key in keys}


def test_a_language_gets_the_forms_it_counts_with_in_cldr_order():
    known = texts("labels.sheets.one", "labels.sheets.other", "labels.title")
    assert list(wanted(known, "ru")) == [
        "labels.sheets.one", "labels.sheets.few", "labels.sheets.many", "labels.sheets.other", "labels.title"
    ]  # fmt: skip
    assert str(wanted(known, "ru")["labels.sheets.few"]) == "source of labels.sheets.other"  # stands for `other`
    assert list(wanted(known, "es")) == list(known) and list(wanted(known, "fr")) == list(known)  # one, other
    assert counted("ar") == ("zero", "one", "two", "few", "many", "other")
    alone = texts("rules.turn.other", "rules.turn.title")  # a field named `other` is no plural by itself
    assert wanted(alone, "ru") == alone


@pytest.mark.parametrize(
    "lang, counts",
    [
        ("ru", {1: "one", 2: "few", 4: "few", 5: "many", 11: "many", 21: "one", 22: "few", 25: "many", 111: "many"}),
        ("pl", {1: "one", 2: "few", 5: "many", 21: "many", 22: "few"}),
        ("fr", {0: "one", 1: "one", 2: "other"}),  # French says 0 feuille
        ("en", {0: "other", 1: "one", 2: "other"}),
        ("ar", {0: "zero", 1: "one", 2: "two", 3: "few", 11: "many", 100: "other"}),
    ],
)
def test_the_plural_filter_takes_the_form_the_kit_s_language_gives_a_number(lang, counts):
    env = jinja2.Environment()
    env.filters["plural"] = plural
    template = env.from_string("{{ forms | plural(n) }}")
    forms = {tag: f"{{n}} {tag}" for tag in ("zero", "one", "two", "few", "many", "other")}
    for n, tag in counts.items():
        assert template.render(forms=forms, n=n, kit={"lang": lang}) == f"{n} {tag}", (lang, n)
    partial = {"one": "{n} one", "other": "{n} other"}  # a form the text lacks: its `other`
    assert template.render(forms=partial, n=5, kit={"lang": "ru"}) == "5 other"


def test_a_russian_translation_lists_its_missing_forms_and_prints_each_number_s_form(kit_project):
    root = kit_project.root
    run = [str(KITPRESS), "i18n"]
    done = subprocess.run([*run, "new", "state-in-class", "ru"], cwd=root, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    language = root / "content/state-in-class/locales/ru.yaml"
    text = language.read_text(encoding="utf-8")
    assert text.index("labels.sheets.one:") < text.index("labels.sheets.few:") < text.index("labels.sheets.many:") < (
        text.index("labels.sheets.other:")
    )
    language.write_text(text.replace('labels.sheets.one: ""', 'labels.sheets.one: "{n} лист"'), encoding="utf-8")
    status = subprocess.run([*run, "status", "state-in-class", "--lang", "ru"], cwd=root, capture_output=True, text=True)
    assert "missing translation of 'labels.sheets.few'" in status.stderr and "of 255" in status.stdout
    exported = subprocess.run([*run, "export", "state-in-class", "ru", "--out", "ru.po"], cwd=root, capture_output=True, text=True)
    assert exported.returncode == 0, exported.stderr
    few = next(e for e in polib.pofile(str(root / "ru.po")) if e.msgctxt == "labels.sheets.few")
    assert "the 'few' form: for 2, 3, 4, 22, 23, 24" in few.comment


LANGUAGES = ("en", "es", "fr", "ru", "pl", "ar", "he", "cy", "ga", "gd", "lt", "lv", "mt", "sl", "br", "ja", "pt-PT", "es-MX", "zz")


def test_a_plural_rule_kept_in_the_cache_gives_every_number_the_form_babel_gives(tmp_path, monkeypatch):
    """The rules' text is kept in the user's cache (Babel loads a language's whole CLDR data to
    give it): a rule read back from it sorts every number as Babel's own rule does."""
    from babel import Locale, UnknownLocaleError

    from kitpress.content.i18n import plurals

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    for lang in LANGUAGES:
        plurals._rule.cache_clear()
        worked_out = plurals._rule(lang)
        plurals._rule.cache_clear()
        kept = plurals._rule(lang)
        try:
            babels = Locale.parse(lang.replace("-", "_")).plural_form
        except UnknownLocaleError:
            assert worked_out is None and kept is None, lang
            continue
        assert kept is not babels and kept.tags == babels.tags, lang
        for n in [*range(0, 2500), 1_000_000, 2_000_000, 3_000_001]:
            assert kept(n) == babels(n) == worked_out(n), (lang, n)
    assert len(list((tmp_path / "kitpress" / "plurals").iterdir())) == len(LANGUAGES)
    plurals._rule.cache_clear()


def test_a_damaged_plural_cache_file_is_worked_out_again(tmp_path, monkeypatch):
    from kitpress.content.i18n import plurals

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    plurals._rule.cache_clear()
    plurals._rule("ru")
    (kept,) = (tmp_path / "kitpress" / "plurals").iterdir()
    for damage in ("{not json", '{"one": 1}', "[]", '"few"'):
        kept.write_text(damage, encoding="utf-8")
        plurals._rule.cache_clear()
        assert plurals.category("ru", 22) == "few" and plurals.category("ru", 11) == "many", damage
    plurals._rule.cache_clear()

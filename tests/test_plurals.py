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

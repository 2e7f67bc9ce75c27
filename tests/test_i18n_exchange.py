"""kitpress i18n export / import: a language as PO and XLIFF, read by the libraries translators'
tools use (polib for Poedit's PO, translate-toolkit for Weblate's PO and XLIFF), and back
without loss: keys, texts, states, notes; untranslated stays untranslated; a translation that
drops a placeholder is refused with its place."""

import re
import subprocess
import sys
from pathlib import Path

import polib
import pytest
import yaml
from translate.storage import po as ttk_po
from translate.storage import xliff as ttk_xliff

KITPRESS = Path(sys.executable).with_name("kitpress")
LOCALES = Path("content/mini/locales")


def kitpress(project: Path, *args: str, code: int = 0) -> subprocess.CompletedProcess:
    done = subprocess.run([str(KITPRESS), "i18n", *args], cwd=project, capture_output=True, text=True, timeout=300)
    assert done.returncode == code, done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    return done


def parsed(project: Path, name: str) -> dict:
    """A language file's translations (an empty string is no translation), or a lock's entries."""
    found = yaml.safe_load((project / LOCALES / name).read_text(encoding="utf-8")) or {}
    return {key: value for key, value in found.items() if value != ""}


def test_a_po_file_holds_every_text_by_key_with_its_state_notes_and_plural_forms(mini_project):
    kitpress(mini_project, "export", "mini", "es")
    po = polib.pofile(str(mini_project / LOCALES / "es.po"))
    source = parsed(mini_project, "en.yaml")  # the source template: every key and its text
    assert {e.msgctxt: e.msgid for e in po} == source
    translated = parsed(mini_project, "es.yaml")
    assert all(e.msgstr == (translated.get(e.msgctxt) or "") for e in po)  # untranslated: empty, never the source
    assert po.metadata["Language"] == "es" and po.metadata["Plural-Forms"] == "nplurals=2; plural=(n != 1);"
    north = po.find("North wind", by="msgid")
    assert "prints in cards.pdf" in north.comment and "frame 'title'" in north.comment and "characters" in north.comment
    assert north.occurrences == [("content/mini/cards.yaml", "2")]
    names = next(e for e in po if e.msgctxt == "labels.translation")
    assert "{names}:" in names.comment  # what the placeholder stands for
    weblate = ttk_po.pofile.parsefile(str(mini_project / LOCALES / "es.po"))  # as Weblate reads it
    assert {u.getcontext(): u.source for u in weblate.units if not u.isheader()} == source


def test_po_and_xliff_go_back_into_the_language_file_and_its_lock_unchanged(mini_project):
    before = parsed(mini_project, "es.yaml"), parsed(mini_project, "es.lock.yaml")
    status = kitpress(mini_project, "status", "mini", "--lang", "es").stdout
    for form, name in (("po", "es.po"), ("xliff", "es.xlf")):
        kitpress(mini_project, "export", "mini", "es", "--format", form)
        kitpress(mini_project, "import", "mini", str(LOCALES / name))
        assert (parsed(mini_project, "es.yaml"), parsed(mini_project, "es.lock.yaml")) == before, form
        assert kitpress(mini_project, "status", "mini", "--lang", "es").stdout == status


def test_xliff_units_carry_the_key_the_state_and_the_notes(mini_project):
    cards = mini_project / "content/mini/cards.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("Move back one space.", "Move back two spaces."), "utf-8")
    kitpress(mini_project, "export", "mini", "es", "--format", "xliff")
    store = ttk_xliff.xlifffile.parsefile(str(mini_project / LOCALES / "es.xlf"))
    units = {u.getid().split("\x04")[-1]: u for u in store.units}  # translate-toolkit puts the file's name before the id
    assert set(units) == set(parsed(mini_project, "en.yaml"))
    south = units["cards.south.text"]  # its source changed since it was confirmed: to review
    assert south.source == "Move back two spaces." and south.target and not south.isapproved()
    assert units["cards.north.title"].isapproved() and units["cards.north.title"].target == "Viento del norte"
    assert "prints in cards.pdf" in units["cards.north.title"].getnotes()


def test_what_a_translator_changes_comes_back_and_fuzzy_stays_to_review(mini_project):
    kitpress(mini_project, "export", "mini", "es")
    path = mini_project / LOCALES / "es.po"
    po = polib.pofile(str(path))
    missing = next(e for e in po if not e.msgstr and "{" not in e.msgid)
    missing.msgstr = "Traducido en Poedit"  # a new translation, marked done
    edited = next(e for e in po if e.msgstr and e is not missing)
    edited.msgstr, edited.flags = edited.msgstr + " (revisar)", ["fuzzy"]  # changed, but to review
    emptied = next(e for e in po if e.msgstr and e not in (missing, edited))
    emptied.msgstr = ""  # cleared: untranslated again, never the source text
    po.save(str(path))
    kitpress(mini_project, "import", "mini", str(LOCALES / "es.po"))
    strings, lock = parsed(mini_project, "es.yaml"), parsed(mini_project, "es.lock.yaml")
    assert strings[missing.msgctxt] == "Traducido en Poedit" and missing.msgctxt in lock
    assert strings[edited.msgctxt].endswith("(revisar)") and edited.msgctxt not in lock  # unconfirmed
    assert emptied.msgctxt not in strings and emptied.msgctxt not in lock
    status = kitpress(mini_project, "status", "mini", "--lang", "es").stderr
    assert f"unconfirmed translation of '{edited.msgctxt}'" in status and f"missing translation of '{emptied.msgctxt}'" in status


@pytest.mark.parametrize("form, name", [("po", "es.po"), ("xliff", "es.xlf")])
def test_a_translation_that_drops_a_placeholder_or_names_no_text_is_refused_and_nothing_written(mini_project, form, name):
    kitpress(mini_project, "export", "mini", "es", "--format", form)
    path = mini_project / LOCALES / name
    text = path.read_text(encoding="utf-8")
    language = (mini_project / LOCALES / "es.yaml").read_bytes()
    if form == "po":
        po = polib.pofile(text)
        entry = next(e for e in po if e.msgctxt == "labels.translation")
        entry.msgstr = "Traducción"  # {names} dropped
        broken = str(po)
        line = next(n for n, row in enumerate(broken.splitlines(), 1) if row == 'msgctxt "labels.translation"')
    else:
        start = text.index('id="labels.translation"')
        target = re.compile(r"<target[^>]*?(/>|>.*?</target>)", re.S).search(text, start)
        broken = text[: target.start()] + '<target state="translated">Traducción</target>' + text[target.end() :]
        line = text[:start].count("\n") + 1
    path.write_text(broken, encoding="utf-8")
    done = kitpress(mini_project, "import", "mini", str(LOCALES / name), code=1)
    assert f"{LOCALES / name}:" in done.stderr and "translation of 'labels.translation' drops {names}" in done.stderr
    assert f":{line}:" in done.stderr.split("translation of 'labels.translation'")[0].splitlines()[-1]
    assert (mini_project / LOCALES / "es.yaml").read_bytes() == language
    path.write_text(text.replace("labels.translation", "labels.nothing"), encoding="utf-8")
    assert "unknown key 'labels.nothing'" in kitpress(mini_project, "import", "mini", str(LOCALES / name), code=1).stderr


def test_a_language_not_started_exports_every_text_untranslated_with_its_plural_forms(mini_project):
    kitpress(mini_project, "export", "mini", "ru")
    po = polib.pofile(str(mini_project / LOCALES / "ru.po"))
    assert len(po) == len(parsed(mini_project, "en.yaml")) and all(e.msgstr == "" for e in po)
    assert po.metadata["Plural-Forms"].startswith("nplurals=3;")  # one, few, many, as CLDR has Russian
    assert kitpress(mini_project, "export", "mini", "es", "--format", "docx", code=1).stderr.startswith("--format: error:")

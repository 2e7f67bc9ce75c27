"""kitpress's own words as data (kitpress/locales/<lang>.yaml): every language kitpress ships
has every word, with its language's plural forms and the source's placeholders; they go out to
PO and back unchanged; and they are what the kit's own pages and the teachers' pages print."""

import subprocess
import sys
from pathlib import Path

import polib
import yaml

from kitpress.content import i18n
from kitpress.content.i18n import own
from kitpress.render.kittext import words as kit_words
from kitpress.site.words import Words

KITPRESS = Path(sys.executable).with_name("kitpress")


def test_every_shipped_language_has_every_word_with_its_forms_and_placeholders():
    source = own.strings(own.SOURCE)
    assert source and all(source.values())
    known = {key: i18n.texts({"x": text}).get(key, text) for key, text in source.items()}
    for lang in own.languages():
        if lang == own.SOURCE:
            continue
        given = own.strings(lang)
        expected = i18n.plural_forms_wanted({k: _located(k, v) for k, v in known.items()}, lang)
        assert list(given) == list(expected), lang  # the same words, in the same order, the language's forms added
        empty = [key for key, text in given.items() if not text]
        assert not empty, (lang, empty)
        changed = {key: i18n.placeholder_change(str(expected[key]), text) for key, text in given.items()}
        assert not any(changed.values()), {k: v for k, v in changed.items() if v}


def _located(key, text):
    from kitpress.content.yamlio import LocStr
    from kitpress.errors import Loc

    return LocStr(text, Loc("kitpress/locales/en.yaml"), key)


def test_the_pages_print_the_words_of_the_files():
    spanish = yaml.safe_load(own.path("es").read_text(encoding="utf-8"))
    assert kit_words("es")["printer_check"] == spanish["kit.printer_check"]
    assert kit_words("es-MX")["printer_check"] == spanish["kit.printer_check"]  # a variant takes its language
    assert kit_words("de")["printer_check"] == own.strings("en")["kit.printer_check"]  # none: English
    russian = yaml.safe_load(own.path("ru").read_text(encoding="utf-8"))
    assert Words("ru")("sheets", n=5) == russian["site.sheets.many"].format(n=5)


def test_own_words_go_out_to_po_and_back_unchanged(tmp_path):
    before = own.path("ru").read_bytes()
    po = tmp_path / "kitpress.ru.po"
    done = subprocess.run([str(KITPRESS), "i18n", "export-own", "ru", "--out", str(po)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    entries = polib.pofile(str(po))
    assert {e.msgctxt for e in entries} == set(own.strings("ru")) and all(e.msgstr for e in entries)
    assert entries.metadata["Plural-Forms"].startswith("nplurals=3;")
    try:
        done = subprocess.run([str(KITPRESS), "i18n", "import-own", str(po)], capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        assert own.path("ru").read_bytes() == before
    finally:
        own.path("ru").write_bytes(before)


def test_a_kit_page_of_one_language_s_kits_speaks_it_and_a_mixed_one_english(mini_project, tmp_path, monkeypatch):
    from kitpress.build.pipeline import BuildOptions, Project, build_game
    from kitpress.site.kitpage import write_index

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    out = tmp_path / "out"
    build_game(Project(mini_project), "mini", BuildOptions(out=out, lang="es"))
    spanish = write_index(out).read_text(encoding="utf-8")
    words = yaml.safe_load(own.path("es").read_text(encoding="utf-8"))
    assert '<html lang="es">' in spanish and f"<h1>{words['site.kits_title']}</h1>" in spanish
    assert words["site.kits_here"] in spanish and "Kits in this folder" not in spanish
    build_game(Project(mini_project), "mini", BuildOptions(out=out))  # an English kit beside it
    mixed = write_index(out).read_text(encoding="utf-8")
    assert '<html lang="en">' in mixed and "<h1>Print kits</h1>" in mixed
    assert 'lang="es"' in mixed and words["site.actual_size"] in mixed  # the Spanish kit's section stays Spanish

"""Translators' workflow: language files, fallback, stale text, fit and glyphs per language."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

from kitpress.content import i18n
from kitpress.build.pipeline import BuildOptions, Project, build_game, compose_game, find_project
from kitpress.content.game import load_game
from kitpress.errors import KitpressError, Loc
from kitpress.content.textfmt import PLACEHOLDER
from kitpress.content.yamlio import LocStr

REPO = Path(__file__).resolve().parents[1]
KITPRESS = Path(sys.executable).with_name("kitpress")


@pytest.fixture
def project(tmp_path, monkeypatch):
    shutil.copytree(REPO / "content", tmp_path / "content")
    shutil.copytree(REPO / "layouts", tmp_path / "layouts")
    shutil.rmtree(tmp_path / "content" / "state-in-class" / "locales", ignore_errors=True)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def run(*args, cwd):
    return subprocess.run([str(KITPRESS), *args], cwd=cwd, capture_output=True, text=True)


def set_key(path: Path, key: str, value: str) -> int:
    """Fill one key of a language file; return its line."""
    lines = path.read_text(encoding="utf-8").splitlines()
    index = next(i for i, line in enumerate(lines) if line.startswith(f"{key}: "))
    lines[index] = f"{key}: {i18n.quote(value)}"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return index + 1


def placeholders_kept(source: str) -> str:
    """A stand-in translation: "x" and every placeholder of the source text."""
    return " ".join(["x", *(match.group(0) for match in PLACEHOLDER.finditer(source))])


def test_new_language_file_lists_every_text_and_no_numbers(project):
    result = run("i18n", "new", "state-in-class", "es", cwd=project)
    assert result.returncode == 0, result.stderr
    path = project / "content/state-in-class/locales/es.yaml"
    game = load_game(project / "content/state-in-class")
    keys = [line.split(":")[0] for line in path.read_text().splitlines() if line and not line.startswith("#")]
    assert keys == list(game.texts)
    assert "roles.student.flavour" in keys and "roles.student.income" not in keys
    assert "# You earn almost nothing. If Education falls, your future falls with it." in path.read_text()


def test_translate_toolkit_reads_exactly_kitpress_keys(project):
    from translate.storage import yaml as tt_yaml

    run("i18n", "new", "state-in-class", "es", cwd=project)
    path = project / "content/state-in-class/locales/es.yaml"
    store = tt_yaml.YAMLFile(path.read_bytes())
    ids = [unit.getid() for unit in store.units if not unit.isheader()]
    assert ids == list(load_game(project / "content/state-in-class").texts)


def test_a_translated_build_prints_the_translation_and_falls_back_for_the_rest(project):
    run("i18n", "new", "state-in-class", "es", cwd=project)
    path = project / "content/state-in-class/locales/es.yaml"
    set_key(path, "roles.student.title", "Estudiante")
    set_key(path, "labels.income", "Ingresos")
    # a placeholder keeps the number in the content: the translator never retypes it
    set_key(path, "guide.final", "**Tras la ronda 8, el recuento.** Si la Tensión llega a {tension.top}, nadie gana.")
    folder, _, _ = build_game(Project(project), "state-in-class", BuildOptions(lang="es", out=project / "out"))
    assert folder.parts[-2:] == ("es", "a4")
    cards = "".join(p.extract_text() for p in PdfReader(folder / "cards.pdf").pages)
    assert "Estudiante" in cards and "Ingresos" in cards and "Delivery rider" in cards  # fallback
    guide = "".join(p.extract_text() for p in PdfReader(folder / "guide.pdf").pages)
    assert "llega a 10" in guide
    game = load_game(project / "content/state-in-class", "es")
    cov = game.coverage  # just translated, never confirmed: unconfirmed, not stale
    assert len(cov.unconfirmed) == 3 and cov.stale == () and len(cov.missing) == len(game.texts) - 3


def test_regional_language_falls_back_to_the_language_then_the_source(project):
    run("i18n", "new", "state-in-class", "es", cwd=project)
    set_key(project / "content/state-in-class/locales/es.yaml", "roles.student.title", "Estudiante")
    mx = project / "content/state-in-class/locales/es-MX.yaml"
    mx.write_text('roles.waiter.title: "Mesero"\n', encoding="utf-8")
    game = load_game(project / "content/state-in-class", "es-MX")
    assert game.data["roles"]["waiter"]["title"] == "Mesero"
    assert game.data["roles"]["student"]["title"] == "Estudiante"
    assert game.data["roles"]["nurse"]["title"] == "Nurse"


def test_stale_until_confirmed_and_strict_status(project):
    run("i18n", "new", "state-in-class", "es", cwd=project)
    path = project / "content/state-in-class/locales/es.yaml"
    for key, source in load_game(project / "content/state-in-class").texts.items():
        set_key(path, key, placeholders_kept(source))
    status = run("i18n", "status", "state-in-class", "--lang", "es", "--strict", cwd=project)
    assert status.returncode == 1 and " 0 stale, 0 missing" in status.stdout  # every text unconfirmed
    assert run("i18n", "confirm", "state-in-class", "es", cwd=project).returncode == 0
    assert run("i18n", "status", "state-in-class", "--lang", "es", "--strict", cwd=project).returncode == 0
    roles = project / "content/state-in-class/roles.yaml"
    roles.write_text(
        roles.read_text().replace("Temporary contract, split shifts, zero savings.", "Temporary contract, zero savings.")
    )
    status = run("i18n", "status", "state-in-class", "--lang", "es", "--strict", cwd=project)
    assert status.returncode == 1
    assert "stale translation of 'roles.waiter.flavour'" in status.stderr  # a warning: on stderr
    line = 1 + path.read_text().split("roles.waiter.flavour:")[0].count("\n")
    assert f"content/state-in-class/locales/es.yaml:{line}:" in status.stderr


def test_a_translation_that_overflows_names_the_language_file_line(project):
    run("i18n", "new", "state-in-class", "es", cwd=project)
    path = project / "content/state-in-class/locales/es.yaml"
    line = set_key(path, "roles.student.flavour", "Ganas casi nada. " * 30)
    with pytest.raises(KitpressError) as info:
        compose_game(Project(project), "state-in-class", BuildOptions(lang="es"))
    assert f"content/state-in-class/locales/es.yaml:{line}:" in str(info.value)
    assert "does not fit" in str(info.value) and "roles.student.flavour" in str(info.value)


def test_a_translation_with_a_character_no_font_has_names_its_place(project):
    run("i18n", "new", "state-in-class", "es", cwd=project)
    line = set_key(project / "content/state-in-class/locales/es.yaml", "events.economic-boom.title", "Auge \U0001f9e0")
    with pytest.raises(KitpressError) as info:
        compose_game(Project(project), "state-in-class", BuildOptions(lang="es"))
    assert f"locales/es.yaml:{line}:" in str(info.value) and "U+1F9E0" in str(info.value)


def test_an_unknown_key_is_refused_with_a_suggestion(project):
    path = project / "content/state-in-class/locales/es.yaml"
    path.parent.mkdir()
    path.write_text('roles.student.titel: "Estudiante"\n', encoding="utf-8")
    with pytest.raises(
        KitpressError, match=r"es\.yaml:1:1: error: unknown key 'roles\.student\.titel'.*did you mean 'roles\.student\.title'"
    ):
        load_game(project / "content/state-in-class", "es")


def test_a_right_to_left_language_can_be_started(project):
    result = run("i18n", "new", "state-in-class", "he", cwd=project)
    assert result.returncode == 0, result.stderr
    assert (project / "content/state-in-class/locales/he.yaml").is_file()


def test_pseudo_text_is_longer_and_accented_and_keeps_placeholders():
    text = i18n.pseudo("**Tip:** Tension goes up {tension.top} and {n}")
    assert "**" in text and "{tension.top}" in text and "{n}" in text
    assert len(text) > len("**Tip:** Tension goes up {tension.top} and {n}") * 1.3
    assert "é" in text


def test_the_real_kits_fit_as_pseudo_text():
    project = find_project()
    for game in project.games():
        compose_game(project, game, BuildOptions(pseudo=True))


@pytest.mark.parametrize("game", ["state-in-class", "class-struggle", "soviet-system"])
def test_the_source_templates_are_current(game):
    loaded = load_game(REPO / "content" / game)
    assert i18n.template_path(loaded).read_text(encoding="utf-8") == i18n.template(loaded), f"run: kitpress i18n template {game}"


@pytest.mark.parametrize("game", ["state-in-class", "class-struggle", "soviet-system"])
def test_every_file_validates_against_its_json_schema_and_says_so(game):
    """What an editor (VS Code with the YAML extension) checks as a translator types."""
    import json

    import jsonschema
    import yaml

    root = REPO / "content" / game
    for path in sorted(root.glob("*.yaml")) + sorted((root / "locales").glob("*.yaml")):
        if path.name == "schema.yaml" or path.name.endswith(".lock.yaml"):
            continue
        first = path.read_text(encoding="utf-8").splitlines()[0]
        assert first.startswith("# yaml-language-server: $schema="), path
        schema = json.loads((path.parent / first.split("=", 1)[1]).read_text(encoding="utf-8"))
        jsonschema.validate(yaml.safe_load(path.read_text(encoding="utf-8")) or {}, schema)


def test_the_json_schema_catches_a_misspelt_key():
    import json

    import jsonschema

    schema = json.loads((REPO / "content/state-in-class/schemas/content.schema.json").read_text(encoding="utf-8"))
    with pytest.raises(jsonschema.ValidationError, match="incom"):
        jsonschema.validate(
            {
                "roles": [
                    {
                        "id": "x",
                        "class": "upper",
                        "title": "X",
                        "incom": 3,
                        "cost_of_living": 1,
                        "flavour": "f",
                        "life": {"get_by": 1, "live_well": 2, "thrive": 3},
                    }
                ]
            },
            schema,
        )


def test_problems_of_a_translated_build_say_their_language(project):
    run("i18n", "new", "state-in-class", "es", cwd=project)
    set_key(project / "content/state-in-class/locales/es.yaml", "roles.student.flavour", "Ganas casi nada. " * 30)
    with pytest.raises(KitpressError, match=r"error: \[es\] text does not fit"):
        compose_game(Project(project), "state-in-class", BuildOptions(lang="es"))


# -- placeholders: a translation keeps every {placeholder} of its source -------------------------

ES = "content/state-in-class/locales/es.yaml"
EXCLUSION = "board.exclusion.text"  # "… Each one: {scoring.exclusion_points|signed} points …"


def es_error(kit_project, key: str, value: str) -> tuple[str, int]:
    """Translate one key of the shipped Spanish file; the error loading it, and the key's line."""
    line = set_key(kit_project.root / ES, key, value)
    with pytest.raises(KitpressError) as info:
        load_game(kit_project.game_dir, "es")
    return str(info.value), line


def test_a_translation_that_drops_a_content_placeholder_is_an_error_at_its_line(kit_project):
    key = "board.fund_rule"  # three prices: they may come in the order the Spanish sentence needs
    prices = [f"{{table_sizes.{n}.level_price}}" for n in (8, 7, 6)]
    assert all(price in str(load_game(kit_project.game_dir).texts[key]) for price in prices)
    set_key(kit_project.root / ES, key, f"con 6: {prices[2]}, con 7: {prices[1]}, con 8: {prices[0]}")
    assert load_game(kit_project.game_dir, "es").data["board"]["fund_rule"].startswith("con 6: ")
    error, line = es_error(kit_project, EXCLUSION, "Siempre a la vista. Cada una: puntos para quien la tenga al final.")
    col = len(f"{EXCLUSION}: ") + 1  # the translation's first character (its opening quote)
    assert error == (
        f"{ES}:{line}:{col}: error: [es] translation of '{EXCLUSION}' drops {{scoring.exclusion_points|signed}}:"
        " keep every placeholder of the source text"
    )


def test_a_translation_that_adds_or_renames_a_placeholder_is_an_error(kit_project):
    error, _ = es_error(kit_project, "labels.sheets.one", "{n} hoja de {n}")  # {n}: the layout fills it
    assert "translation of 'labels.sheets.one' adds {n}:" in error
    error, _ = es_error(kit_project, "labels.sheets.one", "{m} hoja")
    assert "translation of 'labels.sheets.one' drops {n} and adds {m}:" in error
    error, _ = es_error(kit_project, EXCLUSION, "Cada una: {scoring.exclusion_points} puntos.")  # its format is part of it
    assert "drops {scoring.exclusion_points|signed} and adds {scoring.exclusion_points}:" in error


@pytest.mark.parametrize(
    "command",
    [["check", "state-in-class", "--lang", "es"], ["build", "state-in-class", "--lang", "es"], ["i18n", "status"]],
    ids=lambda command: " ".join(command[:1] + command[-1:]),
)
def test_a_dropped_placeholder_fails_check_build_and_status(kit_project, command):
    from typer.testing import CliRunner

    from kitpress.cli.main import app

    line = set_key(kit_project.root / ES, EXCLUSION, "Siempre a la vista.")
    result = CliRunner().invoke(app, command)
    assert result.exit_code == 1, result.output
    assert f"{ES}:{line}:{len(EXCLUSION) + 3}: error: [es] translation of '{EXCLUSION}' drops" in result.stderr
    assert not (kit_project.root / "build").exists()


# -- unconfirmed is not stale --------------------------------------------------------------------


def drop_lock_entry(kit_project, key: str) -> None:
    lock = kit_project.root / "content/state-in-class/locales/es.lock.yaml"
    lines = lock.read_text(encoding="utf-8").splitlines(keepends=True)
    lock.write_text("".join(line for line in lines if not line.startswith(f"{key}: ")), encoding="utf-8")


def test_a_translation_never_confirmed_is_unconfirmed_not_stale(kit_project):
    drop_lock_entry(kit_project, "roles.student.title")
    cov = load_game(kit_project.game_dir, "es").coverage
    assert [key for key, _ in cov.unconfirmed] == ["roles.student.title"]
    assert cov.stale == () and cov.missing == ()
    assert len(cov.translated) == len(load_game(kit_project.game_dir).texts) - 1
    (problem,) = i18n.problems_of(cov)
    key = "roles.student.title: "
    line, col = kit_project.line_of((kit_project.root / ES).read_text(encoding="utf-8"), key), len(key) + 1
    assert str(problem) == (
        f"{ES}:{line}:{col}: warning: [es] unconfirmed translation of 'roles.student.title':"
        " check it, then run kitpress i18n confirm"
    )


def test_a_translation_whose_source_changed_since_it_was_confirmed_is_stale(kit_project):
    kit_project.edit("content/state-in-class/roles.yaml", "title: Student\n", "title: University student\n")
    cov = load_game(kit_project.game_dir, "es").coverage
    assert [key for key, _ in cov.stale] == ["roles.student.title"] and cov.unconfirmed == ()
    (problem,) = i18n.problems_of(cov)
    assert "[es] stale translation of 'roles.student.title': its source text changed" in str(problem)


def test_status_counts_unconfirmed_and_stale_apart_and_strict_fails_on_both(kit_project):
    from typer.testing import CliRunner

    from kitpress.cli.main import app

    total = len(load_game(kit_project.game_dir).texts)
    strict = ["i18n", "status", "state-in-class", "--lang", "es", "--strict"]
    assert CliRunner().invoke(app, strict).exit_code == 0  # the shipped Spanish is complete and confirmed
    drop_lock_entry(kit_project, "roles.student.title")
    drop_lock_entry(kit_project, "roles.waiter.title")
    kit_project.edit("content/state-in-class/roles.yaml", "title: Nurse\n", "title: Staff nurse\n")
    result = CliRunner().invoke(app, strict)
    assert result.exit_code == 1
    first = result.stdout.splitlines()[0]
    assert first == f"state-in-class [es]: {total - 3} translated, 2 unconfirmed, 1 stale, 0 missing of {total}"
    said = result.output  # the counts on stdout, the warnings on stderr
    assert said.count("unconfirmed translation of") == 2 and said.count("stale translation of") == 1


def test_confirm_confirms_unconfirmed_translations(kit_project):
    from typer.testing import CliRunner

    from kitpress.cli.main import app

    drop_lock_entry(kit_project, "roles.student.title")
    result = CliRunner().invoke(app, ["i18n", "confirm", "state-in-class", "es", "--key", "roles.student.title"])
    assert result.exit_code == 0, result.output
    cov = load_game(kit_project.game_dir, "es").coverage
    assert cov.unconfirmed == () and "roles.student.title" in cov.translated


# -- scripts no bundled font has ----------------------------------------------------------------


@pytest.fixture
def fresh_cache(tmp_path, monkeypatch):
    """An empty user cache: what kitpress remembers about languages is worked out again."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return tmp_path / "cache"


NO_FONT = "which no bundled font covers: it needs"


@pytest.mark.parametrize(
    "lang, script, font",
    [
        ("hi", "Devanagari", "a font with Devanagari letters"),
        ("th", "Thai", "a font with Thai letters"),
        ("am", "Ethiopic", "a font with Ethiopic letters"),
        ("dv", "Thaana", "a font with Thaana letters"),
    ],
)
def test_a_language_in_a_script_no_bundled_font_has_is_refused(fresh_cache, lang, script, font):
    with pytest.raises(KitpressError) as info:
        i18n.check_language(lang, Loc("LANG"))
    assert str(info.value) == (
        f"LANG: error: '{lang}' is written in {script} script, {NO_FONT} {font}, and kitpress bundles none yet"
    )


@pytest.fixture
def no_cjk_font(monkeypatch):
    """Debian's fonts-noto-cjk as if it were not installed."""
    from kitpress.typeset import cjkfont, fonts

    gone = (Path("/nonexistent/NotoSansCJK-Regular.ttc"), Path("/nonexistent/NotoSansCJK-Bold.ttc"))
    monkeypatch.setattr(cjkfont, "CJK_COLLECTIONS", gone)
    monkeypatch.setattr(fonts, "_cjk", {})


@pytest.mark.parametrize(
    "lang, script, font, file",
    [
        ("zh", "Han (Simplified)", "Noto Sans CJK SC", "NotoSansCJKsc"),
        ("zh-TW", "Han (Traditional)", "Noto Sans CJK TC", "NotoSansCJKtc"),
        ("zh-Hant", "Han (Traditional)", "Noto Sans CJK TC", "NotoSansCJKtc"),
        ("ja", "Japanese (Han and Kana)", "Noto Sans CJK JP", "NotoSansCJKjp"),
        ("ko", "Korean (Hangul and Han)", "Noto Sans CJK KR", "NotoSansCJKkr"),
    ],
)
def test_a_cjk_language_without_its_font_names_the_font_and_how_to_install_it(fresh_cache, no_cjk_font, lang, script, font, file):
    with pytest.raises(KitpressError) as info:
        i18n.check_language(lang, Loc("LANG"))
    assert str(info.value) == (
        f"LANG: error: '{lang}' is written in {script} script: the font {font} is not installed: install Debian's"
        f" fonts-noto-cjk (apt-get install fonts-noto-cjk), or put {file}-Regular.ttf and {file}-Bold.ttf (TrueType)"
        " in the project's fonts/"
    )


def test_languages_the_bundled_fonts_print_are_accepted(fresh_cache):
    scripts = {
        "Latn": ["en", "es", "es-MX", "de", "fr", "pl", "vi", "sr-Latn"],
        "Cyrl": ["ru", "uk", "sr"],
        "Grek": ["el"],
        "Geor": ["ka"],
        "Armn": ["hy"],
    }
    for code, langs in scripts.items():
        for lang in langs:
            i18n.check_language(lang, Loc("LANG"))
            script = i18n.script_of(lang)
            assert (script.code, script.covered, script.right_to_left) == (code, True, False), lang


@pytest.mark.parametrize("lang, script", [("ar", "Arabic"), ("he", "Hebrew"), ("ckb", "Arabic"), ("ku-Arab", "Arabic"), ("fa", "Arabic")])
def test_right_to_left_languages_are_accepted(fresh_cache, lang, script):
    i18n.check_language(lang, Loc("--lang"))
    found = i18n.script_of(lang)
    assert (found.name, found.right_to_left, found.covered) == (script, True, True)


def test_a_language_nobody_knows_is_left_to_its_texts(fresh_cache):
    """CLDR does not know 'tlh', nor a script 'Abcd': kitpress cannot tell, and checks its texts' glyphs as it prints them."""
    for lang in ("tlh", "es-abcd"):
        assert i18n.script_of(lang) is None
        i18n.check_language(lang, Loc("LANG"))


def test_i18n_new_refuses_chinese_without_its_font_at_once_and_writes_nothing(kit_project, fresh_cache, no_cjk_font):
    from typer.testing import CliRunner

    from kitpress.cli.main import app

    result = CliRunner().invoke(app, ["i18n", "new", "state-in-class", "zh"])
    assert result.exit_code == 1
    assert result.stderr.strip().startswith(
        "LANG: error: 'zh' is written in Han (Simplified) script: the font Noto Sans CJK SC is not installed:"
        " install Debian's fonts-noto-cjk (apt-get install fonts-noto-cjk)"
    )
    assert not (kit_project.game_dir / "locales" / "zh.yaml").exists()


def test_check_and_build_with_lang_refuse_a_cjk_language_without_its_font(kit_project, fresh_cache, no_cjk_font):
    (kit_project.game_dir / "locales" / "ja.yaml").write_text('roles.student.title: "学生"\n', encoding="utf-8")
    with pytest.raises(KitpressError, match=r"^--lang: error: 'ja' is written in Japanese \(Han and Kana\) script: the font Noto Sans CJK JP"):
        load_game(kit_project.game_dir, "ja")


def test_a_game_written_in_a_cjk_language_without_its_font_is_refused_at_its_language(kit_project, fresh_cache, no_cjk_font):
    edited = kit_project.edit("content/state-in-class/game.yaml", "language: en\n", "language: ko\n")
    line = kit_project.line_of(edited, "language: ko")
    with pytest.raises(KitpressError) as info:
        load_game(kit_project.game_dir)
    assert str(info.value).startswith(
        f"content/state-in-class/game.yaml:{line}:11: error: 'ko' is written in Korean (Hangul and Han) script: the font"
    )


def test_what_kitpress_works_out_about_a_language_is_remembered(fresh_cache, monkeypatch):
    """Babel's data cost 15 ms of every build; the answer for a language is kept in the user's cache."""
    assert i18n.script_of("ru").code == "Cyrl"
    assert list((fresh_cache / "kitpress" / "languages").glob("ru-*.json"))
    monkeypatch.setattr(i18n.scripts, "_work_out_script", lambda lang: pytest.fail("worked out again"))
    assert i18n.script_of("ru") == i18n.Script("Cyrl", "Cyrillic", False, True)
    monkeypatch.undo()
    monkeypatch.setenv("XDG_CACHE_HOME", str(fresh_cache))
    (cached,) = (fresh_cache / "kitpress" / "languages").glob("ru-*.json")
    for damaged in ("{not json", '{"code": 1}', '{"code": "Cyrl", "name": "Cyrillic", "right_to_left": 0, "covered": "no"}'):
        cached.write_text(damaged, encoding="utf-8")  # worked out again
        assert i18n.script_of("ru") == i18n.Script("Cyrl", "Cyrillic", False, True)


# -- how complete a translation is: the manifest's block and the console's line --------------------


def coverage_of(translated=0, unconfirmed=0, stale=0, missing=0, lang="ru") -> "i18n.Coverage":
    text = LocStr("x", Loc("f.yaml", 1, 1), field="k")
    return i18n.Coverage(
        lang,
        tuple(f"t{n}" for n in range(translated)),
        tuple((f"u{n}", text) for n in range(unconfirmed)),
        tuple((f"s{n}", text) for n in range(stale)),
        tuple((f"m{n}", text) for n in range(missing)),
    )


def test_the_summary_of_the_russian_soviet_system():
    """Counted here from the language file and its lock, independently of kitpress's coverage."""
    import yaml

    source = load_game(REPO / "content" / "soviet-system")
    locales = REPO / "content/soviet-system/locales"
    strings = yaml.safe_load((locales / "ru.yaml").read_text(encoding="utf-8"))
    lock = yaml.safe_load((locales / "ru.lock.yaml").read_text(encoding="utf-8"))
    filled = {key for key, value in strings.items() if value}
    confirmed = {key for key in filled if lock.get(key) == i18n.source_hash(source.texts[key])}
    total, missing = len(source.texts), len(source.texts) - len(filled)
    game = load_game(REPO / "content" / "soviet-system", "ru")
    summary = i18n.coverage_summary(game.coverage, "en")
    fallbacks = summary.pop("fallbacks")  # what a build prints after the kit, with places
    assert len(fallbacks) == 8 and all(": warning: [ru] " in line for line in fallbacks)
    first_missing = next(key for key in source.texts if key not in filled)
    assert f"missing translation of '{first_missing}'" in fallbacks[0]
    assert summary == {
        "lang": "ru",
        "source": "en",
        "total": total,
        "translated": len(confirmed),
        "unconfirmed": len(filled - set(lock)),
        "stale": len(filled & set(lock)) - len(confirmed),
        "missing": missing,
    }
    assert 0 < len(confirmed) < total // 10  # a partial translation, as the kit page says
    line = i18n.coverage_line(i18n.coverage_summary(game.coverage, "en"))
    printed = total - missing
    assert line == (
        f"ru: partial translation, {printed:,} of {total:,} texts ({round(100 * printed / total)} %); "
        f"{missing:,} fall back to English"
    )


@pytest.mark.parametrize(
    "counts, line",
    [
        (dict(translated=244), "es: complete translation, 244 texts"),
        (dict(translated=240, unconfirmed=3, stale=1), "es: complete translation, 244 texts; 3 unconfirmed, 1 stale"),
        (dict(translated=1, missing=1470), "es: partial translation, 1 of 1,471 texts (1 %); 1,470 fall back to English"),
        (
            dict(translated=1469, stale=1, missing=1),
            "es: partial translation, 1,470 of 1,471 texts (99 %); 1 falls back to English; 1 stale",
        ),
        (dict(missing=12), "es: no text translated yet; 12 fall back to English"),
    ],
)
def test_the_console_line_says_how_complete_a_translation_is(counts, line):
    assert i18n.coverage_line(i18n.coverage_summary(coverage_of(lang="es", **counts), "en")) == line


def test_the_console_line_names_the_source_language_in_english():
    summary = i18n.coverage_summary(coverage_of(translated=1, missing=3, lang="en"), "es")
    assert i18n.coverage_line(summary).endswith("; 3 fall back to Spanish")


def test_i18n_update_brings_a_language_file_up_to_the_games_texts(mini_project, capsys):
    from kitpress.cli.main import run

    cards = mini_project / "content/mini/cards.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("{id: south,", "{id: southerly,"), encoding="utf-8")
    assert run(["check", "mini", "--lang", "es"]) == 1  # the file still has the old keys
    assert "unknown key 'cards.south.title'" in capsys.readouterr().err
    assert run(["i18n", "update", "mini", "es"]) == 0
    said = capsys.readouterr().out
    assert "4 translations kept" in said and "2 no longer in the game (kept as comments)" in said  # south's title and text
    text = (mini_project / "content/mini/locales/es.yaml").read_text(encoding="utf-8")
    assert 'cards.north.title: "Viento del norte"' in text  # a translation of a key the game still has
    assert 'cards.southerly.title: ""' in text
    assert '# cards.south.title: "Viento del sur"' in text.split("No longer in the game")[1]
    assert "# translator: kitpress tests (a partial translation, on purpose)" in text
    assert run(["check", "mini", "--lang", "es"]) == 0

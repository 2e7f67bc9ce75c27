"""Translators' workflow: language files, fallback, stale text, fit and glyphs per language."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

from kitpress import i18n
from kitpress.build import BuildOptions, Project, build_game, compose_game, find_project
from kitpress.content import load_game
from kitpress.errors import KitpressError

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
    folder, _ = build_game(Project(project), "state-in-class", BuildOptions(lang="es", out=project / "out"))
    assert folder.parts[-2:] == ("es", "a4")
    cards = "".join(p.extract_text() for p in PdfReader(folder / "cards.pdf").pages)
    assert "Estudiante" in cards and "Ingresos" in cards and "Delivery rider" in cards  # fallback
    guide = "".join(p.extract_text() for p in PdfReader(folder / "guide.pdf").pages)
    assert "llega a 10" in guide
    game = load_game(project / "content/state-in-class", "es")
    assert len(game.coverage.stale) == 3 and len(game.coverage.missing) == len(game.texts) - 3


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
    for key in load_game(project / "content/state-in-class").texts:
        set_key(path, key, "x")
    assert run("i18n", "status", "state-in-class", "--lang", "es", "--strict", cwd=project).returncode == 1  # unconfirmed
    assert run("i18n", "confirm", "state-in-class", "es", cwd=project).returncode == 0
    assert run("i18n", "status", "state-in-class", "--lang", "es", "--strict", cwd=project).returncode == 0
    roles = project / "content/state-in-class/roles.yaml"
    roles.write_text(
        roles.read_text().replace("Temporary contract, split shifts, zero savings.", "Temporary contract, zero savings.")
    )
    status = run("i18n", "status", "state-in-class", "--lang", "es", "--strict", cwd=project)
    assert status.returncode == 1
    assert "stale translation of 'roles.waiter.flavour'" in status.stdout
    line = 1 + path.read_text().split("roles.waiter.flavour:")[0].count("\n")
    assert f"content/state-in-class/locales/es.yaml:{line}:" in status.stdout


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


def test_right_to_left_languages_are_refused_clearly(project):
    result = run("i18n", "new", "state-in-class", "ar", cwd=project)
    assert result.returncode == 1 and "right to left" in result.stderr + result.stdout


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

"""content.load_game on the real game, and on copies of it with one mistake each: every
mistake is reported with the file and line where the user has to go and fix it."""

import shutil
from pathlib import Path

import pytest

from kitpress.content import game as content
from kitpress.errors import KitpressError
from kitpress.content.textfmt import MINUS

GAME = Path(__file__).resolve().parent.parent / "content" / "state-in-class"


@pytest.fixture
def game_copy(tmp_path, monkeypatch):
    """A copy of the real game; the cwd is its parent, so paths show as state-in-class/..."""
    root = tmp_path / "state-in-class"
    shutil.copytree(GAME, root)
    monkeypatch.chdir(tmp_path)
    return root


def line_of(text: str, marker: str) -> int:
    assert marker in text, f"{marker!r} not in the edited file"
    return text[: text.index(marker)].count("\n") + 1


def break_and_load(root: Path, file: str, old: str, new: str) -> tuple[KitpressError, str]:
    """Replace `old` (which must occur exactly once) by `new` in one file; load; return error."""
    path = root / file
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} occurs {text.count(old)} times in {file}"
    edited = text.replace(old, new)
    path.write_text(edited, encoding="utf-8")
    with pytest.raises(KitpressError) as info:
        content.load_game(root)
    return info.value, edited


# (file, old text, new text, message fragment, the text whose line the error must name)
MISTAKES = [
    pytest.param(
        "roles.yaml",
        "    income: 18\n",
        "    incom: 18\n",
        "unknown key 'incom' in roles.multinational-ceo (did you mean 'income'?)",
        "incom: 18",
        id="unknown-key",
    ),
    pytest.param(
        "roles.yaml",
        "    income: 18\n",
        "    incom: 18\n",
        "missing field 'income'",
        "- id: multinational-ceo",
        id="renamed-key-is-missing",
    ),
    pytest.param(
        "roles.yaml",
        "    cost_of_living: 6\n",
        "",
        "missing field 'cost_of_living'",
        "- id: multinational-ceo",
        id="missing-field",
    ),
    pytest.param(
        "roles.yaml",
        "income: 18",
        "income: ten",
        "roles.multinational-ceo.income must be a whole number, not 'ten'",
        "income: ten",
        id="wrong-type",
    ),
    pytest.param(
        "roles.yaml",
        "  - id: specialist-surgeon\n    class: upper",
        "  - id: specialist-surgeon\n    class: uper",
        "unknown classes id 'uper' (did you mean 'upper'?)",
        "class: uper",
        id="unknown-reference",
    ),
    pytest.param(
        "classes.yaml",
        "id: working\n    name: Working",
        "id: middle\n    name: Working",
        "duplicate id 'middle' in classes (first at line",
        "id: middle\n    name: Working",
        id="duplicate-id",
    ),
    pytest.param(
        "events.yaml",
        "events:",
        "event:",
        "unknown collection 'event' (did you mean 'events'?)",
        "event:",
        id="unknown-collection",
    ),
    pytest.param(
        "tension.yaml",
        "  top: 10\n",
        "  top: 10\n  top: 11\n",
        "duplicate key 'top' (first defined at line",
        "top: 11",
        id="duplicate-key",
    ),
    pytest.param(
        "roles.yaml",
        "title: Multinational CEO",
        "title: Multinational CEO: the boss",
        "YAML syntax: mapping values are not allowed here",
        "title: Multinational CEO:",
        id="yaml-syntax",
    ),
    pytest.param(
        "roles.yaml",
        "title: Multinational CEO",
        "title: !!python/object/apply:os.system ['true']",
        "is not allowed in content",
        "title: !!python",
        id="python-tag",
    ),
    pytest.param(
        "classes.yaml",
        'color: "#a23b2a"',
        "color: red",
        "classes.working.color must be a colour like '#1f4e79', not 'red'",
        "color: red",
        id="bad-colour",
    ),
    pytest.param(
        "guide.yaml",
        "{tension.top}",
        "{tension.topp}",
        "placeholder '{tension.topp}' names nothing: no 'topp'",
        "{tension.topp}",
        id="placeholder-names-nothing",
    ),
    pytest.param(
        "board.yaml",
        "{scoring.exclusion_points|signed}",
        "{scoring.exclusion_points|sined}",
        "unknown format '|sined'",
        "{scoring.exclusion_points|sined}",
        id="placeholder-unknown-format",
    ),
    pytest.param(
        "game.yaml",
        "    kind: sheet\n    layout: voting-tokens",
        "    kind: shet\n    layout: voting-tokens",
        "unknown component kind 'shet' (did you mean 'sheet'?)",
        "kind: shet",
        id="unknown-component-kind",
    ),
]


@pytest.mark.parametrize("file, old, new, fragment, marker", MISTAKES)
def test_one_mistake_is_reported_at_its_place(game_copy, file, old, new, fragment, marker):
    error, edited = break_and_load(game_copy, file, old, new)
    matching = [str(p) for p in error.problems if fragment in p.message]
    assert matching, f"no problem mentions {fragment!r}; got:\n{error}"
    line = line_of(edited, marker)
    assert matching[0].startswith(f"state-in-class/{file}:{line}:"), matching[0]
    assert f"state-in-class/{file}:{line}:" in str(error)


def test_duplicate_id_names_the_first_line(game_copy):
    error, edited = break_and_load(game_copy, "classes.yaml", "id: working", "id: middle")
    first = line_of(edited, "id: middle")
    assert f"(first at line {first})" in str(error)


def test_duplicate_key_names_the_first_line(game_copy):
    error, edited = break_and_load(game_copy, "tension.yaml", "  top: 10\n", "  top: 10\n  top: 11\n")
    assert f"(first defined at line {line_of(edited, 'top: 10')})" in str(error)


def test_several_mistakes_in_different_files_are_all_reported(game_copy):
    (game_copy / "events.yaml").write_text(
        (game_copy / "events.yaml").read_text(encoding="utf-8").replace("round: 1\n", "round: one\n"), encoding="utf-8"
    )
    error, _ = break_and_load(game_copy, "roles.yaml", "income: 18", "incom: 18")
    text = str(error)
    assert "events.economic-boom.round must be a whole number" in text
    assert "unknown key 'incom'" in text


def test_path_shown_is_relative_to_the_working_directory(game_copy):
    error, edited = break_and_load(game_copy, "roles.yaml", "income: 18", "income: ten")
    assert str(error).startswith(f"state-in-class/roles.yaml:{line_of(edited, 'income: ten')}:13: error: ")


# -- the real game ----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def real_game():
    return content.load_game(GAME)


def test_real_game_loads(real_game):
    assert real_game.id == "state-in-class"
    assert [c.id for c in real_game.components] == ["guide", "board", "cards", "tokens", "score-sheet", "rules"]
    assert real_game.component("board").layouts == ("board-1", "board-2")
    assert len(real_game.data["roles"]) == 11
    assert real_game.data["roles"]["nurse"]["class"] == "middle"


def test_real_game_placeholders_are_resolved(real_game):
    note = real_game.data["guide"]["contents"][1]["note"]
    assert note.startswith("11 roles, 12 Midlife Crossroads cards and 8 events")
    assert real_game.data["board"]["fund_rule"] == ("goes up 1 level at 10 coins (8 players), 9 (7) or 8 (6)")
    assert "If Tension reaches 10 at any moment" in real_game.data["guide"]["final"]


def test_real_game_signed_numbers_use_true_minus(real_game):
    rules = real_game.data["score_sheet"]["rules"]
    assert rules[1] == "Legacy: +5 for everyone if the total is 12 or more"
    assert rules[2] == (f"Final Tension: {MINUS}2 for everyone if it is 5 to 7; {MINUS}5 if it is 8 or 9")
    assert "\u22122" in rules[2] and "-2" not in rules[2]
    assert real_game.data["board"]["end_of_round"][0].endswith(f"Tension {MINUS}1.")


def test_layout_placeholders_are_left_for_the_layout(real_game):
    assert real_game.data["labels"]["board_sheet"] == "Board · sheet {n} of {total}"


def test_resolved_text_keeps_its_place(real_game):
    note = real_game.data["guide"]["contents"][1]["note"]
    assert note.loc.path.endswith("guide.yaml")
    assert note.loc.line == line_of((GAME / "guide.yaml").read_text(encoding="utf-8"), "{roles.count} roles")


def test_path_shown_is_absolute_when_outside_the_working_directory(game_copy, tmp_path, monkeypatch):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    error, edited = break_and_load(game_copy, "roles.yaml", "income: 18", "income: ten")
    assert str(error).startswith(f"{game_copy}/roles.yaml:{line_of(edited, 'income: ten')}:")


def test_missing_game_yaml_is_reported(game_copy):
    (game_copy / "game.yaml").unlink()
    with pytest.raises(KitpressError) as info:
        content.load_game(game_copy)
    assert str(info.value) == "state-in-class: error: no game.yaml in this game folder"


# -- files that are not a mapping at all ------------------------------------------------------


def test_content_file_that_is_a_list_is_refused(game_copy):
    (game_copy / "extra.yaml").write_text("- a\n", encoding="utf-8")
    with pytest.raises(KitpressError) as info:
        content.load_game(game_copy)
    assert "state-in-class/extra.yaml:1:1: error: a content file is a mapping" in str(info.value)


def test_empty_content_file_is_harmless(game_copy):
    (game_copy / "extra.yaml").write_text("", encoding="utf-8")
    assert content.load_game(game_copy).id == "state-in-class"


@pytest.mark.parametrize("text", ["---\n", "# to do\n---\n", "42\n"], ids=["bare-marker", "comment-and-marker", "number"])
def test_content_file_that_is_not_a_mapping_is_a_located_error(game_copy, text):
    (game_copy / "extra.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(KitpressError) as info:
        content.load_game(game_copy)
    assert "state-in-class/extra.yaml" in str(info.value)


@pytest.mark.parametrize("text", ["---\n", "- roles\n"], ids=["bare-marker", "list"])
def test_schema_that_is_not_a_mapping_is_a_located_error(game_copy, text):
    (game_copy / "schema.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(KitpressError) as info:
        content.load_game(game_copy)
    assert "state-in-class/schema.yaml" in str(info.value)


def test_game_yaml_that_is_a_list_is_a_located_error(game_copy):
    (game_copy / "game.yaml").write_text("- a\n", encoding="utf-8")
    with pytest.raises(KitpressError) as info:
        content.load_game(game_copy)
    assert str(info.value).startswith("state-in-class/game.yaml:1:1: error: game must be a mapping")


def test_empty_document_game_yaml_names_the_game_folder(game_copy):
    (game_copy / "game.yaml").write_text("---\n", encoding="utf-8")
    with pytest.raises(KitpressError) as info:
        content.load_game(game_copy)
    assert str(info.value).startswith("state-in-class/game.yaml")


def test_declared_but_undefined_collection_names_the_declaration_line(game_copy):
    (game_copy / "events.yaml").unlink()
    schema = (game_copy / "schema.yaml").read_text(encoding="utf-8")
    with pytest.raises(KitpressError) as info:
        content.load_game(game_copy)
    line = line_of(schema, '  events: "[event]"')
    assert f"state-in-class/schema.yaml:{line}:" in str(info.value)
    assert "collection 'events' is declared but no content file defines it" in str(info.value)

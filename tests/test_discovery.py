"""Which project kitpress works in and which game a name means: a project is found from the
working folder upward (kitpress.yaml, or content/ and layouts/), never the repository or the
install; with none, the shipped examples, built into ./build. A project's layouts/common/ and
fonts/ replace kitpress's file by file. And `kitpress new`, which starts a game that builds."""

import shutil
from pathlib import Path

import pytest

from kitpress import shipped
from kitpress.build.pipeline import BuildOptions, Project, compose_game, find_game, find_project
from kitpress.cli.main import run
from kitpress.content.game import load_game
from kitpress.errors import KitpressError
from kitpress.layout.folders import layered

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ["class-struggle", "soviet-system", "state-in-class"]


def test_the_marker_is_found_from_a_folder_below_it(tmp_path):
    (tmp_path / "kitpress.yaml").write_text("# a project\n", encoding="utf-8")
    deep = tmp_path / "notes" / "drafts"
    deep.mkdir(parents=True)
    project = find_project(deep)
    assert project.root == tmp_path and project.own and not project.examples
    assert project.build_root == tmp_path / "build"


def test_content_and_layouts_make_a_project_too(tmp_path):
    (tmp_path / "content").mkdir()
    (tmp_path / "layouts").mkdir()
    (tmp_path / "sub").mkdir()
    assert find_project(tmp_path / "sub").root == tmp_path


def test_no_project_is_the_shipped_examples_built_here_never_the_repository(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    project = find_project()
    assert project.examples and project.root == tmp_path.resolve()
    assert project.build_root == tmp_path.resolve() / "build"
    assert project.content == shipped.CONTENT and project.games() == EXAMPLES
    assert project.layout_dirs(project.content / "state-in-class", "state-in-class")[1:] == [
        shipped.LAYOUTS / "state-in-class",
        shipped.COMMON,
    ]
    built, game_id = find_game("state-in-class")
    assert game_id == "state-in-class" and built.build_root == tmp_path.resolve() / "build"


def test_a_path_to_a_game_folder_in_a_project_is_that_projects_game(tmp_path):
    project = tmp_path / "proj"
    shutil.copytree(ROOT / "tests" / "fixture", project)
    found, game_id = find_game("proj/content/mini", start=tmp_path)
    assert (found.root, game_id, found.own) == (project, "mini", True)
    found, game_id = find_game("proj", start=tmp_path)  # a project folder: its only game
    assert (found.root, game_id) == (project, "mini")


def test_a_lone_game_folder_is_built_into_the_working_folder(tmp_path):
    shutil.copytree(ROOT / "tests" / "fixture" / "content" / "mini", tmp_path / "games" / "mini")
    here = tmp_path / "work"
    here.mkdir()
    found, game_id = find_game("../games/mini", start=here)
    assert game_id == "mini" and not found.own and found.build_root == here / "build"
    assert found.game_dir("mini") == (tmp_path / "games" / "mini").resolve()


def test_a_folder_with_no_game_is_a_located_error(tmp_path):
    (tmp_path / "empty").mkdir()
    with pytest.raises(KitpressError) as info:
        find_game("empty", start=tmp_path)
    assert "no game in this folder" in str(info.value.problems[0])


def test_the_projects_own_common_file_replaces_kitpresss_and_the_rest_stay(tmp_path, monkeypatch):
    shutil.copytree(ROOT / "tests" / "fixture", tmp_path, dirs_exist_ok=True)
    common = tmp_path / "layouts" / "common"
    common.mkdir()
    styles = (shipped.COMMON / "styles.yaml").read_text(encoding="utf-8")
    (common / "styles.yaml").write_text(styles.replace('accent: "#1f4e79"', 'accent: "#123456"'), encoding="utf-8")
    project = Project(tmp_path)
    dirs = project.layout_dirs(project.content / "mini", "mini")
    assert dirs[-2:] == [common, shipped.COMMON]
    assert layered(dirs, "styles.yaml") == [common / "styles.yaml", tmp_path / "layouts" / "mini" / "styles.yaml"]
    assert layered(dirs, "sizes.yaml") == [shipped.COMMON / "sizes.yaml"]
    monkeypatch.chdir(tmp_path)
    game, parts, composer = compose_game(project, "mini", BuildOptions())
    layouts = project.layouts(game)
    assert str(layouts.sheet.colors["accent"]) == "#123456" and "letter" in layouts.sizes.papers
    assert any(p.kind == "document" for p in parts)  # the rules extend kitpress's document.yaml


def test_a_projects_fonts_come_before_kitpresss_file_by_file(tmp_path):
    (tmp_path / "content").mkdir()
    (tmp_path / "fonts").mkdir()
    assert Project(tmp_path).font_dirs == [tmp_path / "fonts", shipped.FONTS]
    assert Project(ROOT).font_dirs == [shipped.FONTS]  # the checkout's fonts are kitpress's: listed once


def test_new_starts_a_project_whose_game_checks(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert run(["new", "my-game"]) == 0
    root = tmp_path / "my-game"
    assert (root / "kitpress.yaml").is_file()
    assert sorted(p.name for p in (root / "layouts" / "my-game").iterdir()) == [
        "board.yaml", "card-back.yaml", "card-front.yaml", "rules.yaml", "space.yaml", "styles.yaml"
    ]
    for path in [*(root / "content" / "my-game").rglob("*.yaml"), *(root / "layouts" / "my-game").glob("*.yaml")]:
        assert path.read_text(encoding="utf-8").startswith("#"), f"{path.name} says what it is for"
    assert (root / "content" / "my-game" / "locales" / "es.yaml").is_file()
    assert run(["check", "my-game"]) == 0
    assert run(["new", "my-game"]) == 1  # never over what is there


def test_new_inside_a_project_adds_the_game_to_it(tmp_path, monkeypatch):
    shutil.copytree(ROOT / "tests" / "fixture", tmp_path, dirs_exist_ok=True)
    (tmp_path / "content" / "sub").mkdir()
    monkeypatch.chdir(tmp_path / "content" / "sub")
    assert run(["new", "second"]) == 0
    assert (tmp_path / "content" / "second" / "game.yaml").is_file() and (tmp_path / "layouts" / "second").is_dir()
    assert not (tmp_path / "content" / "sub" / "second").exists()


def test_new_from_a_shipped_game_copies_it_renamed(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert run(["new", "our-state", "--from", "state-in-class"]) == 0
    game = load_game(tmp_path / "our-state" / "content" / "our-state")
    assert game.id == "our-state" and game.meta["title"] == load_game(shipped.CONTENT / "state-in-class").meta["title"]
    assert (tmp_path / "our-state" / "layouts" / "our-state" / "event-front.yaml").is_file()
    assert "our-state" in (tmp_path / "our-state" / "content" / "our-state" / "locales" / "es.yaml").read_text(encoding="utf-8")


def test_the_shipped_examples_are_listed_as_such_and_never_written(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert run(["list"]) == 0
    listed = capsys.readouterr().out
    assert listed.startswith("No kitpress project here: kitpress's shipped examples") and "state-in-class" in listed
    before = sorted(p.name for p in (shipped.CONTENT / "state-in-class").iterdir())
    assert run(["schema", "state-in-class"]) == 1
    assert run(["i18n", "new", "state-in-class", "fr"]) == 1
    assert sorted(p.name for p in (shipped.CONTENT / "state-in-class").iterdir()) == before

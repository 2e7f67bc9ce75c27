"""The composed scene of the fixture game (tests/fixture), dumped as stable text and compared
with the goldens in tests/goldens/: a change to what a kit prints shows as a diff of a few lines,
without drawing a page. After a change you mean, rewrite them with `pytest --update-goldens`
and read the diff before you commit it.

Beside the goldens, the dump is checked against the PDFs the same scene makes, so a golden
cannot drift from what is printed."""

import difflib
from pathlib import Path

import pikepdf
import pytest

from kitpress.build.pipeline import BuildOptions, Project, build_game, compose_game
from kitpress.cli.main import run
from kitpress.compose.scenedump import dump

GOLDENS = Path(__file__).parent / "goldens"
CASES = {  # golden file: the options it is made with
    "mini.en.a4.txt": BuildOptions(),
    "mini.es.letter.txt": BuildOptions(lang="es", paper="letter"),
    "mini.en.a4.fit.txt": BuildOptions(board="fit"),
}


def scene(root: Path, options: BuildOptions) -> str:
    game, parts, composer = compose_game(Project(root), "mini", options)
    return dump(parts, composer.paper, composer.options.edge, options.board, game.lang)


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_scene_is_the_golden_one(mini_project, request, name):
    made, golden = scene(mini_project, CASES[name]), GOLDENS / name
    if request.config.getoption("--update-goldens"):
        golden.write_text(made, encoding="utf-8")
    expected = golden.read_text(encoding="utf-8")
    diff = "".join(difflib.unified_diff(expected.splitlines(True), made.splitlines(True), str(golden), "now"))
    assert made == expected, f"the scene changed (if you meant it: pytest --update-goldens):\n{diff[:6000]}"


def test_the_dump_is_the_same_from_run_to_run(mini_project):
    assert scene(mini_project, BuildOptions()) == scene(mini_project, BuildOptions())


def test_the_dump_says_what_the_pdfs_print(mini_project):
    """Pages and pieces: the dump's card sheets and board pieces are the PDFs' pages."""
    folder, _, _ = build_game(Project(mini_project), "mini", BuildOptions())
    text = scene(mini_project, BuildOptions())
    with pikepdf.open(folder / "board.pdf") as board:
        assert text.count("    piece ") == len(board.pages) > 1  # tiled: A4 holds no 300 x 200 mm board
    with pikepdf.open(folder / "cards.pdf") as cards:
        # 3 cards 2x2 a sheet: a sheet of fronts and one of backs; 5 chips on one sheet, no backs
        assert "deck cards: 3 cards" in text and "sheet 2x2" in text and "deck chips: 5 cards" in text
        assert len(cards.pages) == 3


def test_the_translation_shows_in_the_scene_and_the_fallback_too(mini_project):
    text = scene(mini_project, BuildOptions(lang="es"))
    assert "Viento del norte" in text and "North wind" not in text  # translated
    assert "Setting up" in text  # not translated: the source's text, as the build prints it


def test_kitpress_check_dump_writes_the_scene(mini_project, capsys):
    target = mini_project / "scene.txt"
    assert run(["check", "mini", "--dump", str(target)]) == 0
    assert target.read_text(encoding="utf-8") == scene(mini_project, BuildOptions())
    capsys.readouterr()
    assert run(["check", "mini", "--dump", "-"]) == 0
    captured = capsys.readouterr()
    assert captured.out == scene(mini_project, BuildOptions()) and "mini: ok" in captured.err


def test_dump_takes_one_game_and_one_language(mini_project, capsys):
    assert run(["check", "mini", "--lang", "all", "--dump", "-"]) == 1
    assert "--dump: error: --dump writes one scene: name one game and at most one language" in capsys.readouterr().err

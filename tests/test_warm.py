"""A running process (`kitpress watch`, a build of several papers) keeps what its builds share
(build/warm): the content as parsed, the layouts, the faces composed. The kits it makes must be
the very kits a fresh build makes, byte for byte, with the same warnings at the same places, and
an edit must compose only what it changed."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from kitpress.build.batches import SHEETS_PER_BATCH
from kitpress.build.pipeline import BuildOptions, Project, build_game
from kitpress.build.warm import Warm
from kitpress.render import cardsheets
from synthetic import synthetic_project

REPO = Path(__file__).resolve().parents[1]
KITPRESS = Path(sys.executable).with_name("kitpress")
CARDS = 4 * SHEETS_PER_BATCH * 2 + 10  # tarot cards, four to an A4 sheet: three batches


@pytest.fixture(autouse=True)
def own_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setenv("KITPRESS_JOBS", "1")  # what is drawn is drawn in this process, to be counted


def pdfs(folder: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(folder.glob("*.pdf"))}


def fresh(root: Path, game: str, **options) -> Path:
    """The same kit built by a new build, with nothing kept from any other."""
    out = root / f"fresh-{len(list(root.glob('fresh-*')))}"
    return build_game(Project(root), game, BuildOptions(out=out, **options))[0]


def state_in_class(tmp_path) -> Path:
    content = tmp_path / "content/state-in-class"
    shutil.copytree(REPO / "content/state-in-class", content, ignore=shutil.ignore_patterns("schemas"))
    shutil.copytree(REPO / "layouts", tmp_path / "layouts")
    return tmp_path


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_a_one_card_edit_parses_composes_and_draws_one_card_and_prints_what_a_fresh_build_prints(tmp_path, monkeypatch):
    root = synthetic_project(tmp_path / "deck", CARDS)
    project, warm, options = Project(root), Warm(), BuildOptions(out=root / "warm")
    folder = build_game(project, "synthetic", options, warm=warm).folder
    plan = (folder / "plan.pdf").stat().st_mtime_ns
    edit(root / "content/synthetic/cards.yaml", "title: Card 107,", "title: Card one hundred and seven,")
    drawn = []
    real = cardsheets.render_cards
    monkeypatch.setattr(cardsheets, "render_cards", lambda *a, **k: drawn.append(a[0].name) or real(*a, **k))
    folder, _, changed = build_game(project, "synthetic", options, warm=warm)
    (memo,) = warm.memos()
    assert (memo.hits, memo.misses) == (CARDS - 1, 1)  # one card composed
    assert warm.files.spliced == 1  # one card parsed
    assert len(drawn) == 1  # one batch of sheets drawn, the others kept
    assert changed == ["cards.pdf: cards/c00106"]
    assert (folder / "plan.pdf").stat().st_mtime_ns == plan  # the print plan shows nothing that changed: kept
    assert pdfs(folder) == pdfs(fresh(root, "synthetic"))


def test_a_one_card_edit_checks_one_card_and_the_others_are_the_last_builds_very_values(tmp_path, monkeypatch):
    from kitpress.content import schema

    root = synthetic_project(tmp_path / "deck", CARDS)
    project, warm, options = Project(root), Warm(), BuildOptions(out=root / "warm")
    build_game(project, "synthetic", options, warm=warm)
    edit(root / "content/synthetic/cards.yaml", "title: Card 7,", "title: Card seven,")
    checked, real = [], schema.Checker._record
    monkeypatch.setattr(schema.Checker, "_record", lambda self, value, t, key, loc: checked.append(key) or real(self, value, t, key, loc))
    folder = build_game(project, "synthetic", options, warm=warm).folder
    assert [key for key in checked if key.startswith("cards.")] == ["cards.c00006"]
    assert pdfs(folder) == pdfs(fresh(root, "synthetic"))


def test_a_mistake_in_a_card_left_alone_is_still_reported_after_an_edit_to_another(tmp_path):
    from kitpress.errors import KitpressError

    root = synthetic_project(tmp_path / "deck", CARDS)
    cards = root / "content/synthetic/cards.yaml"
    edit(cards, "title: Card 5, ", "title: Card 5, colour: red, ")
    project, warm, options = Project(root), Warm(), BuildOptions(out=root / "warm")
    said = []
    for number, word in ((9, "nine"), (10, "ten")):
        with pytest.raises(KitpressError) as failed:
            build_game(project, "synthetic", options, warm=warm)
        said.append([str(p) for p in failed.value.problems])
        edit(cards, f"title: Card {number},", f"title: Card {word},")  # the next build is an edit elsewhere
    assert said[0] == said[1] and any("unknown key 'colour' in cards.c00004" in p and ":6:" in p for p in said[1]), said
    edit(cards, "colour: red, ", "")
    assert pdfs(build_game(project, "synthetic", options, warm=warm).folder) == pdfs(fresh(root, "synthetic"))


def test_a_teachers_setting_in_a_running_process_changes_its_kit_alone(tmp_path):
    """--set changes a number of the checked content: the content kept for other builds is not."""
    root = synthetic_project(tmp_path / "deck", CARDS)
    project, warm = Project(root), Warm()
    for settings in ((), ("cards.c00004.cost=8",), ()):
        options = BuildOptions(out=root / f"warm-{len(settings)}", settings=settings)
        folder = build_game(project, "synthetic", options, warm=warm).folder
        assert pdfs(folder) == pdfs(fresh(root, "synthetic", settings=settings)), settings
    assert pdfs(root / "warm-0/synthetic/en/a4") != pdfs(root / "warm-1/synthetic/en/a4")


@pytest.mark.slow
def test_a_translation_built_in_between_leaves_the_content_of_the_source_language_as_it_was(tmp_path):
    """Translating and filling placeholders copy what they change: the checked content a running
    process keeps between builds is the same for every language."""
    root = state_in_class(tmp_path)
    project, warm = Project(root), Warm()
    for lang in ("en", "fr", "en", "fr"):
        folder = build_game(project, "state-in-class", BuildOptions(out=root / f"warm-{lang}", lang=lang), warm=warm).folder
        assert pdfs(folder) == pdfs(fresh(root, "state-in-class", lang=lang)), lang


def test_a_collection_the_cards_read_recomposes_the_cards_that_read_it(tmp_path):
    root = state_in_class(tmp_path)
    project, warm, options = Project(root), Warm(), BuildOptions(out=root / "warm")
    build_game(project, "state-in-class", options, warm=warm)
    edit(root / "content/state-in-class/tension.yaml", "live_well: 8,", "live_well: 9,")  # every role card shows it
    folder, _, changed = build_game(project, "state-in-class", options, warm=warm)
    (memo,) = warm.memos()
    assert memo.misses >= 11 and memo.hits > 0  # the 11 role cards again; what does not read scoring is kept
    assert any(line.startswith("cards.pdf") for line in changed)
    assert pdfs(folder) == pdfs(fresh(root, "state-in-class"))


def test_a_card_that_only_moved_is_composed_again_so_its_problems_point_at_its_new_line(tmp_path):
    root = state_in_class(tmp_path)
    project, warm, options = Project(root), Warm(), BuildOptions(out=root / "warm", settings=())
    roles = root / "content/state-in-class/roles.yaml"
    edit(roles, "flavour: Your salary is huge", "flavour: " + "Your salary is really very huge indeed " * 6 + "and")
    first = build_game(project, "state-in-class", options, warm=warm)
    edit(roles, "roles:\n", "# a line more above every role\nroles:\n")
    folder, entries, _ = build_game(project, "state-in-class", options, warm=warm)
    (memo,) = warm.memos()
    assert memo.misses >= 11  # every role moved a line down
    warnings = [w for entry in entries for w in entry.warnings or ()]
    assert warnings and warnings != [w for entry in first.entries for w in entry.warnings or ()]
    again = build_game(Project(root), "state-in-class", BuildOptions(out=root / "fresh"))
    assert warnings == [w for entry in again.entries for w in entry.warnings or ()]
    assert pdfs(folder) == pdfs(again.folder)


def test_a_new_build_after_a_card_only_moved_says_its_problems_at_its_new_line(tmp_path):
    """The card prints the same, but a kit kept with its warnings must say them where they are
    now: a new process builds it again (render/fingerprints.places)."""
    root = state_in_class(tmp_path)
    roles = root / "content/state-in-class/roles.yaml"
    edit(roles, "flavour: Your salary is huge", "flavour: " + "Your salary is really very huge indeed " * 6 + "and")
    options = BuildOptions(out=root / "out", settings=())
    first = build_game(Project(root), "state-in-class", options)
    said = [w for entry in first.entries for w in entry.warnings or ()]
    edit(roles, "roles:\n", "# a line more above every role\nroles:\n")
    again = build_game(Project(root), "state-in-class", options)
    moved = [w for entry in again.entries for w in entry.warnings or ()]
    text = roles.read_text(encoding="utf-8")
    line = text[: text.index("really very huge")].count("\n") + 1
    assert said and len(moved) == len(said) and any(f"roles.yaml:{line}:" in w for w in moved) and moved != said
    assert not any(f"roles.yaml:{line - 1}:" in w for w in moved)


def test_a_layout_edit_starts_the_layouts_and_their_faces_anew(tmp_path):
    root = state_in_class(tmp_path)
    project, warm, options = Project(root), Warm(), BuildOptions(out=root / "warm")
    build_game(project, "state-in-class", options, warm=warm)
    (before,) = warm.memos()
    edit(root / "layouts/state-in-class/role-front.yaml", "{{ labels.thrive }} · ", "{{ labels.thrive }} : ")
    folder, _, _ = build_game(project, "state-in-class", options, warm=warm)
    (after,) = warm.memos()
    assert after is not before and after.hits == 0
    assert pdfs(folder) == pdfs(fresh(root, "state-in-class"))


def test_several_papers_in_one_command_are_the_kits_built_one_by_one(tmp_path):
    root = state_in_class(tmp_path)
    run = subprocess.run(
        [str(KITPRESS), "build", "state-in-class", "--paper", "a4, Letter", "--out", str(root / "both")],
        cwd=root, capture_output=True, text=True,
    )
    assert run.returncode == 0, run.stderr
    assert "state-in-class · source language · a4" in run.stdout and "· letter" in run.stdout
    for paper in ("a4", "letter"):
        alone = fresh(root, "state-in-class", paper=paper)
        assert pdfs(root / "both/state-in-class/en" / paper) == pdfs(alone)


def test_a_paper_that_does_not_exist_among_several_is_said_at_paper(tmp_path):
    root = state_in_class(tmp_path)
    run = subprocess.run(
        [str(KITPRESS), "build", "state-in-class", "--paper", "a4,legal", "--out", str(root / "out")],
        cwd=root, capture_output=True, text=True,
    )
    assert run.returncode == 1
    assert "--paper: error: unknown paper 'legal'" in run.stderr


@pytest.mark.parametrize("kept", [False, True], ids=["new process", "running process"])
def test_an_edit_in_one_batch_keeps_the_warnings_of_the_others(tmp_path, kept):
    """A big deck is drawn in batches, and an edit draws one again: what fitting found on the
    cards of the others is still said, at their places."""
    root = synthetic_project(tmp_path / "deck", CARDS)
    cards = root / "content/synthetic/cards.yaml"
    edit(cards, "title: Card 5, body: ", "title: Card 5, body: " + "more words for this card's body " * 10)  # shrunk to fit
    project, options = Project(root), BuildOptions(out=root / "out")
    warm = Warm() if kept else None
    first = build_game(project, "synthetic", options, warm=warm)
    said = [w for entry in first.entries for w in entry.warnings or ()]
    assert any("card 'c00004'" in w for w in said), said
    edit(cards, "title: Card 190,", "title: Card one hundred and ninety,")  # the third batch
    again = build_game(project, "synthetic", options, warm=warm)
    assert [w for entry in again.entries for w in entry.warnings or ()] == said


def test_the_digest_of_the_inputs_is_the_same_with_the_files_known_and_follows_a_save(tmp_path):
    from kitpress.build import changes

    root = state_in_class(tmp_path)
    folders, known = Project(root).inputs("state-in-class"), {}
    first = changes.inputs(folders, "options", known)
    assert known and first == changes.inputs(folders, "options")
    edit(root / "content/state-in-class/roles.yaml", "Multinational CEO", "Multinational boss")
    assert changes.inputs(folders, "options", known) == changes.inputs(folders, "options") != first

"""A new process tells a big deck's unchanged batches from what they are made from, without
composing them (build/batchinputs). What it keeps must be exactly what a fresh build prints: any
change a card's face depends on - its record, a label its template reads, where it is written, its
layout, the notes it prints with - composes its batch again; a template that may read anything, or
a damaged manifest, composes every card."""

import json
from pathlib import Path

import pytest

from kitpress.build import batches
from kitpress.build.pipeline import BuildOptions, Project, build_game
from kitpress.compose.composer import Composer
from synthetic import synthetic_project

PER_BATCH = 2  # sheets a batch: four tarot cards a sheet, so eight cards a batch
CARDS = 30  # four batches


@pytest.fixture(autouse=True)
def small_batches(tmp_path, monkeypatch):
    monkeypatch.setattr(batches, "SHEETS_PER_BATCH", PER_BATCH)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setenv("KITPRESS_JOBS", "1")  # drawn in this process, to be counted


@pytest.fixture
def deck(tmp_path) -> Path:
    """The synthetic deck, its cost frame printing a label too, and a labels collection."""
    root = synthetic_project(tmp_path / "deck", CARDS)
    schema = root / "content/synthetic/schema.yaml"
    schema.write_text(schema.read_text().replace('  cards: "[card]"', '  cards: "[card]"\n  labels: "map(text)"'))
    (root / "content/synthetic/labels.yaml").write_text("labels:\n  cost: Cost\n")
    edit(root / "layouts/common/synthetic-front.yaml", "{{ card.cost }}</p>", "{{ labels.cost }} {{ card.cost }}</p>")
    return root


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def build(root: Path, out: str = "kit") -> tuple[Path, int]:
    """A build as a new process makes it (no running process's memory), and the faces it composed."""
    composed = []
    real = Composer.face

    def counted(self, layout, *args, **kwargs):
        composed.append(layout.name)
        return real(self, layout, *args, **kwargs)

    Composer.face = counted
    try:
        folder = build_game(Project(root), "synthetic", BuildOptions(out=root / out)).folder
    finally:
        Composer.face = real
    return folder, composed.count("synthetic-front")


def same_as_fresh(root: Path, folder: Path) -> None:
    """Every PDF as a build with nothing kept prints it (the face cache aside: it keeps drawings, not decisions)."""
    fresh = root / f"fresh-{len(list(root.glob('fresh-*')))}"
    made = build_game(Project(root), "synthetic", BuildOptions(out=fresh)).folder
    for pdf in sorted(made.glob("*.pdf")):
        assert (folder / pdf.name).read_bytes() == pdf.read_bytes(), pdf.name


def batch_inputs(folder: Path) -> list:
    manifest = json.loads((folder / "manifest.json").read_text())
    return next(entry for entry in manifest["files"] if entry["file"] == "cards.pdf")["batch_inputs"]


def primed(root: Path) -> Path:
    """A kit built, then built again after an edit: what a second build composes is kept for the
    next (a first build into an empty folder keeps nothing: most kits are built once)."""
    folder, first = build(root)
    assert first >= CARDS and batch_inputs(folder) == [None] * 4
    edit(root / "content/synthetic/cards.yaml", "title: Card 30,", "title: Card thirty,")
    folder, second = build(root)
    assert second >= CARDS  # nothing was kept to tell a batch by
    return folder


def test_a_one_card_edit_composes_that_cards_batch_alone(deck):
    folder = primed(deck)
    assert len(batch_inputs(folder)) == 4
    assert all(kept[2] == ["card", "labels"] for kept in batch_inputs(folder))
    edit(deck / "content/synthetic/cards.yaml", "title: Card 12,", "title: Card twelve,")  # batch 2 of 4
    folder, again = build(deck)
    assert 8 <= again <= 9  # its batch's eight cards (and the first card, which sizes the sheets)
    same_as_fresh(deck, folder)
    _, nothing = build(deck)
    assert nothing == 0  # the kit is kept whole: nothing composed


@pytest.mark.parametrize(
    ("what", "path", "old", "new"),
    [
        ("a label every card reads", "content/synthetic/labels.yaml", "cost: Cost", "cost: Price"),
        ("the layout", "layouts/common/synthetic-front.yaml", "fill: accent", "fill: paper"),
        ("where every card is written", "content/synthetic/cards.yaml", "cards:\n", "# a comment above\ncards:\n"),
        ("the notes the cards print with", "content/synthetic/game.yaml", "title: Cards,", "title: Cards, front_note: Made in class,"),
    ],
)
def test_a_change_every_card_depends_on_composes_every_batch(deck, what, path, old, new):
    primed(deck)
    edit(deck / path, old, new)
    folder, again = build(deck)
    assert again >= CARDS, what
    same_as_fresh(deck, folder)


def test_a_deck_given_another_layout_is_composed_with_it(deck):
    layouts = deck / "layouts/common"  # there already: no layout file changes, only which one the deck uses
    (layouts / "other-front.yaml").write_text((layouts / "synthetic-front.yaml").read_text().replace("h2", "h3"))
    primed(deck)
    edit(deck / "content/synthetic/game.yaml", "front: synthetic-front", "front: other-front")
    folder, _ = build(deck)
    composed = []
    real = Composer.face
    Composer.face = lambda self, layout, *a, **k: composed.append(layout.name) or real(self, layout, *a, **k)
    try:
        same_as_fresh(deck, folder)
    finally:
        Composer.face = real
    assert composed.count("other-front") >= CARDS


def test_a_template_that_may_read_anything_is_composed_every_time(deck):
    (deck / "layouts/common/part.j2").write_text("{{ card.gain }}")
    edit(deck / "layouts/common/synthetic-front.yaml", "{{ card.gain }}", '{% include "part" ~ ".j2" %}')
    build(deck)
    edit(deck / "content/synthetic/cards.yaml", "title: Card 30,", "title: Card thirty,")
    folder, _ = build(deck)
    assert batch_inputs(folder) == [None] * 4
    edit(deck / "content/synthetic/cards.yaml", "title: Card 12,", "title: Card twelve,")
    folder, again = build(deck)
    assert again >= CARDS
    same_as_fresh(deck, folder)


@pytest.mark.parametrize("damaged", [["x"], 7, [[1, 2, 3]] * 4, [["0" * 40, "p", "card"]] * 4, [["0" * 40, "p", ["card", "labels"]]] * 4])
def test_a_damaged_manifest_composes_every_card_and_prints_the_same(deck, damaged):
    folder = primed(deck)
    manifest = json.loads((folder / "manifest.json").read_text())
    next(entry for entry in manifest["files"] if entry["file"] == "cards.pdf")["batch_inputs"] = damaged
    (folder / "manifest.json").write_text(json.dumps(manifest))
    edit(deck / "content/synthetic/cards.yaml", "title: Card 12,", "title: Card twelve,")
    folder, again = build(deck)
    assert again >= CARDS
    same_as_fresh(deck, folder)


def test_workers_keep_what_their_batches_are_made_from_for_the_next_process(deck, tmp_path):
    """Two forked workers compose the batches; a new process after an edit finds three of the
    four unchanged and prints what a fresh build prints."""
    import os
    import subprocess
    import sys

    if not batches.can_fork():
        pytest.skip("one process draws everything where it cannot fork")
    runner = (
        "import sys; from kitpress.build import batches; batches.SHEETS_PER_BATCH = 2;"
        "from kitpress.cli.main import main; sys.argv = ['kitpress', 'build', 'synthetic', '--out', sys.argv[1]]; main()"
    )
    env = {**os.environ, "KITPRESS_JOBS": "2"}
    for _ in range(2):
        done = subprocess.run([sys.executable, "-c", runner, str(deck / "kit")], cwd=deck, env=env, capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        edit(deck / "content/synthetic/cards.yaml", "title: Card 20," if _ else "title: Card 12,", "title: Card changed,")
    folder = deck / "kit/synthetic/en/a4"
    assert all(kept is not None for kept in batch_inputs(folder))
    done = subprocess.run([sys.executable, "-c", runner, str(deck / "kit")], cwd=deck, env=env, capture_output=True, text=True)
    assert done.returncode == 0 and "cards.pdf: cards/c00019" in done.stdout, done.stdout + done.stderr
    same_as_fresh(deck, folder)

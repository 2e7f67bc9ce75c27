"""Drawing on every core, and big decks in batches: the kit a teacher gets is the same."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

from kitpress.build.batches import SHEETS_PER_BATCH
from synthetic import synthetic_project

KITPRESS = Path(sys.executable).with_name("kitpress")
CARDS = 4 * SHEETS_PER_BATCH * 2 + 10  # tarot cards, four to an A4 sheet: two batches and a bit


def build(root: Path, jobs: int, out: str = "out") -> subprocess.CompletedProcess:
    env = {**os.environ, "KITPRESS_JOBS": str(jobs)}
    return subprocess.run(
        [str(KITPRESS), "build", "synthetic", "--out", str(root / out)], cwd=root, capture_output=True, text=True, env=env
    )


@pytest.fixture(scope="module")
def deck(tmp_path_factory):
    root = synthetic_project(tmp_path_factory.mktemp("deck"), CARDS)
    run = build(root, 2)
    assert run.returncode == 0, run.stderr
    return root


def folder(root: Path, out: str = "out") -> Path:
    return root / out / "synthetic/en/a4"


def titles(pdf: Path) -> list[list[int]]:
    """The card numbers on each page, in reading order."""
    pages = []
    for page in PdfReader(pdf).pages:
        words = page.extract_text().split()
        pages.append([int(words[i + 1]) for i, w in enumerate(words[:-1]) if w == "Card" and words[i + 1].isdigit()])
    return pages


def test_a_batched_deck_is_one_file_with_every_card_once_in_order(deck):
    cards = folder(deck) / "cards.pdf"
    assert len(list((folder(deck) / ".batches").glob("*.pdf"))) == 3
    pages = titles(cards)
    assert len(pages) == -(-CARDS // 4)
    assert [n for page in pages for n in sorted(page)] == list(range(1, CARDS + 1))
    reader = PdfReader(cards)
    assert reader.metadata.title == "Synthetic deck · Cards"
    assert reader.trailer["/Root"]["/Lang"] == "en"
    assert reader.trailer["/Root"]["/ViewerPreferences"]["/PrintScaling"] == "/None"


def test_one_core_and_two_cores_make_the_same_bytes(deck):
    run = build(deck, 1, "one-core")
    assert run.returncode == 0, run.stderr
    for name in ("cards.pdf", "kit.pdf"):
        assert (folder(deck, "one-core") / name).read_bytes() == (folder(deck) / name).read_bytes(), name


def test_one_card_edited_redraws_only_its_batch(deck):
    before = {p.name for p in (folder(deck) / ".batches").glob("*.pdf")}
    pages_before = titles(folder(deck) / "cards.pdf")
    cards = deck / "content/synthetic/cards.yaml"
    text = cards.read_text()
    last = f"title: Card {CARDS},"
    assert text.count(last) == 1
    cards.write_text(text.replace(last, f"title: Card {CARDS} (new),"))
    run = build(deck, 2)
    assert run.returncode == 0, run.stderr
    assert f"cards/c{CARDS - 1:05d}" in run.stdout  # the change report names the card
    after = {p.name for p in (folder(deck) / ".batches").glob("*.pdf")}
    assert len(before - after) == 1 and len(after - before) == 1  # one batch redrawn, the others kept
    assert titles(folder(deck) / "cards.pdf") == pages_before  # the same cards in the same places


def test_text_that_does_not_fit_in_a_worker_is_reported_at_its_place_and_nothing_is_written(deck):
    kit = folder(deck)
    before = {p: p.read_bytes() for p in kit.rglob("*") if p.is_file()}
    cards = deck / "content/synthetic/cards.yaml"
    text = cards.read_text()
    line = next(i for i, row in enumerate(text.splitlines(), 1) if "id: c00003," in row)
    cards.write_text(text.replace("title: Card 4,", "title: " + "Overflowing " * 30 + ","))
    try:
        run = build(deck, 2)
    finally:
        cards.write_text(text)
    assert run.returncode == 1
    assert f"content/synthetic/cards.yaml:{line}:" in run.stderr and "text does not fit" in run.stderr, run.stderr
    assert "Traceback" not in run.stderr
    assert {p: p.read_bytes() for p in kit.rglob("*") if p.is_file()} == before

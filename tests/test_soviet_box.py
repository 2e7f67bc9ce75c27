"""What the Soviet System rulebook's box contents list, the kit prints, count for count: read
from the rulebook's own lines and from the composed kit (the cards on the sheets, the tokens,
the banknotes, the die's faces), never from the content the kit is made from."""

import re
from collections import Counter
from pathlib import Path

import pytest

from kitpress.build.pipeline import BuildOptions, Project, compose_game

REPO = Path(__file__).resolve().parents[1]


def number(text: str) -> int:
    return int(text.replace(",", ""))


@pytest.fixture(scope="module")
def kit():
    game, parts, _ = compose_game(Project(REPO), "soviet-system", BuildOptions(), fit_text=False)
    return game, {part.component: part for part in parts}


@pytest.fixture(scope="module")
def box(kit):
    game, _ = kit
    return [str(line) for line in game.data["box_contents"]]


def line(box, pattern: str) -> re.Match:
    found = [m for m in (re.search(pattern, item) for item in box) if m]
    assert len(found) == 1, f"no single box line matches {pattern!r}"
    return found[0]


def fronts(part, deck: str | None = None):
    return [(d.name, ident, face) for d in part.decks if deck in (None, d.name) for ident, face in zip(d.ids, d.fronts)]


def test_526_question_cards_500_of_them_with_three_questions_and_26_jokers(kit, box):
    game, parts = kit
    found = line(box, r"([\d,]+) \"Question\" cards\. ([\d,]+) of them carry the ([\d,]+) knowledge questions.*?; ([\d,]+) are Jokers")
    total, with_questions, questions, jokers = (number(g) for g in found.groups())
    cards = fronts(parts["questions"])
    assert len(cards) == total
    asking = [face for _, ident, face in cards if ident.startswith("q")]
    assert len(asking) == with_questions and len(cards) - len(asking) == jokers
    printed = sum(frame.markup.count("<tr>") for face in asking for frame in face.frames if frame.id == "questions")
    assert printed == questions  # a row of the card's table for each question


@pytest.mark.parametrize("deck, name", [("daily-life", "Daily Life"), ("political-life", "Political Life"), ("kgb", "KGB")])
def test_each_life_deck_holds_its_cards_amnesties_and_good_answers(kit, box, deck, name):
    game, parts = kit
    found = line(box, rf"^(\d+) \"{name}\" cards, including (?:(\d+) \"Amnesty\" and )?(\d+) \"Good Answer\" cards")
    total, amnesty, good = int(found[1]), int(found[2] or 0), int(found[3])
    cards = fronts(parts["life-cards"], deck)
    assert len(cards) == total
    kinds = Counter(game.data["life_cards"].by_id[ident]["kind"] for _, ident, _ in cards)
    assert kinds["amnesty"] == amnesty and kinds["good-answer"] == good


@pytest.mark.parametrize(
    "pattern, token",
    [
        (r"^(\d+) medals of the Order", "medal"),
        (r"^(\d+) military distinctions", "military"),
        (r"^(\d+) KGB distinctions", "kgb"),
        (r"^(\d+) convictions for public drunkenness", "conviction"),
    ],
)
def test_the_record_sheet_tokens(kit, box, pattern, token):
    _, parts = kit
    assert Counter(ident for _, ident, _ in fronts(parts["tokens"]))[token] == int(line(box, pattern)[1])


def test_the_banknotes_denomination_by_denomination(kit, box):
    game, parts = kit
    listed = re.findall(r"([\d,]+) of ([\d,]+)", line(box, r"^Rouble banknotes: (.*)")[1])
    printed = Counter(game.data["banknotes"].by_id[ident]["value"] for _, ident, _ in fronts(parts["banknotes"]))
    assert printed == {number(value): number(count) for count, value in listed}


def test_pawns_dachas_record_sheets_and_the_die(kit, box):
    game, parts = kit
    pawns = fronts(parts["pawns"], "pawns")
    dachas = fronts(parts["pawns"], "dachas")
    assert len(pawns) == int(line(box, r"^(\d+) pawns")[1]) and len(dachas) == int(line(box, r"^(\d+) dachas")[1])
    assert len(fronts(parts["record-sheets"])) == int(line(box, r"^(\d+) personal record sheets")[1])
    faces = [int(f) for f in re.findall(r"-?\d+", line(box, r"twelve-sided die \(([^)]*)\)")[1])]
    assert len(faces) == 12 and sorted(faces) == sorted(game.data["die_faces"])

"""The 168 Daily Life, Political Life and KGB cards follow the rules: every sanction is said in
the rulebook's vocabulary (rules 9, 14, 16, 19 and 20), and the kit's own readings (two ranks,
down to a named rank, money) are printed in the rulebook, marked as the kit's."""

import re
from collections import Counter
from pathlib import Path

import pytest
from pypdf import PdfReader

from kitpress.build.pipeline import BuildOptions, Project, compose_game
from kitpress.content.game import load_game

REPO = Path(__file__).resolve().parents[1]
NAMED_RANKS = {"sans-parti", "supervised-freedom", "gorki", "gulag"}  # the ranks rule 20 gives a mark to, and the gulag
HONOURS = ("medals", "military", "kgb", "convictions")  # rule 16
WHO = {"choice", "highest-military", "highest-kgb"}  # rules 19 and 20
DENOMINATIONS = 10  # the Gosbank's smallest banknote


@pytest.fixture(scope="module")
def game():
    return load_game(REPO / "content" / "soviet-system")


def sanctions(game):
    """(card id, its sanction's fields that are set): an optional field left out reads as None."""
    return [(card["id"], {k: v for k, v in (card.get("sanction") or {}).items() if v is not None}) for card in game.data["life_cards"]]


def test_every_sanction_is_said_in_the_rules_vocabulary(game):
    for ident, s in sanctions(game):
        assert set(s) <= {"move", *HONOURS, "ranks", "to", "roubles", "who"}, ident
        if "move" in s:
            assert s["move"] in ("up", "down"), ident
        if "ranks" in s:
            assert s.get("move") and s["ranks"] in (1, 2) and "to" not in s, ident
        if "to" in s:  # rule 9: a rank changes only after an examination, and a move down never raises a dacha
            assert s.get("move") == "down" and s["to"] in NAMED_RANKS, ident
        for honour in HONOURS:
            assert s.get(honour, 1) >= 1, ident
        if "who" in s:
            assert s["who"] in WHO, ident
        if "roubles" in s:
            assert s["roubles"] != 0 and s["roubles"] % DENOMINATIONS == 0, ident


def test_only_scenarios_carry_sanctions_and_the_decks_keep_the_rulebooks_counts(game):
    cards = game.data["life_cards"]
    assert Counter(c["deck"] for c in cards) == {"daily-life": 56, "political-life": 56, "kgb": 56}  # rule 9
    kinds = Counter((c["deck"], c["kind"]) for c in cards)
    assert kinds[("daily-life", "amnesty")] + kinds[("political-life", "amnesty")] == 6  # rule 10
    assert kinds[("kgb", "amnesty")] == 0
    assert sum(n for (deck, kind), n in kinds.items() if kind == "good-answer") == 12  # rule 11
    for card in cards:
        assert bool(card.get("sanction")) == (card["kind"] == "scenario"), card["id"]


def test_no_card_sends_a_dacha_to_a_rank_without_an_examination_and_none_promotes_a_prisoner(game):
    """A named rank is reached only going down; 'to sans-parti' leaves a gulag prisoner where it is."""
    for ident, s in sanctions(game):
        if "to" in s:
            assert s["move"] == "down", ident


def test_every_sanctions_pictogram_is_in_the_rulebooks_legend_and_money_is_marked_as_the_kits(tmp_path):
    game, parts, _ = compose_game(Project(REPO), "soviet-system", BuildOptions(), fit_text=False)
    pictograms = {p["id"]: p for p in game.data["pictograms"]}
    assert "roubles" in pictograms and "invented" in pictograms["roubles"]
    cards = next(p for p in parts if p.component == "life-cards")
    fronts = [face for deck in cards.decks for face in deck.fronts]
    drawn = [frame.markup for face in fronts for frame in face.frames if frame.id == "sanction"]
    assert len(drawn) == sum(1 for _, s in sanctions(game) if s)
    symbols = {p["symbol"] for p in pictograms.values()}
    used = set(re.findall(r'<icon name="([^"]+)"', " ".join(drawn))) - {"lock"}  # the gulag's padlock: a rank, named beside it
    assert used <= symbols, used - symbols


def test_the_rulebook_prints_the_kits_readings_and_the_money_pictogram(tmp_path):
    from kitpress.build.pipeline import build_game

    folder, _, _ = build_game(Project(REPO), "soviet-system", BuildOptions(out=tmp_path))
    text = " ".join(page.extract_text() for page in PdfReader(folder / "rules.pdf").pages)
    flat = " ".join(text.split())
    assert "How this kit's cards read:" in flat and "This kit's reading, not the rulebook's." in flat
    assert "ROUBLES: + RECEIVED FROM THE GOSBANK" in flat and "(this kit's addition)" in flat

"""The bench's summary of cost per card (tools/bench.py): what a card adds, and whether that
stays flat from the deck job to the largest deck. The figures here are made up; the arithmetic
is what is checked (timings themselves never belong in unit tests)."""

import bench


def _deck(cards: int, kitpress: float, typst: float | None = None) -> dict:
    return {"cards": cards, "kitpress": {"median_s": kitpress}, "typst": {"median_s": typst} if typst else None}


def test_what_each_card_adds_between_the_decks(capsys):
    # 600 → 5,000 cards adds 1.1 s (0.25 ms a card); 5,000 → 20,000 adds 4.5 s (0.30 ms): 20 % apart
    figures = {
        "deck_job": _deck(600, 0.5, 0.3),
        "big_deck": _deck(5000, 1.6, 1.4),
        "huge_deck": _deck(20000, 6.1, 5.15),
        "rebuild": {"median_s": 0.39},
    }
    result = bench.per_card(figures, bench.Table())
    assert result["kitpress"] == {"ms_per_card": [0.25, 0.3], "spread": 0.2}
    assert result["typst"] == {"ms_per_card": [0.25, 0.25], "spread": 0.0}
    assert result["rebuild_over_typst_cold"] == 1.3  # 0.39 s against the cold Typst deck job's 0.3 s
    printed = capsys.readouterr().out
    assert "0.250 / 0.300 ms, apart by 20%; target ≤ 10 %: NOT met" in printed
    assert "target ≤ 0.5×: NOT met" in printed


def test_flat_cost_is_met_within_ten_percent(capsys):
    figures = {"deck_job": _deck(600, 0.5), "big_deck": _deck(5000, 1.6), "huge_deck": _deck(20000, 5.5), "rebuild": {}}
    result = bench.per_card(figures, bench.Table())
    assert result == {"kitpress": {"ms_per_card": [0.25, 0.26], "spread": 0.04}}  # no Typst: no ratio
    assert "apart by 4%; target ≤ 10 %: met" in capsys.readouterr().out


def test_a_failed_deck_is_skipped_not_guessed(capsys):
    figures = {"deck_job": _deck(600, 0.5), "big_deck": {"failed": "boom"}, "huge_deck": _deck(20000, 5.5)}
    assert bench.per_card(figures, bench.Table()) == {}
    assert "skipped" in capsys.readouterr().out

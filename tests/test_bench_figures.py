"""The bench's summary of cost per card (tools/bench.py): what a card adds, and whether that
stays flat from the deck job to the largest deck. The figures here are made up; the arithmetic
is what is checked (timings themselves never belong in unit tests)."""

import bench


def _deck(cards: int, kitpress: float, typst: float | None = None, cpu: float | None = None) -> dict:
    mine = {"median_s": kitpress, **({"median_cpu_s": cpu} if cpu is not None else {})}
    return {"cards": cards, "kitpress": mine, "typst": {"median_s": typst} if typst else None}


def test_what_each_card_adds_between_the_decks(capsys):
    # wall: 600 → 5,000 cards adds 1.1 s (0.25 ms a card); 5,000 → 20,000 adds 4.5 s (0.30 ms): 20 % apart.
    # CPU: 1.76 s (0.40 ms a card), then 6.9 s (0.46 ms): 15 % apart, shown but not judged.
    figures = {
        "deck_job": _deck(600, 0.5, 0.3, cpu=0.6),
        "big_deck": _deck(5000, 1.6, 1.4, cpu=2.36),
        "huge_deck": _deck(20000, 6.1, 5.15, cpu=9.26),
        "rebuild": {"median_s": 0.39},
    }
    result = bench.per_card(figures, bench.Table())
    assert result["kitpress"] == {
        "wall": {"ms_per_card": [0.25, 0.3], "spread": 0.2},
        "cpu": {"ms_per_card": [0.4, 0.46], "spread": 0.15},
    }
    assert result["typst"] == {"wall": {"ms_per_card": [0.25, 0.25], "spread": 0.0}}  # Typst's CPU not given: wall only
    assert result["rebuild_over_typst_cold"] == 1.3  # 0.39 s against the cold Typst deck job's 0.3 s
    printed = capsys.readouterr().out
    assert "0.250 / 0.300, apart by 20%; target ≤ 10 %: NOT met" in printed
    cpu = next(line for line in printed.splitlines() if line.strip().startswith("kitpress: ms of CPU a card adds"))
    assert "0.400 / 0.460, apart by 15%" in cpu and "target" not in cpu
    assert "target ≤ 0.5×: NOT met" in printed


def test_flat_cost_is_met_within_ten_percent(capsys):
    # wall 0.25 then 0.26 ms a card (4 %); CPU 0.40 then 0.48 ms (20 %), not judged
    figures = {
        "deck_job": _deck(600, 0.5, cpu=0.6),
        "big_deck": _deck(5000, 1.6, cpu=2.36),
        "huge_deck": _deck(20000, 5.5, cpu=9.56),
        "rebuild": {},
    }
    result = bench.per_card(figures, bench.Table())
    assert result == {
        "kitpress": {"wall": {"ms_per_card": [0.25, 0.26], "spread": 0.04}, "cpu": {"ms_per_card": [0.4, 0.48], "spread": 0.2}}
    }  # no Typst: no ratio
    assert "apart by 4%; target ≤ 10 %: met" in capsys.readouterr().out


def test_figures_without_cpu_time_are_judged_on_wall_time(capsys):
    figures = {"deck_job": _deck(600, 0.5), "big_deck": _deck(5000, 1.6), "huge_deck": _deck(20000, 6.1), "rebuild": {}}
    assert bench.per_card(figures, bench.Table()) == {"kitpress": {"wall": {"ms_per_card": [0.25, 0.3], "spread": 0.2}}}
    assert "apart by 20%; target ≤ 10 %: NOT met" in capsys.readouterr().out


def test_a_failed_deck_is_skipped_not_guessed(capsys):
    figures = {"deck_job": _deck(600, 0.5), "big_deck": {"failed": "boom"}, "huge_deck": _deck(20000, 5.5)}
    assert bench.per_card(figures, bench.Table()) == {}
    assert "skipped" in capsys.readouterr().out

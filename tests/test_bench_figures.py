"""The bench's summary of cost per card (tools/bench.py): what a card adds, and whether that
stays flat from the deck job to the largest deck. The figures here are made up; the arithmetic
is what is checked (timings themselves never belong in unit tests)."""

import bench

SIZES = (600, 5000, 20000)


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
    assert "0.250 / 0.300, apart by 20%; these bodies repeat: the target is judged on cards of one kind" in printed
    cpu = next(line for line in printed.splitlines() if line.strip().startswith("kitpress: ms of CPU a card adds"))
    assert "0.400 / 0.460, apart by 15%" in cpu and "target" not in cpu
    assert "target ≤ 0.5×: NOT met" in printed


def test_the_sections_figures_are_shown_never_judged(capsys):
    """The sections' decks repeat their bodies: their cost per card is shown, with or without the
    interleaved section, and never set against the target (flat_cost judges it)."""
    for flat_cost in ({}, {"failed": "a build failed"}, bench.flat([{600: 0.4, 5000: 1.5, 20000: 5.55}], SIZES)):
        figures = {"deck_job": _deck(600, 0.5), "big_deck": _deck(5000, 1.6), "huge_deck": _deck(20000, 6.1), "rebuild": {}}
        assert bench.per_card(figures | {"flat_cost": flat_cost}, bench.Table()) == {
            "kitpress": {"wall": {"ms_per_card": [0.25, 0.3], "spread": 0.2}}
        }
        line = next(x for x in capsys.readouterr().out.splitlines() if x.strip().startswith("kitpress: ms a card adds"))
        assert "apart by 20%; these bodies repeat" in line and "target ≤" not in line


def test_a_failed_deck_is_skipped_not_guessed(capsys):
    figures = {"deck_job": _deck(600, 0.5), "big_deck": {"failed": "boom"}, "huge_deck": _deck(20000, 5.5)}
    assert bench.per_card(figures, bench.Table()) == {}
    assert "skipped" in capsys.readouterr().out



def test_the_flat_cost_is_the_median_round_s_so_one_slow_build_does_not_decide():
    # each round: 600 → 5,000 cards adds 0.25 ms a card; 5,000 → 20,000 adds 0.27, 0.40 (a slow
    # spell during that round's 20,000-card build) and 0.26 ms: the rounds' ratios 1.08, 1.6, 1.04
    took = [{600: 0.4, 5000: 1.5, 20000: 5.55}, {20000: 7.5, 600: 0.4, 5000: 1.5}, {5000: 1.52, 20000: 5.42, 600: 0.42}]
    found = bench.flat(took, SIZES)
    assert found["ratio"] == 1.08 and found["spread"] == 0.08  # within 10 %: met
    assert found["ms_per_card"] == [0.25, 0.27]
    assert found["rounds"] == [0.08, 0.6, 0.04]
    # a second step smaller than the first is as far from flat as a larger one
    slower_first = bench.flat([{600: 0.4, 5000: 1.5, 20000: 4.25}], SIZES)  # 0.25 then 0.1833 ms a card
    assert slower_first["ratio"] == 0.733 and slower_first["spread"] == 0.364


def test_the_interleaved_section_prints_what_it_judges(capsys, monkeypatch, tmp_path):
    """flat_cost runs each deck once a round, in turn, and judges the median round."""
    times = iter([0.4, 1.5, 5.55, 1.5, 7.5, 0.4, 5.42, 0.42, 1.52])  # round 1: 600, 5,000, 20,000; round 2 from 5,000; round 3 from 20,000
    order = []
    made = []

    def project(folder, cards, unique):
        made.append(unique)
        folder.mkdir(parents=True)
        return folder

    monkeypatch.setattr(bench, "synthetic_project", project)
    monkeypatch.setattr(bench, "tools", lambda root: {"kitpress": lambda out: [str(root)]})
    monkeypatch.setattr(bench, "measure", lambda args, cwd: (order.append(int(cwd.name.split("-")[-1])), (next(times), 50.0, 1.0))[1])
    found = bench.flat_cost(tmp_path, SIZES, 3, bench.Table())
    assert order == [600, 5000, 20000, 5000, 20000, 600, 20000, 600, 5000]
    assert made == [True, True, True]  # decks whose every card has text of its own
    assert found["ratio"] == 1.08 and found["rounds"] == [0.08, 0.6, 0.04]
    printed = capsys.readouterr().out
    assert "0.250 / 0.270 (rounds apart by 8%, 60%, 4%)" in printed
    assert "1.08×" in printed and "apart by 8%; target ≤ 10 %: met" in printed


def test_the_per_card_decks_give_every_card_a_body_of_its_own(tmp_path):
    """The bench's decks repeat their bodies every 924 cards; the cost per card is measured on
    decks whose every card has its own, so a bigger deck is not mostly text set before."""
    import yaml
    from synthetic import synthetic_project

    def bodies(folder, unique):
        root = synthetic_project(tmp_path / folder, 2000, unique=unique)
        return [card["body"] for card in yaml.safe_load((root / "content/synthetic/cards.yaml").read_text())["cards"]]

    repeated, own = bodies("repeated", False), bodies("own", True)
    assert len(set(repeated)) == 924 and repeated[924] == repeated[0]
    assert len(set(own)) == 2000
    assert all(a.split()[:-3] == b.split() for a, b in zip(own, repeated))  # the same words, the card's number after
    assert all(40 <= len(body.split()) <= 60 for body in repeated)

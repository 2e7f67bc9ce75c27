"""A frame's text fitted and drawn once a process (render/frametexts): the same text in the same
place is written again, and the kit is the one that fitting each frame makes; a frame that
reports a problem is fitted on each card, and says it at each card's place."""

import pytest

from kitpress.build.pipeline import BuildOptions, Project, build_game
from kitpress.render import canvas, facecache, frametexts
from synthetic import synthetic_project

CARDS = 20  # costs 0-8 and gains 0-6: each repeats


@pytest.fixture(autouse=True)
def own_process_state(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(facecache, "_STORE", facecache.Store(None))  # every face drawn: its frames are what is counted
    monkeypatch.setenv("KITPRESS_JOBS", "1")  # drawn in this process
    monkeypatch.setattr(frametexts, "_kept", {})


def _fitted(monkeypatch) -> list[str]:
    """The frames whose text is fitted and drawn, by id, as the build goes."""
    fitted, real = [], canvas._text
    monkeypatch.setattr(canvas, "_text", lambda c, face, frame, *a: fitted.append(frame.id) or real(c, face, frame, *a))
    return fitted


def _build(root, out: str):
    return build_game(Project(root), "synthetic", BuildOptions(out=root / out))


def test_a_frame_repeated_across_cards_is_fitted_once_and_the_kit_is_the_same(tmp_path, monkeypatch):
    root = synthetic_project(tmp_path, CARDS)
    fitted = _fitted(monkeypatch)
    kept = _build(root, "kept").folder
    assert fitted.count("title") == fitted.count("body") == CARDS  # each card's own
    assert fitted.count("cost") == 9 and fitted.count("gain") == 7  # once each number
    monkeypatch.setattr(frametexts, "draw", lambda c, face, frame, place, draw_text: draw_text())
    each = _build(root, "each").folder
    assert (kept / "cards.pdf").read_bytes() == (each / "cards.pdf").read_bytes()


@pytest.mark.parametrize("repeat, level", [(20, "warning"), (40, "error")])
def test_a_frame_that_reports_a_problem_is_fitted_on_each_card_and_said_at_its_place(tmp_path, monkeypatch, repeat, level):
    from kitpress.errors import KitpressError

    root = synthetic_project(tmp_path, CARDS)
    cards = root / "content/synthetic/cards.yaml"
    text = cards.read_text()
    for title in ("Card 3,", "Card 5,"):  # the same text on two cards: the same frame, shrunk or overflowing
        start = text.index(f"title: {title}")
        text = text[:start] + f"title: {title} body: {'a body too long for its box ' * repeat}, " + text[text.index("cost:", start) :]
    cards.write_text(text)
    fitted = _fitted(monkeypatch)
    try:
        said = [w for entry in _build(root, "out").entries for w in entry.warnings or ()]
    except KitpressError as exc:
        said = [str(p) for p in exc.problems]
    assert fitted.count("body") == CARDS
    for line, card in ((4, "c00002"), (6, "c00004")):
        assert any(f"cards.yaml:{line}:" in w and f"card '{card}'" in w and level in w for w in said), said

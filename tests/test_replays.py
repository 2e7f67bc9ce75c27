"""What a process drew, written again (render/replays): a frame's text fitted and drawn once, the
same text in the same place written again, and the kit the one that fitting each frame makes; a
frame that reports a problem is fitted on each card, and says it at each card's place. A face's
backdrop drawn once for the faces sharing it, in the colours of their own sheet, and what names
a resource of its document (a picture) drawn in each."""

import pytest

from kitpress.build.pipeline import BuildOptions, Project, build_game
import pypdfium2 as pdfium
from PIL import Image

from kitpress.compose.scene import Face, Shape
from kitpress.errors import Problems
from kitpress.layout.stylesheet import StyleSheet
from kitpress.render import canvas, facecache, replays
from kitpress.render.canvas import Meta, open_canvas
from kitpress.typeset import fit
from synthetic import synthetic_project

CARDS = 20  # costs 0-8 and gains 0-6: each repeats


@pytest.fixture(autouse=True)
def own_process_state(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(facecache, "_STORE", facecache.Store(None))  # every face drawn: its frames are what is counted
    monkeypatch.setenv("KITPRESS_JOBS", "1")  # drawn in this process
    monkeypatch.setattr(replays, "_kept", {})


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
    monkeypatch.setattr(replays, "draw", lambda c, key, sheet, draw_it: draw_it())
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


def _backdrops(monkeypatch) -> list[str]:
    """The faces whose backdrop is drawn, by layout, as the build goes."""
    drawn, real = [], canvas._backdrop
    monkeypatch.setattr(canvas, "_backdrop", lambda c, face, clip: drawn.append(face.layout) or real(c, face, clip))
    return drawn


def test_a_layouts_backdrop_is_drawn_once_and_the_cards_are_the_same(tmp_path, monkeypatch):
    root = synthetic_project(tmp_path, CARDS)
    drawn = _backdrops(monkeypatch)
    kept = _build(root, "kept").folder
    assert drawn == ["synthetic-front"]  # every card of one layout, one size and one sheet
    monkeypatch.setattr(replays, "draw", lambda c, key, sheet, draw_it: draw_it())
    each = _build(root, "each").folder
    assert len(drawn) == 1 + CARDS
    assert (kept / "cards.pdf").read_bytes() == (each / "cards.pdf").read_bytes()


def _page(path, sheet, shapes) -> Image.Image:
    c = open_canvas(path, (100, 100), Meta("t", "a", "s", "en"))
    with fit.collecting(Problems()):
        canvas.draw_face(c, Face("k", "token", (100.0, 100.0), 5.0, tuple(shapes), (), sheet, {}))
    c.showPage()
    c.save()
    return pdfium.PdfDocument(str(path))[0].render(scale=1).to_pil().convert("RGB")


def test_a_backdrop_takes_its_sheets_colours_and_a_picture_is_drawn_in_each_document(tmp_path, monkeypatch):
    drawn = _backdrops(monkeypatch)
    band = Shape("rect", (0, 0, 100, 40), "accent", None, 0.75, 0.0)
    blue = StyleSheet({}, {"accent": "#0000ff"}, "en")
    red = StyleSheet({}, {"accent": "#ff0000"}, "en")
    assert _page(tmp_path / "blue.pdf", blue, [band]).getpixel((50, 10)) == (0, 0, 255)
    assert _page(tmp_path / "red.pdf", red, [band]).getpixel((50, 10)) == (255, 0, 0)  # not blue's, kept
    assert _page(tmp_path / "blue-again.pdf", blue, [band]).getpixel((50, 10)) == (0, 0, 255)
    assert len(drawn) == 2  # blue's written again

    Image.new("RGB", (8, 8), (0, 160, 0)).save(tmp_path / "green.png")
    picture = Shape("image", (0, 50, 100, 50), None, None, 0.75, 0.0, image=str(tmp_path / "green.png"))
    for name in ("first.pdf", "second.pdf"):  # the second document names its own picture
        page = _page(tmp_path / name, blue, [band, picture])
        assert page.getpixel((50, 75)) == (0, 160, 0) and page.getpixel((50, 10)) == (0, 0, 255)
    assert len(drawn) == 4  # a backdrop naming a picture is drawn every time

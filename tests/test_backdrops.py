"""A face's clip and shapes drawn once a process (render/backdrops): the faces of a layout share
them, the PDF is the one that drawing every backdrop makes, and what names a resource of its
document (a picture) is drawn in each."""

import pypdfium2 as pdfium
import pytest
from PIL import Image

from kitpress.build.pipeline import BuildOptions, Project, build_game
from kitpress.compose.scene import Face, Shape
from kitpress.layout.stylesheet import StyleSheet
from kitpress.render import backdrops, canvas, facecache
from kitpress.render.canvas import Meta, open_canvas
from synthetic import synthetic_project


@pytest.fixture(autouse=True)
def own_process_state(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(facecache, "_STORE", facecache.Store(None))  # every face drawn
    monkeypatch.setenv("KITPRESS_JOBS", "1")  # drawn in this process
    monkeypatch.setattr(backdrops, "_kept", {})


def _drawn(monkeypatch) -> list[str]:
    drawn, real = [], canvas._backdrop
    monkeypatch.setattr(canvas, "_backdrop", lambda c, face, clip: drawn.append(face.layout) or real(c, face, clip))
    return drawn


def test_a_layouts_backdrop_is_drawn_once_and_the_cards_are_the_same(tmp_path, monkeypatch):
    root = synthetic_project(tmp_path, 20)
    drawn = _drawn(monkeypatch)
    kept = build_game(Project(root), "synthetic", BuildOptions(out=root / "kept")).folder
    assert drawn == ["synthetic-front"]  # 20 cards of one layout, one size and one sheet
    monkeypatch.setattr(backdrops, "draw", lambda c, face, clip, draw_backdrop: draw_backdrop())
    each = build_game(Project(root), "synthetic", BuildOptions(out=root / "each")).folder
    assert len(drawn) == 21
    assert (kept / "cards.pdf").read_bytes() == (each / "cards.pdf").read_bytes()


def _face(sheet, shapes) -> Face:
    return Face("k", "token", (100.0, 100.0), 5.0, tuple(shapes), (), sheet, {})


def _page(path, face) -> Image.Image:
    c = open_canvas(path, (100, 100), Meta("t", "a", "s", "en"))
    canvas.draw_face(c, face)
    c.showPage()
    c.save()
    return pdfium.PdfDocument(str(path))[0].render(scale=1).to_pil().convert("RGB")


def test_the_sheet_gives_the_colours_and_a_picture_is_drawn_in_each_document(tmp_path):
    band = Shape("rect", (0, 0, 100, 40), "accent", None, 0.75, 0.0)
    blue = StyleSheet({}, {"accent": "#0000ff"}, "en")
    red = StyleSheet({}, {"accent": "#ff0000"}, "en")
    assert _page(tmp_path / "blue.pdf", _face(blue, [band])).getpixel((50, 10)) == (0, 0, 255)
    assert _page(tmp_path / "red.pdf", _face(red, [band])).getpixel((50, 10)) == (255, 0, 0)  # not blue's, kept
    assert [kept[0] for kept in backdrops._kept.values()] == [red]  # the same shapes: kept for the last sheet

    Image.new("RGB", (8, 8), (0, 160, 0)).save(tmp_path / "green.png")
    picture = Shape("image", (0, 50, 100, 50), None, None, 0.75, 0.0, image=str(tmp_path / "green.png"))
    for name in ("first.pdf", "second.pdf"):  # the second document names its own picture
        page = _page(tmp_path / name, _face(blue, [band, picture]))
        assert page.getpixel((50, 75)) == (0, 160, 0) and page.getpixel((50, 10)) == (0, 0, 255)
    assert not any(picture in key[3] for key in backdrops._kept)  # a backdrop naming a picture is never kept

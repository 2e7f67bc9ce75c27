"""TrueType faces kept in the user's cache as reportlab read them (typeset/keptfaces): a face read
back is the face reportlab reads, and text set in it is the same PDF; a damaged entry is read again."""

from __future__ import annotations

import io
import marshal
from pathlib import Path

import pytest
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont, TTFontFace
from reportlab.pdfgen.canvas import Canvas

from kitpress.typeset import keptfaces
from kitpress.typeset.stablefont import StableFont

FONTS = sorted((Path(__file__).resolve().parents[1] / "fonts").glob("*.ttf"))


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return tmp_path / "cache" / "kitpress" / "font-tables"


def _same(kept: TTFontFace, read: TTFontFace) -> None:
    ours, theirs = dict(vars(kept)), dict(vars(read))
    scale, their_scale = ours.pop("_pdfScale"), theirs.pop("_pdfScale")
    assert ours.keys() == theirs.keys()
    for name in theirs:
        assert type(ours[name]) is type(theirs[name]), name
        assert ours[name] == theirs[name], name
    for value in (0, 1, 7, 999, 1234, -293):
        assert scale(value) == their_scale(value)
    assert [name.ustr for name in (kept.name, kept.familyName)] == [name.ustr for name in (read.name, read.familyName)]


@pytest.mark.parametrize("path", FONTS, ids=lambda p: p.name)
def test_a_face_read_back_is_the_face_reportlab_reads(cache, path):
    first = keptfaces.face(path)  # read by reportlab, and kept
    assert len(list(cache.iterdir())) == 1
    _same(first, TTFontFace(str(path)))
    _same(keptfaces.face(path), TTFontFace(str(path)))  # read back


def test_text_set_in_a_kept_face_is_the_same_pdf(cache):
    """The embedded subset is cut from the kept face's tables and the file's bytes."""
    path = next(p for p in FONTS if p.name == "NotoSans-Regular.ttf")

    def drawn() -> bytes:
        font = StableFont("Kept-Test", str(path))
        out = io.BytesIO()
        pdfmetrics.registerFont(font)
        canvas = Canvas(out, invariant=1, initialFontName="Kept-Test", initialFontSize=12)
        canvas.drawString(72, 720, "Kitpress: Ünïcode — €5, 1,000 cards ½ ✓")
        canvas.save()
        return out.getvalue()

    read = drawn()
    assert list(cache.iterdir())
    assert drawn() == read


def test_a_stable_font_is_what_reportlab_makes_of_its_face(cache):
    path = FONTS[0]
    ours, theirs = StableFont("Same-Test", str(path)), TTFont("Same-Test", str(path))
    mine = {k: v for k, v in vars(ours).items() if k not in ("face", "split_cache", "state", "encoding")}
    assert mine == {k: v for k, v in vars(theirs).items() if k not in ("face", "state", "encoding")}
    assert type(ours.encoding) is type(theirs.encoding) and len(ours.state) == len(theirs.state) == 0


@pytest.mark.parametrize("damage", [b"", b"not marshal", b"\xe9" * 50, "marshal of a list"])
def test_a_damaged_entry_is_read_again(cache, damage):
    path = next(p for p in FONTS if p.name == "NotoSans-Bold.ttf")
    keptfaces.face(path)
    (entry,) = cache.iterdir()
    entry.write_bytes(marshal.dumps([1, 2, 3]) if damage == "marshal of a list" else damage)
    _same(keptfaces.face(path), TTFontFace(str(path)))
    truncated = marshal.dumps({**keptfaces._kept(TTFontFace(str(path))), "charWidths": None})
    entry.write_bytes(truncated)
    _same(keptfaces.face(path), TTFontFace(str(path)))


def test_a_subset_embedded_again_in_another_document_is_written_the_same(cache):
    """A subset's widths and ToUnicode map are made once a process (stablefont._subset_parts):
    the next document that embeds the same glyphs writes the same bytes, compressed or not as
    that document asks."""
    import re
    import zlib

    from kitpress.typeset import stablefont

    path = next(p for p in FONTS if p.name == "NotoSans-Regular.ttf")
    pdfmetrics.registerFont(StableFont("Parts-Test", str(path)))

    def drawn(compressed: int) -> bytes:
        out = io.BytesIO()
        canvas = Canvas(out, invariant=1, pageCompression=compressed, initialFontName="Parts-Test", initialFontSize=12)
        canvas.drawString(72, 720, "Widths (and) maps — Ünïcode €5 ✓")
        canvas.save()
        return out.getvalue()

    fresh = {}
    for compressed in (1, 0):
        stablefont._PARTS.clear()
        fresh[compressed] = drawn(compressed)
    stablefont._PARTS.clear()
    assert [drawn(1), drawn(0), drawn(1)] == [fresh[1], fresh[0], fresh[1]]  # made once, then kept
    for compressed, pdf in fresh.items():
        streams = re.findall(rb"<<\n(/Filter \[ /FlateDecode \] )?/Length \d+\n>>\nstream\n(.*?)endstream", pdf, re.S)
        cmaps = [(bool(filtered), zlib.decompress(body) if filtered else body) for filtered, body in streams]
        cmaps = [(filtered, body) for filtered, body in cmaps if b"begincmap" in body]
        assert cmaps and all(filtered == bool(compressed) and b"Registry (" in body for filtered, body in cmaps)

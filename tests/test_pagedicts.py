"""Page dictionaries formatted once per kind of page (render/pagedicts): a document saved with
the memo is byte-for-byte the one reportlab writes without it, whatever its pages carry —
sizes, rotation, boxes, pictures, forms, links, transitions, gradients, transparency, colour
spaces — and a page the memo cannot describe is left to reportlab."""

import io

import pytest
from PIL import Image
from reportlab.lib.colors import CMYKColorSep, Color
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase import pdfdoc
from reportlab.pdfgen.canvas import Canvas

from kitpress.render import pagedicts
from kitpress.typeset import fonts


def _picture():
    buffer = io.BytesIO()
    Image.new("RGB", (8, 8), (200, 40, 40)).save(buffer, "PNG")
    buffer.seek(0)
    return buffer


def _alike(c: Canvas):
    """Thirty pages of one kind, different text on each."""
    for i in range(30):
        c.drawString(72, 720, f"card {i}")
        c.rect(72, 72, 100 + i, 50)
        c.showPage()


def _varied(c: Canvas):
    """Pages that differ in everything but Contents, each kind twice or more."""
    c.beginForm("design")
    c.rect(0, 0, 40, 40, fill=1)
    c.endForm()
    for i in range(24):
        kind = i % 8
        c.setPageSize((612, 792) if kind != 1 else (842, 595))
        c.setPageRotation(90 if kind == 2 else 0)
        c.setTrimBox((-0.0, 0, 500.25, 700) if kind == 3 else None)
        c.setBleedBox((0, 0, 510, 710) if kind == 3 else None)
        if kind == 4:
            c.drawImage(_reader(), 100, 100, 40, 40)
            c.doForm("design")
        if kind == 5:
            c.linkURL("https://example.org/", (72, 72, 200, 90))
            c.setPageTransition("Dissolve", 1)
        if kind == 6:
            c.linearGradient(0, 0, 200, 0, (Color(1, 0, 0), Color(0, 0, 1)))
            c.setFillAlpha(0.5)
            c.rect(10, 10, 50, 50, fill=1)
        if kind == 7:
            c.setFillColor(CMYKColorSep(0, 0.5, 1, 0, spotName="Orange"))
            c.rect(10, 10, 50, 50, fill=1)
        c.drawString(72, 500, f"page {i}")
        c.showPage()


def _reader():
    return ImageReader(_picture())


def _save(draw, memo: bool, monkeypatch) -> tuple[bytes, dict]:
    monkeypatch.setattr(pdfdoc.PDFPage, "format", pagedicts._format if memo else pagedicts._reportlab_format)
    fonts.register()
    c = Canvas(io.BytesIO(), invariant=1, pageCompression=1, initialFontName="Sans")  # an embedded font
    draw(c)
    data = c.getpdfdata()
    return data, c._doc.__dict__.get(pagedicts._KEPT, {})


@pytest.mark.parametrize("draw", [_alike, _varied], ids=["alike", "varied"])
def test_bytes_are_reportlabs_own(draw, monkeypatch):
    plain, _ = _save(draw, False, monkeypatch)
    memo, kinds = _save(draw, True, monkeypatch)
    assert memo == plain
    pages = plain.count(b"/Type /Page\n") + plain.count(b"/Type /Page ")
    assert 1 <= len(kinds) < pages  # the memo was used, and pages shared a kind


def test_alike_pages_are_one_kind(monkeypatch):
    _, kinds = _save(_alike, True, monkeypatch)
    assert len(kinds) == 1


def test_a_page_it_cannot_describe_is_left_to_reportlab(monkeypatch):
    def thumbnails(c: Canvas):
        for i in range(3):
            c.drawString(72, 720, f"page {i}")
            c.showPage()
            page = c._doc.Pages.pages[-1]
            thumb = pdfdoc.PDFStream(content=b"0 0 m")  # made an object of its own when formatted
            page.Thumb = thumb

    plain, _ = _save(thumbnails, False, monkeypatch)
    memo, kinds = _save(thumbnails, True, monkeypatch)
    assert memo == plain
    assert kinds == {}
    assert plain.count(b"/Thumb ") == 3


def test_what_it_describes_tells_formats_apart():
    from collections import OrderedDict

    describe = pagedicts._describe
    assert describe(pdfdoc.PDFArray([0, 0, 612, 792])) != describe(pdfdoc.PDFArray([0, 0, 792, 612]))
    assert describe(pdfdoc.PDFArray([1, 2])) != describe(pdfdoc.PDFArray([1, 2, 3]))
    assert describe(pdfdoc.PDFDictionary({"S": "/Dissolve"})) != describe(pdfdoc.PDFDictionary({"S": "/Wipe"}))
    forced = pdfdoc.PDFDictionary({"S": "/Dissolve"})
    forced.multiline = "forced"
    assert describe(forced) != describe(pdfdoc.PDFDictionary({"S": "/Dissolve"}))
    assert describe(pdfdoc.PDFDictionary(OrderedDict(S="/Dissolve"))) is None
    assert describe(True) is None  # reportlab formats a bool as neither a number nor a name
    assert describe(pdfdoc.PDFArray([pdfdoc.PDFStream()])) is None

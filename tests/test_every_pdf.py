"""Every PDF of every kit opens in two independent readers and embeds all its fonts."""

from pathlib import Path

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from kitpress.build import BuildOptions, Project, build_game

REPO = Path(__file__).resolve().parents[1]
GAMES = sorted(p.parent.name for p in (REPO / "content").glob("*/game.yaml"))


@pytest.fixture(scope="module", params=GAMES)
def kit(request, tmp_path_factory):
    folder, _ = build_game(Project(REPO), request.param, BuildOptions(paper="letter", out=tmp_path_factory.mktemp("kit")))
    return folder


def fonts_of(resources, seen=None):
    """Every font a page uses, forms included."""
    seen = seen if seen is not None else set()
    resources = resources.get_object() if resources is not None else {}
    for font in (resources.get("/Font") or {}).values():
        yield font.get_object()
    for xobject in (resources.get("/XObject") or {}).values():
        xobject = xobject.get_object()
        if xobject.get("/Subtype") == "/Form" and id(xobject) not in seen:
            seen.add(id(xobject))
            yield from fonts_of(xobject.get("/Resources"), seen)


def test_every_font_is_embedded_truetype(kit):
    for pdf in sorted(kit.glob("*.pdf")):
        for page in PdfReader(pdf).pages:
            for font in fonts_of(page.get("/Resources")):
                descendant = font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font else font
                descriptor = descendant.get("/FontDescriptor")
                assert descriptor is not None and "/FontFile2" in descriptor.get_object(), (pdf.name, font.get("/BaseFont"))


def test_every_pdf_opens_in_pypdf_and_pdfium_and_asks_for_actual_size(kit):
    for pdf in sorted(kit.glob("*.pdf")):
        reader = PdfReader(pdf, strict=True)
        assert str(reader.trailer["/Root"]["/ViewerPreferences"]["/PrintScaling"]) == "/None"
        assert reader.metadata.title and reader.metadata.creator.startswith("kitpress")
        document = pdfium.PdfDocument(str(pdf))
        try:
            assert len(document) == len(reader.pages) > 0
        finally:
            document.close()

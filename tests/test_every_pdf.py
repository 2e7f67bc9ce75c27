"""Every PDF of every kit opens in two independent readers, embeds all its fonts and says
what it is: its title, its maker and its language."""

from pathlib import Path

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from kitpress.content import yamlio
from kitpress.build.pipeline import BuildOptions, Project, build_game

REPO = Path(__file__).resolve().parents[1]
GAMES = sorted(p.parent.name for p in (REPO / "content").glob("*/game.yaml"))
# every game in its own language, the translated ones in their translation too, and one kit of
# several tables (whose files are rewritten with a number on every page)
KITS = [
    *[(game, None, 1) for game in GAMES],
    *[
        (locale.parent.parent.name, locale.stem, 1)
        for locale in sorted((REPO / "content").glob("*/locales/*.yaml"))
        if not locale.name.endswith(".lock.yaml") and locale.stem != "en"
    ],
    ("state-in-class", None, 3),
]


@pytest.fixture(scope="module", params=KITS, ids=lambda kit: "-".join(str(part) for part in kit if part not in (None, 1)))
def built(request, tmp_path_factory):
    """A kit's folder and the language it is written in."""
    game, lang, tables = request.param
    options = BuildOptions(paper="letter", lang=lang, tables=tables, out=tmp_path_factory.mktemp("kit"))
    folder, _, _ = build_game(Project(REPO), game, options)
    return folder, lang or str(yamlio.load_file(REPO / "content" / game / "game.yaml", within=[REPO / "content" / game])["language"])


@pytest.fixture
def kit(built):
    return built[0]


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


def test_every_pdf_gives_its_title_maker_and_language(built):
    folder, lang = built
    pdfs = sorted(folder.glob("*.pdf"))
    assert {"kit.pdf", "plan.pdf", "calibration.pdf"} <= {pdf.name for pdf in pdfs}
    titles = {}
    for pdf in pdfs:
        reader = PdfReader(pdf)
        info = reader.metadata
        assert info.get("/Title", "").strip() and info.get("/Creator", "").startswith("kitpress "), (pdf.name, info)
        assert reader.trailer["/Root"].get("/Lang") == lang, (pdf.name, reader.trailer["/Root"].get("/Lang"))
        titles[pdf.name] = info["/Title"]
    # each component keeps its own title, even when rewritten once per table
    components = [title for name, title in titles.items() if name not in ("kit.pdf", "plan.pdf", "calibration.pdf")]
    assert len(set(components)) == len(components), titles

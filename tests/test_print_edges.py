"""Nothing is printed where a home printer cannot reach: every page of every PDF is rasterised
(pypdfium2) and a band along each paper edge must be white. `--edge` moves that band; document
margins inside it are an error; `--board fit` prints each sheet on one page and says its scale."""

import re
from pathlib import Path

import pypdf
import pytest
from PIL import Image, ImageChops

from kitpress.build.pipeline import BuildOptions, Project, build_game
from kitpress.errors import KitpressError

pdfium = pytest.importorskip("pypdfium2")

ROOT = Path(__file__).resolve().parent.parent
GAME = "state-in-class"
FILES = [
    "plan.pdf",
    "guide.pdf",
    "board.pdf",
    "cards.pdf",
    "tokens.pdf",
    "score-sheet.pdf",
    "rules.pdf",
    "calibration.pdf",
    "kit.pdf",
]
DPI = 100
DEFAULT_BAND_MM = 6.0  # the default edge is 6.35 mm; a little less leaves room for anti-aliasing
NEAR_WHITE = 250  # a pixel whose darkest channel is above this may be an anti-aliasing fringe
FRINGE_ALLOWED = 2


@pytest.fixture(scope="module")
def kit(tmp_path_factory):
    """kit(paper, **options) -> the built folder; each distinct build is made once."""
    built = {}

    def make(paper: str, game: str = GAME, **options) -> Path:
        key = (paper, game, tuple(sorted(options.items())))
        if key not in built:
            out = tmp_path_factory.mktemp(f"kit-{paper}")
            built[key], _, _ = build_game(Project(ROOT), game, BuildOptions(paper=paper, out=out, **options))
        return built[key]

    return make


def rendered(path: Path, dpi: int = DPI):
    """Every page of a PDF as an RGB image."""
    pdf = pdfium.PdfDocument(str(path))
    try:
        for index in range(len(pdf)):
            yield index + 1, pdf[index].render(scale=dpi / 72).to_pil().convert("RGB")
    finally:
        pdf.close()


def darkest_channel(image: Image.Image) -> Image.Image:
    r, g, b = image.split()
    return ImageChops.darker(ImageChops.darker(r, g), b)


def edge_band(image: Image.Image, band_mm: float, dpi: int = DPI) -> tuple[int, int]:
    """(pixels at or below NEAR_WHITE, pixels above it but not pure white) in the band of
    `band_mm` along all four edges."""
    width, height = image.size
    px = round(band_mm * dpi / 25.4)
    dark = darkest_channel(image)
    marked, fringe = 0, 0
    boxes = ((0, 0, width, px), (0, height - px, width, height), (0, px, px, height - px), (width - px, px, width, height - px))
    for box in boxes:
        histogram = dark.crop(box).histogram()
        marked += sum(histogram[: NEAR_WHITE + 1])
        fringe += sum(histogram[NEAR_WHITE + 1 : 255])
    return marked, fringe


def assert_band_white(folder: Path, names, band_mm: float) -> int:
    checked = 0
    for name in names:
        for page, image in rendered(folder / name):
            assert darkest_channel(image).getextrema()[0] < 128, f"{name} page {page} is blank"
            marked, fringe = edge_band(image, band_mm)
            assert marked == 0 and fringe <= FRINGE_ALLOWED, f"{name} page {page}: {marked} marked, {fringe} fringe px"
            checked += 1
    return checked


# -- the default edge ----------------------------------------------------------------------------


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_nothing_prints_in_the_default_edge(kit, paper):
    folder = kit(paper)
    assert sorted(p.name for p in folder.glob("*.pdf")) == sorted(FILES)
    pages = sum(len(pypdf.PdfReader(folder / name).pages) for name in FILES)
    assert assert_band_white(folder, FILES, DEFAULT_BAND_MM) == pages


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_nothing_of_class_struggle_prints_in_the_default_edge(kit, paper):
    """Its board tiles, dice nets and their glue tabs, standees and counters included."""
    folder = kit(paper, "class-struggle")
    names = sorted(p.name for p in folder.glob("*.pdf"))
    assert {"board.pdf", "dice.pdf", "pieces.pdf", "counters.pdf"} <= set(names)
    assert assert_band_white(folder, names, DEFAULT_BAND_MM) > 0


def test_the_band_check_sees_ink_near_the_edge(kit):
    """The check is not vacuous: the tiled board's cut lines sit just inside the 6.35 mm edge."""
    folder = kit("a4")
    marked = [edge_band(image, 6.35 + 0.6)[0] for _, image in rendered(folder / "board.pdf")]
    assert all(m > 0 for m in marked), marked


# -- --edge 12 -----------------------------------------------------------------------------------


def test_a_wider_edge_moves_everything_inward(kit):
    default, wide = kit("a4"), kit("a4", edge=12)
    for name in ("cards.pdf", "board.pdf"):  # at the default edge both print inside 11.5 mm ...
        assert any(edge_band(image, 11.5)[0] for _, image in rendered(default / name)), name
    assert len(pypdf.PdfReader(wide / "cards.pdf").pages) > 0
    assert_band_white(wide, FILES, 11.5)  # ... with --edge 12, nothing does


def test_document_margins_inside_the_edge_are_an_error(tmp_path, monkeypatch):
    """The guide's 14 mm margins, inherited from layouts/common/document.yaml, against a 15 mm
    edge: the problem is placed where the margins are written."""
    monkeypatch.chdir(ROOT)
    out = tmp_path / "out"
    with pytest.raises(KitpressError) as info:
        build_game(Project(ROOT), GAME, BuildOptions(paper="a4", out=out, edge=15))
    matching = [str(p) for p in info.value.problems if "layout guide" in p.message and "margins closer than" in p.message]
    assert matching, str(info.value)
    margins_line = 1 + (ROOT / "layouts/common/document.yaml").read_text(encoding="utf-8").splitlines().index("margins: 14mm")
    assert matching[0].startswith(f"layouts/common/document.yaml:{margins_line}:"), matching[0]
    assert "15" in matching[0]
    assert not out.exists()


# -- --board fit ---------------------------------------------------------------------------------


def longest_dark_run_mm(image: Image.Image, dpi: int) -> float:
    dark = darkest_channel(image).point(lambda v: 255 if v < 128 else 0)
    width, height = dark.size
    data = dark.tobytes()
    best = 0
    for y in range(height):
        for run in re.finditer(rb"\xff+", data[y * width : (y + 1) * width]):
            best = max(best, len(run.group()))
    return best * 25.4 / dpi


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_board_fit_prints_each_sheet_on_one_page_and_says_its_scale(kit, paper):
    folder = kit(paper, board="fit")
    reader = pypdf.PdfReader(folder / "board.pdf")
    assert len(reader.pages) == 2
    percents = []
    for page in reader.pages:
        text = re.sub(r"\s+", " ", page.extract_text())
        found = re.search(r"printed at (\d+(?:\.\d+)?) ?%", text)
        assert found, text[-300:]
        percents.append(float(found.group(1)))
    assert_band_white(folder, ["board.pdf"], DEFAULT_BAND_MM)

    # the percentage is what was drawn: the longest rule on sheet 1, against the same rule at 1:1 on A3
    dpi = 200
    fitted = longest_dark_run_mm(next(rendered(folder / "board.pdf", dpi))[1], dpi)
    full = longest_dark_run_mm(next(rendered(kit("a3") / "board.pdf", dpi))[1], dpi)
    assert full > 300, full  # a long rule exists at full size
    assert 100 * fitted / full == pytest.approx(percents[0], abs=1.0), (fitted, full, percents)


def ink_in_edge(pdf: Path, edge_mm: float, dpi: int = 1200) -> list[tuple[int, str]]:
    """(page, side) of every page whose ink reaches into the band of `edge_mm` along a side,
    rendered at `dpi` (0.02 mm a pixel) over just that band: a stroke whose half-width crosses
    the line shows here, as it did not at 100 dpi."""
    band = (edge_mm - 0.03) * 72 / 25.4  # less a pixel and a half: the anti-aliased fringe of ink that ends on the line
    found = []
    document = pdfium.PdfDocument(str(pdf))
    try:
        for index in range(len(document)):
            page = document[index]
            w, h = page.get_size()
            sides = {"left": (0, 0, w - band, 0), "right": (w - band, 0, 0, 0), "bottom": (0, 0, 0, h - band), "top": (0, h - band, 0, 0)}
            for side, crop in sides.items():
                if page.render(scale=dpi / 72, crop=crop).to_pil().convert("L").getextrema()[0] < 255:
                    found.append((index + 1, side))
    finally:
        document.close()
    return found


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_stroke_of_a_tiled_board_or_the_printer_check_reaches_into_the_edge(kit, paper):
    folder = kit(paper)
    for name in ("board.pdf", "calibration.pdf", "cards.pdf"):
        assert ink_in_edge(folder / name, 6.35) == [], name

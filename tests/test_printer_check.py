"""The printer check and --back-offset agree, measured on the printed pages: a back offset is a
correction as seen from the front, through the sheet (+ right, + up), so a cross seen at
(+a, +b) is corrected by --back-offset -a,-b, for the card backs and the check's own cross."""

from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageOps

from kitpress.build import printers
from kitpress.build.pipeline import BuildOptions, Project, build_game
from kitpress.errors import KitpressError

REPO = Path(__file__).resolve().parents[1]
PX_PER_MM = 10  # 254 dpi: every tenth of a millimetre a pixel, and 1.5 mm exactly 15 of them


def seen_from_front(pdf: Path, page: int, flip: str) -> Image.Image:
    """A back page as it shows through the sheet from the front, ink white on black: turned
    on the long edge, its x runs the other way; on the short edge, its y."""
    document = pdfium.PdfDocument(str(pdf))
    try:
        image = document[page].render(scale=PX_PER_MM * 25.4 / 72).to_pil().convert("L")
    finally:
        document.close()
    image = ImageOps.invert(image)
    return ImageOps.mirror(image) if flip == "long" else ImageOps.flip(image)


def profile(image: Image.Image, axis: str) -> list[float]:
    """The ink in each column (axis x) or row (axis y)."""
    size = (image.width, 1) if axis == "x" else (1, image.height)
    return list(image.resize(size, Image.BOX).tobytes())  # 8-bit greys: one byte a pixel


def shift(before: list[float], after: list[float], reach: int = 40) -> int:
    """By how many pixels `after` is `before` moved (the best match within `reach`)."""

    def mismatch(d: int) -> float:
        return sum(abs(after[i] - before[i - d]) for i in range(reach, len(after) - reach))

    return min(range(-reach, reach + 1), key=mismatch)


def moved_mm(plain: Image.Image, moved: Image.Image) -> tuple[float, float]:
    """How far the ink moved, in mm: + to the right and + up, as the front's scales read."""
    dx = shift(profile(plain, "x"), profile(moved, "x"))
    dy = shift(profile(plain, "y"), profile(moved, "y"))
    return dx / PX_PER_MM, -dy / PX_PER_MM  # a raster's rows run down


@pytest.fixture(scope="module")
def kits(tmp_path_factory):
    out = tmp_path_factory.mktemp("check")
    made = {}
    for name, options in {
        "plain": {},
        "moved": {"back_offset": (1.5, 0.5)},
        "short": {"flip": "short"},
        "short-moved": {"flip": "short", "back_offset": (1.5, 0.5)},
    }.items():
        made[name], _, _ = build_game(Project(REPO), "state-in-class", BuildOptions(out=out / name, **options))
    return made


@pytest.mark.parametrize("flip, plain, moved", [("long", "plain", "moved"), ("short", "short", "short-moved")])
def test_card_backs_move_as_the_offset_says_seen_from_the_front(kits, flip, plain, moved):
    backs = 1  # cards.pdf: a fronts page, then its backs
    before = seen_from_front(kits[plain] / "cards.pdf", backs, flip)
    after = seen_from_front(kits[moved] / "cards.pdf", backs, flip)
    assert moved_mm(before, after) == (1.5, 0.5)


@pytest.mark.parametrize("flip, plain, moved", [("long", "plain", "moved"), ("short", "short", "short-moved")])
def test_the_printer_checks_cross_moves_with_the_offset(kits, flip, plain, moved):
    before = seen_from_front(kits[plain] / "calibration.pdf", 1, flip)
    after = seen_from_front(kits[moved] / "calibration.pdf", 1, flip)
    middle = (0, 30 * PX_PER_MM, before.width, before.height - 30 * PX_PER_MM)  # the cross, not the caption at the foot
    assert moved_mm(before.crop(middle), after.crop(middle)) == (1.5, 0.5)


@pytest.mark.parametrize("flip", ["long", "short"])
def test_with_no_offset_the_cross_sits_behind_the_scales_zero(kits, flip):
    """The cross on the back and the scales' 0, 0 on the front are one point of the sheet."""
    folder = kits["plain" if flip == "long" else "short"]
    back = seen_from_front(folder / "calibration.pdf", 1, flip)
    cx = _darkest(profile(back, "x"))  # the cross's upright arm: 28 mm of ink in one column
    arm = back.crop((cx + 5 * PX_PER_MM, 0, cx + 12 * PX_PER_MM, back.height))  # its right arm, and nothing else of it
    cy = _darkest(profile(arm, "y"))
    front = ImageOps.invert(_page(folder / "calibration.pdf", 0))
    reach = 3 * PX_PER_MM  # around that point on the front: the scales' zero lines, the longest lines there
    window = front.crop((cx - reach, cy - reach, cx + reach + 1, cy + reach + 1))
    zero = (cx - reach + _darkest(profile(window, "x")), cy - reach + _darkest(profile(window, "y")))
    assert abs(zero[0] - cx) <= 1 and abs(zero[1] - cy) <= 1, ((cx, cy), zero)


def _page(pdf: Path, index: int) -> Image.Image:
    document = pdfium.PdfDocument(str(pdf))
    try:
        return document[index].render(scale=PX_PER_MM * 25.4 / 72).to_pil().convert("L")
    finally:
        document.close()


def _darkest(values: list[float]) -> int:
    return max(range(len(values)), key=values.__getitem__)


def test_the_sheet_says_how_to_read_the_cross_and_what_to_do_on_a_short_edge_printer(kits):
    from pypdf import PdfReader

    text = PdfReader(kits["plain"] / "calibration.pdf").pages[0].extract_text()
    assert "--back-offset -1.5,0.5" in text and "+1.5 across" in text
    assert "--flip short" in text
    moved = PdfReader(kits["moved"] / "calibration.pdf").pages[0].extract_text()
    assert "Built with --back-offset 1.5,0.5" in moved


def test_the_ten_millimetre_square_measures_ten_millimetres_of_ink(kits):
    """The ruler's square, measured outside its stroke, at 40 pixels a millimetre."""
    document = pdfium.PdfDocument(str(kits["plain"] / "calibration.pdf"))
    try:
        page = document[0]
        text = page.get_textpage()
        search, starts = text.search("10 mm"), []
        while (found := search.get_next()) is not None:
            starts.append(found[0])
        boxes = [(text.get_charbox(i), text.get_charbox(i + 4)) for i in starts]
        # the square's label is the smallest "10 mm" (the instructions say it too, in body text)
        first, last = min(boxes, key=lambda pair: pair[0][3] - pair[0][1])
        cx, cy = (first[0] + last[2]) / 2, (first[1] + first[3]) / 2  # the label is centred in the square
        box = 16 * 72 / 25.4 / 2
        w, h = page.get_size()
        crop = (cx - box, cy - box, w - cx - box, h - cy - box)
        image = ImageOps.invert(page.render(scale=40 * 25.4 / 72, crop=crop).to_pil().convert("L"))
    finally:
        document.close()
    for axis in ("x", "y"):
        ink = profile(image, axis)
        edge = max(ink) / 2  # half the ink of a side of the square: where its anti-aliased stroke ends
        inked = [i for i, v in enumerate(ink) if v >= edge]
        assert abs((inked[-1] - inked[0] + 1) / 40 - 10.0) <= 0.05, (axis, inked[0], inked[-1])


# -- saved printers ---------------------------------------------------------------------------


def test_an_offset_saved_under_the_old_meaning_is_refused_with_what_to_do(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    settings = tmp_path / "kitpress/printers.yaml"
    settings.parent.mkdir()
    settings.write_text("office:\n  back_offset: -1.5,0.5\n", encoding="utf-8")
    with pytest.raises(KitpressError) as info:
        printers.load("office")
    problem = info.value.problems[0]
    assert problem.loc.path == str(settings) and (problem.loc.line, problem.loc.col) == (2, 16)
    assert "kitpress printer save office --back-offset -1.5,0.5" in problem.message


def test_a_saved_printer_keeps_its_offset_and_flip_and_the_others(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    printers.save("office", printers.Printer((-1.5, 0.5), "short"))
    printers.save("library", printers.Printer((2.0, 0.0)))
    assert printers.load("office") == printers.Printer((-1.5, 0.5), "short")
    assert printers.load("library") == printers.Printer((2.0, 0.0), "long")


@pytest.mark.parametrize(
    "text",
    [
        "office: [\n",  # not YAML
        "- office\n",  # a list
        "just words\n",  # a string
        "office: !!python/object/apply:os.system ['true']\n",  # a tag
    ],
    ids=["bad-yaml", "list", "string", "python-tag"],
)
def test_a_broken_printers_file_is_a_located_error_and_never_written_over(tmp_path, monkeypatch, text):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    settings = tmp_path / "kitpress/printers.yaml"
    settings.parent.mkdir()
    settings.write_text(text, encoding="utf-8")
    for call in (lambda: printers.load("office"), lambda: printers.save("office", printers.Printer())):
        with pytest.raises(KitpressError) as info:
            call()
        assert info.value.problems[0].loc.path == str(settings)
    assert settings.read_text(encoding="utf-8") == text


@pytest.mark.parametrize("text", ["nan,nan", "inf,0", "1e3,0", "1.5", "1,2,3", "²,1", "16,0", "0x1,0"])
def test_offsets_are_two_finite_small_numbers(text):
    with pytest.raises(KitpressError) as info:
        printers.parse_offset(text)
    assert str(info.value.problems[0].loc) == "--back-offset"


def test_the_sheets_minus_sign_is_read_as_minus():
    assert printers.parse_offset("\u22121.5, +0.5") == (-1.5, 0.5)

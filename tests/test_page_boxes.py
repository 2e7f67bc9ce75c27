"""Every page of a built kit says where it is cut: its TrimBox and BleedBox (and ArtBox), read
back from the PDFs with pikepdf and checked against what the page draws — the crop marks' and
the colours' pixels, the clip and the dashed cut line in its content stream — never against
kitpress's own numbers. Also the bleed of a butted deck's part-filled last sheet, and the cut
lines: 0.25 pt hairlines, or none with --cut-lines none. Builds the fixture game three times."""

import shutil
from pathlib import Path

import pikepdf
import pypdfium2
import pytest

from kitpress.build.pipeline import BuildOptions, Project, build_game

ROOT = Path(__file__).resolve().parents[1]
MM = 72 / 25.4
DPI = 300
PX = 72 / DPI  # points a pixel
NEAR = 0.15 * MM  # a line found from pixels is within a pixel (0.085 mm) and its antialiasing of where it is drawn
LAYOUT_BLEED = 3 * MM  # what tests/fixture/layouts/mini/card-front.yaml and card-back.yaml ask for
DIE_COLOURS = ("#c62828", "#1565c0", "#2e7d32", "#f9a825", "#6a1b9a", "#00838f")  # the butted copy's die faces, 1 to 6


def _project(base: Path, butted: bool) -> Path:
    root = base / ("butted" if butted else "plain")
    shutil.copytree(ROOT / "tests" / "fixture", root)
    shutil.copytree(ROOT / "layouts" / "common", root / "layouts" / "common")
    if butted:  # the cards butted (six to a sheet, 2 x 3), and seven of them: a full sheet and a last sheet of one
        for name in ("card-front", "card-back"):
            path = root / "layouts" / "mini" / f"{name}.yaml"
            path.write_text(path.read_text(encoding="utf-8").replace("bleed: 3mm\n", "bleed: 3mm\ngutter: 0\n"), encoding="utf-8")
        die_face = root / "layouts" / "mini" / "die-face.yaml"  # each face its own colour, bleeding 2 mm
        colours = ", ".join(f"'{c}'" for c in DIE_COLOURS)
        die_face.write_text(
            die_face.read_text(encoding="utf-8").replace(
                "size: 25mm x 25mm\nshapes:\n  - {id: face, at: trim, fill: paper}",
                f"size: 25mm x 25mm\nbleed: 2mm\nshapes:\n  - {{id: face, at: bleed, fill: \"{{{{ [{colours}][index] }}}}\"}}",
            ),
            encoding="utf-8",
        )
        cards = root / "content" / "mini" / "cards.yaml"
        more = "".join(f"  - {{id: gust-{n}, title: Gust {n}, text: Calm.}}\n" for n in range(4))
        cards.write_text(cards.read_text(encoding="utf-8").replace("chips:", more + "chips:"), encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def kits(tmp_path_factory) -> dict[str, Path]:
    """The fixture's kit as it comes; with --cut-lines none and two tables; and with its cards butted."""
    base = tmp_path_factory.mktemp("boxes")
    plain, butted = _project(base, False), _project(base, True)
    return {
        "plain": build_game(Project(plain), "mini", BuildOptions(out=base / "out-plain")).folder,
        "none": build_game(Project(plain), "mini", BuildOptions(out=base / "out-none", cut_lines="none", tables=2)).folder,
        "butted": build_game(Project(butted), "mini", BuildOptions(out=base / "out-butted")).folder,
    }


def boxes(page: pikepdf.Page) -> dict[str, tuple[float, ...] | None]:
    return {name: tuple(float(v) for v in page.obj[f"/{name}"]) if f"/{name}" in page.obj else None for name in BOX_NAMES}


BOX_NAMES = ("MediaBox", "TrimBox", "BleedBox", "ArtBox")


def inside(inner, outer, slack: float = 1e-3) -> bool:
    return all(inner[i] >= outer[i] - slack for i in (0, 1)) and all(inner[i] <= outer[i] + slack for i in (2, 3))


def picture(pdf: Path, index: int):
    """A page at 300 dpi in RGB, and its height in points (to turn rows into PDF y)."""
    document = pypdfium2.PdfDocument(str(pdf))
    page = document[index]
    return page.render(scale=DPI / 72).to_pil().convert("RGB"), page.get_height()


def runs(flags: list[bool]) -> list[float]:
    """The middle of each run of True, in pixels."""
    out, start = [], None
    for i, flag in enumerate([*flags, False]):
        if flag and start is None:
            start = i
        elif not flag and start is not None:
            out.append((start + i - 1) / 2)
            start = None
    return out


def dark(pixel) -> bool:
    return max(pixel) < 200  # a crop mark's ink, antialiased: 0.25 pt is about a pixel at 300 dpi


def coloured(pixel) -> bool:
    return min(pixel) < 245  # anything printed, white aside


def cuts_from_marks(pdf: Path, index: int, bleed_box) -> tuple[list[float], list[float]]:
    """Where the crop marks say to cut, in points: the x of each vertical mark in the strip above
    the cards, the y of each horizontal mark in the strip to their right (the margin note is on
    the left). The strips start just outside the bleed box, where the marks start."""
    image, height = picture(pdf, index)
    top_row = round((height - bleed_box[3] - 8 * MM) / PX), round((height - bleed_box[3] - 0.5 * MM) / PX)
    right_col = round((bleed_box[2] + 0.5 * MM) / PX), round((bleed_box[2] + 8 * MM) / PX)
    pixels = image.load()
    columns = [any(dark(pixels[x, y]) for y in range(*top_row)) for x in range(image.width)]
    rows = [any(dark(pixels[x, y]) for x in range(*right_col)) for y in range(image.height)]
    return [(c + 0.5) * PX for c in runs(columns)], [height - (r + 0.5) * PX for r in runs(rows)]


def card_pages(pdf: Path) -> list[int]:
    """The pages of a cards file that have crop marks (not the round chips' sheet)."""
    with pikepdf.open(pdf) as document:
        return [i for i, page in enumerate(document.pages) if _has_marks(page)]


def _has_marks(page) -> bool:
    return any(str(op) == "l" for _, op in pikepdf.parse_content_stream(page))


def test_every_page_has_its_trim_inside_its_bleed_inside_its_paper(kits):
    checked = 0
    for folder in kits.values():
        for pdf in sorted(folder.glob("*.pdf")):
            with pikepdf.open(pdf) as document:
                for number, page in enumerate(document.pages, 1):
                    box = boxes(page)
                    where = f"{folder.name}/{pdf.name} page {number}"
                    assert box["TrimBox"] and box["BleedBox"], f"{where}: no TrimBox or BleedBox"
                    assert inside(box["TrimBox"], box["BleedBox"]) and inside(box["BleedBox"], box["MediaBox"]), (where, box)
                    assert box["ArtBox"] is None or inside(box["ArtBox"], box["MediaBox"]), (where, box)
                    checked += 1
    assert checked > 20


def test_kit_pdf_and_every_tables_copy_keep_each_pages_boxes(kits):
    with pikepdf.open(kits["plain"] / "cards.pdf") as one, pikepdf.open(kits["none"] / "cards.pdf") as two:
        alone = [boxes(p) for p in one.pages]
        assert [boxes(p) for p in two.pages] == alone + alone  # table 1, then table 2
    with pikepdf.open(kits["plain"] / "kit.pdf") as kit:
        every = [boxes(p) for p in kit.pages]
    assert all(any(b == page for page in every) for b in alone)


def test_a_card_sheets_trim_box_is_where_its_crop_marks_say_to_cut(kits):
    measured = 0
    for folder in (kits["plain"], kits["butted"]):
        pdf = folder / "cards.pdf"
        with pikepdf.open(pdf) as document:
            pages = [boxes(p) for p in document.pages]
        for index in card_pages(pdf):
            trim, bleed, art = pages[index]["TrimBox"], pages[index]["BleedBox"], pages[index]["ArtBox"]
            xs, ys = cuts_from_marks(pdf, index, bleed)
            assert len(xs) >= 2 and len(ys) >= 2, f"{pdf} page {index + 1}: no crop marks found"
            assert (min(xs), min(ys), max(xs), max(ys)) == pytest.approx(trim, abs=NEAR), f"{folder.name} page {index + 1}"
            grown = (trim[0] - LAYOUT_BLEED, trim[1] - LAYOUT_BLEED, trim[2] + LAYOUT_BLEED, trim[3] + LAYOUT_BLEED)
            assert bleed == pytest.approx(grown)
            assert art[2] > bleed[2] + 1 * MM and art[3] > bleed[3] + 1 * MM  # the marks, outside the bleed, are in the art
            measured += 1
    assert measured == 2 + 4  # plain: fronts and backs; butted: two sheets of each


def test_a_sheet_of_round_pieces_is_trimmed_round_its_circles(kits):
    pdf = kits["plain"] / "cards.pdf"
    with pikepdf.open(pdf) as document:
        index = next(i for i in range(len(document.pages)) if i not in card_pages(pdf))
        trim = boxes(document.pages[index])["TrimBox"]
    image, height = picture(pdf, index)
    left, top, right, bottom = image.convert("L").point(lambda v: 255 if v < 250 else 0).getbbox()  # every printed pixel
    assert (left * PX, height - bottom * PX, right * PX, height - top * PX) == pytest.approx(trim, abs=NEAR)


def _band_row(trim, height: float) -> int:
    """A pixel row through the cards' coloured band, 2 mm below the sheet's top trim (above the title)."""
    return round((height - trim[3] + 2 * MM) / PX)


def test_a_butted_card_beside_an_empty_slot_is_coloured_into_its_bleed(kits):
    """The last sheet of the butted deck holds one card, top left: its band runs past its right
    trim, next to the empty slot, as far as the bleed (3 mm) and no further; its back, alone
    behind it, bleeds the same all round."""
    pdf = kits["butted"] / "cards.pdf"
    with pikepdf.open(pdf) as document:
        pages = [boxes(p) for p in document.pages]
    last_front, last_back = card_pages(pdf)[2:4]
    for index in (last_front, last_back):
        xs, ys = cuts_from_marks(pdf, index, pages[index]["BleedBox"])
        assert len(xs) == 2 and len(ys) == 2  # one card: its four cut lines marked, the empty slots' none
        image, height = picture(pdf, index)
        pixels, row = image.load(), _band_row(pages[index]["TrimBox"], height)
        printed = [c for c in range(image.width) if coloured(pixels[c, row])]
        # the card's colour along its band's row: from its left bleed to its right bleed, unbroken
        assert runs([coloured(pixels[c, row]) for c in range(image.width)]) and len(printed) == printed[-1] - printed[0] + 1
        assert printed[0] * PX == pytest.approx(min(xs) - LAYOUT_BLEED, abs=NEAR)
        assert (printed[-1] + 1) * PX == pytest.approx(max(xs) + LAYOUT_BLEED, abs=NEAR)  # past the trim beside the empty slot


def test_on_a_full_butted_sheet_the_bleed_stays_outside_and_cards_meet_on_their_cut(kits):
    pdf = kits["butted"] / "cards.pdf"
    with pikepdf.open(pdf) as document:
        first = boxes(document.pages[0])
    xs, _ = cuts_from_marks(pdf, 0, first["BleedBox"])
    assert len(xs) == 3  # two butted columns: three cut lines, the middle one shared
    image, height = picture(pdf, 0)
    pixels, row = image.load(), _band_row(first["TrimBox"], height)
    printed = [c for c in range(image.width) if coloured(pixels[c, row])]
    assert printed[0] * PX == pytest.approx(first["BleedBox"][0], abs=NEAR)
    assert (printed[-1] + 1) * PX == pytest.approx(first["BleedBox"][2], abs=NEAR)


def _stroked(page) -> tuple[list[tuple[float, tuple]], list[tuple[float, tuple]]]:
    """The rectangles and straight lines a page's own content strokes, each with the line width
    and the stroke colour it is stroked with."""
    width, colour, path, rects, lines = 1.0, (0.0,), [], [], []
    for operands, operator in pikepdf.parse_content_stream(page):
        op = str(operator)
        if op == "w":
            width = float(operands[0])
        elif op in ("RG", "G"):
            colour = tuple(float(v) for v in operands)
        elif op in ("re", "l"):
            path.append(op)
        elif op in ("S", "s", "B", "b"):
            rects += [(width, colour)] * path.count("re")
            lines += [(width, colour)] * path.count("l")
            path = []
        elif op in ("n", "f", "F", "f*"):  # a clip (W) keeps its path until the n that ends it
            path = []
    return rects, lines


def _grey(colour: tuple) -> bool:
    return len(colour) == 3 and max(colour) - min(colour) < 0.01 and 0.3 < colour[0] < 0.9


def test_cut_lines_are_hairlines_on_each_card_and_cut_lines_none_leaves_only_the_marks(kits):
    with pikepdf.open(kits["plain"] / "cards.pdf") as plain, pikepdf.open(kits["none"] / "cards.pdf") as none:
        rects, lines = _stroked(plain.pages[0])
        bare_rects, bare_lines = _stroked(none.pages[0])
    cut_lines = [width for width, colour in rects if _grey(colour)]
    assert cut_lines == [0.25] * 3  # the first sheet's three cards, each its 0.25 pt grey trim
    assert lines and {width for width, _ in lines} == {0.25}  # the crop marks
    assert not [c for _, c in bare_rects if _grey(c)] and len(bare_lines) == len(lines)


def test_a_board_piece_is_trimmed_on_its_dashed_cut_line_and_bleeds_where_it_prints(kits):
    """The trim is the dashed rectangle the page strokes; the bleed the clip its board is drawn
    in, which reaches past the window on a piece's left edge where it is glued over its neighbour."""
    with pikepdf.open(kits["plain"] / "board.pdf") as document:
        wider = 0
        for page in document.pages:
            clip, dashed, dash, last_rect = None, None, [], None
            for operands, operator in pikepdf.parse_content_stream(page):
                op = str(operator)
                if op == "d":
                    dash = list(operands[0])
                elif op == "re":
                    x, y, w, h = (float(v) for v in operands)
                    last_rect = (x, y, x + w, y + h)
                elif op in ("W", "W*") and clip is None:
                    clip = last_rect
                elif op == "S" and dash and dashed is None:
                    dashed = last_rect
            box = boxes(page)
            assert box["TrimBox"] == pytest.approx(dashed, abs=0.01) and box["BleedBox"] == pytest.approx(clip, abs=0.01)
            wider += box["BleedBox"][0] < box["TrimBox"][0] - 0.01
    assert wider == 1  # the right-hand piece of two


def test_a_document_is_trimmed_on_its_paper_and_its_text_is_inside_its_art(kits):
    pdf = kits["plain"] / "rules.pdf"
    with pikepdf.open(pdf) as document:
        pages = [boxes(p) for p in document.pages]
    text = pypdfium2.PdfDocument(str(pdf))
    for index, box in enumerate(pages):
        assert box["TrimBox"] == box["BleedBox"] == box["MediaBox"]
        art, chars = box["ArtBox"], text[index].get_textpage()
        assert chars.count_chars() > 50
        for i in range(chars.count_chars()):
            left, bottom, right, top = chars.get_charbox(i)
            if right > left:  # a space has no box
                assert inside((left, bottom, right, top), art, slack=0.5), (index + 1, chars.get_text_range(i, 1))


def test_a_die_nets_face_bleeds_past_its_cut_side_and_never_across_a_fold(kits):
    """The fixture's d6 (tests/fixture/layouts/mini/die.yaml: at 40, 40 mm, faces of 25 mm), each
    face its own colour with 2 mm of bleed. Across the cross's middle row, faces 3, 2 and 4: face
    3 prints 2 mm past its cut left side, face 4 past its cut right side, and each colour stops
    at the folds between them (drawn in order, face 3 would otherwise run 2 mm onto face 2)."""
    image, height = picture(kits["butted"] / "die.pdf", 0)
    pixels, row = image.load(), round((40 + 25 + 3) * MM / PX)  # 3 mm below the row's top
    target = {value: tuple(int(c[i : i + 2], 16) for i in (1, 3, 5)) for value, c in enumerate(DIE_COLOURS, 1)}
    found: dict[int, list[float]] = {}
    for column in range(image.width):
        pixel = pixels[column, row]
        for value, colour in target.items():
            if max(abs(a - b) for a, b in zip(pixel, colour)) < 12:
                found.setdefault(value, []).append(column * PX / MM)
    assert set(found) == {2, 3, 4}
    extent = {value: (min(xs), max(xs) + PX / MM) for value, xs in found.items()}
    near = 0.25  # mm: a pixel, and half the 0.5 pt fold line drawn over each fold
    assert extent[3] == pytest.approx((40 - 2, 65), abs=near)  # its left side is cut: 2 mm of bleed
    assert extent[2] == pytest.approx((65, 90), abs=near)  # folded on both sides: its own square
    assert extent[4] == pytest.approx((90, 115 + 2), abs=near)

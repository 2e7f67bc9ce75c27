"""kitpress export --to print-shop: every requirement a shop states, read back from the files
(boxes and sizes in millimetres, the PDF/X keys, the output intent, colours operator by
operator, the pixels), and what does not suit a shop said at its place in the layouts."""

import re
import subprocess
import sys
from pathlib import Path

import pikepdf
import pypdfium2
import pytest
from PIL import Image

from kitpress.export import pdfx

KITPRESS = Path(sys.executable).with_name("kitpress")
POKER, BLEED = (63.5, 88.9), 3.0  # the fixture's card-front.yaml: size: poker, bleed: 3mm
PT = 25.4 / 72
needs_profile = pytest.mark.skipif(pdfx.profile_path() is None, reason="no CMYK profile: apt-get install libgs-common")


def export(project: Path, *args: str) -> subprocess.CompletedProcess:
    command = [str(KITPRESS), "export", "mini", "--to", "print-shop", *args]
    return subprocess.run(command, cwd=project, capture_output=True, text=True, timeout=300)


def mm(box) -> list[float]:
    return [round(float(v) * PT, 3) for v in box]


def streams(holder, seen=None):
    """A page's or form's content instructions, and those of every form it places, each with its holder."""
    seen = set() if seen is None else seen
    yield holder, list(pikepdf.parse_content_stream(holder))
    for placed in holder.get("/Resources", {}).get("/XObject", {}).values():
        if placed.get("/Subtype") == "/Form" and placed.objgen not in seen:
            seen.add(placed.objgen)
            yield from streams(placed, seen)


def text_fills(instructions) -> list[tuple[str, tuple]]:
    """The fill colour (operator and operands) in force at each text shown, following q and Q."""
    fill, stack, found = None, [], []
    for operands, operator in instructions:
        name = str(operator)
        if name == "q":
            stack.append(fill)
        elif name == "Q":
            fill = stack.pop() if stack else None
        elif name in ("rg", "g", "k", "sc", "scn"):
            fill = (name, tuple(round(float(v), 4) for v in operands if not isinstance(v, pikepdf.Name)))
        elif name in ("Tj", "TJ", "'", '"') and fill is not None:
            found.append(fill)
    return found


@needs_profile
def test_a_pdfx1a_shop_gets_one_card_a_page_in_cmyk_with_every_key_the_standard_asks(mini_project, tmp_path):
    done = export(mini_project, "--shop", "drivethrucards", "--out", str(tmp_path))
    assert done.returncode == 0, done.stderr
    cards = tmp_path / "cards.pdf"
    assert cards.read_bytes().startswith(b"%PDF-1.4")  # X-1a:2003 is PDF 1.3 or 1.4
    with pikepdf.open(cards) as pdf:
        assert len(pdf.pages) == 2 * 3  # the three cards, each front then back
        bleed = 3.175  # the shop's 1/8 inch, not the layout's 3 mm
        for page in pdf.pages:
            media, trim, bleed_box = mm(page.mediabox), mm(page.trimbox), mm(page.bleedbox)
            assert media[:2] == [0, 0] and media[2:] == pytest.approx([POKER[0] + 2 * bleed, POKER[1] + 2 * bleed], abs=0.01)
            assert trim == pytest.approx([bleed, bleed, bleed + POKER[0], bleed + POKER[1]], abs=0.01)
            assert bleed_box == media  # the whole page is bleed and trim: no marks, no notes
        info = pdf.docinfo
        assert str(info["/GTS_PDFXVersion"]) == "PDF/X-1a:2003" and str(info["/Trapped"]) == "/False"
        assert all(str(info.get(key, "")).startswith("D:") for key in ("/CreationDate", "/ModDate")) and str(info["/Title"])
        assert len(pdf.trailer.ID) == 2
        (intent,) = pdf.Root.OutputIntents
        assert str(intent.S) == "/GTS_PDFX" and str(intent.OutputConditionIdentifier) == "CGATS TR 001"
        profile = intent.DestOutputProfile.read_bytes()
        assert int(intent.DestOutputProfile.N) == 4 and profile[12:16] == b"prtr" and profile[16:20] == b"CMYK"  # ICC header
        fills = set()
        for page in pdf.pages:
            for holder, instructions in streams(page.obj):
                used = {str(op) for _, op in instructions}
                assert not used & {"rg", "RG", "g", "G", "cs", "CS", "sc", "SC", "scn", "SCN", "BI", "sh"}, used
                fills |= set(text_fills(instructions))
                for state in holder.get("/Resources", {}).get("/ExtGState", {}).values():
                    assert float(state.get("/ca", 1)) == 1 and float(state.get("/CA", 1)) == 1  # no transparency
        # the fixture's text is dark grey (as the kit's body text) or white: black ink alone, or none
        assert fills == {("k", (0.0, 0.0, 0.0, 1.0)), ("k", (0.0, 0.0, 0.0, 0.0))}, fills
        for page in pdf.pages:
            for font in page.Resources.get("/Font", {}).values():
                descriptor = font.get("/FontDescriptor") or font.DescendantFonts[0].FontDescriptor
                assert any(key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3"))  # embedded


@needs_profile
def test_cmyk_colours_print_close_to_the_kit_s_colours(mini_project, tmp_path):
    assert export(mini_project, "--shop", "drivethrucards", "--out", str(tmp_path / "x1a")).returncode == 0
    assert export(mini_project, "--out", str(tmp_path / "x4")).returncode == 0  # the default: PDF/X-4, RGB kept
    shown = []
    for folder in ("x1a", "x4"):
        page = pypdfium2.PdfDocument(tmp_path / folder / "cards.pdf")[0]
        image = page.render(scale=2).to_pil().convert("RGB")
        shown.append(image.getpixel((image.width // 2, round(10 / PT * 2))))  # in the band, 10 mm from the page's top
    cmyk, rgb = shown
    assert rgb != (255, 255, 255) and max(abs(a - b) for a, b in zip(cmyk, rgb)) < 40, shown


@needs_profile
def test_the_default_is_pdfx4_with_its_xmp_and_rgb_made_device_independent(mini_project, tmp_path):
    assert export(mini_project, "--out", str(tmp_path)).returncode == 0
    cards = tmp_path / "cards.pdf"
    assert cards.read_bytes().startswith(b"%PDF-1.6")
    with pikepdf.open(cards) as pdf:
        meta = pdf.open_metadata()
        assert meta["pdfxid:GTS_PDFXVersion"] == "PDF/X-4" and str(pdf.docinfo["/GTS_PDFXVersion"]) == "PDF/X-4"
        assert meta["dc:title"] == str(pdf.docinfo["/Title"]) and meta["xmpMM:DocumentID"].startswith("uuid:")
        for page in pdf.pages:
            for holder, instructions in streams(page.obj):
                if any(str(op) in ("rg", "RG") for _, op in instructions):
                    space = holder.Resources.ColorSpace.DefaultRGB
                    assert str(space[0]) == "/ICCBased" and int(space[1].N) == 3
        assert mm(pdf.pages[0].trimbox)[0] == pytest.approx(3.0, abs=0.01)  # this shop's bleed: 3 mm


def test_a_picture_shop_gets_a_png_a_face_at_its_resolution_and_bleed(mini_project, tmp_path):
    done = export(mini_project, "--shop", "the-game-crafter", "--out", str(tmp_path))
    assert done.returncode == 0, done.stderr
    assert sorted(p.name for p in (tmp_path / "cards").iterdir()) == [
        f"{card}-{side}.png" for card in ("east", "north", "south") for side in ("back", "front")
    ]
    image = Image.open(tmp_path / "cards/north-front.png")
    side = [round((length + 2 * 3.175) / 25.4 * 300) for length in POKER]  # 825 × 1125 px: the shop's poker template
    assert side == [825, 1125] and all(abs(a - b) <= 1 for a, b in zip(image.size, side)) and round(image.info["dpi"][0]) == 300


def test_what_does_not_suit_the_shop_is_said_at_its_place_and_strict_writes_nothing(mini_project, tmp_path):
    shops = mini_project / "layouts/common/shops"
    shops.mkdir(parents=True, exist_ok=True)
    (shops / "tight.yaml").write_text(
        "name: Tight\nstandard: png\nbleed: 4mm\nsafe: 5mm\nsizes:\n  poker: 63.5mm x 88.9mm\n", encoding="utf-8"
    )
    layout = (mini_project / "layouts/mini/card-front.yaml").read_text(encoding="utf-8").splitlines()
    bleed_line = next(n for n, line in enumerate(layout, 1) if line.startswith("bleed:"))
    done = export(mini_project, "--shop", "tight", "--out", str(tmp_path / "out"))
    assert done.returncode == 0, done.stderr
    warnings = [line for line in done.stderr.splitlines() if ": warning: " in line]
    assert any(re.match(rf"\S*layouts/mini/card-front.yaml:{bleed_line}:\d+: warning: cards: 3 mm of bleed, and Tight asks 4 mm", w)
               for w in warnings), warnings  # fmt: skip
    assert any("warning: cards: frame 'title' comes 4 mm from the cut; Tight keeps text 5 mm inside it" in w for w in warnings)
    assert any("chips: 20 × 20 mm is not a card size Tight prints (poker 63.5 × 88.9 mm)" in w for w in warnings)
    strict = export(mini_project, "--shop", "tight", "--strict", "--out", str(tmp_path / "strict"))
    assert strict.returncode == 1 and "error: cards: 3 mm of bleed" in strict.stderr
    assert not (tmp_path / "strict").exists()


@pytest.mark.parametrize(
    "shop_file, args, said",
    [
        (None, ["--shop", "kinkos"], "--shop: error: no shop 'kinkos' (kitpress knows drivethrucards, makeplayingcards"),
        ("standard: pdfx9\n", ["--shop", "bad"], "bad.yaml:1:11: error: standard: pdfx9: use pdfx4, pdfx1a, png"),
        ("bleed: 40mm\n", ["--shop", "bad"], "bad.yaml:1:8: error: bleed"),
        ("files: '../x.pdf'\n", ["--shop", "bad"], "bad.yaml:1:8: error: files: a name ending .pdf holding {deck}"),
        (None, ["--shop", "the-game-crafter", "--cmyk"], "--cmyk: error: The Game Crafter takes pictures, which are RGB"),
    ],
)
def test_a_bad_shop_is_said_at_its_place_and_nothing_is_written(mini_project, tmp_path, shop_file, args, said):
    if shop_file is not None:
        shops = mini_project / "layouts/common/shops"
        shops.mkdir(parents=True, exist_ok=True)
        (shops / "bad.yaml").write_text(shop_file, encoding="utf-8")
    done = export(mini_project, *args, "--out", str(tmp_path / "out"))
    assert done.returncode == 1 and said in done.stderr and "Traceback" not in done.stderr, done.stderr
    assert not (tmp_path / "out").exists()

"""Teachers' options: printer check, back offset (and saved printers), tables, ink saver,
and colour that is never the only signal."""

import subprocess
import sys
from pathlib import Path

import pypdfium2 as pdfium
from PIL import ImageChops, ImageStat
from pypdf import PdfReader

from kitpress.build.pipeline import BuildOptions, Project, build_game

REPO = Path(__file__).resolve().parents[1]
KITPRESS = Path(sys.executable).with_name("kitpress")
MM = 72 / 25.4


def build(tmp_path, **options):
    folder, entries, _ = build_game(Project(REPO), "state-in-class", BuildOptions(out=tmp_path, **options))
    return folder, {e.file: e.to_json() for e in entries}


def page_image(pdf: Path, index: int, dpi: int = 100):
    document = pdfium.PdfDocument(str(pdf))
    try:
        return document[index].render(scale=dpi / 72).to_pil().convert("L")
    finally:
        document.close()


def test_every_kit_has_a_plan_a_printer_check_and_one_file_for_one_job(tmp_path):
    folder, files = build(tmp_path)
    plan = PdfReader(folder / "plan.pdf").pages[0].extract_text()
    for name in ("guide.pdf", "board.pdf", "cards.pdf", "calibration.pdf"):
        assert name in plan
    check = PdfReader(folder / "calibration.pdf").pages[0].extract_text()
    assert "100 %" in check and "Duplex test" in check
    assert files["kit.pdf"]["pages"] == sum(e["pages"] for name, e in files.items() if name != "kit.pdf")


def test_back_offset_moves_the_backs_and_nothing_else(tmp_path):
    plain, _ = build(tmp_path / "plain")
    moved, _ = build(tmp_path / "moved", back_offset=(2.0, -1.0))
    dpi = 127  # 5 pixels a millimetre: the moves are whole pixels
    fronts = ImageChops.difference(page_image(plain / "cards.pdf", 0, dpi), page_image(moved / "cards.pdf", 0, dpi))
    assert fronts.getbbox() is None  # the fronts are untouched
    before, after = page_image(plain / "cards.pdf", 1, dpi), page_image(moved / "cards.pdf", 1, dpi)
    # right 2 mm and down 1 mm as seen from the front: on the back page itself (which a long-edge
    # flip mirrors) left 2 mm and down 1 mm; tests/test_printer_check.py measures it through the sheet
    shift = (-round(2.0 * dpi / 25.4), round(1.0 * dpi / 25.4))
    shifted = ImageChops.offset(before, *shift)
    inner = (60, 60, before.width - 60, before.height - 60)  # away from what wraps round the edge
    assert ImageStat.Stat(ImageChops.difference(shifted, after).crop(inner)).mean[0] < 1.0
    assert ImageStat.Stat(ImageChops.difference(before, after).crop(inner)).mean[0] > 1.0


def test_a_saved_printer_offset_is_used_by_later_builds(tmp_path, monkeypatch):
    env = {"XDG_CONFIG_HOME": str(tmp_path / "config"), "PATH": "/usr/bin:/bin"}
    saved = subprocess.run(
        [str(KITPRESS), "printer", "save", "office", "--back-offset", "2,-1"], cwd=REPO, capture_output=True, text=True, env=env
    )
    assert saved.returncode == 0, saved.stderr
    assert "office" in (tmp_path / "config/kitpress/printers.yaml").read_text()
    run = subprocess.run(
        [str(KITPRESS), "build", "state-in-class", "--printer", "office", "--out", str(tmp_path / "a")],
        cwd=REPO,
        capture_output=True,
        text=True,
        env=env,
    )
    assert run.returncode == 0, run.stderr
    direct, _ = build(tmp_path / "b", back_offset=(2.0, -1.0))
    a = tmp_path / "a/state-in-class/en/a4/cards.pdf"
    assert a.read_bytes() == (direct / "cards.pdf").read_bytes()
    unknown = subprocess.run(
        [str(KITPRESS), "build", "state-in-class", "--printer", "nope"], cwd=REPO, capture_output=True, text=True, env=env
    )
    assert unknown.returncode == 1 and "no printer named 'nope'" in unknown.stderr


def test_tables_repeat_every_component_with_its_number(tmp_path):
    single, one = build(tmp_path / "one")
    folder, three = build(tmp_path / "three", tables=3)
    for name in ("guide.pdf", "cards.pdf", "board.pdf"):
        assert three[name]["pages"] == 3 * one[name]["pages"]
        reader = PdfReader(folder / name)
        per_table = one[name]["pages"]
        for table in (1, 2, 3):
            assert f"Table {table}" in reader.pages[(table - 1) * per_table].extract_text()
    assert "Table" not in PdfReader(single / "cards.pdf").pages[0].extract_text()


def test_ink_saver_leaves_no_full_bleed_fill(tmp_path):
    normal, _ = build(tmp_path / "normal")
    saver, _ = build(tmp_path / "saver", ink_saver=True)
    back = 1  # the first backs sheet: a dark, full-bleed design normally
    dark = ImageStat.Stat(page_image(normal / "cards.pdf", back)).mean[0]
    light = ImageStat.Stat(page_image(saver / "cards.pdf", back)).mean[0]
    assert dark < 150 and light > 235  # the normal back is mostly dark ink; the ink saver leaves white


def test_classes_and_decks_differ_in_black_and_white(tmp_path):
    """Rendered in greyscale, the role cards of each class and the three backs still differ by
    their symbol, not only their colour: each class's icon glyph is printed on its cards."""
    from kitpress.typeset import fonts
    from kitpress.content.game import load_game

    folder, _ = build(tmp_path)
    text = "".join(page.extract_text() for page in PdfReader(folder / "cards.pdf").pages)
    game = load_game(REPO / "content/state-in-class")
    for cls in game.data["classes"]:
        family, code = fonts.icon(cls["symbol"])
        assert chr(code) in text, cls["id"]
    backs = [page_image(folder / "cards.pdf", i, 40) for i in (1, 7, 13)]  # role, crossroads, event backs
    for a, b in ((0, 1), (1, 2), (0, 2)):
        assert ImageChops.difference(backs[a], backs[b]).getbbox() is not None

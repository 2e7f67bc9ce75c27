"""Previews: a PNG per page and a contact sheet per deck, rasterised from the real PDFs."""

import subprocess
import sys
from pathlib import Path

from PIL import Image
from pypdf import PdfReader

REPO = Path(__file__).resolve().parents[1]
KITPRESS = Path(sys.executable).with_name("kitpress")


def test_preview_writes_every_page_and_a_contact_sheet_per_deck(tmp_path):
    import shutil

    shutil.copytree(REPO / "content", tmp_path / "content", ignore=shutil.ignore_patterns("soviet-system", "class-struggle"))
    shutil.copytree(REPO / "layouts", tmp_path / "layouts")
    run = subprocess.run([str(KITPRESS), "preview", "state-in-class"], cwd=tmp_path, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    folder = tmp_path / "build/state-in-class/en/a4"
    preview = folder / "preview"
    for pdf in folder.glob("*.pdf"):
        if pdf.stem == "kit":
            continue
        pages = len(PdfReader(pdf).pages)
        assert len(list(preview.glob(f"{pdf.stem}-[0-9][0-9][0-9].png"))) == pages, pdf.name
    sheet = Image.open(preview / "cards-crossroads-contact.png")
    # 12 crossroads cards, 6 to a row: two rows of tarot cards (70 x 120 mm at 100 dpi ~ 276 x 472 px)
    assert sheet.width > 6 * 270 and 2 * 470 < sheet.height < 3 * 470
    assert len(sheet.getcolors(1 << 20) or []) > 50


def test_preview_changed_shows_old_beside_new_for_every_page_a_tax_rate_touches(tmp_path):
    import shutil

    shutil.copytree(REPO / "content", tmp_path / "content", ignore=shutil.ignore_patterns("soviet-system", "class-struggle"))
    shutil.copytree(REPO / "layouts", tmp_path / "layouts")
    first = subprocess.run([str(KITPRESS), "build", "state-in-class"], cwd=tmp_path, capture_output=True, text=True)
    assert first.returncode == 0, first.stderr
    taxes = tmp_path / "content/state-in-class/taxes.yaml"
    old_rates = "rates: {upper: 7, middle: 3, working: 1}"
    assert taxes.read_text().count(old_rates) == 1
    taxes.write_text(taxes.read_text().replace(old_rates, "rates: {upper: 9, middle: 3, working: 1}"))

    run = subprocess.run([str(KITPRESS), "preview", "state-in-class", "--changed"], cwd=tmp_path, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    # the pieces that show the progressive rate, by id, and nothing else
    assert "board.pdf: sheet 2" in run.stdout and "tokens.pdf" in run.stdout and "rules.pdf" in run.stdout, run.stdout
    assert "cards.pdf" not in run.stdout and "guide.pdf" not in run.stdout, run.stdout
    folder = tmp_path / "build/state-in-class/en/a4"
    images = sorted(p.name for p in (folder / "preview").glob("changed-*.png"))
    assert {name.split("-")[1] for name in images} == {"board", "tokens", "rules"}, images
    assert "changed-board-006.png" in images  # the tiled A2 board: only the piece with the tax table
    for name in images:
        sheet = Image.open(folder / "preview" / name).convert("RGB")
        half = sheet.width // 2
        before, after = sheet.crop((0, 40, half, sheet.height)), sheet.crop((half, 40, 2 * half, sheet.height))
        assert before.tobytes() != after.tobytes(), name
        pixels = after.tobytes()
        red = sum(1 for i in range(0, len(pixels), 3) if pixels[i] > 200 and pixels[i + 1] < 40 and pixels[i + 2] < 40)
        assert red > 50, f"{name}: the difference is boxed in red"
    # the old PDFs that were replaced are kept, the unchanged ones are not copied
    assert sorted(p.name for p in (folder / ".previous").glob("*.pdf")) == ["board.pdf", "rules.pdf", "tokens.pdf"]

    again = subprocess.run(
        [str(KITPRESS), "preview", "state-in-class", "--changed"], cwd=tmp_path, capture_output=True, text=True
    )
    assert again.returncode == 0, again.stderr
    assert sorted(p.name for p in (folder / "preview").glob("changed-*.png")) == images  # still the last change

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

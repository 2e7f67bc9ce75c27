"""Previews from the real PDFs: a PNG of every page, and a contact sheet per deck with every
card front in a grid and its id under it. Rasterised with pdfium (pypdfium2, from PyPI)."""

from __future__ import annotations

import math
from pathlib import Path

import pypdfium2 as pdfium
from PIL import Image, ImageDraw, ImageFont

from .cardsheets import deck_grid
from .fonts import FONT_DIR
from .render import Job, Meta
from .scene import Part
from .units import MM, PAPERS

DPI = 72
CARD_DPI = 100


def pages(pdf: Path, dpi: int = DPI) -> list[Image.Image]:
    document = pdfium.PdfDocument(str(pdf))
    try:
        return [document[i].render(scale=dpi / 72).to_pil().convert("RGB") for i in range(len(document))]
    finally:
        document.close()


def write_pages(folder: Path, target: Path, components: list[str] | None = None) -> list[Path]:
    written = []
    for pdf in sorted(folder.glob("*.pdf")):
        if pdf.stem == "kit" or (components and pdf.stem not in components):
            continue
        for number, image in enumerate(pages(pdf), 1):
            path = target / f"{pdf.stem}-{number:03d}.png"
            image.save(path, optimize=True)
            written.append(path)
    return written


def contact_sheets(folder: Path, target: Path, parts: list[Part], paper: str, edge_mm: float, backs: bool = True) -> list[Path]:
    """Every card front of each deck, cut from the rendered sheets, in a grid with its id."""
    written = []
    label = ImageFont.truetype(str(FONT_DIR / "NotoSans-Regular.ttf"), 12)
    for part in parts:
        if part.kind != "cards":
            continue
        sheets = pages(folder / f"{part.component}.pdf", CARD_DPI)
        page = 0
        for deck in part.decks:
            job = Job(PAPERS[paper], edge_mm * MM, Meta("", "", "", "en"), None)
            grid = deck_grid(deck, job)
            crops = []
            for start in range(0, len(deck.fronts), grid.per_sheet):
                image = sheets[page]
                for slot, ident in zip(grid.slots, deck.ids[start : start + grid.per_sheet]):
                    scale = CARD_DPI / 72
                    left = slot.x * scale
                    top = (grid.paper[1] - slot.y - grid.card[1]) * scale
                    box = (round(left), round(top), round(left + grid.card[0] * scale), round(top + grid.card[1] * scale))
                    crops.append((image.crop(box), ident))
                page += 2 if deck.back is not None and backs else 1
            written.append(_sheet(crops, target / f"{part.component}-{deck.name}-contact.png", label))
    return written


def _sheet(crops, path: Path, font) -> Path:
    cols = min(6, len(crops))
    rows = math.ceil(len(crops) / cols)
    cw, ch = crops[0][0].size
    gap, text = 12, 20
    sheet = Image.new("RGB", (cols * (cw + gap) + gap, rows * (ch + text + gap) + gap), "white")
    draw = ImageDraw.Draw(sheet)
    for index, (image, ident) in enumerate(crops):
        x = gap + (index % cols) * (cw + gap)
        y = gap + (index // cols) * (ch + text + gap)
        sheet.paste(image, (x, y))
        draw.rectangle((x - 1, y - 1, x + cw, y + ch), outline=(180, 180, 180))
        draw.text((x, y + ch + 3), ident, fill=(40, 40, 40), font=font)
    sheet.save(path, optimize=True)
    return path

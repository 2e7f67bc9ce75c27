"""Previews from the real PDFs: a PNG of every page, a contact sheet per deck with every card
front in a grid and its id under it, and old beside new for the pages the last build changed.
Rasterised by build/rasters (pdfium)."""

from __future__ import annotations

import math
from pathlib import Path

from PIL import Image, ImageChops, ImageDraw, ImageFont

from kitpress.build import rasters
from kitpress.build.publish import PREVIOUS
from kitpress.compose.scene import Part
from kitpress.render.canvas import Job, Meta
from kitpress.render.cardsheets import deck_grid
from kitpress.typeset.fonts import FONT_DIR
from kitpress.units import MM

DPI = 72
CARD_DPI = 100


def pages(pdf: Path, dpi: int = DPI) -> list[Image.Image]:
    return rasters.render(pdf, scale=dpi / 72)


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


def contact_sheets(
    folder: Path, target: Path, parts: list[Part], paper: tuple[float, float], edge_mm: float, backs: bool = True
) -> list[Path]:
    """Every card front of each deck, cut from the rendered sheets, in a grid with its id."""
    written = []
    label = ImageFont.truetype(str(FONT_DIR / "NotoSans-Regular.ttf"), 12)
    for part in parts:
        if part.kind != "cards":
            continue
        sheets = pages(folder / f"{part.component}.pdf", CARD_DPI)
        page = 0
        for deck in part.decks:
            job = Job(paper, edge_mm * MM, Meta("", "", "", "en"), None)
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
                page += 2 if deck.has_backs and backs else 1
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


def changed_pages(folder: Path, target: Path, components: list[str] | None = None, dpi: int = DPI) -> list[Path]:
    """Old and new side by side for every page the last build changed, with the difference
    boxed in red: the replaced PDFs kept in .previous/ against the ones now in the kit."""
    written = []
    font = ImageFont.truetype(str(FONT_DIR / "NotoSans-Bold.ttf"), 16)
    for old_pdf in sorted((folder / PREVIOUS).glob("*.pdf")):
        if components and old_pdf.stem not in components:
            continue
        new_pdf = folder / old_pdf.name
        before, after = pages(old_pdf, dpi), pages(new_pdf, dpi) if new_pdf.is_file() else []
        for number in range(1, max(len(before), len(after)) + 1):
            old = before[number - 1] if number <= len(before) else None
            new = after[number - 1] if number <= len(after) else None
            box = _difference(old, new)
            if box is None:
                continue
            path = target / f"changed-{old_pdf.stem}-{number:03d}.png"
            _side_by_side(old, new, box, f"{old_pdf.name} · page {number}", font).save(path, optimize=True)
            written.append(path)
    return written


def _difference(old: Image.Image | None, new: Image.Image | None) -> tuple[int, int, int, int] | None:
    """The box around every changed pixel (the whole page if one side is missing); None if equal."""
    if old is None or new is None or old.size != new.size:
        image = old or new
        return (0, 0, *image.size)
    return ImageChops.difference(old, new).getbbox()


def _side_by_side(old, new, box, title: str, font) -> Image.Image:
    size = (old or new).size
    gap, head = 24, 34
    sheet = Image.new("RGB", (2 * size[0] + 3 * gap, size[1] + head + gap), "white")
    draw = ImageDraw.Draw(sheet)
    for column, (image, label) in enumerate(((old, "before"), (new, "after"))):
        x = gap + column * (size[0] + gap)
        draw.text((x, 8), f"{label} · {title}", fill=(40, 40, 40), font=font)
        if image is None:
            draw.rectangle((x, head, x + size[0], head + size[1]), fill=(235, 235, 235))
            draw.text((x + 12, head + 12), "no such page", fill=(90, 90, 90), font=font)
            continue
        sheet.paste(image, (x, head))
        left, top, right, bottom = box
        draw.rectangle((x + left - 3, head + top - 3, x + right + 3, head + bottom + 3), outline=(220, 0, 0), width=3)
    return sheet

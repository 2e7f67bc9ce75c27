"""The bare-reportlab floor for the deck job: the same tarot cards, drawn with plain reportlab.

    python tools/peers/reportlab_deck.py cards.yaml out.pdf [--fonts DIR]

What a competent person would write by hand for this one deck, and nothing more: 70 x 120 mm
cards with 3 mm bleed, as many as fit on A4 (2 x 2), 6 mm apart so each keeps its bleed, crop
marks outside the block and a thin grey trim line round each card; per card a coloured title
band bleeding off the top with the title, the body wrapped (and hyphenated, as kitpress does)
by a Paragraph, and the two numbers large and centred in a two-column area at the bottom.
The bundled Noto Sans TrueType faces are embedded (subset); streams are compressed.

Standalone on purpose (it imports nothing from kitpress) so `make bench` times only this.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from xml.sax.saxutils import escape

import yaml
from reportlab import rl_config
from reportlab.lib.colors import Color, HexColor
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

FONTS = Path(__file__).resolve().parents[2] / "fonts"  # the repository's fonts/
CARD_W, CARD_H, BLEED = 70 * mm, 120 * mm, 3 * mm
GUTTER = 2 * BLEED  # every card keeps its bleed all round
EDGE = 6.35 * mm  # home printers cannot print closer to the paper's edge
MARK, MARK_GAP = 5 * mm, 1 * mm
INK, ACCENT, WHITE = HexColor("#1f2328"), HexColor("#1f4e79"), HexColor("#ffffff")
TRIM, MARKS = Color(0.6, 0.6, 0.6), Color(0.1, 0.1, 0.1)


def register_fonts(folder: Path) -> None:
    pdfmetrics.registerFont(TTFont("NotoSans", str(folder / "NotoSans-Regular.ttf")))
    pdfmetrics.registerFont(TTFont("NotoSans-Bold", str(folder / "NotoSans-Bold.ttf")))


def styles() -> tuple[ParagraphStyle, ParagraphStyle]:
    title = ParagraphStyle("title", fontName="NotoSans-Bold", fontSize=13, leading=16, textColor=WHITE)
    body = ParagraphStyle("body", fontName="NotoSans", fontSize=9.5, leading=12.8, textColor=INK, hyphenationLang="en")
    return title, body


def grid(paper: tuple[float, float]) -> list[tuple[float, float]]:
    """Lower-left trim corners of the card slots on a sheet, top row first, the block centred."""
    reserve = EDGE + MARK_GAP + MARK + BLEED  # room for the marks outside the bleed
    cols = int((paper[0] - 2 * reserve + GUTTER) // (CARD_W + GUTTER))
    rows = int((paper[1] - 2 * reserve + GUTTER) // (CARD_H + GUTTER))
    x0 = (paper[0] - (cols * CARD_W + (cols - 1) * GUTTER)) / 2
    top = (paper[1] + rows * CARD_H + (rows - 1) * GUTTER) / 2
    return [(x0 + c * (CARD_W + GUTTER), top - CARD_H - r * (CARD_H + GUTTER)) for r in range(rows) for c in range(cols)]


def draw_card(c: Canvas, card: dict, title_style: ParagraphStyle, body_style: ParagraphStyle) -> None:
    """One card with its trim's lower-left corner at the origin."""
    c.setFillColor(ACCENT)
    c.rect(-BLEED, CARD_H - 17 * mm, 76 * mm, 20 * mm, stroke=0, fill=1)  # the band, out to the bleed
    title = Paragraph(escape(str(card["title"])), title_style)
    _, h = title.wrap(62 * mm, 12 * mm)
    title.drawOn(c, 4 * mm, CARD_H - 4 * mm - 6 * mm - h / 2)  # centred in the band's 12 mm box
    body = Paragraph(escape(str(card["body"])), body_style)
    _, h = body.wrap(60 * mm, 60 * mm)
    body.drawOn(c, 5 * mm, CARD_H - 22 * mm - h)
    c.setFillColor(INK)
    c.setFont("NotoSans-Bold", 22)
    c.drawCentredString(20 * mm, 23.3 * mm, str(card["cost"]))
    c.drawCentredString(50 * mm, 23.3 * mm, str(card["gain"]))


def draw_marks(c: Canvas, slots: list[tuple[float, float]], used: int) -> None:
    c.setStrokeColor(TRIM)
    c.setLineWidth(0.2)
    for x, y in slots[:used]:
        c.rect(x, y, CARD_W, CARD_H, stroke=1, fill=0)
    xs = sorted({x for x, _ in slots} | {x + CARD_W for x, _ in slots})
    ys = sorted({y for _, y in slots} | {y + CARD_H for _, y in slots})
    left, right, bottom, top = (
        xs[0] - BLEED - MARK_GAP,
        xs[-1] + BLEED + MARK_GAP,
        ys[0] - BLEED - MARK_GAP,
        ys[-1] + BLEED + MARK_GAP,
    )
    c.setStrokeColor(MARKS)
    c.setLineWidth(0.25)
    c.lines(
        [(x, top, x, top + MARK) for x in xs]
        + [(x, bottom, x, bottom - MARK) for x in xs]
        + [(left, y, left - MARK, y) for y in ys]
        + [(right, y, right + MARK, y) for y in ys]
    )


def build(cards: list[dict], out: Path) -> int:
    rl_config.useA85 = 0  # compressed streams stay binary: smaller and quicker than ASCII85
    title_style, body_style = styles()
    slots = grid(A4)
    c = Canvas(str(out), pagesize=A4, pageCompression=1, initialFontName="NotoSans")
    pages = 0
    for start in range(0, len(cards), len(slots)):
        batch = cards[start : start + len(slots)]
        for (x, y), card in zip(slots, batch):
            c.saveState()
            c.translate(x, y)
            draw_card(c, card, title_style, body_style)
            c.restoreState()
        draw_marks(c, slots, len(batch))
        c.showPage()
        pages += 1
    c.save()
    return pages


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("cards", type=Path, help="a YAML file with a top-level 'cards' list")
    parser.add_argument("out", type=Path, help="the PDF to write")
    parser.add_argument("--fonts", type=Path, default=FONTS, help="the folder with NotoSans-*.ttf")
    options = parser.parse_args(argv)
    with options.cards.open(encoding="utf-8") as handle:
        safe = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml's safe loader, as kitpress uses
        cards = safe(handle).get_single_data()["cards"]
    register_fonts(options.fonts)
    pages = build(cards, options.out)
    print(f"{len(cards)} cards, {pages} pages -> {options.out}", file=sys.stderr)


if __name__ == "__main__":
    main()

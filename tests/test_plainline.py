"""A PlainLine measures and prints exactly as the Paragraph it stands for."""

import pypdfium2 as pdfium
import pytest
from PIL import ImageChops
from reportlab.lib.enums import TA_CENTER, TA_JUSTIFY, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from kitpress.typeset import fonts
from kitpress.typeset.plainline import PlainLine, is_plain

TEXTS = [
    "Card 12",
    "7",
    "  The   Committee  decides ",
    "",
    "Nomenklatura",
    "Налог на доходы",
    "a rather longer title that cannot fit on one line",
]


def _style(alignment, **extra):
    fonts.register()
    return ParagraphStyle("t", fontName="Sans-Bold", fontSize=13, leading=16, alignment=alignment, **extra)


def _draw(path, make, style, width):
    c = Canvas(str(path), pagesize=(300, 60 * len(TEXTS)))
    sizes = []
    for i, text in enumerate(TEXTS):
        flow = make(text, style)
        sizes.append(flow.wrap(width, 1000))
        flow.drawOn(c, 20, 60 * (len(TEXTS) - i) - 10 - sizes[-1][1])
        sizes.append(type(flow).__name__)
    c.save()
    return sizes


@pytest.mark.parametrize("alignment", [TA_LEFT, TA_CENTER, TA_RIGHT, TA_JUSTIFY])
@pytest.mark.parametrize("extra", [{}, {"leftIndent": 6, "firstLineIndent": 4}, {"textTransform": "uppercase"}])
def test_plain_lines_print_as_paragraphs_do(tmp_path, alignment, extra):
    style = _style(alignment, **extra)
    ours = _draw(tmp_path / "plain.pdf", PlainLine, style, 180)
    theirs = _draw(tmp_path / "para.pdf", Paragraph, style, 180)
    assert ours[0::2] == theirs[0::2]  # the same sizes
    assert "OnceBroken" in ours[1::2] and "PlainLine" in ours[1::2]  # the long title became a (frame's) Paragraph
    pages = [
        pdfium.PdfDocument(str(tmp_path / name))[0].render(scale=3).to_pil().convert("L") for name in ("plain.pdf", "para.pdf")
    ]
    assert ImageChops.difference(*pages).getbbox() is None


def test_what_needs_reportlabs_parser_is_not_plain():
    style = _style(TA_LEFT)
    assert is_plain("Card 12", style)
    for text in ("<b>bold</b>", "Fish &amp; chips", "hy\u00adphen", "100\u00a0₽", "zero\u200bwidth"):
        assert not is_plain(text, style), text
    assert not is_plain("Card", _style(TA_LEFT, backColor="#ff0000"))


def test_a_plain_line_asked_to_split_is_a_paragraph_from_then_on():
    line = PlainLine("one two three four five six seven", _style(TA_LEFT))
    parts = line.split(60, 40)
    assert type(line) is Paragraph and all(type(part) is Paragraph for part in parts)


def test_no_break_spaces_keep_a_number_and_its_unit_together():
    # thousands in Russian are grouped with U+00A0: "10 000" must never break between its groups
    from kitpress.typeset.markup import Builder
    from kitpress.layout.stylesheet import StyleSheet

    sheet = StyleSheet({"body": {"size": 10, "leading": 12}}, {"ink": "#000000"}, "ru")
    width = 150
    (para,) = Builder(sheet, plain_lines=True).build("<p>Налог на доходы составляет 10\u00a0000 рублей</p>", width)
    para.wrap(width, 1000)
    lines = [" ".join(words) for _, words in para.blPara.lines]
    assert any("10\u00a0000" in line for line in lines), lines

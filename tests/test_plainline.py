"""A PlainLine measures, breaks into lines and prints exactly as the Paragraph it stands for."""

import re

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
    extra = {"fontSize": 13, "leading": 16, "splitLongWords": 0, "spaceShrinkage": 0, **extra}  # as the kits': no word split, no line squeezed
    return ParagraphStyle("t", fontName="Sans-Bold", alignment=alignment, **extra)


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
    assert set(ours[1::2]) == {"PlainLine"}  # the long title too: broken into lines without reportlab's parser
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


def test_wrapped_again_at_the_same_width_it_keeps_its_lines_and_at_another_breaks_anew(monkeypatch):
    from kitpress.typeset import plainline

    broken = []
    real = plainline.break_lines
    monkeypatch.setattr(plainline, "break_lines", lambda *a: broken.append(a[2]) or real(*a))
    style = _style(TA_LEFT)
    text = "a rather longer title that cannot fit on one line"
    line = PlainLine(text, style)
    narrow, wide = line.wrap(90, 500), None
    lines = line.blPara.lines
    assert line.wrap(90, 80) == narrow and line.blPara.lines is lines and broken == [90]  # a table's second wrap
    wide = line.wrap(400, 500)
    assert wide[1] < narrow[1] and broken == [90, 400]
    assert line.wrap(90, 500) == narrow == Paragraph(text, style).wrap(90, 500) and broken == [90, 400, 90]


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


# -- lines broken as reportlab breaks them ------------------------------------------------------
WORDS = (
    "the committee decides that every worker shall receive boots before winter administration "
    "nomenklatura counter-revolutionary well-known Gosplan 1,500 +2 −1 (see rule 12) “quoted” "
    "https://example.org/rules/chapter-three/section-four nationalisation internationalisation "
    "Налог на доходы составляет рублей государственный a I x"
).split()


def _lines(flow):
    return [(round(extra, 9), [str(w) for w in words]) for extra, words in flow.blPara.lines], round(flow._width_max, 9)


@pytest.mark.parametrize("seed", range(6))
def test_plain_paragraphs_break_into_reportlabs_lines(seed):
    """Random paragraphs of plain words, at random widths and in the kits' own styles (hyphenated
    body text, indents, every alignment, capitals), break into exactly reportlab's lines: the
    same words, hyphenated at the same places, with the same room left on each line."""
    import random

    from kitpress.layout.stylesheet import StyleSheet
    from kitpress.typeset import styles

    rng = random.Random(seed)
    sheet = StyleSheet(
        {
            "body": {"size": 9.5, "leading": 12.8},
            "small": {"size": 7, "leading": 8.5, "indent": 5, "first_indent": -3},
            "title": {"size": 13, "bold": True},
            "caps": {"size": 8, "upper": True},
        },
        {"ink": "#000000"},
        rng.choice(["en", "ru", "fr"]),
    )
    hyphenated = 0
    for _ in range(150):
        name = rng.choice(["body", "small", "title", "caps"])
        style = styles.para(sheet, name, rng.choice([1.0, 0.83, 0.7]), rng.choice(["left", "right", "center", "justify"]), None)
        text = " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 60)))
        width = rng.uniform(15, 320)
        ours, theirs = PlainLine(text, style), Paragraph(text, style)
        assert ours.wrap(width, 1000) == theirs.wrap(width, 1000), (text, width)
        assert type(ours) is PlainLine, (text, width)
        assert _lines(ours) == _lines(theirs), (text, width)
        hyphenated += sum(type(w).__name__ == "_SplitWordHY" for _, words in ours.blPara.lines for w in words)
    assert hyphenated  # the hard case, a word broken at a line's end, was among them


@pytest.mark.parametrize("alignment", [TA_LEFT, TA_CENTER, TA_RIGHT, TA_JUSTIFY])
@pytest.mark.parametrize("extra", [{}, {"leftIndent": 6, "firstLineIndent": 4}, {"firstLineIndent": -5, "hyphenationLang": "en"}])
def test_multiline_plain_text_prints_as_the_paragraph_does(tmp_path, alignment, extra):
    """The same operators on the page as reportlab's own Paragraph, line for line: at several
    widths, one of them too narrow for the longest word (a line wider than its room)."""
    from kitpress.typeset import styles

    if extra.get("hyphenationLang"):
        extra = {**extra, "hyphenationLang": styles.hyphenator("en")}
    style = _style(alignment, **{"hyphenationLang": "", "fontSize": 9, "leading": 11, **extra})
    text = " ".join(WORDS[:40])
    pdfs = []
    for make in (PlainLine, Paragraph):
        c = Canvas(str(tmp_path / f"{make.__name__}.pdf"), pagesize=(300, 900), invariant=1, pageCompression=0)
        for width, y in ((140, 500), (210, 250), (45, 20)):
            flow = make(text, style)
            flow.wrap(width, 1000)
            assert len(flow.blPara.lines) > 3
            flow.drawOn(c, 20, y)
        assert type(flow) is make
        c.save()
        pdfs.append((tmp_path / f"{make.__name__}.pdf").read_bytes())
    assert pdfs[0] == pdfs[1]


@pytest.mark.parametrize(
    "color, opacity_before",
    [("#7a1f1f", None), ("#7a1f1f", 0.5), ("rgba", None), ("cmyk", None)],
    ids=["rgb", "rgb-after-an-opacity", "translucent", "cmyk"],
)
def test_plain_text_writes_the_operators_reportlabs_text_object_does(tmp_path, monkeypatch, color, opacity_before):
    """PlainLine writes its text's operators itself where it can (a plain RGB colour, the fill
    opacity in place): byte for byte what reportlab's canvas and text object write, subsets,
    escapes and moves included; other colours are drawn by the text object."""
    from reportlab.lib.colors import CMYKColor, Color, HexColor

    from kitpress.typeset import plainline

    fill = {"rgba": Color(0.2, 0.4, 0.6, alpha=0.5), "cmyk": CMYKColor(0, 0.5, 1, 0.2)}.get(color) or HexColor(color)
    texts = ["Card (12) \\ 7", "Налог на доходы and the tax (налог) on income " * 3, "Σ 100 € ½"]
    written = []
    real = plainline._written

    def counted(*args):
        written.append(real(*args))
        return written[-1]

    def draw(name):
        c = Canvas(str(tmp_path / name), pagesize=(300, 600), invariant=1, pageCompression=0)
        if opacity_before is not None:
            c.setFillAlpha(opacity_before)
        for alignment, y in ((TA_LEFT, 450), (TA_CENTER, 250), (TA_RIGHT, 50)):
            style = _style(alignment, textColor=fill, fontSize=9, leading=11, leftIndent=3, firstLineIndent=5)
            for i, text in enumerate(texts):
                flow = PlainLine(text, style)
                flow.wrap(150, 1000)
                flow.drawOn(c, 20, y + 60 * i)
        c.save()
        return (tmp_path / name).read_bytes()

    monkeypatch.setattr(plainline, "_written", counted)
    ours = draw("ours.pdf")
    monkeypatch.setattr(plainline, "_written", lambda *args: None)
    theirs = draw("theirs.pdf")
    assert ours == theirs
    assert b"Tj" in ours and b" Td" in ours and b"\\(12\\) \\\\" in ours  # text, centred lines moved, escapes
    assert len(set(re.findall(rb"/\S+\+(\d+) [\d.]+ Tf", ours))) > 1  # more than one subset
    fast = [w for w in written if w is not None]
    assert len(written) == 9 and len(fast) == (9 if color.startswith("#") and opacity_before is None else 0)

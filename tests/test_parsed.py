"""Paragraph markup parsed once per text and style: a paragraph made again from the same text
breaks and draws as the first did, owns its fragments, and a style or bullet of its own is its own."""

from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from kitpress.typeset import fonts, parsed

TEXT = "<b>Bold</b> and <i>italic</i> &amp; a <font color='#ff0000'>red</font> word that breaks"


def _style(name="p", size=10):
    fonts.register()
    return ParagraphStyle(name, fontName=fonts.face_name(fonts.MAIN), fontSize=size, leading=size * 1.2)


def _drawn(flow, tmp_path, name) -> bytes:
    canvas = Canvas(str(tmp_path / f"{name}.pdf"), pageCompression=0, invariant=1)
    flow.wrap(60, 500)
    flow.drawOn(canvas, 10, 400)
    canvas.save()
    return (tmp_path / f"{name}.pdf").read_bytes()


def test_a_text_parsed_again_breaks_and_draws_as_reportlab_parses_it(tmp_path):
    style = _style()
    first, again = parsed.paragraph(TEXT, style), parsed.paragraph(TEXT, style)
    plain = Paragraph(TEXT, style)
    assert _drawn(again, tmp_path, "again") == _drawn(plain, tmp_path, "plain") == _drawn(first, tmp_path, "first")
    assert again.getPlainText() == plain.getPlainText() == "Bold and italic & a red word that breaks"


def test_each_paragraph_owns_its_fragments():
    style = _style()
    first, again = parsed.paragraph(TEXT, style), parsed.paragraph(TEXT, style)
    assert not {id(f) for f in first.frags} & {id(f) for f in again.frags}
    first.frags[0].text = "changed"
    assert parsed.paragraph(TEXT, style).frags[0].text == "Bold"


def test_another_style_or_bullet_is_parsed_for_itself():
    small, large = _style("small", 8), _style("large", 14)
    assert parsed.paragraph(TEXT, small).frags[0].fontSize == 8
    assert parsed.paragraph(TEXT, large).frags[0].fontSize == 14
    assert parsed.paragraph("item", small, "•").bulletText == "•"
    assert parsed.paragraph("item", small).bulletText is None


def test_a_frames_paragraph_breaks_its_lines_once_per_width(monkeypatch):
    style = _style()
    flow = parsed.paragraph(TEXT, style, once_broken=True)
    broken = []
    real = Paragraph.breakLines
    monkeypatch.setattr(Paragraph, "breakLines", lambda self, widths: broken.append(widths) or real(self, widths))
    first = flow.wrap(60, 500)
    assert flow.wrap(60, 20) == first and len(broken) == 1  # the height offered does not change the lines
    wider = flow.wrap(120, 500)
    assert wider[1] < first[1] and len(broken) == 2
    assert parsed.paragraph(TEXT, style).__class__ is Paragraph  # without once_broken: reportlab's own


LONG = (
    "<b>17.</b> Extraordinarily considerate representatives negotiate uncharacteristically "
    "comprehensive agreements, notwithstanding administrative misunderstandings and "
    "institutionalised counterproductive bureaucratic procrastination."
)


def _lines(flow) -> list[str]:
    return [" ".join(word.text.strip() for word in line.words) for line in flow.blPara.lines]


def _fresh(width: float) -> list[str]:
    flow = Paragraph(LONG, _hyphenating())
    flow.wrap(width, 1e6)
    return _lines(flow)


def _hyphenating():
    from kitpress.typeset import styles

    style = _style("hy", 9)
    style.hyphenationLang = styles.hyphenator("en")
    return style


def test_broken_again_at_another_width_it_breaks_as_a_new_paragraph_would():
    flow = parsed.paragraph(LONG, _hyphenating(), once_broken=True)
    for width in (70, 95, 70, 130, 95):
        flow.wrap(width, 1e6)
        assert _lines(flow) == _fresh(width), width
    assert any(line.rstrip().endswith("-") for width in (70, 95) for line in _fresh(width))  # words were hyphenated


def test_a_documents_paragraph_split_over_a_column_is_laid_out_again_as_a_new_one():
    """A contents list lays a document out twice or more: a paragraph split on one pass may be
    whole on the next, or split elsewhere, and must read the same as a new paragraph."""
    flow = parsed.paragraph(LONG, _hyphenating(), once_broken=True)
    flow.wrap(80, 1e6)
    first, rest = flow.split(80, 25)
    assert _lines(first) == _fresh(80)[: len(_lines(first))]
    flow.wrap(80, 1e6)  # the next pass
    assert _lines(flow) == _fresh(80)
    flow.wrap(110, 1e6)
    assert _lines(flow) == _fresh(110)


def test_an_icon_far_larger_than_the_lines_makes_room_for_itself():
    from kitpress.layout.stylesheet import StyleSheet
    from kitpress.typeset.markup import Builder

    sheet = StyleSheet({"body": {"size": 10, "leading": 12}}, {"ink": "#000000"}, "en")
    builder = Builder(sheet, plain_lines=True)
    (big,) = builder.build('<p><icon name="star" size="26"/><br/>Flood</p>', 100)
    (small,) = builder.build('<p><icon name="star" size="12"/><br/>Flood</p>', 100)
    assert small.wrap(100, 500)[1] == 24  # two lines of 12 pt: an icon the size of the lines changes nothing
    assert big.wrap(100, 500)[1] >= 26 + 12  # the icon's line is as tall as the icon

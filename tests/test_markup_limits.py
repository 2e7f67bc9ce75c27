"""Hostile numbers and sizes in markup, layouts and styles (issue 12, sections 2 and 3): each is one
located `path:line:col: error: message`, never a RecursionError, a MemoryError, minutes of layout
or a `nan` in a PDF. Every case is made once in a copy of the project (the `kit_project` fixture);
the place each error must name is computed from the edited text, never copied from kitpress."""

import io
import re

import pikepdf
import pytest

from kitpress.build.pipeline import BuildOptions, Project, compose_game
from kitpress.errors import KitpressError
from kitpress.typeset.markup import Builder, MarkupError
from kitpress.render.canvas import Meta, draw_face, open_canvas

L = "layouts/state-in-class/"
TITLE = '<p style="card-title-ink">{{ card.title }}</p>'  # event-front.yaml: one-line markup at its key
LEAD = '<p style="lead">{{ guide.intro }}</p>'  # guide.yaml: the first line of the body (a block)
LENGTH = "a length is a number from -10000 to 10000 mm"
SIZE = "a size is a number from 0 to 10000 mm"
FONT = "a font size is a number from 1 to 500 pt"
LINE = "a line width is a number from 0 to 50 pt"


def nested(tag: str, depth: int, inner: str = "x", attrs: str = "") -> str:
    return f"<{tag}{attrs}>" * depth + inner + f"</{tag}>" * depth


def place(text: str, marker: str, offset: int = 0) -> str:
    """'line:col' of `marker` (which occurs once in `text`), `offset` characters into it."""
    assert text.count(marker) == 1, f"{marker!r} occurs {text.count(marker)} times"
    start = text.index(marker) + offset
    line = text.count("\n", 0, start) + 1
    return f"{line}:{start - (text.rfind(chr(10), 0, start) + 1) + 1}"


def printed(error) -> list[str]:
    return [str(problem) for problem in error.problems]


# -- markup: (markup written into the guide's body, the message); located at the body's first line

IN_A_DOCUMENT = [
    pytest.param(f"<p>{nested('b', 10_000)}</p>", "markup nested deeper than 32 elements", id="10000-nested-b"),
    pytest.param(nested("box", 5_000), "markup nested deeper than 32 elements", id="5000-nested-box"),
    pytest.param(
        nested("col", 3_000, "x").replace("<col>", "<cols><col>").replace("</col>", "</col></cols>"),
        "markup nested deeper than 32 elements",
        id="3000-nested-cols",
    ),
    pytest.param('<p>a <span size="1e308">b</span></p>', f"size '1e308': {FONT}", id="span-size-1e308"),
    pytest.param('<p>a <span size="nan">b</span></p>', f"size 'nan': {FONT}", id="span-size-nan"),
    pytest.param('<p>a <span size="-inf">b</span></p>', f"size '-inf': {FONT}", id="span-size-inf"),
    pytest.param('<p>a <span size="big">b</span></p>', f"size 'big': {FONT}", id="span-size-text"),
    pytest.param('<p><icon name="crown" size="1e308"/></p>', f"size '1e308': {FONT}", id="icon-size-1e308"),
    pytest.param(
        '<table widths="nan nan"><tr><td>a</td><td>b</td></tr></table>', f"widths 'nan': {SIZE}", id="widths-nan-nan"
    ),
    pytest.param(
        '<table widths="1e308mm *"><tr><td>a</td><td>b</td></tr></table>', f"widths '1e308mm': {SIZE}", id="widths-1e308mm"
    ),
    pytest.param(
        '<table widths="nan% *"><tr><td>a</td><td>b</td></tr></table>',
        "widths 'nan': a column's share is a number from 0 to 100 %",
        id="widths-nan-percent",
    ),
    pytest.param(
        '<table widths="0* 0*"><tr><td>a</td><td>b</td></tr></table>',
        "widths '0': a column's weight is a number from 0.01 to 1000",
        id="widths-zero-stars",
    ),
    pytest.param(
        '<table><tr><td span="1000000000">a</td></tr></table>',
        "span '1000000000': a column span is a whole number from 1 to 50",
        id="span-1e9",
    ),
    pytest.param(
        '<table><tr><td span="2.5">a</td></tr></table>', "span '2.5': a column span is a whole number from 1 to 50", id="span-2.5"
    ),
    pytest.param(
        "<table><tr>" + "<td>x</td>" * 1000 + "</tr></table>",
        "<tr> has 1,000 columns, more than the 50 kitpress lays out",
        id="1000-column-table",
    ),
    pytest.param(
        "<table>" + "<tr><td>x</td></tr>" * 1001 + "</table>",
        "<table> has 1,001 rows, more than the 1,000 kitpress lays out",
        id="1001-row-table",
    ),
    pytest.param(
        "<cols>" + "<col>x</col>" * 51 + "</cols>", "<cols> has 51 columns, more than the 50 kitpress lays out", id="51-cols"
    ),
    pytest.param('<table line_width="inf"><tr><td>a</td></tr></table>', f"line_width 'inf': {LINE}", id="line-width-inf"),
    pytest.param('<table pad="nan"><tr><td>a</td></tr></table>', f"pad 'nan': {SIZE}", id="table-pad-nan"),
    pytest.param('<box stroke="ink" width="1e308">a</box>', f"width '1e308': {LINE}", id="box-stroke-width-1e308"),
    pytest.param('<box radius="-3mm">a</box>', f"radius '-3mm': {SIZE}", id="box-radius-negative"),
    pytest.param('<rule width="nan"/>', f"width 'nan': {LINE}", id="rule-width-nan"),
    pytest.param('<rule before="1e308"/>', f"before '1e308': {SIZE}", id="rule-before-1e308"),
    pytest.param('<space h="inf"/>', f"h 'inf': {SIZE}", id="space-h-inf"),
    pytest.param(
        '<ol type="a" start="-200"><li>a</li></ol>',
        "start '-200': a list's first number is a whole number from 0 to 10000",
        id="list-start-negative",
    ),
    pytest.param('<p align="middle">a</p>', "align 'middle': use left, center, right, justify", id="align-unknown"),
    pytest.param("<table><tr></tr></table>", "<table> holds no <td> or <th>", id="table-of-no-cells"),
    pytest.param('<p><span color="#zz">a</span></p>', "unknown colour '#zz'", id="colour-not-hex"),
    pytest.param("<cols></cols>", "<cols> holds one or more <col> and nothing else", id="cols-of-no-col"),
]


@pytest.mark.parametrize("hostile, message", IN_A_DOCUMENT)
def test_hostile_markup_is_one_located_error(kit_project, hostile, message):
    text = kit_project.edit(L + "guide.yaml", LEAD, hostile + LEAD)
    error = kit_project.compose_error()
    line = kit_project.line_of(text, LEAD)
    assert printed(error) == [f"{L}guide.yaml:{line}:1: error: {message} (layout guide, body)"]


def test_an_error_deep_in_markup_names_its_own_line(kit_project):
    """The element at fault is found in the rendered text: a span three lines into the body."""
    text = kit_project.edit(L + "guide.yaml", LEAD, LEAD + '\n  <p>a\n  <span size="0">b</span></p>')
    error = kit_project.compose_error()
    line = kit_project.line_of(text, '<span size="0">')
    assert printed(error) == [f"{L}guide.yaml:{line}:1: error: size '0': {FONT} (layout guide, body)"]


# -- markup in a card's frame: located at the frame's markup, found when the text is fitted

IN_A_FRAME = [
    # 1,000 deep: 10,000 would be 70 KB, past the template budget of text a frame may print (a budget error)
    pytest.param(nested("b", 1_000, "{{ card.title }}"), "markup nested deeper than 32 elements", id="1000-nested-b"),
    pytest.param('<p>a <span size="1e308">{{ card.title }}</span></p>', f"size '1e308': {FONT}", id="span-size-1e308"),
    pytest.param(
        '<box pad="50mm">{{ card.title }}</box>', "a padding of 50.0 mm leaves no room in a 62.0 mm wide <box>", id="box-pad"
    ),
    pytest.param(
        '<table pad="40mm"><tr><td>{{ card.title }}</td></tr></table>',
        "a padding of 40.0 mm leaves no room in a 62.0 mm wide <td>",
        id="table-pad",
    ),
]


@pytest.mark.parametrize("hostile, message", IN_A_FRAME)
def test_hostile_markup_in_a_card_frame_is_one_located_error(kit_project, hostile, message):
    text = kit_project.edit(L + "event-front.yaml", TITLE, hostile)
    error = kit_project.compose_error()
    at = place(text, "markup: " + hostile[:20], len("markup: "))
    assert set(printed(error)) == {f"{L}event-front.yaml:{at}: error: {message} (frame 'title')"}


@pytest.mark.parametrize(
    "markup, message",
    [
        (f"<p>{nested('b', 100_000)}</p>", "markup nested deeper than 32 elements"),
        (nested("box", 50_000), "markup nested deeper than 32 elements"),
        (nested("col", 30_000).replace("<col>", "<cols><col>").replace("</col>", "</col></cols>"), "markup nested deeper"),
        ("<p>" + "x" * 1_000_000 + "</p>", "markup of 1,000,007 characters is longer than the 1,000,000 kitpress lays out"),
    ],
    ids=["100000-nested-b", "50000-nested-box", "30000-nested-cols", "a-million-characters"],
)
def test_markup_too_deep_or_too_long_for_any_template_budget(kit_project, markup, message):
    """What no template may print (its output budget stops it first) is still refused by the
    markup itself, from wherever markup comes: a MarkupError on line 1, never a RecursionError."""
    from kitpress.layout.layouts import Layouts

    sheet = Layouts([kit_project.layout_dir, kit_project.root / "layouts/common"], kit_project.root).sheet
    with pytest.raises(MarkupError) as info:
        Builder(sheet).build(markup, 400)
    assert str(info.value).startswith(message)
    assert info.value.line in (0, 1)


ROW = "<tr>" + "<td>x</td>" * 50 + "</tr>"


@pytest.mark.parametrize(
    "at_the_limit, over_it, message",
    [
        (f"<p>{nested('b', 31)}</p>", f"<p>{nested('b', 32)}</p>", "markup nested deeper than 32 elements"),
        (f"<table>{ROW}</table>", f"<table>{ROW.replace('<td>x', '<td>x</td><td>y', 1)}</table>", "<tr> has 51 columns"),
        ('<table><tr><td span="50">x</td></tr></table>', '<table><tr><td span="51">x</td></tr></table>', "span '51'"),
        (f"<table>{'<tr><td>x</td></tr>' * 1000}</table>", f"<table>{'<tr><td>x</td></tr>' * 1001}</table>", "<table> has 1,001"),
    ],
    ids=["depth", "columns", "span", "rows"],
)
def test_the_limits_are_well_above_what_the_shipped_layouts_use(kit_project, at_the_limit, over_it, message):
    """The kits nest 6 deep and lay out 12 rows and 11 columns: the limit itself is built, one more is not."""
    from kitpress.layout.layouts import Layouts

    sheet = Layouts([kit_project.layout_dir, kit_project.root / "layouts/common"], kit_project.root).sheet
    assert Builder(sheet).build(at_the_limit, 2000)
    with pytest.raises(MarkupError) as info:
        Builder(sheet).build(over_it, 2000)
    assert str(info.value).startswith(message)


# -- layouts and styles: (file, old, new, the text whose place the error names, the message) -----


def not_finite(written: str) -> str:
    """What the YAML loader says of a non-finite number (.nan, .inf) before any layout reads it."""
    return f"'{written}' is not a finite number; write the number itself"


IN_LAYOUTS = [
    pytest.param(
        L + "event-front.yaml", "at: [4, 44, 62, 16]", "at: [.nan, 44, 62, 16]", ".nan", not_finite(".nan"), id="frame-at-nan"
    ),
    pytest.param(
        L + "event-front.yaml", "at: [4, 44, 62, 16]", "at: [4, 44, 1e308mm, 16]", "1e308mm", f"at '1e308mm': {LENGTH}",
        id="frame-at-1e308mm",
    ),
    pytest.param(
        L + "event-front.yaml",
        "at: [4, 44, 62, 16]",
        "at: [4, 44, 62, 16]\n    width: .inf",
        ".inf",
        not_finite(".inf"),
        id="frame-width-inf",
    ),
    pytest.param(
        L + "event-front.yaml",
        "at: [4, 44, 62, 16]",
        "at: [4, 44, 62, 16]\n    radius: .nan",
        ".nan",
        not_finite(".nan"),
        id="frame-radius-nan",
    ),
    pytest.param(
        L + "event-front.yaml",
        "at: [4, 44, 62, 16]",
        "at: [4, 44, 62, 16]\n    pad: 1.0e+308",
        "1.0e+308",
        f"pad 1e+308: {SIZE}",
        id="frame-pad-1e308",
    ),
    pytest.param(
        L + "event-front.yaml", "extends: card\n", "extends: card\nmin_size: .nan\n", ".nan", not_finite(".nan"),
        id="layout-min-size-nan",
    ),
    pytest.param(
        L + "event-front.yaml",
        "at: [-3, -3, 76, 16], fill: event}",
        "at: [-3, -3, 76, 16], fill: event, stroke: ink, width: .nan}",
        ".nan",
        not_finite(".nan"),
        id="shape-width-nan",
    ),
    pytest.param(
        L + "event-front.yaml",
        "at: [-3, -3, 76, 16], fill: event}",
        "at: [-3, -3, 76, 16], fill: event, stroke: ink, dash: [2, .nan]}",
        ".nan",
        not_finite(".nan"),
        id="shape-dash-nan",
    ),
    pytest.param(
        L + "event-front.yaml",
        "at: [-3, -3, 76, 16], fill: event}",
        "at: [-3, -3, 76, .inf], fill: event}",
        ".inf",
        not_finite(".inf"),
        id="shape-rect-inf",
    ),
    pytest.param(
        L + "event-front.yaml",
        "at: [-3, -3, 76, 16], fill: event}",
        "at: [-3, -3, 76, 16], fill: event, radius: -.inf}",
        "-.inf",
        not_finite("-.inf"),
        id="shape-radius-inf",
    ),
    pytest.param(L + "card.yaml", "bleed: 3mm", "bleed: .nan", ".nan", not_finite(".nan"), id="bleed-nan"),
    pytest.param(L + "card.yaml", "safe: 4mm", "safe: 1e308mm", "1e308mm", f"safe '1e308mm': {SIZE}", id="safe-1e308mm"),
    pytest.param(
        L + "card.yaml",
        "size: tarot",
        "size: 70mm x 1e308mm",
        "70mm",
        "size: height '1e308mm': a side of a paper or card is a number from 1 to 5080 mm"
        " (a card name from sizes.yaml, like 'tarot', or '70mm x 120mm')",
        id="card-size-1e308mm",
    ),
    pytest.param(L + "rules.yaml", "gap: 7mm", "gap: 1e308mm", "1e308mm", f"gap '1e308mm': {SIZE}", id="document-gap-1e308mm"),
    pytest.param(
        L + "rules.yaml",
        "columns: 2",
        "columns: 100000",
        "100000",
        "columns 100000: a number of columns is a whole number from 1 to 12",
        id="document-columns-100000",
    ),
    pytest.param(
        "layouts/common/document.yaml",
        "margins: 14mm",
        "margins: 14mm nanmm",
        "14mm",
        f"margins 'nanmm': {SIZE}",
        id="margins-nan",
    ),
    pytest.param(
        L + "styles.yaml",
        "card-title-ink: {size: 15,",
        "card-title-ink: {size: 1e308,",
        "1e308",
        f"size '1e308': {FONT}",
        id="style-size-1e308",
    ),
    pytest.param(
        L + "styles.yaml", "card-title-ink: {size: 15,", "card-title-ink: {size: .nan,", ".nan", not_finite(".nan"),
        id="style-size-nan",
    ),
    pytest.param(
        L + "styles.yaml",
        "card-title-ink: {size: 15, leading: 18,",
        "card-title-ink: {size: 15, leading: .inf,",
        ".inf",
        not_finite(".inf"),
        id="style-leading-inf",
    ),
    pytest.param(
        L + "styles.yaml",
        "card-title-ink: {size: 15,",
        "card-title-ink: {size: 15, indent: 1e308mm,",
        "1e308mm",
        f"indent '1e308mm': {LENGTH}",
        id="style-indent-1e308mm",
    ),
    pytest.param(
        L + "styles.yaml",
        "card-title-ink: {size: 15,",
        "card-title-ink: {size: 15, space_after: fifty,",
        "fifty",
        f"space_after 'fifty': {SIZE}",
        id="style-space-after-text",
    ),
    pytest.param(
        L + "styles.yaml",
        "card-title-ink: {size: 15,",
        "card-title-ink: {size: 15, tracking: .nan,",
        ".nan",
        not_finite(".nan"),
        id="style-tracking-nan",
    ),
    pytest.param(
        L + "styles.yaml",
        "  band: {size: 8.5, leading: 10.5, bold: true, color: paper, upper: true}",
        "  band: 3",
        "3",
        "styles.band must be a mapping, not 3",
        id="style-not-a-mapping",
    ),
    pytest.param(
        L + "styles.yaml",
        "color: ink, align: center}\n  big:",
        "color: ink, align: middle}\n  big:",
        "middle",
        "align 'middle': use left, center, right, justify",
        id="style-align-unknown",
    ),
]


@pytest.mark.parametrize("rel, old, new, marker, message", IN_LAYOUTS)
def test_a_number_out_of_range_in_a_layout_or_style_is_one_located_error(kit_project, rel, old, new, marker, message):
    text = kit_project.edit(rel, old, new)
    error = kit_project.compose_error()
    at = place(text, new, new.index(marker))
    assert set(printed(error)) == {f"{rel}:{at}: error: {message}"}


def test_a_track_of_a_billion_columns_is_one_located_error(kit_project):
    rel = "layouts/class-struggle/board.yaml"
    text = kit_project.edit(rel, "    cols: 12\n", "    cols: 1000000000\n")
    with pytest.raises(KitpressError) as info:
        compose_game(Project(kit_project.root), "class-struggle", BuildOptions(), fit_text=False)
    at = place(text, "cols: 1000000000", len("cols: "))
    assert printed(info.value) == [f"{rel}:{at}: error: cols 1000000000: a number of spaces is a whole number from 1 to 200"]


# -- and nothing that is not a finite number reaches a PDF --------------------------------------

NON_FINITE = re.compile(rb"(?<![\w.])[-+]?(nan|inf|infinity)(?![\w])", re.I)


def event_card_pdf(kit_project) -> bytes:
    """The first event card, composed and drawn the way a build draws it, as a PDF."""
    _, parts, _ = compose_game(Project(kit_project.root), "state-in-class", BuildOptions(), fit_text=False)
    deck = next(deck for part in parts for deck in part.decks if deck.name == "events")
    face = deck.fronts[0]
    out = io.BytesIO()
    canvas = open_canvas(out, face.size, Meta("t", "a", "s", "en"))
    draw_face(canvas, face)
    canvas.showPage()
    canvas.save()
    return out.getvalue()


def non_finite_tokens(pdf: bytes) -> list[bytes]:
    """Every nan/inf token in every content stream (pages and forms), decompressed."""
    found = []
    with pikepdf.open(io.BytesIO(pdf)) as doc:
        for obj in doc.objects:
            if isinstance(obj, pikepdf.Stream):
                found += [m.group(0) for m in NON_FINITE.finditer(obj.read_bytes())]
    return found


# (the text edited, a value that wrote nan into the card's content stream, its finite correction,
# what the error says of it). Each was drawn with nan before numbers were bounded.
CARD_TITLE = "{{ card.title }}"
WROTE_NAN = [
    pytest.param(
        TITLE,
        '<table widths="nan nan"><tr><td>a</td><td>b</td></tr></table>',
        '<table widths="20mm *"><tr><td>a</td><td>b</td></tr></table>',
        "widths 'nan'",
        id="widths-nan-nan",
    ),
    pytest.param(
        TITLE,
        '<table widths="nan% *"><tr><td>a</td><td>b</td></tr></table>',
        '<table widths="50% *"><tr><td>a</td><td>b</td></tr></table>',
        "widths 'nan'",
        id="widths-nan-percent",
    ),
    pytest.param(
        TITLE,
        f'<table lines="grid" line_width="nan"><tr><td>{CARD_TITLE}</td></tr></table>',
        f'<table lines="grid" line_width="0.3pt"><tr><td>{CARD_TITLE}</td></tr></table>',
        "line_width 'nan'",
        id="line-width-nan",
    ),
    pytest.param(
        TITLE,
        f'<box stroke="ink" width="nan">{CARD_TITLE}</box>',
        f'<box stroke="ink" width="1">{CARD_TITLE}</box>',
        "width 'nan'",
        id="box-stroke-width-nan",
    ),
    pytest.param(
        TITLE, f'<box pad="nan">{CARD_TITLE}</box>', f'<box pad="1mm">{CARD_TITLE}</box>', "pad 'nan'", id="box-pad-nan"
    ),
    pytest.param(
        TITLE,
        f'<p>{CARD_TITLE} <span size="nan">x</span></p>',
        f'<p>{CARD_TITLE} <span size="8">x</span></p>',
        "size 'nan'",
        id="span-size-nan",
    ),
    pytest.param("at: [4, 44, 62, 16]", "at: [.nan, 44, 62, 16]", "at: [4, 44, 62, 16]", not_finite(".nan"), id="frame-at-nan"),
    pytest.param(
        "fill: event}",
        "fill: event, stroke: ink, width: .nan}",
        "fill: event, stroke: ink, width: 0.5}",
        not_finite(".nan"),
        id="shape-width-nan",
    ),
]


@pytest.mark.parametrize("old, hostile, corrected, says", WROTE_NAN)
def test_no_nan_or_inf_reaches_a_pdf(kit_project, old, hostile, corrected, says):
    rel = L + "event-front.yaml"
    kit_project.edit(rel, old, hostile)
    with pytest.raises(KitpressError) as info:
        pdf = event_card_pdf(kit_project)
        pytest.fail(f"drawn, with {non_finite_tokens(pdf)} in its content")
    assert {str(problem).split(": error: ")[1].split(":")[0] for problem in info.value.problems} == {says}
    kit_project.edit(rel, hostile, corrected)
    pdf = event_card_pdf(kit_project)
    assert non_finite_tokens(pdf) == []
    assert len(pdf) > 1000

"""Markup is a language checked like YAML (kitpress.layout.markuplang): its tags and attributes
are a table, a mistake is located on its line with a "did you mean", lengths carry their unit
(a bare one is points, deprecated) and its words are snake_case (the kebab-case ones of old are
deprecated); all of it without reportlab or a style sheet, so compose can check markup before
anything is typeset."""

import subprocess
import sys
from pathlib import Path

import pytest

from compare_kits import compare  # tools/, on the path through conftest
from kitpress.build.pipeline import BuildOptions, Project, build_game, compose_game
from kitpress.cli.main import run
from kitpress.layout.markuplang import LENGTHS, TAGS, WIDTHS, MarkupError, check
from kitpress.layout.migrate import old_forms

REPO = Path(__file__).resolve().parents[1]


def error_of(markup: str) -> tuple[str, int]:
    with pytest.raises(MarkupError) as info:
        check(markup)
    return str(info.value), info.value.line


# -- the table -------------------------------------------------------------------------------
def test_an_unknown_tag_is_an_error_on_its_line_with_a_suggestion():
    assert error_of("<p>one</p>\n\n<tabel><tr><td>x</td></tr></tabel>") == ("unknown element <tabel> (did you mean 'table'?)", 3)
    assert error_of("<p>one <spam>two</spam></p>") == ("unknown element <spam> (did you mean 'span'?)", 1)


def test_an_unknown_attribute_is_a_warning_on_its_line_with_a_suggestion():
    assert check('<p>one</p>\n<table widths="* *">\n<tr><td spam="2">a</td><td>b</td></tr></table>') == [
        ("unknown attribute 'spam' on <td> (did you mean 'span'?): kitpress ignores it", 3)
    ]


def test_every_tag_has_its_attributes_and_each_length_is_a_kind_the_checks_read():
    assert {"p", "table", "td", "space", "rule", "index_list", "span", "icon"} <= set(TAGS)
    assert TAGS["space"]["h"] in LENGTHS and TAGS["table"]["line_width"] in LENGTHS and TAGS["table"]["widths"] == WIDTHS
    assert TAGS["td"]["span"] not in LENGTHS and TAGS["span"]["size"] not in LENGTHS  # a count, a font size
    assert all("-" not in tag and all("-" not in name for name in attrs) for tag, attrs in TAGS.items())


@pytest.mark.parametrize(
    "markup, message, line",
    [
        ("<p>a</b>", "markup is not well formed: mismatched tag", 1),
        ('<p>a</p>\n<space h="3km"/>', "expected a length like '70mm' or '8pt', got '3km'", 2),
        ('<rule width="90"/>', "width '90': a line width is a number from 0 to 50 pt", 1),
        ('<table><tr><td span="0">a</td></tr></table>', "span '0': a column span is a whole number from 1 to 50", 1),
        ('<table widths="* *"><tr><td>a</td></tr></table>', "widths names 2 columns, the table has 1", 0),
        ('<p align="middle">a</p>', "align 'middle': use left, center, right, justify", 1),
        ('<table lines="dotted"><tr><td>a</td></tr></table>', "unknown lines='dotted' (use grid, rows, box, cut or none)", 1),
        ("<p>a</p>\n<p><box>b</box></p>", "<box> cannot stand inside text (<p>)", 2),
        ("<ol><p>a</p></ol>", "<ol> holds only <li>, not <p>", 1),
        ("<li>a</li>", "<li> cannot stand here", 1),
        ("<table><tr>" + "<td>a</td>" * 51 + "</tr></table>", "<tr> has 51 columns, more than the 50 kitpress lays out", 1),
        ("<box>" * 40 + "</box>" * 40, "markup nested deeper than 32 elements", 1),
        ("<p>a <!-- b</p>", "a comment '<!--' is not closed with '-->'", 1),
    ],
)
def test_check_catches_the_mistakes_the_builder_catches(markup, message, line):
    assert error_of(markup) == (message, line)


def test_check_needs_neither_reportlab_nor_typeset():
    code = (
        "import sys; from kitpress.layout.markuplang import check; "
        "check('<p>a</p><table widths=\"20mm *\"><tr><td>b</td><td>c</td></tr></table>'); "
        "print(sorted(m for m in sys.modules if m.startswith(('reportlab.platypus', 'kitpress.typeset'))))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=REPO)
    assert done.stdout.strip() == "[]"


# -- lengths and words: the new forms, and the old ones deprecated -----------------------------
def test_a_bare_length_is_a_warning_naming_the_pt_form_and_zero_needs_no_unit():
    assert check('<p>a</p>\n<space h="3"/><rule before="0" after="1.5mm" width="0.5"/>') == [
        ('<space h="3">: a bare length in markup is points, in a layout\'s geometry millimetres: write h="3pt" '
         "(kitpress migrate rewrites it)", 2),
        ('<rule width="0.5">: a bare length in markup is points, in a layout\'s geometry millimetres: write '
         'width="0.5pt" (kitpress migrate rewrites it)', 2),
    ]  # fmt: skip
    (warning,) = check('<table widths="30 2* 20% 5mm"><tr><td>a</td><td>b</td><td>c</td><td>d</td></tr></table>')
    assert 'write widths="30pt 2* 20% 5mm"' in warning[0]  # a weight and a share are no lengths


def test_a_kebab_case_word_is_a_warning_naming_the_snake_case_one():
    assert check('<table line-color="ink" line_width="1pt"><tr><td>a</td></tr></table>\n<index-list/>') == [
        ("line-color= on <table> is now line_color=: markup's words are snake_case, like YAML keys (kitpress migrate rewrites it)", 1),
        ("<index-list> is now <index_list>: markup's words are snake_case, like YAML keys (kitpress migrate rewrites it)", 2),
    ]  # fmt: skip


def test_old_forms_in_a_source_leave_template_code_and_everything_else_alone():
    source = '{# h="3" #}<space h="3"/> <p>h="3"</p> <rule width=\'{{ w }}\'/> <table line-width="0.8" widths="{% for c in cs %}2 {% endfor %}">'
    assert [(old, new) for _, old, new in old_forms(source)] == [('h="3"', 'h="3pt"'), ('line-width="0.8"', 'line_width="0.8pt"')]


def _space_gap(markup: str, tmp_path: Path) -> float:
    """The distance, on the PDF, between the baselines of 'Above' and 'Below' set by the Builder."""
    from pypdf import PdfReader
    from reportlab.pdfgen.canvas import Canvas
    from reportlab.platypus import Frame

    from kitpress.typeset import fonts
    from kitpress.typeset.markup import Builder
    from kitpress.layout.stylesheet import StyleSheet

    fonts.register()
    sheet = StyleSheet({"body": {"size": 10, "leading": 12}}, {"ink": "#000000"}, "en")
    pdf = tmp_path / "space.pdf"
    canvas = Canvas(str(pdf), pagesize=(300, 600))
    Frame(0, 0, 300, 600, showBoundary=0).addFromList(Builder(sheet).build(markup, 280), canvas)
    canvas.save()
    found = {}
    PdfReader(pdf).pages[0].extract_text(visitor_text=lambda text, cm, tm, *_: found.setdefault(text.strip(), tm[5] + cm[5]))
    return found["Above"] - found["Below"]


def test_a_length_with_its_unit_is_that_length_on_the_pdf(tmp_path):
    without = _space_gap("<p>Above</p><p>Below</p>", tmp_path)
    assert _space_gap('<p>Above</p><space h="20mm"/><p>Below</p>', tmp_path) - without == pytest.approx(20 * 72 / 25.4, abs=0.01)
    assert _space_gap('<p>Above</p><space h="1in"/><p>Below</p>', tmp_path) - without == pytest.approx(72, abs=0.01)
    assert _space_gap('<p>Above</p><space h="20"/><p>Below</p>', tmp_path) - without == pytest.approx(20, abs=0.01)  # points


# -- in a game: located, and migrated --------------------------------------------------------
FRONT = "layouts/mini/card-front.yaml"
RULES = "layouts/mini/rules.yaml"


def old_markup(root: Path) -> tuple[str, str]:
    """The fixture's card front and rules written with markup's old forms; returns their text."""
    front = root / FRONT
    text = front.read_text(encoding="utf-8").replace(
        "    markup: <p>{{ card.text }}</p>\n",
        '    markup: |\n      <p>{{ card.text }}</p>\n      <table widths="20 *" line-color="ink" pad="2"><tr><td>a</td><td>b</td></tr></table>\n',
    )
    front.write_text(text, encoding="utf-8")
    rules = root / RULES
    body = rules.read_text(encoding="utf-8").replace("<index_list/>", "<index-list/>").replace("<toc/>", '<toc/>\n  <space h="4"/>')
    rules.write_text(body, encoding="utf-8")
    return text, body


def warnings(root: Path) -> list[str]:
    _, _, composer = compose_game(Project(root), "mini", BuildOptions())
    return sorted({str(p) for p in composer.problems.items if p.level == "warning"})


def test_old_markup_forms_still_build_with_warnings_at_their_lines(mini_project):
    front, body = old_markup(mini_project)
    row = 1 + front.split("\n").index('      <table widths="20 *" line-color="ink" pad="2"><tr><td>a</td><td>b</td></tr></table>')
    space = 1 + body.split("\n").index('  <space h="4"/>')
    bare = "a bare length in markup is points, in a layout's geometry millimetres"
    snake = "markup's words are snake_case, like YAML keys (kitpress migrate rewrites it)"
    assert warnings(mini_project) == sorted(
        [
            f"{FRONT}:{row}:1: warning: <table pad=\"2\">: {bare}: write pad=\"2pt\" (kitpress migrate rewrites it) (frame 'text')",
            f"{FRONT}:{row}:1: warning: <table widths=\"20 *\">: {bare}: write widths=\"20pt *\" (kitpress migrate rewrites it) (frame 'text')",
            f"{FRONT}:{row}:1: warning: line-color= on <table> is now line_color=: {snake} (frame 'text')",
            f"{RULES}:{space}:1: warning: <space h=\"4\">: {bare}: write h=\"4pt\" (kitpress migrate rewrites it) (layout rules, body)",
            # after a loop, which makes the rendered text longer than the source: where the body starts
            f"{RULES}:2:7: warning: <index-list> is now <index_list>: {snake} (layout rules, body)",
        ]
    )


def test_migrate_rewrites_the_old_markup_forms_and_the_kit_prints_the_same(mini_project, tmp_path, capsys):
    front, body = old_markup(mini_project)
    build_game(Project(mini_project), "mini", BuildOptions(out=tmp_path / "before"))
    assert run(["migrate", "mini", "--check"]) == 1
    assert "5 changes to make" in capsys.readouterr().out
    assert run(["migrate", "mini"]) == 0
    assert (mini_project / FRONT).read_text(encoding="utf-8") == front.replace(
        'widths="20 *" line-color="ink" pad="2"', 'widths="20pt *" line_color="ink" pad="2pt"'
    )
    assert (mini_project / RULES).read_text(encoding="utf-8") == body.replace('h="4"', 'h="4pt"').replace("index-list", "index_list")
    assert warnings(mini_project) == [] and run(["migrate", "mini", "--check"]) == 0
    build_game(Project(mini_project), "mini", BuildOptions(out=tmp_path / "after"))
    assert compare(tmp_path / "before", tmp_path / "after", dpi=60) == []

"""Markup is checked like YAML: an attribute its element does not read is reported, with a
"did you mean", as a warning (kitpress ignores it, as it always did: old games keep building) and
an error with --strict; the shipped layouts use none."""

import pytest

from kitpress.build.pipeline import BuildOptions, Project, compose_game
from kitpress.errors import KitpressError
from kitpress.layout.markuplang import ATTRIBUTES

L = "layouts/state-in-class/"


def warnings_of(composer) -> list[str]:
    return [str(p) for p in composer.problems.items if p.level == "warning"]


def test_an_unknown_attribute_in_a_frame_is_a_located_warning_with_a_suggestion(kit_project):
    text = kit_project.edit(L + "event-front.yaml", '<p style="card-title-ink">', '<p style="card-title-ink" allign="center">')
    line = kit_project.line_of(text, 'allign="center"')
    _, _, composer = kit_project.compose()
    assert warnings_of(composer) == [
        f"{L}event-front.yaml:{line}:13: warning: unknown attribute 'allign' on <p> (did you mean 'align'?): "
        "kitpress ignores it (frame 'title')"
    ]  # one line for the frame, though it is on every event card


def test_an_unknown_attribute_in_a_document_is_a_warning_and_strict_makes_it_an_error(kit_project):
    kit_project.edit(L + "guide.yaml", '<p style="lead">', '<p style="lead" colour="accent">')
    _, _, composer = kit_project.compose()
    (warning,) = warnings_of(composer)
    assert "unknown attribute 'colour' on <p> (did you mean 'color'?)" in warning and "(layout guide, body)" in warning
    with pytest.raises(KitpressError) as info:
        kit_project.compose(strict=True)
    assert [p.level for p in info.value.problems] == ["error"]


@pytest.mark.parametrize("game", ["state-in-class", "class-struggle", "soviet-system"])
def test_the_shipped_layouts_use_only_attributes_their_elements_read(game):
    from pathlib import Path

    _, _, composer = compose_game(Project(Path(__file__).resolve().parents[1]), game, BuildOptions())
    assert [w for w in warnings_of(composer) if "unknown attribute" in w] == []


def test_every_element_markup_knows_has_its_attributes_listed():
    from kitpress.layout.markuplang import BLOCKS, INLINE

    assert set(BLOCKS) | set(INLINE) | {"li", "tr", "td", "th", "col"} <= set(ATTRIBUTES)


# -- HTML entities ---------------------------------------------------------------------------
def _sheet():
    from kitpress.layout.stylesheet import StyleSheet

    return StyleSheet({"body": {"size": 10, "leading": 12}}, {"ink": "#000000"}, "en")


def _lines(markup: str, width: float) -> list[str]:
    from kitpress.typeset.markup import Builder

    (para,) = Builder(_sheet()).build(markup, width)
    para.wrap(width, 1000)
    return [" ".join(words) if isinstance(words, list) else words.text for _, words in para.blPara.lines]


def test_html_entities_are_the_characters_they_name():
    from kitpress.typeset.markup import Builder

    (para,) = Builder(_sheet()).build("<p>1917&ndash;1991 &mdash; &laquo;Pravda&raquo;&hellip; &amp;nbsp;</p>", 400)
    assert para.getPlainText() == "1917\u20131991 \u2014 \u00abPravda\u00bb\u2026 &nbsp;"  # &amp; stays an ampersand


def test_nbsp_keeps_a_number_and_its_unit_on_one_line():
    lines = _lines("<p>The bank starts with 3,600&nbsp;roubles in cash</p>", 120)
    assert len(lines) > 1 and any("3,600\u00a0roubles" in line for line in lines), lines


def test_an_unknown_entity_is_an_error_naming_it_with_a_suggestion_on_its_line():
    from kitpress.typeset.markup import Builder, MarkupError

    with pytest.raises(MarkupError) as info:
        Builder(_sheet()).build("<p>one&NewLine;two</p>\n<p>a&nbps;b</p>", 400)
    assert str(info.value) == "undefined entity '&nbps;' (did you mean 'nbsp'?): write the character, an HTML entity or &#NNNN;"
    assert info.value.line == 2  # &NewLine; before it adds no line

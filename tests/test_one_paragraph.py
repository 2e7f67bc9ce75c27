"""Markup that is one plain <p> is read without the XML parser (typeset/markup's
Builder._one_paragraph): it must give exactly the block the parse gives, and leave to the parse
everything the parse would say something about."""

import re

import pytest

from kitpress.layout.markuplang import MarkupError, parse
from kitpress.layout.stylesheet import StyleSheet
from kitpress.typeset import markup as markup_module
from kitpress.typeset.markup import Builder

SHEET = StyleSheet({"body": {"size": 9}, "h1": {"size": 20, "bold": True}}, {"ink": "#000000", "paper": "#ffffff"}, "en")

SIMPLE = [
    "<p>Card 12</p>",
    '<p style="h1" align="center">7</p>',
    '  <p style="h1" color="paper">A title   with\n  spaces</p>\n',
    '<p align="justify">the committee decides that every worker shall receive a new pair of boots before winter</p>',
    "<p>Налог на доходы</p>",
    "<p></p>",
]
NOT_SIMPLE = [
    "<p>Fish &amp; chips</p>",  # an entity
    "<p>one <b>bold</b> word</p>",  # markup inside
    '<p style="h1" style="body">twice</p>',  # a duplicate attribute: the parse says so
    '<p align="middle">no such alignment</p>',
    '<p style="nope">no such style</p>',
    '<p colour="ink">an attribute no element reads</p>',
    "<p>one</p><p>two</p>",
    "<h1>a heading</h1>",
]


def _blocks(flows):
    return [(type(f).__name__, f.text, f.style.name, f.style.alignment, str(f.style.textColor)) for f in flows]


def _by_parse(builder: Builder, markup: str):
    return builder.blocks(parse(markup).root, 200)


@pytest.mark.parametrize("markup", SIMPLE)
def test_one_plain_paragraph_is_the_block_the_parse_gives(markup, monkeypatch):
    expected = _blocks(_by_parse(Builder(SHEET, plain_lines=True), markup))
    monkeypatch.setattr(markup_module, "parse", lambda *_: pytest.fail("parsed"))
    builder = Builder(SHEET, plain_lines=True)
    assert _blocks(builder.build(markup, 200)) == expected
    assert builder.warnings == []


@pytest.mark.parametrize("markup", NOT_SIMPLE)
def test_anything_else_goes_the_long_way(markup):
    builder = Builder(SHEET, plain_lines=True)
    assert builder._one_paragraph(markup) is None
    try:
        built = _blocks(builder.build(markup, 200))
    except MarkupError as exc:
        with pytest.raises(MarkupError, match=re.escape(str(exc))):
            _by_parse(Builder(SHEET, plain_lines=True), markup)
    else:
        assert built == _blocks(_by_parse(Builder(SHEET, plain_lines=True), markup))

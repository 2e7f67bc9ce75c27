"""What a template reads of the content (compose/reads): a face kept between builds is composed
again when one of those names changes, so a name read and not found here would leave a stale
card in a kit. Every way a template can reach the content is tried."""

import pytest

from kitpress.compose import filters, reads
from kitpress.compose.bind import Binder
from kitpress.compose.memo import located
from kitpress.content.yamlio import load_text


@pytest.fixture
def names(tmp_path):
    (tmp_path / "helpers.j2").write_text(
        "{% macro price(item) %}{{ item.cost }} {{ secret.sign }}{% endmacro %}\n{% macro plain(x) %}{{ x }}{% endmacro %}"
    )
    (tmp_path / "outer.j2").write_text("{% include 'inner.j2' %}{{ outer_name }}")
    (tmp_path / "inner.j2").write_text("{{ inner_name.title }}")
    env = Binder([tmp_path]).env
    return lambda text, expression=False: reads.names(env, text, expression)


def test_every_branch_of_a_template_counts(names):
    text = "{% if card.rare %}{{ labels.rare }}{% else %}{{ classes[card.class].name }}{% endif %}"
    assert names(text) == {"card", "labels", "classes"}


def test_a_loop_variable_or_one_the_template_sets_is_not_content(names):
    assert names("{% for role in roles %}{{ role.title }}{% endfor %}{% set n = 2 %}{{ n }}") == {"roles"}


def test_an_expression_reads_its_names(names):
    assert names("card.cost > limits.most and deck.index", expression=True) == {"card", "limits", "deck"}


def test_a_filter_given_the_context_reads_what_it_reads(names):
    assert names("{{ labels.note | fill(n=card.n) }}") == {"labels", "card", "kit.lang"}
    assert names("{{ card.price | money }}") == {"card", "labels", "kit.lang"}
    assert names("{{ game.year | thousands }}") == {"game", "kit.lang"}


def test_every_filter_given_the_context_says_what_it_reads():
    passed = {name for name, f in filters.FILTERS.items() if hasattr(f, "jinja_pass_arg")}
    assert passed and passed <= set(filters.CONTEXT_READS)


def test_a_helper_imported_without_the_context_sees_only_what_it_is_given(names):
    assert names('{% import "helpers.j2" as h %}{{ h.price(card) }}') == {"card"}


def test_a_helper_imported_with_the_context_reads_what_it_reads(names):
    assert names('{% import "helpers.j2" as h with context %}{{ h.price(card) }}') == {"card", "secret"}
    assert names('{% from "helpers.j2" import price with context %}{{ price(card) }}') == {"card", "secret"}


def test_an_included_template_reads_what_it_and_what_it_includes_read(names):
    assert names('{% include "outer.j2" %}{{ card.title }}') == {"card", "outer_name", "inner_name"}


def test_a_template_named_by_an_expression_may_read_anything(names):
    assert names("{% include card.template %}") is reads.EVERYTHING
    assert names('{% import card.helpers as h with context %}{{ h.f() }}') is reads.EVERYTHING


def test_a_value_written_elsewhere_is_another_value_to_the_memo():
    """Kept faces carry the places their problems point at: the same text a line further down
    is not the same value."""
    here = load_text("cards:\n  - {id: a, title: North}\n", "c.yaml")["cards"][0]
    there = load_text("cards:\n\n  - {id: a, title: North}\n", "c.yaml")["cards"][0]
    again = load_text("cards:\n  - {id: a, title: North}\n", "c.yaml")["cards"][0]
    assert here == there and located(here) != located(there)
    assert located(here) == located(again)
    assert located({"n": 1}) != located({"n": 1.0}) != located({"n": "1"})


def test_an_included_template_edited_between_builds_is_read_anew(tmp_path):
    """What a text reads by itself is kept for the process (every paper and language of a game
    binds the same templates); what the templates it includes read is looked up each build."""
    (tmp_path / "part.j2").write_text("{{ before.title }}")
    text = '{% include "part.j2" %}{{ card.title }}'
    assert reads.names(Binder([tmp_path]).env, text) == {"card", "before"}
    (tmp_path / "part.j2").write_text("{{ after.title }}{% include card.other %}")
    assert reads.names(Binder([tmp_path]).env, text) is reads.EVERYTHING
    (tmp_path / "part.j2").write_text("{{ after.title }}")
    assert reads.names(Binder([tmp_path]).env, text) == {"card", "after"}

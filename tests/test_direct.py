"""Templates that are only text and values are rendered by compose/direct, through the hooks
jinja's compiled code calls: the same text, the same printed content (with its places), the same
budget spent, and any failure said by jinja in its words at its place."""

import pytest

from kitpress.compose import direct
from kitpress.compose.bind import BindError, Binder
from kitpress.content.yamlio import LocStr, YMap
from kitpress.errors import Loc


class _NoPlans(dict):
    """A Binder's plans that never hold one: every render is jinja's."""

    def __contains__(self, key):
        return True

    def __getitem__(self, key):
        return None


def _binders() -> tuple[Binder, Binder]:
    ours, jinjas = Binder([]), Binder([])
    jinjas._plans = _NoPlans()
    return ours, jinjas


def _text(value, line, field=""):
    return LocStr(value, Loc("content/cards.yaml", line, 5), field)


def _card(**fields):
    card = YMap(loc=Loc("content/cards.yaml", 1, 3))
    card.update(fields)
    return card


CONTEXT = {
    "card": _card(
        title=_text("The **Committee** <meets> & decides", 2, "title"),
        cost=3,
        rate=0.25,
        secret=True,
        nothing=None,
        kind=_card(name=_text("Worker", 7, "name"), color=_text("#aa0000", 8)),
    ),
    "labels": {"joker": _text("Joker", 9, "joker")},
    "game": {"title": "A State in Class"},
}

TEMPLATES = [
    '<p style="h2" color="paper">{{ card.title }}</p>',
    "<p>{{card.cost}} / {{ card.rate }} {{ card.secret }}{{ card.nothing }}</p>",
    '<p color="{{ card.kind.color }}">{{ card.kind.name }} — {{ labels.joker }}, {{ game.title }}</p>',
    "{{ card.cost }}",
    "line one\n<p>\n  {{ card.kind.name }}\n</p>\n",
]


def _source(text, line=4):
    return LocStr(text, Loc("layouts/game/card.yaml", line, 14))


@pytest.mark.parametrize("template", TEMPLATES)
def test_text_and_values_render_as_jinja_renders_them(template):
    ours, jinjas = _binders()
    source = _source(template)
    for _ in range(2):  # the plan made, then used
        mine, theirs = ours.render(source, CONTEXT), jinjas.render(source, CONTEXT)
        assert mine[0] == theirs[0]
        assert [(str(t), t.loc, t.field) for t in mine[1].texts] == [(str(t), t.loc, t.field) for t in theirs[1].texts]
    assert ours._plans[source] is not None  # rendered by compose/direct
    budget = lambda b: (b.env.meter.build_steps, b.env.meter.build_text)  # noqa: E731
    assert budget(ours) == budget(jinjas)


def test_the_bold_marks_and_markup_of_content_are_what_jinja_prints():
    ours, _ = _binders()
    text, printed = ours.render(_source("<p>{{ card.title }}</p>"), CONTEXT)
    assert text == "<p>The <b>Committee</b> &lt;meets&gt; &amp; decides</p>"
    assert [t.field for t in printed.texts] == ["title"]


@pytest.mark.parametrize(
    "template",
    [
        "<p>{{ card.title|upper }}</p>",  # a filter
        "<p>{{ card['title'] }}</p>",  # a subscript
        "{% if card.cost %}<p>{{ card.cost }}</p>{% endif %}",  # a block
        "<p>{{ card.cost + 1 }}</p>",  # arithmetic
        "<p>{{ range(3)|list }}</p>",
    ],
)
def test_anything_else_is_left_to_jinja(template):
    ours, jinjas = _binders()
    source = _source(template)
    assert ours.render(source, CONTEXT) == jinjas.render(source, CONTEXT)
    assert ours._plans[source] is None


def test_a_name_the_variables_lack_is_looked_up_by_jinja():
    ours, jinjas = _binders()
    source = _source("<p>{{ dict }}</p>")  # a global of the environment, not a variable
    assert direct.plan(ours.env, str(source)) is not None
    assert ours.render(source, CONTEXT)[0] == jinjas.render(source, CONTEXT)[0] == "<p>&lt;class &#39;dict&#39;&gt;</p>"


@pytest.mark.parametrize(
    "template, context",
    [
        ("<p>one</p>\n<p>two</p>\n<p>{{ card.missing }}</p>", CONTEXT),  # an attribute the card lacks, line 3
        ("<p>{{ card.__class__ }}</p>", CONTEXT),  # the sandbox refuses it
        ("<p>{{ card.kind.name.nope }}</p>", CONTEXT),
        ("<p>{{ card.title }}</p>", {**CONTEXT, "card": _card(title="x" * 70_000)}),  # more than a frame may print
    ],
)
def test_a_failure_is_jinjas_in_its_words_at_its_place(template, context):
    ours, jinjas = _binders()
    source = _source(template)
    with pytest.raises(BindError) as mine:
        ours.render(source, context)
    with pytest.raises(BindError) as theirs:
        jinjas.render(source, context)
    assert (mine.value.message, mine.value.loc) == (theirs.value.message, theirs.value.loc)
    assert ours.env.meter.build_steps == jinjas.env.meter.build_steps  # the failed attempt spent nothing


def test_a_render_set_back_runs_again_as_if_it_had_not_run():
    ours, _ = _binders()
    meter = ours.env.meter
    meter.start()
    mark = meter.mark()
    meter.spend(5)
    meter.output(100)
    meter.back(mark)
    assert meter.mark() == mark
    meter.stop()

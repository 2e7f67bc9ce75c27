"""Templates run within budgets of steps and size. Every hostile template a layout can hold ends
soon, in one located error that names the budget, without taking gigabytes; the shipped games
stay far under every budget.

Most cases render through Binder, the one door every layout's text goes through (fast); a few go
the whole way, edited into a copy of the project and composed, to show the line a user sees."""

import resource
import time
from pathlib import Path

import pytest

from kitpress.compose.bind import Binder, BindError
from kitpress.errors import KitpressError, Loc
from kitpress.content.yamlio import LocStr

ROOT = Path(__file__).resolve().parent.parent
PLACE = Loc("layouts/x.yaml", 10, 3)  # where the template's text starts (a block: its line 1 is line 11)
SECONDS = 5.0  # the point is "no hang": generous, for a loaded machine
MEGABYTES = 400  # and no gigabytes: the most a case may add to the process's peak memory
LONG = "x" * 1000
CONTEXT = {
    "items": list(range(1000)),
    "long": LONG,
    "huge": "word " * 700_000,  # 3.5 MB: a content file may be 32 MiB
    "nan": float("nan"),
    "big": [1e308, 1e308],
}


def template(text: str) -> LocStr:
    source = LocStr(f"<p>a first line</p>\n{text}", PLACE)
    source.block = True
    return source


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def refused(binder: Binder, text: str) -> tuple[BindError, float]:
    """Render `text` (on line 2 of a template): the error, and how long it took to come."""
    start = time.monotonic()
    with pytest.raises(BindError) as info:
        binder.render(template(text), CONTEXT)
    return info.value, time.monotonic() - start


STEPS = "ran over its budget of 2,000,000 steps (a loop too long?)"
FRAME = "printed more than 64 KB of text into one frame"
NESTED = "nested too deeply (a macro, loop or import that calls itself?)"
HEAVY = "{% for i in range(80000) %}{% for j in range(9) %}{% endfor %}{% endfor %}"  # 1.92 million steps


def would_be(size: str) -> str:
    return f"would be {size} characters or items long, more than 1,048,576"


def too_large(what: str) -> str:
    return f"a number too large to print ({what})"


# (the template's second line, what the message must say, the template line the error names: 2,
# or 0 for the template's own place when no line can be known). The sizes are what kitpress weighs
# before making a value: a text's own length, each field's width and precision, and for a value
# its text (a whole number below 10**19 is weighed as 20 characters, its most).
HOSTILE = [
    # repetition, power, the numbers a template makes and prints
    ("{{ 'a'*10**9 }}", would_be("1,000,000,000") + " ('a'*1000000000)", 2),
    ("{{ [0]*10**9 }}", would_be("1,000,000,000") + " ([0]*1000000000)", 2),
    ("{{ 10**1000000000 }}", too_large("10**1000000000"), 2),
    ("{{ 10**5000 }}", too_large("10**5000"), 2),
    ("{{ 1" + "0" * 5000 + " }}", too_large("a number literal of more than 4300 digits"), 0),
    ("{{ 1e999 }}", too_large("inf"), 2),
    ("{{ 1e99 * 1e99 }}", too_large("1e+99*1e+99"), 2),
    ("{{ 'inf'|float }}", too_large("|float"), 2),
    ("{{ big|sum }}", too_large("|sum"), 2),
    ("{{ 5|round(-1000000000) }}", too_large("10**(-1000000000)"), 2),
    ("{{ 'nan'|float }}", "not a finite real number (|float)", 2),
    ("{{ nan }}", "not a finite real number (nan)", 2),
    ("{{ (-8)**0.5 }}", "not a finite real number ((-8)**0.5)", 2),
    # loops: nothing printed at all, so only the step budget can stop them
    ("{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}", STEPS, 2),
    ("{% for a in items %}{% for b in items %}{% for c in items %}{% endfor %}{% endfor %}{% endfor %}", STEPS, 2),
    ("{% for i in range(100000) %}{% set x = range(100000)|list %}{% endfor %}", STEPS, 2),
    ("{% for i in range(100000) %}{{ loop.cycle(*range(100000)) }}{% endfor %}", STEPS, 2),
    ("{% for i in range(100000) %}{% if 'zzz' in huge %}{% endif %}{% endfor %}", STEPS, 2),
    ("{% set ns = namespace(a=[]) %}{% for i in range(100000) %}{% set ns.a = ns.a + [i] %}{% endfor %}", STEPS, 2),
    ("{% macro f(n) %}{% if n %}{{ f(n - 1) }}{{ f(n - 1) }}{% endif %}{% endmacro %}{{ f(40) }}", STEPS, 2),
    # text printed into one frame: counted while it is written, in every loop and macro
    ("{{ huge }}", FRAME, 2),
    ("{% for i in range(100000) %}{{ long }}{% endfor %}", FRAME, 2),
    ("{% for i in range(100000) %}literal text, written again and again{% endfor %}", FRAME, 2),
    ("{% macro m() %}{% for i in range(100000) %}0123456789{% endfor %}{% endmacro %}{% set x = m() %}", FRAME, 2),
    # what padding, formatting, joining and batching would make, weighed before it is made
    ("{{ 'x'|center(10**9) }}", would_be("1,000,000,000") + " (|center)", 2),
    ("{{ 'x'|indent(10**9) }}", would_be("1,000,000,001") + " (|indent)", 2),
    # 4,000 characters and 2,001 lines, each indented by 1,000
    ("{{ ('a\\n' * 2000)|indent(long, first=true) }}", would_be("2,005,000") + " (|indent)", 2),
    # 12 characters, a width of 999,999,999 (or a precision), a number of 20 at most
    ("{{ '%0999999999d' % 1 }}", would_be("1,000,000,031") + " ('%0999999999d'%1)", 2),
    ("{{ '%.999999999f' % 1 }}", would_be("1,000,000,031") + " ('%.999999999f'%1)", 2),
    ("{{ '%*d' % (10**9, 1) }}", would_be("1,000,000,023"), 2),  # 3 characters, the width given, the number
    ("{{ '%0999999999d'|format(1) }}", would_be("1,000,000,031") + " (|format)", 2),
    ("{{ '{:>999999999}'.format(1) }}", would_be("1,000,000,012") + " (format())", 2),  # the width covers the number
    # 6 characters, the width w, which is itself a field printed (20)
    ("{{ '{:{w}}'.format(1, w=10**9) }}", would_be("1,000,000,026") + " (format())", 2),
    # 30,000 characters of '{0}': refused at the 1,019th field, before the text is made
    ("{{ ('{0}' * 10000).format(long) }}", would_be("1,049,000") + " (format())", 2),
    ("{{ 'x'.ljust(10**9) }}", would_be("1,000,000,000") + " (padding)", 2),
    ("{{ 'x'.zfill(10**9) }}", would_be("1,000,000,000") + " (padding)", 2),
    ("{{ '\\t'.expandtabs(10**9) }}", would_be("1,000,000,001") + " (expandtabs())", 2),
    # 1,000 characters, each replaced by 2,000
    ("{{ long.replace('x', long * 2) }}", would_be("2,000,000") + " (replace())", 2),
    ("{{ long|replace('x', long * 2) }}", would_be("2,000,000") + " (|replace)", 2),
    ("{{ long.join([long] * 1000) }}", would_be("1,999,000") + " (join())", 2),  # 1,000 texts, 999 joints
    ("{% for i in [1] %}{{ long.join([long] * 1000) }}{% endfor %}", would_be("1,999,000") + " (join())", 2),  # in a loop
    ("{{ items|join(long * 2) }}", would_be("2,018,000") + " (|join)", 2),  # 1,000 numbers of 20, 999 joints
    ("{{ (1).to_bytes(10**9, 'big') }}", would_be("1,000,000,000") + " (to_bytes())", 2),
    ("{{ [1]|batch(10**9, 'x')|list }}", would_be("1,000,000,000") + " (|batch)", 2),
    ("{{ [1]|slice(10**9)|list }}", would_be("1,000,000,000") + " (|slice)", 2),
    ("{{ long|wordwrap(1, wrapstring=long * 2) }}", would_be("2,003,000") + " (|wordwrap)", 2),  # a line a character
    ("{{ lipsum(n=10**9) }}", would_be("1,200,000,000,000") + " (lipsum())", 2),
    ("{% set ns = namespace(s='x') %}{% for i in range(60) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}", would_be("2,097,152") + " (~)", 2),
    ("{% set ns = namespace(s='x') %}{% for i in range(60) %}{% set ns.s = ns.s + ns.s %}{% endfor %}", would_be("2,097,152"), 2),
    # a list holding one list twice, sixty times over: its text would never end
    ("{% set ns = namespace(a=[0]) %}{% for i in range(60) %}{% set ns.a = [ns.a, ns.a] %}{% endfor %}{{ ns.a }}", "(a list printed)", 2),
    ("{{ [[0] * 1000] * 1000 }}", "(a list printed)", 2),
    ("{{ ([[0] * 1000] * 1000)|tojson }}", "(a list printed)", 2),
    ("{{ dot({'a': long}, {'a': 10**6}) }}", "dot() multiplies numbers, not str by int", 2),
    # nesting: Python's recursion limit, told as what it is
    ("{% macro f(n) %}{{ f(n + 1) }}{% endmacro %}{{ f(0) }}", NESTED, 2),
    ("{% for x in [1] recursive %}{{ loop([1, 1]) }}{% endfor %}", NESTED, 2),
    ("{{ " + "(" * 10000 + "1" + ")" * 10000 + " }}", NESTED, 0),
]


@pytest.fixture
def binder():
    """A build's binder: each case is a build of its own (the renders of one build share a budget)."""
    return Binder([ROOT / "layouts" / "soviet-system"])


@pytest.mark.parametrize("text, message, line", HOSTILE, ids=[case[0][:60] for case in HOSTILE])
def test_a_hostile_template_ends_soon_in_a_located_error_naming_its_budget(binder, text, message, line):
    before = peak_mb()
    error, seconds = refused(binder, text)
    assert message in str(error)
    assert str(error).startswith("template: ")
    assert error.loc == (Loc(PLACE.path, PLACE.line + line, 1) if line else PLACE)
    assert seconds < SECONDS
    assert peak_mb() - before < MEGABYTES


def test_a_message_quotes_what_the_template_named_cut_short(binder):
    error, _ = refused(binder, "{{ {}[huge] }}")
    assert len(str(error)) < 300
    assert str(error).endswith("…'")  # the name cut short, inside its quotes


def test_an_imported_template_runs_within_the_budgets_and_its_error_names_its_own_line(tmp_path, monkeypatch):
    (tmp_path / "bad.j2").write_text("{% macro ok() %}ok{% endmacro %}\n{% macro bomb() %}{{ 'a' * 10**9 }}{% endmacro %}\n")
    (tmp_path / "self.j2").write_text("{% include 'self.j2' %}\n")
    monkeypatch.chdir(tmp_path)
    binder = Binder([tmp_path])
    error, seconds = refused(binder, "{% import 'bad.j2' as m %}{{ m.ok() }}{{ m.bomb() }}")
    assert str(error).startswith("template: " + would_be("1,000,000,000"))
    assert error.loc == Loc("bad.j2", 2, 1) and seconds < SECONDS
    error, seconds = refused(binder, "{% include 'self.j2' %}")
    assert str(error) == "template: " + NESTED and seconds < SECONDS


def test_an_expression_is_a_render_within_the_budgets_and_is_gone_over_within_them(binder):
    """A `when:`, `cards:` or `faces:` expression: its error is at its place; what it goes over
    lazily (|select, |map) is gone over before the budget closes."""
    where = LocStr("items|select('odd')|map('string')", Loc("layouts/x.yaml", 4, 12))
    assert list(binder.expression(where)(items=[1, 2, 3])) == ["1", "3"]
    bomb = LocStr("range(1, 7) if 10**1000000000 else []", Loc("layouts/x.yaml", 4, 12))
    with pytest.raises(BindError) as info:
        binder.expression(bomb)()
    assert str(info.value) == "template: " + too_large("10**1000000000")
    assert info.value.loc == Loc("layouts/x.yaml", 4, 12)
    assert isinstance(info.value, KitpressError)  # one that reaches the top is printed, located


def test_the_clock_is_a_safety_net_behind_the_step_budget(binder, monkeypatch):
    """A render the steps cannot stop (none should exist) is stopped by the clock; the clock is
    faked here, a minute passing at each look."""
    from kitpress.compose import budgets

    now = iter(range(0, 10**9, 61))
    monkeypatch.setattr(budgets.time, "monotonic", lambda: next(now))
    error, _ = refused(binder, "{% for i in range(100000) %}{% for j in range(3) %}{% endfor %}{% endfor %}")
    assert str(error) == "template: ran for more than 60 s (a loop too long?)"


def test_all_the_renders_of_a_build_share_one_budget(binder):
    """Each render stays under its own budget, and the build runs out: 1.92 million steps each."""
    from kitpress.compose import budgets

    fresh = binder
    # range(): a call of one argument, 2, and 80,000 items; the loop 80,001; each turn range(9), a
    # call of one argument and the loop's variables (jinja passes them), 3, and 9 items, and its loop
    # 10: 1,920,003 steps
    loop = template(HEAVY)
    renders = budgets.BUILD_STEPS // 1_920_003
    for _ in range(renders):
        fresh.render(loop, {})
    with pytest.raises(BindError) as info:
        fresh.render(loop, {})
    assert str(info.value) == "template: the build ran over its budget of 5,000,000 template steps (a loop too long?)"
    assert fresh.env.meter.peak_steps < budgets.RENDER_STEPS
    # from now on every render fails with that one error, at its place: one problem, not one a frame
    with pytest.raises(BindError) as again:
        fresh.render(LocStr("{{ 1 }}", Loc("layouts/y.yaml", 3, 4)), {})
    assert (str(again.value), again.value.loc) == (str(info.value), info.value.loc)


def test_share_coins_shares_out_a_billion_coins_at_once():
    from kitpress.compose.filters import share_out

    assert share_out(10, [3, 2, 1]) == [6, 3, 1]  # a round of 3, 2, 1; then 3 and the last 1
    rounds = 10**18 // 6  # and 4 coins left: 3, then 1
    assert share_out(10**18, [3, 2, 1]) == [3 * rounds + 3, 2 * rounds + 1, rounds]
    assert share_out(10, [0.5]) == [0]  # half a coin a round would never end
    with pytest.raises(ValueError):
        share_out(10, [2, -1])


# -- the whole way: a copy of the project, composed --------------------------------------------

E = "layouts/state-in-class/event-front.yaml"
EFFECT = "{{ card.effect }}"


def located(kit_project, rel: str, edited: str, marker: str, message: str) -> None:
    """Composing ends, soon, in the one-line problem `rel:line:col: error: message` at `marker`."""
    line = kit_project.line_of(edited, marker)
    column = edited.splitlines()[line - 1].index(marker) + 1
    start = time.monotonic()
    error = kit_project.compose_error()
    assert [str(p) for p in error.problems] == [f"{rel}:{line}:{column}: error: {message}"]
    assert time.monotonic() - start < 3 * SECONDS


def test_a_frame_that_loops_for_ever_is_refused_at_its_markup(kit_project):
    loops = "{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}"
    edited = kit_project.edit(E, EFFECT, loops)
    located(kit_project, E, edited, '<p style="outcome-center">', "template: " + STEPS)


def test_a_frame_that_prints_a_3_5_mb_content_text_is_refused_before_anything_parses_it(kit_project):
    kit_project.edit(
        "content/state-in-class/events.yaml",
        "effect: Everyone gets 2 extra coins when they are paid.",
        "effect: " + "word " * 700_000,
    )
    edited = (kit_project.root / E).read_text(encoding="utf-8")
    located(kit_project, E, edited, '<p style="outcome-center">', "template: " + FRAME)


def test_a_document_part_has_a_budget_of_its_own(kit_project):
    """The rules' body may print a megabyte (a frame 64 KB): one more is refused."""
    rules = "layouts/state-in-class/rules.yaml"
    edited = kit_project.edit(rules, "<p>{{ guide.intro }}</p>", "<p>{{ guide.intro }}</p>{{ 'word ' * 200000 }}{{ 'x' * 50000 }}")
    located(kit_project, rules, edited, "  <p>{{ guide.intro }}", "template: printed more than 1024 KB of text into one document part")


def test_a_when_condition_is_a_render_with_its_own_budget(kit_project):
    edited = kit_project.edit(E, "  - id: effect\n", "  - id: effect\n    when: \"range(100000)|map('string')|join|length > 10**1000000000\"\n")
    located(kit_project, E, edited, '"range(100000)', "template: " + too_large("10**1000000000"))


def test_a_faces_expression_over_its_budget_is_a_located_error(kit_project):
    """`faces:` (and `cards:`, `spaces:`): an expression composing reaches for without a frame."""
    dice = "layouts/class-struggle/dice.yaml"
    edited = kit_project.edit(dice, 'edge: 20, faces: "range(1, 7)", face: die-number}\n  - {id: numbered-2', 'edge: 20, faces: "range(1, 7) if 10**1000000000 else []", face: die-number}\n  - {id: numbered-2')
    from kitpress.build.pipeline import Project, compose_game

    with pytest.raises(KitpressError) as info:
        compose_game(Project(kit_project.root), "class-struggle", kit_project.options())
    line = kit_project.line_of(edited, "10**1000000000")
    column = edited.splitlines()[line - 1].index('"range(1, 7) if') + 1
    assert f"{dice}:{line}:{column}: error: template: {too_large('10**1000000000')}" in [str(p) for p in info.value.problems]


def test_a_macro_that_calls_itself_is_refused_at_its_line_in_macros_j2(kit_project):
    macros = "layouts/state-in-class/macros.j2"
    edited = kit_project.edit(macros, "{% macro pact_table() %}", "{% macro forever(n) %}{{ forever(n + 1) }}{% endmacro %}\n{% macro pact_table() %}")
    kit_project.edit("layouts/state-in-class/rules.yaml", "{{ m.pact_table() }}", "{{ m.pact_table() }}{{ m.forever(0) }}")
    located(kit_project, macros, edited, "{% macro forever", "template: " + NESTED)


@pytest.mark.slow  # three builds of state-in-class
def test_a_build_stops_when_its_renders_together_run_over_and_the_next_build_starts_afresh(kit_project):
    two = "{% if card.round <= 2 %}" + HEAVY + "{% endif %}" + EFFECT
    kit_project.edit(E, EFFECT, two)
    kit_project.compose()  # two heavy cards: 3.84 of the build's 5 million steps
    kit_project.compose()  # a second build in the same process has all its budget again
    edited = kit_project.edit(E, two, HEAVY + EFFECT)  # all 8 cards: the third runs the build over
    located(
        kit_project,
        E,
        edited,
        '<p style="outcome-center">',
        "template: the build ran over its budget of 5,000,000 template steps (a loop too long?)",
    )


@pytest.mark.parametrize("game", ["state-in-class", "soviet-system", "class-struggle"])
def test_the_shipped_games_stay_far_under_every_budget(game):
    """The budgets are set from these renders (budgets.py says the figures): at least 20 times
    over what any of them takes, 10 times for a document part (19 times today)."""
    from kitpress.compose import budgets
    from kitpress.build.pipeline import BuildOptions, Project, compose_game

    _, _, composer = compose_game(Project(ROOT), game, BuildOptions(), fit_text=False)
    meter = composer.binder.env.meter
    assert meter.peak_steps * 20 <= budgets.RENDER_STEPS
    assert (budgets.BUILD_STEPS - meter.build_steps) * 20 <= budgets.BUILD_STEPS
    assert meter.peak_frame * 20 <= budgets.FRAME_TEXT
    assert meter.peak_document * 10 <= budgets.DOCUMENT_TEXT
    assert (budgets.BUILD_TEXT - meter.build_text) * 20 <= budgets.BUILD_TEXT
    assert meter.peak_steps > 0 and meter.peak_document > 0  # it did measure them


def test_a_record_s_field_is_looked_up_as_jinja2_s_sandbox_looks_it_up():
    """BudgetedEnvironment takes a record's field without raising jinja2's AttributeError first:
    every name gives what jinja2's own sandbox gives - a field, a method of the mapping (not the
    field of that name), the record's place, a refused or missing name."""
    from jinja2.runtime import Undefined
    from jinja2.sandbox import ImmutableSandboxedEnvironment

    from kitpress.compose.sandbox import BudgetedEnvironment
    from kitpress.content.located import YMap

    record = YMap({"title": LocStr("Strike", PLACE), "cost": 3, "items": "a field named like a method", "loc": "a field"}, loc=PLACE)
    record.value_locs["title"] = PLACE
    ours, theirs = BudgetedEnvironment(), ImmutableSandboxedEnvironment()
    ours.meter.start()
    for name in ["title", "cost", "items", "keys", "get", "loc", "key_locs", "update", "pop", "__class__", "__dict__", "_x", "missing"]:
        mine, jinja = ours.getattr(record, name), theirs.getattr(record, name)
        if isinstance(jinja, Undefined):
            assert isinstance(mine, Undefined) and type(mine) is type(jinja) and mine._undefined_hint == jinja._undefined_hint, name
        else:
            assert mine == jinja and type(mine) is type(jinja), name
    assert ours.getattr(record, "title") is record["title"]  # the text itself, with its place
    assert ours.getattr(record, "items") == record.items  # the method, as jinja2 gives it
    ours.meter.stop()

"""Mistakes in layouts (and in what layouts print), each made once in a copy of the project:
every one is a located `path:line:col: error: message` problem naming the file the user has to
open, at the line where kitpress can know it; nothing crashes and the CLI prints no traceback."""

import re
import subprocess
from pathlib import Path

import pytest
import yaml
from fontTools.ttLib import TTFont

from kitpress.errors import KitpressError

ROOT = Path(__file__).resolve().parent.parent
KITPRESS = ROOT / ".venv" / "bin" / "kitpress"
L = "layouts/state-in-class/"
C = "content/state-in-class/"
TITLE = '<p style="card-title-ink">{{ card.title }}</p>'  # event-front.yaml, one-line markup
PROBLEM_LINE = re.compile(r"^\S+?(:\d+:\d+)?: (error|warning): \S")


def problems_matching(error, fragments) -> list[str]:
    fragments = (fragments,) if isinstance(fragments, str) else fragments
    return [str(p) for p in error.problems if all(f in p.message for f in fragments)]


def assert_one_line_each(error) -> None:
    text = str(error)
    assert "Traceback" not in text
    for line in text.splitlines():
        assert PROBLEM_LINE.match(line), line


# (file, old text, new text, message fragment(s), the text in the edited file whose line the
# error must name). Lines are computed from the edited text, never copied from kitpress.
MISTAKES = [
    pytest.param(
        L + "event-front.yaml",
        TITLE,
        '<p style="card-title-ink">{{ card.title </p>',
        "template: unexpected",
        "{{ card.title </p>",
        id="jinja-syntax-unclosed-braces",
    ),
    pytest.param(
        L + "guide.yaml",  # a block scalar: the line inside the body, not the body's first line
        '<p style="lead">{{ guide.intro }}</p>',
        '<p style="lead">{{ guide.intro }</p>',
        "template: unexpected '}'",
        "{{ guide.intro }</p>",
        id="jinja-syntax-in-block-names-its-line",
    ),
    pytest.param(
        L + "event-front.yaml",
        "{{ card.title }}",
        "{% if card.round %}{{ card.title }}",
        "endif",
        "{% if card.round %}",
        id="jinja-unclosed-if",
    ),
    pytest.param(
        L + "event-front.yaml",
        "{{ card.title }}",
        "{{ card.titel }}",
        "card has no 'titel' (did you mean 'title'?)",
        "card.titel",
        id="undefined-variable",
    ),
    pytest.param(
        L + "role-front.yaml",
        "{{ classes[card.class].name }}",
        "{{ card.class.name }}",
        "a text ('upper') has no 'name'; it is the id of one of classes: look the record up, classes['upper'].name",
        "card.class.name",
        id="a-reference-is-its-id-and-says-how-to-look-it-up",
    ),
    pytest.param(
        L + "guide.yaml",
        "{{ guide.also }}",
        "{{ guide.allso }}",
        "has no 'allso' (did you mean 'also'?)",
        "guide.allso",
        id="undefined-variable-in-block-names-its-line",
    ),
    pytest.param(
        L + "event-front.yaml",
        "{{ card.title }}",
        "{{ ''.__class__.__mro__ }}",
        ("not allowed in the sandbox", "__class__"),
        "__mro__",
        id="sandbox-str-class-mro",
    ),
    pytest.param(
        L + "event-front.yaml",
        "{{ card.title }}",
        "{{ card.__class__ }}",
        ("not allowed in the sandbox", "__class__"),
        "card.__class__",
        id="sandbox-content-class",
    ),
    pytest.param(
        L + "event-front.yaml",
        "{{ card.title }}",
        "{{ cycler.__init__.__globals__ }}",
        ("not allowed in the sandbox", "__init__"),
        "cycler.__init__",
        id="sandbox-globals-of-a-builtin",
    ),
    pytest.param(
        L + "event-front.yaml",
        "{{ card.title }}",
        "{{ card.update(title='changed') }}",
        ("not allowed in the sandbox", "'update'"),
        "card.update",
        id="sandbox-content-is-immutable",
    ),
    pytest.param(
        L + "event-front.yaml",
        TITLE,
        "<blink>{{ card.title }}</blink>",
        "unknown element <blink>",
        "<blink>",
        id="unknown-element",
    ),
    pytest.param(
        # kitpress locates an unknown element in multi-line markup at the markup's key (`body:`),
        # not at the <blink> line: MarkupError for an unknown tag carries no line.
        L + "guide.yaml",
        '<p style="lead">{{ guide.intro }}</p>',
        '<p style="lead">{{ guide.intro }}</p>\n  <blink>late</blink>',
        "unknown element <blink>",
        "body: |",
        id="unknown-element-in-block-names-the-body-key",
    ),
    pytest.param(
        L + "event-front.yaml",
        'style="card-title-ink"',
        'style="nope"',
        "unknown style 'nope'",
        'style="nope"',
        id="unknown-style",
    ),
    pytest.param(
        C + "game.yaml",
        "front: role-front",
        "front: role-frnt",
        "no layout named 'role-frnt' (did you mean 'role-front'?)",
        "front: role-frnt",
        id="unknown-layout-name",
    ),
    pytest.param(
        L + "styles.yaml",
        "  band: {size: 8.5,",
        "  band: {sise: 8.5,",
        "unknown style property 'sise' (did you mean 'size'?)",
        "sise",
        id="unknown-style-property",
    ),
    pytest.param(
        L + "styles.yaml",
        "  band: {size: 8.5,",
        "  band: {font: Comic, size: 8.5,",
        "unknown font 'Comic'",
        "font: Comic",
        id="unknown-font",
    ),
    pytest.param(
        L + "card.yaml",
        "size: tarot",
        "extends: card\nsize: tarot",
        "layout 'card' extends itself",
        "extends: card",
        id="layout-extends-itself",
    ),
    pytest.param(
        L + "event-front.yaml",
        TITLE,
        '<p style="card-title-ink">{{ card.title }}',
        "markup is not well formed",
        "{{ card.title }}",
        id="markup-p-not-closed",
    ),
    pytest.param(
        L + "role-front.yaml",  # multi-line markup, no loop before the mistake: its own line
        '<p style="card-small">{{ labels.life_title }}</p>',
        '<p style="card-small">{{ labels.life_title }}</b>',
        "markup is not well formed: mismatched tag",
        "{{ labels.life_title }}</b>",
        id="markup-stray-closing-tag-names-its-line",
    ),
]


@pytest.mark.parametrize("file, old, new, fragments, marker", MISTAKES)
def test_layout_mistake_is_reported_at_its_place(kit_project, file, old, new, fragments, marker):
    edited = kit_project.edit(file, old, new)
    error = kit_project.compose_error()
    assert_one_line_each(error)
    matching = problems_matching(error, fragments)
    assert matching, f"no problem mentions {fragments!r}; got:\n{error}"
    line = kit_project.line_of(edited, marker)
    assert any(m.startswith(f"{file}:{line}:") for m in matching), f"want {file}:{line}:, got:\n{error}"


def test_unknown_layout_name_names_game_yaml_and_the_cards_component(kit_project):
    """What kitpress does give for the xfail row above: game.yaml, within the cards component."""
    edited = kit_project.edit(C + "game.yaml", "front: role-front", "front: role-frnt")
    error = kit_project.compose_error()
    matching = problems_matching(error, "no layout named 'role-frnt' (did you mean 'role-front'?)")
    assert matching, str(error)
    found = re.match(rf"{re.escape(C)}game\.yaml:(\d+):\d+: error: ", matching[0])
    assert found, matching[0]
    first, last = kit_project.line_of(edited, "- id: cards"), kit_project.line_of(edited, "front: role-frnt")
    assert first <= int(found.group(1)) <= last, matching[0]


def test_layouts_extending_each_other_are_a_located_cycle(kit_project):
    """card -> event-front -> card: either file's `extends:` line is a fair place to report."""
    card = kit_project.edit(L + "card.yaml", "size: tarot", "extends: event-front\nsize: tarot")
    event = (kit_project.layout_dir / "event-front.yaml").read_text(encoding="utf-8")
    error = kit_project.compose_error()
    assert_one_line_each(error)
    matching = problems_matching(error, "extends itself")
    assert matching, str(error)
    places = (
        f"{L}card.yaml:{kit_project.line_of(card, 'extends: event-front')}:",
        f"{L}event-front.yaml:{kit_project.line_of(event, 'extends: card')}:",
    )
    assert matching[0].startswith(places), matching[0]


def test_malformed_markup_in_a_document_body_names_a_line_of_the_body(kit_project):
    edited = kit_project.edit(L + "guide.yaml", '<p style="lead">{{ guide.intro }}</p>', '<p style="lead">{{ guide.intro }}')
    error = kit_project.compose_error()
    matching = problems_matching(error, "markup is not well formed")
    assert matching, str(error)
    found = re.match(rf"{re.escape(L)}guide\.yaml:(\d+):\d+: error: ", matching[0])
    assert found, matching[0]
    body = kit_project.line_of(edited, "body: |")
    assert body <= int(found.group(1)) <= len(edited.splitlines()), matching[0]


def test_error_inside_a_macro_names_the_macro_file(kit_project):
    edited = kit_project.edit(L + "macros.j2", "{% set rows = tension.opening_pact %}", "{% set rows = tension.opening_pactt %}")
    error = kit_project.compose_error()
    matching = problems_matching(error, "opening_pactt")
    assert matching, str(error)
    # StrictUndefined fails where the undefined value is first used: the `for row in rows` below
    first, use = kit_project.line_of(edited, "opening_pactt"), kit_project.line_of(edited, "{% for row in rows %}")
    for message in matching:
        found = re.match(rf"{re.escape(L)}macros\.j2:(\d+):", message)
        assert found and first <= int(found.group(1)) <= use, message


# -- text that does not fit, characters no font has ----------------------------------------------


def test_card_text_that_does_not_fit_names_the_content_line_and_field(kit_project):
    old = "flavour: You earn almost nothing. If Education falls, your future falls with it."
    sentence = old.split(": ", 1)[1]
    edited = kit_project.edit(C + "roles.yaml", old, 'flavour: "' + " ".join([sentence] * 10) + '"')
    error = kit_project.compose_error()
    assert_one_line_each(error)
    matching = problems_matching(error, "does not fit")
    assert len(matching) == 1, str(error)
    ident = next(r["id"] for r in yaml.safe_load(edited)["roles"] if r["flavour"].startswith(sentence))
    line = kit_project.line_of(edited, 'flavour: "You earn almost nothing')
    assert matching[0].startswith(f"{C}roles.yaml:{line}:"), matching[0]
    assert f"roles.{ident}.flavour" in matching[0], matching[0]


def test_overflow_names_the_string_that_overflowed_not_the_first_one_printed(kit_project):
    kit_project.edit(
        L + "event-front.yaml",
        "frames:\n",
        "frames:\n  - id: both\n    at: [6, 100, 58, 14]\n    markup: <p>{{ card.title }}</p><p>{{ card.effect }}</p>\n",
    )
    try:  # with the real effect the new frame fits on this card: the long effect is the culprit
        kit_project.compose()
    except KitpressError as exc:
        # it may be shrunk a little (a warning), but it is no error
        assert not problems_matching(exc, ("does not fit", "card 'economic-boom', frame 'both'")), str(exc)
    old = "effect: Everyone gets 2 extra coins when they are paid."
    edited = kit_project.edit(C + "events.yaml", old, 'effect: "' + " ".join([old.split(": ", 1)[1]] * 8) + '"')
    error = kit_project.compose_error()
    matching = problems_matching(error, ("does not fit", "frame 'both'"))
    assert matching, str(error)
    line = kit_project.line_of(edited, 'effect: "Everyone gets 2 extra coins')
    assert matching[0].startswith(f"{C}events.yaml:{line}:"), matching[0]
    assert ".effect" in matching[0], matching[0]


def test_a_word_too_long_for_a_document_column_does_not_fit(kit_project):
    """Named at the content line of the text that overflowed, with its field."""
    word = "1234567890" * 20  # digits: nothing hyphenation could break
    content = (kit_project.game_dir / "guide.yaml").read_text(encoding="utf-8")
    old = re.search(r'^  intro: ".*"$', content, re.M).group(0)
    kit_project.edit(C + "guide.yaml", old, f'  intro: "Serial {word}"')
    error = kit_project.compose_error()
    assert_one_line_each(error)
    matching = problems_matching(error, ("layout guide", "does not fit"))
    assert matching, str(error)
    edited = (kit_project.game_dir / "guide.yaml").read_text(encoding="utf-8")
    assert matching[0].startswith(f"{C}guide.yaml:{kit_project.line_of(edited, word)}:"), matching[0]
    assert "field guide.intro" in matching[0], matching[0]


def _covered(codepoint: int) -> bool:
    """Whether any bundled font (fonts/*.ttf, read with fontTools, not kitpress) has the character."""
    for path in sorted((ROOT / "fonts").glob("*.ttf")):
        if codepoint in TTFont(path, lazy=True).getBestCmap():
            return True
    return False


BRAIN = "\U0001f9e0"  # U+1F9E0


@pytest.mark.parametrize(
    "file, old, new, marker",
    [
        (C + "events.yaml", "title: Economic boom", f"title: Economic boom {BRAIN}", "title: Economic boom"),
        (C + "guide.yaml", 'tip: "**Tip:** the', f'tip: "**Tip:** {BRAIN} the', "tip: "),
        (L + "event-front.yaml", "{{ card.title }}", "{{ card.title }}" + BRAIN, "{{ card.title }}"),
    ],
    ids=["card-content", "document-content", "layout-literal"],
)
def test_a_character_no_font_has_is_located(kit_project, file, old, new, marker):
    assert not _covered(ord(BRAIN))
    edited = kit_project.edit(file, old, new)
    error = kit_project.compose_error()
    assert_one_line_each(error)
    matching = problems_matching(error, "U+1F9E0")
    assert matching, str(error)
    line = kit_project.line_of(edited, marker)
    assert all(m.startswith(f"{file}:{line}:") for m in matching), str(error)


def test_u1f600_is_covered_by_the_symbol_fallback(kit_project):
    """U+1F600 is in DejaVu Sans (the fallback), so an event title may carry it."""
    assert _covered(0x1F600)
    kit_project.edit(C + "events.yaml", "title: Economic boom", "title: Economic boom \U0001f600")
    kit_project.compose()


# -- the command line ----------------------------------------------------------------------------


def test_cli_prints_located_errors_and_writes_nothing(kit_project):
    edited = kit_project.edit(L + "event-front.yaml", "{{ card.title }}", "{{ card.titel }}")
    done = subprocess.run(
        [str(KITPRESS), "build", "state-in-class", "--paper", "a4"],
        cwd=kit_project.root,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 1, (done.stdout, done.stderr)
    assert "Traceback" not in done.stderr + done.stdout
    assert "internal error" not in done.stderr
    line = kit_project.line_of(edited, "card.titel")
    errors = [s for s in done.stderr.splitlines() if ": error:" in s]
    assert errors and all(PROBLEM_LINE.match(s) for s in errors), done.stderr
    assert any(s.startswith(f"{L}event-front.yaml:{line}:") and "titel" in s for s in errors), done.stderr
    assert not (kit_project.root / "build").exists()


def test_a_template_typo_names_the_variable_and_what_it_has_like_it(kit_project):
    text = kit_project.edit("layouts/state-in-class/event-front.yaml", "{{ card.title }}", "{{ card.titel }}")
    (problem,) = kit_project.compose_error().problems
    line = kit_project.line_of(text, "card.titel")
    assert str(problem) == (
        f"layouts/state-in-class/event-front.yaml:{line}:13: error: template: card has no 'titel' (did you mean 'title'?)"
    )


def test_a_misspelt_variable_is_named_with_the_one_it_looks_like(kit_project):
    text = kit_project.edit("layouts/state-in-class/event-front.yaml", "{{ card.title }}", "{{ crad.title }}")
    (problem,) = kit_project.compose_error().problems
    line = kit_project.line_of(text, "crad.title")
    assert str(problem).endswith(f"event-front.yaml:{line}:13: error: template: 'crad' is not defined here (did you mean 'card'?)")


def test_a_label_the_game_lacks_is_named_with_where_to_add_it_not_the_shared_layout(kit_project):
    """layouts/common/document.yaml prints labels.translation in a translated kit: a game without
    that label is told which label, and where its labels are written."""
    labels = kit_project.root / "content/state-in-class/labels.yaml"
    text = labels.read_text(encoding="utf-8")
    labels.write_text("\n".join(row for row in text.split("\n") if not row.startswith("  translation:")), encoding="utf-8")
    locale = kit_project.root / "content/state-in-class/locales/es.yaml"
    rows = locale.read_text(encoding="utf-8").split("\n")
    locale.write_text("\n".join(row for row in rows if not row.startswith("labels.translation:")), encoding="utf-8")
    first = next(n for n, row in enumerate(text.split("\n"), 1) if row.startswith("  ") and ":" in row)
    messages = [str(p) for p in kit_project.compose_error(lang="es").problems]
    shared = (kit_project.root / "layouts/common/document.yaml").read_text(encoding="utf-8")
    needs = kit_project.line_of(shared, "labels.translation")
    assert f"layouts/common/document.yaml:{needs}:1: error: template: labels has no 'translation': add it where labels is written, content/state-in-class/labels.yaml:{first}" in messages

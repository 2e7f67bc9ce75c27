"""A running process parses an edited content file again by the one item that changed
(yamlio.Reread): what it gives must be what parsing the whole file gives, every value and every
place, and whatever it cannot splice it parses whole, with the same errors."""

import random

import pytest

from kitpress.compose.memo import located
from kitpress.content import yamlio
from kitpress.errors import KitpressError

DOC = """\
# the game's cards
cards:
  - {id: north, title: North wind, text: "Move two spaces — no, three."}
  - id: south
    title: South wind
    text: >
      Move back
      one space.
  # a comment between cards
  - {id: east, title: East wind, rare: true, tags: [a, b]}
  -   {id: west, title: "West wind", cost: 3}
chips:
- {id: one, value: 1}
- id: five
  value: 5
  sides:
    - {n: 1}
    - {n: 2}
labels: {currency: "$"}
"""


def whole(text: str):
    return yamlio.load_text(text, "c.yaml")


def reread_after(path, first: str, then: str):
    """A Reread that has parsed `first`, then `then`: what it gives, and whether it spliced."""
    reread = yamlio.Reread()
    path.write_text(first, encoding="utf-8")
    reread.load_file(path, "c.yaml", within=[path.parent])
    path.write_text(then, encoding="utf-8")
    return reread.load_file(path, "c.yaml", within=[path.parent]), reread.spliced


EDITS = [
    ("North wind", "Nord wind"),  # a flow item's text
    ("Move back", "Go back"),  # inside a folded block scalar
    ("    title: South wind", "    title: 'South, wind'"),  # a block item's line
    ("rare: true", "rare: false"),
    ("tags: [a, b]", "tags: [a, b, c]"),
    ('"West wind", cost: 3', '"West wind", cost: 30'),  # the last item of a list, dash followed by spaces
    ("value: 5", "value: 50"),  # an unindented list's item
    ("- {n: 2}", "- {n: 3}"),  # a list inside an item
    ("# a comment between cards", "# another comment"),  # a comment inside an item's lines
]


@pytest.mark.parametrize("old, new", EDITS)
def test_an_edit_inside_one_item_is_spliced_and_the_same_as_a_whole_parse(tmp_path, old, new):
    edited = DOC.replace(old, new, 1)
    assert edited != DOC
    value, spliced = reread_after(tmp_path / "c.yaml", DOC, edited)
    assert spliced == 1, "the item was parsed alone"
    assert located(value) == located(whole(edited))
    assert (value == whole(DOC)) == old.startswith("#")  # only a comment changes no value


def test_a_spliced_value_keeps_every_other_item_and_leaves_the_old_value_as_it_was(tmp_path):
    path = tmp_path / "c.yaml"
    reread = yamlio.Reread()
    path.write_text(DOC)
    before = reread.load_file(path, "c.yaml", within=[tmp_path])
    snapshot = located(before)
    path.write_text(DOC.replace("East wind", "East gale"))
    after = reread.load_file(path, "c.yaml", within=[tmp_path])
    assert after["cards"][0] is before["cards"][0] and after["chips"] is before["chips"]
    assert after["cards"][2]["title"] == "East gale" and before["cards"][2]["title"] == "East wind"
    assert located(before) == snapshot  # the last build's content is never changed under it


def test_the_same_text_again_is_the_same_value(tmp_path):
    path = tmp_path / "c.yaml"
    reread = yamlio.Reread()
    path.write_text(DOC)
    first = reread.load_file(path, "c.yaml", within=[tmp_path])
    assert reread.load_file(path, "c.yaml", within=[tmp_path]) is first


@pytest.mark.parametrize(
    "old, new",
    [
        ("North wind", "North\n  wind"),  # a line more: every later place moves
        ("cards:\n", "cards: \n"),  # the list's own key
        ("  - id: south", "    - id: south"),  # the dash moved
        ("labels: {currency: \"$\"}", "labels: {currency: \"€\"}"),  # not in a list
        ("  - {id: east", "  - &e {id: east"),  # names a node
    ],
)
def test_what_cannot_be_spliced_is_parsed_whole(tmp_path, old, new):
    edited = DOC.replace(old, new, 1)
    try:
        want = located(whole(edited))
    except KitpressError as exc:
        want = str(exc)
    try:
        value, spliced = reread_after(tmp_path / "c.yaml", DOC, edited)
        got = located(value)
    except KitpressError as exc:
        got, spliced = str(exc), 0
    assert spliced == 0
    assert got == want


@pytest.mark.parametrize(
    "old, new",
    [
        ("title: East wind,", "title: [East wind,"),  # an unclosed bracket
        ("rare: true", "rare: !!python/object true"),  # a tag content may not use
        ("title: South wind", "titel: South wind"),  # a typo: still valid YAML
        ("    title: South wind", "    title: South wind: again"),  # a colon YAML refuses there
    ],
)
def test_an_edit_that_breaks_an_item_says_what_a_whole_parse_says(tmp_path, old, new):
    edited = DOC.replace(old, new, 1)
    assert edited.count("\n") == DOC.count("\n")
    try:
        want = located(whole(edited))
    except KitpressError as exc:
        want = str(exc)
    try:
        got = located(reread_after(tmp_path / "c.yaml", DOC, edited)[0])
    except KitpressError as exc:
        got = str(exc)
    assert got == want


def test_a_file_that_names_nodes_is_always_parsed_whole(tmp_path):
    doc = "cards:\n  - &n {id: north, title: North}\n  - {id: south, title: South}\n  - *n\n"
    value, spliced = reread_after(tmp_path / "c.yaml", doc, doc.replace("South", "Sud"))
    assert spliced == 0 and located(value) == located(whole(doc.replace("South", "Sud")))


def test_the_guards_hold_for_a_spliced_item(tmp_path, monkeypatch):
    """The whole file's count of values and its depth are what they would be in a whole parse:
    an item that grows past either is refused, with the whole parse's message and place."""
    monkeypatch.setattr(yamlio, "MAX_DEPTH", 5)  # DOC itself is 5 deep
    deep = DOC.replace("tags: [a, b]", "tags: [[[[a]]]]")
    with pytest.raises(KitpressError) as want:
        whole(deep)
    with pytest.raises(KitpressError) as got:
        reread_after(tmp_path / "c.yaml", DOC, deep)
    assert str(got.value) == str(want.value) and "nested deeper" in str(got.value)
    monkeypatch.setattr(yamlio, "MAX_DEPTH", 64)
    monkeypatch.setattr(yamlio, "MAX_NODES", 60)
    big = DOC.replace("tags: [a, b]", "tags: [" + ", ".join("x" * 20) + "]")
    with pytest.raises(KitpressError) as want:
        whole(big)
    with pytest.raises(KitpressError) as got:
        reread_after(tmp_path / "c.yaml", DOC, big)
    assert str(got.value) == str(want.value) and "too large" in str(got.value)


def test_random_edits_of_a_deck_give_what_a_whole_parse_gives(tmp_path):
    """Two hundred edits of one character, anywhere in a file of many kinds of item, each
    against a whole parse: spliced, parsed whole or refused, the same value or the same error."""
    lines = ["cards:"]
    for n in range(40):
        if n % 3 == 0:
            lines.append(f"  - {{id: c{n}, title: Card {n}, cost: {n}, tags: [x, y]}}")
        elif n % 3 == 1:
            lines += [f"  - id: c{n}", f"    title: 'Card {n}'", "    text: |", f"      line one of {n}", "      line two"]
        else:
            lines += [f"  - id: c{n}", f"    title: Card {n}  # a comment", "    sides:", "      - 1", f"      - {n}"]
    doc = "\n".join(lines) + "\nlabels: {a: 1}\n"
    rng = random.Random(7)
    path, spliced = tmp_path / "c.yaml", 0
    for _ in range(200):
        at = rng.randrange(len(doc))
        if doc[at] == "\n":
            continue
        edited = doc[:at] + rng.choice("a1 :-{}[]'\"#,") + doc[at + 1 :]
        try:
            want = located(whole(edited))
        except KitpressError as exc:
            want = str(exc)
        try:
            value, count = reread_after(path, doc, edited)
            got = located(value)
            spliced += count
        except KitpressError as exc:
            got = str(exc)
        assert got == want, (at, edited.splitlines()[edited.count("\n", 0, at)])
    assert spliced > 50  # most edits were spliced: the fast path is the one tested

"""The YAML door's one pass (content/yamlevents): for any text, it gives exactly what the careful
way gives (the same values of the same types, at the same places, counted alike), or nothing,
and the careful way parses it; it never gives a value where the careful way reports a problem."""

import marshal
import random
from pathlib import Path

import pytest

from kitpress.content import parsedcache, yamlevents, yamlio

REPO = Path(__file__).resolve().parents[1]
LIMITS = (yamlio.MAX_NODES, yamlio.MAX_DEPTH, yamlio.MAX_DIGITS)


def quick(text: str, lines: int = 0, depth: int = 0):
    return yamlevents.build(text, "x.yaml", yamlio._COMPOSER, LIMITS, lines, depth)


def careful(text: str, lines: int = 0, depth: int = 0):
    """The careful way's (value, count), or the message of what it reports."""
    try:
        value, count, anchored = yamlio._careful(text, "x.yaml", lines, depth)
    except yamlio.KitpressError as exc:
        return str(exc)
    return value, count, anchored


def exact(value) -> bytes:
    """Every value with its type, place and block flag, in bytes (a dict's == takes 1 for True)."""
    return marshal.dumps(parsedcache._flat(value))


def agrees(text: str, lines: int = 0, depth: int = 0) -> bool:
    """Whether the one pass gave what the careful way gives; False if it gave nothing."""
    built, reference = quick(text, lines, depth), careful(text, lines, depth)
    if built is None:
        return False
    assert not isinstance(reference, str), f"the one pass read what the careful way refuses ({reference}):\n{text}"
    assert not reference[2], f"the one pass read named or repeated nodes:\n{text}"
    assert built[1] == reference[1], text
    assert exact(built[0]) == exact(reference[0]), text
    return True


PLAIN = [
    "title: Hello\nitems:\n  - one\n  - two\nnested:\n  key: value\ncount: 7\n",
    "",
    "# only a comment\n",
    "---\n",
    "--- \na: 1\n...\n",
    "- a\n- b\n",
    "just text",
    "a: |\n  first\n  second\nb: >\n  folded\n  text\nc: |+\n  kept\n\nd: x\n",
    "a: 'single ''quoted'''\nb: \"double \\u00e9\\n\"\nc: plain with:colon, and a #hash\n",
    "n: [1, -2, +3, 0x1F, 0o17, 017, 089, 007, 1_000, 0, 10, 1:30, 3.5, -.5e3, 6.8523015e+5]\n",
    "b: [yes, No, TRUE, off, On, y, n]\nz: [~, null, Null, '', \"\"]\n",
    "t: 2001-12-14\nd: 2002-12-14t21:59:43.10-05:00\n",
    "s: [!!str 3, !!int '7', !!float 1, !!bool yes, !!null '']\n",
    "{a: 1, b: {c: [x, y, {d: e}]}, 'f g': \"h\"}\n",
    "cards:\n- id: a\n  tags:\n  - x\n  - y\n- id: b\n",
    "key with spaces: v\n\"quoted key\": w\n'7': seven\n? complex\n: value\n",
    "a:\nb: ~\nc:\n  -\n  - ''\n",
    "deep: " + "[" * 63 + "]" * 63 + "\n",
    "unicode: \u00e9t\u00e9 \u4e2d\u6587 \U0001F3B2\n",
    "\ufeffbom: yes\n",
    "a: 1\r\nb: 2\r\n",
    "a: 1\rb: 2\r",
    "long: 123456789012345\nneg: -123456789012345\n",
    "s: !!str\nt: !!str ''\n",
    "x: [a, b, ]\ny: {a: 1, }\n",
    "? a\n? b\n",
    "- - - deep\n    - list\n  - back\n",
]

REFUSED = [
    "a: 1\na: 2\n",  # duplicate key
    "a: &x 1\nb: *x\n",  # named and repeated
    "a: *nothing\n",
    "<<: {a: 1}\n",
    "[a]: 1\n",
    "{a: 1}: 2\n",
    "a: !!python/object:os.system x\n",
    "a: !local x\n",
    "a: !!set {x}\n",
    "a: !!binary aGk=\n",
    "a: !!int ten\n",
    "a: !!float x\n",
    "a: .inf\nb: -.nan\nc: 1e999\n",
    "a: 1234567890123456\n",
    "a: =\n",
    "a: 1\n---\nb: 2\n",
    "a: [1, 2\n",
    "a: 'open\n",
    "\tx: 1\n",
    "a: \x07\n",
    "deep: " + "[" * 65 + "]" * 65 + "\n",
    "a: b: c\n",
    "- a\nb: c\n",
    "a: !!seq [1]\nb: !!map {a: 1}\nc: !!seq {a: 1}\n",
    "%YAML 1.1\n%TAG ! tag:example.com,2000:\n---\na: !x 1\n",
]


@pytest.mark.parametrize("text", PLAIN)
def test_plain_content_is_read_in_one_pass_as_the_careful_way_reads_it(text):
    assert agrees(text)


@pytest.mark.parametrize("text", REFUSED)
def test_what_the_careful_way_must_say_or_build_is_left_to_it(text):
    assert quick(text) is None
    reference = careful(text)
    # the door still says it (or builds the repeated nodes) the careful way
    assert isinstance(reference, str) or reference[2], reference


def test_where_libyaml_refuses_what_pyyaml_reads_the_careful_way_decides():
    text = "a: x\n\ufeffb: y\n"  # a byte order mark inside the text: libyaml stops, PyYAML reads a key
    assert quick(text) is None
    assert careful(text)[0] == {"a": "x", "\ufeffb": "y"}


def test_the_explicit_collection_tags_are_read_and_the_wrong_ones_refused():
    assert agrees("a: !!seq [1]\nb: !!map {a: 1}\n")
    assert isinstance(careful("c: !!seq {a: 1}\n"), str) and quick("c: !!seq {a: 1}\n") is None


def test_every_shipped_yaml_file_is_read_in_one_pass_as_the_careful_way_reads_it():
    files = sorted([*(REPO / "content").rglob("*.yaml"), *(REPO / "layouts").rglob("*.yaml")])
    assert len(files) > 40
    for path in files:
        assert agrees(path.read_text(encoding="utf-8")), path


def test_a_spliced_item_is_placed_where_its_file_has_it():
    text = "  - id: c7\n    text: |\n      A card.\n    cost: 3\n"
    assert agrees(text, lines=41, depth=1)
    value, _ = quick(text, lines=41, depth=1)
    assert value.loc.line == 42 and value[0]["text"].loc.line == 43 and value[0]["text"].block


def test_the_guards_limits_hold_in_one_pass():
    assert agrees("[" * 64 + "]" * 64)  # the deepest the door lets in
    assert quick("[" * 64 + "]" * 64, depth=1) is None  # one level too deep for an item one level down
    many = "[" + ",".join(["1"] * (yamlio.MAX_NODES - 1)) + "]"
    assert quick(many)[1] == yamlio.MAX_NODES
    assert quick("[" + ",".join(["1"] * yamlio.MAX_NODES) + "]") is None


# -- a differential fuzz: random documents, some broken on purpose ---------------------------
SCALARS = ["word", "two words", "A card's text, with commas", "3", "-1", "0", "20", "3.5", "é ü", "'quoted'", '"dq\\t"']
TRICKY = [
    "yes", "No", "~", "null", "", "0x1F", "0o17", "017", "1_000", "1:30", ".inf", "-.nan", "2001-12-14",
    "<<", "=", "12345678901234567", "!!int 3", "!!str 3", "!!float x", "!!binary aGk=", "&a x", "*a",
    "+2", "1e3", "true", "089", "00", "007", "123456789012345", "١٢", "²", "'<<'", "!!merge <<",
    "a: b", "# c", "[x]", "{y: 1}", "!x", "%", "@", "`", "- dash", ">", "|",
]
KEYS = ["id", "title", "text", "cost", "gain", "kind", "'q'", '"d d"', "7", "yes", "~"]


def _scalar(rng: random.Random) -> str:
    return rng.choice(TRICKY if rng.random() < 0.15 else SCALARS)


def _keys(rng: random.Random, count: int) -> list[str]:
    keys = rng.sample(KEYS, count)
    if rng.random() < 0.05:
        keys.append(rng.choice(keys + ["<<", "? k", "- x"]))  # a duplicate, a merge key, or worse
    return keys


def _value(rng: random.Random, depth: int, indent: int) -> str:
    roll = rng.random()
    if depth > 3 or roll < 0.5:
        return _scalar(rng)
    if roll < 0.6:
        return "[" + ", ".join(_value(rng, 9, 0) for _ in range(rng.randrange(4))) + "]"
    if roll < 0.7:
        return "{" + ", ".join(f"{key}: {_value(rng, 9, 0)}" for key in _keys(rng, rng.randrange(4))) + "}"
    if roll < 0.8:
        lines = (" " * (indent + 2) + _scalar(rng) for _ in range(rng.randrange(1, 3)))
        return rng.choice("|>") + rng.choice(["", "+", "-"]) + "\n" + "\n".join(lines)
    pad = " " * (indent + 2)
    if roll < 0.9:
        return "\n" + "\n".join(f"{pad}- {_value(rng, depth + 1, indent + 2)}" for _ in range(rng.randrange(1, 4)))
    return "\n" + "\n".join(f"{pad}{key}: {_value(rng, depth + 1, indent + 2)}" for key in _keys(rng, rng.randrange(1, 4)))


def _document(rng: random.Random) -> str:
    text = "\n".join(f"{key}: {_value(rng, 0, 0)}" for key in _keys(rng, rng.randrange(1, 6))) + "\n"
    if rng.random() < 0.2:  # a character, a line or an indentation broken
        at = rng.randrange(len(text))
        text = text[:at] + rng.choice(["\n", " ", "  ", "- ", ": ", "'", "[", "&b ", "*b", "\t", "#"]) + text[at:]
    return text


def test_random_documents_are_read_alike_or_left_to_the_careful_way():
    rng = random.Random(16)
    read = refused = 0
    for _ in range(3000):
        if agrees(_document(rng)):
            read += 1
        else:
            refused += 1
    assert read > 1000 and refused > 500, (read, refused)  # both ways were taken, many times

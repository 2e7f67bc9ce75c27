"""yamlio: the only door YAML comes in by. Values remember where they were written, and
dangerous or ambiguous YAML is refused with a place."""

import os
import time
import tracemalloc

import pytest

from kitpress.content import yamlio
from kitpress.errors import KitpressError, Loc
from kitpress.content.yamlio import LocStr, YList, YMap

DOC = """\
title: Hello
items:
  - one
  - two
nested:
  key: value
count: 7
"""


def error_text(text: str, path: str = "x.yaml") -> str:
    with pytest.raises(KitpressError) as info:
        yamlio.load_text(text, path)
    return str(info.value)


# -- locations --------------------------------------------------------------------------------


def test_keys_and_values_know_their_line_and_column():
    doc = yamlio.load_text(DOC, "x.yaml")
    assert isinstance(doc, YMap)
    assert doc.key_loc("title") == Loc("x.yaml", 1, 1)
    assert doc.loc_of("title") == Loc("x.yaml", 1, 8)
    assert doc["nested"].key_loc("key") == Loc("x.yaml", 6, 3)
    assert doc["nested"].loc_of("key") == Loc("x.yaml", 6, 8)
    assert doc.loc_of("count") == Loc("x.yaml", 7, 8)


def test_strings_are_locstr_and_still_plain_strings():
    doc = yamlio.load_text(DOC, "x.yaml")
    title = doc["title"]
    assert isinstance(title, LocStr)
    assert title == "Hello"
    assert title.loc == Loc("x.yaml", 1, 8)
    assert str(title.loc) == "x.yaml:1:8"
    assert doc["count"] == 7 and type(doc["count"]) is int


def test_list_items_know_their_place():
    doc = yamlio.load_text(DOC, "x.yaml")
    items = doc["items"]
    assert isinstance(items, YList)
    assert items == ["one", "two"]
    assert items.loc_of(0) == Loc("x.yaml", 3, 5)
    assert items[1].loc == Loc("x.yaml", 4, 5)


def test_empty_file_is_an_empty_mapping():
    doc = yamlio.load_text("# only a comment\n", "e.yaml")
    assert doc == {} and isinstance(doc, YMap)


# -- duplicate keys ---------------------------------------------------------------------------


def test_duplicate_key_is_an_error_at_the_second_key():
    message = error_text("a: 1\nb: 2\na: 3\n")
    assert message == "x.yaml:3:1: error: duplicate key 'a' (first defined at line 1)"


def test_duplicate_key_in_a_nested_mapping():
    message = error_text("outer:\n  k: 1\n  other: 2\n  k: 3\n")
    assert message.startswith("x.yaml:4:3: error: ")
    assert "duplicate key 'k' (first defined at line 2)" in message


# -- python tags ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, where",
    [
        ("a: !!python/object/apply:os.system ['{cmd}']\n", "x.yaml:1:4:"),
        ("a: 1\nb: !!python/object/apply:os.system\n  args: ['{cmd}']\n", "x.yaml:2:4:"),
        ("- !!python/object/new:os.system ['{cmd}']\n", "x.yaml:1:3:"),
        ("a: !!python/name:os.system\n", "x.yaml:1:4:"),
    ],
)
def test_python_tags_are_refused_and_never_run(text, where, tmp_path, monkeypatch):
    marker = tmp_path / "ran"
    calls = []
    monkeypatch.setattr(os, "system", lambda *a, **k: calls.append(a))
    message = error_text(text.replace("{cmd}", f"touch {marker}"))
    assert message.startswith(where)
    assert "is not allowed in content" in message
    assert "python/" in message
    assert calls == []
    assert not marker.exists()


@pytest.mark.parametrize(
    "text, message",
    [
        ("a: !!int ten\n", "x.yaml:1:4: error: 'ten' is not a valid !!int; remove the tag or fix the value"),
        ("a: !!float half\n", "x.yaml:1:4: error: 'half' is not a valid !!float; remove the tag or fix the value"),
        ("a: !!bool maybe\n", "x.yaml:1:4: error: 'maybe' is not a valid !!bool; remove the tag or fix the value"),
    ],
)
def test_a_plain_tag_that_does_not_fit_its_value_is_located(text, message):
    assert error_text(text) == message


def test_a_plain_tag_that_fits_its_value_is_read():
    assert yamlio.load_text("a: !!int '12'\nb: !!str 12\n", "x.yaml") == {"a": 12, "b": "12"}


# -- alias bombs ------------------------------------------------------------------------------


def billion_laughs(levels: int = 9) -> str:
    lines = ['a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for i in range(1, levels + 1):
        lines.append(f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]")
    return "\n".join(lines) + "\n"


def test_alias_bomb_is_refused_quickly():
    start = time.perf_counter()
    message = error_text(billion_laughs(), "bomb.yaml")
    elapsed = time.perf_counter() - start
    assert message.startswith("bomb.yaml:")
    assert "too large" in message
    assert elapsed < 10, f"took {elapsed:.1f}s to refuse an alias bomb"


def test_deep_nesting_is_refused_without_recursion():
    for text in ("[" * 100_000 + "]" * 100_000, "{a: " * 100_000 + "1" + "}" * 100_000):
        assert error_text(text, "deep.yaml").startswith("deep.yaml:1:")
        assert error_text(text, "deep.yaml").endswith("error: document nested deeper than 64 levels")


def test_nesting_up_to_the_limit_still_loads():
    doc = yamlio.load_text("[" * 64 + "]" * 64, "x.yaml")
    for _ in range(63):
        doc = doc[0]
    assert doc == []


def test_a_document_of_too_many_values_is_refused_before_it_is_built():
    text = "[" + ",".join(["1"] * 1_900_000) + "]"  # 3.8 MB, far below the size limit
    tracemalloc.start()
    try:
        message = error_text(text, "many.yaml")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert message == "many.yaml:1:800000: error: document too large (more than 400000 values, or an alias bomb)"
    # building the nodes first took 700 MB; refusing while counting stays near the text's size
    assert peak < 64 * 1024 * 1024, f"peak {peak / 2**20:.0f} MiB"


def test_a_huge_file_is_refused_without_reading_it(tmp_path):
    path = tmp_path / "huge.yaml"
    with path.open("wb") as file:
        file.truncate(2**32)  # 4 GiB, sparse: reading it whole would take all the memory
    with pytest.raises(KitpressError) as info:
        yamlio.load_file(path, "huge.yaml", within=[tmp_path])
    assert str(info.value) == "huge.yaml:1:1: error: file larger than 32 MiB"


def test_ordinary_aliases_still_work():
    doc = yamlio.load_text("a: &x [1, 2]\nb: *x\n", "x.yaml")
    assert doc["b"] == [1, 2]


# -- syntax, merge keys, encoding -------------------------------------------------------------


@pytest.mark.parametrize(
    "text, where, fragment",
    [
        ("a: 1\n  b: 2\n", "x.yaml:2:4:", "mapping values are not allowed here"),
        ("title: A title: with a colon\n", "x.yaml:1:15:", "mapping values are not allowed here"),
        ("a:\n\tb: 1\n", "x.yaml:2:1:", "cannot start any token"),
        ("a: 1\n---\nb: 2\n", "x.yaml:2:1:", "another document"),
    ],
)
def test_yaml_syntax_errors_are_located(text, where, fragment):
    message = error_text(text)
    assert message.startswith(where + " error: YAML syntax: ")
    assert fragment in message


def test_merge_keys_are_refused():
    message = error_text("base: &b {x: 1}\nother:\n  <<: *b\n  y: 2\n")
    assert message.startswith("x.yaml:3:3: error: ")
    assert "merge keys '<<' are not supported" in message


def test_non_utf8_file_is_refused_with_its_line(tmp_path):
    path = tmp_path / "latin1.yaml"
    path.write_bytes("a: 1\nb: café\n".encode("latin-1"))
    with pytest.raises(KitpressError) as info:
        yamlio.load_file(path, "latin1.yaml", within=[tmp_path])
    assert str(info.value) == "latin1.yaml:2:1: error: file is not UTF-8 text"


def test_utf8_file_with_bom_and_windows_line_endings_loads(tmp_path):
    path = tmp_path / "win.yaml"
    path.write_bytes("\ufefftitle: Café\r\nname: x\r\n".encode("utf-8"))
    doc = yamlio.load_file(path, "win.yaml", within=[tmp_path])
    assert doc == {"title": "Café", "name": "x"}
    assert doc["name"].loc == Loc("win.yaml", 2, 7)


def test_missing_file_is_an_error_naming_it(tmp_path):
    with pytest.raises(KitpressError) as info:
        yamlio.load_file(tmp_path / "nope.yaml", "nope.yaml", within=[tmp_path])
    assert str(info.value).startswith("nope.yaml: error: cannot read file")


def test_a_collection_of_20000_cards_is_read_whole():
    # a deck of 20,000 cards of the bench's kind is about 7 MB: under the size limit, and its
    # 140,000 values under the node limit (which guards the memory)
    body = " ".join(["the committee decides that every worker shall receive a new pair of boots"] * 4)
    lines = ["cards:"] + [f"  - {{id: c{i:05d}, title: Card {i + 1}, body: {body}, cost: {i % 9}, gain: {i % 7}}}" for i in range(20_000)]
    text = "\n".join(lines) + "\n"
    assert len(text.encode()) > 6 * 1024 * 1024
    cards = yamlio.load_text(text, "cards.yaml")["cards"]
    assert len(cards) == 20_000 and cards[19_999]["title"] == "Card 20000"
    assert cards.loc_of(19_999).line == 20_001

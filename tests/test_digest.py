"""The digests fingerprints are made of: every field of a value counts, in a stable form, and a
type with no stable form is refused rather than guessed at."""

from dataclasses import dataclass, field
from pathlib import Path

import pytest

from kitpress.content.yamlio import LocStr
from kitpress.digest import digest
from kitpress.errors import Loc


@dataclass(frozen=True)
class Box:
    size: float
    label: str
    where: Loc = field(default=Loc("a.yaml", 1, 1), compare=False)


def test_every_field_counts_and_one_not_compared_does_not():
    assert digest(Box(3.0, "a")) != digest(Box(3.5, "a")) != digest(Box(3.0, "b"))
    assert digest(Box(3.0, "a", Loc("a.yaml", 1, 1))) == digest(Box(3.0, "a", Loc("b.yaml", 9, 9)))


def test_the_same_value_always_gives_the_same_digest():
    assert digest({"b": 1, "a": [1.5, None]}) == digest({"a": [1.5, None], "b": 1})  # key order does not count
    assert digest(LocStr("text", Loc("x.yaml", 3, 4))) == digest("text")  # text with a place is its text
    assert digest(Path("a/b")) == digest("a/b")
    assert digest(True) != digest(1) and digest(1) != digest(1.0) and digest("1") != digest(1)
    assert digest(("ab", "c")) != digest(("a", "bc"))  # lengths keep neighbours apart


def test_equal_values_give_one_digest_however_they_are_held():
    # text with a place inside a record, as at the top
    assert digest(Box(3.0, LocStr("a", Loc("x.yaml", 3, 4)))) == digest(Box(3.0, "a"))
    assert digest([1, (2.5, "x")]) == digest((1, [2.5, "x"]))  # a list is a tuple
    # one object met twice, or two equal ones; a string interned or built: the same bytes
    word = "".join(["sha", "red"])
    assert digest((word, word)) == digest(("shared", "".join(["sh", "ared"])))
    assert digest({"k": Box(1.0, "a")}) == digest({"k": Box(1.0, "a")})


def test_a_record_is_not_a_tuple_of_its_values():
    assert digest(Box(3.0, "a")) != digest(("Box", 3.0, "a")) != digest((3.0, "a"))
    assert digest({"a": 1}) != digest((("a", 1),)) and digest(None) != digest(()) != digest("")
    with pytest.raises(TypeError, match="no stable form for a bytes"):
        digest(b"Box")  # what leads a record's form: never a value's


def test_an_object_with_no_stable_form_is_refused():
    with pytest.raises(TypeError, match="no stable form for a object"):
        digest(object())

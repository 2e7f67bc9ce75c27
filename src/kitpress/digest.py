"""Digests of values over an explicit, stable serialisation: what a fingerprint is made of.

`repr()` was used before, and it hid two dangers: an object whose repr holds its address (a new
digest every run: nothing ever reused) and a field a value's repr leaves out or a digest forgot
(a stale file reused: a document's `gap` once changed nothing in its fingerprint). Here every
field of a dataclass counts unless it is declared `compare=False` (where a value was written, not
what it is), and a type with no stable form is a TypeError, never a guess.
"""

from __future__ import annotations

import dataclasses
import hashlib
from pathlib import PurePath


def digest(*parts) -> str:
    """16 hex digits that change whenever any part's value does."""
    out = hashlib.sha1()
    _feed(out.update, parts)
    return out.hexdigest()[:16]


def _feed(write, value) -> None:
    # str subclasses (text with its place) count as their text; bool before int (True is an int)
    if isinstance(value, str):
        write(b"s%d:" % len(value))
        write(value.encode("utf-8", "surrogatepass"))
    elif value is None or isinstance(value, bool):
        write(b"n" if value is None else b"T" if value else b"F")
    elif isinstance(value, int | float):
        write(b"%c%s;" % (ord("i") if isinstance(value, int) else ord("f"), repr(value).encode()))
    elif isinstance(value, tuple | list):
        write(b"[")
        for item in value:
            _feed(write, item)
        write(b"]")
    elif isinstance(value, dict):
        write(b"{")
        for key in sorted(value, key=str):
            _feed(write, key)
            _feed(write, value[key])
        write(b"}")
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        write(type(value).__name__.encode() + b"(")
        for field in _fields(type(value)):
            _feed(write, getattr(value, field))
        write(b")")
    elif isinstance(value, PurePath):
        _feed(write, value.as_posix())
    else:
        raise TypeError(f"no stable form for a {type(value).__name__} in a digest")


_FIELDS: dict[type, tuple[str, ...]] = {}


def _fields(kind: type) -> tuple[str, ...]:
    if kind not in _FIELDS:
        _FIELDS[kind] = tuple(f.name for f in dataclasses.fields(kind) if f.compare)
    return _FIELDS[kind]

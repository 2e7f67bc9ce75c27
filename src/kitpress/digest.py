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
import operator
from pathlib import PurePath


def digest(*parts) -> str:
    """16 hex digits that change whenever any part's value does."""
    out: list[bytes] = []  # the serialisation's pieces, hashed in one go
    _feed(out.append, parts)
    return hashlib.sha1(b"".join(out)).hexdigest()[:16]


def _feed(write, value) -> None:
    kind = type(value)
    feeder = _FEEDERS.get(kind)
    if feeder is None:  # the first value of a type: found once (a scene holds few types, many values)
        feeder = _FEEDERS[kind] = _feeder_for(kind)
    feeder(write, value)


def _text(write, value) -> None:  # str subclasses (text with its place) count as their text
    write(b"s%d:" % len(value))
    write(value.encode("utf-8", "surrogatepass"))


def _none(write, value) -> None:
    write(b"n")


def _bool(write, value) -> None:
    write(b"T" if value else b"F")


def _int(write, value) -> None:
    write(b"i%r;" % value)  # %r: the value's repr, as ASCII bytes (a digest of a scene is mostly numbers)


def _float(write, value) -> None:
    write(b"f%r;" % value)


def _sequence(write, value) -> None:
    write(b"[")
    _sequence_items(write, value)
    write(b"]")


def _sequence_items(write, items) -> None:
    feeders = _FEEDERS
    for item in items:  # _feed, inlined: most of a scene's values sit in tuples and records
        feeder = feeders.get(type(item))
        if feeder is None:
            feeder = feeders[type(item)] = _feeder_for(type(item))
        feeder(write, item)


def _mapping(write, value) -> None:
    write(b"{")
    for key in sorted(value, key=str):
        _feed(write, key)
        _feed(write, value[key])
    write(b"}")


def _path(write, value) -> None:
    _text(write, value.as_posix())


def _feeder_for(kind: type):
    """How values of a type are written; bool before int (True is an int)."""
    if issubclass(kind, str):
        return _text
    if kind is type(None):
        return _none
    if issubclass(kind, bool):
        return _bool
    if issubclass(kind, int):
        return _int
    if issubclass(kind, float):
        return _float
    if issubclass(kind, tuple | list):
        return _sequence
    if issubclass(kind, dict):
        return _mapping
    if dataclasses.is_dataclass(kind):
        head, names = kind.__name__.encode() + b"(", _fields(kind)
        fetch = operator.attrgetter(*names) if len(names) > 1 else None  # all fields in one call (a tuple)

        def _record(write, value) -> None:
            write(head)
            _sequence_items(write, fetch(value) if fetch else [getattr(value, name) for name in names])
            write(b")")

        return _record
    if issubclass(kind, PurePath):
        return _path
    return _refused


def _refused(write, value) -> None:
    raise TypeError(f"no stable form for a {type(value).__name__} in a digest")


_FEEDERS: dict[type, object] = {}
_FIELDS: dict[type, tuple[str, ...]] = {}


def _fields(kind: type) -> tuple[str, ...]:
    if kind not in _FIELDS:
        _FIELDS[kind] = tuple(f.name for f in dataclasses.fields(kind) if f.compare)
    return _FIELDS[kind]

"""Digests of values over an explicit, stable serialisation: what a fingerprint is made of.

`repr()` was used before, and it hid two dangers: an object whose repr holds its address (a new
digest every run: nothing ever reused) and a field a value's repr leaves out or a digest forgot
(a stale file reused: a document's `gap` once changed nothing in its fingerprint). Here every
field of a dataclass counts unless it is declared `compare=False` (where a value was written, not
what it is), and a type with no stable form is a TypeError, never a guess.

A value is first brought to a canonical form made of plain values (exact str, int, float, bool,
None), tuples and dicts, which marshal then writes in C: a card's face (two shapes, four frames,
90 values) is digested in a quarter of the time its values took written one by one in Python.
Text with a place is its text, a path its POSIX text, a list a tuple, a dict's keys in a fixed
order; a dataclass is a tuple led by its name as bytes, which no value holds (bytes have no
stable form here), so no tuple of values can be taken for one. Marshal's version 2 is the last
without back-references: version 3 marks an object met twice, so its output would depend on
which equal objects are shared, and on reference counts.
"""

from __future__ import annotations

import dataclasses
import hashlib
import marshal
import operator
from pathlib import PurePath

_PLAIN = frozenset({str, int, float, bool, type(None)})
_MARSHAL_VERSION = 2


def digest(*parts) -> str:
    """16 hex digits that change whenever any part's value does."""
    return hashlib.sha1(marshal.dumps(_sequence(parts), _MARSHAL_VERSION)).hexdigest()[:16]


def _canon(value):
    kind = type(value)
    if kind in _PLAIN:
        return value
    canon = _CANONS.get(kind)
    if canon is None:  # the first value of a type: found once (a scene holds few types, many values)
        canon = _CANONS[kind] = _canon_for(kind)
    return canon(value)


def _sequence(value) -> tuple:
    for item in value:
        if type(item) not in _PLAIN:
            return tuple([item if type(item) in _PLAIN else _canon(item) for item in value])
    return value if type(value) is tuple else tuple(value)


def _mapping(value) -> dict:
    pairs = sorted(((_canon(key), _canon(item)) for key, item in value.items()), key=lambda pair: str(pair[0]))
    return dict(pairs)


def _canon_for(kind: type):
    """How values of a type are brought to their canonical form (bool, which cannot be
    subclassed, is plain: never here)."""
    if issubclass(kind, str):
        return str.__str__  # a str subclass (text with its place): its text, as a str
    if issubclass(kind, int):
        return int
    if issubclass(kind, float):
        return float
    if issubclass(kind, tuple | list):
        return _sequence
    if issubclass(kind, dict):
        return _mapping
    if dataclasses.is_dataclass(kind):
        return _record_canon(kind)
    if issubclass(kind, PurePath):
        return PurePath.as_posix
    return _refused


def _record_canon(kind: type):
    head, names = (kind.__name__.encode(),), _fields(kind)
    if not names:
        return lambda value: head
    if len(names) == 1:
        name = names[0]
        return lambda value: head + (_canon(getattr(value, name)),)
    fetch = operator.attrgetter(*names)  # all fields in one call (a tuple)

    def _record(value) -> tuple:
        return head + _sequence(fetch(value))

    return _record


def _refused(value):
    raise TypeError(f"no stable form for a {type(value).__name__} in a digest")


_CANONS: dict[type, object] = {}
_FIELDS: dict[type, tuple[str, ...]] = {}


def _fields(kind: type) -> tuple[str, ...]:
    if kind not in _FIELDS:
        _FIELDS[kind] = tuple(f.name for f in dataclasses.fields(kind) if f.compare)
    return _FIELDS[kind]

"""A layout's numbers, read at their places: lengths (a bare number is millimetres, text says its
unit: '3mm', '8pt') and plain numbers (a line width, a font size, a count), each within the range
of what it is, or a located error."""

from __future__ import annotations

from kitpress.errors import KitpressError, Loc, Problem
from kitpress.units import LENGTH, MM, Bounds, measure, parse_length

_LENGTHS: dict = {}


def mm(value, name: str, loc: Loc, bounds: Bounds = LENGTH) -> float:
    """A layout length: a bare number is millimetres, text says its unit ('3mm', '8pt'); one that
    is not finite or absurd (beyond 10 m) is an error at `loc`. Each length is one shared float,
    however many cards repeat it."""
    key = (type(value), value, bounds) if isinstance(value, str | int | float) else None
    if key in _LENGTHS:
        return _LENGTHS[key]
    try:
        length = parse_length(value, name, bounds, MM)
    except ValueError as exc:
        raise KitpressError([Problem("error", str(exc), getattr(value, "loc", None) or loc)]) from None
    return _LENGTHS.setdefault(key, length) if key else length


def mm_of(owner, key: str, default, bounds: Bounds = LENGTH) -> float:
    """owner[key] as a layout length (`default` when it is missing, empty or 0), at its place."""
    return mm(owner.get(key) or default, key, owner.loc_of(key), bounds)


def number(value, name: str, loc: Loc, bounds: Bounds) -> float:
    """A layout number that is no length (a line width, a font size), within `bounds`, at `loc`."""
    try:
        return measure(value, bounds, name)
    except ValueError as exc:
        raise KitpressError([Problem("error", str(exc), loc)]) from None


def number_of(owner, key: str, default, bounds: Bounds) -> float:
    """owner[key] as a layout number (`default` when it is missing or empty), at its place."""
    return number(owner.get(key) or default, key, owner.loc_of(key), bounds)


def item_loc(values, index: int, default: Loc) -> Loc:
    return values.loc_of(index) if hasattr(values, "loc_of") else default


def mms(values, count: int, owner, key: str) -> tuple[float, ...]:
    """A list of `count` lengths, like a frame's `at: [x, y, width, height]`, each at its place."""
    where = owner.loc_of(key) if hasattr(owner, "loc_of") else Loc("layout", 1, 1)
    if not isinstance(values, list) or len(values) < count:
        raise KitpressError([Problem("error", f"{key} takes {count} lengths, like [4, 10, 62, 20] (mm)", where)])
    return tuple(mm(v, key, item_loc(values, i, where)) for i, v in enumerate(values[:count]))

"""Lengths to points. One unit inside: points (papers and card sizes are data: sizes.py).

Every number a user writes (a length, a font size, a line width, a column span, a count) is read
by `measure`, against the `Bounds` of what it is: only a finite number in a sane range gets past,
so no `nan`, `inf` or `1e308` ever reaches reportlab or a PDF.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

MM = 72 / 25.4
UNITS = {"mm": MM, "cm": 10 * MM, "in": 72.0, "pt": 1.0}
# a number as text, with a unit or without: '12', '-0.5', '1e3', '3mm'; 'nan' and 'inf' too, so
# that the range refuses them (saying what the range is), but not Python's '1_000'
_MEASURE = re.compile(r"^\s*([-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|[-+]?(?i:nan|inf|infinity))\s*(mm|cm|in|pt)?\s*$")

@dataclass(frozen=True)
class Bounds:
    """What a number measures and the values it may take, `low` to `high` inclusive (in points
    when `unit` is a length unit). `unit` is what the range is shown in; text with a unit of its
    own ('3mm', '8pt') is read only when `unit` is a length unit too."""

    what: str
    low: float
    high: float
    unit: str = ""
    whole: bool = False

    def span(self) -> str:
        """The range as the user writes it: '1 to 500 pt', '-10000 to 10000 mm'."""
        scale = UNITS.get(self.unit, 1.0)
        return f"{self.low / scale:g} to {self.high / scale:g}{' ' + self.unit if self.unit else ''}"


# 10 m: twice the largest page a PDF may have (200 in, about 5 m); nothing kitpress prints is longer.
MAX_LENGTH = 10_000 * MM
LENGTH = Bounds("a length", -MAX_LENGTH, MAX_LENGTH, "mm")  # a place or an offset: may be negative
EXTENT = Bounds("a size", 0, MAX_LENGTH, "mm")  # a width, a padding, a gap, a radius
FONT_SIZE = Bounds("a font size", 1, 500, "pt")
FLOOR_PT = 7.0  # the smallest body size text on a card may shrink to (a layout's min_size); below it the build fails
LEADING = Bounds("a line spacing", 0, 1000, "pt")
LINE_WIDTH = Bounds("a line width", 0, 50, "pt")
DASH = Bounds("a dash or gap length", 0, 1000, "pt")
TRACKING = Bounds("a letter spacing", -50, 50, "pt")


def measure(value, bounds: Bounds, name: str, bare: float = 1.0) -> float:
    """A number the user wrote (a YAML number, or text like '12', '0.5', '3mm' or '8pt'), within
    `bounds`; a bare number is in units of `bare` points (1: points; MM: millimetres). Anything
    else — text that is no number, nan, inf, 1e308, a value out of range — is a ValueError naming
    `name`, the value and the range."""
    number = _number(value, bare, bounds.unit in UNITS)
    if number is None or not bounds.low <= number <= bounds.high or (bounds.whole and number != int(number)):
        whole = "whole " if bounds.whole else ""
        message = f"{name} {_shown(value)}: {bounds.what} is a {whole}number from {bounds.span()}"
        raise ValueError(message)
    return int(number) if bounds.whole else float(number)


def parse_length(value, name: str = "length", bounds: Bounds = LENGTH, bare: float = 1.0) -> float:
    """'70mm' / '0.25in' / '8pt' / a bare number (points, or units of `bare`) to points, finite and
    within `bounds`. Raises ValueError."""
    if isinstance(value, bool) or (isinstance(value, str) and not _MEASURE.match(value)):
        raise ValueError(f"expected a length like '70mm' or '8pt', got {value!r}")
    return measure(value, bounds, name, bare)


def _number(value, bare: float, units: bool):
    """The number `value` says, or None if it says none (bool is no number, though Python's is)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        number, scale = value, bare
    elif isinstance(value, str) and (match := _MEASURE.match(value)) and (units or not match.group(2)):
        number, scale = float(match.group(1)), UNITS[match.group(2)] if match.group(2) else bare
    else:
        return None
    try:
        return number * scale if scale != 1 else number  # an int stays exact, however big
    except OverflowError:  # an int beyond any float
        return None


def _shown(value) -> str:
    """A value as the user wrote it, shortened: a number of 5,000 digits is not printed whole
    (Python refuses to, beyond 4,300)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**15:
        return f"({'a negative' if value < 0 else 'a'} number of {_digits(abs(value))} digits)"
    text = repr(value) if isinstance(value, str) else str(value)
    return text if len(text) <= 40 else text[:37] + "…'"


def _digits(number: int) -> int:
    """How many digits a (positive) int has, without printing it: its bits say it within one."""
    below = int((number.bit_length() - 1) * math.log10(2))  # floor(log10(number)) is this or one more
    return below + 1 + (number >= 10 ** (below + 1))


def to_mm(points: float) -> float:
    return points / MM

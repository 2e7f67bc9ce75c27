"""Lengths to points, and the paper and card size registries. One unit inside: points."""

from __future__ import annotations

import re

MM = 72 / 25.4
UNITS = {"mm": MM, "cm": 10 * MM, "in": 72.0, "pt": 1.0}
_LENGTH = re.compile(r"^\s*(-?\d+(?:\.\d+)?)\s*(mm|cm|in|pt)\s*$")

# Paper sizes, portrait, in points (exact ISO/ANSI definitions).
PAPERS = {
    "a4": (210 * MM, 297 * MM),
    "letter": (8.5 * 72, 11 * 72),
    "a3": (297 * MM, 420 * MM),
}

# Card trims in mm (PRINT.md); layouts may add more by name.
CARDS_MM = {
    "tarot": (70, 120),
    "poker": (63.5, 88.9),
    "poker-metric": (63, 88),
    "bridge": (57.15, 88.9),
    "euro": (59, 92),
    "mini-euro": (44, 68),
    "square": (70, 70),
}


def parse_length(value) -> float:
    """'70mm' / '0.25in' / '8pt' / a bare number (points) to points. Raises ValueError."""
    if isinstance(value, bool):
        raise ValueError(f"expected a length like '70mm', got {value!r}")
    if isinstance(value, (int, float)):
        return float(value)
    match = _LENGTH.match(str(value))
    if not match:
        raise ValueError(f"expected a length like '70mm' or '8pt', got {value!r}")
    return float(match.group(1)) * UNITS[match.group(2)]


def to_mm(points: float) -> float:
    return points / MM

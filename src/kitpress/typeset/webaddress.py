"""reportlab's paragraph module compiles, as it is imported, a pattern for web addresses (a long
one is broken at its slashes) that took 25-60 ms of every kitpress process: it is
case-insensitive, and three of its character classes say "a-z, 0-9 and everything from U+00A1
to U+FFFF", which Python's re expands character by character to add each one's other case. The
same classes written as the characters they leave out compile in a millisecond, so reportlab is
given those (tests/test_webaddress.py holds each class to reportlab's over every code point,
and the whole pattern over addresses and words)."""

from __future__ import annotations

import re
import sys

# reportlab's classes, and the same characters as what they leave out: ASCII that is not a
# letter or digit (and not '-', in the classes that take it), U+0080-U+00A0, and everything
# past U+FFFF. Case does not matter to them: every character whose other case is a letter of
# theirs is in them already (the test checks all 1,114,112).
_OTHERS = "\x00-,.-/:-@\\[-`{-\xa0\U00010000-\U0010ffff"
QUICKER = {
    "[a-z\xa1-\uffff0-9]": f"(?-i:[^{_OTHERS}\\-])",
    "[a-z\xa1-\uffff0-9-]": f"(?-i:[^{_OTHERS}])",
    "[a-z\xa1-\uffff-]": f"(?-i:[^{_OTHERS}0-9])",
}


def quicker(pattern: str) -> str:
    """`pattern` with reportlab's slow classes written the quick way."""
    for slow, quick in QUICKER.items():
        pattern = pattern.replace(slow, quick)
    return pattern


def import_paragraph() -> None:
    """Import reportlab's paragraph module (and so its platypus) with its web address pattern
    written the quick way; nothing else it compiles is touched."""
    if "reportlab.platypus.paragraph" in sys.modules:
        return
    real = re.compile

    def compile(pattern, flags=0):
        if isinstance(pattern, str) and flags & re.IGNORECASE and any(slow in pattern for slow in QUICKER):
            pattern = quicker(pattern)
        return real(pattern, flags)

    re.compile = compile
    try:
        import reportlab.platypus.paragraph  # noqa: F401
    finally:
        re.compile = real

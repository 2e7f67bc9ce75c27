"""reportlab's paragraph module compiles, as it is imported, a pattern for web addresses (a long
one is broken at its slashes) that took 25-60 ms of every kitpress process: it is
case-insensitive, and three of its character classes say "a-z, 0-9 and everything from U+00A1
to U+FFFF", which Python's re expands character by character to add each one's other case. The
same classes written as the characters they leave out compile in a millisecond, so reportlab is
given those (tests/test_webaddress.py holds each class to reportlab's over every code point,
and the whole pattern over addresses and words)."""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import re
import sys
from functools import partial

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
PARAGRAPH = "reportlab.platypus.paragraph"


def quicker(pattern: str) -> str:
    """`pattern` with reportlab's slow classes written the quick way."""
    for slow, quick in QUICKER.items():
        pattern = pattern.replace(slow, quick)
    return pattern


class _QuickPatterns(importlib.abc.MetaPathFinder):
    """Finds reportlab's paragraph module, the first time it is imported, as Python would, and
    has it executed with the quick classes; then steps aside."""

    def find_spec(self, name, path, target=None):
        if name != PARAGRAPH:
            return None
        if self in sys.meta_path:
            sys.meta_path.remove(self)
        spec = importlib.machinery.PathFinder.find_spec(name, path, target)
        if spec is not None and spec.loader is not None:
            spec.loader.exec_module = partial(_quickly, spec.loader.exec_module)
        return spec


def _quickly(execute, module) -> None:
    """Execute the module with `re.compile` giving the quick classes; nothing else it compiles
    is touched."""
    real = re.compile

    def compile(pattern, flags=0):
        if isinstance(pattern, str) and flags & re.IGNORECASE and any(slow in pattern for slow in QUICKER):
            pattern = quicker(pattern)
        return real(pattern, flags)

    re.compile = compile
    try:
        execute(module)
    finally:
        re.compile = real


def install() -> None:
    """Have reportlab compile its web address pattern the quick way when (if ever) this process
    imports its paragraph module: a markup check, say, never does."""
    if PARAGRAPH not in sys.modules and not any(isinstance(f, _QuickPatterns) for f in sys.meta_path):
        sys.meta_path.insert(0, _QuickPatterns())

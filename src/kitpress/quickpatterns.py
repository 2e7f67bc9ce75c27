"""Patterns that libraries compile as they are imported, given to them in a form that compiles
quickly.

Python's re builds a character class's tables character by character, so a class spanning most
of the first 65,536 code points takes milliseconds to compile. Three libraries that every
kitpress process imports compile such classes as they are imported:

- reportlab's paragraph module, its pattern for web addresses (a long one is broken at its
  slashes): case-insensitive, with three classes of "a-z, 0-9 and U+00A1 to U+FFFF", which re
  also expands to add each character's other case: 25-60 ms;
- reportlab's textsplit, the characters from U+2E80 to U+FFFF: 3.5 ms;
- PyYAML's reader, the characters a YAML stream may not hold: 4 ms.

Each class is given to its library as the same characters written the other way round (what the
class leaves out), which compile in under a millisecond. tests/test_quickpatterns.py holds every
class to the library's over all 1,114,112 code points, and reportlab's whole web address pattern
over addresses and words."""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import re
import sys
from functools import partial

# reportlab's web address classes leave out ASCII that is not a letter or digit (and not '-', in
# the classes that take it), U+0080-U+00A0, and everything past U+FFFF. Case does not matter to
# them: every character whose other case is a letter of theirs is in them already.
_OTHERS = "\x00-,.-/:-@\\[-`{-\xa0\U00010000-\U0010ffff"
# a library's slow class -> (the same characters, quick; whether the library compiles it ignoring case)
QUICKER: dict[str, tuple[str, bool]] = {
    "[a-z\xa1-\uffff0-9]": (f"(?-i:[^{_OTHERS}\\-])", True),
    "[a-z\xa1-\uffff0-9-]": (f"(?-i:[^{_OTHERS}])", True),
    "[a-z\xa1-\uffff-]": (f"(?-i:[^{_OTHERS}0-9])", True),
    "[\u2e80-\uffff]": ("[^\x00-\u2e7f\U00010000-\U0010ffff]", False),
    "[^\x09\x0a\x0d\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]": (
        "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\ud800-\udfff\ufffe\uffff]",
        False,
    ),
}
MODULES = ("reportlab.platypus.paragraph", "reportlab.lib.textsplit", "yaml.reader")  # the libraries that compile them


def quicker(pattern: str, flags: int = 0) -> str:
    """`pattern` with the slow classes it holds written the quick way, as compiled with `flags`."""
    ignoring_case = bool(flags & re.IGNORECASE)
    for slow, (quick, for_ignoring_case) in QUICKER.items():
        if for_ignoring_case == ignoring_case:
            pattern = pattern.replace(slow, quick)
    return pattern


class _QuickPatterns(importlib.abc.MetaPathFinder):
    """Finds each of MODULES, the first time it is imported, as Python would, and has it executed
    with the quick classes; steps aside once all have been."""

    def __init__(self, names: set[str]):
        self.names = names

    def find_spec(self, name, path, target=None):
        if name not in self.names:
            return None
        self.names.discard(name)
        if not self.names and self in sys.meta_path:
            sys.meta_path.remove(self)
        spec = importlib.machinery.PathFinder.find_spec(name, path, target)
        if spec is not None and spec.loader is not None:
            spec.loader.exec_module = partial(_quickly, spec.loader.exec_module)
        return spec


def _quickly(execute, module) -> None:
    """Execute the module with `re.compile` giving the quick classes; nothing else it compiles is
    touched. A module imported while another is executed this way finds the same `re.compile`."""
    real = re.compile
    if getattr(real, "quick", False):
        execute(module)
        return

    def compile(pattern, flags=0):
        if isinstance(pattern, str) and "[" in pattern:
            pattern = quicker(pattern, flags)
        return real(pattern, flags)

    compile.quick = True
    re.compile = compile
    try:
        execute(module)
    finally:
        re.compile = real


def install() -> None:
    """Have the libraries compile their slow classes the quick way when (if ever) this process
    imports them: a markup check, say, never imports reportlab's paragraph module."""
    names = {name for name in MODULES if name not in sys.modules}
    if names and not any(isinstance(f, _QuickPatterns) for f in sys.meta_path):
        sys.meta_path.insert(0, _QuickPatterns(names))

"""The regular expressions a kitpress process compiles, compiled once, not in every process.

Python's re compiles a pattern in Python - parsed, then written as the code of its matching
engine - and hands that code to the engine in C (`_sre.compile`), which only checks it. A
kitpress command compiles about 170 patterns as it and its libraries are imported and as it
builds (reportlab's, jinja's, PyYAML's, its own): 20 ms of the 150 ms a new process spends
importing before it reads a file. What re hands the engine depends only on the pattern, its flags
and the engine's version, so it is kept in the user's cache (as quickclasses keeps the code of
dataclasses' methods) and handed to the engine straight away the next time. Nothing of re is
changed but where its compiler finds the engine: what re's compiler hands it is recorded, as it
is given; a pattern never seen is compiled by re itself. The file is named after the engine's
version and the Python that wrote it, and carries a CRC: one of another version, or damaged, is
not used, and the engine checks every code it is handed.
"""

from __future__ import annotations

import _sre
import atexit
import re
import sys
import threading
from re import _compiler

from kitpress import usercache

_FORMAT = 2
# a pattern that none of the last 8 processes to write the file compiled is dropped: reportlab
# and Babel each write one from a set, in another order in every process, so new patterns are usual
_AGE = 8
_VERSION = f"{sys.implementation.cache_tag}-{'.'.join(map(str, sys.version_info[:3]))}-sre{_sre.MAGIC}"


class _Engine:
    """Stands for `_sre` in re's compiler: every name is the engine's own, and `compile` also
    notes what it was handed, in the thread that compiles."""

    def __init__(self):
        self._handed = threading.local()

    def __getattr__(self, name):
        return getattr(_sre, name)

    def compile(self, *handed):
        self._handed.last = handed
        return _sre.compile(*handed)

    def handed(self):
        """What the last `compile` of this thread was handed (None: none since asked before)."""
        last, self._handed.last = getattr(self._handed, "last", None), None
        return last


class _Kept:
    """What re's compiler handed the engine for each pattern this process, or the ones before
    it, compiled; each with the number of the last process (counted in writes of the file)
    that compiled it."""

    def __init__(self, original):
        self.original = original
        self.engine = _Engine()
        self.generation = 0
        self.handed: dict[tuple, tuple] = {}  # (pattern, flags) -> what the engine was handed
        self.last: dict[tuple, int] = {}  # (pattern, flags) -> the generation that last compiled it
        self.used: set[tuple] = set()
        self.new = 0
        self.path = usercache.file("patterns", f"{_VERSION}.marshal")
        self._load()

    def _load(self) -> None:
        kept = usercache.read_values(self.path, _FORMAT)
        if kept is not None and len(kept) == 3 and type(kept[0]) is int and isinstance(kept[1], dict) and isinstance(kept[2], dict):
            self.generation, self.handed, self.last = kept  # else compiled again, and written anew at exit

    def compile(self, pattern, flags=0):
        """re's compiler, for a pattern given as text; the engine is handed what it was before."""
        kind = type(pattern)
        if (kind is not str and kind is not bytes) or flags & re.DEBUG:
            return self.original(pattern, flags)
        key = (pattern, int(flags))
        self.used.add(key)
        handed = self.handed.get(key)
        if handed is not None:
            try:
                return _sre.compile(*handed)
            except (RuntimeError, TypeError, ValueError, OverflowError):  # the engine refused it: compiled anew
                del self.handed[key]
        self.engine.handed()
        compiled = self.original(pattern, flags)
        handed = self.engine.handed()
        if handed is not None and handed[0] is pattern:
            # the code names its operations with int subclasses, which marshal cannot write
            self.handed[key] = tuple([int(v) for v in x] if type(x) is list else x for x in handed)
            self.new += 1
        return compiled

    def save(self) -> None:
        """Write the file again if this process compiled a pattern it did not hold, without the
        patterns no recent process compiled."""
        if not self.new or self.path is None:
            return
        generation = self.generation + 1
        last = {key: generation if key in self.used else self.last.get(key, 0) for key in self.handed}
        kept = {key: made for key, made in last.items() if made > generation - _AGE}
        try:
            usercache.write_values(self.path, _FORMAT, generation, {key: self.handed[key] for key in kept}, kept)
        except ValueError:  # a value marshal cannot write: never seen in re's code, kept out all the same
            return
        self.new = 0


def install() -> None:
    """From now on, re compiles the patterns kept before without compiling them; what this
    process compiles is kept when it ends (forked workers end without: their parent keeps it)."""
    if isinstance(getattr(_compiler.compile, "__self__", None), _Kept):
        return
    kept = _Kept(_compiler.compile)
    _compiler._sre = kept.engine
    _compiler.compile = kept.compile  # re._compile finds it here, as `_compiler.compile`
    atexit.register(kept.save)

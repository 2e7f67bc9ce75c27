"""The methods dataclasses writes for each class, compiled once, not in every process.

`@dataclass` writes each class's `__init__`, `__repr__`, `__eq__`, `__hash__` (and, frozen,
`__setattr__` and `__delattr__`) as Python source and compiles it with `exec`: for kitpress's 58
dataclasses, 330 compilations, 30 ms of the 160 ms every kitpress command spends importing
before it does anything (a fifth). The source text depends only on the class's fields and
options, so the code compiled from it is kept in the user's cache (like the compiled layout
templates), by that text, and given to `exec` in its place; a text never seen is compiled as
before. Nothing of dataclasses is changed but the `exec` it calls: each class's methods are
made by dataclasses itself, from its own text, in every version of Python that compiles them
this way. The file names Python's bytecode version and carries a CRC: one of another version, or
damaged, is not used.
"""

from __future__ import annotations

import atexit
import builtins
import dataclasses
import importlib.util
import sys

from kitpress import usercache

_FORMAT = 1
_MOST = 4096  # texts kept; past it the file starts again (a process that made classes on the fly)


class _Compiled:
    """The code compiled from each text this process, or the ones before it, gave `exec`."""

    def __init__(self):
        self.code: dict[str, object] = {}
        self.new = 0
        self.path = usercache.file("classes", f"{sys.implementation.cache_tag}-{importlib.util.MAGIC_NUMBER.hex()}.marshal")
        self._load()

    def _load(self) -> None:
        kept = usercache.read_values(self.path, _FORMAT)
        if kept is not None and len(kept) == 1 and isinstance(kept[0], dict):
            self.code = kept[0]  # else compiled again, and written anew at exit

    def exec(self, source, globals=None, locals=None, /, **kw):
        """exec(), with a text compiled before given as its code: compiled as exec() would
        compile it in dataclasses (whose module has no __future__ imports)."""
        if isinstance(source, str) and not kw:
            code = self.code.get(source)
            if code is None:
                code = compile(source, "<string>", "exec", dont_inherit=True)
                if len(self.code) >= _MOST:
                    self.code.clear()
                self.code[source] = code
                self.new += 1
            source = code
        return builtins.exec(source, globals, locals, **kw)

    def save(self) -> None:
        if self.new:
            usercache.write_values(self.path, _FORMAT, self.code)
            self.new = 0


def install() -> None:
    """From now on, the classes dataclasses makes in this process use the kept code; what this
    process compiles is kept when it ends (forked workers end without: their parent keeps it)."""
    if "exec" in vars(dataclasses):
        return
    compiled = _Compiled()
    dataclasses.exec = compiled.exec  # the module's own name, found before the builtin
    atexit.register(compiled.save)

"""The methods dataclasses writes for each class, compiled once, not in every process; and, for
the few classes made by the thousand, an `__init__` that costs less (`set_by_slots`).

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


def set_by_slots(cls: type) -> type:
    """A frozen, slotted dataclass given an `__init__` that sets each field through its slot, as
    dataclasses' own does through object.__setattr__, in half the time or less: a card's face,
    frames, shapes and places are made by the thousand (Loc: 0.43 against 0.26 µs; a card's
    frame of 13 fields 1.4 against 0.6). Fields with a default factory, keyword-only fields and
    `__post_init__` are not covered: such a class is refused, not half served."""
    params = cls.__dataclass_params__  # type: ignore[attr-defined]
    fields = dataclasses.fields(cls)
    if not (params.frozen and "__slots__" in vars(cls)) or hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__}: set_by_slots is for frozen, slotted dataclasses without __post_init__")
    if any(f.default_factory is not dataclasses.MISSING or f.kw_only or (not f.init and f.default is dataclasses.MISSING) for f in fields):
        raise TypeError(f"{cls.__name__}: set_by_slots covers fields with a plain default or none")
    given = [f for f in fields if f.init]
    signature = ", ".join(f.name if f.default is dataclasses.MISSING else f"{f.name}=_default_{f.name}" for f in given)
    body = [f"    _set_{f.name}(self, {f.name if f.init else '_default_' + f.name})" for f in fields]
    text = f"def __init__(self, {signature}):\n" + "\n".join(body or ["    pass"]) + "\n"
    namespace = {f"_set_{f.name}": getattr(cls, f.name).__set__ for f in fields}
    namespace.update({f"_default_{f.name}": f.default for f in fields if f.default is not dataclasses.MISSING})
    getattr(dataclasses, "exec", builtins.exec)(text, namespace)  # compiled once (install), like dataclasses' own
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    cls.__init__ = init
    return cls

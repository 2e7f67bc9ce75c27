"""Modules that a library imports with itself, run only when first used.

reportlab.lib.utils imports Pillow's Image module as reportlab is imported, in case a picture is
drawn: 9 ms of the 170 a new kitpress process spends importing (it builds the EXIF tags' tables),
before anything is read. A 600-card build draws no picture before its workers start, and the main
process needs Pillow only for the kit page's thumbnails, which it imports while the workers draw
(build/parts._tail_imports). So the module is made as an import would make it, and run the first
time a name it defines is asked for; until then it is an empty module of the right name.

importlib.util.LazyLoader does the same, but in Python 3.11 two threads using the module at once
could both run it (3.12 added a lock), and `kitpress serve` answers in threads: here a lock
makes the others wait for the one that runs it.
"""

from __future__ import annotations

import importlib.util
import sys
import threading


def defer(name: str) -> None:
    """`name`, a module not imported yet, runs when a name it defines is first asked for."""
    if name in sys.modules:
        return
    spec = importlib.util.find_spec(name)  # imports the packages it is in
    if spec is None or spec.loader is None or not hasattr(spec.loader, "exec_module"):
        return
    module = importlib.util.module_from_spec(spec)
    lock = threading.RLock()
    ran = []

    def __getattr__(attr: str):  # PEP 562: asked only for a name the module does not have
        with lock:
            if not ran:  # the first to ask runs it; another thread waits for it, as an import would
                ran.append(True)
                spec.loader.exec_module(module)
                if module.__dict__.get("__getattr__") is __getattr__:
                    del module.__dict__["__getattr__"]
        try:
            return module.__dict__[attr]
        except KeyError:  # not defined, or asked for while the module runs (its own import cycle)
            raise AttributeError(f"module {name!r} has no attribute {attr!r}") from None

    module.__getattr__ = __getattr__
    sys.modules[name] = module
    parent, _, child = name.rpartition(".")
    if parent:
        setattr(sys.modules[parent], child, module)


def install() -> None:
    """Before reportlab is imported."""
    defer("PIL.Image")

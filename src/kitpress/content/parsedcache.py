"""YAML files as parsed, kept in the user's cache by the digest of their text: a process that
reads a file it (or another) parsed before rebuilds its located values from marshal data, five
to seven times faster than checking, composing and building them again (a 600-card deck: 14 ms
against 54-100 ms). Every language of a game, every kit `make kit` builds side by side and every
new `kitpress build` reads the same unchanged files.

An entry is nested tuples of plain values (marshal data cannot run code), checked as it is
rebuilt; a damaged or foreign entry is a miss. Files that name or repeat nodes (&, *) are not
kept: their values share nodes, which the tuples would copy. The folder is kept under
MAX_BYTES, the entries read longest ago dropped first.

A big file's entry is written by a forked process while the build goes on: writing the
20,000-card bench deck's took 0.26 s, a twentieth of its build, on a core that sits idle while
the file is checked on the other (a process running threads, whose locks a fork could leave
held, writes it itself)."""

from __future__ import annotations

import hashlib
import marshal
import os
import threading
import time
import zlib
from pathlib import Path

import yaml

from kitpress import usercache
from kitpress.content.located import LocStr, YList, YMap
from kitpress.errors import Loc

SMALLEST = 4096  # characters: a smaller file parses about as fast as its entry is read
IN_BACKGROUND = 20_000  # values: a file with more has its entry written by a forked process (a fork costs a few ms)
MAX_BYTES = 64 * 1024 * 1024
_TOUCH_AFTER = 24 * 3600  # an entry read again is marked used at most once a day
_MAP, _LIST, _TEXT, _PLAIN = 0, 1, 2, 3
_FORMAT = 1  # raise it when an entry's shape changes
# what a value is depends on how yamlio builds it and on PyYAML's scalars: both are in the key
_SOURCE = hashlib.sha256(b"".join(Path(__file__).with_name(name).read_bytes() for name in ("yamlio.py", "located.py", "parsedcache.py"))).hexdigest()[:16]


class Damaged(Exception):
    """An entry that is not what this module writes."""


def find(text: str, path: str, most: int, deepest: int) -> tuple[object, int] | None:
    """The value and node count a parse of `text` gave, its places in `path`; None if not kept.
    `most` values, `deepest` levels: the parse's own limits, which a kept entry keeps too."""
    entry = _entry(text)
    if entry is None or not entry.is_file():
        return None
    try:
        kept = marshal.loads(zlib.decompress(entry.read_bytes()))
        if not (isinstance(kept, tuple) and len(kept) == 2 and type(kept[1]) is int):
            raise Damaged
        value = _Rebuild(path, most, deepest).value(kept[0], 0)
    except (OSError, ValueError, EOFError, TypeError, zlib.error, Damaged, RecursionError):
        return None
    _touch(entry)
    return value, kept[1]


def keep(text: str, value: object, count: int) -> None:
    """Keep what a parse of `text` gave (not anchored: see the module's note)."""
    entry = _entry(text)
    if entry is None:
        return
    _reap()
    if count >= IN_BACKGROUND and hasattr(os, "fork") and threading.active_count() == 1:
        pid = os.fork()
        if pid:
            _WRITERS.append(pid)
            return
        try:  # the forked writer: nothing of the parent's (buffered output, exit handlers) runs again here
            _write(entry, value, count)
        finally:
            os._exit(0)
    _write(entry, value, count)


_WRITERS: list[int] = []  # forked processes writing entries


def _write(entry: Path, value: object, count: int) -> None:
    # marshal's version 2 keeps no references: half the time of version 4 for the same bytes, near enough
    usercache.write(entry, zlib.compress(marshal.dumps((_flat(value), count), 2), 1))
    _trim(entry.parent)


def _reap() -> None:
    """Forget the writers that are done (a process that stays would collect them otherwise)."""
    for pid in list(_WRITERS):
        try:
            done, _ = os.waitpid(pid, os.WNOHANG)
        except ChildProcessError:
            done = pid
        if done:
            _WRITERS.remove(pid)


def settled() -> None:
    """Wait for the entries being written in the background."""
    while _WRITERS:
        try:
            os.waitpid(_WRITERS.pop(), 0)
        except ChildProcessError:
            pass


def _entry(text: str) -> Path | None:
    if len(text) < SMALLEST:
        return None
    folder = usercache.folder("yaml")
    if folder is None:
        return None
    key = hashlib.sha256(f"{_FORMAT} {_SOURCE} {yaml.__version__}\n".encode() + text.encode("utf-8", "surrogatepass"))
    return folder / f"{key.hexdigest()[:40]}.marshal"


def _flat(value) -> tuple:
    """A located value as nested tuples: places as (line, col), the path left out (the same
    file may be shown by another path)."""
    if isinstance(value, YMap):
        items = tuple(
            (key, *_at(value.key_locs[key]), *_at(value.value_locs[key]), _flat(item)) for key, item in value.items()
        )
        return (_MAP, *_at(value.loc), items)
    if isinstance(value, YList):
        return (_LIST, *_at(value.loc), tuple((*_at(at), _flat(item)) for at, item in zip(value.item_locs, value)))
    if isinstance(value, LocStr):
        return (_TEXT, *_at(value.loc), str(value), value.block)
    return (_PLAIN, value)


def _at(loc: Loc) -> tuple[int, int]:
    return loc.line, loc.col


class _Rebuild:
    """Values from `_flat`'s tuples, each shape and type checked; as many values, and as deep,
    as the parse's guard lets a file have. Texts and plain values, most of a file, are made
    where their container is (a call each was half of the time)."""

    def __init__(self, path: str, most: int, deepest: int):
        self.path, self.count, self.most, self.deepest = path, 0, most, deepest

    def value(self, flat, depth: int, loc: Loc | None = None):
        self.count += 1
        if type(flat) is not tuple or len(flat) < 2 or self.count > self.most or depth > self.deepest + 1:
            raise Damaged
        kind = flat[0]
        if kind == _PLAIN:
            return _plain(flat)
        if len(flat) < 4 or type(flat[1]) is not int or type(flat[2]) is not int:
            raise Damaged
        loc = loc or Loc(self.path, flat[1], flat[2])
        if kind == _TEXT:
            return _text(flat, loc)
        if kind == _LIST and type(flat[3]) is tuple:
            return self._list(flat[3], loc, depth)
        if kind == _MAP and type(flat[3]) is tuple:
            return self._map(flat[3], loc, depth)
        raise Damaged

    def _list(self, items: tuple, loc: Loc, depth: int) -> YList:
        path, out = self.path, YList(loc=loc)
        locs, append = out.item_locs, out.append
        for line, col, item in items:
            at = Loc(path, line, col)
            locs.append(at)
            append(self._item(item, depth, at))
        return out

    def _map(self, items: tuple, loc: Loc, depth: int) -> YMap:
        path, out = self.path, YMap(loc=loc)
        key_locs, value_locs = out.key_locs, out.value_locs
        for key, key_line, key_col, line, col, item in items:
            if type(key) is not str or key in out:
                raise Damaged
            key_locs[key] = Loc(path, key_line, key_col)
            at = value_locs[key] = Loc(path, line, col)
            out[key] = self._item(item, depth, at)
        return out

    def _item(self, flat, depth: int, at: Loc):
        """A container's item, placed at `at`."""
        if type(flat) is tuple and len(flat) in (2, 5) and flat[0] in (_PLAIN, _TEXT):
            self.count += 1
            if self.count > self.most:
                raise Damaged
            return _plain(flat) if flat[0] == _PLAIN else _text(flat, at)
        return self.value(flat, depth + 1, at)


def _plain(flat: tuple):
    value = flat[1]
    if len(flat) != 2 or not (value is None or type(value) in (int, float, bool)):
        raise Damaged
    return value


def _text(flat: tuple, loc: Loc) -> LocStr:
    if len(flat) != 5 or type(flat[3]) is not str or type(flat[4]) is not bool:
        raise Damaged
    text = LocStr(flat[3], loc)
    if flat[4]:
        text.block = True
    return text


def _touch(entry: Path) -> None:
    try:
        if entry.stat().st_mtime < time.time() - _TOUCH_AFTER:
            os.utime(entry)
    except OSError:
        pass


def _trim(folder: Path) -> None:
    """Keep the folder under MAX_BYTES: the entries used longest ago go, down to three quarters."""
    try:
        entries = [(entry.stat(), entry) for entry in folder.glob("*.marshal")]
        total = sum(status.st_size for status, _ in entries)
        if total <= MAX_BYTES:
            return
        for status, entry in sorted(entries, key=lambda found: found[0].st_mtime):
            entry.unlink(missing_ok=True)
            total -= status.st_size
            if total <= MAX_BYTES * 3 // 4:
                return
    except OSError:
        pass  # another process trimmed it first

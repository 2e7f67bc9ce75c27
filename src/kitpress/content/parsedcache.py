"""YAML files as parsed, kept in the user's cache by the digest of their text: a process that
reads a file it (or another) parsed before rebuilds its located values from marshal data, five
to seven times faster than checking, composing and building them again (a 600-card deck: 14 ms
against 54-100 ms). Every language of a game, every kit `make kit` builds side by side and every
new `kitpress build` reads the same unchanged files.

A content file is kept a second way too: as checked against its game's schema (`find_checked`),
by the digest of its text and of the schema. Its collections come back as content/schema's
checker made them, and the references they make, without parsing or checking the file again: the
check was two fifths of reading a 20,000-card deck (0.21 of 0.54 s). Kept only when the check
found nothing to say. The text last kept so at a path is kept too (`last`): a new process that
finds the file edited by one item reads the rest as checked (content/editedfiles).

An entry is nested tuples of plain values (marshal data cannot run code), checked as it is
rebuilt; a damaged or foreign entry is a miss. Files that name or repeat nodes (&, *) are not
kept: their values share nodes, which the tuples would copy. The folder is kept under
MAX_BYTES, the entries read longest ago dropped first.

A file's entry is written by a forked process while the build goes on, on a core that sits
idle while the content is loaded on the other: writing the 20,000-card bench deck's took 0.26 s,
a twentieth of its build; a 600-card deck's two entries 17 ms, a twentieth of a one-card edit,
against 1.7 ms a fork. A small file's (under IN_BACKGROUND values), and one a process running
threads reads (whose locks a fork could leave held), is written by the process itself."""

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
from kitpress.content.located import LocStr, Records, YList, YMap
from kitpress.errors import Loc

SMALLEST = 4096  # characters: a smaller file parses about as fast as its entry is read
IN_BACKGROUND = 2_000  # values: a file with more has its entry written by a forked process (a fork: 1.7 ms; writing 2 µs a value)
MAX_BYTES = 64 * 1024 * 1024
_TOUCH_AFTER = 24 * 3600  # an entry read again is marked used at most once a day
_MAP, _LIST, _TEXT, _PLAIN, _RECORDS = 0, 1, 2, 3, 4
_PLAINS = (int, float, bool, type(None))  # the plain values a parse gives
_FORMAT = 2  # raise it when an entry's shape changes
# what a value is depends on how yamlio and yamlevents build it, on how content/schema checks it
# and on PyYAML's scalars: all are in the key
_MODULES = ("yamlio.py", "yamlevents.py", "located.py", "parsedcache.py", "schema.py")
_SOURCE = hashlib.sha256(b"".join(Path(__file__).with_name(name).read_bytes() for name in _MODULES)).hexdigest()[:16]


class Damaged(Exception):
    """An entry that is not what this module writes."""


def find(text: str, path: str, most: int, deepest: int) -> tuple[object, int] | None:
    """The value and node count a parse of `text` gave, its places in `path`; None if not kept.
    `most` values, `deepest` levels: the parse's own limits, which a kept entry keeps too."""
    kept = _read(_entry(text))
    if not (isinstance(kept, tuple) and len(kept) == 2 and type(kept[1]) is int):
        return None
    try:
        return _Rebuild(path, most, deepest).value(kept[0], 0), kept[1]
    except (ValueError, TypeError, Damaged, RecursionError):
        return None


def keep(text: str, value: object, count: int) -> None:
    """Keep what a parse of `text` gave (not anchored: see the module's note)."""
    _keep(_entry(text), lambda: (_flat(value), count), count)


def find_checked(text: str, path: str, schema: str, most: int, deepest: int) -> tuple[YMap, list] | None:
    """The file's collections as checked against the schema whose digest is `schema`, by name
    with their places (a YMap), and the references (collection, id, place) they make, placed
    in `path`; None if not kept. `most` values, `deepest` levels: as many as a checked file may
    hold (the check fills in the optional fields a record leaves out)."""
    kept = _read(_entry(text, f"checked {schema}"))
    if not (isinstance(kept, tuple) and len(kept) == 3 and type(kept[1]) is tuple and type(kept[2]) is int and kept[2] <= most):
        return None
    try:
        rebuild = _Rebuild(path, kept[2], deepest)
        collections = rebuild.value(kept[0], 0)
        if not isinstance(collections, YMap):
            raise Damaged
        return collections, [rebuild.reference(ref) for ref in kept[1]]
    except (ValueError, TypeError, Damaged, RecursionError):
        return None


def keep_checked(text: str, path: str, schema: str, collections: YMap, refs: list, count: int, source: str = "") -> None:
    """Keep the file's `collections` as checked against the schema whose digest is `schema`, and
    the references (collection, id, place) they make; `count`: the parse's count of values.
    `source`: the file's own path, where the text is kept too as the last one checked there
    (`last`): a new process that finds the file edited by one item reads the rest as checked here
    (content/editedfiles)."""

    def made() -> tuple:
        flat = _flat(collections, path)
        references = tuple(_reference(ref, path) for ref in refs)
        return flat, references, _count(flat)

    mine = _last_entry(text, source, path) if source else None
    _keep(_entry(text, f"checked {schema}"), made, count, mine, lambda: (text, count))


def last(source: str, path: str) -> tuple[str, int] | None:
    """The text last kept as checked from the file at `source`, shown as `path` (keep_checked),
    and the count of values its parse gave; None if there is none."""
    folder = usercache.folder("yaml")
    kept = _read(folder / _last_name(source, path)) if folder is not None else None
    if isinstance(kept, tuple) and len(kept) == 2 and type(kept[0]) is str and type(kept[1]) is int:
        return kept
    return None


def _last_entry(text: str, source: str, path: str) -> Path | None:
    folder = usercache.folder("yaml") if len(text) >= SMALLEST else None
    return folder / _last_name(source, path) if folder is not None else None


def _last_name(source: str, path: str) -> str:
    """By the file's own path and the path it is shown by: two projects' content/game/cards.yaml
    are two files."""
    key = hashlib.sha256(f"{_FORMAT} {_SOURCE} {yaml.__version__} last\n{source}\n{path}".encode("utf-8", "surrogatepass"))
    return f"{key.hexdigest()[:40]}.marshal"


def _read(entry: Path | None):
    """An entry's marshalled value, marked used; None if there is none or it is damaged."""
    if entry is None or not entry.is_file():
        return None
    try:
        kept = marshal.loads(zlib.decompress(entry.read_bytes()))
    except (OSError, ValueError, EOFError, TypeError, zlib.error):
        return None
    _touch(entry)
    return kept


def _keep(entry: Path | None, made, count: int, other: Path | None = None, other_made=None) -> None:
    """Write the entry `made()` gives (and `other`'s, if given); for a big file (`count` values)
    in a forked process."""
    if entry is None:
        return
    _reap()
    if count >= IN_BACKGROUND and hasattr(os, "fork") and threading.active_count() == 1:
        pid = os.fork()
        if pid:
            _WRITERS.append(pid)
            return
        try:  # the forked writer: nothing of the parent's (buffered output, exit handlers) runs again here
            _write(entry, made)
            if other is not None:
                _write(other, other_made)
        finally:
            os._exit(0)
    _write(entry, made)
    if other is not None:
        _write(other, other_made)


_WRITERS: list[int] = []  # forked processes writing entries


def _write(entry: Path, made) -> None:
    try:
        value = made()
    except Damaged:  # a value the flat form does not hold: made again next time
        return
    # marshal's version 2 keeps no references: half the time of version 4 for the same bytes, near enough
    usercache.write(entry, zlib.compress(marshal.dumps(value, 2), 1))
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


def _entry(text: str, kind: str = "parsed") -> Path | None:
    if len(text) < SMALLEST:
        return None
    folder = usercache.folder("yaml")
    if folder is None:
        return None
    key = hashlib.sha256(f"{_FORMAT} {_SOURCE} {yaml.__version__} {kind}\n".encode() + text.encode("utf-8", "surrogatepass"))
    return folder / f"{key.hexdigest()[:40]}.marshal"


def _flat(value, path: str | None = None) -> tuple:
    """A located value as nested tuples: places as (line, col), the path left out (the same
    file may be shown by another path; given `path`, every place must be in it). A key or item
    with no place of its own (a record's optional field the checker filled in, the records of a
    checked list) has (0, 0). Damaged: a value this form cannot hold exactly."""
    if type(value) is YMap:
        key_locs, value_locs = value.key_locs, value.value_locs
        if not (key_locs.keys() <= value.keys() and value_locs.keys() <= value.keys()):
            raise Damaged
        items = tuple(
            (key, *_at(key_locs.get(key), path), *_at(value_locs.get(key), path), _flat(item, path)) for key, item in value.items()
        )
        return (_MAP, *_at(value.loc, path), items)
    if type(value) in (YList, Records):
        locs = value.item_locs
        located = len(locs) == len(value)
        if not located and (locs or type(value) is not Records):
            raise Damaged
        kind = _RECORDS if type(value) is Records else _LIST
        if not located:  # checked records have no item places: each item's own
            locs = [getattr(item, "loc", None) for item in value]
        return (kind, *_at(value.loc, path), tuple((*_at(at, path), _flat(item, path)) for at, item in zip(locs, value)), located)
    if type(value) is LocStr:
        if value.field:
            return (_TEXT, *_at(value.loc, path), str(value), value.block, value.field)
        return (_TEXT, *_at(value.loc, path), str(value), value.block)
    if value is None or type(value) in (int, float, bool):
        return (_PLAIN, value)
    raise Damaged


def _at(loc: Loc | None, path: str | None = None) -> tuple[int, int]:
    if loc is None:
        return 0, 0
    if loc.line < 1 or path is not None and loc.path != path:
        raise Damaged
    return loc.line, loc.col


def _reference(ref: tuple, path: str) -> tuple:
    """A reference (collection, id, place) as plain values: its id a text placed where it is."""
    target, ident, loc = ref
    if type(target) is not str or type(ident) is not LocStr or ident.loc is not loc or ident.field or ident.block:
        raise Damaged
    return (target, str(ident), *_at(loc, path))


def _count(flat: tuple) -> int:
    """The values a flat form holds, as _Rebuild counts them."""
    if flat[0] in (_MAP, _LIST, _RECORDS):
        return 1 + sum(_count(item[-1]) for item in flat[3])
    return 1


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
        if kind in (_LIST, _RECORDS) and len(flat) == 5 and type(flat[3]) is tuple:
            return self._list(flat[3], loc, depth, kind == _RECORDS, flat[4])
        if kind == _MAP and type(flat[3]) is tuple:
            return self._map(flat[3], loc, depth)
        raise Damaged

    def _list(self, items: tuple, loc: Loc, depth: int, records: bool, located) -> YList:
        path, out = self.path, []
        locs, append = [], out.append
        for line, col, item in items:
            at = Loc(path, line, col) if line else None
            locs.append(at)
            append(self._item(item, depth, at))
        if records:
            out = Records(out, loc)
        else:
            out = YList(out, loc=loc)
        if located is True:
            if None in locs:
                raise Damaged
            out.item_locs = locs
        elif located is not False or not records:
            raise Damaged
        return out

    def _map(self, items: tuple, loc: Loc, depth: int) -> YMap:
        path, out = self.path, YMap(loc=loc)
        key_locs, value_locs = out.key_locs, out.value_locs
        for key, key_line, key_col, line, col, item in items:
            if type(key) is not str or key in out:
                raise Damaged
            if key_line:
                key_locs[key] = Loc(path, key_line, key_col)
            at = None
            if line:
                at = value_locs[key] = Loc(path, line, col)
            # a text at its key's place or a number, most of a file, made here: a call each was
            # a sixth of the time (a 20,000-card deck: 0.36 s against 0.30)
            kind = item[0] if type(item) is tuple and item else None
            if kind == _TEXT and len(item) == 5 and item[4] is False and type(item[3]) is str and at is not None and item[1] == line and item[2] == col:
                self.count += 1
                out[key] = LocStr(item[3], at)
            elif kind == _PLAIN and len(item) == 2 and type(item[1]) in _PLAINS:
                self.count += 1
                out[key] = item[1]
            else:
                out[key] = self._item(item, depth, at)
        if self.count > self.most:
            raise Damaged
        return out

    def _item(self, flat, depth: int, at: Loc | None):
        """A container's item, placed at `at` (its own place if it has one of its own)."""
        if type(flat) is tuple and len(flat) in (2, 5, 6) and flat[0] in (_PLAIN, _TEXT):
            self.count += 1
            if self.count > self.most:
                raise Damaged
            if flat[0] == _PLAIN:
                return _plain(flat)
            if len(flat) == 2:
                raise Damaged
            if at is None or at.line != flat[1] or at.col != flat[2]:
                if type(flat[1]) is not int or type(flat[2]) is not int or flat[1] < 1:
                    raise Damaged
                at = Loc(self.path, flat[1], flat[2])
            return _text(flat, at)
        return self.value(flat, depth + 1, at)

    def reference(self, ref) -> tuple:
        """A reference as content/schema's checker made it: (collection, id, place)."""
        if type(ref) is not tuple or len(ref) != 4 or type(ref[0]) is not str or type(ref[1]) is not str:
            raise Damaged
        if type(ref[2]) is not int or type(ref[3]) is not int or ref[2] < 1:
            raise Damaged
        loc = Loc(self.path, ref[2], ref[3])
        return ref[0], LocStr(ref[1], loc), loc


def _plain(flat: tuple):
    value = flat[1]
    if len(flat) != 2 or type(value) not in _PLAINS:
        raise Damaged
    return value


def _text(flat: tuple, loc: Loc) -> LocStr:
    if len(flat) not in (5, 6) or type(flat[3]) is not str or type(flat[4]) is not bool:
        raise Damaged
    if len(flat) == 6:
        if type(flat[5]) is not str or not flat[5]:
            raise Damaged
        text = LocStr(flat[3], loc, flat[5])
    else:
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

"""Files' digests, kept in the user's cache while a file stays as it was: every new kitpress
process fingerprinted the fonts twice (10 MB: in the kit's inputs, and in what a drawn face
depends on) and its own code once, 40-60 ms before anything was read.

A file is the same while its size, modification time, change time and inode are: the change
time cannot be set by any tool that writes a file, so an edit, a copy over it or a checkout
always shows. A digest taken within two seconds of the file's last change is not kept (a write
later in the same tick of the clock would not show), and neither is one of a file kitpress may
not read (what goes into a fingerprint then says why, see build/changes)."""

from __future__ import annotations

import hashlib
import marshal
import os
import time
from pathlib import Path
from typing import Callable

from kitpress import usercache

MOST = 5_000  # files kept (a project, its fonts, kitpress: a few hundred); then the cache starts again
_SETTLED = 2.0  # seconds since a file's last change before its digest is kept
_FORMAT = 1

_known: dict[str, tuple] | None = None
_changed = False


def sha1(path: Path, read: Callable[[], bytes] | None = None) -> bytes:
    """The sha1 of `read()` (the file's bytes, by default), kept while the file stays as it was."""
    global _changed
    known = _load()
    try:
        status = os.stat(path)
    except OSError:
        status = None
    seen = (status.st_size, status.st_mtime_ns, status.st_ctime_ns, status.st_ino) if status else None
    name = str(path)
    before = known.get(name)
    if seen is not None and before is not None and before[0] == seen:
        return before[1]
    digest = hashlib.sha1(read() if read is not None else Path(path).read_bytes()).digest()
    if seen is not None and status.st_ctime < time.time() - _SETTLED and status.st_mtime < time.time() - _SETTLED:
        if len(known) >= MOST:
            known.clear()
        known[name] = (seen, digest)
        _changed = True
    return digest


def save() -> None:
    """Write what was learnt since the cache was read (nothing, most times)."""
    global _changed
    if not _changed or _known is None:
        return
    path = _path()
    if path is not None:
        usercache.write(path, marshal.dumps((_FORMAT, _known)))
    _changed = False


def _load() -> dict[str, tuple]:
    global _known
    if _known is None:
        _known = {}
        path = _path()
        try:
            kept = marshal.loads(path.read_bytes()) if path is not None and path.is_file() else None
        except (OSError, ValueError, EOFError, TypeError):
            kept = None
        if isinstance(kept, tuple) and len(kept) == 2 and kept[0] == _FORMAT and isinstance(kept[1], dict):
            _known = {name: entry for name, entry in kept[1].items() if _valid(name, entry)}
    return _known


def _valid(name, entry) -> bool:
    return (
        type(name) is str
        and type(entry) is tuple
        and len(entry) == 2
        and type(entry[0]) is tuple
        and len(entry[0]) == 4
        and all(type(v) is int for v in entry[0])
        and type(entry[1]) is bytes
        and len(entry[1]) == 20
    )


def _path() -> Path | None:
    folder = usercache.folder("digests")
    return folder / "files.marshal" if folder is not None else None

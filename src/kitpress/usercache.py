"""The user's cache folder for what kitpress derives from files that rarely change (compiled
templates, hyphenation patterns): private to the user, and never needed: without a writable
home, kitpress derives everything again each time."""

from __future__ import annotations

import marshal
import os
import tempfile
import zlib
from pathlib import Path


def folder(name: str) -> Path | None:
    """~/.cache/kitpress/<name> (or under $XDG_CACHE_HOME), made if missing; None if it cannot be."""
    try:
        root = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "kitpress" / name
        root.mkdir(parents=True, exist_ok=True, mode=0o700)
    except (OSError, RuntimeError):
        return None
    return root


def file(name: str, filename: str) -> Path | None:
    """A file of the cache folder `name` (see `folder`); None if that folder cannot be."""
    root = folder(name)
    return root / filename if root is not None else None


def write(path: Path, data: bytes) -> None:
    """Write a cache file whole or not at all: readers never see half of one."""
    try:
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".")
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.replace(temporary, path)
    except OSError:
        pass  # a full disk or a read-only cache: derived again next time


def sealed(data: bytes) -> bytes:
    """`data` behind its CRC-32, for an entry read back with `unsealed`."""
    return zlib.crc32(data).to_bytes(4, "big") + data


def unsealed(entry: bytes) -> bytes | None:
    """What `sealed` was given; None for an entry damaged since (or never sealed)."""
    data = entry[4:]
    return data if len(entry) >= 4 and entry[:4] == zlib.crc32(data).to_bytes(4, "big") else None


def read_values(path: Path | None, version: int) -> tuple | None:
    """The values `write_values` kept in `path` with this `version` of their format; None if
    there are none, or they are damaged or of another version."""
    if path is None:
        return None
    try:
        data = unsealed(path.read_bytes())
        kept = marshal.loads(data) if data is not None else None
    except (OSError, ValueError, EOFError, TypeError):
        return None
    return kept[1:] if isinstance(kept, tuple) and kept and kept[0] == version else None


def write_values(path: Path | None, version: int, *values) -> None:
    """Keep what marshal writes (plain values, containers, compiled code: reading them back runs
    nothing) behind a CRC, with the `version` of their format. ValueError for a value marshal
    cannot write."""
    if path is not None:
        write(path, sealed(marshal.dumps((version, *values))))

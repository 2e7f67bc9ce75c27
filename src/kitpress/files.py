"""The only door to the files a build reads: content, layouts, templates, locales, fonts,
images, printer settings and the last build's manifests.

Before a byte is read, a file is checked to have a name a file system can hold, to lie inside
the folders it may come from once every link is followed (a `.j2` linked to /etc/passwd is
refused, not typeset), to be a regular file (a FIFO would block the build forever, a device
never end) and to be no larger than its limit. Each refusal is one located error.
"""

from __future__ import annotations

import os
import re
import stat
import tempfile
from collections.abc import Iterable
from pathlib import Path

from kitpress.errors import Loc, fail, shown as printable

MAX_NAME = 255  # bytes in one part of a path: what ext4, APFS and NTFS hold
MAX_PATH = 4096


def name_problem(name: str) -> str | None:
    """Why a file name cannot be opened anywhere, or None: a NUL byte ends a name in every
    operating system, and no file system holds a part longer than 255 bytes."""
    if "\x00" in name:
        return "its name has a NUL character"
    if len(name.encode("utf-8", "surrogateescape")) > MAX_PATH or any(
        len(part.encode("utf-8", "surrogateescape")) > MAX_NAME for part in name.split("/")
    ):
        return f"its name is longer than file systems allow ({MAX_NAME} bytes a part)"
    return None


_PLAIN_NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9._-]{0,200}")


def plain_name(name) -> bool:
    """Whether `name` is a file name of a kit's own (cards.pdf), with no folder in it."""
    return isinstance(name, str) and _PLAIN_NAME.fullmatch(name) is not None


class Resolved(tuple):
    """Folders with every link followed (resolved_roots): checking many files inside the same
    folders follows their links once."""


def resolved_roots(roots: Iterable[Path]) -> Resolved:
    if isinstance(roots, Resolved):
        return roots
    return Resolved(Path(root).resolve() for root in roots)


def checked(path: Path, within: Iterable[Path], shown: str | None = None, limit: int | None = None) -> Path:
    """`path` with every link followed, if it is a regular file inside one of the folders
    `within` (and no larger than `limit`); else a located error. `shown` is how the path is
    written for the user. For files a library opens itself (fonts, images)."""
    shown = shown or str(path)
    where = Loc(shown)
    problem = name_problem(str(path))
    if problem:
        raise fail(f"cannot read this file: {problem}", Loc(printable(shown)))
    try:
        real = Path(path).resolve(strict=True)
    except FileNotFoundError:
        if Path(path).is_symlink():
            raise fail(f"cannot read file: it is a link to {os.readlink(path)}, which does not exist", where) from None
        raise fail("cannot read file: no such file", where) from None
    except (OSError, RuntimeError) as exc:  # a loop of links (RuntimeError before Python 3.13), no permission
        raise fail(f"cannot read file: {getattr(exc, 'strerror', None) or exc}", where) from None
    roots = resolved_roots(within)
    if not any(real.is_relative_to(root) for root in roots):
        raise fail(f"leads outside the folders kitpress reads (it is a link to {real}); copy the file in instead", where)
    status = os.stat(real)
    if not stat.S_ISREG(status.st_mode):
        raise fail(f"is {_kind(status.st_mode)}, not a plain file", where)
    if limit is not None and status.st_size > limit:
        raise fail(f"file larger than {_size(limit)}", where)
    return real


def read_bytes(path: Path, within: Iterable[Path], limit: int, shown: str | None = None) -> bytes:
    """A checked file's bytes, never more than `limit` of them (a larger file is refused
    unread). Opened without blocking, and checked again once open: what is read is what was
    checked, even if the file was swapped for a FIFO in between."""
    shown = shown or str(path)
    real = checked(path, within, shown)
    try:
        fd = os.open(real, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0))
    except OSError as exc:
        raise fail(f"cannot read file: {exc.strerror}", Loc(shown)) from None
    with os.fdopen(fd, "rb") as handle:
        mode = os.fstat(handle.fileno()).st_mode
        if not stat.S_ISREG(mode):
            raise fail(f"is {_kind(mode)}, not a plain file", Loc(shown))
        try:
            data = handle.read(limit + 1)
        except OSError as exc:
            raise fail(f"cannot read file: {exc.strerror}", Loc(shown)) from None
    if len(data) > limit:
        raise fail(f"file larger than {_size(limit)}", Loc(shown, 1, 1))
    return data


def read_text(path: Path, within: Iterable[Path], limit: int, shown: str | None = None) -> str:
    """A checked file's text, which must be UTF-8."""
    data = read_bytes(path, within, limit, shown)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise fail("file is not UTF-8 text", Loc(shown or str(path), line, 1)) from None


def exists(path: Path) -> bool:
    """Whether anything is at `path`, a broken link or a FIFO included: what is there is then
    read through the door, which says what is wrong with it, rather than passed over."""
    if name_problem(str(path)):
        return True  # a name no file can have: the door says so
    return os.path.lexists(path)


def _kind(mode: int) -> str:
    return "a folder" if stat.S_ISDIR(mode) else "a FIFO" if stat.S_ISFIFO(mode) else "a device or socket"


def _size(limit: int) -> str:
    mib = limit / (1024 * 1024)
    return f"{mib:g} MiB" if mib >= 1 else f"{limit // 1024} KiB"


def write_atomic(target: Path, data: bytes) -> None:
    """Write a file whole: a temporary file in the same folder, then os.replace, so a reader (a
    browser, a build drawing thumbnails at the same time) never sees half a file."""
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}-", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.chmod(tmp, 0o644)
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise

"""Putting a built kit in place: in one step where the system allows it, keeping what of the
old folder should stay, and sweeping away what builds killed mid-way left behind."""

from __future__ import annotations

import ctypes
import errno
import os
import shutil
import sys
from pathlib import Path

from kitpress.build import batches
from kitpress.build.manifest import Entry, Manifest
from kitpress.site.kitpage import THUMBS

PREVIOUS = ".previous"  # the component PDFs the last build replaced, for `kitpress preview --changed`


def publish(staging: Path, final: Path, entries: list[Entry], previous: Manifest | None, report: list[str] | None) -> None:
    """Put the new kit in place in one step: `staging` gets what of the old folder stays (cached
    batches, thumbnails, previews, anything else put there), then the two folders are swapped,
    so a build killed at any moment leaves the old kit or the new one, never a mix. The PDFs a
    change replaces are kept in .previous/ with the list of what changed, for `preview
    --changed`; a build that changes nothing leaves the last change there."""
    was = {e.file: e.sha256 for e in previous.files} if previous else {}
    replaced = {e.file for e in entries if e.items is not None and was.get(e.file) != e.sha256}  # components only
    wanted = {name for entry in entries for name in entry.batches or ()}
    if final.is_dir():
        for old in final.iterdir():
            new = staging / old.name
            if old.name == PREVIOUS and replaced:
                continue  # a new change: .previous is made again below
            if old.name in (batches.CACHE, THUMBS) and old.is_dir():  # the new build's own files win
                new.mkdir(exist_ok=True)
                for kept in old.iterdir():
                    if (old.name == THUMBS or kept.name in wanted) and not (new / kept.name).exists():
                        _link(kept, new / kept.name)
            elif not new.exists():
                _link(old, new)
        if replaced:
            (staging / PREVIOUS).mkdir()
            for name in replaced & {p.name for p in final.iterdir()}:
                _link(final / name, staging / PREVIOUS / name)
            if report:
                (staging / PREVIOUS / "changes.txt").write_text("\n".join(report) + "\n", encoding="utf-8")
    if not final.exists():
        try:
            os.rename(staging, final)
            return
        except OSError as error:  # another build of this kit put its folder there meanwhile
            if error.errno not in (errno.ENOTEMPTY, errno.EEXIST):
                raise
        return publish(staging, final, entries, previous, report)  # keep what it left, then swap as usual
    if _exchange(staging, final):
        shutil.rmtree(staging, ignore_errors=True)  # now the old kit
    else:  # no atomic swap here (not Linux): file by file, each move atomic
        for path in sorted(staging.iterdir()):
            if path.is_dir():
                shutil.rmtree(final / path.name, ignore_errors=True)
            os.replace(path, final / path.name)


def _link(source: Path, target: Path) -> None:
    """Hard links (a copy where they cannot be): keeping a file costs no time and no space. What
    another build of the same kit swapped away meanwhile is skipped: it keeps its own."""
    try:
        if source.is_dir():
            shutil.copytree(source, target, copy_function=_link_file, symlinks=True, dirs_exist_ok=True)
        else:
            _link_file(source, target)
    except (FileNotFoundError, shutil.Error):
        pass


def _link_file(source, target) -> None:
    try:
        os.link(source, target)
    except OSError:
        shutil.copy2(source, target)


def _exchange(a: Path, b: Path) -> bool:
    """Swap two folders atomically: Linux's renameat2(RENAME_EXCHANGE), which Python's os module
    does not offer. False where it is not available."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        renameat2 = libc.renameat2
    except (OSError, AttributeError):
        return False
    at_fdcwd, rename_exchange = -100, 2
    return renameat2(at_fdcwd, os.fsencode(a), at_fdcwd, os.fsencode(b), rename_exchange) == 0


def sweep(folder: Path) -> None:
    """Remove what builds killed mid-way left behind: staging folders of processes now gone."""
    for stale in folder.glob(".*-*-*"):
        parts = stale.name.split("-")
        if len(parts) < 3 or not parts[1].isdigit() or not stale.is_dir():
            continue
        try:
            os.kill(int(parts[1]), 0)
        except ProcessLookupError:
            shutil.rmtree(stale, ignore_errors=True)
        except PermissionError:
            pass  # another user's live build

"""Putting a built kit in place whole, keeping what of the old folder should stay, and sweeping
away what builds killed mid-way left behind (putting back an old kit a build had moved aside)."""

from __future__ import annotations

import errno
import os
import shutil
from pathlib import Path

from kitpress import files
from kitpress.build import batches
from kitpress.build.manifest import Entry, Manifest
from kitpress.build.thumbs import THUMBS

PREVIOUS = ".previous"  # the component PDFs the last build replaced, for `kitpress preview --changed`


def publish(staging: Path, final: Path, entries: list[Entry], previous: Manifest | None, report: list[str] | None) -> None:
    """Put the new kit in place in one step: `staging` gets what of the old folder stays (cached
    batches, thumbnails, previews, anything else put there, but not the last kit's files this
    one no longer has), then it takes the old folder's
    place (`_swap`), so a build killed at any moment leaves the old kit or the new one, never a
    mix. The PDFs a
    change replaces are kept in .previous/ with the list of what changed, for `preview
    --changed`; a build that changes nothing leaves the last change there."""
    was = {e.file: e.sha256 for e in previous.files} if previous else {}
    replaced = {e.file for e in entries if e.items is not None and was.get(e.file) != e.sha256}  # components only
    wanted = {name for entry in entries for name in entry.batches or ()}
    dropped = set(was) - {e.file for e in entries}  # the last kit's files this one no longer has (a renamed component)
    if final.is_dir():
        for old in final.iterdir():
            new = staging / old.name
            if old.name == PREVIOUS and replaced:
                continue  # a new change: .previous is made again below
            if old.name in dropped:
                continue
            if old.name in (batches.CACHE, THUMBS) and old.is_dir():  # the new build's own files win
                new.mkdir(exist_ok=True)
                for kept in old.iterdir():
                    if (old.name == THUMBS or kept.name in wanted) and not (new / kept.name).exists():
                        _link(kept, new / kept.name)
            elif not new.exists():
                _link(old, new)
        if replaced:
            (staging / PREVIOUS).mkdir(exist_ok=True)  # made already if it lost a race once
            for name in replaced & {p.name for p in final.iterdir()}:
                _link(final / name, staging / PREVIOUS / name)
            if report:
                (staging / PREVIOUS / "changes.txt").write_text("\n".join(report) + "\n", encoding="utf-8")
    try:
        _swap(staging, final)
    except OSError as error:  # another build of this kit put its folder there meanwhile
        if error.errno not in (errno.ENOTEMPTY, errno.EEXIST):
            raise
        publish(staging, final, entries, previous, report)  # keep what it left, then swap as usual


def _swap(staging: Path, final: Path) -> None:
    """Two renames, each atomic: the old kit aside (as `.<name>-<pid>-old`, a name `sweep`
    knows), then the new one in its place. Killed between the two (a few microseconds), the
    old kit is whole beside its place, and the next build's sweep puts it back. OSError
    ENOTEMPTY or EEXIST if another build's kit took the place meanwhile."""
    old = final.with_name(f".{final.name}-{os.getpid()}-old")
    try:
        os.rename(final, old)
    except FileNotFoundError:  # a first build (or another build's swap, half-way)
        old = None
    try:
        os.rename(staging, final)
    finally:
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)  # the old kit; or, lost to another build, superseded


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


def sweep(folder: Path) -> None:
    """Remove what builds killed mid-way left behind: staging folders of processes now gone; an
    old kit moved aside by a build killed before it put the new one in is put back."""
    for stale in folder.glob(".*-*-*"):
        parts = stale.name.split("-")
        if len(parts) < 3 or not parts[1].isdigit() or not stale.is_dir() or _alive(int(parts[1])):
            continue
        kit = folder / parts[0][1:]
        if parts[-1] == "old" and not files.exists(kit):
            try:
                os.rename(stale, kit)
                continue
            except OSError:
                pass  # another build put a kit there meanwhile: this one is superseded
        shutil.rmtree(stale, ignore_errors=True)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        pass  # another user's live build
    return True

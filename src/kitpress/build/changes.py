"""Digests of what a kit is made from: its inputs before they are read (`inputs`), and each
file's fingerprint once composed (`fingerprint`, `batch`, `of`); `incremental` compares them
with the last build's.

A component's fingerprint covers everything its PDF is made from: the composed faces (their
layout, text, children), the styles they use, the options, the fonts and kitpress itself (its
version and code). Same fingerprint, same bytes: the previous PDF is kept and rendering skipped."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from kitpress import filedigests, files
from kitpress.compose.scene import Part
from kitpress.digest import digest
from kitpress.errors import KitpressError
from kitpress.render.fingerprints import digest_face, document_places, styles  # noqa: F401 - changes.styles for callers
from kitpress.render.fingerprints import places as face_places
from kitpress.render.fingerprints import code as _kitpress
from kitpress.render.fingerprints import fonts as _fonts


def _digest(*parts) -> str:
    return digest(*parts)


def of(*parts) -> str:
    """The fingerprint of a file made from `parts` by this kitpress with these fonts."""
    return _digest(_kitpress(), *parts, _fonts())


def items(part: Part) -> dict[str, str]:
    """Every printed piece of a component by a readable id: cards by deck and id, board sheets,
    documents as a whole."""
    out: dict[str, str] = {}
    for deck in part.decks:
        for ident, face in zip(deck.ids, deck.fronts):
            out.setdefault(f"{deck.name}/{ident}", digest_face(face))
        out.update(backs(deck))
    for index, face in enumerate(part.boards, 1):
        out[f"sheet {index}"] = digest_face(face)
    for doc in part.documents:  # the whole value: every field that shows on paper
        out["pages"] = _digest(doc)
    return out


def inputs(folders: list[Path], options, known: dict | None = None, after: int | None = None) -> str | tuple[str, str]:
    """Everything a kit is made from, before it is read: the files of these folders (names and
    bytes, hidden ones aside), the options, and kitpress itself. `known`: the files' digests a
    running process took before, by path, kept while a file's size, time and inode stay the
    same (a save changes them), so that its fonts are not read again on every build. `after`:
    also the same of the folders from that position on (a game's layouts and fonts, without
    its content: build/batchinputs), from the same reading of the files."""
    digest, around = hashlib.sha1(_digest(options).encode()), hashlib.sha1(_digest(options).encode())
    roots = files.resolved_roots(folders)
    for index, folder in enumerate(folders):  # by position, not path: the same kit anywhere
        found = sorted(p for p in folder.rglob("*") if files.exists(p) and not p.is_dir()) if folder.is_dir() else []
        for path in found:
            rel = path.relative_to(folder)
            if not any(part.startswith(".") for part in rel.parts):
                name, content = f"{index}:{rel.as_posix()}".encode(), _file_digest(path, roots, known)
                digest.update(name)
                digest.update(content)
                if after is not None and index >= after:
                    around.update(name)
                    around.update(content)
    digest.update(_kitpress().encode())
    around.update(_kitpress().encode())
    filedigests.save()
    return digest.hexdigest()[:16] if after is None else (digest.hexdigest()[:16], around.hexdigest()[:16])


def _file_digest(path: Path, folders: list[Path], known: dict | None) -> bytes:
    if known is None:
        try:
            readable = files.checked(path, folders, limit=MAX_HASHED)
        except KitpressError:
            return hashlib.sha1(_content(path, folders)).digest()  # why it cannot be read: never kept
        return filedigests.sha1(readable)
    try:
        status = os.stat(path)
        seen = (status.st_size, status.st_mtime_ns, status.st_ino)
    except OSError:
        seen = None
    before = known.get(path)
    if seen is None or before is None or before[0] != seen:
        before = known[path] = (seen, hashlib.sha1(_content(path, folders)).digest())
    return before[1]


MAX_HASHED = 64 * 1024 * 1024  # more than any file kitpress reads may be (fonts: 64 MiB)


def _content(path: Path, folders: list[Path]) -> bytes:
    """What of a file goes into the fingerprint: its bytes, if the files door lets it be read;
    else why not (a link out of the folders, a FIFO, a huge file: never read, never waited on),
    and its size and time, so that a change to it still counts."""
    try:
        return files.checked(path, folders, limit=MAX_HASHED).read_bytes()
    except KitpressError as exc:
        try:
            status = os.stat(path)
            seen = f"{status.st_size}:{status.st_mtime_ns}"
        except OSError:
            seen = ""
        return f"{exc.problems[0].message}:{seen}".encode()


def backs(deck) -> dict[str, str]:
    """A deck's backs as pieces: its one back, or the back of each card."""
    if deck.back is not None:
        return {f"{deck.name}/back": digest_face(deck.back)}
    return {f"{deck.name}/{ident} back": digest_face(face) for ident, face in zip(deck.ids, deck.backs)}


def places(part: Part) -> str:
    """Where the problems drawing a component finds would point (fingerprints.places): a file
    kept with warnings is drawn again when they would point elsewhere."""
    return _digest([face_places(face) for face in part.faces()], [document_places(doc) for doc in part.documents])


def batch_places(part: Part, sheets: list[tuple[int, int]], per_sheet: list[int]) -> str:
    """Where the problems of a batch's cards, and their backs, would point."""
    cards = [face_places(f) for d, start in sheets for f in part.decks[d].fronts[start : start + per_sheet[d]]]
    behind = [
        face_places(part.decks[d].back_of(i)) for d, start in sheets if part.decks[d].has_backs
        for i in range(start, min(start + per_sheet[d], len(part.decks[d].fronts)))
    ]
    return _digest(cards, behind)


def joined_places(batches: list[str]) -> str:
    """Where the problems of a big deck's file point: its batches' places (batch_places), in order."""
    return _digest(batches)


def fingerprint(part: Part, options, notes: tuple = (), pieces: dict[str, str] | None = None) -> str:
    """`pieces`: the part's items(), when the caller has them already."""
    pieces = items(part) if pieces is None else pieces
    return _digest(_kitpress(), part.component, part.kind, sorted(pieces.items()), options, notes, _fonts())


def batch(part: Part, options, notes: tuple, sheets: list[tuple[int, int]], per_sheet: list[int]) -> str:
    """A batch of card sheets: its cards where they sit, their decks' backs, what the deck shares."""
    cards = [(d, start, [digest_face(f) for f in part.decks[d].fronts[start : start + per_sheet[d]]]) for d, start in sheets]
    behind = [
        [digest_face(part.decks[d].back_of(i)) for i in range(start, min(start + per_sheet[d], len(part.decks[d].fronts)))]
        for d, start in sheets
        if part.decks[d].has_backs
    ]
    return _digest(_kitpress(), part.component, "batch", cards, behind, options, notes, _fonts())

"""What changed between two builds, and whether a component needs rendering at all.

A component's fingerprint covers everything its PDF is made from: the composed faces (their
layout, text, children), the styles they use, the options, the fonts and kitpress itself (its
version and code). Same fingerprint, same bytes: the previous PDF is kept and rendering skipped."""

from __future__ import annotations

import hashlib
import os
from functools import lru_cache
from pathlib import Path

from kitpress import __version__, files
from kitpress.compose.scene import Face, Part
from kitpress.digest import digest
from kitpress.errors import KitpressError
from kitpress.typeset.fonts import FONT_DIR
from kitpress.fontfiles import FA_SOLID


def _digest(*parts) -> str:
    return digest(*parts)


def styles(sheet) -> tuple:
    """What of a style sheet shows on paper."""
    return (
        sorted((k, sorted(v.items())) for k, v in sheet.specs.items()),
        sorted(sheet.colors.items()),
        sheet.lang,
        sheet.ink_saver,
    )


def of(*parts) -> str:
    """The fingerprint of a file made from `parts` by this kitpress with these fonts."""
    return _digest(_kitpress(), *parts, _fonts())


@lru_cache(maxsize=64)
def _sheet(sheet) -> str:
    """A style sheet's digest: the same few sheets serve every face of a build."""
    return _digest(styles(sheet))


def digest_face(face: Face) -> str:
    return _digest(
        face.key,
        _sheet(face.sheet),
        [digest_face(child) for child, _, _ in face.children],
        sorted((k, digest_face(v)) for k, v in face.faces.items()),
    )


def items(part: Part) -> dict[str, str]:
    """Every printed piece of a component by a readable id: cards by deck and id, board sheets,
    documents as a whole."""
    out: dict[str, str] = {}
    for deck in part.decks:
        for ident, face in zip(deck.ids, deck.fronts):
            out.setdefault(f"{deck.name}/{ident}", digest_face(face))
        if deck.back is not None:
            out[f"{deck.name}/back"] = digest_face(deck.back)
    for index, face in enumerate(part.boards, 1):
        out[f"sheet {index}"] = digest_face(face)
    for doc in part.documents:  # the whole value: every field that shows on paper
        out["pages"] = _digest(doc)
    return out


@lru_cache(maxsize=1)
def _fonts() -> str:
    """The bundled fonts' content (not their dates: a fresh clone must fingerprint the same)."""
    digest = hashlib.sha1()
    for path in sorted(Path(FONT_DIR).glob("*.ttf")):
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def inputs(folders: list[Path], options) -> str:
    """Everything a kit is made from, before it is read: the files of these folders (names and
    bytes, hidden ones aside), the options, and kitpress itself."""
    digest = hashlib.sha1(_digest(options).encode())
    for index, folder in enumerate(folders):  # by position, not path: the same kit anywhere
        found = sorted(p for p in folder.rglob("*") if files.exists(p) and not p.is_dir()) if folder.is_dir() else []
        for path in found:
            rel = path.relative_to(folder)
            if not any(part.startswith(".") for part in rel.parts):
                digest.update(f"{index}:{rel.as_posix()}".encode())
                digest.update(_content(path, folders))
    digest.update(_kitpress().encode())
    return digest.hexdigest()[:16]


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


@lru_cache(maxsize=1)
def _kitpress() -> str:
    """kitpress's own code and templates, and the icon font it takes from a package: a new
    version of any of them makes a different kit."""
    digest = hashlib.sha1(__version__.encode())
    package = Path(__file__).resolve().parents[1]
    for path in sorted([*package.rglob("*.py"), *package.glob("site/templates/*")]):
        digest.update(str(path.relative_to(package)).encode())
        digest.update(path.read_bytes())
    digest.update(FA_SOLID.read_bytes())  # the font itself: importlib.metadata costs 8 ms to import
    return digest.hexdigest()[:16]


def fingerprint(part: Part, options, notes: tuple = (), pieces: dict[str, str] | None = None) -> str:
    """`pieces`: the part's items(), when the caller has them already."""
    pieces = items(part) if pieces is None else pieces
    return _digest(_kitpress(), part.component, part.kind, sorted(pieces.items()), options, notes, _fonts())


def report(previous: dict | None, entries: list[dict], pages=None) -> list[str] | None:
    """Lines saying which components, and which of their pieces, changed since the last build
    (None for a first build). A document's pieces are its pages: `pages(file)` says which
    changed, when the caller can compare the two files."""
    if not previous:
        return None
    old = {e["file"]: e for e in previous.get("files", [])}
    lines = []
    for entry in entries:
        if "items" not in entry:
            continue
        before = old.get(entry["file"])
        if before is None:
            lines.append(f"{entry['file']}: new")
            continue
        if before.get("fingerprint") == entry["fingerprint"]:
            continue
        was, now = before.get("items", {}), entry["items"]
        changed = [k for k in now if was.get(k) != now[k]] + [f"{k} (removed)" for k in was if k not in now]
        if changed == ["pages"] and pages is not None:
            numbers = pages(entry["file"])
            changed = [f"page{'s' if len(numbers) != 1 else ''} {_ranges(numbers)}"] if numbers else changed
        lines.append(
            f"{entry['file']}: "
            + (", ".join(changed) if changed else "every page (its layout, the options, the fonts or kitpress changed)")
        )
    return lines


def batch(part: Part, options, notes: tuple, sheets: list[tuple[int, int]], per_sheet: list[int]) -> str:
    """A batch of card sheets: its cards where they sit, their decks' backs, what the deck shares."""
    cards = [(d, start, [digest_face(f) for f in part.decks[d].fronts[start : start + per_sheet[d]]]) for d, start in sheets]
    backs = [digest_face(part.decks[d].back) for d in sorted({d for d, _ in sheets}) if part.decks[d].back is not None]
    return _digest(_kitpress(), part.component, "batch", cards, backs, options, notes, _fonts())


def pages_changed(old: Path, new: Path) -> list[int]:
    """Numbers of the pages whose drawing differs between two PDFs (pages added or removed
    count as changed): each page's content and the images and forms it uses, compared."""
    import pikepdf

    try:
        with pikepdf.open(old) as before, pikepdf.open(new) as after:
            a, b = [_page_digest(p) for p in before.pages], [_page_digest(p) for p in after.pages]
    except (OSError, pikepdf.PdfError):
        return []
    return [n for n in range(1, max(len(a), len(b)) + 1) if n > len(a) or n > len(b) or a[n - 1] != b[n - 1]]


def _page_digest(page) -> str:
    import pikepdf

    digest = hashlib.sha1()
    contents = page.obj.get("/Contents")
    for stream in list(contents) if isinstance(contents, pikepdf.Array) else [contents]:
        if isinstance(stream, pikepdf.Stream):
            digest.update(stream.read_bytes())
    xobjects = page.obj.get("/Resources", {}).get("/XObject", {})
    for name in sorted(xobjects.keys()):
        digest.update(name.encode())
        digest.update(xobjects[name].read_bytes())
    return digest.hexdigest()


def _ranges(numbers: list[int]) -> str:
    """1, 2, 3, 5 -> '1-3, 5'."""
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(f"{r[0]}–{r[-1]}" if len(r) > 2 else ", ".join(map(str, r)) for r in runs)

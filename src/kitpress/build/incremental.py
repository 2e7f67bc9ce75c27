"""What a build may keep from the last one, and what changed since: every reuse decision of a
build is taken here. The pipeline asks four questions, and this module alone reads the last
kit to answer them:

- `kept()`: is the whole last kit made from exactly these inputs (every file and option, by
  `changes.inputs`), and still as it was made? Then nothing is even composed.
- `keep(name, fingerprint, staging)`: is the last build's file of that name made from exactly
  this (its fingerprint, by `changes.fingerprint`), and unaltered? Then it is copied into the
  staging folder and its entry returned.
- `batch(name)`: a big deck's batch the last build left in its .batches/ folder.
- `report(entries, staging)`: which components, and which of their pieces, changed.
"""

from __future__ import annotations

import dataclasses
import hashlib
import re
import shutil
from pathlib import Path

from kitpress.build import batches, changes
from kitpress.build.manifest import Entry, Manifest
from kitpress.build.project import LANG_CODE, BuildOptions, Project
from kitpress.content import yamlio
from kitpress.errors import KitpressError


class Incremental:
    """One build of one game's kit, against the last build of that kit: `at(final)` says where
    that is, once the game (its language) is known; until then `previous` is None."""

    def __init__(self, project: Project, game_id: str, options: BuildOptions, known: dict | None = None):
        """`known`: the input files' digests a running process took before (changes.inputs)."""
        self.project, self.game_id, self.options = project, game_id, options
        self.same = dataclasses.replace(options, out=None)  # where the kit goes does not change what it is
        # the game's content is its first folder: the rest, with the options and kitpress, is what
        # every face is made from besides its content (build/batchinputs)
        self.inputs, self.surroundings = changes.inputs(project.inputs(game_id), self.same, known, after=1)
        self.final: Path | None = None
        self.previous: Manifest | None = None

    def at(self, final: Path) -> Incremental:
        self.final, self.previous = final, Manifest.read(final)
        return self

    def kept(self) -> tuple[Path, list[Entry]] | None:
        """The last build's folder and files, if it was made from exactly these inputs and every
        file it wrote is still there, unaltered."""
        lang = self._lang()
        if lang is None:
            return None
        self.at((self.options.out or self.project.build_root) / self.game_id / lang / self.options.paper)
        previous, final = self.previous, self.final
        if not previous or previous.inputs != self.inputs or previous.game != self.game_id:
            return None
        if not all((final / e.file).is_file() and sha(final / e.file) == e.sha256 for e in previous.files):
            return None
        return final, list(previous.files)

    def _lang(self) -> str | None:
        """The kit's language, as the full build will find it; None where it would say what is wrong."""
        lang = self.options.lang
        if lang:
            return lang if re.fullmatch(LANG_CODE, lang) else None  # the full build says so, at --lang
        game_root = self.project.content / self.game_id
        try:  # through the same door and limits as the full build, which says what is wrong
            meta = yamlio.load_file(game_root / "game.yaml", within=[game_root])
        except KitpressError:
            return None
        lang = meta.get("language") if isinstance(meta, dict) else None
        return lang if isinstance(lang, str) and re.fullmatch(LANG_CODE, lang) else None

    def keep(self, name: str, fingerprint: str, staging: Path, places: str | None = None) -> Entry | None:
        """The last build's entry for `name`, its file copied into `staging`, if it made that file
        from these very inputs and it is still as it made it, and its warnings still point where
        they should (`places`, changes.places); else None: draw it."""
        before = self.previous.entry(name) if self.previous else None
        kept = self.final / name if self.final else None
        if not before or before.fingerprint != fingerprint or not kept.is_file() or sha(kept) != before.sha256:
            return None
        if places is not None and before.places != places and self.warned(name):
            return None  # the same file, but a card above moved its lines: its warnings are found again
        shutil.copy2(kept, staging / name)
        return before.but(kept=True, places=places or before.places)

    def warned(self, name: str) -> bool:
        """Whether the last build's `name` came with warnings: equal inputs give equal problems,
        so only then can a file's problems point at another place than last time."""
        before = self.previous.entry(name) if self.previous else None
        return bool(before and before.warnings)

    def batch_inputs(self, file: str, index: int) -> tuple[str, object] | None:
        """The name of the last build's batch `index` of `file` and what it kept of its inputs
        (build/batchinputs), if it kept them."""
        before = self.previous.entry(file) if self.previous else None
        kept = before.batch_inputs if before else None
        if not isinstance(kept, tuple) or not isinstance(before.batches, tuple) or index >= min(len(before.batches), len(kept)):
            return None
        return before.batches[index], kept[index]

    def batch(self, name: str, file: str) -> Path | None:
        """The last build's batch of that name (its fingerprint), if it left it and the kit `file`
        it was joined into came without warnings: a batch keeps no warnings of its own, so one
        kept could not say them again (those of a file without warnings are none, as they would be
        now: the same inputs find the same problems)."""
        path = self.final / batches.CACHE / name if self.final and not self.warned(file) else None
        return path if path and path.is_file() else None

    def report(self, entries: list[Entry], staging: Path) -> list[str] | None:
        """Lines saying which components changed since the last build (None for a first build),
        a document's pages compared between the last kit and `staging`."""
        final = self.final
        return report(self.previous, entries, lambda name: pages_changed(final / name, staging / name))


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def report(previous: Manifest | None, entries: list[Entry], pages=None) -> list[str] | None:
    """Lines saying which components, and which of their pieces, changed since the last build
    (None for a first build). A document's pieces are its pages: `pages(file)` says which
    changed, when the caller can compare the two files."""
    if not previous:
        return None
    lines = []
    for entry in entries:
        if entry.items is None:
            continue
        before = previous.entry(entry.file)
        if before is None:
            lines.append(f"{entry.file}: new")
            continue
        if before.fingerprint == entry.fingerprint:
            continue
        was, now = before.items or {}, entry.items
        changed = [k for k in now if was.get(k) != now[k]] + [f"{k} (removed)" for k in was if k not in now]
        if changed == ["pages"] and pages is not None:
            numbers = pages(entry.file)
            changed = [f"page{'s' if len(numbers) != 1 else ''} {_ranges(numbers)}"] if numbers else changed
        lines.append(
            f"{entry.file}: "
            + (", ".join(changed) if changed else "every page (its layout, the options, the fonts or kitpress changed)")
        )
    return lines


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

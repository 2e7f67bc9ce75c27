"""What a running process keeps between its builds (`kitpress watch`; a build of several papers):
the content's YAML as parsed (content/yamlio.Reread: an edited card is parsed alone) and as
checked (content/schema.CheckedItems), a game's layouts as read, while none of their files has
changed, and the faces composed with them (compose/memo), so that a one-card edit parses,
checks and composes one card.

A layout folder is known unchanged by its files' names, sizes and times (a save changes them),
not by reading them: the check must cost far less than reading the layouts again."""

from __future__ import annotations

import os
from pathlib import Path

from kitpress.build.project import Project
from kitpress.compose.memo import FaceMemo
from kitpress.content.game import Game
from kitpress.content.schema import CheckedItems
from kitpress.content.yamlio import Reread
from kitpress.layout.layouts import Layouts


class Warm:
    def __init__(self) -> None:
        self._layouts: dict[tuple, tuple[tuple, Layouts, FaceMemo]] = {}
        self.files = Reread()  # the content's YAML, parsed again where it changed
        self.checked = CheckedItems()  # its items as checked, checked again where they changed
        self.hashes: dict = {}  # every input file's digest, while its size and time stay (build/changes)

    def layouts(self, project: Project, game: Game, ink_saver: bool) -> tuple[Layouts, FaceMemo]:
        """The game's layouts and the faces composed with them, kept while their files are the same."""
        folders = [*project.layout_dirs(game.root, game.id), *project.font_dirs]
        key = (str(project.root), game.id, game.lang, ink_saver)
        stamp = _stamp(folders)
        known = self._layouts.get(key)
        if known is None or known[0] != stamp:
            known = self._layouts[key] = (stamp, project.layouts(game, ink_saver), FaceMemo())
        return known[1], known[2]

    def memos(self) -> list[FaceMemo]:
        """The faces kept, one memo for each game and language (tests, benchmarks)."""
        return [memo for _, _, memo in self._layouts.values()]


def _stamp(folders: list[Path]) -> tuple:
    """Every file under `folders` (links not followed: the files door reads none out of them) by
    name, size, time and inode."""
    found = []
    for index, folder in enumerate(folders):
        found.append((index, str(folder)))
        for root, dirs, names in os.walk(folder):
            dirs.sort()
            for name in sorted(names):
                try:
                    seen = os.stat(os.path.join(root, name), follow_symlinks=False)
                except OSError:
                    continue
                found.append((root, name, seen.st_size, seen.st_mtime_ns, seen.st_ino))
    return tuple(found)

"""The layout folders as layers: the game's own, `layouts/<game>/`, the project's
`layouts/common/`, kitpress's shipped common layouts. A file looked up by name is the first
folder's that has it; a file merged across the layers (styles.yaml, sizes.yaml) is read from
each, except that a project's `layouts/common/` replaces kitpress's file of the same name
(file by file: a project with only its own styles.yaml still gets kitpress's sizes.yaml)."""

from __future__ import annotations

from pathlib import Path

from kitpress import files, shipped


def layered(dirs: list[Path], name: str) -> list[Path]:
    """Every `name` of the layout folders `dirs` (the game's first), in merging order: the
    common layer first, the game's own last."""
    found = [d / name for d in dirs if files.exists(d / name)]
    kitpress_common = shipped.COMMON.resolve()
    if any(p.parent.name == "common" and p.parent.resolve() != kitpress_common for p in found):
        found = [p for p in found if p.parent.resolve() != kitpress_common]  # the project's own replaces it
    return list(reversed(found))

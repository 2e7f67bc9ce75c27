"""What the last build left that this one may keep: its manifest, read safely, and whether a
file is still what it made from these very inputs."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

from kitpress import files
from kitpress.build.project import LANG_CODE, BuildOptions, Project
from kitpress.content import yamlio
from kitpress.errors import KitpressError


MAX_MANIFEST_BYTES = 16 * 1024 * 1024


def unchanged(project: Project, game_id: str, options: BuildOptions, inputs: str) -> tuple[Path, list[dict]] | None:
    """The last build's folder and files, if it was made from exactly these inputs and every
    file it wrote is still there, unaltered."""
    lang = options.lang
    if lang and not re.fullmatch(LANG_CODE, lang):
        return None  # not a language code: the full build says so, at --lang
    if not lang:
        game_root = project.content / game_id
        try:  # through the same door and limits as the full build, which says what is wrong
            meta = yamlio.load_file(game_root / "game.yaml", within=[game_root])
        except KitpressError:
            return None
        lang = meta.get("language") if isinstance(meta, dict) else None
        if not isinstance(lang, str) or not re.fullmatch(LANG_CODE, lang):
            return None
    final = (options.out or project.root / "build") / game_id / lang / options.paper
    previous = previous_manifest(final)
    if not previous or previous.get("inputs") != inputs or previous.get("game") != game_id:
        return None
    made = previous["files"]
    if not all((final / e["file"]).is_file() and sha(final / e["file"]) == e.get("sha256") for e in made):
        return None
    return final, made


def previous_manifest(folder: Path) -> dict | None:
    """The last build's manifest, if it is one: anything else there is built over."""
    try:
        manifest = json.loads(files.read_text(folder / "manifest.json", [folder], MAX_MANIFEST_BYTES))
    except (KitpressError, ValueError):
        return None
    if not isinstance(manifest, dict) or not isinstance(manifest.get("files"), list):
        return None
    if not all(isinstance(e, dict) and files.plain_name(e.get("file")) for e in manifest["files"]):
        return None  # a name like ../../x is no file of this kit's
    return manifest


def unaltered(entry: dict | None, fingerprint: str, kept: Path) -> bool:
    """Whether the last build made `kept` from these very inputs, and it is still as it made it."""
    return bool(entry) and entry.get("fingerprint") == fingerprint and kept.is_file() and sha(kept) == entry.get("sha256")


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()

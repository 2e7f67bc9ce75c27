"""Reading the built kits: every build_root/<game>/<lang>/<paper>/manifest.json, checked, into
the kit page's values (a Kit and its Components), each component's thumbnail drawn if it is
missing or shows an older file. Nothing is rebuilt: a manifest kitpress cannot read is a
located error that says to rebuild the kit."""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import quote

from kitpress import files
from kitpress.errors import KitpressError, Loc, Problem
from kitpress.build import thumbs
from kitpress.site.kits import LANG_NAMES, PAPER_NAMES, STOCK_NAMES, Component, Kit, Translation, anchor, is_combined, sheets_for

MAX_MANIFEST_BYTES = 16 * 1024 * 1024
REQUIRED = ("file", "component", "title", "pages", "duplex", "stock")
_SAFE_NAME = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9._-]*$")


def manifests(root: Path) -> list[Path]:
    """Kit manifests, never inside a hidden (staging) folder of a build still running."""
    found = []
    for path in root.glob("*/*/*/manifest.json"):
        parts = path.relative_to(root).parts
        if not any(part.startswith(".") for part in parts):
            found.append(path)
    return sorted(found)


def _fail(path: Path, message: str, line: int = 0, col: int = 0) -> KitpressError:
    return KitpressError(Problem("error", message, Loc(str(path), line, col)))


def load_kit(root: Path, path: Path) -> Kit:
    """The kit whose manifest is `path`; its thumbnails are drawn, and those of components it
    no longer has removed."""
    data = _read(root, path)
    folder = path.parent
    game, lang, paper = folder.relative_to(root).parts  # the folder decides where links point
    rel = "/".join(quote(part, safe="") for part in (game, lang, paper))
    paper_name, paper_size = _paper_label(paper, data.get("paper_mm"))
    components = [_component(path, folder, rel, entry) for entry in data["files"]]
    thumbs.prune(folder / thumbs.THUMBS, {c.component for c in components})
    return Kit(
        game=game,
        title=str(data.get("title") or game),
        lang=lang,
        lang_name=LANG_NAMES.get(lang.split("-")[0].lower(), lang),
        paper=paper,
        paper_name=paper_name,
        paper_size=paper_size,
        anchor=anchor(game, lang, paper),
        folder=rel + "/",
        manifest=f"{rel}/manifest.json",
        components=components,
        translation=_translation(data.get("translation")),
        flip="short" if data.get("flip") == "short" else "long",
        sources=data["sources"] if isinstance(data.get("sources"), str) else "",
    )


def _read(root: Path, path: Path) -> dict:
    """A manifest's JSON, with its list of files."""
    try:  # through the files door: a FIFO where a manifest should be is refused, not waited on
        data = json.loads(files.read_text(path, [root], MAX_MANIFEST_BYTES, str(path)))
    except json.JSONDecodeError as exc:
        raise _fail(path, f"not a readable manifest: {exc.msg}", exc.lineno, exc.colno) from None
    except KitpressError as exc:
        raise _fail(path, f"cannot read the manifest: {exc.problems[0].message}") from None
    if not isinstance(data, dict) or not isinstance(data.get("files"), list):
        raise _fail(path, "not a kitpress manifest (no 'files' list); rebuild the kit")
    return data


def _paper_label(paper: str, size_mm) -> tuple[str, str]:
    """A paper's name and size as the page shows them: kitpress's own by name, a game's own
    (from its sizes.yaml) by the size its manifest gives."""
    if paper in PAPER_NAMES:
        return PAPER_NAMES[paper]
    valid = isinstance(size_mm, list) and len(size_mm) == 2 and all(isinstance(v, int | float) and 0 < v < 10_000 for v in size_mm)
    return paper.upper(), f"{size_mm[0]:g}\u00a0×\u00a0{size_mm[1]:g}\u00a0mm" if valid else ""


def _translation(block) -> Translation | None:
    """The manifest's "translation" block. A kit in its game's own language has none, nor has a
    manifest from before kitpress wrote it; one that is not whole is left out too: the kit is
    listed as it is, like one from an older kitpress."""
    if not isinstance(block, dict):
        return None
    total, missing = block.get("total"), block.get("missing")
    numbers = (total, missing)
    if not all(isinstance(n, int) and not isinstance(n, bool) for n in numbers) or not 0 <= missing <= total:
        return None
    source = block.get("source")
    return Translation(source if isinstance(source, str) and source else "the source language", total, missing)


def _component(manifest: Path, folder: Path, rel: str, entry) -> Component:
    """One entry of a manifest's files, checked, with its thumbnail."""
    _check_entry(manifest, folder, entry)
    name, component = str(entry["file"]), str(entry["component"])
    pages, duplex = entry["pages"], entry["duplex"]
    thumb_size = thumbs.thumbnail(folder / name, folder / thumbs.THUMBS / f"{component}.png", str(entry.get("sha256") or ""))
    stock = str(entry["stock"])
    return Component(
        component=component,
        title=str(entry["title"]),
        kind=str(entry.get("kind") or ""),
        file=name,
        href=f"{rel}/{quote(name)}",
        thumb=f"{rel}/{thumbs.THUMBS}/{quote(component)}.png",
        thumb_size=thumb_size,
        pages=pages,
        sheets=sheets_for(pages, duplex),
        duplex=duplex,
        stock=stock,
        stock_name=STOCK_NAMES.get(stock, stock.capitalize()),
        size=_trim(entry.get("trim_mm")),
        combined=is_combined(entry),
    )


def _check_entry(manifest: Path, folder: Path, entry) -> None:
    """An entry the page can show: every key it needs, plain names (the page links to them), a
    file that is there, and pages and duplex of their types."""
    if not isinstance(entry, dict):
        raise _fail(manifest, "a 'files' entry is not an object; rebuild the kit")
    missing = [key for key in REQUIRED if key not in entry]
    if missing:
        raise _fail(manifest, f"entry {entry.get('file', '?')!r} lacks {', '.join(missing)}; rebuild the kit")
    name, component = str(entry["file"]), str(entry["component"])
    for value in (name, component):
        if not _SAFE_NAME.match(value):
            raise _fail(manifest, f"{value!r} is not a plain file or component name")
    pdf = folder / name
    if not pdf.is_file():
        raise _fail(manifest, f"lists {name} but {pdf} is missing; rebuild the kit")
    pages, duplex = entry["pages"], entry["duplex"]
    if not isinstance(pages, int) or isinstance(pages, bool) or pages < 0 or not isinstance(duplex, bool):
        raise _fail(manifest, f"{name}: 'pages' must be a whole number and 'duplex' true or false")


def _trim(trim) -> str:
    if isinstance(trim, (list, tuple)) and len(trim) == 2 and all(isinstance(v, (int, float)) for v in trim):
        return f"{trim[0]:g}\u00a0×\u00a0{trim[1]:g}\u00a0mm"
    return ""

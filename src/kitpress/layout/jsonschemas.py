"""JSON Schemas of the layout folders' files, for editors, made from the layout language's table
(layout/language): layout files, styles.yaml and sizes.yaml, each key with the reference's
meaning, unit and default as its description (editors show it on hover). `kitpress schema GAME`
writes them beside the content schemas and marks each layout folder's files in the project."""

from __future__ import annotations

import json
import os
from pathlib import Path

from kitpress.content.jsonschemas import FOLDER, MARKER, to_json
from kitpress.content.schema import SchemaParser
from kitpress.errors import Loc, Problems
from kitpress.layout import language
from kitpress.layout.language import Key

DRAFT = "https://json-schema.org/draft/2020-12/schema"
_SIZE = {"type": "string", "pattern": r"^\S+\s*x\s*\S+$", "description": "width x height, each with its unit: 70mm x 120mm"}
_ACROSS = {"type": "string", "pattern": r"^\d+\s*x\s*\d+$", "description": "columns x rows of cards on a sheet: 3 x 3"}
_TEMPLATED = {"valign"}  # keys whose value may be a template: their values are not enforced


def describe(key: Key) -> str:
    parts = [key.meaning]
    if key.unit:
        parts.append(f"unit: {key.unit}" + (" (a bare number is millimetres)" if key.unit == "mm" else ""))
    if key.default and not key.required:
        parts.append(f"default: {key.default}")
    if key.values:
        parts.append("values: " + ", ".join(map(str, key.values)))
    if key.deprecated:
        parts.append(f"deprecated: write {key.deprecated}")
    return "; ".join(parts)


def _type(text: str) -> dict:
    if text.startswith("[") and text[1:-1] in language.ITEMS:
        return {"type": "array", "items": {"$ref": f"#/$defs/{text[1:-1]}"}}
    return to_json(SchemaParser({}, Problems()).parse(text, Loc("<layout schema>")))


def _property(key: Key) -> dict:
    out = {**_type(key.type), "description": describe(key)}
    if key.values and key.name not in _TEMPLATED:
        out["enum"] = list(key.values)
    if key.deprecated:
        out["deprecated"] = True
    return out


def record(keys: tuple) -> dict:
    return {
        "type": "object",
        "properties": {k.name: _property(k) for k in keys},
        "required": [k.name for k in keys if k.required],
        "additionalProperties": False,
    }


def schemas() -> dict[str, dict]:
    """File name -> JSON Schema: a layout file, styles.yaml, sizes.yaml."""
    style = {"type": "object", "additionalProperties": record(language.STYLE), "description": "text styles by name"}
    colors = {"type": "object", "additionalProperties": {"type": "string"}, "description": "colours by name: '#1f4e79'"}
    layout = {"$schema": DRAFT, "title": "a kitpress layout", **record(language.LAYOUT)}
    layout["properties"]["styles"].update({k: v for k, v in style.items() if k != "description"})
    layout["$defs"] = {kind: record(keys) for kind, keys in language.ITEMS.items()}
    styles = {"$schema": DRAFT, "title": "styles.yaml", "type": "object", "additionalProperties": False}
    styles["properties"] = {"styles": style, "colors": colors}
    sizes = {"$schema": DRAFT, "title": "sizes.yaml", "type": "object", "additionalProperties": False}
    sizes["properties"] = {
        kind: {"type": "object", "additionalProperties": _SIZE, "description": f"{kind} by name, portrait"} for kind in ("papers", "cards")
    }
    sizes["properties"]["sheets"] = {"type": "object", "additionalProperties": _ACROSS, "description": "card sheet templates by name"}
    return {"layout.schema.json": layout, "styles.schema.json": styles, "sizes.schema.json": sizes}


def kind_of(path: Path) -> str:
    return {"styles.yaml": "styles", "sizes.yaml": "sizes"}.get(path.name, "layout")


def write(game_root: Path, dirs: list[Path], project_root: Path) -> list[Path]:
    """Write the schemas beside the content's and mark the files of the layout folders inside
    the project that lack the marker (a shared folder keeps the first game's)."""
    folder = game_root / FOLDER
    folder.mkdir(exist_ok=True)
    written = []
    for name, schema in schemas().items():
        path = folder / name
        path.write_text(json.dumps(schema, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        written.append(path)
    inside = [d for d in dirs if d.is_dir() and d.resolve().is_relative_to(project_root.resolve())]
    for path in (p for d in inside for p in sorted(d.glob("*.yaml"))):
        data = path.read_bytes()
        if not data.startswith(MARKER.encode()):
            target = os.path.relpath(folder / f"{kind_of(path)}.schema.json", path.parent).replace(os.sep, "/")
            path.write_bytes(f"{MARKER}{target}\n".encode() + data)
    return written

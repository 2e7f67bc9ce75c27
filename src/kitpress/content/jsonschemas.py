"""JSON Schemas of a game's files, for editors: VS Code and others complete and check content
files that start with `# yaml-language-server: $schema=…`. Written by `kitpress schema GAME`."""

from __future__ import annotations

import json
from pathlib import Path

from kitpress.content import yamlio
from kitpress.content.game import _GAME_SCHEMA, _GAME_TYPES, _load_schema
from kitpress.content.i18n.plurals import ORDER, groups as plural_groups
from kitpress.content.schema import UNIVERSAL, SchemaParser, Type
from kitpress.errors import Loc, Problems

MARKER = "# yaml-language-server: $schema="
FOLDER = "schemas"


def to_json(t: Type) -> dict:
    if t.kind == "record":
        properties = {name: to_json(sub) for name, sub, _ in t.fields}
        properties.update({name: {"type": "string"} for name in UNIVERSAL})
        required = [name for name, _, optional in t.fields if not optional]
        return {"type": "object", "properties": properties, "required": required, "additionalProperties": False}
    if t.kind == "list":
        return {"type": "array", "items": to_json(t.item)}
    if t.kind == "map":
        return {"type": "object", "additionalProperties": to_json(t.item)}
    if t.kind == "union":
        return {"anyOf": [to_json(option) for option in t.options]}
    return {
        "id": {"type": ["string", "integer"]},
        "ref": {"type": ["string", "integer"], "description": f"an id of {t.target}"},
        "text": {"type": "string"},
        "str": {"type": "string"},
        "int": {"type": "integer"},
        "number": {"type": "number"},
        "bool": {"type": "boolean"},
        "color": {"type": "string", "pattern": "^#[0-9a-fA-F]{6}$"},
    }[t.kind]


_GRAMMAR = (
    "a type: id, text (translatable), str, int, number, bool, color, ref(collection), a type named under types:, "
    "[type] (a list), map(type) (a mapping from ids), a | b; a trailing ? makes a record's field optional"
)


def schema_file() -> dict:
    """The JSON Schema of schema.yaml: `types:` (named types) and `collections:` (each file's)."""
    type_spec = {
        "anyOf": [
            {"type": "string", "description": _GRAMMAR},
            {"type": "array", "items": {"$ref": "#/$defs/type"}, "minItems": 1, "maxItems": 1, "description": "a list of one type"},
            {"type": "object", "additionalProperties": {"$ref": "#/$defs/type"}, "description": "a record: field -> type"},
        ],
        "description": _GRAMMAR,
    }
    named = {"type": "object", "additionalProperties": {"$ref": "#/$defs/type"}}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "schema.yaml",
        "type": "object",
        "properties": {
            "types": {**named, "description": "named types, used by name in other types (a record is a mapping of fields)"},
            "collections": {**named, "description": "the game's collections: each name a content file's top-level key, with its type"},
        },
        "additionalProperties": False,
        "$defs": {"type": type_spec},
    }


def schemas(root: Path, texts: dict) -> dict[str, dict]:
    """File name -> JSON Schema: content files, game.yaml and language files."""
    problems = Problems()
    collections, _ = _load_schema(root, root.name, problems)
    content = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"{root.name} content file",
        "type": "object",
        "properties": {name: to_json(t) for name, t in collections.items()},
        "additionalProperties": False,
    }
    named = {name: yamlio.load_text(text, "<game schema>") for name, text in _GAME_TYPES.items()}
    game_type = SchemaParser(named, problems).parse(yamlio.load_text(_GAME_SCHEMA, "<game schema>"), Loc("<game schema>"))
    game = {"$schema": content["$schema"], "title": "game.yaml", **to_json(game_type)}
    properties = {key: {"type": "string", "description": str(text)} for key, text in texts.items()}
    for head in plural_groups(texts):  # a plural text takes every form a language counts with (Arabic's six)
        other = str(texts[f"{head}.other"])
        for tag in ORDER:
            properties.setdefault(f"{head}.{tag}", {"type": "string", "description": other})
    locale = {
        "$schema": content["$schema"],
        "title": f"{root.name} language file",
        "type": "object",
        "properties": properties,
        "additionalProperties": False,
    }
    return {"content.schema.json": content, "game.schema.json": game, "locale.schema.json": locale, "schema.schema.json": schema_file()}


def write(root: Path, texts: dict) -> list[Path]:
    """Write the schemas and put the marker line at the top of every file that lacks it."""
    folder = root / FOLDER
    folder.mkdir(exist_ok=True)
    written = []
    for name, schema in schemas(root, texts).items():
        path = folder / name
        path.write_text(json.dumps(schema, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        written.append(path)
    for path in sorted(root.glob("*.yaml")) + sorted((root / "locales").glob("*.yaml")):
        if path.name.endswith(".lock.yaml"):
            continue
        kind = {"game.yaml": "game", "schema.yaml": "schema"}.get(path.name, "locale" if path.parent.name == "locales" else "content")
        relative = ("../" if path.parent.name == "locales" else "") + f"{FOLDER}/{kind}.schema.json"
        text = path.read_text(encoding="utf-8")
        if not text.startswith(MARKER):
            path.write_text(f"{MARKER}{relative}\n{text}", encoding="utf-8")
    return written

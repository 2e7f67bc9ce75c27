"""JSON Schemas of layout, style, sizes and schema.yaml files: written by `kitpress schema GAME`
beside the content's, carrying the reference's meanings, and marked on the project's layout files
(the marker line added once, the rest of each file byte for byte as it was)."""

import json

import pytest
import yaml

from kitpress.cli.main import run
from kitpress.content.jsonschemas import MARKER
from kitpress.layout import jsonschemas, language

jsonschema = pytest.importorskip("jsonschema")


def _validate(schema: dict, data) -> list[str]:
    return [error.message for error in jsonschema.Draft202012Validator(schema).iter_errors(data)]


def _unmarked(root):
    """The project's files as they were before any marker (the copy may be marked already)."""
    for path in [*root.glob("layouts/*/*.yaml"), *root.glob("content/*/schema.yaml")]:
        data = path.read_bytes()
        if data.startswith(MARKER.encode()):
            path.write_bytes(data.split(b"\n", 1)[1])


def test_schema_marks_the_layout_folders_files_once_and_changes_nothing_else(kit_project, capsys):
    _unmarked(kit_project.root)
    before = {p: p.read_bytes() for p in kit_project.root.glob("layouts/*/*.yaml")}
    assert run(["schema", "state-in-class"]) == 0
    schemas = kit_project.game_dir / "schemas"
    assert {"layout.schema.json", "styles.schema.json", "sizes.schema.json", "schema.schema.json"} <= {p.name for p in schemas.iterdir()}
    marked = {p: p.read_bytes() for p in before}
    for path, data in before.items():
        if path.parent.name in ("state-in-class", "common"):
            first, rest = marked[path].split(b"\n", 1)
            assert rest == data, path
            target = (path.parent / first.decode().removeprefix(MARKER)).resolve()
            assert target == (schemas / f"{jsonschemas.kind_of(path)}.schema.json").resolve(), path
        else:
            assert marked[path] == data, f"{path}: another game's folder is left alone"
    assert (kit_project.game_dir / "schema.yaml").read_text(encoding="utf-8").startswith(f"{MARKER}schemas/schema.schema.json\n")
    assert run(["schema", "state-in-class"]) == 0
    assert {p: p.read_bytes() for p in before} == marked  # once: a second run changes nothing


def test_the_shipped_layout_files_are_valid_by_their_schemas(kit_project, capsys):
    _unmarked(kit_project.root)
    assert run(["schema", "--all"]) == 0
    files = [*kit_project.root.glob("layouts/*/*.yaml"), *kit_project.root.glob("content/*/schema.yaml")]
    assert len(files) > 40
    for path in files:
        target = path.read_text(encoding="utf-8").split("\n", 1)[0].removeprefix(MARKER)
        schema = json.loads((path.parent / target).read_text(encoding="utf-8"))
        assert _validate(schema, yaml.safe_load(path.read_text(encoding="utf-8"))) == [], path


def test_the_layout_schema_carries_the_references_meanings_and_refuses_a_typo():
    layout = jsonschemas.schemas()["layout.schema.json"]
    bleed = layout["properties"]["bleed"]
    assert "unit: mm" in bleed["description"] and "how far the print runs past the trim" in bleed["description"]
    assert layout["$defs"]["shape"]["properties"]["rect"]["deprecated"] is True
    assert set(layout["properties"]) == {k.name for k in language.LAYOUT}
    assert _validate(layout, {"size": "poker", "frames": [{"id": "t", "at": [0, 0, 1, 1], "markup": "x"}]}) == []
    assert _validate(layout, {"size": "poker", "bleeed": "3mm"})  # a typo is flagged
    assert _validate(layout, {"frames": [{"id": "t", "at": [0, 0, 1, 1]}]})  # a frame needs its markup
    styles = jsonschemas.schemas()["styles.schema.json"]
    assert _validate(styles, {"styles": {"body": {"size": 9, "colour": "ink"}}})
    sizes = jsonschemas.schemas()["sizes.schema.json"]
    assert _validate(sizes, {"cards": {"classroom": "72mm x 124mm"}}) == [] and _validate(sizes, {"cards": {"x": "72mm"}})


def test_the_shipped_games_schemas_are_what_kitpress_schema_writes_now(kit_project, capsys):
    # an editor checks a designer's files against these: a key added to the language or to
    # game.yaml's schema must reach them (run `kitpress schema --all` after such a change)
    shipped = {p.relative_to(kit_project.root): p.read_bytes() for p in kit_project.root.glob("content/*/schemas/*.json")}
    assert len(shipped) >= 15
    assert run(["schema", "--all"]) == 0
    now = {p.relative_to(kit_project.root): p.read_bytes() for p in kit_project.root.glob("content/*/schemas/*.json")}
    stale = sorted(str(p) for p in now if shipped.get(p) != now[p])
    assert stale == [], "stale: run kitpress schema --all"

"""docs/reference.md cannot drift: it is what `kitpress reference` makes now; its examples build; the
variables it lists are the ones templates are given; every key the shipped layouts (and the
fixture) use is in it, and every key in it is one the layout checker knows."""

from pathlib import Path

import pytest
import yaml

from kitpress.cli.main import run
from kitpress.cli.reference import generate
from kitpress.compose import bind
from kitpress.compose.variables import VARIABLES
from kitpress.content import yamlio
from kitpress.content.schema import SchemaParser
from kitpress.errors import Loc, Problems
from kitpress.layout import language, layouts, markuplang
from kitpress.layout.examples import EXAMPLES
from kitpress.layout.reference import TAG_MEANINGS
from kitpress.layout.stylesheet import STYLE_KEYS

ROOT = Path(__file__).resolve().parents[1]
REFERENCE = ROOT / "docs" / "reference.md"
LAYOUT_FILES = [
    p for p in sorted((ROOT / "layouts").glob("*/*.yaml")) + sorted((ROOT / "tests" / "fixture" / "layouts").glob("*/*.yaml"))
    if p.name != "sizes.yaml"
]  # fmt: skip


def test_docs_reference_is_what_the_generator_makes_now():
    made = generate()
    assert REFERENCE.read_text(encoding="utf-8") == made, "docs/reference.md is stale: kitpress reference --out docs/reference.md"


def test_kitpress_reference_prints_it_and_writes_it(tmp_path, capsys):
    assert run(["reference"]) == 0
    assert capsys.readouterr().out == generate()
    assert run(["reference", "--out", str(tmp_path / "ref.md")]) == 0
    assert (tmp_path / "ref.md").read_text(encoding="utf-8") == generate()


@pytest.mark.parametrize("section", sorted(EXAMPLES))
def test_each_example_builds_in_the_fixture_game_without_a_warning(mini_project, section, capsys):
    path, text = EXAMPLES[section]
    target = mini_project / path
    assert target.exists() or target.name == "sizes.yaml", f"{path}: an example replaces a file the fixture has"
    target.write_text(text, encoding="utf-8")
    assert run(["build", "mini", "--out", str(mini_project / "out")]) == 0, capsys.readouterr().err
    err = capsys.readouterr().err
    assert "warning" not in err and "error" not in err, err
    assert f"```yaml\n{text}```" in generate()


def _checker_types() -> dict[str, set[str]]:
    """The field names of the layout checker's schema, as the checker parses it."""
    problems = Problems()
    parser = SchemaParser({k: yamlio.load_text(v, "<layout schema>") for k, v in layouts._TYPES.items()}, problems)
    top = parser.parse(yamlio.load_text(layouts._SCHEMA, "<layout schema>"), Loc("<layout schema>"))
    found = {"layout": {name for name, _, _ in top.fields}}
    for kind in language.ITEMS:
        found[kind] = {name for name, _, _ in parser.parse(yamlio.load_text(kind, "<t>"), Loc("<t>")).fields}
    assert not problems.items
    return found


def test_every_key_in_the_reference_is_one_the_checker_knows_and_the_other_way_round():
    checker = _checker_types()
    assert checker["layout"] == {k.name for k in language.LAYOUT}
    for kind, keys in language.ITEMS.items():
        assert checker[kind] == {k.name for k in keys}, kind
    assert {k.name for k in language.STYLE} == STYLE_KEYS
    assert set(TAG_MEANINGS) == set(markuplang.TAGS)


def _used_keys(path: Path) -> set[str]:
    """Every key a layout or styles file writes: `size`, `frame.at`, `style.bold`."""
    raw = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    styles = raw.get("styles") or {}
    used = {f"style.{key}" for spec in styles.values() for key in spec}
    if path.name == "styles.yaml":
        return used
    used |= set(raw)
    for plural, kind in (("shapes", "shape"), ("frames", "frame"), ("tracks", "track"), ("nets", "net")):
        used |= {f"{kind}.{key}" for item in raw.get(plural) or [] for key in item}
    return used


def test_every_key_the_shipped_layouts_use_is_in_the_reference():
    text = REFERENCE.read_text(encoding="utf-8")
    used = set().union(*map(_used_keys, LAYOUT_FILES))
    assert len(used) > 60  # it read the layouts: 72 keys when this was written
    documented = language.known() | {f"style.{k.name}" for k in language.STYLE}
    assert used - documented == set()
    for key in used:
        assert f"| `{key.split('.')[-1]}` |" in text, key


def test_the_variables_are_the_ones_templates_are_given(mini_project, monkeypatch, capsys):
    seen: dict[str, set] = {}
    render = bind.Binder.render

    def recording(self, source, context, document=False):
        for name, value in context.items():
            keys = seen.setdefault(name, set())
            if isinstance(value, dict) and name in {"kit", "component", "deck", "sheet", "space"}:
                keys.update(value)
        return render(self, source, context, document)

    monkeypatch.setattr(bind.Binder, "render", recording)
    assert run(["check", "mini"]) == 0, capsys.readouterr().err
    collections = set(yamlio.load_text((mini_project / "content" / "mini" / "schema.yaml").read_text(), "schema.yaml")["collections"])
    documented = {v.name: {key for key, _ in v.keys} for v in VARIABLES}
    given = {name: keys for name, keys in seen.items() if name not in collections}
    assert set(given) == set(documented) - {"COLLECTION"}
    for name, keys in given.items():
        assert keys == documented[name], name
    assert collections <= set(seen)

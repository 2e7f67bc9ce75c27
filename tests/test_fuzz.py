"""Broken content, generated: every outcome is a loaded game or located errors — never a traceback."""

import shutil
from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kitpress.build.pipeline import BuildOptions, Project, build_game, compose_game
from kitpress.errors import KitpressError

REPO = Path(__file__).resolve().parents[1]
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])

scalars = st.one_of(st.none(), st.booleans(), st.integers(-(10**6), 10**6), st.floats(allow_nan=False), st.text(max_size=40))
values = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=12,
)


def outcome(root: Path, build: bool = False) -> None:
    """Compose (or build) the game; a KitpressError must place every problem; anything else escapes."""
    try:
        if build:  # the whole build: text fitted and drawn by the worker processes
            build_game(Project(root), "state-in-class", BuildOptions(out=root / "out"))
        else:
            compose_game(Project(root), "state-in-class", BuildOptions())
    except KitpressError as exc:
        assert exc.problems
        for problem in exc.problems:
            assert problem.loc.path and problem.loc.line >= 1, str(problem)


def fresh(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("fuzz")
    shutil.copytree(
        REPO / "content" / "state-in-class",
        root / "content" / "state-in-class",
        ignore=shutil.ignore_patterns("locales", "schemas"),
    )
    shutil.copytree(REPO / "layouts", root / "layouts")
    return root


@SETTINGS
@given(document=st.text(max_size=300))
def test_any_text_as_a_content_file(tmp_path_factory, document):
    root = fresh(tmp_path_factory)
    (root / "content/state-in-class/extra.yaml").write_text(document, encoding="utf-8")
    outcome(root)


@SETTINGS
@given(field=st.sampled_from(["income", "title", "class", "life", "flavour", "id"]), value=values)
def test_any_value_in_a_role(tmp_path_factory, field, value):
    root = fresh(tmp_path_factory)
    roles = root / "content/state-in-class/roles.yaml"
    data = yaml.safe_load(roles.read_text(encoding="utf-8"))
    data["roles"][0][field] = value
    roles.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    outcome(root)


@SETTINGS
@given(value=values)
def test_any_value_in_a_layout(tmp_path_factory, value):
    root = fresh(tmp_path_factory)
    layout = root / "layouts/state-in-class/event-front.yaml"
    data = yaml.safe_load(layout.read_text(encoding="utf-8"))
    data["frames"][0]["at"] = value
    layout.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    outcome(root)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(field=st.sampled_from(["title", "flavour", "income"]), value=values)
def test_any_value_in_a_role_through_the_whole_build(tmp_path_factory, field, value):
    root = fresh(tmp_path_factory)
    roles = root / "content/state-in-class/roles.yaml"
    data = yaml.safe_load(roles.read_text(encoding="utf-8"))
    data["roles"][0][field] = value
    roles.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    outcome(root, build=True)

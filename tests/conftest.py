"""Make `import kitpress` work from a plain checkout (the package lives under src/)."""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
if str(SRC) not in sys.path:
    sys.path.insert(0, str(SRC))
TOOLS = ROOT / "tools"  # the benchmark's synthetic game, which tests build too
if str(TOOLS) not in sys.path:
    sys.path.append(str(TOOLS))


# -- a throwaway copy of the project to break (test_layout_errors, test_images, test_print_edges)

import shutil  # noqa: E402

import pytest  # noqa: E402

KIT_GAME = "state-in-class"


class KitProject:
    """content/ and layouts/ copied into a temporary folder that is also the working
    directory, so problems show paths like layouts/state-in-class/event-front.yaml."""

    def __init__(self, root: Path):
        self.root = root
        self.game_dir = root / "content" / KIT_GAME
        self.layout_dir = root / "layouts" / KIT_GAME

    def edit(self, rel: str, old: str, new: str) -> str:
        """Replace `old` (which must occur exactly once) by `new` in one file; return the new text."""
        path = self.root / rel
        text = path.read_text(encoding="utf-8")
        assert text.count(old) == 1, f"{old!r} occurs {text.count(old)} times in {rel}"
        edited = text.replace(old, new)
        path.write_text(edited, encoding="utf-8")
        return edited

    @staticmethod
    def line_of(text: str, marker: str) -> int:
        """1-based line of `marker`, which must occur exactly once in `text`."""
        assert text.count(marker) == 1, f"{marker!r} occurs {text.count(marker)} times"
        return text[: text.index(marker)].count("\n") + 1

    def options(self, **options):
        from kitpress.build import BuildOptions

        return BuildOptions(**options)

    def compose(self, **options):
        from kitpress.build import Project, compose_game

        return compose_game(Project(self.root), KIT_GAME, self.options(**options))

    def build(self, **options):
        from kitpress.build import Project, build_game

        return build_game(Project(self.root), KIT_GAME, self.options(**options))

    def compose_error(self, **options):
        """The KitpressError that composing raises (the test fails if it does not)."""
        from kitpress.errors import KitpressError

        with pytest.raises(KitpressError) as info:
            self.compose(**options)
        return info.value


@pytest.fixture
def kit_project(tmp_path, monkeypatch) -> KitProject:
    root = tmp_path / "proj"
    shutil.copytree(ROOT / "content", root / "content")
    shutil.copytree(ROOT / "layouts", root / "layouts")
    monkeypatch.chdir(root)
    return KitProject(root)


@pytest.fixture
def mini_project(tmp_path, monkeypatch) -> Path:
    """The fixture game (tests/fixture: one of every feature, small) in a project of its own,
    with kitpress's common layouts; also the working directory. Its root is returned."""
    root = tmp_path / "mini-project"
    shutil.copytree(ROOT / "tests" / "fixture", root)
    shutil.copytree(ROOT / "layouts" / "common", root / "layouts" / "common")
    monkeypatch.chdir(root)
    return root


def pytest_addoption(parser):
    parser.addoption("--update-goldens", action="store_true", help="Rewrite tests/goldens/ from what kitpress makes now.")


# -- the fast loop: `pytest -m "not slow"` ---------------------------------------------------------
# Modules that build whole kits, start processes or a browser, or fuzz: everything in them is
# `slow` (CI runs them all; a developer's quick loop leaves them out).
SLOW_MODULES = {
    "test_hostile",
    "test_hardening",
    "test_incremental",
    "test_site",
    "test_fuzz",
    "test_every_pdf",
    "test_print_edges",
    "test_sources",
    "test_soviet_system",
    "test_teachers",
    "test_kit_pdfs",
    "test_preview",
    "test_life_cards",
    "test_kittext",
    "test_class_struggle",
    "test_compare_kits",
}


def pytest_collection_modifyitems(config, items):
    for item in items:
        if item.module.__name__.rsplit(".", 1)[-1] in SLOW_MODULES:
            item.add_marker(pytest.mark.slow)

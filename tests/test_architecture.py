"""Each library behind its door: which of kitpress's modules may import it. Read from the source
(every import, at the top of a module or inside a function), so a new import elsewhere fails
here and is a decision, not an accident; and the modules import each other without a cycle.

The table is where the code stands today (issue 14 moves reportlab, pikepdf, pdfium and Pillow
behind narrower doors: narrow this table as it does)."""

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "kitpress"
DOORS = {
    "yaml": {"yamlio"},
    "jinja2": {"bind", "sandbox", "site"},
    "markupsafe": {"bind", "sandbox"},
    "typer": {"cli", "i18n_cli"},
    "watchfiles": {"cli"},
    "babel": {"i18n"},
    "pyphen": {"styles"},
    "fontTools": {"i18n", "icons"},
    "PIL": {"build", "images", "preview", "site"},
    "pypdfium2": {"build", "preview", "site"},
    "pikepdf": {"batches", "build", "changes", "kitfiles"},
    "reportlab": {
        "__init__",
        "boardsheets",
        "cardsheets",
        "documents",
        "fit",
        "fonts",
        "kitfiles",
        "markup",
        "plainline",
        "render",
        "ruler",
        "styles",
    },
    "pypdf": set(),  # tests and tools/ only: not a dependency of kitpress
}


def imports() -> dict[str, set[str]]:
    """Module -> every top-level package and kitpress module it imports, anywhere in it."""
    found = {}
    for path in PACKAGE.glob("*.py"):
        names = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                if node.level:  # from .x import y / from . import x
                    names.update({f".{node.module.split('.')[0]}"} if node.module else {f".{a.name}" for a in node.names})
                else:
                    names.add(node.module.split(".")[0])
        found[path.stem] = names
    return found


def test_every_library_is_imported_only_behind_its_door():
    found = imports()
    assert len(found) > 30 and any("reportlab" in names for names in found.values())  # it read the modules
    for library, allowed in DOORS.items():
        users = {module for module, names in found.items() if library in names}
        assert users <= allowed, f"{library} is imported by {sorted(users - allowed)}, outside its door {sorted(allowed)}"


def test_kitpress_modules_import_each_other_without_a_cycle():
    modules = imports()
    graph = {m: {n[1:] for n in names if n.startswith(".") and n[1:] in modules} for m, names in modules.items()}
    visiting, done = set(), set()

    def visit(module, path):
        if module in done:
            return
        assert module not in visiting, "an import cycle: " + " -> ".join([*path, module])
        visiting.add(module)
        for other in sorted(graph[module]):
            visit(other, [*path, module])
        visiting.discard(module)
        done.add(module)

    for module in sorted(graph):
        visit(module, [])


def test_the_package_imports_nothing_from_tools_or_tests():
    for module, names in imports().items():
        assert not names & {"tools", "tests", "synthetic", "bench", "conftest"}, module

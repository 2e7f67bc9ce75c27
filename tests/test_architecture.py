"""The folders are the doors. kitpress's subpackages are the stages of a build, in the order a
build runs them; each library is imported only by the stages whose job it is; a stage imports
only the stages before it; no module imports itself round a cycle. Read from the source (every
import, at the top of a module or inside a function), so a new import that breaks a rule fails
here and is a decision, not an accident.

Where the code does not yet keep a rule, the exception is written down below (BACKWARD), and
the test fails as soon as it is no longer needed too: the list can only shrink."""

import ast
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "kitpress"
# The stages, in the order a build runs them; "" is the foundation every stage shares (errors,
# files, units, the user's cache, and the package's own __init__).
STAGES = ["", "impose", "content", "layout", "compose", "typeset", "render", "build", "export", "site", "cli"]
DOORS = {
    "yaml": {"content"},
    "jinja2": {"compose", "site"},
    "markupsafe": {"compose"},
    "typer": {"cli"},
    "watchfiles": {"cli", "site"},
    "starlette": {"site"},
    "uvicorn": {"site"},
    "anyio": {"site"},
    "babel": {"content"},
    "polib": {"content"},  # content.i18n.exchange: PO files
    "openpyxl": {"content"},  # content.workbooks reads XLSX, content.tablewriter writes it (kitpress convert)
    "python_calamine": {"content"},  # content.workbooks reads ODS
    "defusedxml": {"content"},  # content.odsscan streams an ODS workbook's XML before calamine holds it
    "pyphen": {"typeset"},
    "arabic_reshaper": {"typeset"},  # typeset.arabic: Arabic letters joined
    "bidi": {"typeset"},  # typeset.direction: right-to-left lines in visual order
    "fontTools": {"content", "typeset"},
    "reportlab": {"", "typeset", "render"},  # "": __init__ names the fonts before reportlab's modules load
    "pikepdf": {"render", "build", "export"},  # export: the print shops' PDF/X
    "pypdfium2": {"build"},
    "PIL": {"content", "build", "export", "site"},
    "pypdf": set(),  # tests and tools/ only: not a dependency of kitpress
}
# Imports of a later stage, as the code stands: loading a translation asks the fonts (as the
# project registered them) whether they can print its language, before anything is composed.
BACKWARD = {
    "content.i18n.scripts -> typeset.fonts",
}


def modules() -> set[str]:
    return {".".join(p.relative_to(PACKAGE).with_suffix("").parts) for p in PACKAGE.rglob("*.py")}


def imports() -> dict[str, tuple[set[str], set[str]]]:
    """Module ('typeset.markup', 'errors', 'build.__init__') -> (libraries, kitpress modules) it imports."""
    known = modules()
    found = {}
    for path in PACKAGE.rglob("*.py"):
        libraries, internal = set(), set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name.startswith("kitpress."):
                        internal.add(alias.name.removeprefix("kitpress."))
                    else:
                        libraries.add(alias.name.split(".")[0])
            elif isinstance(node, ast.ImportFrom):
                assert not node.level, f"{path}: kitpress imports itself by absolute names"
                if node.module == "kitpress" or node.module.startswith("kitpress."):
                    where = node.module.removeprefix("kitpress").removeprefix(".")
                    for alias in node.names:  # `from kitpress.build import batches` imports build.batches
                        inner = f"{where}.{alias.name}".lstrip(".")
                        internal.add(inner if inner in known else where or "__init__")
                elif node.module != "__future__":
                    libraries.add(node.module.split(".")[0])
        found[".".join(path.relative_to(PACKAGE).with_suffix("").parts)] = (libraries - set(sys.stdlib_module_names), internal)
    return found


def stage(module: str) -> str:
    return module.split(".")[0] if "." in module else ""


def test_every_module_is_in_a_stage():
    assert {stage(m) for m in modules()} == set(STAGES)


def test_every_library_is_imported_only_behind_its_door():
    found = imports()
    assert len(found) > 40 and any("reportlab" in libraries for libraries, _ in found.values())  # it read the modules
    for library, allowed in DOORS.items():
        users = {module for module, (libraries, _) in found.items() if library in libraries}
        outside = sorted(m for m in users if stage(m) not in allowed)
        assert not outside, f"{library} is imported by {outside}, outside its door (the stages {sorted(allowed)})"
    everything = set().union(*(libraries for libraries, _ in found.values()))
    assert everything <= set(DOORS) | {"kitpress"}, f"a library without a door: {sorted(everything - set(DOORS))}"


def test_a_stage_imports_only_the_stages_before_it():
    backward = {
        f"{module} -> {target}"
        for module, (_, internal) in imports().items()
        for target in internal
        if STAGES.index(stage(target)) > STAGES.index(stage(module))
    }
    assert backward <= BACKWARD, f"a stage imports a later one: {sorted(backward - BACKWARD)}"
    assert BACKWARD <= backward, f"no longer needed: take these out of BACKWARD: {sorted(BACKWARD - backward)}"


def test_kitpress_modules_import_each_other_without_a_cycle():
    found = imports()
    graph = {m: {t for t in internal if t in found and t != m} for m, (_, internal) in found.items()}
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
    for module, (libraries, _) in imports().items():
        assert not libraries & {"tools", "tests", "synthetic", "bench", "conftest", "compare_kits"}, module


def test_no_file_of_the_package_or_the_tests_is_ignored_by_git():
    """`build/` in .gitignore once hid src/kitpress/build/ from every commit: a clone lacked it."""
    import shutil
    import subprocess

    import pytest

    root = PACKAGE.parents[1]
    if shutil.which("git") is None or not (root / ".git").exists():
        pytest.skip("not a git checkout")
    paths = [str(p.relative_to(root)) for folder in ("src/kitpress", "tests") for p in (root / folder).rglob("*") if p.is_file() and "__pycache__" not in p.parts]
    ignored = subprocess.run(["git", "check-ignore", "--no-index", *paths], cwd=root, capture_output=True, text=True).stdout.split()
    assert ignored == [], f"git ignores these: {ignored[:10]}"

"""How big kitpress's pieces are, against the norms of docs/architecture.md: lines per module,
per class, and per function (median and 90th percentile). `python tools/code_size.py`."""

from __future__ import annotations

import ast
import statistics
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "kitpress"
NORMS = {"module": 300, "class": 200, "function p90": 25}


def measure(package: Path = PACKAGE) -> dict:
    modules, classes, functions = {}, {}, []
    for path in sorted(package.rglob("*.py")):
        name = ".".join(path.relative_to(package).with_suffix("").parts)
        text = path.read_text(encoding="utf-8")
        modules[name] = len(text.splitlines())
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.ClassDef):
                classes[f"{name}.{node.name}"] = node.end_lineno - node.lineno + 1
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                functions.append(node.end_lineno - node.lineno + 1)
    functions.sort()
    return {
        "modules": modules,
        "classes": classes,
        "function median": statistics.median(functions),
        "function p90": functions[int(0.9 * (len(functions) - 1))],
        "functions": len(functions),
    }


def main() -> int:
    found = measure()
    big = {m: n for m, n in found["modules"].items() if n > NORMS["module"]}
    big_classes = {c: n for c, n in found["classes"].items() if n > NORMS["class"]}
    print(f"{len(found['modules'])} modules, {found['functions']} functions: median {found['function median']:g} lines, p90 {found['function p90']}")
    print(f"modules over {NORMS['module']} lines: " + (", ".join(f"{m} {n}" for m, n in sorted(big.items(), key=lambda x: -x[1])) or "none"))
    print(f"classes over {NORMS['class']} lines: " + (", ".join(f"{c} {n}" for c, n in sorted(big_classes.items(), key=lambda x: -x[1])) or "none"))
    return 0


if __name__ == "__main__":
    sys.exit(main())

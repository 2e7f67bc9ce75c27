"""docs/reference.md, made from the code's own tables: the layout stage's sections (layout/reference:
keys, styles, sizes, markup), what each template sees (compose/variables) and what it may call
(compose/filters' FILTERS and GLOBALS, bind's `indexed`, each with its docstring). Here, in the
command stage, because it gathers every stage's lists. `kitpress reference` prints or writes it;
tests/test_reference.py fails when docs/reference.md is not what this makes now."""

from __future__ import annotations

import inspect

from kitpress.compose import filters
from kitpress.compose.bind import Binder
from kitpress.compose.variables import VARIABLES
from kitpress.layout import reference as layout_ref
from kitpress.layout.reference import cell, example

TITLE = "# The layout language: a reference"
INTRO = """\
Made by `kitpress reference --out docs/reference.md` from kitpress's own tables (the layout
checker reads the same ones), and checked by the tests: do not edit it by hand. Each section's
example is a file of the fixture game (`tests/fixture/`, the game `mini`), and the tests build
the fixture with it in place. How layouts are found, extended and overridden is in
[layouts.md](layouts.md); every error message is in [errors.md](errors.md).

A game's look is layout files (`layouts/<game>/NAME.yaml`, or the game's own `layouts/` folder,
then `layouts/common/`): YAML geometry, with jinja2 templates where text is bound to content.
A layout is a face (`kind: face`: a card, a back, a board, a page, a space of a track, a face of a
die) or a document (`kind: document`). **Units**: a bare length in a layout's geometry is
millimetres; a length may carry its unit (`3mm`, `0.25in`, `8pt`, `1cm`); line widths, dashes and
font sizes are points (write `0.5pt`). In markup every length carries its unit.
"""


def _doc(function) -> str:
    return cell(" ".join((inspect.getdoc(function) or "").split()))


def variables_section() -> str:
    rows = ["| name | where | what it is |", "|---|---|---|"]
    for var in VARIABLES:
        keys = "; ".join(f"`.{key}`: {meaning}" for key, meaning in var.keys)
        rows.append(f"| `{var.name}` | {cell(var.where)} | {cell(var.meaning)}{': ' + cell(keys) if keys else ''} |")
    return (
        "## What templates see\n\nEvery template runs in jinja2's immutable sandbox with strict undefined names: a name "
        "that is not there is an error at its place. `COLLECTION` stands for each collection's own name.\n\n"
        + "\n".join(rows) + "\n\n" + example("variables")
    )  # fmt: skip


def filters_section() -> str:
    rows = ["| name | how it is called | what it does |", "|---|---|---|"]
    helpers = {**filters.FILTERS, "indexed": Binder._indexed}
    for name, function in helpers.items():
        rows.append(f"| `{name}` | filter: `{{{{ x \\| {name}{_call(function)} }}}}` | {_doc(function)} |")
    for name, function in filters.GLOBALS.items():
        rows.append(f"| `{name}` | function: `{{{{ {name}({', '.join(_params(function))}) }}}}` | {_doc(function)} |")
    return (
        "## Filters and helpers\n\nkitpress's own, besides jinja2's built-in filters and tests (`length`, `join`, "
        "`default`, `selectattr`…).\n\n" + "\n".join(rows) + "\n\n" + example("filters")
    )


def _params(function) -> list[str]:
    found = inspect.signature(function).parameters.values()
    return ["name=…" if p.kind is p.VAR_KEYWORD else p.name for p in found if p.name not in ("self", "context")]


def _call(function) -> str:
    rest = _params(function)[1:]
    return f"({', '.join(rest)})" if rest else ""


def generate() -> str:
    body = [*layout_ref.sections(), variables_section(), filters_section(), layout_ref.old_forms_section()]
    contents = "\n".join(f"- [{_title(s)}](#{_anchor(_title(s))})" for s in body)
    return f"{TITLE}\n\n{INTRO}\n{contents}\n\n" + "\n".join(body)


def _title(section: str) -> str:
    return section.split("\n", 1)[0].removeprefix("## ")


def _anchor(title: str) -> str:
    kept = "".join(c for c in title.lower() if c.isalnum() or c in " -_")
    return kept.replace(" ", "-")

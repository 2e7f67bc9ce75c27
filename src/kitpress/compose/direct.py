"""Templates that are only text and values (`<p style="h2">{{ card.title }}</p>`), rendered
without jinja's render machinery but through the very hooks its compiled code calls.

Most frames of a card are such a template. A render of one took 5.9 µs, 3.6 this way: jinja's
context (a copy of the variables merged with the globals, an evaluation context) is 1.5 µs of
it, its generator and the lookup of the compiled template most of the rest. For a template
whose syntax tree is text and `{{ name }}` or `{{ name.attr.attr }}` only, the work is what its
compiled code does, in its order: `environment.literal(text)` for each run of text, and for each value
`escape(environment.finalize(eval_ctx, environment.getattr(...)))`, the names looked up in the
render's variables. The same hooks meter the same steps and text, refuse the same attributes
(the sandbox's getattr) and record the same printed content (finalize). Anything else - a
filter, a test, a subscript, a block, a name the variables do not hold - is jinja's. A render
that fails here is left to jinja from where it began (the meter set back), so a failure is
reported in jinja's words at jinja's place.
"""

from __future__ import annotations

from jinja2 import nodes
from jinja2.exceptions import TemplateError
from markupsafe import escape

# a template as its steps: (text, None, ()) writes the text; (None, name, attrs) writes a value
Plan = tuple[tuple[str | None, str | None, tuple[str, ...]], ...]


def plan(environment, source: str) -> Plan | None:
    """The steps of a template that is text and values only; None for any other."""
    try:
        tree = environment.parse(source)
    except (TemplateError, RecursionError, ValueError):
        return None  # said by jinja, at its place, when the template is compiled
    if len(tree.body) != 1 or type(tree.body[0]) is not nodes.Output:
        return None
    steps = []
    for node in tree.body[0].nodes:
        if type(node) is nodes.TemplateData:
            steps.append((node.data, None, ()))
            continue
        attrs = []
        while type(node) is nodes.Getattr and node.ctx == "load":
            attrs.append(node.attr)
            node = node.node
        if type(node) is not nodes.Name or node.ctx != "load":
            return None
        steps.append((None, node.name, tuple(reversed(attrs))))
    return tuple(steps)


def names(steps: Plan) -> frozenset[str]:
    """The variables a plan reads."""
    return frozenset(name for _, name, _ in steps if name is not None)


def render(environment, eval_ctx, steps: Plan, variables: dict) -> str:
    """What jinja's compiled code for the template writes, joined as its render joins it. Every
    name of the plan must be in `variables` (jinja would look among the globals next)."""
    out = []
    for text, name, attrs in steps:
        if text is not None:
            out.append(environment.literal(text))
            continue
        value = variables[name]
        for attr in attrs:
            value = environment.getattr(value, attr)
        out.append(escape(environment.finalize(eval_ctx, value)))
    return "".join(out)

"""Which names of the content a template reads: what a composed face kept between builds
(compose/memo) depends on. Found in the template's own syntax tree, once per text, so it holds
for every branch the template may take; a template that hands its context to another one
(`{% include %}`, an import `with context`, `{% extends %}`) reads what that one reads too, and
one that names it by an expression reads everything."""

from __future__ import annotations

import jinja2
import jinja2.meta
from jinja2 import nodes

from kitpress.compose import filters

EVERYTHING = None  # what `names` says of a template that may read any name


def names(env: jinja2.Environment, text: str, expression: bool = False) -> frozenset[str] | None:
    """The names `text` (a template, or with `expression` an expression) reads from its
    context; EVERYTHING when it may read any. Unparsable text reads nothing here: compiling it
    fails with its place, and a failed face is never kept."""
    try:
        return _names(env, env.parse("{{ " + text + " }}" if expression else text), set())
    except jinja2.TemplateError:
        return frozenset()


def _names(env: jinja2.Environment, tree: nodes.Template, seen: set[str]) -> frozenset[str] | None:
    found = set(jinja2.meta.find_undeclared_variables(tree))
    for node in tree.find_all(nodes.Filter):  # a filter given the context reads it too
        found.update(filters.CONTEXT_READS.get(node.name, ()))
    for node in tree.find_all((nodes.Include, nodes.Extends, nodes.Import, nodes.FromImport)):
        if isinstance(node, nodes.Import | nodes.FromImport) and not node.with_context:
            continue  # a helper imported without the context sees only what it is given
        if not isinstance(node.template, nodes.Const) or not isinstance(node.template.value, str):
            return EVERYTHING  # a template named by an expression: which one is known when it runs
        name = node.template.value
        if name in seen:
            continue
        seen.add(name)
        try:
            source = env.loader.get_source(env, name)[0]
        except jinja2.TemplateNotFound:
            continue  # rendering says so, with its place; the face is not kept
        inner = _names(env, env.parse(source), seen)
        if inner is EVERYTHING:
            return EVERYTHING
        found.update(inner)
    return frozenset(found)

"""Which names of the content a template reads: what a composed face kept between builds
(compose/memo) depends on. Found in the template's own syntax tree, once per text, so it holds
for every branch the template may take; a template that hands its context to another one
(`{% include %}`, an import `with context`, `{% extends %}`) reads what that one reads too, and
one that names it by an expression reads everything."""

from __future__ import annotations

from typing import NamedTuple

import jinja2
import jinja2.meta
from jinja2 import nodes

from kitpress.compose import filters

EVERYTHING = None  # what `names` says of a template that may read any name


class _Own(NamedTuple):
    """What one text reads by itself, and the templates it hands its context to (None: one
    named by an expression)."""

    names: frozenset[str]
    passes_to: tuple[str, ...] | None


# a text's own reads depend on its text alone (and on jinja and the filters, fixed in a
# process), so they are kept for the process: every build of every paper and language of a game
# binds the same templates, and finding them was a twentieth of `make kit`. Included templates
# are looked up each time, since their files may change between builds.
_OWN: dict[tuple[bool, str], _Own] = {}
_KEPT = 20_000  # texts; a layout has dozens, so this only guards against an unending stream


def names(env: jinja2.Environment, text: str, expression: bool = False) -> frozenset[str] | None:
    """The names `text` (a template, or with `expression` an expression) reads from its
    context; EVERYTHING when it may read any. Unparsable text reads nothing here: compiling it
    fails with its place, and a failed face is never kept."""
    own = _own(env, text, expression)
    return _with_passed(env, own, set()) if own is not None else frozenset()


def _own(env: jinja2.Environment, text: str, expression: bool = False) -> _Own | None:
    key = (expression, text)
    if key not in _OWN:
        try:
            tree = env.parse("{{ " + text + " }}" if expression else text)
        except jinja2.TemplateError:
            return None
        if len(_OWN) >= _KEPT:
            _OWN.clear()
        _OWN[key] = _analysed(tree)
    return _OWN[key]


def _analysed(tree: nodes.Template) -> _Own:
    found = set(jinja2.meta.find_undeclared_variables(tree))
    for node in tree.find_all(nodes.Filter):  # a filter given the context reads it too
        found.update(filters.CONTEXT_READS.get(node.name, ()))
    passes_to = []
    for node in tree.find_all((nodes.Include, nodes.Extends, nodes.Import, nodes.FromImport)):
        if isinstance(node, nodes.Import | nodes.FromImport) and not node.with_context:
            continue  # a helper imported without the context sees only what it is given
        if not isinstance(node.template, nodes.Const) or not isinstance(node.template.value, str):
            return _Own(frozenset(found), None)  # a template named by an expression: known when it runs
        passes_to.append(node.template.value)
    return _Own(frozenset(found), tuple(passes_to))


def _with_passed(env: jinja2.Environment, own: _Own, seen: set[str]) -> frozenset[str] | None:
    if own.passes_to is None:
        return EVERYTHING
    found = set(own.names)
    for name in own.passes_to:
        if name in seen:
            continue
        seen.add(name)
        try:
            source = env.loader.get_source(env, name)[0]
        except jinja2.TemplateNotFound:
            continue  # rendering says so, with its place; the face is not kept
        inner = _own(env, source)
        if inner is None:
            continue
        inner_names = _with_passed(env, inner, seen)
        if inner_names is EVERYTHING:
            return EVERYTHING
        found.update(inner_names)
    return frozenset(found)

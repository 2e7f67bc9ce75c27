"""Located values built straight from libyaml's events, in one pass: the quick way through the
YAML door (yamlio) for content that is what content should be.

The careful way parses a file twice: once to count its values and levels before anything is
built (the guard against bombs), then again to compose libyaml's nodes, which are then walked
into located values. For a file with no problem, building the values from the events while
counting them gives the same values, places and count: a 20,000-card deck in 0.6 s instead of
1.0 s. Anything else takes the careful way, which says what is wrong and where, as it always
did: a named or repeated node (&, *), a second document, a tag or key content may not hold, a
value a tag does not fit, more values or levels than the guard lets in, a syntax error. So this
builder never reports anything itself; it gives the value, or None."""

from __future__ import annotations

import math

import yaml
from yaml.events import (
    AliasEvent,
    DocumentStartEvent,
    MappingEndEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceEndEvent,
    SequenceStartEvent,
)

from kitpress.content.located import LocStr, YList, YMap
from kitpress.errors import KitpressError, Loc, fail

_STR, _INT, _TIMESTAMP, _MERGE = (f"tag:yaml.org,2002:{name}" for name in ("str", "int", "timestamp", "merge"))
_MAP, _SEQ = "tag:yaml.org,2002:map", "tag:yaml.org,2002:seq"
_PLAIN_TAGS = {_STR, _INT, "tag:yaml.org,2002:float", "tag:yaml.org,2002:bool", "tag:yaml.org,2002:null"}
_BLOCK = ("|", ">")
_ENDS = (MappingEndEvent, SequenceEndEvent)


class _NotPlain(Exception):
    """Met what the careful way must say something about (or build: aliases)."""


class _Scalars:
    """Tags and values of scalars, as PyYAML's safe loader resolves and constructs them."""

    def __init__(self, digits: int) -> None:
        self.digits = digits
        self.loader = yaml.SafeLoader("")
        self.resolvers = self.loader.yaml_implicit_resolvers  # by first character

    def merge(self, event: ScalarEvent) -> bool:
        """Whether a key is the merge key (`<<`), as the resolver would tag it."""
        tag = event.tag
        if tag is not None and tag != "!":
            return tag == _MERGE
        return event.implicit[0] and event.value == "<<"

    def value(self, event: ScalarEvent, loc: Loc):
        text, tag = event.value, event.tag
        if tag is None or tag == "!":
            if not event.implicit[0] or (text and text[0] not in self.resolvers):
                tag = _STR  # quoted, or a plain word no implicit type can start with
            elif text.isdigit() and text.isascii() and (text[0] != "0" or len(text) == 1) and len(text) <= self.digits:
                return int(text)  # a plain whole number (a leading 0 is octal, or a word)
            else:
                tag = self.loader.resolve(yaml.ScalarNode, text, event.implicit)
        if tag == _STR:  # most of a file: `scalar`'s last case, without making a node for it
            value = LocStr(text, loc)
            if event.style in _BLOCK:
                value.block = True
            return value
        node = yaml.ScalarNode(tag, text, event.start_mark, event.end_mark, style=event.style)
        try:
            return scalar(self.loader, node, loc, self.digits)
        except KitpressError:  # the careful way says it
            raise _NotPlain from None


def scalar(loader, node, loc: Loc, digits: int):
    """A scalar node's value as content holds it (dates stay text, texts remember their place),
    by `loader`'s constructors; KitpressError, with its place, for what content may not hold:
    a tag other than YAML's plain ones, a whole number of more than `digits` digits, a value its
    tag does not fit, a number that is not finite. The rules of both ways through the door."""
    if node.tag == _TIMESTAMP:
        return LocStr(node.value, loc)
    if node.tag not in _PLAIN_TAGS:
        raise fail(f"YAML tag '{node.tag}' is not allowed in content", loc)
    if node.tag == _INT and len(node.value.lstrip("+-").replace("_", "")) > digits:
        raise fail(f"a whole number of more than {digits} digits; no game counts that far", loc)
    try:
        value = loader.construct_object(node)
    except (ValueError, KeyError, TypeError, yaml.YAMLError):  # an explicit tag the value does not fit: `!!int ten`
        tag = node.tag.rsplit(":", 1)[-1]
        raise fail(f"'{node.value}' is not a valid !!{tag}; remove the tag or fix the value", loc) from None
    if isinstance(value, float) and not math.isfinite(value):  # .nan, .inf, 1e999
        raise fail(f"'{node.value}' is not a finite number; write the number itself", loc)
    if not isinstance(value, str):
        return value
    text = LocStr(value, loc)
    text.block = node.style in _BLOCK  # a block scalar's text starts on the next line
    return text


def build(text: str, path: str, loader, limits: tuple[int, int, int], lines: int = 0, depth: int = 0) -> tuple[object, int] | None:
    """The located value of `text` and its count of values (keys too, as the guard counts
    them), its places in `path` `lines` further down, its top `depth` levels deep; None where
    the careful way must parse it (see the module's note). `loader`: libyaml's or PyYAML's
    parser; `limits`: the most values, levels and digits of a whole number the door lets in."""
    try:
        return _build(text, path, loader, limits, lines, depth)
    except (_NotPlain, yaml.YAMLError):
        return None


def _build(text: str, path: str, loader, limits: tuple[int, int, int], lines: int, depth: int):
    most, deepest, digits = limits
    scalars = _Scalars(digits)
    root, count, level, documents = None, 0, depth, 0
    built = False
    stack: list = []  # the open containers: [container, its key awaiting a value (maps)]
    for event in yaml.parse(text, Loader=loader):
        kind = type(event)
        if kind in _ENDS:
            stack.pop()
            level -= 1
            continue
        if kind is DocumentStartEvent:
            documents += 1
            if documents > 1:
                raise _NotPlain
            continue
        if kind is AliasEvent:
            raise _NotPlain
        if kind is not ScalarEvent and kind is not MappingStartEvent and kind is not SequenceStartEvent:
            continue  # the stream's and documents' own events
        count += 1
        if count > most or event.anchor is not None:
            raise _NotPlain
        mark = event.start_mark
        loc = Loc(path, mark.line + 1 + lines, mark.column + 1)
        top = stack[-1] if stack else None
        if top is not None and type(top[0]) is YMap and top[1] is None:  # a key
            if kind is not ScalarEvent or scalars.merge(event):
                raise _NotPlain
            key, mapping = event.value, top[0]
            if key in mapping:
                raise _NotPlain
            mapping.key_locs[key] = loc
            top[1] = key
            continue
        if kind is ScalarEvent:
            value = scalars.value(event, loc)
        else:
            level += 1
            tag = event.tag
            if level > deepest or tag is not None and tag != "!" and tag != (_MAP if kind is MappingStartEvent else _SEQ):
                raise _NotPlain
            value = YMap(loc=loc) if kind is MappingStartEvent else YList(loc=loc)
        if top is None:
            root, built = value, True
        elif type(top[0]) is YMap:
            mapping, key = top[0], top[1]
            mapping.value_locs[key] = loc
            mapping[key] = value
            top[1] = None
        else:
            top[0].item_locs.append(loc)
            top[0].append(value)
        if kind is not ScalarEvent:
            stack.append([value, None])
    if not built:
        return YMap(loc=Loc(path, 1, 1)), count
    return root, count

"""The only YAML door: safe loading into values that remember path:line:col.

Mappings become `YMap` (a dict), sequences `YList` (a list), strings `LocStr` (a str); each
knows its `loc`, and containers know the loc of every key and item. Duplicate keys, Python
tags, merge keys and alias bombs are errors with a place.

Content with none of those is built from libyaml's events in one pass (yamlevents); anything
else goes the careful way (`_careful`): counted before a node is composed, composed, built, and
what is wrong said where it is.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple
from pathlib import Path

import yaml

from kitpress import files
from kitpress.content import parsedcache, yamlevents
from kitpress.content.located import LocStr, YList, YMap, loc_of  # noqa: F401 - the values this door gives
from kitpress.errors import KitpressError, Loc, Problem, fail

# libyaml's composer when PyYAML has it (about ten times faster), the pure-Python one otherwise;
# both only compose nodes here: no Python object is ever constructed from a tag.
_COMPOSER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
MAX_BYTES = 32 * 1024 * 1024  # a deck of 20,000 cards is about 7 MB; the node count guards the memory
MAX_NODES = 400_000
MAX_DEPTH = 64
MAX_DIGITS = 15  # whole numbers up to a thousand million million: every count, price and year


def _mark_loc(path: str, mark) -> Loc:
    return Loc(path, mark.line + 1, mark.column + 1)


class _Builder:
    def __init__(self, path: str, lines: int = 0):
        """`lines`: how many lines of the file come before the text parsed (a spliced item's)."""
        self.path, self.lines = path, lines
        self.count = 0
        self.scalars = yaml.SafeLoader("")  # only its scalar constructors are used

    def _loc(self, mark) -> Loc:
        return Loc(self.path, mark.line + 1 + self.lines, mark.column + 1)

    def build(self, node, depth: int = 0, loc: Loc | None = None):
        self.count += 1
        loc = loc or self._loc(node.start_mark)
        if self.count > MAX_NODES:
            raise fail(f"document too large (more than {MAX_NODES} values, or an alias bomb)", loc)
        if depth > MAX_DEPTH:
            raise fail(f"document nested deeper than {MAX_DEPTH} levels", loc)
        if isinstance(node, yaml.MappingNode):
            return self._mapping(node, loc, depth)
        if isinstance(node, yaml.SequenceNode):
            if node.tag != "tag:yaml.org,2002:seq":
                raise fail(f"YAML tag '{node.tag}' is not allowed in content", loc)
            out = YList(loc=loc)
            for item in node.value:
                out.item_locs.append(self._loc(item.start_mark))
                out.append(self.build(item, depth + 1, out.item_locs[-1]))  # one Loc for both: a big deck has many
            return out
        return self._scalar(node, loc)

    def _mapping(self, node, loc: Loc, depth: int) -> YMap:
        if node.tag != "tag:yaml.org,2002:map":
            raise fail(f"YAML tag '{node.tag}' is not allowed in content", loc)
        out = YMap(loc=loc)
        for key_node, value_node in node.value:
            key_loc = self._loc(key_node.start_mark)
            if not isinstance(key_node, yaml.ScalarNode) or key_node.tag == "tag:yaml.org,2002:merge":
                raise fail("keys must be plain words (merge keys '<<' are not supported)", key_loc)
            key = str(key_node.value)
            if key in out:
                first = out.key_locs[key]
                raise fail(f"duplicate key '{key}' (first defined at line {first.line})", key_loc)
            out.key_locs[key] = key_loc
            out.value_locs[key] = self._loc(value_node.start_mark)
            out[key] = self.build(value_node, depth + 1, out.value_locs[key])
        return out

    def _scalar(self, node, loc: Loc):
        return yamlevents.scalar(self.scalars, node, loc, MAX_DIGITS)


def _measure(text: str, path: str, loader, depth: int = 0) -> tuple[int, bool]:
    """Refuse a document nested too deep or holding too many values before any node is built.

    The parser keeps its own stack, so walking its events cannot overflow Python's, and each
    event is dropped once counted: memory stays bounded. The composer recurses once per level,
    and a node costs hundreds of bytes, so without this a 20 KB `[[[[…` or 4 MiB of `[1,1,…`
    would end in a RecursionError or a gigabyte of nodes.
    """
    count = 0  # returned, with whether any node is named or repeated (&name, *name)
    anchored = False
    for event in yaml.parse(text, Loader=loader):
        if isinstance(event, yaml.CollectionEndEvent):
            depth -= 1
        elif isinstance(event, yaml.NodeEvent):
            count += 1
            anchored = anchored or event.anchor is not None
            if count > MAX_NODES:
                loc = _mark_loc(path, event.start_mark)
                raise fail(f"document too large (more than {MAX_NODES} values, or an alias bomb)", loc)
            if isinstance(event, yaml.CollectionStartEvent):
                depth += 1
                if depth > MAX_DEPTH:
                    raise fail(f"document nested deeper than {MAX_DEPTH} levels", _mark_loc(path, event.start_mark))
    return count, anchored


def _compose(text: str, path: str, loader, depth: int = 0):
    count, anchored = _measure(text, path, loader, depth)  # first: composing a bomb is the danger
    return yaml.compose(text, Loader=loader), count, anchored


def load_text(text: str, path: str):
    """Parse YAML text; return located values or raise KitpressError with the place."""
    return _load_whole(text, path)[0]


def _load_whole(text: str, path: str) -> tuple[object, int, bool]:
    """`_load` of a whole file, through the user's cache of parsed files (parsedcache)."""
    kept = parsedcache.find(text, path, MAX_NODES, MAX_DEPTH)
    if kept is not None:
        return kept[0], kept[1], False
    value, count, anchored = _load(text, path)
    if not anchored:
        parsedcache.keep(text, value, count)
    return value, count, anchored


def _load(text: str, path: str, lines: int = 0, depth: int = 0) -> tuple[object, int, bool]:
    """The located value, its count of nodes (keys too, as the guard counts them), and whether
    it names or repeats any node; `lines` and `depth`: where in its file the text is (a spliced item's)."""
    if len(text) > MAX_BYTES or len(text.encode("utf-8", "replace")) > MAX_BYTES:
        raise fail(f"file larger than {MAX_BYTES // (1024 * 1024)} MiB", Loc(path, 1, 1))
    built = yamlevents.build(text, path, _COMPOSER, (MAX_NODES, MAX_DEPTH, MAX_DIGITS), lines, depth)
    if built is not None:  # plain content, in one pass
        return built[0], built[1], False
    return _careful(text, path, lines, depth)


def _careful(text: str, path: str, lines: int = 0, depth: int = 0) -> tuple[object, int, bool]:
    """`_load` the careful way: every value and level counted before a node is composed, the
    nodes composed, then built; what is wrong said with its place."""
    try:
        try:
            node, count, anchored = _compose(text, path, _COMPOSER, depth)
        except yaml.MarkedYAMLError:  # say it in PyYAML's own (clearer) words, at the same place
            node, count, anchored = _compose(text, path, yaml.SafeLoader, depth)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        loc = _mark_loc(path, mark) if mark else Loc(path, 1, 1)
        raise KitpressError(Problem("error", f"YAML syntax: {exc.problem or exc}", loc)) from None
    except yaml.reader.ReaderError as exc:  # a character YAML refuses (a control character, say)
        line = text.count("\n", 0, exc.position) + 1
        col = exc.position - (text.rfind("\n", 0, exc.position) + 1) + 1
        raise fail(f"character U+{exc.character:04X} is not allowed in YAML; delete it", Loc(path, line, col)) from None
    except yaml.YAMLError as exc:
        raise fail(f"YAML: {exc}", Loc(path, 1, 1)) from None
    if node is None:
        return YMap(loc=Loc(path, 1, 1)), count, anchored
    return _Builder(path, lines).build(node, depth), count, anchored


def load_file(path: Path, shown: str | None = None, *, within: Iterable[Path]):
    """Parse a YAML file found inside the folders `within`, through the files door (its size,
    kind and place checked before it is read)."""
    return load_text(read_file(path, shown, within=within), shown or str(path))


def read_file(path: Path, shown: str | None = None, *, within: Iterable[Path]) -> str:
    """The text of a YAML file found inside the folders `within` (see load_file)."""
    return files.read_text(path, within, MAX_BYTES, shown or str(path))


def parse(text: str, path: str) -> tuple[object, int, bool]:
    """`load_text`, with the count of values the text holds and whether it names or repeats any
    node (&, *)."""
    return _load_whole(text, path)


class Reread:
    """YAML files an earlier build of this running process parsed (`kitpress watch`). A file read
    again with the same text is the same value. One where only lines inside one item of a
    top-level list changed (a card edited, its lines as many as before) has that item parsed
    alone and put in place of the old one: every value, and every place, as a parse of the
    whole file would give (tested against one), for a hundredth of its time on a 600-card file.
    Anything else is parsed whole: a file that names or repeats nodes (&, *), an item whose
    dash or indentation moved, a new or lost line, text that does not parse on its own.

    Values are shared between builds, never changed: a game's checked content is a copy."""

    def __init__(self) -> None:
        self._files: dict[str, _Parsed] = {}
        self.spliced = 0  # files parsed by one item (tests, benchmarks)

    def load_file(self, path: Path, shown: str | None = None, *, within: Iterable[Path]):
        shown = shown or str(path)
        text = files.read_text(path, within, MAX_BYTES, shown)
        before = self._files.get(shown)
        if before is not None and before.text == text:
            return before.value
        parsed = _spliced(before, text, shown) if before is not None and not before.anchored else None
        if parsed is None:
            parsed = _Parsed(text, *_load_whole(text, shown))
        else:
            self.spliced += 1
        self._files[shown] = parsed
        return parsed.value


class _Parsed(NamedTuple):
    text: str
    value: object
    count: int  # its nodes, as the guard counts them
    anchored: bool


def _spliced(before: _Parsed, text: str, path: str) -> _Parsed | None:
    """`text` parsed by the one item of a top-level list its changed lines are in; None if it
    cannot be."""
    found = changed_item(before.value, before.text, text, path)
    if found is None:
        return None
    key, index, part, count, _ = found
    listed = before.value[key]
    total = before.count - _nodes(listed[index]) + count - 1  # the chunk's count has its own list
    if total > MAX_NODES:
        return None
    items = YList(listed, loc=listed.loc)
    items.item_locs = [*listed.item_locs]
    items[index], items.item_locs[index] = part[0], part.item_locs[0]
    whole = YMap(before.value, loc=before.value.loc, key_locs=before.value.key_locs)
    whole.value_locs = before.value.value_locs
    whole[key] = items
    return _Parsed(text, whole, total, False)


def changed_item(top, old_text: str, text: str, path: str) -> tuple[str, int, YList, int, tuple[int, int]] | None:
    """The one item of a top-level list that `text` changed from `old_text`, whose value (as
    parsed, or as checked: a list of records placed by their own places) is `top`, parsed alone:
    its list's key, its index, the parse of its lines (a one-item list, placed in the file), that
    parse's count of nodes and its first and last line. None if the lines changed are not all
    inside one such item, their number changed, or the item's lines do not parse alone as the
    same item at the same place (its dash or indentation moved, a flow or a quote left open)."""
    old, new = old_text.splitlines(keepends=True), text.splitlines(keepends=True)
    if len(old) != len(new) or not isinstance(top, YMap):
        return None
    changed = [number for number, (a, b) in enumerate(zip(old, new), 1) if a != b]
    if not changed:
        return None
    found = _item_at(top, changed[0], changed[-1], len(old))
    if found is None:
        return None
    key, index, first, last = found
    dash = top[key].loc.col - 1  # every item of a block list has its dash in the list's column
    chunk = new[first - 1 : last]
    if chunk[0][:dash].strip() or chunk[0][dash : dash + 1] != "-":
        return None
    for line in chunk[1:]:  # the rest stays inside the item (deeper than its dash) or is a comment
        body = line.lstrip(" ")
        if body.strip() and not body.startswith("#") and len(line) - len(body) <= dash:
            return None
    try:
        part, count, anchored = _load("".join(chunk), path, lines=first - 1, depth=1)
    except KitpressError:  # the whole file is parsed, to say where and why
        return None
    if anchored or not isinstance(part, YList) or len(part) != 1 or part.loc != Loc(path, first, dash + 1):
        return None
    return key, index, part, count, (first, last)


def item_count(text: str, lines: tuple[int, int], path: str) -> int | None:
    """The count of nodes of the item on `lines` (first, last) of `text`, as changed_item counts
    a changed one (its own list included); None if it does not parse alone."""
    chunk = text.splitlines(keepends=True)[lines[0] - 1 : lines[1]]
    try:
        return _load("".join(chunk), path, lines=lines[0] - 1, depth=1)[1]
    except KitpressError:
        return None


def _item_at(top: YMap, first: int, last: int, lines: int) -> tuple[str, int, int, int] | None:
    """The top-level list item whose lines hold lines `first` to `last`: its list's key, its
    index, and its own first and last line (up to the next item, or the next top-level key).
    A list of checked records has no places of its items: each record's own is where it begins."""
    starts = sorted(loc.line for loc in top.key_locs.values())
    for key, listed in top.items():
        if not isinstance(listed, YList):
            continue
        locs = listed.item_locs or [getattr(item, "loc", None) for item in listed]
        if not locs or None in locs:
            continue
        below = [line for line in starts if line > top.key_locs[key].line]
        end = below[0] - 1 if below else lines
        begins = [loc.line for loc in locs]
        for index, start in enumerate(begins):
            stop = begins[index + 1] - 1 if index + 1 < len(begins) else end
            if start <= first and last <= stop:
                return key, index, start, stop
    return None


def _nodes(value) -> int:
    """How many nodes the guard counted for `value`: each value, and each key of a mapping."""
    if isinstance(value, dict):
        return 1 + sum(1 + _nodes(item) for item in value.values())
    if isinstance(value, list):
        return 1 + sum(_nodes(item) for item in value)
    return 1


def dump(data: dict, sort_keys: bool = True) -> str:
    """Plain data (dicts, lists, strings, numbers) as block-style YAML, keys in order (sorted,
    or as they are in `data`)."""
    return yaml.safe_dump(data, sort_keys=sort_keys, allow_unicode=True, default_flow_style=False)


def line_in(source: LocStr, line: int) -> Loc:
    """Where line `line` of a text rendered from `source` was written (a line of markup in its
    template). Loops make the rendered text longer than the source, and then the best honest
    place is where the markup starts."""
    if not line or line > str(source).count("\n") + 1:
        return source.loc
    offset = line if getattr(source, "block", False) else line - 1
    return Loc(source.loc.path, source.loc.line + offset, 1) if offset else source.loc

"""Content schemas: a game declares its collections and their types in schema.yaml.

Types: id, text (translatable), str, int, number, bool, color, ref(collection); `[t]` is a list,
`map(t)` a mapping from ids, a YAML mapping is a record, `a | b` a union, a trailing `?` an
optional field. `validate` checks a located YAML value against a type and returns it with
lists of records turned into `Records` (items reachable by id).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property

from kitpress.content.located import Records
from kitpress.content.yamlio import LocStr, YList, YMap
from kitpress.errors import Loc, Problems, did_you_mean

SCALARS = {"id", "text", "str", "int", "number", "bool", "color"}
# Names that would shadow dict methods when a template reads `record.name`.
RESERVED = {"clear", "copy", "fromkeys", "get", "items", "keys", "pop", "popitem", "setdefault", "update", "values"}
# the characters _check_characters refuses: controls, bidi overrides, invisible characters
_SUSPECT = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\u200b-\u200d\u2060\ufeff]")
_COLOR = re.compile(r"^#[0-9a-fA-F]{6}$")
_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*")
# whether a value is of a scalar kind (only that kind's test runs: a deck has thousands of values)
_FITS = {
    "id": lambda v: isinstance(v, str) and _ID.fullmatch(v) is not None,
    "text": lambda v: isinstance(v, str),
    "str": lambda v: isinstance(v, str),
    "int": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    "bool": lambda v: isinstance(v, bool),
    "color": lambda v: isinstance(v, str) and _COLOR.match(v) is not None,
    "ref": lambda v: isinstance(v, (str, int)) and not isinstance(v, bool),
}
# Any record may say which of its content is not from the game's source, and why: a note for the
# game's editors (not translated, not printed); what the kit adds is printed from game.yaml's
# `sources`, whose `covers` name the records it speaks for.
UNIVERSAL = {"invented": "str"}


@dataclass(frozen=True)
class Type:
    kind: str
    target: str = ""
    item: "Type | None" = None
    fields: tuple = ()  # (name, Type, optional)
    options: tuple = ()

    @cached_property
    def field_names(self) -> frozenset:
        """A record's field names (a deck's thousands of records ask)."""
        return frozenset(name for name, _, _ in self.fields)

    def describe(self) -> str:
        if self.kind == "list":
            return f"a list of {self.item.describe()}"
        if self.kind == "map":
            return "a mapping"
        if self.kind == "record":
            return "a mapping"
        if self.kind == "ref":
            return f"an id of {self.target}"
        if self.kind == "union":
            return " or ".join(o.describe() for o in self.options)
        return {
            "int": "a whole number",
            "number": "a number",
            "bool": "true or false",
            "color": "a colour like '#1f4e79'",
            "text": "text",
            "str": "text",
            "id": "an id",
        }[self.kind]


def _split_top(text: str, sep: str) -> list[str]:
    """Split on sep outside brackets: 'map(a | b) | c' -> ['map(a | b) ', ' c']."""
    parts, depth, start = [], 0, 0
    for index, char in enumerate(text):
        depth += char in "(["
        depth -= char in ")]"
        if char == sep and depth == 0:
            parts.append(text[start:index])
            start = index + 1
    return parts + [text[start:]]


class SchemaParser:
    def __init__(self, named: dict, problems: Problems):
        self.named = named
        self.problems = problems
        self.cache: dict[str, Type] = {}
        self.stack: list[str] = []

    def parse(self, spec, loc: Loc) -> Type:
        if isinstance(spec, YMap):
            return self._record(spec)
        if isinstance(spec, YList):
            if len(spec) != 1:
                self.problems.error("a list type names exactly one item type, like [role]", loc)
                return Type("str")
            return Type("list", item=self.parse(spec[0], spec.loc_of(0)))
        return self._string(str(spec).strip(), getattr(spec, "loc", loc))

    def _record(self, spec: YMap) -> Type:
        fields = []
        for name, sub in spec.items():
            optional = isinstance(sub, str) and sub.strip().endswith("?")
            if optional:
                sub = LocStr(sub.strip()[:-1], sub.loc)
            if name in RESERVED:
                self.problems.error(f"'{name}' cannot be a field name (it is reserved)", spec.key_loc(name))
            fields.append((name, self.parse(sub, spec.loc_of(name)), optional))
        return Type("record", fields=tuple(fields))

    def _string(self, text: str, loc: Loc) -> Type:
        parts = _split_top(text, "|")
        if len(parts) > 1:
            return Type("union", options=tuple(self._string(p.strip(), loc) for p in parts))
        if text.startswith("[") and text.endswith("]"):
            return Type("list", item=self._string(text[1:-1].strip(), loc))
        call = re.fullmatch(r"(map|ref)\((.+)\)", text)
        if call:
            if call.group(1) == "ref":
                return Type("ref", target=call.group(2).strip())
            return Type("map", item=self._string(call.group(2).strip(), loc))
        if text in SCALARS:
            return Type(text)
        if text in self.named:
            return self._named(text, loc)
        self.problems.error(f"unknown type '{text}'{did_you_mean(text, [*SCALARS, *self.named])}", loc)
        return Type("str")

    def _named(self, name: str, loc: Loc) -> Type:
        if name in self.cache:
            return self.cache[name]
        if name in self.stack:
            self.problems.error(f"type '{name}' contains itself", loc)
            return Type("str")
        self.stack.append(name)
        spec = self.named[name]
        result = self.parse(spec, getattr(spec, "loc", loc))
        self.stack.pop()
        self.cache[name] = result
        return result


class CheckedItems:
    """The list items a running process checked (`kitpress watch`), kept from one build to the
    next by the identity of the item as parsed: content/yamlio.Reread gives an unchanged item
    back as the same value, and checking it against the same type, under the same key and
    place, gives the same value, problems and references every time (a checked value is never
    changed afterwards: translation and placeholders copy what they change). A one-card edit
    checks one card. Kept: what the last build and this one checked."""

    def __init__(self) -> None:
        self._now: dict[tuple[int, str], tuple] = {}
        self._before: dict[tuple[int, str], tuple] = {}
        self._same_types: dict[tuple[int, int], bool] = {}

    def start(self) -> None:
        """A game is loaded: what the one before did not check again is let go."""
        self._before, self._now, self._same_types = self._now, {}, {}

    def find(self, item, t: Type, key: str, loc: Loc) -> tuple | None:
        """(the checked value, its problems, its references), if `item` was checked so."""
        entry = self._now.get((id(item), key)) or self._before.get((id(item), key))
        if entry is None or entry[0] is not item or entry[2] != loc or not self._same(entry[1], t):
            return None
        self._now[id(item), key] = entry
        return entry[3:]

    def keep(self, item, t: Type, key: str, loc: Loc, checked, problems: list, refs: list) -> None:
        self._now[id(item), key] = (item, t, loc, checked, tuple(problems), tuple(refs))

    def _same(self, kept: Type, t: Type) -> bool:
        """Types are parsed again each build: compared once a build, not once an item."""
        if kept is t:
            return True
        known = self._same_types.get((id(kept), id(t)))
        if known is None:
            known = self._same_types[id(kept), id(t)] = kept == t
        return known


@dataclass
class Checker:
    """Validates values; collects problems, the references to resolve and the texts seen."""

    problems: Problems
    refs: list = field(default_factory=list)  # (collection, id, loc)
    kept: CheckedItems | None = None

    def check(self, value, t: Type, key: str, loc: Loc):
        loc = getattr(value, "loc", loc)
        if t.kind == "union":
            return self._union(value, t, key, loc)
        if t.kind == "record":
            return self._record(value, t, key, loc)
        if t.kind == "list":
            return self._list(value, t, key, loc)
        if t.kind == "map":
            if not isinstance(value, YMap):
                return self._wrong(value, t, key, loc)
            out = YMap(loc=value.loc, key_locs=value.key_locs)
            out.value_locs = value.value_locs
            for name, item in value.items():
                out[name] = self.check(item, t.item, f"{key}.{name}", value.loc_of(name))
            return out
        return self._scalar(value, t, key, loc)

    def _union(self, value, t: Type, key: str, loc: Loc):
        for option in t.options:
            trial = Checker(Problems())
            trial.check(value, option, key, loc)
            if not trial.problems.errors:
                return self.check(value, option, key, loc)
        return self._wrong(value, t, key, loc)

    def _record(self, value, t: Type, key: str, loc: Loc):
        if not isinstance(value, YMap):
            return self._wrong(value, t, key, loc)
        names = t.field_names
        out = YMap(loc=value.loc, key_locs=value.key_locs)
        out.value_locs = value.value_locs
        for name in value:
            if name not in names and name not in UNIVERSAL:
                hint = did_you_mean(name, names)
                self.problems.error(f"unknown key '{name}' in {key}{hint}", value.key_loc(name))
        for name in UNIVERSAL:
            if name in value:
                out[name] = self.check(value[name], Type(UNIVERSAL[name]), f"{key}.{name}", value.loc_of(name))
        scalar = self._scalar
        for name, ftype, optional in t.fields:
            if name in value:
                item = value[name]
                if ftype.kind in _FITS:  # check()'s dispatch, skipped for the scalars a deck is made of
                    out[name] = scalar(item, ftype, f"{key}.{name}", getattr(item, "loc", None) or value.loc_of(name))
                else:
                    out[name] = self.check(item, ftype, f"{key}.{name}", value.loc_of(name))
            elif not optional:
                ident = str(value["id"]) if "id" in value else None
                # a list item's key already ends with its id (roles.student): say the id once
                label = key if ident is None or key == ident or key.endswith(f".{ident}") else f"{key} '{ident}'"
                self.problems.error(f"missing field '{name}' in {label}", value.loc)
            else:
                out[name] = None
        return out

    def _list(self, value, t: Type, key: str, loc: Loc):
        if not isinstance(value, YList):
            return self._wrong(value, t, key, loc)
        items, kept = [], self.kept
        for index, item in enumerate(value):
            item_key = f"{key}.{item['id']}" if isinstance(item, YMap) and "id" in item else f"{key}.{index}"
            item_loc = value.loc_of(index)
            if kept is None:
                items.append(self.check(item, t.item, item_key, item_loc))
                continue
            found = kept.find(item, t.item, item_key, item_loc)
            if found is not None:
                checked, problems, refs = found
                self.problems.items.extend(problems)
                self.refs.extend(refs)
            else:
                problems, refs = len(self.problems.items), len(self.refs)
                checked = self.check(item, t.item, item_key, item_loc)
                kept.keep(item, t.item, item_key, item_loc, checked, self.problems.items[problems:], self.refs[refs:])
            items.append(checked)
        if t.item.kind == "record" and any(name == "id" and not optional for name, _, optional in t.item.fields):
            self._unique_ids(items, value, key)
            return Records(items, value.loc)
        out = YList(items, loc=value.loc)
        out.item_locs = value.item_locs
        return out

    def _unique_ids(self, items, value: YList, key: str) -> None:
        seen: dict[str, Loc] = {}
        for index, item in enumerate(items):
            ident = str(item.get("id"))
            where = value[index].loc_of("id") if isinstance(value[index], YMap) else value.loc
            if ident in seen:
                self.problems.error(f"duplicate id '{ident}' in {key} (first at line {seen[ident].line})", where)
            seen.setdefault(ident, where)

    def _scalar(self, value, t: Type, key: str, loc: Loc):
        kind = t.kind
        if kind == "id" and isinstance(value, int) and not isinstance(value, bool):
            value = LocStr(str(value), loc)
        if not _FITS[kind](value):
            return self._wrong(value, t, key, loc)
        if kind == "ref":
            value = LocStr(str(value), loc)
            self.refs.append((t.target, value, loc))
        if kind == "text":
            value = LocStr(value, loc, field=key)
            self._check_characters(value, key, loc)
        return value

    def _check_characters(self, text: str, key: str, loc: Loc) -> None:
        """Characters that print nothing, or reorder what prints, have no place in game text."""
        if not _SUSPECT.search(text):
            return  # nearly always: one regular-expression scan instead of a loop over characters
        for char in text:
            code = ord(char)
            if code < 32 and char not in "\n\t" or 0x7F <= code < 0xA0:
                self.problems.error(f"{key} holds the control character U+{code:04X}; delete it", loc)
            elif 0x202A <= code <= 0x202E or 0x2066 <= code <= 0x2069:
                self.problems.error(
                    f"{key} holds the bidirectional override U+{code:04X}, which would reorder the text; delete it", loc
                )
            elif code in (0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF):
                self.problems.error(f"{key} holds the invisible character U+{code:04X}; delete it", loc)
            else:
                continue
            return

    def _wrong(self, value, t: Type, key: str, loc: Loc):
        shown = "a mapping" if isinstance(value, dict) else "a list" if isinstance(value, list) else repr(value)
        self.problems.error(f"{key} must be {t.describe()}, not {shown}", loc)
        return value

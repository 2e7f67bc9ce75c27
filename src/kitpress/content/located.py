"""Values that remember where they were written: mappings become `YMap` (a dict), sequences
`YList` (a list), strings `LocStr` (a str); each knows its `loc`, and containers know the loc
of every key and item. A checked list of records is `Records`. Made by the YAML door (yamlio) and by the cache of parsed files
(parsedcache)."""

from __future__ import annotations

from kitpress.errors import Loc


class LocStr(str):
    """A string from a source file, carrying where it was written."""

    loc: Loc
    field: str = ""
    block: bool = False

    def __new__(cls, value: str, loc: Loc, field: str = ""):
        obj = super().__new__(cls, value)
        obj.loc = loc
        obj.field = field
        return obj

    def __reduce__(self):
        return (LocStr, (str(self), self.loc, self.field))


class YMap(dict):
    loc: Loc

    def __init__(self, *args, loc: Loc, key_locs=None, **kw):
        super().__init__(*args, **kw)
        self.loc = loc
        self.key_locs: dict = key_locs or {}
        self.value_locs: dict = {}

    def loc_of(self, key) -> Loc:
        return self.value_locs.get(key) or self.key_locs.get(key) or self.loc

    def key_loc(self, key) -> Loc:
        return self.key_locs.get(key, self.loc)

    def replaced(self, items: dict) -> YMap:
        """A copy holding `items`, with this mapping's places: checked content is never changed
        (a running process keeps it between builds), what changes it makes a copy."""
        out = YMap(items, loc=self.loc, key_locs=self.key_locs)
        out.value_locs = self.value_locs
        return out


class YList(list):
    loc: Loc

    def __init__(self, *args, loc: Loc, **kw):
        super().__init__(*args, **kw)
        self.loc = loc
        self.item_locs: list[Loc] = []

    def loc_of(self, index: int) -> Loc:
        return self.item_locs[index] if index < len(self.item_locs) else self.loc

    def replaced(self, items: list) -> YList:
        """A copy holding `items`, with this list's places (see YMap.replaced)."""
        out = YList(items, loc=self.loc)
        out.item_locs = self.item_locs
        return out


class Records(YList):
    """A list of records that also answers `records['some-id']` (content/schema makes them)."""

    def __init__(self, items, loc: Loc):
        super().__init__(items, loc=loc)
        self.by_id = {str(item["id"]): item for item in items if "id" in item}

    def __getitem__(self, key):
        if isinstance(key, str):
            return self.by_id[key]
        return super().__getitem__(key)

    def replaced(self, items: list) -> Records:
        out = Records(items, self.loc)
        out.item_locs = self.item_locs
        return out


def loc_of(value, default: Loc | None = None) -> Loc | None:
    return getattr(value, "loc", default)

"""A content file a new process finds edited by one item since it was last checked: the changed
item parsed and checked alone, the rest read back as checked then (content/parsedcache).

A one-card edit used to parse and check the whole file again in a new `kitpress build`: 0.32 s
of a 0.86 s rebuild at 5,000 cards. `kitpress watch` parses only the changed item
(yamlio.Reread) and checks only it (schema.CheckedItems); a new process has neither, but the
parsed-file cache holds the file's last text checked at the same path and that text's checked
collections. Where the new text changes lines inside one item of a top-level list only, its
lines as many as before (yamlio.changed_item), that item is parsed and checked as the whole
file's check would (the same key, place and type) and put in place of the old one, with its
references; every other value and place is as the last check left it, the lines being where
they were. Anything else is read the long way: a file last checked elsewhere or against another
schema, an item whose check says anything or whose id another item has, a collection that is not
a list, a count of values over the limit."""

from __future__ import annotations

from kitpress.content import parsedcache, yamlio
from kitpress.content.located import Records
from kitpress.content.schema import Checker, Type
from kitpress.content.yamlio import YList, YMap
from kitpress.errors import Problems


def find(text: str, source: str, path: str, schema: str, types: dict[str, Type], most: int) -> tuple[YMap, list, int] | None:
    """The file's collections as checked, the references they make and the count of values a
    parse of `text` gives, from the last text checked from the file at `source` (shown as `path`)
    and the one item `text` changed in it; None if they cannot be had so (see the module's note)."""
    last = parsedcache.last(source, path) if len(text) >= parsedcache.SMALLEST else None  # a smaller one is not kept
    if last is None or last[0] == text or last[0].count("\n") != text.count("\n"):  # lines added or lost: before reading it back
        return None
    old_text, old_count = last
    kept = parsedcache.find_checked(old_text, path, schema, most, yamlio.MAX_DEPTH)
    if kept is None:
        return None
    collections, refs = kept
    found = yamlio.changed_item(collections, old_text, text, path)
    if found is None:
        return None
    name, index, part, count, lines = found
    was = yamlio.item_count(old_text, lines, path)
    listed, t = collections[name], types.get(name)
    if was is None or t is None or t.kind != "list" or old_count - was + count > yamlio.MAX_NODES:
        return None
    item, item_loc = part[0], part.item_locs[0]
    checker = Checker(Problems())
    key = f"{name}.{item['id']}" if isinstance(item, YMap) and "id" in item else f"{name}.{index}"
    checked = checker.check(item, t.item, key, item_loc)  # as schema.Checker._list checks each item
    if checker.problems.items:
        return None  # said by the whole file's check, where it belongs
    items = [*listed]
    items[index] = checked
    if isinstance(listed, Records):
        ids = [str(record.get("id")) for record in items]
        if len(set(ids)) != len(ids):
            return None
        spliced = Records(items, listed.loc)
    else:
        spliced = YList(items, loc=listed.loc)
        spliced.item_locs = [*listed.item_locs]
        spliced.item_locs[index] = item_loc
    whole = collections.replaced({**collections, name: spliced})
    return whole, _spliced_refs(refs, lines, checker.refs), old_count - was + count


def _spliced_refs(refs: list, lines: tuple[int, int], new: list) -> list:
    """The references a file's check made (collection, id, place), those of the item on `lines`
    replaced by `new`: where they were, since a check goes through a file item by item."""
    first, last = lines
    inside = [i for i, (_, _, loc) in enumerate(refs) if first <= loc.line <= last]
    at = inside[0] if inside else next((i for i, (_, _, loc) in enumerate(refs) if loc.line > last), len(refs))
    out = refs[:at] + new + refs[at + len(inside) :]
    return out

"""What a batch of a big deck's cards is made from, before they are composed: so that a new
process tells an unchanged batch from its inputs instead of composing every card to find out.

A batch's file is named after its composed faces (build/changes.batch), so a new `kitpress
build` after a one-card edit composed all 600 cards of the deck in its workers, 130 ms of a
0.44 s build, to find the one batch to draw again. A face is made from its layout files, the
options, kitpress and the fonts (`surroundings`), and the values of the names its templates
read, their places included (as compose/memo digests them for `kitpress watch`): when
a batch is composed, the names its cards read are kept in the manifest with the digest of their
values; the next build digests the same names' values in the content it has now, and a batch
whose digest is the same is the last build's, file and all.

Never used for a batch whose faces may read anything (a template named by an expression), show a
picture (the file may change under its name) or hold other faces, nor for a deck whose cards
each have their own back: those are composed, as before."""

from __future__ import annotations

import hashlib
import marshal

from kitpress.build import changes
from kitpress.compose.decks import LazyFronts
from kitpress.compose.memo import ABSENT, keepable, read_value
from kitpress.compose.reads import EVERYTHING
from kitpress.compose.scene import Part
from kitpress.content.located import LocStr, YList, YMap

Kept = list  # [digest, places, names]: what the manifest keeps of a batch (Entry.batch_inputs)


def composed(part: Part, sheets: list[tuple[int, int]], per_sheet: list[int], around: tuple, places: str) -> Kept | None:
    """What to keep of a batch just composed (in the worker that draws it): the names its cards
    read and the digest of their values, with the batch's places; None where it cannot be told
    from its inputs (see the module's note)."""
    names: set = set()
    for d, start in sheets:
        fronts = part.decks[d].fronts
        if not _lazy(part.decks[d]):
            return None
        for index in range(start, min(start + per_sheet[d], len(fronts))):
            if index not in fronts.reads or not keepable(fronts[index]):
                return None  # composed before reads were kept, or a face that is never kept
            names |= fronts.reads[index]
    if EVERYTHING in names:
        return None
    found = digest(part, sheets, per_sheet, tuple(sorted(names)), around)
    return None if found is None else [found, places, sorted(names)]


def unchanged(part: Part, sheets: list[tuple[int, int]], per_sheet: list[int], kept, around: tuple) -> bool:
    """Whether the batch is made from what the last build kept of it (`composed`): the same
    names give the same values, places included, in the same surroundings (`around`: the
    kit's `surroundings` and the notes its cards print with)."""
    if not (isinstance(kept, list) and len(kept) == 3 and all(isinstance(value, str) for value in kept[:2])):
        return False
    if not isinstance(kept[2], list):
        return False
    if not all(isinstance(name, str) for name in kept[2]) or not all(_lazy(part.decks[d]) for d, _ in sheets):
        return False
    return digest(part, sheets, per_sheet, tuple(kept[2]), around) == kept[0]


def digest(part: Part, sheets: list[tuple[int, int]], per_sheet: list[int], names: tuple[str, ...], around: tuple) -> str | None:
    """The batch's cards' values of `names`, in order, with what each deck's cards are made with,
    in these surroundings; None for a value with no stable form."""
    cards = []
    shared: dict[int, tuple] = {}  # values every card reads alike (the labels, the kit), by identity
    try:
        for d, start in sheets:
            deck = part.decks[d]
            back = changes.digest_face(deck.back) if deck.back is not None else None  # the deck's one back
            cards.append(_canon(deck.fronts.made_with))
            for index in range(start, min(start + per_sheet[d], len(deck.fronts))):
                context = deck.fronts.context(index)
                cards.append((back, tuple(_shared(read_value(context, name), shared) for name in names)))
        data = marshal.dumps((_canon(around), str(part.component), sheets, per_sheet, names, cards), 2)
    except (TypeError, ValueError):  # a value with no stable form
        return None
    return hashlib.sha1(data).hexdigest()


def _shared(value, seen: dict[int, tuple]):
    if value is ABSENT:
        return ("absent",)
    if isinstance(value, dict | list) and len(value) > 16:  # a collection or the labels: once a batch
        found = seen.get(id(value))
        if found is None or found[0] is not value:
            found = seen[id(value)] = (value, _canon(value))
        return found[1]
    return _canon(value)


def _canon(value):
    """A value as plain data marshal writes, its places included: text, where each part was
    written, and of what kind (a text never reads as a number, a list never as a mapping)."""
    kind = type(value)
    if kind is LocStr:
        loc = value.loc
        return ("L", str(value), loc.path, loc.line, loc.col, value.field, value.block)
    if value is None or kind is str or kind is int or kind is float or kind is bool:
        return value
    if isinstance(value, YMap):  # a record, most of what is digested: its places in its own file as line and column
        loc, keys, values, out = value.loc, value.key_locs, value.value_locs, []
        path = loc.path
        for key in sorted(value, key=str):
            item, at = value[key], keys.get(key, loc)
            where = values.get(key) or keys.get(key) or loc  # YMap.loc_of
            if type(item) is LocStr and item.loc.path == path:
                item = ("l", str(item), item.loc.line, item.loc.col, item.field, item.block)
            else:
                item = _canon(item)
            key = key if type(key) is str else _canon(key)
            out.append((key, _near(at, path), _near(where, path), item))
        return ("M", _place(loc), tuple(out))
    if isinstance(value, dict):
        return ("D", tuple((_canon(key), _canon(value[key])) for key in sorted(value, key=str)))
    if isinstance(value, YList):
        return ("Y", _place(value.loc), tuple(map(_place, value.item_locs)), tuple(map(_canon, value)))
    if isinstance(value, list | tuple):
        return ("T", tuple(map(_canon, value)))
    if isinstance(value, str):  # a str of another kind: its text, and its place if it has one
        loc = getattr(value, "loc", None)
        return ("S", str(value), _place(loc) if loc is not None else None, str(getattr(value, "field", "")))
    raise TypeError(f"no stable form for a {kind.__name__}")


def _place(loc) -> tuple:
    return (loc.path, loc.line, loc.col)


def _near(loc, path: str) -> tuple:
    """A place in the file `path` as its line and column; elsewhere, with its file."""
    return (loc.line, loc.col) if loc.path == path else (loc.path, loc.line, loc.col)


def _lazy(deck) -> bool:
    """A deck composed card by card with its contexts known, and no back of each card's own."""
    return isinstance(deck.fronts, LazyFronts) and deck.fronts.context is not None and not deck.backs

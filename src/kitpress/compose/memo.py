"""Faces composed by an earlier build of the same running process (`kitpress watch`, a build of
several papers), kept with what composing them read, so that a one-card edit binds one card's
templates, not the deck's.

A face is kept under its place (its layout, where it prints, its size) with the names of the
content its templates read (compose/reads) and a digest of those names' values, places
included: the face carries the places its problems point at, so a card that only moved is
composed again. A later build that gives the same place the same values gets the same face
back, with the problems composing it reported and the template budget it spent. The names are
read from the templates' syntax trees, every branch included, so a value a template could read
is never missed. A memo belongs to one set of layout files (build/warm makes a new one when any
changes), so the layouts' own text needs no digest here.

Not kept: a face that embeds or places other faces (its key would be theirs too), shows a
picture (the file may change under the same name), or whose templates may read anything.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from kitpress.compose.reads import EVERYTHING
from kitpress.compose.scene import Face
from kitpress.content.schema import Records
from kitpress.content.yamlio import LocStr, YList, YMap
from kitpress.errors import Problem

# the faces kept for one place and one set of names: the copies of a card that differ in
# `deck.index` when a template reads `deck`, and what an edit left behind
MOST_PER_PLACE = 1000
ABSENT = b"-"  # what `read_value` gives for a name the context does not have (a template's own variable, or a global)


@dataclass(frozen=True, slots=True)
class Kept:
    face: Face
    problems: tuple[Problem, ...]
    steps: int  # the template budget composing it spent
    text: int


class FaceMemo:
    def __init__(self) -> None:
        # place -> the names its templates read -> the digest of their values -> the face
        self._kept: dict[tuple, dict[tuple[str, ...], dict[str, Kept]]] = {}
        # the digests of values by identity, each kept with its value: this build's, and the
        # content's the build before read (see start)
        self._digests: dict[int, tuple[object, str]] = {}
        self._before: dict[int, tuple[object, str]] = {}
        self.hits = self.misses = 0

    def start(self) -> None:
        """A build begins. Its content is the last build's very values where they did not change
        (content/schema.CheckedItems), and checked content is never changed: their digests are
        kept. Anything else (the kit's facts, a deck's, the parameters) is made anew each build
        and digested anew."""
        self._before = {key: seen for key, seen in self._digests.items() if type(seen[0]) in _CONTENT}
        self._digests = {}
        self.hits = self.misses = 0

    def find(self, place: tuple, ctx: dict, meter) -> Kept | None:
        """The face kept for `place` whose values `ctx` gives again, if the build's template budget
        still holds what composing it spent (else it is composed, and fails where it runs out)."""
        for names, faces in self._kept.get(place, {}).items():
            kept = faces.get(self.values(names, ctx))
            if kept is not None and meter.build_steps >= kept.steps and meter.build_text >= kept.text:
                meter.build_steps -= kept.steps
                meter.build_text -= kept.text
                self.hits += 1
                return kept
        self.misses += 1
        return None

    def keep(self, place: tuple, reads: set, ctx: dict, face: Face, problems: list[Problem], steps: int, text: int) -> None:
        if EVERYTHING in reads or not keepable(face):
            return
        names = tuple(sorted(reads))
        values = self.values(names, ctx)
        if values is None:
            return
        faces = self._kept.setdefault(place, {}).setdefault(names, {})
        faces[values] = Kept(face, tuple(problems), steps, text)
        if len(faces) > MOST_PER_PLACE:
            del faces[next(iter(faces))]  # the longest kept

    def values(self, names: tuple[str, ...], ctx: dict) -> str | None:
        """A digest of what `ctx` gives each name (`kit.lang`: a key of one), with every place;
        None for a value of a kind with no stable form (never kept)."""
        out = hashlib.sha1()
        try:
            for name in names:
                out.update(name.encode() + b"=")
                value = read_value(ctx, name)
                if value is ABSENT:
                    out.update(ABSENT)
                    continue
                seen = self._digests.get(id(value)) or self._before.get(id(value))
                if seen is None or seen[0] is not value:
                    seen = (value, located(value))
                self._digests[id(value)] = seen
                out.update(seen[1].encode())
        except TypeError:
            return None
        return out.hexdigest()


_CONTENT = (YMap, YList, Records, LocStr)  # the types of checked content


def read_value(ctx: dict, name: str):
    """What the context gives a name a template reads (`kit.lang`: a key of `kit`); ABSENT if nothing."""
    root, *keys = name.split(".")
    value = ctx.get(root, ABSENT)
    for key in keys:
        value = value.get(key, ABSENT) if isinstance(value, dict) else ABSENT
    return value


def keepable(face: Face) -> bool:
    return not face.children and not face.faces and all(shape.image is None for shape in face.shapes)


def located(value) -> str:
    """A digest of a content value that also changes when any part of it was written elsewhere."""
    out = []
    _feed(out.append, value)
    return hashlib.sha1("\x00".join(out).encode("utf-8", "surrogatepass")).hexdigest()


def _place(loc) -> str:
    return f"@{loc.path}:{loc.line}:{loc.col}"


def _feed(write, value) -> None:
    """Each part as a string, tagged by its kind (a value and its text never read alike)."""
    kind = type(value)
    if kind is LocStr:
        write(f"L{value.loc.path}:{value.loc.line}:{value.loc.col}:{value.field}:{value.block:d}:{len(value)}")
        write(value)
    elif kind is str:
        write(f"s{len(value)}")
        write(value)
    elif value is None or kind is bool or kind is int or kind is float:
        write(f"v{value!r}")
    elif isinstance(value, dict):
        write("{" + (_place(value.loc) if isinstance(value, YMap) else ""))
        for key in sorted(value, key=str):
            if isinstance(value, YMap):
                write(_place(value.key_locs.get(key, value.loc)) + _place(value.loc_of(key)))
            _feed(write, key)
            _feed(write, value[key])
        write("}")
    elif isinstance(value, list | tuple):
        write("[" + (_place(value.loc) + "".join(map(_place, value.item_locs)) if isinstance(value, YList) else ""))
        for item in value:
            _feed(write, item)
        write("]")
    elif isinstance(value, str):  # a str of another kind: as its text, with a place if it has one
        _feed(write, LocStr(value, value.loc, getattr(value, "field", "")) if hasattr(value, "loc") else str(value))
    else:
        raise TypeError(f"no stable form for a {type(value).__name__}")

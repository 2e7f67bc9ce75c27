"""The layout language's old forms, each still read, with a deprecation warning at its place that
names the new form; `kitpress migrate` rewrites them (layout.migrate). The old forms in markup
are markuplang's."""

from __future__ import annotations

import re

from kitpress.content.yamlio import YList, YMap
from kitpress.errors import Loc, Problem


def warnings(raw: YMap) -> list[Problem]:
    """Every old form in a layout file, as a located warning."""
    return [*bare_points(raw), *old_boxes(raw)]


# Keys of shapes and frames whose bare numbers were points while every other length of a layout
# is millimetres: still read as points, with a warning that names the explicit form.
POINT_KEYS = ("width", "dash")


def bare_points(raw: YMap) -> list[Problem]:
    """A deprecation warning at each bare line width or dash length of a layout file."""
    found = []
    for group in ("shapes", "frames"):
        for item in raw.get(group) or []:
            if not isinstance(item, YMap):
                continue
            for key in POINT_KEYS:
                for value, loc in _values_at(item, key):
                    if _bare_number(value):
                        unlike = "unlike the layout's other lengths (millimetres)"
                        message = f"{key}: {value}: a bare number here is points, {unlike}: write {value}pt (kitpress migrate rewrites it)"
                        found.append(Problem("warning", message, loc))
    return found


def _values_at(item: YMap, key: str) -> list[tuple[object, Loc]]:
    value = item.get(key)
    if isinstance(value, YList):
        return [(v, value.loc_of(i)) for i, v in enumerate(value)]
    return [] if value is None else [(value, item.loc_of(key))]


def _bare_number(value) -> bool:
    if isinstance(value, bool):
        return False
    if isinstance(value, int | float):
        return True
    return isinstance(value, str) and re.fullmatch(r"\s*[-+]?(\d+(\.\d*)?|\.\d+)\s*", value) is not None


def old_boxes(raw: YMap) -> list[Problem]:
    """A deprecation warning at each shape whose box is not `at:` (the key frames, tracks and
    nets use): `rect: BOX` is `at: BOX`, and `ellipse: BOX` is `shape: ellipse, at: BOX`."""
    found = []
    for key, loc in old_box_keys(raw):
        new = "at: …" if key == "rect" else "shape: ellipse, at: …"
        message = f"{key}: is the old form of a shape's box: write {new}, as frames do (kitpress migrate rewrites it)"
        found.append(Problem("warning", message, loc))
    return found


def old_box_keys(raw: YMap) -> list[tuple[str, Loc]]:
    """Each `rect:` and `ellipse:` key of a layout file's shapes, where it is written."""
    shapes = [item for item in raw.get("shapes") or [] if isinstance(item, YMap)]
    return [(key, item.key_loc(key)) for item in shapes for key in ("rect", "ellipse") if key in item]

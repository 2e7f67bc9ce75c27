"""Faces placed on a face: the spaces of a track and the faces of a die net, each bound to its
item and composed by the caller's `face` (so a face that contains itself is caught there)."""

from __future__ import annotations

from typing import Callable

from kitpress.compose import nets as die_nets, tracks as track_paths
from kitpress.compose.scene import Shape
from kitpress.compose.values import mm_of, mms, number_of
from kitpress.errors import KitpressError, Problem, did_you_mean
from kitpress.layout.layouts import Layout
from kitpress.units import EXTENT, Bounds

TRACK_SPACES = Bounds("a number of spaces", 1, 200, whole=True)


def tracks(layout: Layout, ctx: dict, where: str, items_of: Callable, inner: Callable, face: Callable) -> tuple[list, tuple]:
    """Place each item of every track in its space, bound to the track's face layout."""
    children, seam_x, seam_y = [], [], []
    for raw in layout.spec.get("tracks") or []:
        items = items_of(raw["spaces"], ctx)
        area = mms(raw["at"], 4, raw, "at")
        gap = mm_of(raw, "gap", 0, EXTENT)
        cols, rows = number_of(raw, "cols", 1, TRACK_SPACES), number_of(raw, "rows", 1, TRACK_SPACES)
        try:
            boxes = track_paths.cell_boxes(str(raw["path"]), cols, rows, area, gap, str(raw.get("start") or "bottom-left"))
        except ValueError as exc:
            raise KitpressError([Problem("error", str(exc), raw.loc_of("path"))]) from None
        if len(items) > len(boxes):
            message = f"track '{raw['id']}' has {len(items)} items but only {len(boxes)} spaces"
            raise KitpressError([Problem("error", message, raw.loc_of("spaces"))])
        cell = inner(str(raw["face"]), raw.loc_of("face"))
        for index, (item, (x, y, w, h)) in enumerate(zip(items, boxes)):
            sub = dict(ctx, item=item, index=index, count=len(items))
            children.append((face(cell, sub, f"{where}, {raw['id']} space {index + 1}", (w, h)), x, y))
        xs, ys = track_paths.seams(cols, rows, area, gap)
        seam_x += xs
        seam_y += ys
    return children, (tuple(seam_x), tuple(seam_y))


def nets(layout: Layout, ctx: dict, where: str, items_of: Callable, inner: Callable, face: Callable) -> tuple[list, tuple]:
    """Die nets: each face bound to its layout, with cut lines, fold lines and glue tabs."""
    children, shapes = [], []
    for raw in layout.spec.get("nets") or []:
        if str(raw["type"]) not in die_nets.TYPES:
            message = f"unknown die net '{raw['type']}'{did_you_mean(raw['type'], die_nets.TYPES)}"
            raise KitpressError([Problem("error", message, raw.loc_of("type"))])
        faces = items_of(raw["faces"], ctx)
        net = die_nets.TYPES[str(raw["type"])](mm_of(raw, "edge", 0, EXTENT), mms(raw["at"], 2, raw, "at"))
        if len(faces) != len(net.faces):
            message = f"a {raw['type']} net has {len(net.faces)} faces; 'faces' gives {len(faces)}"
            raise KitpressError([Problem("error", message, raw.loc_of("faces"))])
        cell = inner(str(raw["face"]), raw.loc_of("face"))
        for index, (item, (x, y, w, h)) in enumerate(zip(faces, net.faces)):
            sub = dict(ctx, item=item, index=index, count=len(faces))
            children.append((face(cell, sub, f"{where}, {raw['id']} face {index + 1}", (w, h)), x, y))
        shapes += [Shape("polygon", tuple(v for p in face for v in p), None, "rule", 0.3, 0) for face in net.outlines]
        shapes += [Shape("polygon", tuple(v for p in tab for v in p), "faint", "ink", 0.5, 0) for tab in net.tabs]
        shapes += [Shape("line", seg, None, "muted", 0.5, 0, dash=(2, 2)) for seg in net.folds]
        shapes += [Shape("line", seg, None, "ink", 0.6, 0) for seg in net.cuts]
    return children, tuple(shapes)

"""Faces placed on a face: the spaces of a track and the faces of a die net, each bound to its
item and composed by the caller's `face` (so a face that contains itself is caught there)."""

from __future__ import annotations

from typing import Callable

from kitpress.compose.scene import Placed, Shape
from kitpress.errors import KitpressError, Problem
from kitpress.layout.specs import NetSpec, TrackSpec


def tracks(specs: tuple[TrackSpec, ...], ctx: dict, where: str, items_of: Callable, inner: Callable, face: Callable) -> tuple[list, tuple]:
    """Place each item of every track in its space, bound to the track's face layout."""
    children, seam_x, seam_y = [], [], []
    for track in specs:
        items = items_of(track.spaces, ctx)
        if len(items) > len(track.cells):
            message = f"track '{track.id}' has {len(items)} items but only {len(track.cells)} spaces"
            raise KitpressError([Problem("error", message, track.spaces_loc)])
        cell = inner(track.face, track.face_loc)
        corner = inner(track.corner_face, track.corner_face_loc) if track.corner_face else cell
        for index, (item, space) in enumerate(zip(items, track.cells)):
            x, y, w, h = space.box
            sub = dict(ctx, item=item, index=index, count=len(items), space={"side": space.side, "corner": space.corner})
            size = (h, w) if space.turn in (90, 270) else (w, h)  # a quarter-turned space is laid out upright
            layout = corner if space.corner else cell
            children.append(Placed(face(layout, sub, f"{where}, {track.id} space {index + 1}", size), x, y, space.turn))
        seam_x += track.seams[0]
        seam_y += track.seams[1]
    return children, (tuple(seam_x), tuple(seam_y))


def nets(specs: tuple[NetSpec, ...], ctx: dict, where: str, items_of: Callable, inner: Callable, face: Callable) -> tuple[list, tuple]:
    """Die nets: each face bound to its layout, with cut lines, fold lines and glue tabs."""
    children, shapes = [], []
    for spec in specs:
        faces, net = items_of(spec.faces, ctx), spec.net
        if len(faces) != len(net.faces):
            message = f"a {spec.type} net has {len(net.faces)} faces; 'faces' gives {len(faces)}"
            raise KitpressError([Problem("error", message, spec.faces_loc)])
        cell = inner(spec.face, spec.face_loc)
        for index, (item, (x, y, w, h)) in enumerate(zip(faces, net.faces)):
            sub = dict(ctx, item=item, index=index, count=len(faces))
            made = face(cell, sub, f"{where}, {spec.id} face {index + 1}", (w, h))
            reach = _reach(made.bleed, net.free[index]) if net.free else None  # pentagons: no rectangle to clip to
            children.append(Placed(made, x, y, reach=reach))
        shapes += [Shape("polygon", tuple(v for p in face for v in p), None, "rule", 0.3, 0) for face in net.outlines]
        shapes += [Shape("polygon", tuple(v for p in tab for v in p), "faint", "ink", 0.5, 0) for tab in net.tabs]
        shapes += [Shape("line", seg, None, "muted", 0.5, 0, dash=(2, 2)) for seg in net.folds]
        shapes += [Shape("line", seg, None, "ink", 0.6, 0) for seg in net.cuts]
    return children, tuple(shapes)


def _reach(bleed: float, free: frozenset) -> tuple[float, float, float, float]:
    """A net face's bleed past the sides cut free, none past a fold or a tab: left, bottom, right, top."""
    return tuple(bleed if side in free else 0.0 for side in ("left", "bottom", "right", "top"))

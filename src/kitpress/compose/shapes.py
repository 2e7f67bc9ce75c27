"""A layout's shapes bound to a card: rectangles, lines, ellipses and images, each drawn only
`when` its condition holds, equal ones shared (a 5,000-card deck has one band, not 5,000)."""

from __future__ import annotations

from pathlib import Path

from kitpress.compose.bind import BindError, Binder
from kitpress.compose.scene import Shape
from kitpress.compose.values import item_loc, mm, mm_of, mms, number, number_of
from kitpress.content import images
from kitpress.content.yamlio import LocStr
from kitpress.errors import KitpressError, Loc, Problem, did_you_mean
from kitpress.units import DASH, EXTENT, LINE_WIDTH


class Shapes:
    def __init__(self, binder: Binder, roots: list[Path], default_loc: Loc):
        self.binder, self.roots, self.default_loc = binder, roots, default_loc  # roots: where images may be
        self._equal: dict = {}  # equal shapes and frame boxes, one object each

    def when(self, raw, ctx: dict) -> bool:
        cond = raw.get("when")
        if cond is None:
            return True
        try:
            return bool(self.binder.expression(cond)(**ctx))
        except BindError:
            raise
        except Exception as exc:  # noqa: BLE001 - a failing condition is a located author error
            raise KitpressError([Problem("error", f"when: {type(exc).__name__}: {exc}", cond.loc)]) from None

    def shared(self, shape):
        """One object for equal shapes: every card of a deck has the same band and border, and a
        5,000-card deck would otherwise hold 10,000 copies."""
        return self._equal.setdefault(shape, shape)

    def shape(self, raw, ctx: dict, size, bleed) -> Shape | None:
        try:
            if not self.when(raw, ctx):
                return None
            fill = self.binder.value(raw.get("fill"), ctx)
            stroke = self.binder.value(raw.get("stroke"), ctx)
        except BindError as exc:
            raise KitpressError([Problem("error", str(exc), exc.loc)]) from None
        width = number_of(raw, "width", 0.75, LINE_WIDTH)
        radius = mm_of(raw, "radius", 0, EXTENT)
        if raw.get("image"):
            path = self.image(raw["image"], ctx)
            return Shape("image", self.box(raw, size, bleed), None, None, 0, 0, str(path))
        dashes = raw.get("dash") or ()
        dash = tuple(number(v, "dash", item_loc(dashes, i, raw.loc_of("dash")), DASH) for i, v in enumerate(dashes))
        if raw.get("line"):
            return Shape("line", mms(raw["line"], 4, raw, "line"), None, stroke, width, 0, dash=dash)
        if _kind(raw) == "ellipse":
            return Shape("ellipse", self.box(raw, size, bleed), fill, stroke, width, 0, dash=dash)
        return Shape("rect", self.box(raw, size, bleed), fill, stroke, width, radius, dash=dash)

    def box(self, raw, size, bleed) -> tuple[float, ...]:
        """A shape's box: `at:`, or the old `rect:` or `ellipse:` (read, with a deprecation
        warning from the layouts), the trim if none is given."""
        given = [key for key in ("at", "rect", "ellipse") if raw.get(key) is not None]
        if len(given) > 1:
            message = f"a shape has one box: {' and '.join(given)} both give one (write at: …)"
            raise KitpressError([Problem("error", message, raw.key_loc(given[1]))])
        return self.rect(raw[given[0]] if given else "trim", size, bleed, given[0] if given else "at")

    def rect(self, rect, size, bleed, key: str = "at") -> tuple[float, ...]:
        if rect == "bleed":
            return (-bleed, -bleed, size[0] + 2 * bleed, size[1] + 2 * bleed)
        if rect == "trim":
            return (0.0, 0.0, size[0], size[1])
        where = getattr(rect, "loc", self.default_loc)
        if not isinstance(rect, list) or len(rect) != 4:
            raise KitpressError([Problem("error", f"{key} is 'bleed', 'trim' or [x, y, width, height]", where)])
        return tuple(mm(v, key, item_loc(rect, i, where)) for i, v in enumerate(rect))

    def image(self, source: LocStr, ctx: dict):
        try:
            ref = self.binder.value(source, ctx)
        except BindError as exc:
            raise KitpressError([Problem("error", str(exc), exc.loc)]) from None
        path = images.resolve(str(ref), self.roots, source.loc)
        images.measure(path, source.loc)
        return path


SHAPE_KINDS = ("rect", "ellipse")


def _kind(raw) -> str:
    """rect or ellipse: `shape:`, or the old `ellipse: BOX`."""
    if raw.get("ellipse") is not None:
        return "ellipse"
    kind = str(raw.get("shape") or "rect")
    if kind not in SHAPE_KINDS:
        message = f"shape '{kind}'{did_you_mean(kind, SHAPE_KINDS)}: use rect or ellipse (or image: or line: for those)"
        raise KitpressError([Problem("error", message, raw.loc_of("shape"))])
    return kind

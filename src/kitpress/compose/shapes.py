"""A layout's shapes bound to a card: rectangles, lines, ellipses and images, each drawn only
`when` its condition holds, equal ones shared (a 5,000-card deck has one band, not 5,000)."""

from __future__ import annotations

from pathlib import Path

from kitpress.compose.bind import BindError, Binder
from kitpress.compose.scene import Shape
from kitpress.content import images
from kitpress.content.yamlio import LocStr
from kitpress.digest import digest
from kitpress.errors import KitpressError, Loc, Problem
from kitpress.layout.specs import ShapeSpec


class Shapes:
    def __init__(self, binder: Binder, roots: list[Path], default_loc: Loc):
        self.binder, self.roots, self.default_loc = binder, roots, default_loc  # roots: where images may be
        self._equal: dict = {}  # equal frame boxes, one object each
        self._keyed: dict[Shape, tuple[Shape, str]] = {}  # equal shapes, one object each, and its digest

    def when(self, cond: LocStr | None, ctx: dict) -> bool:
        """Whether a shape or frame is drawn on this card: its `when:` condition holds."""
        if cond is None:
            return True
        try:
            return bool(self.binder.expression(cond)(**ctx))
        except BindError:
            raise
        except Exception as exc:  # noqa: BLE001 - a failing condition is a located author error
            raise KitpressError([Problem("error", f"when: {type(exc).__name__}: {exc}", cond.loc)]) from None

    def shared(self, box):
        """One object for equal frame boxes: every card of a deck has the same ones."""
        return self._equal.setdefault(box, box)

    def keyed(self, shape: Shape) -> tuple[Shape, str]:
        """One object for equal shapes, and its digest, taken once: every card of a deck has the
        same band and border (a 5,000-card deck would otherwise hold 10,000 copies), and a card's
        key is made of its shapes' digests (they were about 5 of the 18-25 µs a key took)."""
        found = self._keyed.get(shape)
        if found is None:
            found = self._keyed[shape] = (shape, digest(shape))
        return found

    def shape(self, spec: ShapeSpec, ctx: dict, size, bleed) -> Shape | None:
        """A shape bound to a card (None when its condition does not hold): its colours and
        image are the card's; `trim` and `bleed` boxes are the face's size."""
        try:
            if not self.when(spec.when, ctx):
                return None
            fill = self.binder.value(spec.fill, ctx)
            stroke = self.binder.value(spec.stroke, ctx)
        except BindError as exc:
            raise KitpressError([Problem("error", str(exc), exc.loc)]) from None
        if spec.kind == "line":
            return Shape("line", spec.box, None, stroke, spec.width, 0, dash=spec.dash)
        box = _box(spec.box, size, bleed)
        if spec.kind == "image":
            return Shape("image", box, None, None, 0, 0, str(self.image(spec.image, ctx)))
        return Shape(spec.kind, box, fill, stroke, spec.width, spec.radius, dash=spec.dash)

    def image(self, source: LocStr, ctx: dict):
        try:
            ref = self.binder.value(source, ctx)
        except BindError as exc:
            raise KitpressError([Problem("error", str(exc), exc.loc)]) from None
        path = images.resolve(str(ref), self.roots, source.loc)
        images.measure(path, source.loc)
        return path


def _box(box: str | tuple, size, bleed) -> tuple[float, ...]:
    if box == "bleed":
        return (-bleed, -bleed, size[0] + 2 * bleed, size[1] + 2 * bleed)
    if box == "trim":
        return (0.0, 0.0, size[0], size[1])
    return box

"""A face's text frames composed: markup bound, its box and looks read, the faces it embeds
with <face> composed too, and text kept out of the safe zone."""

from __future__ import annotations

import re

from kitpress.compose.bind import BindError
from kitpress.compose.scene import Blame, TextFrame, face_key
from kitpress.content.game import lookup
from kitpress.content.yamlio import LocStr
from kitpress.errors import KitpressError
from kitpress.layout.layouts import Layout
from kitpress.layout.specs import FrameSpec
from kitpress.content.yamlio import line_in
from kitpress.layout.markuplang import MarkupError, check_comments_closed, strip_comments
from kitpress.units import MM

_FACE_TAG = re.compile(r"<face\s[^>]*>")
_ATTR = re.compile(r'(\w[\w-]*)="([^"]*)"')


class Frames:
    """The text frames of the faces a Composer composes."""

    def __init__(self, composer):  # the Composer it works for (which imports this module)
        self.composer = composer

    def check_safe(self, frame: TextFrame, size, safe: float, spec: FrameSpec, layout: Layout) -> None:
        """Text keeps `safe` inside the trim, so a cut a little off never touches it; a frame
        beyond the face (a track's space smaller than its layout was drawn for) loses its text."""
        x, y, w, h = frame.box
        if x < -0.01 or y < -0.01 or x + w > size[0] + 0.01 or y + h > size[1] + 0.01:
            message = (
                f"frame '{frame.id}' of layout {layout.name} reaches outside its {size[0] / MM:.4g} × {size[1] / MM:.4g} mm face, "
                "where its text is cut off (a track's space or a die face takes the size it is given: at: trim follows it)"
            )
            self.composer.problems.warning(message, spec.box_loc)  # said once: equal problems are one
            return
        if safe and (x < safe - 0.01 or y < safe - 0.01 or x + w > size[0] - safe + 0.01 or y + h > size[1] - safe + 0.01):
            message = f"frame '{frame.id}' of layout {layout.name} reaches into the {safe / MM:g} mm safe zone inside the trim"
            self.composer.problems.error(message, spec.box_loc)

    def frame(self, spec: FrameSpec, ctx: dict, sheet, min_size: float, where: str, faces: dict, box: tuple) -> TextFrame | None:
        """A frame bound to a card (None when its condition does not hold), with the faces its
        markup embeds composed into `faces`."""
        binder = self.composer.binder
        try:
            if not self.composer.shapes.when(spec.when, ctx):
                return None
            text, printed = binder.render(spec.markup, ctx)
            text = strip_comments(text)  # a commented-out <face> or character is not printed
            check_comments_closed(text)  # left open, what follows is no <face> to look up, whatever it says
            fill, stroke = binder.value(spec.fill, ctx), binder.value(spec.stroke, ctx)
            valign = str(binder.value(spec.valign, ctx) or "top")
        except BindError as exc:
            raise KitpressError([self.composer.problem(str(exc), exc.loc)]) from None
        except MarkupError as exc:
            raise KitpressError([self.composer.problem(f"{exc} (frame '{spec.id}')", line_in(spec.markup, exc.line))]) from None
        self.embedded_faces(text, spec.markup, faces)
        return TextFrame(
            spec.id,
            self.composer.shapes.shared(box),  # one tuple for equal boxes
            text,
            valign,
            min_size,
            spec.pad,
            fill,
            stroke,
            spec.width,
            spec.radius,
            spec.rotate,
            Blame(self.composer.tag, where, spec.id, spec.markup, tuple(printed.texts)),
            spec.fit_group,
        )

    def embedded_faces(self, text: str, source: LocStr, faces: dict) -> None:
        for tag in _FACE_TAG.findall(text):
            attrs = dict(_ATTR.findall(tag))
            key = face_key(attrs.get("layout", ""), attrs.get("item", ""))
            if key in faces:
                continue
            layout = self.composer.inner(attrs.get("layout", ""), source.loc)
            ctx = dict(self.composer.game.data, kit=self.composer.kit)
            if attrs.get("item"):
                try:
                    ctx["item"] = lookup(self.composer.game.data, attrs["item"])
                except KeyError:
                    raise KitpressError(
                        [self.composer.problem(f'<face item="{attrs["item"]}">: no such item in the content', source.loc)]
                    ) from None
            faces[key] = self.composer.face(layout, ctx, f"face {key}")

"""A face's text frames composed: markup bound, its box and looks read, the faces it embeds
with <face> composed too, and text kept out of the safe zone."""

from __future__ import annotations

import re

from kitpress.compose.bind import BindError
from kitpress.compose.scene import Blame, TextFrame, face_key
from kitpress.compose.values import mm_of, mms, number_of
from kitpress.content.game import lookup
from kitpress.content.yamlio import LocStr
from kitpress.errors import KitpressError
from kitpress.layout.layouts import Layout
from kitpress.typeset.fit import line_in
from kitpress.typeset.markup import MarkupError, check_comments_closed, strip_comments
from kitpress.units import EXTENT, LINE_WIDTH, MM

_FACE_TAG = re.compile(r"<face\s[^>]*>")
_ATTR = re.compile(r'(\w[\w-]*)="([^"]*)"')


class Frames:
    """The text frames of the faces a Composer composes."""

    def __init__(self, composer):  # the Composer it works for (which imports this module)
        self.composer = composer

    def check_safe(self, frame: TextFrame, size, safe: float, raw, layout: Layout) -> None:
        """Text keeps `safe` inside the trim, so a cut a little off never touches it."""
        x, y, w, h = frame.box
        if safe and (x < safe - 0.01 or y < safe - 0.01 or x + w > size[0] - safe + 0.01 or y + h > size[1] - safe + 0.01):
            message = f"frame '{frame.id}' of layout {layout.name} reaches into the {safe / MM:g} mm safe zone inside the trim"
            if message not in {p.message for p in self.composer.problems.items}:
                self.composer.problems.error(message, raw.loc_of("at"))

    def frame(self, raw, ctx: dict, sheet, min_size: float, where: str, faces: dict) -> TextFrame | None:
        try:
            if not self.composer.shapes.when(raw, ctx):
                return None
            text, printed = self.composer.binder.render(raw["markup"], ctx)
            text = strip_comments(text)  # a commented-out <face> or character is not printed
            check_comments_closed(text)  # left open, what follows is no <face> to look up, whatever it says
            fill = self.composer.binder.value(raw.get("fill"), ctx)
            stroke = self.composer.binder.value(raw.get("stroke"), ctx)
        except BindError as exc:
            raise KitpressError([self.composer.problem(str(exc), exc.loc)]) from None
        except MarkupError as exc:
            raise KitpressError([self.composer.problem(f"{exc} (frame '{raw['id']}')", line_in(raw["markup"], exc.line))]) from None
        x, y, w, h = mms(raw["at"], 4, raw, "at")
        pad = mm_of(raw, "pad", 0, EXTENT)
        rotate = raw.get("rotate") or 0
        if isinstance(rotate, bool) or rotate not in (0, 90, 180, 270):
            raise KitpressError([self.composer.problem("rotate: 0, 90, 180 or 270", raw.loc_of("rotate"))])
        rotate = int(rotate)
        if rotate in (90, 270):
            w, h = h, w
        self.embedded_faces(text, raw["markup"], faces)
        if rotate in (90, 270):
            w, h = h, w
        return TextFrame(
            str(raw["id"]),
            self.composer.shapes.shared((x, y, w, h)),  # one tuple for equal boxes, like shapes
            text,
            str(self.composer.binder.value(raw.get("valign"), ctx) or "top"),
            min_size,
            pad,
            fill,
            stroke,
            number_of(raw, "width", 0.75, LINE_WIDTH),
            mm_of(raw, "radius", 0, EXTENT),
            rotate,
            Blame(self.composer.tag, where, str(raw["id"]), raw["markup"], tuple(printed.texts)),
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

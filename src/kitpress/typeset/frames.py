"""Setting a face's text frames: each frame's characters checked against the fonts, its markup
built into blocks, and the blocks fitted to its box. What fails is reported to the problems
being collected (`fit.collecting`), with the place to edit; render only draws what this returns.

Faces embedded with <face> are measured here as boxes of their size: drawing them is render's.
"""

from __future__ import annotations

import re
from typing import Callable

from reportlab.platypus import Flowable

from kitpress.compose.scene import Face, TextFrame, face_key
from kitpress.errors import Problem
from kitpress.typeset import direction, fit, fonts
from kitpress.typeset.fit import Fitted, fit_frame
from kitpress.typeset.markup import Builder

_TAGS = re.compile(r"<[^>]+>")

Embed = Callable[[Face], Flowable]  # how an embedded face becomes a block: drawn, or only measured


class Sized(Flowable):
    """An embedded face as typesetting sees it: a box of its size."""

    def __init__(self, face: Face):
        super().__init__()
        self.width, self.height = face.size

    def wrap(self, avail_width, avail_height):
        return self.width, self.height

    def draw(self):  # never drawn: render embeds the face itself
        pass


def set_frame(face: Face, frame: TextFrame, w: float, h: float, embed: Embed = Sized) -> Fitted:
    """A frame's text built and wrapped at the largest size that fits its box (turned, if it is)."""
    if frame.blame is not None:
        for problem in missing_glyphs(frame, face.sheet.lang):
            fit.report(problem)
    builder = Builder(face.sheet, face=embedder(face.faces, embed), plain_lines=True)
    return fit_frame(frame.markup, builder, w - 2 * frame.pad, h - 2 * frame.pad, frame.min_size, frame.blame, frame.cap)


def set_faces(faces) -> None:
    """Set every frame of these faces, and of the faces on them, without drawing (kitpress check
    does, before anything is painted); problems come in print order."""
    seen: set[str] = set()
    queue = list(faces)
    for face in queue:  # grows as it goes: children after their parents
        if face.key in seen:
            continue
        seen.add(face.key)
        for frame in face.frames:
            x, y, w, h = frame.box
            set_frame(face, frame, *((h, w) if frame.rotate in (90, 270) else (w, h)))
        queue += [placed.face for placed in face.children] + list(face.faces.values())


def missing_glyphs(frame: TextFrame, lang: str = "") -> list[Problem]:
    """A problem for each character of the frame that no bundled font has, at the content text
    that holds it (else at the frame's markup)."""
    blame = frame.blame
    out = []
    for char in fonts.missing_glyphs(_TAGS.sub("", frame.markup), direction.cjk_family(lang)):
        culprit = next((t for t in blame.printed if char in t), None)
        loc = culprit.loc if culprit is not None else blame.markup.loc
        message = f"{blame.tag}no bundled font has the character U+{ord(char):04X} '{char}' ({blame.where}, frame '{blame.frame}'){fonts.needs(char)}"
        out.append(Problem("error", message, loc))
    return out


def embedder(faces: dict, embed: Embed = Sized):
    """How markup's <face layout=… item=…/> finds the face composed for it."""
    return lambda attrs, scale: embed(faces[face_key(attrs.get("layout", ""), attrs.get("item", ""))])

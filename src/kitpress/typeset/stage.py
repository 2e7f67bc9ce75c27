"""The typeset stage of a build, after compose: every document's markup and characters checked
and, unless the drawing workers set the frames where they draw them, every frame of every face
set and every document's blocks measured, so each problem is known before anything is painted."""

from __future__ import annotations

from kitpress.compose.scene import Part
from kitpress.errors import Problem, Problems
from kitpress.typeset import documents, fit
from kitpress.typeset.frames import set_faces


def typeset(parts: list[Part], paper: tuple[float, float], tag: str = "", frames: bool = True) -> list[Problem]:
    """The problems typesetting finds, in print order. `frames=False`: the faces are left for
    the workers that draw them (a build sets each frame once, where it draws it)."""
    checked = {id(doc): documents.check(doc, tag) for part in parts for doc in part.documents}
    found = [problem for each in checked.values() for problem in each]
    if frames:
        with fit.collecting(Problems()) as problems:
            set_faces(face for part in parts for face in part.faces())
        found += problems.items
        for doc in (doc for part in parts for doc in part.documents):
            if not any(p.level == "error" for p in checked[id(doc)]):  # its markup said why already
                found += documents.problems(doc, paper)
    return found

"""What a drawn face depends on, as digests: the face itself (its layout, text and children),
the styles it is drawn with, the fonts and kitpress's own code. The kit's fingerprints
(build/changes) and the faces kept between builds (facecache) are made of these."""

from __future__ import annotations

import hashlib
import os
from functools import lru_cache
from pathlib import Path

from kitpress import __version__, filedigests
from kitpress.compose.scene import Face
from kitpress.digest import digest
from kitpress.fontfiles import FA_SOLID
from kitpress.typeset import fonts as _registered


def styles(sheet) -> tuple:
    """What of a style sheet shows on paper."""
    return (
        sorted((k, sorted(v.items())) for k, v in sheet.specs.items()),
        sorted(sheet.colors.items()),
        sheet.lang,
        sheet.ink_saver,
    )


@lru_cache(maxsize=64)
def _sheet(sheet) -> str:
    """A style sheet's digest: the same few sheets serve every face of a build."""
    return digest(styles(sheet))


def digest_face(face: Face) -> str:
    if not face.digest:  # a face never changes: its digest is taken once
        value = digest(
            face.key,
            _sheet(face.sheet),
            [(digest_face(child.face), child.turn) for child in face.children],  # its reach is in its parent's key
            sorted((k, digest_face(v)) for k, v in face.faces.items()),
        )
        object.__setattr__(face, "digest", value)
    return face.digest


def places(face: Face) -> str:
    """Where the problems drawing a face finds would point: its frames' markup and the content
    texts they print, with their places. Not in its digest: a card that only moved a line down
    prints the same; but a file kept with its warnings must say them where they are now."""
    if not face.places:
        # one flat run of plain values, each list led by its length (digest takes such a run as
        # it is: nested lists were two thirds of the time, 12 µs a card), a place as its three
        # parts (printed as text, the places were half of the 15 µs a card took)
        blamed = [frame.blame for frame in face.frames if frame.blame]
        flat = [len(blamed)]
        for blame in blamed:
            flat += (blame.tag, blame.where, *_place(blame.markup), len(blame.printed))
            for text in blame.printed:
                flat += _place(text)
        flat += (len(face.children), *(places(child.face) for child in face.children), len(face.faces))
        for key, inner in sorted(face.faces.items()):
            flat += (key, places(inner))
        object.__setattr__(face, "places", digest(*flat))
    return face.places


def document_places(doc) -> str:
    """Where a document's problems would point: what it prints and its parts as written."""
    shown = [_place(t) for t in doc.printed]
    return digest(doc.loc, shown, [(part, _place(source)) for part, source in doc.sources], [places(f) for f in doc.faces.values()])


def _place(text) -> tuple:
    """Where a text was written, as plain values: its path, line and column."""
    loc = getattr(text, "loc", None)
    return (loc.path, loc.line, loc.col) if loc is not None else ("", 0, 0)


@lru_cache(maxsize=1)
def fonts() -> str:
    """The registered fonts' content (a project's own, kitpress's for the rest; not their
    dates: a fresh clone must fingerprint the same)."""
    out = hashlib.sha1()
    for path in sorted(_registered.face_files()):
        out.update(path.name.encode())
        out.update(filedigests.sha1(path))
    filedigests.save()
    return out.hexdigest()[:16]


@lru_cache(maxsize=1)
def code() -> str:
    """kitpress's own code and templates, and the icon font it takes from a package: a new
    version of any of them makes a different kit."""
    out = hashlib.sha1(__version__.encode())
    package = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))
    for name in sorted(_code_files(package), key=lambda name: name.split("/")):  # as paths sort: part by part
        out.update(name.encode())
        out.update(filedigests.sha1(os.path.join(package, name)))
    out.update(filedigests.sha1(FA_SOLID))  # the font itself: importlib.metadata costs 8 ms to import
    filedigests.save()
    return out.hexdigest()[:16]


def _code_files(package: str) -> list[str]:
    """Every .py file under the package, and its site templates, by their paths inside it:
    os.walk and text, not pathlib's rglob, which was three quarters of the 5 ms a process took
    to fingerprint its code."""
    found = []
    for folder, subfolders, files in os.walk(package):
        inside = os.path.relpath(folder, package)
        prefix = "" if inside == "." else inside.replace(os.sep, "/") + "/"
        found += [prefix + name for name in files if name.endswith(".py")]
        if prefix == "site/templates/":
            found += [prefix + name for name in files if not name.endswith(".py")]
    return found

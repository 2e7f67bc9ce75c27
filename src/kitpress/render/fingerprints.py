"""What a drawn face depends on, as digests: the face itself (its layout, text and children),
the styles it is drawn with, the fonts and kitpress's own code. The kit's fingerprints
(build/changes) and the faces kept between builds (facecache) are made of these."""

from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path

from kitpress import __version__
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
    return digest(
        face.key,
        _sheet(face.sheet),
        [(digest_face(child), turn) for child, _, _, turn in face.children],
        sorted((k, digest_face(v)) for k, v in face.faces.items()),
    )


@lru_cache(maxsize=1)
def fonts() -> str:
    """The registered fonts' content (a project's own, kitpress's for the rest; not their
    dates: a fresh clone must fingerprint the same)."""
    out = hashlib.sha1()
    for path in sorted(_registered.face_files()):
        out.update(path.name.encode())
        out.update(path.read_bytes())
    return out.hexdigest()[:16]


@lru_cache(maxsize=1)
def code() -> str:
    """kitpress's own code and templates, and the icon font it takes from a package: a new
    version of any of them makes a different kit."""
    out = hashlib.sha1(__version__.encode())
    package = Path(__file__).resolve().parents[1]
    for path in sorted([*package.rglob("*.py"), *package.glob("site/templates/*")]):
        out.update(str(path.relative_to(package)).encode())
        out.update(path.read_bytes())
    out.update(FA_SOLID.read_bytes())  # the font itself: importlib.metadata costs 8 ms to import
    return out.hexdigest()[:16]

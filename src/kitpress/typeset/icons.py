"""Pictograms as font glyphs: Font Awesome Free's solid set (installed from PyPI, icons under
CC BY 4.0, font under the SIL OFL) and kitpress's own drawn icons (fonts/KitpressIcons.ttf).
An icon is asked for by name; kitpress's own names win."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from kitpress.fontfiles import FA_SOLID
CREDIT = "Icons: Font Awesome Free (CC BY 4.0) and kitpress (OFL)."


@lru_cache(maxsize=None)
def _names(path: Path) -> dict[str, int]:
    """Glyph name -> code point, from the font itself (Font Awesome names its glyphs by icon).
    Where a glyph has several, the lowest wins: PDF text maps above U+FFFF are unreliable."""
    from fontTools.ttLib import TTFont as ToolsFont  # only when markup asks for an icon: 10 ms to import

    names: dict[str, int] = {}
    for code, name in sorted(ToolsFont(path, lazy=True).getBestCmap().items(), reverse=True):
        names[name] = code
    return names


def lookup(name: str, own_font: Path) -> tuple[str, int] | None:
    """(font family, code point) for an icon name, or None."""
    for family, path in (("KitpressIcons", own_font), ("FontAwesome", FA_SOLID)):
        code = _names(path).get(name)
        if code is not None:
            return family, code
    return None


def known(own_font: Path) -> list[str]:
    return sorted(set(_names(own_font)) | set(_names(FA_SOLID)))

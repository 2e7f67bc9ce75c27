"""Build fonts/KitpressIcons.ttf from fonts/kitpress-icons.yaml: kitpress's own pictograms as
TrueType glyphs, so they sit in text and scale like Font Awesome's. Deterministic output.

    python tools/iconfont.py
"""

from __future__ import annotations

import sys
from pathlib import Path

import yaml
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen

from kitpress.typeset.fonts import FONT_DIR

FIRST_CODEPOINT = 0xE000  # Unicode's private use area
SOURCE = FONT_DIR / "kitpress-icons.yaml"
TARGET = FONT_DIR / "KitpressIcons.ttf"


def codepoints(names: list[str]) -> dict[str, int]:
    return {name: FIRST_CODEPOINT + index for index, name in enumerate(names)}


def build(source: Path = SOURCE) -> bytes:
    icons = yaml.safe_load(source.read_text(encoding="utf-8"))
    names = list(icons)
    builder = FontBuilder(1000, isTTF=True)
    builder.setupGlyphOrder([".notdef", *names])
    builder.setupCharacterMap({cp: name for name, cp in codepoints(names).items()})
    glyphs = {".notdef": TTGlyphPen(None).glyph()}
    for name, contours in icons.items():
        pen = TTGlyphPen(None)
        for contour in contours:
            pen.moveTo(tuple(contour[0]))
            for point in contour[1:]:
                pen.lineTo(tuple(point))
            pen.closePath()
        glyphs[name] = pen.glyph()
    builder.setupGlyf(glyphs)
    builder.setupHorizontalMetrics({name: (1000, 0) for name in [".notdef", *names]})
    builder.setupHorizontalHeader(ascent=880, descent=-120)
    builder.setupNameTable(
        {"familyName": "Kitpress Icons", "styleName": "Regular", "copyright": "kitpress contributors; SIL Open Font License 1.1"}
    )
    builder.setupOS2(sTypoAscender=880, sTypoDescender=-120, usWinAscent=880, usWinDescent=120)
    builder.setupPost()
    builder.updateHead(created=0, modified=0)
    target = TARGET.with_suffix(".tmp")
    builder.save(str(target))
    data = target.read_bytes()
    target.unlink()
    return data


def main() -> None:
    TARGET.write_bytes(build())
    print(f"wrote {TARGET}", file=sys.stderr)


if __name__ == "__main__":
    main()

"""The bundled fonts as data: each family's four files (regular, bold, italic, bold italic),
where they live, and which family is the text's and which the fallback for symbols. Every
stage may read this; only typeset opens the files."""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

from kitpress import shipped

FONT_DIR = shipped.FONTS  # kitpress's own; a project's fonts/ overrides them file by file
FA_SOLID = (  # Font Awesome Free's solid set, installed from PyPI with kitpress
    Path(str(files("fontawesomefree")))
    / "static/fontawesomefree/js-packages/@fortawesome/fontawesome-free/webfonts/fa-solid-900.ttf"
)
FAMILIES = {
    "Sans": ("NotoSans-Regular.ttf", "NotoSans-Bold.ttf", "NotoSans-Italic.ttf", "NotoSans-BoldItalic.ttf"),
    "Symbols": ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSans.ttf", "DejaVuSans-Bold.ttf"),
    "KitpressIcons": ("KitpressIcons.ttf",) * 4,
    "FontAwesome": (FA_SOLID,) * 4,  # an absolute path: installed with kitpress
}
MAIN, FALLBACK = "Sans", "Symbols"

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
    # right-to-left scripts, drawn where the text is in them (no italics: the upright face)
    "Arabic": ("NotoSansArabic-Regular.ttf", "NotoSansArabic-Bold.ttf") * 2,
    "Hebrew": ("NotoSansHebrew-Regular.ttf", "NotoSansHebrew-Bold.ttf") * 2,
    "KitpressIcons": ("KitpressIcons.ttf",) * 4,
    "FontAwesome": (FA_SOLID,) * 4,  # an absolute path: installed with kitpress
}
MAIN, FALLBACK = "Sans", "Symbols"
# The family that draws each script the main family lacks (before the symbol fallback), by the
# ranges of its letters: Arabic (with its presentation forms) and Hebrew.
SCRIPT_FAMILIES = {
    "Arabic": ((0x0600, 0x06FF), (0x0750, 0x077F), (0x08A0, 0x08FF), (0xFB50, 0xFDFF), (0xFE70, 0xFEFF)),
    "Hebrew": ((0x0590, 0x05FF), (0xFB1D, 0xFB4F)),
}
# CJK fonts are too large to bundle: Debian's fonts-noto-cjk, one face of its collections per
# language, made TrueType once (typeset.cjkfont). A project's fonts/ may hold the TrueType file.
CJK_FAMILIES = {  # family -> (the font's name, index in Debian's .ttc, the TrueType file's name)
    "CJK-JP": ("Noto Sans CJK JP", 0, "NotoSansCJKjp"),
    "CJK-KR": ("Noto Sans CJK KR", 1, "NotoSansCJKkr"),
    "CJK-SC": ("Noto Sans CJK SC", 2, "NotoSansCJKsc"),
    "CJK-TC": ("Noto Sans CJK TC", 3, "NotoSansCJKtc"),
}
CJK_COLLECTIONS = (  # Debian's fonts-noto-cjk: regular, bold
    Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"),
    Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc"),
)
CJK_PACKAGE = "fonts-noto-cjk"

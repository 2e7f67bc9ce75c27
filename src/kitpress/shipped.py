"""Where kitpress's shipped data is: the fonts, the common layouts (styles, papers and card
sizes, the document and sources templates) and the three example games. In an installed
kitpress they travel inside the package (`kitpress/shipped/`, put there by the build backend
from the repository's top-level `content/`, `layouts/` and `fonts/`); in a source checkout (an
editable install, `PYTHONPATH=src`) they are those top-level folders themselves."""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent
_PACKAGED = _PACKAGE / "shipped"

ROOT = _PACKAGED if _PACKAGED.is_dir() else _PACKAGE.parents[1]  # the wheel's, else the checkout's
CONTENT = ROOT / "content"  # the example games, content/<game>/
LAYOUTS = ROOT / "layouts"  # their layouts, layouts/<game>/, and layouts/common/
COMMON = LAYOUTS / "common"  # what every game's layouts fall back on, file by file
FONTS = ROOT / "fonts"
SCAFFOLD = _PACKAGE / "scaffold"  # `kitpress new`'s game: package data in every install

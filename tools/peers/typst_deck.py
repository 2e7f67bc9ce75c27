"""The deck job in Typst: compile deck.typ over a cards.yaml with the bundled fonts.

    python tools/peers/typst_deck.py cards.yaml out.pdf [--fonts DIR]

Needs the PyPI package `typst` (`pip install -e '.[bench]'`). Only the bundled fonts are
used (system fonts ignored), as kitpress does. Standalone on purpose (it imports nothing from
kitpress) so `make bench` times only Typst.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
FONTS = HERE.parents[1] / "fonts"  # the repository's fonts/


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("cards", type=Path, help="a YAML file with a top-level 'cards' list")
    parser.add_argument("out", type=Path, help="the PDF to write")
    parser.add_argument("--fonts", type=Path, default=FONTS, help="the folder with NotoSans-*.ttf")
    options = parser.parse_args(argv)
    try:
        import typst
    except ImportError:
        raise SystemExit("typst is not installed: pip install -e '.[bench]'") from None
    cards = options.cards.resolve()
    try:
        typst.compile(
            str(HERE / "deck.typ"),
            output=str(options.out),
            root=cards.anchor,  # Typst reads files only under its root; the template and the data may live apart
            font_paths=[str(options.fonts)],
            ignore_system_fonts=True,
            sys_inputs={"cards": cards.as_posix()},
        )
    except typst.TypstError as exc:
        raise SystemExit(f"typst: {exc}") from None
    print(f"{options.out}", file=sys.stderr)


if __name__ == "__main__":
    main()

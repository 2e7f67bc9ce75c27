"""Are two builds the same on paper? Every page of every PDF under two build folders, rendered
with pdfium and compared pixel by pixel: the proof a redesign owes (issue 14).

    python tools/compare_kits.py BEFORE AFTER [--dpi 50] [--only 'soviet-system/*'] [--out DIFFS]

BEFORE and AFTER are `--out` folders of `kitpress build --all --lang all --paper …` made by the
two versions (for the old one, a `git worktree` of its commit run with PYTHONPATH=its src/, or
its own venv). A PDF only in one folder, a different page count, or a page whose pixels differ
is reported; with --out, each differing page is written as before | after | difference. The exit
code is 1 if anything differs and 2 if a folder holds no PDF to compare, so a script can rely on it.
"""

from __future__ import annotations

import argparse
import fnmatch
import sys
from pathlib import Path

import pypdfium2 as pdfium
from PIL import Image, ImageChops


def pages(pdf: Path, dpi: int):
    document = pdfium.PdfDocument(str(pdf))
    try:
        for index in range(len(document)):
            yield document[index].render(scale=dpi / 72).to_pil().convert("RGB")
    finally:
        document.close()


def pdfs(root: Path, only: str) -> set[str]:
    """PDFs of a build folder, relative, without the hidden staging and cache folders."""
    found = set()
    for path in root.rglob("*.pdf"):
        rel = path.relative_to(root)
        if not any(part.startswith(".") for part in rel.parts) and fnmatch.fnmatch(str(rel), only):
            found.add(str(rel))
    return found


def compare(before: Path, after: Path, dpi: int, only: str = "*", out: Path | None = None) -> list[str]:
    """What differs, one line each; nothing if the two builds are the same on paper."""
    a, b = pdfs(before, only), pdfs(after, only)
    problems = [f"only in {before}: {name}" for name in sorted(a - b)] + [f"only in {after}: {name}" for name in sorted(b - a)]
    for name in sorted(a & b):
        old, new = list(pages(before / name, dpi)), list(pages(after / name, dpi))
        if len(old) != len(new):
            problems.append(f"{name}: {len(old)} pages before, {len(new)} after")
        for number, (x, y) in enumerate(zip(old, new), 1):
            box = ImageChops.difference(x, y).getbbox() if x.size == y.size else (0, 0, *y.size)
            if box is None:
                continue
            problems.append(f"{name}: page {number} differs in the box {box} (at {dpi} dpi)")
            if out is not None:
                _picture(x, y, box, out / f"{name.replace('/', '__')}-p{number}.png")
    return problems


def _picture(before: Image.Image, after: Image.Image, box, target: Path) -> None:
    """Before, after, and their difference made visible, side by side."""
    target.parent.mkdir(parents=True, exist_ok=True)
    width, height = max(before.width, after.width), max(before.height, after.height)
    sheet = Image.new("RGB", (3 * width, height), "white")
    sheet.paste(before, (0, 0))
    sheet.paste(after, (width, 0))
    if before.size == after.size:
        sheet.paste(ImageChops.invert(ImageChops.difference(before, after)), (2 * width, 0))
    sheet.save(target)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("before", type=Path)
    parser.add_argument("after", type=Path)
    parser.add_argument("--dpi", type=int, default=50)
    parser.add_argument("--only", default="*", help="a glob of the PDFs to compare, like 'soviet-system/*'")
    parser.add_argument("--out", type=Path, help="write each differing page as before | after | difference")
    options = parser.parse_args()
    for folder in (options.before, options.after):
        if not pdfs(folder, options.only):  # nothing compared is no proof of anything
            print(f"no PDFs under {folder}{'' if options.only == '*' else f' matching {options.only}'}", file=sys.stderr)
            return 2
    problems = compare(options.before, options.after, options.dpi, options.only, options.out)
    for line in problems:
        print(line)
    count = len(pdfs(options.before, options.only) | pdfs(options.after, options.only))
    print(f"{count} PDFs compared at {options.dpi} dpi: " + (f"{len(problems)} differences" if problems else "the same on paper"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())

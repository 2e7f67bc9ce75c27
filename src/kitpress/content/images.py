"""Images named by layouts: kept inside the game's folders, size-limited, measured by Pillow."""

from __future__ import annotations

from pathlib import Path

from PIL import Image, UnidentifiedImageError

from kitpress import files
from kitpress.errors import KitpressError, Loc, fail, shown

MAX_BYTES = 25 * 1024 * 1024
MAX_PIXELS = 40_000_000  # about 6,300 px square: a full A3 board at 300 dpi fits
FORMATS = {"PNG", "JPEG"}
MIN_DPI = 150


def resolve(ref: str, roots: list[Path], loc: Loc) -> Path:
    """The file `ref` names under one of `roots`; never a path that leaves them."""
    problem = files.name_problem(ref)
    if problem:
        raise fail(f"image '{shown(ref)}': {problem}", loc)
    if not ref or Path(ref).is_absolute() or "\\" in ref:
        raise fail(f"image '{ref}': give a path relative to the game folder", loc)
    for root in roots:
        base = root.resolve()
        candidate = (root / ref).resolve()  # follows symbolic links before the check
        if not candidate.is_relative_to(base):
            raise fail(f"image '{ref}' points outside the game's folders", loc)
        if files.exists(candidate):
            try:  # a plain file of at most MAX_BYTES: a FIFO would block Pillow forever
                return files.checked(candidate, [base])
            except KitpressError as exc:
                raise fail(f"image '{ref}': {exc.problems[0].message}", loc) from None
    raise fail(f"image '{ref}' not found (looked in {', '.join(str(r) for r in roots)})", loc)


def measure(path: Path, loc: Loc) -> tuple[int, int]:
    """Pixel size of a PNG or JPEG, refusing bombs, fakes and truncated files."""
    if path.stat().st_size > MAX_BYTES:
        raise fail(f"image {path.name} is larger than {MAX_BYTES // (1024 * 1024)} MiB", loc)
    try:
        with Image.open(path) as image:
            if image.format not in FORMATS:
                raise fail(f"image {path.name} is {image.format}; use PNG or JPEG", loc)
            if image.width * image.height > MAX_PIXELS:
                raise fail(f"image {path.name} is {image.width}×{image.height} px, more than {MAX_PIXELS:,} pixels", loc)
            size = image.size
            image.load()  # decodes fully: a truncated file fails here, not in the PDF writer
    except KitpressError:
        raise
    except (UnidentifiedImageError, Image.DecompressionBombError, OSError, SyntaxError, ValueError) as exc:
        raise fail(f"image {path.name} cannot be read: {exc}", loc) from None
    return size

"""Print shops as data: `layouts/common/shops/<name>.yaml` says what a shop takes (the standard
of its files, CMYK or not, its bleed and safe zone, the resolution of its pictures, how its
files are named, the card sizes it prints). A project's own `layouts/common/shops/` adds shops
and replaces kitpress's file by file, so a new shop is a YAML file."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from kitpress import files, shipped
from kitpress.content import yamlio
from kitpress.errors import KitpressError, Loc, Problem, Problems, did_you_mean, rel
from kitpress.layout import sizes
from kitpress.layout.values import mm
from kitpress.units import MM, Bounds

DEFAULT = "pdfx4"
STANDARDS = ("pdfx4", "pdfx1a", "png")
KEYS = ("name", "standard", "cmyk", "bleed", "safe", "dpi", "files", "sizes")
FILE_FIELDS = {"pdf": ("{deck}",), "png": ("{deck}", "{card}", "{side}")}
MARGIN = Bounds("a bleed or safe zone", 0, 25 * MM, "mm")
SIZE_TOLERANCE = 0.5 * MM  # a trim this close to one of the shop's sizes is that size


@dataclass(frozen=True)
class Shop:
    id: str
    name: str
    standard: str  # pdfx4, pdfx1a (one PDF a deck) or png (a picture a face)
    cmyk: bool
    bleed: float  # points
    safe: float
    dpi: int
    files: str  # "{deck}.pdf", "{deck}/{card}-{side}.png"
    sizes: dict[str, tuple[float, float]]  # points; empty: any size
    loc: Loc  # the file, for what is wrong with a deck against it

    def size_name(self, trim: tuple[float, float]) -> str | None:
        """The shop's name for a card of this trim (either way up), None if it prints none such."""
        for name, (w, h) in self.sizes.items():
            for tw, th in (trim, trim[::-1]):
                if abs(tw - w) <= SIZE_TOLERANCE and abs(th - h) <= SIZE_TOLERANCE:
                    return name
        return None


def folders(project_root: Path | None) -> list[Path]:
    """Where shops are looked up: the project's own, then kitpress's."""
    found = [project_root / "layouts" / "common" / "shops"] if project_root else []
    return [*found, shipped.COMMON / "shops"]


def names(project_root: Path | None) -> list[str]:
    return sorted({p.stem for folder in folders(project_root) if folder.is_dir() for p in folder.glob("*.yaml")})


def load(name: str, project_root: Path | None, asked_at: Loc = Loc("--shop")) -> Shop:
    for folder in folders(project_root):
        path = folder / f"{name}.yaml"
        if files.exists(path):
            return _read(name, path, folder)
    known = names(project_root)
    raise KitpressError(
        Problem("error", f"no shop '{name}'{did_you_mean(name, known)} (kitpress knows {', '.join(known)})", asked_at)
    )


def _read(ident: str, path: Path, folder: Path) -> Shop:
    shown = rel(path)
    raw = yamlio.load_file(path, shown, within=[folder])
    problems = Problems()
    if not isinstance(raw, yamlio.YMap):
        raise KitpressError(Problem("error", "a shop file is a mapping: name, standard, bleed, safe, …", Loc(shown, 1, 1)))
    for key in raw:
        if key not in KEYS:
            problems.error(f"unknown key '{key}'{did_you_mean(key, KEYS)} in a shop", raw.key_loc(key))
    standard = str(raw.get("standard", DEFAULT))
    if standard not in STANDARDS:
        problems.error(f"standard: {standard}: use {', '.join(STANDARDS)}", raw.loc_of("standard"))
    cmyk = raw.get("cmyk", standard == "pdfx1a")
    if not isinstance(cmyk, bool) or (standard == "pdfx1a" and cmyk is not True):
        problems.error("cmyk: true or false (PDF/X-1a is CMYK: true)", raw.loc_of("cmyk"))
    dpi = raw.get("dpi", 300)
    if not isinstance(dpi, int) or isinstance(dpi, bool) or not 72 <= dpi <= 1200:
        problems.error("dpi: a whole number from 72 to 1200", raw.loc_of("dpi"))
    pattern = str(raw.get("files", "{deck}.pdf" if standard != "png" else "{deck}/{card}-{side}.png"))
    kind = "png" if standard == "png" else "pdf"
    missing = [field for field in FILE_FIELDS[kind] if field not in pattern]
    if missing or not pattern.endswith(f".{kind}") or ".." in pattern or pattern.startswith("/"):
        problems.error(f"files: a name ending .{kind} holding {', '.join(FILE_FIELDS[kind])}", raw.loc_of("files"))
    trims = {}
    given = raw.get("sizes") or {}
    if not isinstance(given, yamlio.YMap) and given:
        problems.error("sizes: a mapping of names to sizes, like 'poker: 63.5mm x 88.9mm'", raw.loc_of("sizes"))
    elif given:
        for size_name, text in given.items():
            try:
                trims[str(size_name)] = sizes.parse_size(text)
            except ValueError as exc:
                problems.error(str(exc), given.loc_of(size_name))
    try:
        bleed = mm(raw.get("bleed", "3mm"), "bleed", raw.loc_of("bleed"), MARGIN)
        safe = mm(raw.get("safe", "3mm"), "safe", raw.loc_of("safe"), MARGIN)
    except KitpressError as exc:
        problems.items.extend(exc.problems)
        bleed = safe = 0.0
    problems.raise_if_errors()
    return Shop(ident, str(raw.get("name", ident)), standard, cmyk, bleed, safe, dpi, pattern, trims, Loc(shown))

"""Papers, card trims and card sheet templates by name: data in `sizes.yaml` (kitpress's own
under layouts/common/, a game's on top), read into points. What `--paper`, a layout's `size:`
and its `sheet:` may name."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from kitpress import shipped
from kitpress.content import yamlio
from kitpress.errors import Problems, did_you_mean, rel
from kitpress.layout import folders
from kitpress.units import MM, Bounds, parse_length

# kitpress's own, for a project whose layout folders have none (games made before sizes.yaml)
SHIPPED = shipped.COMMON / "sizes.yaml"
_KINDS = ("papers", "cards", "sheets")
_SIZE = re.compile(r"(\S+)\s*x\s*(\S+)")
_ACROSS = re.compile(r"(\d+)\s*x\s*(\d+)")
MOST_ACROSS = 30  # columns or rows a sheet template may have
# a paper or a card: at least a millimetre, at most the 200 inches a PDF page may measure
SIDE = Bounds("a side of a paper or card", 1 * MM, 5080 * MM, "mm")


@dataclass(frozen=True)
class Sizes:
    papers: dict = field(default_factory=dict)  # name: (width, height) in points, portrait
    cards: dict = field(default_factory=dict)
    sheets: dict = field(default_factory=dict)  # name: (columns, rows): card sheet templates


SHOWN = {"a4": "A4", "a3": "A3", "a5": "A5", "letter": "Letter", "legal": "Legal", "tabloid": "Tabloid"}


def paper_name(name: str) -> str:
    """A paper as a person writes it: A4, Letter; a game's own paper as its sizes.yaml names it."""
    return SHOWN.get(name, name)


def parse_size(text) -> tuple[float, float]:
    """'70mm x 120mm' (a bare number is millimetres) to (width, height) in points. ValueError."""
    match = _SIZE.fullmatch(str(text).strip())
    if not match:
        raise ValueError(f"'{text}' is not width x height, like '70mm x 120mm'")
    return parse_length(match.group(1), "width", SIDE, MM), parse_length(match.group(2), "height", SIDE, MM)


def parse_across(text) -> tuple[int, int]:
    """'3 x 3' to (columns, rows): a sheet template. ValueError."""
    match = _ACROSS.fullmatch(str(text).strip())
    if not match or not all(1 <= int(n) <= MOST_ACROSS for n in match.groups()):
        raise ValueError(f"'{text}' is not columns x rows, like '3 x 3' (each 1 to {MOST_ACROSS})")
    return int(match.group(1)), int(match.group(2))


def load(dirs: list[Path], root: Path) -> Sizes:
    """The sizes of every sizes.yaml in `dirs` (the game's first), later names over earlier ones."""
    paths = folders.layered(dirs, "sizes.yaml")
    if not paths:
        paths, within = [SHIPPED], [SHIPPED.parent]
    else:
        within = dirs
    found: dict = {kind: {} for kind in _KINDS}
    problems = Problems()
    for path in paths:
        raw = yamlio.load_file(path, rel(path, root), within=within)
        for key in raw:
            if key not in _KINDS:
                problems.error(f"unknown key '{key}' in sizes.yaml{did_you_mean(key, _KINDS)}", raw.key_loc(key))
                continue
            names = raw[key]
            if not isinstance(names, dict):
                problems.error(f"{key}: a mapping of names to sizes, like 'tarot: 70mm x 120mm'", raw.loc_of(key))
                continue
            for name, text in names.items():
                try:
                    found[key][str(name)] = parse_across(text) if key == "sheets" else parse_size(text)
                except ValueError as exc:
                    problems.error(f"the size of {key[:-1]} '{name}': {exc}", names.loc_of(name))
    problems.raise_if_errors()
    return Sizes(found["papers"], found["cards"], found["sheets"])

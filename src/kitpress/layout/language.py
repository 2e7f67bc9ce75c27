"""The layout language's keys as data, the one source of truth: every key of every layout kind
(a face, a document, and the shapes, frames, tracks and nets a face holds) with its type, unit,
default, allowed values and meaning. The layout checker's schema is made from it (`schema_text`),
and so are the layouts' JSON Schemas and docs/reference.md: a key cannot be read without being
documented, nor documented without being read."""

from __future__ import annotations

import json
from dataclasses import dataclass

from kitpress.fontfiles import FAMILIES, MAIN
from kitpress.impose import nets as die_nets, tracks as track_paths
from kitpress.layout.specs import CUTS, SHAPE_KINDS
from kitpress.layout.stylesheet import ALIGNS
from kitpress.units import FLOOR_PT

BOX = "str | [str | number]"  # 'bleed', 'trim' or [x, y, width, height]
NUMBERS = "[str | number]"
LENGTH = "str | number"
LINE_PT = "pt, a bare number is points (deprecated: write 0.5pt)"


@dataclass(frozen=True)
class Key:
    name: str
    type: str  # in the schema language of schema.yaml: str, int, number, [t], map(t), a | b
    meaning: str
    unit: str = ""  # mm (a bare number is millimetres) or pt; "" when the value is no length
    default: str = ""  # what applies when the key is left out ("" : nothing, or it is required)
    values: tuple = ()  # the values allowed, when they are a few words
    required: bool = False
    deprecated: str = ""  # the form that replaces it
    kinds: tuple = ("face",)  # for a layout's own keys: the layout kinds that read it


_BOTH = ("face", "document")
_DOC = ("document",)

# A layout's own keys, in the order the checker lists them.
LAYOUT = (
    Key("extends", "str", "the layout this one is built on: its keys, with this file's on top (shapes and frames merged by id)", kinds=_BOTH),
    Key("kind", "str", "what the layout is: a face (a card, board, token, page) or a flowing document", default="face", values=("face", "document"), kinds=_BOTH),
    Key("size", "str", "the trim: a card name from sizes.yaml (tarot, poker…), paper, paper landscape, or '70mm x 120mm'", "mm", "required (a track's or net's face takes its space's size)"),
    Key("orientation", "str", "the paper's orientation for a document", default="portrait", values=("portrait", "landscape"), kinds=_DOC),
    Key("bleed", LENGTH, "how far the print runs past the trim, on every side (how much a piece needs: printing.md)", "mm", "0"),
    Key("safe", LENGTH, "how far inside the trim every frame must stay", "mm", "0"),
    Key("cut", "str", "the cut line: the trim's rectangle, or the circle inside it (round counters)", default="rect", values=CUTS),
    Key(
        "gutter",
        LENGTH,
        "the space between neighbouring cards on a sheet; 0 butts them (the bleed stays on the outer edges and beside an empty slot)",
        "mm",
        "twice the bleed",
    ),
    Key("sheet", "str", "a card sheet template: how many cards across and down a sheet holds, by name from sizes.yaml (nine-up) or as '3 x 3'", default="as many as fit"),
    Key("shapes", "[shape]", "what is drawn under the text: rectangles, ellipses, lines, images (see shape keys)"),
    Key("frames", "[frame]", "the text boxes: markup bound per card, shrunk to fit (see frame keys)"),
    Key("tracks", "[track]", "a track of spaces, each a small face bound to one item (see track keys)"),
    Key("nets", "[net]", "die nets: faces, cut lines, dashed folds and glue tabs (see net keys)"),
    Key("margins", "str", "the page margins: one, two (vertical horizontal) or four (top right bottom left) lengths", "mm", "14mm", kinds=_DOC),
    Key("columns", "int", "how many columns the body flows in (1 to 12)", default="1", kinds=_DOC),
    Key("gap", "str", "the space between columns", "mm", "6mm", kinds=_DOC),
    Key("header", "str", "markup printed at the top of every page (a template)", kinds=_DOC),
    Key("header_height", "str", "the height kept for the header", "mm", "0", kinds=_DOC),
    Key("footer", "str", "markup printed at the foot of every page (a template)", kinds=_DOC),
    Key("footer_height", "str", "the height kept for the footer", "mm", "0", kinds=_DOC),
    Key("body", "str", "the document's markup, flowed over as many pages as it needs (a template)", kinds=_DOC),
    Key("pages", "int", "the most pages the document may take: more is an error", default="no limit", kinds=_DOC),
    Key("min_size", "number", "the smallest font size the face's text may shrink to; below it the build fails", "pt", f"{FLOOR_PT:g}"),
    Key("styles", "map(map(str | number | bool))", "text styles for this layout only, on top of styles.yaml (see style keys)", kinds=_BOTH),
    Key("colors", "map(str)", "colours by name for this layout only, on top of styles.yaml ('#1f4e79')", kinds=_BOTH),
    Key("params", "map(str | number | bool)", "the parameters a deck may give this layout, with their defaults; used as params.NAME"),
)

_COLOR = "a colour name from styles.yaml or '#rrggbb'; may be a template ({{ card.colour }})"
SHAPE = (
    Key("id", "str", "a name: a layout that extends this one replaces the shape of the same id"),
    Key("at", BOX, "its box: bleed, trim or [x, y, width, height] from the trim's top-left", "mm", "trim"),
    Key("shape", "str", "what is drawn in the box", default="rect", values=SHAPE_KINDS),
    Key("rect", BOX, "its box, as a rectangle", "mm", deprecated="at: …"),
    Key("line", NUMBERS, "a line from (x1, y1) to (x2, y2): [x1, y1, x2, y2]", "mm"),
    Key("ellipse", BOX, "its box, as an ellipse", "mm", deprecated="shape: ellipse, at: …"),
    Key("dash", NUMBERS, "a dashed stroke: lengths of dash and gap, [2, 2]", "pt"),
    Key("image", "str", "a PNG or JPEG file in the game's folders, drawn in the box; may be a template"),
    Key("fill", "str", f"the fill: {_COLOR}", default="none"),
    Key("stroke", "str", f"the outline: {_COLOR}", default="none"),
    Key("width", LENGTH, "the outline's (or line's) width", LINE_PT, "0.75pt"),
    Key("radius", LENGTH, "a rectangle's corner radius", "mm", "0"),
    Key("when", "str", "an expression: the shape is drawn only where it is true (card.rare)", default="always"),
)
FRAME = (
    Key("id", "str", "a name: a layout that extends this one replaces the frame of the same id", required=True),
    Key("at", BOX, "its box: [x, y, width, height] from the trim's top-left; trim, the whole face; safe, the trim less the safe zone", "mm", required=True),
    Key("markup", "str", "the text: markup with jinja2 templates, bound per card", required=True),
    Key("valign", "str", "where the text sits in the box; may be a template", default="top", values=("top", "middle", "bottom")),
    Key("fill", "str", f"the box's fill: {_COLOR}", default="none"),
    Key("stroke", "str", f"the box's outline: {_COLOR}", default="none"),
    Key("width", LENGTH, "the outline's width", LINE_PT, "0.75pt"),
    Key("radius", LENGTH, "the box's corner radius", "mm", "0"),
    Key("pad", LENGTH, "the space between the box's edge and its text", "mm", "0"),
    Key("min_size", "number", "accepted, not read: the face's min_size applies to every frame", "pt"),
    Key("when", "str", "an expression: the frame is printed only where it is true", default="always"),
    Key("rotate", "int", "the text turned about the box's centre, in degrees", default="0", values=(0, 90, 180, 270)),
    Key("fit_group", "str", "a name: the frames of a deck with the same fit_group take one text size, the largest that fits every card's"),
)
TRACK = (
    Key("id", "str", "the track's name, in problems", required=True),
    Key("spaces", "str", "an expression: the items, one a space (a collection's name, or range(1, 21))", required=True),
    Key("path", "str", "the order the spaces run in: rows back and forth, or round the edge", values=track_paths.PATHS, required=True),
    Key("cols", "int", "the columns of the grid the spaces sit on", required=True),
    Key("rows", "int", "the rows of the grid the spaces sit on", required=True),
    Key("at", NUMBERS, "the track's area: [x, y, width, height]", "mm", required=True),
    Key("gap", LENGTH, "the space between spaces", "mm", "0"),
    Key("start", "str", "the corner the first space is in (mirrored in a right-to-left kit: bottom-left is bottom-right)", default="bottom-left (serpentine), top-left (loop)", values=track_paths.CORNERS),
    Key("direction", "str", "a loop's way round the board, from its start (the other way in a right-to-left kit)", default="clockwise", values=track_paths.DIRECTIONS),
    Key("corner", LENGTH, "a loop's corner spaces: squares this size, the ring as deep on every side, the spaces between sharing the rest", "mm", "as the other spaces"),
    Key("facing", "str", "up: every space upright; edge: each turned to read from its own edge of the board (corners go with the top and bottom rows)", default="up", values=track_paths.FACINGS),
    Key("face", "str", "the layout of a space: it sees item, index, count and space", required=True),
    Key("corner_face", "str", "the layout of a loop's four corner spaces", default="face"),
)
NET = (
    Key("id", "str", "the net's name, in problems", required=True),
    Key("type", "str", "the die", values=tuple(die_nets.TYPES), required=True),
    Key("at", NUMBERS, "the net's top-left corner: [x, y]", "mm", required=True),
    Key("edge", LENGTH, "the length of a face's edge", "mm", required=True),
    Key("faces", "str", "an expression: the items, one a face of the die (range(1, 7))", required=True),
    Key("face", "str", "the layout of a face of the die: it sees item, index and count", required=True),
)
# A text style's properties (styles.yaml's `styles:`, a layout's own `styles:`); the numbers are
# points when bare (STYLE_NUMBERS in layout/stylesheet.py says the range of each).
STYLE = (
    Key("font", "str", "the font family: one of the bundled fonts", default=MAIN, values=tuple(FAMILIES)),
    Key("bold", "bool", "bold type", default="false"),
    Key("italic", "bool", "italic type", default="false"),
    Key("size", "number", "the font size", "pt", "9"),
    Key("leading", "number", "the distance from one line's baseline to the next", "pt", "1.25 × size"),
    Key("color", "str", "the text's colour: a name from colors: or '#rrggbb'", default="ink"),
    Key("align", "str", "how lines sit in the frame (in a right-to-left kit left and right swap: left is where lines start)", default="left", values=ALIGNS),
    Key("space_before", "number", "space above a paragraph", "pt", "0"),
    Key("space_after", "number", "space below a paragraph", "pt", "0"),
    Key("indent", "number", "the left indent (negative: a hanging first line)", "pt", "0"),
    Key("bullet_indent", "number", "where a list's bullet or number sits", "pt", "0"),
    Key("first_indent", "number", "the first line's extra indent", "pt", "0"),
    Key("upper", "bool", "print the text in capitals", default="false"),
    Key("tracking", "number", "extra space between letters", "pt", "0"),
    Key("hyphenate", "bool", "false keeps every word whole (text over 11 pt, or upper, is never hyphenated)", default="true"),
    Key("keep_with_next", "bool", "a heading: kept in the same column or page as what follows it (documents)", default="false"),
    Key("extends", "str", "the style this one starts from: its properties, with these on top"),
)
# the layout kinds whose items a face holds, by the name of their type in the checker's schema
ITEMS = {"shape": SHAPE, "track": TRACK, "net": NET, "frame": FRAME}
DEPRECATED = {f"shape.{k.name}": k.deprecated for k in SHAPE if k.deprecated}


def schema_text(keys: tuple) -> str:
    """The keys as the checker's schema (the schema.yaml language): `name: "type?"` a line."""
    return "".join(f"{k.name}: {json.dumps(k.type + ('' if k.required else '?'))}\n" for k in keys)


def for_kind(kind: str) -> tuple:
    """A layout kind's keys: 'face', 'document', or one of ITEMS."""
    return ITEMS[kind] if kind in ITEMS else tuple(k for k in LAYOUT if kind in k.kinds)


def known() -> set[str]:
    """Every key the language has, as `key` (a layout's own) or `kind.key` (a shape's, …)."""
    return {k.name for k in LAYOUT} | {f"{kind}.{k.name}" for kind, keys in ITEMS.items() for k in keys}

"""The layout stage's part of docs/reference.md, made from its own tables: the keys of every layout
kind (layout/language), the style properties and their ranges (stylesheet), the shipped papers
and card trims (sizes.yaml), the markup's tags and the kinds of their attributes (markuplang).
Each section ends with its example (layout/examples), which the tests build."""

from __future__ import annotations

from kitpress import shipped
from kitpress.content import yamlio
from kitpress.layout import language, markuplang, markupvalues as mv, sizes
from kitpress.layout.examples import EXAMPLES
from kitpress.layout.stylesheet import STYLE_NUMBERS
from kitpress.units import MM

KIND_TITLES = {
    "face": ("Face layouts", "A card, a back, a board, a token, a page: `kind: face` (the default). Lengths are from the trim's top-left corner."),
    "shape": ("Shapes (`shapes:`)", "What a face draws under its text, in order: a rectangle, an ellipse, a line or an image."),
    "frame": ("Frames (`frames:`)", "A text box: its markup bound per card and shrunk until it fits (down to the face's `min_size`)."),
    "track": (
        "Tracks (`tracks:`)",
        "Spaces laid along a path on a grid, each a small face bound to one item; a board is tiled along the gaps between "
        "them. A space's face is drawn at the size the track gives it, whatever its own `size:` says, and its lengths "
        "are not scaled: design it upright, as on the bottom row, its width the space's length along the edge and its "
        "height the ring's depth (`corner`, when given), and give frames `at: trim` or `at: safe` to follow the size. "
        "With `facing: edge` the spaces of the left, top and right sides are that face turned a quarter, a half and "
        "three quarters. A frame that reaches outside its space is a warning: its text would be cut off.",
    ),
    "net": ("Die nets (`nets:`)", "A die to cut, fold and glue: face *i* goes where a real die puts *i* + 1 (opposite faces of a numbered d6 sum to 7)."),
    "document": ("Document layouts", "`kind: document`: markup flowed on the chosen paper, page after page."),
}
MARKUP_KINDS = {
    mv.TEXT: "text, as written",
    mv.STYLE: "a style's name from styles.yaml",
    mv.COLOR: "a colour's name or '#rrggbb'",
    mv.ALIGN: ", ".join(mv.ALIGNS),
    mv.LENGTH: "a length with its unit: 3mm, 2pt (a bare number is points, deprecated; 0 needs none)",
    mv.LINE: "a line width with its unit: 0.5pt",
    mv.COUNT: "a whole number",
    mv.FONT_PT: "a font size in points",
    mv.WIDTHS: "columns: a length (30mm), a share (20%) or a weight of what is left (*, 2*)",
    mv.CHOICE: "one of " + ", ".join(mv.LINES),
}
TAG_MEANINGS = {
    **{f"h{n}": "a heading (h1 and h2 go in the `<toc/>` unless `toc=\"no\"`)" for n in range(1, 5)}, "p": "a paragraph",
    "ul": "a bulleted list", "ol": "a numbered list", "li": "a list's item", "table": "a table",
    "tr": "a table's row", "td": "a cell", "th": "a heading cell, white on accent (a row of them, with no fill or style of its own, is filled with accent); repeated where the table runs on", "box": "a box round blocks",
    "cols": "columns side by side", "col": "a column of `<cols>`", "space": "vertical space",
    "rule": "a horizontal line", "ruler": "a measuring ruler, to check the print's scale",
    "face": "a small face (a token) in the text: a layout, bound to an item named by its path",
    "toc": "the contents: headings h1 and h2 with their pages", "pagebreak": "a new page",
    "index_list": "the index: every `<index item>` with its pages", "b": "bold", "i": "italic",
    "u": "underlined", "sup": "superscript", "sub": "subscript", "strike": "struck through",
    "br": "a line break", "span": "inline text in a colour, size or font",
    "icon": "a pictogram: Font Awesome Free's or kitpress's own", "index": "an index mark: `item` is listed by `<index_list/>` with this page",
}  # fmt: skip


def cell(text) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def key_table(keys: tuple, ranges: dict | None = None) -> str:
    rows = ["| key | type | unit | default | values | meaning |", "|---|---|---|---|---|---|"]
    for k in keys:
        default = "required" if k.required else k.default or "—"
        values = ", ".join(f"`{v}`" for v in k.values) or (ranges or {}).get(k.name, "—")
        meaning = k.meaning + (f". **Deprecated**: write `{k.deprecated}`" if k.deprecated else "")
        rows.append(f"| `{k.name}` | `{cell(k.type)}` | {cell(k.unit) or '—'} | {cell(default)} | {cell(values)} | {cell(meaning)} |")
    return "\n".join(rows) + "\n"


def example(section: str) -> str:
    path, text = EXAMPLES[section]
    return f"Example (the fixture game's `{path}`, built by the tests):\n\n```yaml\n{text}```\n"


def kind_section(kind: str) -> str:
    title, lead = KIND_TITLES[kind]
    return f"## {title}\n\n{lead}\n\n{key_table(language.for_kind(kind))}\n{example(kind)}"


def styles_section() -> str:
    ranges = {name: bounds.span() for name, bounds in STYLE_NUMBERS.items()}
    return (
        "## Styles (`styles.yaml`)\n\n`styles:` names text styles, `colors:` names colours (`\"#1f4e79\"`). Every "
        "`styles.yaml` of a game's layout folders is read, `layouts/common/` first, and a style named again keeps the "
        "properties it does not set; a layout's own `styles:` and `colors:` apply to it alone. A bare number is points.\n\n"
        f"{key_table(language.STYLE, ranges)}\n{shipped_styles()}\n{example('style')}"
    )


def shipped_styles() -> str:
    """The colours and styles every game may name, as `layouts/common/styles.yaml` ships them."""
    path = shipped.COMMON / "styles.yaml"
    raw = yamlio.load_file(path, "layouts/common/styles.yaml", within=[path.parent])
    colours = ["| colour | value |", "|---|---|", *(f"| `{name}` | `{value}` |" for name, value in raw["colors"].items())]
    styles = ["| style | properties |", "|---|---|"]
    styles += [f"| `{name}` | {cell(', '.join(f'{k}: {str(v).lower() if isinstance(v, bool) else v}' for k, v in props.items()))} |" for name, props in raw["styles"].items()]
    return (
        "Every game may name the colours and styles shipped in `layouts/common/styles.yaml` "
        "(a game's own `styles.yaml` adds to them or changes them):\n\n" + "\n".join(colours) + "\n\n" + "\n".join(styles) + "\n"
    )


def sizes_section() -> str:
    raw = yamlio.load_file(sizes.SHIPPED, "layouts/common/sizes.yaml", within=[sizes.SHIPPED.parent])
    parts = ["## Papers and card sizes (`sizes.yaml`)\n\nSizes are `width x height`, portrait, each with its unit. "
             "`--paper NAME` names a paper; a face's `size:` names a card (or `paper`, `paper landscape`, or `70mm x 120mm`). "
             "A game's own `sizes.yaml` adds names or replaces them. Shipped in `layouts/common/sizes.yaml`:\n"]  # fmt: skip
    for kind in ("papers", "cards"):
        rows = [f"\n| {kind[:-1]} | as written | millimetres |", "|---|---|---|"]
        for name, text in raw[kind].items():
            w, h = sizes.parse_size(text)
            rows.append(f"| `{name}` | {text} | {w / MM:.4g} × {h / MM:.4g} |")
        parts.append("\n".join(rows) + "\n")
    rows = ["\n| sheet template | cards across × down |", "|---|---|"]
    rows += [f"| `{name}` | {text} |" for name, text in (raw.get("sheets") or {}).items()]
    parts.append("\nA face's `sheet:` names a sheet template (or says `3 x 3`): that many cards a sheet, centred, instead of as many as fit.\n" + "\n".join(rows) + "\n")
    return "".join(parts) + "\n" + example("sizes")


def markup_section() -> str:
    rows = ["| tag | attributes (kind) | meaning |", "|---|---|---|"]
    for tag, attrs in markuplang.TAGS.items():
        shown = ", ".join(f"`{name}` ({kind})" for name, kind in attrs.items()) or "—"
        rows.append(f"| `<{tag}>` | {shown} | {cell(TAG_MEANINGS[tag])} |")
    kinds = ["| kind | what it is |", "|---|---|"] + [f"| {kind} | {cell(text)} |" for kind, text in MARKUP_KINDS.items()]
    return (
        "## Markup\n\nA frame's `markup:` and a document's `header`, `footer` and `body` are jinja2 templates that print "
        "this HTML-like markup. HTML's named entities (`&nbsp;`, `&ndash;`) are the characters they name; `<!-- -->` is a "
        "comment; an attribute a tag does not read is a warning. Inline tags: "
        + ", ".join(f"`{t}`" for t in sorted(markuplang.INLINE))
        + ".\n\n" + "\n".join(rows) + "\n\nThe kinds of attribute value:\n\n" + "\n".join(kinds) + "\n\n" + example("markup")
    )


def old_forms_section() -> str:
    rows = ["| old form | write instead |", "|---|---|"]
    rows += [f"| `{key}:` | `{new}` |" for key, new in language.DEPRECATED.items()]
    rows += ["| a bare line `width`, `dash` (points) | `0.5pt` |"]
    rows += [f"| `<{old}>` | `<{new}>` |" for old, new in markuplang.OLD_TAGS.items()]
    rows += [f"| `{old}=` | `{new}=` |" for old, new in markuplang.OLD_ATTRIBUTES.items()]
    return (
        "## Old forms\n\nStill read, each with a warning at its place; `kitpress migrate GAME` rewrites them "
        "(`--check` lists them).\n\n" + "\n".join(rows) + "\n"
    )


def sections() -> list[str]:
    return [kind_section(kind) for kind in KIND_TITLES] + [styles_section(), sizes_section(), markup_section()]

"""The markup language of layouts, as data: its tags, the attributes each reads and what kind of
value each is, its entities and comments, its limits; parsed into elements that know their line
and checked without reportlab or a style sheet (typeset's Builder lays the same elements out).

Its words are snake_case, like the YAML keys (`line_color`, `<index_list/>`); the old kebab-case
forms are read with a deprecation warning. A length may carry its unit (`3mm`, `0.5pt`); a bare
number is points, with a deprecation warning naming the `pt` form (0 needs no unit).
`kitpress migrate` rewrites both (`old_forms` finds them in a template's source).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
import xml.parsers.expat as expat
from dataclasses import dataclass
from html.entities import html5

from kitpress.errors import did_you_mean
from kitpress.layout.markupvalues import (  # noqa: F401 - the language's values, importable from here
    ALIGN, ALIGNS, CHOICE, COLOR, COUNT, FONT_PT, LENGTH, LENGTHS, LINE, LINES, LIST_START, MAX_COLUMNS, MAX_ROWS,
    SHARE, SPAN, STYLE, TEXT, WEIGHT, WIDTHS, MarkupError, align_of, check_count, cols_of, length, number,
    table_columns, value_of, widths,
)  # fmt: skip

# What markup may be. The shipped kits write at most 55,000 characters (a whole rulebook), nest 6
# elements deep and lay out tables of 12 rows and 11 columns: these limits are far above that,
# and far below what would exhaust Python's stack (each level is a few frames of the recursive
# walk that lays it out, and of reportlab's) or take minutes to lay out.
MAX_CHARS = 1_000_000
MAX_DEPTH = 32

_TEXTUAL = {"style": STYLE, "align": ALIGN, "color": COLOR}
_CELL = {"span": COUNT, **_TEXTUAL, "fill": COLOR, "valign": TEXT, "stroke": COLOR, "width": LINE}
_EMPTY = ("toc", "pagebreak", "index_list", "b", "i", "u", "sup", "sub", "strike", "br")
# Every tag and the attributes it reads, with the kind of each value.
TAGS: dict[str, dict[str, str]] = {
    **{tag: {**_TEXTUAL, "toc": TEXT} for tag in ("h1", "h2", "h3", "h4")},
    "p": dict(_TEXTUAL),
    **{tag: {"start": COUNT, "type": TEXT, "style": STYLE} for tag in ("ul", "ol")},
    "li": {"style": STYLE, "align": ALIGN},
    "table": {
        "widths": WIDTHS, "pad": LENGTH, "valign": TEXT, "lines": CHOICE, "line_color": COLOR,
        "line_width": LINE, "style": STYLE, "head_style": STYLE, "align": ALIGN,
    },  # fmt: skip
    "tr": {"height": LENGTH, "fill": COLOR, **_TEXTUAL},
    "td": dict(_CELL),
    "th": dict(_CELL),
    "box": {"pad": LENGTH, "style": STYLE, "fill": COLOR, "stroke": COLOR, "width": LINE, "radius": LENGTH},
    "cols": {"gap": LENGTH, "widths": WIDTHS, "valign": TEXT},
    "col": {"style": STYLE},
    "space": {"h": LENGTH, "scales": TEXT},
    "rule": {"width": LINE, "color": COLOR, "before": LENGTH, "after": LENGTH},
    "ruler": {"caption": TEXT},
    "face": {"layout": TEXT, "item": TEXT},
    **{tag: {} for tag in _EMPTY},
    "span": {"color": COLOR, "size": FONT_PT, "font": TEXT},
    "icon": {"name": TEXT, "size": FONT_PT, "color": COLOR},
    "index": {"item": TEXT},
}
ATTRIBUTES = {tag: set(attrs) for tag, attrs in TAGS.items()}
INLINE = {"b", "i", "u", "sup", "sub", "br", "span", "strike", "icon", "index"}
PARTS = {"li": ("ul", "ol"), "tr": ("table",), "td": ("tr",), "th": ("tr",), "col": ("cols",)}  # parts of a block
BLOCKS = set(TAGS) - INLINE - set(PARTS)
OLD_TAGS = {"index-list": "index_list"}  # kebab-case words of old, read with a warning
OLD_ATTRIBUTES = {"line-color": "line_color", "line-width": "line_width", "head-style": "head_style"}
_BARE = re.compile(r"\s*[-+]?(?:\d+(?:\.\d*)?|\.\d+)\s*")


class Node(ET.Element):
    """An element that knows the line its start tag is on."""

    line = 0


@dataclass
class Tree:
    root: Node
    notes: list  # (message, line): the old forms read

    def warnings(self) -> list[tuple[str, int]]:
        """(message, line) for each old form, attribute no element reads, and bare length."""
        found = list(self.notes)
        for el in self.root.iter():
            found += _unknown_attributes(el) + _bare_lengths(el)
        return found


def check(markup: str) -> list[tuple[str, int]]:
    """Markup (a rendered template) checked as a language, without laying it out: its syntax,
    its tags, where they stand, their numbers and lengths, its limits. Raises MarkupError (its
    line set); returns the warnings as (message, line). Colours and styles, which a style sheet
    names, are left to the Builder."""
    tree = parse(markup)
    try:
        for el in tree.root.iter():
            _check_element(el, tree.root)
    except MarkupError as exc:
        raise located(exc) from None
    return tree.warnings()


def located(exc: MarkupError) -> MarkupError:
    """`exc` with the line of its element, if it has one and no line yet."""
    if exc.element is not None and not exc.line:
        exc.line = getattr(exc.element, "line", 0)
    return exc


# -- text, comments, entities ---------------------------------------------------------------
_COMMENT = re.compile(r"<!--.*?-->", re.S)
_ENTITY = re.compile(r"&([A-Za-z][A-Za-z0-9]{0,31});")
_XML_ENTITIES = {"amp", "lt", "gt", "quot", "apos"}


def strip_comments(markup: str) -> str:
    """Markup without its <!-- comments -->; a comment's line breaks stay, so lines still count."""
    return _COMMENT.sub(lambda found: "\n" * found.group(0).count("\n"), markup)


def check_comments_closed(markup: str) -> None:
    """Markup whose comments are stripped has no '<!--' left, or one was never closed."""
    if "<!--" in markup:
        raise MarkupError("a comment '<!--' is not closed with '-->'", line_at(markup, "<!--"))


def line_at(markup: str, text: str) -> int:
    return markup[: markup.index(text)].count("\n") + 1


def html_entities(markup: str) -> str:
    """Markup whose HTML named entities (`&nbsp;`, `&mdash;`, `&hellip;`…) are character
    references XML reads; an unknown name is left for the parser, which says so. As references,
    not characters, so that `&NewLine;` adds no line and lines still count."""

    def reference(found: re.Match) -> str:
        name = found.group(1)
        text = html5.get(name + ";")
        if name in _XML_ENTITIES or text is None:
            return found.group(0)
        return "".join(f"&#{ord(ch)};" for ch in text)

    return _ENTITY.sub(reference, markup) if "&" in markup else markup


# -- parsing ---------------------------------------------------------------------------------
def parse(markup: str) -> Tree:
    """Markup (comments and entities as written) into a tree of Nodes under a <root>, its old
    forms renamed into the new ones (and noted), its depth within MAX_DEPTH."""
    if len(markup) > MAX_CHARS:
        raise MarkupError(f"markup of {len(markup):,} characters is longer than the {MAX_CHARS:,} kitpress lays out")
    markup = html_entities(strip_comments(markup))
    check_comments_closed(markup)
    if "<!" in markup:
        raise MarkupError("declarations (<!DOCTYPE, <!ENTITY) are not allowed in markup", line_at(markup, "<!"))
    builder = ET.TreeBuilder(element_factory=Node)
    parser = expat.ParserCreate(namespace_separator="}")  # as ElementTree's: a prefix is an error
    parser.buffer_text = True

    def start(tag: str, attrs: dict) -> None:
        builder.start(tag, attrs).line = parser.CurrentLineNumber

    parser.StartElementHandler, parser.EndElementHandler, parser.CharacterDataHandler = start, builder.end, builder.data
    try:
        parser.Parse(f"<root>{markup}</root>", True)
    except expat.ExpatError as exc:
        raise MarkupError(_not_well_formed(exc, markup), exc.lineno) from None
    finally:  # `start` holds the parser: a cycle that would keep the tree until the collector ran
        parser.StartElementHandler = parser.EndElementHandler = parser.CharacterDataHandler = None
    tree = Tree(builder.close(), [])
    _check_depth(tree.root)
    for el in tree.root.iter():
        tree.notes += _renamed(el)
    return tree


def _not_well_formed(exc: expat.ExpatError, markup: str) -> str:
    """The parser's reason; for an entity, which one, and the name it may have meant."""
    reason = expat.ErrorString(exc.code)
    lines = f"<root>{markup}</root>".split("\n")
    found = _ENTITY.match(lines[exc.lineno - 1], exc.offset) if 0 < exc.lineno <= len(lines) else None
    if reason == "undefined entity" and found:
        names = [name[:-1] for name in html5 if name.endswith(";")]
        hint = did_you_mean(found.group(1), names)
        message = f"undefined entity '{found.group(0)}'{hint}: write the character, an HTML entity or &#NNNN;"
        return message
    message = f"markup is not well formed: {reason}"
    return message


def _check_depth(root: ET.Element) -> None:
    """Markup nested deeper than MAX_DEPTH is refused before any recursive walk (the Builder's,
    reportlab's) could exhaust Python's stack; this walk keeps a stack of its own."""
    stack = [(root, 0)]
    while stack:
        el, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise located(MarkupError(f"markup nested deeper than {MAX_DEPTH} elements", element=el))
        stack.extend((child, depth + 1) for child in el)


def _renamed(el: Node) -> list[tuple[str, int]]:
    """The element's old kebab-case words made snake_case; a warning for each."""
    notes = []
    if el.tag in OLD_TAGS:
        old, el.tag = el.tag, OLD_TAGS[el.tag]
        message = f"<{old}> is now <{el.tag}>: markup's words are snake_case, like YAML keys ({_MIGRATE})"
        notes.append((message, el.line))
    for old in [name for name in el.attrib if name in OLD_ATTRIBUTES]:
        new = OLD_ATTRIBUTES[old]
        message = f"{old}= on <{el.tag}> is now {new}=: markup's words are snake_case, like YAML keys ({_MIGRATE})"
        notes.append((message, el.line))
        value = el.attrib.pop(old)
        el.attrib.setdefault(new, value)
    return notes


_MIGRATE = "kitpress migrate rewrites it"


# -- checks ----------------------------------------------------------------------------------
def _unknown_attributes(el: Node) -> list[tuple[str, int]]:
    allowed = TAGS.get(el.tag)
    found = []
    for name in el.attrib if allowed is not None else ():  # an unknown element is an error of its own
        if name not in allowed:
            message = f"unknown attribute '{name}' on <{el.tag}>{did_you_mean(name, allowed)}: kitpress ignores it"
            found.append((message, el.line))
    return found


def _bare_lengths(el: Node) -> list[tuple[str, int]]:
    found = []
    for name, kind in TAGS.get(el.tag, {}).items():
        value = el.get(name)
        if value is None or (kind not in LENGTHS and kind != WIDTHS):
            continue
        new = with_points(value, kind)
        if new != value:
            old, new = f'{name}="{value}"', f'{name}="{new}"'
            message = f"<{el.tag} {old}>: a bare length in markup is points, in a layout's geometry millimetres: write {new}"
            found.append((f"{message} ({_MIGRATE})", el.line))
    return found


def with_points(value: str, kind: str) -> str:
    """A length value with 'pt' after each bare number but 0 (a column spec: after each bare one)."""
    if kind in LENGTHS:
        return value.strip() + "pt" if _bare_nonzero(value) else value
    if "{" in value:  # template code: not a column spec to rewrite
        return value
    return re.sub(r"\S+", lambda part: part.group(0) + "pt" if _bare_nonzero(part.group(0)) else part.group(0), value)


def _bare_nonzero(text: str) -> bool:
    return _BARE.fullmatch(text) is not None and float(text) != 0


def _check_element(el: Node, root: Node) -> None:
    _check_children(el, el is root)
    for name, kind in TAGS.get(el.tag, {}).items():
        if el.get(name) is not None:
            value_of(el, name, kind)
    if el.tag == "table":
        table_columns(el)
    if el.tag == "cols":
        cols_of(el)


_HOLDS_TEXT = {"p", "h1", "h2", "h3", "h4", "li"} | INLINE


def _check_children(el: Node, is_root: bool) -> None:
    """Each child where it may stand: blocks in the markup, a box, a column or a cell of blocks;
    text in a paragraph, a heading, an item or a cell of text; each part in its block."""
    kids = list(el)
    if el.tag in ("ul", "ol"):
        for kid in kids:
            if kid.tag != "li":
                raise MarkupError(f"<{el.tag}> holds only <li>, not <{kid.tag}>", element=kid)
    elif el.tag == "tr":
        for kid in kids:
            if kid.tag not in ("td", "th"):
                raise MarkupError(f"<tr> holds only <td> and <th>, not <{kid.tag}>", element=kid)
    elif el.tag in _HOLDS_TEXT or (el.tag in ("td", "th") and not any(kid.tag in BLOCKS for kid in kids)):
        for kid in kids:
            if kid.tag not in INLINE:
                message = f"<{kid.tag}> cannot stand inside text (<{el.tag}>)" if kid.tag in TAGS else unknown_tag(kid.tag)
                raise MarkupError(message, element=kid)
    elif is_root or el.tag in ("box", "col", "td", "th"):
        for kid in kids:
            if kid.tag not in BLOCKS:
                raise MarkupError(f"<{kid.tag}> cannot stand here" if kid.tag in TAGS else unknown_tag(kid.tag), element=kid)


def unknown_tag(tag: str) -> str:
    message = f"unknown element <{tag}>{did_you_mean(tag, list(TAGS) + list(OLD_TAGS))}"
    return message

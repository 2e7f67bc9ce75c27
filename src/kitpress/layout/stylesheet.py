"""Named text styles and the colour palette, as layouts declare them: the style sheet's data, read
and checked by the layouts; typeset makes reportlab's styles and colours of it."""

from __future__ import annotations

from dataclasses import dataclass, field

from kitpress.units import EXTENT, FONT_SIZE, LEADING, LENGTH, TRACKING, measure

ALIGNS = ("left", "center", "right", "justify")
STYLE_KEYS = {
    "font",
    "bold",
    "italic",
    "size",
    "leading",
    "color",
    "align",
    "space_before",
    "space_after",
    "indent",
    "bullet_indent",
    "first_indent",
    "upper",
    "tracking",
    "hyphenate",  # false: never break this style's words (short labels in narrow cells)
    "keep_with_next",  # a heading: never left alone at the foot of a column or page
    "extends",
}
# the properties that are numbers (bare numbers are points; '2mm' is read too), and what each is
STYLE_NUMBERS = {
    "size": FONT_SIZE,
    "leading": LEADING,
    "tracking": TRACKING,
    "space_before": EXTENT,
    "space_after": EXTENT,
    "indent": LENGTH,  # indents may be negative: a hanging first line
    "bullet_indent": LENGTH,
    "first_indent": LENGTH,
}


@dataclass(frozen=True)
class StyleSheet:
    """Style specs by name (already merged with what they extend) and the colour palette."""

    specs: dict = field(default_factory=dict)
    colors: dict = field(default_factory=dict)
    lang: str = ""  # for hyphenation (pyphen), when it knows the language
    ink_saver: bool = False  # pale fills, dark text: for a school's black-and-white printer

    def has(self, name: str) -> bool:
        return name in self.specs

    def __hash__(self) -> int:
        return id(self)


def style_number(spec: dict, key: str, default: float = 0.0) -> float:
    """A style's number property in points, within the range of what it is (ValueError if not:
    the layouts check every style when they load it, with its place)."""
    value = spec.get(key)
    return measure(default if value is None else value, STYLE_NUMBERS[key], key)


def merge_specs(raw: dict) -> dict:
    """Resolve `extends` between styles (a cycle is cut, not followed)."""
    out: dict = {}

    def resolve(name: str, seen: tuple = ()) -> dict:
        if name in out:
            return out[name]
        spec = dict(raw.get(name, {}))
        parent = spec.pop("extends", None)
        if parent and parent in raw and parent not in seen:
            spec = {**resolve(parent, seen + (name,)), **spec}
        out[name] = spec
        return spec

    for name in raw:
        resolve(name)
    return out

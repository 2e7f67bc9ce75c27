"""Markup's inline elements (b, i, u, sup, sub, strike, br, span, icon, index) as the text of a
reportlab Paragraph: escaped, with fallback fonts, colours resolved by the style sheet."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from kitpress.errors import did_you_mean
from kitpress.layout.markuplang import BLOCKS, FONT_PT, PARTS, MarkupError, unknown_tag, value_of
from kitpress.typeset import direction, fonts
from kitpress.typeset import styles

_BREAKING_SPACE = re.compile(r"[ \t\n\r\f\v]+")  # not \s: that would turn no-break spaces into spaces
_STYLED = ("b", "i", "u", "sup", "sub", "strike")


def escape(text: str, quote: bool = False) -> str:
    """Text made safe inside markup (xml.sax.saxutils.escape imports urllib: 12 ms per run)."""
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return text.replace('"', "&quot;") if quote else text


def inline_escape(text: str, lang: str = "") -> str:
    """Text escaped for a paragraph, each run of characters in the family that draws it (the
    CJK family of `lang`, if it is written in CJK)."""
    text = _BREAKING_SPACE.sub(" ", text)
    return fonts.with_fallback(escape(text), direction.cjk_family(lang))


class Inline:
    """The Builder's inline half: `sheet` and `scale` are the Builder's."""

    def inline(self, el: ET.Element) -> str:
        lang = self.sheet.lang
        parts = [inline_escape(el.text or "", lang)]
        for child in el:
            parts.append(self._inline_child(child, el))
            parts.append(inline_escape(child.tail or "", lang))
        return "".join(parts)

    def _inline_child(self, child: ET.Element, el: ET.Element) -> str:
        if child.tag == "br":
            return "<br/>"
        if child.tag in _STYLED:
            return f"<{child.tag}>{self.inline(child)}</{child.tag}>"
        if child.tag == "span":
            return self._span(child)
        if child.tag == "icon":
            return self._icon(child)
        if child.tag == "index":
            return f'<index item="{escape(child.get("item", ""), quote=True)}"/>'
        if child.tag in BLOCKS or child.tag in PARTS:
            raise MarkupError(f"<{child.tag}> cannot stand inside text (<{el.tag}>)")
        raise MarkupError(unknown_tag(child.tag))

    def _icon(self, el: ET.Element) -> str:
        """A pictogram inline, as a glyph of an icon font: <icon name="hammer" size="14" color="red"/>."""
        name = el.get("name", "")
        found = fonts.icon(name)
        if found is None:
            hint = did_you_mean(name, fonts.icon_names())
            raise MarkupError(f"unknown icon '{name}'{hint}")
        family, code = found
        attrs = [f'face="{family}"']
        if el.get("size"):
            attrs.append(f'size="{value_of(el, "size", FONT_PT) * self.scale:.2f}"')
        if el.get("color"):
            attrs.append(self._color(el))
        return f"<font {' '.join(attrs)}>&#x{code:x};</font>"

    def _span(self, el: ET.Element) -> str:
        attrs = []
        if el.get("color"):
            attrs.append(self._color(el))
        if el.get("size"):
            attrs.append(f'size="{value_of(el, "size", FONT_PT) * self.scale:.2f}"')
        if el.get("font"):
            attrs.append(f'face="{el.get("font")}"')
        inner = self.inline(el)
        return f"<font {' '.join(attrs)}>{inner}</font>" if attrs else inner

    def _color(self, el: ET.Element) -> str:
        color = styles.color(self.sheet, el.get("color"))
        if color is None:
            raise MarkupError(f"unknown colour '{el.get('color')}'", element=el)
        return f'color="#{color.hexval()[2:]}"'

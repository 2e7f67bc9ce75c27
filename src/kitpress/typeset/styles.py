"""A style sheet (layout.stylesheet) as reportlab sees it: paragraph styles at any scale, colours
for text and for areas (paler when saving ink), and hyphenation by language."""

from __future__ import annotations

import hashlib
import marshal
from functools import lru_cache
from pathlib import Path

from reportlab.lib.colors import Color, HexColor
from reportlab.lib.enums import TA_CENTER, TA_JUSTIFY, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle

from kitpress import usercache
from kitpress.typeset import direction, fonts
from kitpress.layout.stylesheet import StyleSheet, style_number

ALIGN = {"left": TA_LEFT, "center": TA_CENTER, "right": TA_RIGHT, "justify": TA_JUSTIFY}  # layout's ALIGNS
# A right-to-left language mirrors alignment: a layout's left is where lines start, its right where they end
ALIGN_RTL = {**ALIGN, "left": TA_RIGHT, "right": TA_LEFT}


def color(sheet: StyleSheet, value):
    """A colour for text and lines. Saving ink, light text (on what was a dark fill) turns ink."""
    found = _lookup(sheet, value)
    if found is not None and sheet.ink_saver and _luminance(found) > 0.75:
        return _lookup(sheet, "ink") or HexColor("#1f2328")
    return found


def fill(sheet: StyleSheet, value):
    """A colour for areas. Saving ink, every fill becomes a pale tint of itself."""
    found = _lookup(sheet, value)
    if found is None or not sheet.ink_saver:
        return found
    return Color(*(1 - 0.12 * (1 - channel) for channel in (found.red, found.green, found.blue)))


def _lookup(sheet: StyleSheet, value):
    if value is None or value == "none":
        return None
    value = str(value)
    value = sheet.colors.get(value, value)
    if not value.startswith("#"):
        return None
    try:
        return HexColor(value)
    except ValueError:  # '#zz': no colour, like a name that is not in the palette
        return None


def para(
    sheet: StyleSheet, name: str, scale: float = 1.0, align: str | None = None, text_color: str | None = None
) -> ParagraphStyle:
    """A named style at a scale, as reportlab's ParagraphStyle (made once for each)."""
    return _para(sheet, name, round(scale, 4), align, text_color)


@lru_cache(maxsize=4096)
def _para(sheet: StyleSheet, name: str, scale: float, align, text_color) -> ParagraphStyle:
    spec = sheet.specs[name]
    own_size = style_number(spec, "size", 9)
    size = own_size * scale
    font = fonts.face_name(spec.get("font", fonts.MAIN), bool(spec.get("bold")), bool(spec.get("italic")))
    style = _para_style(sheet, name, spec, own_size, size, scale, font, align, text_color)
    if direction.right_to_left(sheet.lang):  # lines start on the right, indents there too
        style.alignment = ALIGN_RTL[align or spec.get("align", "left")]
        style.leftIndent, style.rightIndent = style.rightIndent, style.leftIndent
        style.wordWrap = "RTL"
    elif direction.cjk_breaks(sheet.lang):  # lines break between characters (not after 、。 before 」)
        style.wordWrap, style.hyphenationLang = "CJK", ""
    cjk = direction.cjk_family(sheet.lang)
    if cjk is not None:
        style.cjk_family = cjk  # the CJK font that draws its Han, Kana or Hangul (typeset.fonts)
    return style


def _para_style(sheet, name, spec, own_size, size, scale, font, align, text_color) -> ParagraphStyle:
    return ParagraphStyle(
        f"{name}@{scale}",
        fontName=font,
        fontSize=size,
        leading=style_number(spec, "leading", own_size * 1.25) * scale,
        textColor=color(sheet, text_color or spec.get("color", "ink")),
        alignment=ALIGN[align or spec.get("align", "left")],
        spaceBefore=style_number(spec, "space_before") * scale,
        spaceAfter=style_number(spec, "space_after") * scale,
        leftIndent=style_number(spec, "indent") * scale,
        bulletIndent=style_number(spec, "bullet_indent") * scale,
        firstLineIndent=style_number(spec, "first_indent") * scale,
        bulletFontName=font,
        bulletFontSize=size,
        textTransform="uppercase" if spec.get("upper") else None,
        splitLongWords=0,
        spaceShrinkage=0,  # no line may run long by squeezing its spaces: the fit check stays exact
        # body text hyphenates in narrow boxes; titles and headings keep their words whole
        hyphenationLang=hyphenator(sheet.lang) if own_size <= 11 and not spec.get("upper") and spec.get("hyphenate", True) else "",
        keepWithNext=int(bool(spec.get("keep_with_next"))),
        allowWidows=0,
        allowOrphans=0,
        # a word with its own hyphen ('double-talk') is never broken: reportlab keeps such a break
        # only until the lines are broken again (a paragraph split over a page, a second pass), and
        # then prints 'doubletalk', 'landedwish-ing' or 'luck- -of-birth'
        embeddedHyphenation=0,
        uriWasteReduce=0.3,
    )


@lru_cache(maxsize=1024)
def room_for_large(style: ParagraphStyle) -> ParagraphStyle:
    """The style with lines as tall as their largest letters (reportlab's autoLeading 'max'):
    for a paragraph holding an icon or a span larger than its leading, which would otherwise
    print over the line above."""
    return ParagraphStyle(f"{style.name}+room", parent=style, autoLeading="max")


def light_text(sheet: StyleSheet, name: str) -> bool:
    """Whether a style's text is light (white, say): unreadable on the paper without a fill."""
    found = color(sheet, sheet.specs[name].get("color", "ink")) if sheet.has(name) else None
    return found is not None and _luminance(found) > 0.8


def _luminance(color) -> float:
    return 0.2126 * color.red + 0.7152 * color.green + 0.0722 * color.blue


@lru_cache(maxsize=None)
def hyphenator(lang: str):
    """pyphen's hyphenation for a language, made once (given a language name instead, reportlab
    makes a new one for every paragraph); '' for none."""
    code = hyphenation_language(lang)
    return _Hyphenator(code) if code else ""


class _Hyphenator:
    """Loads its dictionary (50 ms) the first time a word needs breaking: many files never do."""

    made: list[_Hyphenator] = []

    def __init__(self, code: str):
        self.code, self._iterate = code, None
        _Hyphenator.made.append(self)

    def __call__(self, word: str):
        if "-" in word:
            return ()  # a compound stays whole: see embeddedHyphenation in _para_style()
        return self.load()(word)

    def load(self):
        if self._iterate is None:
            import pyphen

            path = pyphen.LANGUAGES[self.code]
            if path not in pyphen.hdcache:
                pyphen.hdcache[path] = _patterns(path)
            self._iterate = pyphen.Pyphen(lang=self.code).iterate
        return self._iterate

    def __deepcopy__(self, memo):  # styles are copied; one hyphenator per language is enough
        return self


def _patterns(path: Path):
    """pyphen's patterns for a dictionary file, parsed once per version of the file and kept
    in the user's cache (as marshal data, which cannot run code): parsing them is 50 ms of
    every build, loading them 4 ms."""
    import pyphen

    data = path.read_bytes()
    folder = usercache.folder("hyphenation")
    cached = folder / f"{path.stem}-{hashlib.sha256(data).hexdigest()[:20]}-{pyphen.VERSION}.marshal" if folder else None
    if cached is not None and cached.is_file():
        try:
            patterns, maxlen = marshal.loads(cached.read_bytes())
            if isinstance(patterns, dict) and isinstance(maxlen, int):
                found = pyphen.HyphDict.__new__(pyphen.HyphDict)
                found.patterns, found.cache, found.maxlen = patterns, {}, maxlen
                return found
        except (OSError, EOFError, ValueError, TypeError):
            pass  # parsed again below
    parsed = pyphen.HyphDict(path)
    plain = all(type(v) is int for _, values in parsed.patterns.values() for v in values)
    if cached is not None and plain:  # nonstandard breaks (hu: 'ssz=sz') are objects: not kept
        usercache.write(cached, marshal.dumps((parsed.patterns, parsed.maxlen)))
    return parsed


def load_hyphenators() -> None:
    """Load the dictionaries of the languages in use now, before worker processes are forked:
    each would load its own copy otherwise."""
    for made in _Hyphenator.made:
        made.load()


def hyphenation_language(lang: str) -> str:
    """pyphen's dictionary for a language code ('es', 'ru', 'es-MX'), or '' for none."""
    if not lang:
        return ""
    import pyphen

    for code in (lang.replace("-", "_"), lang.split("-")[0]):
        found = pyphen.language_fallback(code)
        if found:
            return found
    return ""

"""Writing direction and scripts: right-to-left text (Arabic, Hebrew) shaped and put in visual
order, and CJK text's font and line breaking.

How Arabic is shaped (typeset.arabic, as fonts give Arabic runs their family): arabic-reshaper gives each letter its joining form (initial, medial,
final, isolated) and the lam-alef ligatures as Unicode's presentation forms (U+FB50-FEFF), which
Noto Sans Arabic maps in its cmap, so they are written through kitpress's stable encoding like
any other character (typeset.stablefont). HarfBuzz's glyphs would be finer (mark positioning) but
3 % of them (of every letter in every position) have no cmap entry, and reportlab's own shaping
numbers those in the order a process first uses them, which the stable encoding cannot keep.

How lines are ordered: reportlab breaks a paragraph into lines in logical order (widths do not
depend on order), and each line is put in visual order only as it is drawn, by the Unicode
bidirectional algorithm (python-bidi's, which gives each character's place: a bold word or a
coloured one keeps its style); numbers and Latin words inside right-to-left text stay left to
right. A paragraph split across pages is split in logical order, as any other."""

from __future__ import annotations

import re
from functools import lru_cache

from kitpress.content.i18n.scripts import CJK_FAMILY_OF_SCRIPT, script_of

_RTL = re.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]")  # Hebrew, Arabic, Syriac, Thaana, N'Ko… and their forms
_CJK_BREAKS = {"Hans", "Hani", "Hant", "Bopo", "Jpan", "Hira", "Kana"}  # no spaces between words
_OBJECT = "\ufffc"  # an image or anchor in a line: a neutral in the algorithm
# A run of Latin words inside right-to-left text is one left-to-right unit, as a reader takes it: a
# command (`--flip short`, `kitpress printer save NAME --back-offset -1.5,0.5`), a name. Left to the
# algorithm alone, the dashes before a word are weak and settle on the right-to-left side ("flip
# short--"). A run holds a Latin letter, starts at a sign, letter or digit and ends at a letter,
# digit or % (or a bracketed group after it, "A1 (2×2)", whose brackets the algorithm, without
# the pairing rule, would split), so other brackets and the sentence's own full stop stay outside it. Numbers alone are left
# to the algorithm, as a browser leaves them (embedding each would turn "9 (7)" inside out).
_LATIN_WORD = r"[-−+]*[A-Za-z0-9\u00c0-\u024f](?:[A-Za-z0-9\u00c0-\u024f.,:/_%'’+\-−]*[A-Za-z0-9\u00c0-\u024f%])?"
_BRACKETED = r"\([^()\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]*\)"  # "A1 (2×2)": the brackets go with it
_LATIN_RUN = re.compile(rf"{_LATIN_WORD}(?: +(?:{_LATIN_WORD}|{_BRACKETED}))*")
_LETTER = re.compile(r"[A-Za-z\u00c0-\u024f]")
_LRE, _PDF = "\u202a", "\u202c"  # left-to-right embedding (the algorithm removes both marks)


@lru_cache(maxsize=64)
def _script(lang: str):
    if not lang:
        return None
    try:
        return script_of(lang)
    except Exception:  # noqa: BLE001 - a code CLDR cannot read: left-to-right, no CJK
        return None


def right_to_left(lang: str) -> bool:
    script = _script(lang)
    return bool(script and script.right_to_left)


def cjk_family(lang: str) -> str | None:
    """The CJK family a language's text is drawn in, if it is written in Han, Kana or Hangul."""
    script = _script(lang)
    return CJK_FAMILY_OF_SCRIPT.get(script.code) if script else None


def cjk_breaks(lang: str) -> bool:
    """Whether lines break between any two characters (Chinese, Japanese), not at spaces."""
    script = _script(lang)
    return bool(script and script.code in _CJK_BREAKS)


def has_rtl(text: str) -> bool:
    """Whether `text` holds a right-to-left letter (one scan in C: every paragraph of a kit asks)."""
    return _RTL.search(text) is not None


# ---- visual order ----------------------------------------------------------------------------


def visual(text: str, base: str) -> list[tuple[int, str]]:
    """The characters of one line in the order they are drawn, left to right, each with its
    place in `text` (mirrored where the algorithm mirrors it: '(' in right-to-left text).
    `base` is the paragraph's direction, 'R' or 'L'."""
    from bidi import algorithm as uba  # python-bidi's algorithm, which keeps each character's place

    origin = list(range(len(text)))
    if base == "R" and _LATIN_RUN.search(text):
        text, origin = _embedded(text)
    storage = uba.get_empty_storage()
    storage["base_level"], storage["base_dir"] = (1, "R") if base == "R" else (0, "L")
    uba.get_embedding_levels(text, storage)
    for index, char in enumerate(storage["chars"]):
        char["at"] = index
    uba.explicit_embed_and_overrides(storage)
    uba.resolve_weak_types(storage)
    uba.resolve_neutral_types(storage, False)
    uba.resolve_implicit_levels(storage, False)
    uba.reorder_resolved_levels(storage, False)
    uba.apply_mirroring(storage, False)
    return [(origin[char["at"]], char["ch"]) for char in storage["chars"]]


def _embedded(text: str) -> tuple[str, list[int]]:
    """`text` with each run of Latin words embedded left to right, and where each of
    its characters stands in `text` (the marks, which the algorithm drops, at their run's edge)."""
    out, origin, last = [], [], 0
    for run in _LATIN_RUN.finditer(text):
        if not _LETTER.search(run.group(0)):
            continue  # numbers: the algorithm's own rules
        start, end = run.span()
        out += [text[last:start], _LRE, run.group(0), _PDF]
        origin += [*range(last, start), start, *range(start, end), end - 1]
        last = end
    out.append(text[last:])
    origin += range(last, len(text))
    return "".join(out), origin


def _visual_words(words: list[str], base: str) -> list[str]:
    return "".join(char for _, char in visual(" ".join(words), base)).split(" ")


def _visual_frags(frags: list, base: str) -> list:
    """A line's fragments (each a run of one style) in visual order, cut where the order cuts them."""
    owner, text = [], []
    for index, frag in enumerate(frags):
        piece = _OBJECT if hasattr(frag, "cbDefn") else frag.text
        owner += [index] * len(piece)
        text.append(piece)
    out, run, current = [], [], None

    def close():
        frag = frags[current]
        out.append(frag if hasattr(frag, "cbDefn") else frag.clone(text="".join(run)))
        run.clear()

    for at, char in visual("".join(text), base):
        if run and owner[at] != current:
            close()
        current = owner[at]
        run.append(char)
    if run:
        close()
    return out


class Bidi:
    """A paragraph drawn in visual order: its lines, broken in logical order, reordered as they
    are drawn (and given back as they were: a split or a second drawing sees them unchanged)."""

    base = "R"

    def drawPara(self, debug=0):  # noqa: N802 - reportlab's name
        logical = self.blPara
        self.blPara = self._visual_lines(logical)
        try:
            return super().drawPara(debug)
        finally:
            self.blPara = logical

    def _visual_lines(self, para):
        shown = para.clone() if hasattr(para, "clone") else para
        if para.kind == 0:
            shown.lines = [(extra, _visual_words(list(words), self.base)) for extra, words in para.lines]
        else:
            reverse = self.style.wordWrap == "RTL"  # reportlab turns such lines round as it draws them
            shown.lines = []
            for line in para.lines:
                copy = line.clone() if hasattr(line, "clone") else line
                words = _visual_frags(list(line.words), self.base)
                copy.words = words[::-1] if reverse else words
                shown.lines.append(copy)
        return shown


@lru_cache(maxsize=None)
def bidi_class(kind: type, base: str) -> type:
    """`kind` (a Paragraph class) drawing its lines in visual order, in a paragraph of direction `base`."""
    return type(f"Bidi{base}{kind.__name__}", (Bidi, kind), {"base": base})


def needs_bidi(text: str, style) -> str | None:
    """The base direction a paragraph is drawn in if it needs reordering: 'R' for right-to-left
    text in a right-to-left style, 'L' for a left-to-right paragraph holding right-to-left
    letters, or for one with none in a right-to-left style (a text that falls back to English
    keeps its full stop at its end, aligned as the language is); None for plain LTR text."""
    rtl = has_rtl(text)
    if getattr(style, "wordWrap", None) == "RTL":
        return "R" if rtl else "L"
    return "L" if rtl else None


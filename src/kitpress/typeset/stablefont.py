"""A TrueType face whose bytes in a content stream do not depend on the document.

reportlab's TTFont numbers a font's characters in the order a document first uses them (the
first 256 distinct ones are subset 0, and so on), so the same line of text is written as other
bytes in another document. Here every character the face maps has one place, fixed by the face
alone: subset 0 holds ASCII at its own codes and, around it, Latin-1 and the punctuation, symbols
and currency signs text mostly needs; the rest of the face follows in code-point order, 254
characters a subset (code 0 is .notdef and code 32 the space in every subset, so word spacing
works in each). A face's drawn text can then be kept and written into any document as it is
(render/facecache), which is what lets an unchanged card be drawn once for every paper and
every build.

A document embeds only the subsets its text used, each holding only the glyphs it used
(reportlab's subsetter, given the codes it did not use as .notdef), under a tag made from that
set, so two subsets that differ never share a name.
"""

from __future__ import annotations

import hashlib
import zlib
from contextlib import contextmanager
from fnmatch import fnmatch
from pathlib import Path
from typing import Iterator, NamedTuple
from weakref import WeakKeyDictionary

from reportlab import rl_config
from reportlab.pdfbase import pdfdoc
from reportlab.pdfbase.ttfonts import FF_NONSYMBOLIC, FF_SYMBOLIC, TTEncoding, TTFont, unShapedFontGlob

from kitpress.typeset import keptfaces

# subset 0, around ASCII: what Latin-script text and the games' numbers need most
_FIRST = (
    [chr(c) for c in range(0xA1, 0x100)]  # Latin-1: accented letters, ¡¿«»°±×÷ £¥ …
    + list("ŒœŠšŸŽžƒˆ˜")
    + [chr(c) for c in range(0x2010, 0x2028)]  # dashes, quotes, daggers, bullet, ellipsis
    + [chr(c) for c in range(0x2030, 0x203B)]  # per mille, primes, guillemets
    + list("⁄€₽₴₹№™←↑→↓−≠≤≥∞")
)
_SLOTS0 = list(range(1, 32)) + list(range(127, 256))  # subset 0's codes that ASCII leaves free
_SPLIT_CACHE = 50_000  # texts kept encoded per face: about 5 MB at most
_recording: list | None = None  # (font name, text) of everything written while a face is kept


@contextmanager
def recording() -> Iterator[list[tuple[str, str]]]:
    """The texts every StableFont writes inside this block, with their font's name."""
    global _recording
    outer, _recording = _recording, []
    try:
        yield _recording
    finally:
        if outer is not None:
            outer.extend(_recording)
        _recording = outer


def note(font: str, text: str) -> None:
    """Text a drawing written again uses (a kept frame inside a face being kept): recorded as if
    it were written."""
    if _recording is not None:
        _recording.append((font, text))


class Layout:
    """Where each character of one font file sits: (subset, code), fixed by its cmap alone."""

    def __init__(self, char_to_glyph: dict[int, int]):
        mapped = set(char_to_glyph).difference((0xFFFF, 0xA0, 0))
        places: dict[int, tuple[int, int]] = {c: (0, c) for c in range(32, 127) if c in mapped}
        first = [ord(ch) for ch in _FIRST if ord(ch) in mapped]
        places.update((c, (0, code)) for code, c in zip(_SLOTS0, first))
        rest = sorted(mapped.difference(places))
        free = [code for code in range(1, 256) if code != 32]
        places.update((c, (1 + i // len(free), free[i % len(free)])) for i, c in enumerate(rest))
        places[0xA0] = places[32] = (-1, 32)  # a space is the space of whichever subset it is in
        self.places = {chr(c): place for c, place in places.items()}
        # the common case in one C call: text wholly in subset 0, written by str.translate
        self.in_first = frozenset(ch for ch, (subset, _) in self.places.items() if subset <= 0)
        self.first_codes = {ord(ch): code for ch, (subset, code) in self.places.items() if subset <= 0}


class _DocState:
    __slots__ = ("used", "internal")

    def __init__(self):
        self.used: set[str] = set()
        self.internal: str | None = None


class StableFont(TTFont):
    """A TTFont that writes each character as the same bytes in every document."""

    def __init__(self, name: str, filename: str):
        # TTFont.__init__, with the face read from the user's cache when it was read before
        self.fontName, self.face, self.encoding = name, keptfaces.face(Path(filename)), TTEncoding()
        self.state = WeakKeyDictionary()
        self._asciiReadable = rl_config.ttfAsciiReadable
        self.shapable = not any(fnmatch(name, pattern) for pattern in unShapedFontGlob)
        self.face.stable_layout = Layout(self.face.charToGlyph)  # shared by aliases of the same file
        self.split_cache: dict[str, list] = {}

    def _doc_state(self, doc) -> _DocState:
        try:
            return self.state[doc]
        except KeyError:
            state = self.state[doc] = _DocState()
            return state

    def splitString(self, text, doc, encoding="utf-8"):
        """The text's runs as (subset, bytes); a space or a character the face lacks (.notdef)
        stays in the run around it, since every subset has both."""
        if not isinstance(text, str):
            text = text.decode("utf-8")
        self._doc_state(doc).used.update(text)
        if _recording is not None:
            _recording.append((self.fontName, text))
        runs = self.split_cache.get(text)
        if runs is None:
            runs = self._encode(text)
            if len(self.split_cache) >= _SPLIT_CACHE:
                self.split_cache.clear()
            self.split_cache[text] = runs
        return runs

    def _encode(self, text: str) -> list[tuple[int, bytes]]:
        layout = self.face.stable_layout
        if layout.in_first.issuperset(text):
            return [(0, text.translate(layout.first_codes).encode("latin-1"))]
        places = layout.places
        runs: list[tuple[int, bytearray]] = []
        current, out = -1, bytearray()
        for ch in text:
            subset, code = places.get(ch, (-1, 0))
            if subset >= 0 and subset != current:
                if current >= 0:
                    runs.append((current, out))
                    out = bytearray()
                current = subset  # spaces before the first letter join its run
            out.append(code)
        if out:
            runs.append((max(current, 0), out))
        return [(subset, bytes(chunk)) for subset, chunk in runs]

    def getSubsetInternalName(self, subset, doc):
        state = self._doc_state(doc)
        if state.internal is None:
            state.internal = _internal_name(self.fontName, doc)
            doc.fontMapping[self.fontName] = "/" + state.internal
            doc.delayedFonts.append(self)
        return f"/{state.internal}+{subset}"

    def use(self, doc, chars: str) -> None:
        """Text drawn into `doc` from elsewhere (a kept face): embed its glyphs."""
        state = self._doc_state(doc)
        state.used.update(chars)
        if state.internal is None:
            self.getSubsetInternalName(0, doc)

    def addObjects(self, doc):
        """One simple TrueType font a subset the document used, with the glyphs it used."""
        state = self._doc_state(doc)
        places = self.face.stable_layout.places
        subsets: dict[int, dict[int, int]] = {0: {}}  # runs of spaces alone are written in subset 0
        for ch in state.used:
            subset, code = places.get(ch, (-1, 0))
            if subset >= 0:  # not a space, nor a character the face lacks (drawn as .notdef)
                subsets.setdefault(subset, {})[code] = ord(ch)
        for n, codes in sorted(subsets.items()):
            codes.setdefault(32, 32)  # every subset's space: what word spacing counts on
            self._add_subset(doc, state.internal, n, codes)
        del self.state[doc]

    def _add_subset(self, doc, internal: str, n: int, codes: dict[int, int]) -> None:
        name = f"{internal}+{n}"
        top = max(codes)
        unicodes = [codes.get(code, 0) for code in range(top + 1)]  # unused codes: .notdef
        tag = _tag(self.fontName, n, unicodes)
        base = (tag + b"+" + self.face.name + self.face.subfontNameX).decode("pdfdoc")
        font = pdfdoc.PDFTrueTypeFont()
        font.__Comment__ = f"Font {self.fontName} subset {n}"
        font.Name, font.BaseFont = name, base
        font.FirstChar, font.LastChar = 0, top
        parts = _subset_parts(self.face, base, codes, tuple(unicodes), bool(doc.compression), doc)
        font.Widths = parts.widths
        cmap = pdfdoc.PDFStream()
        cmap.content = parts.to_unicode
        if doc.compression:  # compressed already: reportlab's stream adds no filter of its own then
            cmap.dictionary["Filter"] = pdfdoc.PDFArray([pdfdoc.PDFName(pdfdoc.PDFZCompress.pdfname)])
        font.ToUnicode = doc.Reference(cmap, "toUnicodeCMap:" + base)
        font.FontDescriptor = _descriptor(doc, self.face, base, parts)
        doc.Reference(font, name)
        doc.idToObject["BasicFonts"].dict[name] = font


def _descriptor(doc, face, base: str, parts: _Parts):
    """reportlab's TTFontFace.addSubsetObjects, with the subset's font file as `_subset_parts`
    made it. The same bytes as reportlab's: its stream applies no filter of its own to content
    whose Filter is already set."""
    font_file = pdfdoc.PDFStream()
    font_file.content = parts.font_file
    font_file.dictionary["Length1"] = parts.length
    if doc.compression:
        font_file.dictionary["Filter"] = pdfdoc.PDFArray([pdfdoc.PDFName(pdfdoc.PDFZCompress.pdfname)])
    font_file_ref = doc.Reference(font_file, f"fontFile:{face.filename}({base})")
    flags = (face.flags & ~FF_NONSYMBOLIC) | FF_SYMBOLIC
    descriptor = pdfdoc.PDFDictionary({
        "Type": "/FontDescriptor", "Ascent": face.ascent, "CapHeight": face.capHeight, "Descent": face.descent,
        "Flags": flags, "FontBBox": pdfdoc.PDFArray(face.bbox), "FontName": pdfdoc.PDFName(base),
        "ItalicAngle": face.italicAngle, "StemV": face.stemV, "FontFile2": font_file_ref,
        "MissingWidth": face.defaultWidth,
    })  # fmt: skip
    return doc.Reference(descriptor, "fontDescriptor:" + base)


class _Written(pdfdoc.PDFObject):
    """A PDF value written once (it names no other object), written again as it is."""

    def __init__(self, data: bytes):
        self.data = data

    def format(self, document):
        return self.data


class _Parts(NamedTuple):
    widths: _Written
    to_unicode: bytes | str  # compressed when its document is
    length: int  # of the font file before compression
    font_file: bytes


_PARTS: dict[tuple, _Parts] = {}
_PARTS_KEPT = 512  # subsets; a kit embeds a few dozen, of some tens of kilobytes each


def _subset_parts(face, base: str, codes: dict[int, int], unicodes: tuple[int, ...], compressed: bool, doc) -> _Parts:
    """What a subset embeds that names no other object, made once a process (each paper of a
    kit and each batch of a deck embeds the same subsets again): its widths, written; its
    ToUnicode map and its font file, compressed if asked. Making and compressing the font files
    was 3 % of `make kit`, writing the widths and maps 2 % of drawing a 5,000-card deck. The
    same bytes as reportlab writes."""
    key = (face.filename, face.subfontNameX, base, unicodes, compressed)
    found = _PARTS.get(key)
    if found is None:
        widths = _Written(pdfdoc.PDFArray([face.getCharWidth(u) for u in unicodes]).format(doc))
        to_unicode = _to_unicode(base, codes)
        raw = face.makeSubset(list(unicodes))
        found = _Parts(
            widths,
            pdfdoc.PDFZCompress.encode(to_unicode) if compressed else to_unicode,
            len(raw),
            zlib.compress(raw) if compressed else raw,
        )
        if len(_PARTS) >= _PARTS_KEPT:
            _PARTS.clear()
        _PARTS[key] = found
    return found


def _internal_name(font_name: str, doc) -> str:
    """The font's resource name: its face name, the same in every document (reportlab's are F1,
    F2… in the order of first use)."""
    base = "K" + "".join(ch if ch.isascii() and (ch.isalnum() or ch == "-") else "_" for ch in font_name)
    taken = set(doc.fontMapping.values())
    name, extra = base, 1
    while "/" + name in taken:  # two face names alike once cleaned: not stable, but distinct
        extra += 1
        name = f"{base}_{extra}"
    return name


def _tag(font_name: str, subset: int, unicodes: list[int]) -> bytes:
    """Six capitals that name this set of glyphs (PDF 9.6.4: a subset's tag)."""
    raw = hashlib.sha1(f"{font_name}:{subset}:{unicodes}".encode()).digest()
    return bytes(65 + b % 26 for b in raw[:6])


def _to_unicode(name: str, codes: dict[int, int]) -> str:
    lines = [
        "/CIDInit /ProcSet findresource begin",
        "12 dict begin",
        "begincmap",
        f"/CIDSystemInfo << /Registry ({name}) /Ordering ({name}) /Supplement 0 >> def",
        f"/CMapName /{name} def",
        "/CMapType 2 def",
        "1 begincodespacerange",
        "<00> <FF>",
        "endcodespacerange",
    ]
    pairs = sorted(codes.items())
    for start in range(0, len(pairs), 100):  # at most 100 entries a block (PDF's CMap limit)
        chunk = pairs[start : start + 100]
        lines.append(f"{len(chunk)} beginbfchar")
        lines += [f"<{code:02X}> <{_utf16(uni)}>" for code, uni in chunk]
        lines.append("endbfchar")
    lines += ["endcmap", "CMapName currentdict /CMap defineresource pop", "end", "end"]
    return "\n".join(lines)


def _utf16(code_point: int) -> str:
    return chr(code_point).encode("utf-16-be", "surrogatepass").hex().upper()

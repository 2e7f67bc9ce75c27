"""The PDFs kitpress writes, joined by copying their objects as bytes.

qpdf (render/pagecopy) joins any PDF, and copies each page and what it uses object by object:
joining a 600-card deck's seven batches took 10-11 ms, a third of a one-card edit under
`kitpress watch`, and writing kit.pdf from it 8 ms more. The files kitpress joins are its own,
written by reportlab or by qpdf, and simple: one classic cross-reference table, no object
streams, no encryption, one page tree whose pages inherit nothing. Such objects can be copied as
they are written, their references renumbered and each page's parent set to the new tree: the
same pages in 3 ms. Content streams are copied untouched (they name resources, not objects).
An object the joined file holds already, byte for byte, is shared rather than copied again:
the fonts, pictures and card backs its parts embed alike.

A file of any other kind raises NotPlain before anything is written; the caller joins it with
qpdf. What is copied is what the pages reach, as qpdf copies: a source's catalog, page tree and
document information are left behind, and the joined file gets its own."""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field

# compiled where first used (each costs 0.1-0.3 ms to compile): a reference of a later
# generation, or an R that the quick cut cannot place, is not seen in kitpress's files
_REF = rb"(?<![\w./#+-])(\d+) (\d+) R(?![\w#])"
_DIGITS = b"0123456789"
_BEFORE_NUMBER = frozenset(b" \t\r\n\x00\x0c[<>]")  # what may come before a reference's number
_AFTER_R = frozenset(b" \t\r\n\x00\x0c/[]<>(%")  # and after its R
_SPACE = frozenset(b" \t\r\n\x00\x0c")
_STRING_OR_COMMENT = re.compile(rb"[(%]")
_IN_STRING = re.compile(rb"\\.|[()]", re.S)
_PAGE = re.compile(rb"/Type\s*/Page(?![\w#])")
_INHERITED = re.compile(rb"/(?:Resources|MediaBox|CropBox|Rotate)(?![\w#])")
_KIDS = re.compile(rb"/Kids\s*\[([^\]]*)\]")
_LANG = re.compile(rb"/Lang\s*\(([A-Za-z0-9-]*)\)")
_INFO_ENTRY = re.compile(rb"\s*(/[A-Za-z][\w.#-]*)\s*(\((?:[^()\\]|\\.)*\)|<[0-9A-Fa-f\s]*>|/[\w.#-]+|[-+.\d]+|true|false)", re.S)
_BINARY_LINE = b"%\xbf\xf7\xa2\xfe\n"  # tells a file reader the file is binary (PDF 32000, 7.5.2)


class NotPlain(Exception):
    """A file this module does not join: qpdf does."""


@dataclass
class Source:
    """A PDF as written: each object's bytes after `N 0 obj`, up to its `endobj`."""

    version: tuple[int, int]
    objects: dict[int, bytes]
    root: int
    info: int | None
    pages: int  # the page tree
    kids: list[int] = field(default_factory=list)


def read(data: bytes) -> Source:
    """A PDF of the plain kind (see the module's note); NotPlain otherwise."""
    if not data.startswith(b"%PDF-1.") or not data[7:8].isdigit():
        raise NotPlain("not a PDF 1.x file")
    start = data.rfind(b"startxref")
    if start < 0:
        raise NotPlain("no startxref")
    try:
        xref_at = int(data[start + 9 :].split(None, 1)[0])
    except (ValueError, IndexError):
        raise NotPlain("a damaged startxref") from None
    words = data[xref_at : xref_at + 32].split(None, 3)  # xref, 0, the count: one subsection, from 0
    if len(words) < 4 or words[0] != b"xref" or words[1] != b"0" or not words[2].isdigit():
        raise NotPlain("not one classic cross-reference table")
    count, at = int(words[2]), data.find(b"\n", data.index(words[2], xref_at)) + 1  # the entries, 20 bytes each
    if not at:
        raise NotPlain("a cross-reference table cut short")
    offsets = []
    for number in range(count):
        entry = data[at + 20 * number : at + 20 * number + 20]
        if not (entry[:10].isdigit() and entry[10:11] == b" " and entry[11:16].isdigit() and entry[17:18] in (b"n", b"f")):
            raise NotPlain("a damaged cross-reference entry")
        if entry[17:18] == b"n":
            if entry[11:16] != b"00000":
                raise NotPlain("an object of a later generation (an updated file)")
            offsets.append((int(entry[:10]), number))
    after = at + 20 * count
    opening, closing = data.find(b"trailer", after), data.find(b"startxref", after)
    trailer = data[opening + len(b"trailer") : closing].strip()
    if opening < 0 or data[after:opening].strip() or not (trailer.startswith(b"<<") and trailer.endswith(b">>")):
        raise NotPlain("no trailer after the table")
    described = _outside_strings(trailer[2:-2])
    if any(key in described for key in (b"/Prev", b"/Encrypt", b"/XRefStm")):
        raise NotPlain("an updated, encrypted or hybrid file")
    refs = dict(re.findall(rb"/(Root|Info)\s+(\d+)\s+0\s+R", described))
    if b"Root" not in refs:
        raise NotPlain("no catalog")
    objects = _objects(data, sorted(offsets), xref_at)
    root = int(refs[b"Root"])
    info = int(refs[b"Info"]) if b"Info" in refs else None
    tree_ref = re.search(rb"/Pages\s+(\d+)\s+0\s+R", _outside_strings(_dictionary(objects, root)))
    if tree_ref is None:
        raise NotPlain("a catalog without its page tree")
    pages = int(tree_ref[1])
    tree = _outside_strings(_dictionary(objects, pages))
    if _INHERITED.search(tree):
        raise NotPlain("a page tree that passes attributes down to its pages")
    kids = _KIDS.search(tree)
    if kids is None:
        raise NotPlain("a page tree without its kids")
    source = Source((1, int(data[7:8])), objects, root, info, pages)
    for kid in _references(kids[1]):
        if not _PAGE.search(_outside_strings(_dictionary(objects, kid))):
            raise NotPlain("a page tree of more than one level")
        source.kids.append(kid)
    return source


def lang(source: Source) -> str:
    """The language its catalog names ('' for none)."""
    catalog = _outside_strings(_dictionary(source.objects, source.root))
    if b"/Lang" not in catalog:
        return ""
    found = _LANG.search(_dictionary(source.objects, source.root))
    if found is None:
        raise NotPlain("a language written otherwise than as a plain string")
    return found[1].decode("ascii")


def info(source: Source) -> dict[bytes, bytes]:
    """Its document information as written: each name, and its value's bytes."""
    if source.info is None:
        return {}
    body = _dictionary(source.objects, source.info).strip()
    if not (body.startswith(b"<<") and body.endswith(b">>")):
        raise NotPlain("document information that is not a dictionary")
    entries, at, inner = {}, 0, body[2:-2]
    while inner[at:].strip():
        entry = _INFO_ENTRY.match(inner, at)
        if entry is None:
            raise NotPlain("document information with more than names, strings and numbers")
        entries[entry[1]] = entry[2]
        at = entry.end()
    return entries


def text(value: str) -> bytes:
    """A PDF text string: as written when it is printable ASCII, else UTF-16 with its mark."""
    if value.isascii() and value.isprintable():
        return b"(" + value.encode("ascii").replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)") + b")"
    return b"<" + ("\ufeff" + value).encode("utf-16-be").hex().upper().encode("ascii") + b">"


def join(sources: list[Source], described: dict[bytes, bytes], lang: str) -> tuple[bytes, int]:
    """One PDF of every page of `sources` in order, with `described` as its document information,
    `lang` its language, and printing at 100 % its viewer preference; and its page count. The
    same sources give the same bytes (its file identifier is a digest of them)."""
    data, joined = joined_source(sources, described, lang)
    return data, len(joined.kids)


def joined_source(sources: list[Source], described: dict[bytes, bytes], lang: str) -> tuple[bytes, Source]:
    """`join`'s bytes, and what `read` would make of them, without reading them again (a file
    joined into another one: a deck's cards.pdf into kit.pdf)."""
    out = _Writer(max(source.version for source in sources))
    kept = max((source for source in sources if _joined_here(source)), key=lambda source: len(source.objects), default=None)
    if kept is not None:  # its objects keep their numbers: copied as written, nothing renumbered
        for number in sorted(kept.objects):
            if number > _INFO:
                out.put(number, kept.objects[number])
        out.next = max(kept.objects) + 1
    kids = []
    for source in sources:
        kids += list(source.kids) if source is kept else _copy(source, out)
    count = len(kids)
    listed = b" ".join(b"%d 0 R" % kid for kid in kids)
    out.put(_PAGES, b"<< /Type /Pages /Count %d /Kids [ %s ] >>" % (count, listed))
    out.put(_CATALOG, _OWN_CATALOG + (b" /Lang " + text(lang) if lang else b"") + b" >>")
    out.put(_INFO, b"<< " + b" ".join(key + b" " + value for key, value in sorted(described.items())) + b" >>")
    return out.finish(), Source(out.version, out.bodies, _CATALOG, _INFO, _PAGES, kids)


_CATALOG, _PAGES, _INFO = 1, 2, 3  # the joined file's own objects, numbered first
_OWN_CATALOG = b"<< /Type /Catalog /Pages %d 0 R /ViewerPreferences << /PrintScaling /None >>" % _PAGES


def _joined_here(source: Source) -> bool:
    """Whether `join` wrote it (a deck's cards.pdf, joined from its batches): its own objects
    numbered first, every other one reached from its pages and numbered without a gap. Such a
    file's pages can keep their numbers in a file joined from it, and their parent: its page
    tree's number is the joined file's."""
    return (
        (source.root, source.pages, source.info) == (_CATALOG, _PAGES, _INFO)
        and source.objects[_CATALOG].strip().startswith(_OWN_CATALOG)
        and len(source.objects) == max(source.objects)
    )


class _Writer:
    def __init__(self, version: tuple[int, int]):
        self.version = version
        self.chunks = [b"%%PDF-%d.%d\n" % version, _BINARY_LINE]
        self.size = sum(map(len, self.chunks))
        self.offsets: dict[int, int] = {}
        self.bodies: dict[int, bytes] = {}  # each object's bytes between `N 0 obj` and `endobj`, as `read` finds them
        self.written: dict[bytes, int] = {}  # objects copied from a source, by their renumbered bytes
        self.next = _INFO + 1

    def number(self) -> int:
        self.next += 1
        return self.next - 1

    def put(self, number: int, body: bytes) -> None:
        self.put_as_read(number, _as_read(body))

    def put_as_read(self, number: int, body: bytes) -> None:
        """`body` as `read` finds it (_as_read): kept as given, not copied."""
        self.offsets[number] = self.size
        self.bodies[number] = body
        chunk = b"%d 0 obj%sendobj\n" % (number, body)
        self.chunks.append(chunk)
        self.size += len(chunk)

    def finish(self) -> bytes:
        count = self.next
        ident = hashlib.md5(b"".join(self.chunks)).hexdigest().encode("ascii")  # noqa: S324 - an identifier, not a secret
        table = [b"xref\n0 %d\n0000000000 65535 f \n" % count]
        table += [b"%010d 00000 n \n" % self.offsets[number] for number in range(1, count)]
        trailer = b"trailer\n<< /Size %d /Root %d 0 R /Info %d 0 R /ID [<%s><%s>] >>\nstartxref\n%d\n%%%%EOF\n"
        return b"".join([*self.chunks, *table, trailer % (count, _CATALOG, _INFO, ident, ident, self.size)])


def _copy(source: Source, out: _Writer) -> list[int]:
    """Every object the source's pages reach, numbered anew and written; the pages' new numbers.
    An object the same as one an earlier source wrote, once its references are renumbered, is
    not written again but referred to (a font subset two batches of a deck or two files of a kit
    embed alike, a picture, a card back's form): `make kit`'s files were 12 % smaller so, kit.pdf
    15-25 %. Each object is therefore written after what it refers to; a page is never shared."""
    numbers = {source.pages: _PAGES}  # a page's parent is the joined file's tree
    read: dict[int, tuple[bytes, list[bytes] | None, bytes, list[int]]] = {}  # value, cut at its references, stream, references
    pages = set(source.kids)
    reserved: set[int] = set()  # numbered before what they refer to (a cycle): written, never shared
    for kid in source.kids:
        stack, opened = [kid], set()  # depth first, references in the order written: the same order every time
        while stack:
            number = stack[-1]
            if number in numbers and number not in reserved:
                stack.pop()  # written already (reached twice)
                continue
            if number not in opened:  # first its references
                opened.add(number)
                read[number] = _read_object(source, number)
                for ref in read[number][3]:
                    if ref in opened and ref not in numbers:  # refers back to an object on the way here
                        numbers[ref] = out.number()
                        reserved.add(ref)
                stack += [ref for ref in reversed(read[number][3]) if ref not in numbers]
                continue
            stack.pop()
            value, cut, stream, _ = read.pop(number)
            if cut is not None:
                cut[1::2] = [b"%d 0 R" % numbers[int(ref)] for ref in cut[1::2]]
                value = b"".join(cut)
            else:
                value = _renumbered(value, numbers)
            body = _as_read(value + stream)  # one object, in the file's bodies and in `written` (a 20,000-card deck: 7 MB)
            if number in reserved:
                reserved.discard(number)
                out.put_as_read(numbers[number], body)
            elif number not in pages and body in out.written:
                numbers[number] = out.written[body]
            else:
                numbers[number] = out.number()
                out.put_as_read(numbers[number], body)
                if number not in pages:
                    out.written[body] = numbers[number]
    return [numbers[kid] for kid in source.kids]


def _as_read(body: bytes) -> bytes:
    """An object's bytes between `N 0 obj` and `endobj` as written, and as `read` finds them."""
    return b"\n%s\n" % body.strip(b"\r\n")


def _read_object(source: Source, number: int) -> tuple[bytes, list[bytes] | None, bytes, list[int]]:
    if number not in source.objects or number in (source.root, source.info):
        raise NotPlain("a page reaches the catalog, the document information or a missing object")
    value, stream = _split(source.objects[number])
    cut = _cut(value) if _plain(value) and b" R" in value else None  # most objects: cut once, for both
    refs = [int(ref) for ref in cut[1::2]] if cut is not None else _references(_outside_strings(value))
    return value, cut, stream, refs


def _objects(data: bytes, offsets: list[tuple[int, int]], end: int) -> dict[int, bytes]:
    """Each object's bytes between `N 0 obj` and `endobj`, found from where the next one starts."""
    objects = {}
    for index, (offset, number) in enumerate(offsets):
        stop = offsets[index + 1][0] if index + 1 < len(offsets) else end
        header = b"%d 0 obj" % number
        body = data[offset:stop].rstrip()
        if not body.startswith(header) or not body.endswith(b"endobj"):
            raise NotPlain(f"object {number} is not where the table says")
        objects[number] = body[len(header) : -len(b"endobj")]
    return objects


def _dictionary(objects: dict[int, bytes], number: int) -> bytes:
    """An object's bytes before any stream data."""
    try:
        return _split(objects[number])[0]
    except KeyError:
        raise NotPlain(f"a reference to object {number}, which is missing") from None


def _split(body: bytes) -> tuple[bytes, bytes]:
    """An object's value, and its stream from the keyword on (b"" for none): the keyword is the
    first outside a string or comment (stream data may hold anything, and is never read)."""
    at = 0
    while (found := body.find(b"stream", at)) >= 0:  # find first: a regular expression is slower
        if not _keyword(body, found):
            at = found + 1  # a name's letters (/Substream), not the keyword
            continue
        opening = _STRING_OR_COMMENT.search(body, at, found)
        if opening is None:
            return body[:found], body[found:]
        at = _end_of(body, opening)
    return body, b""


def _keyword(body: bytes, at: int) -> bool:
    """Whether the "stream" at `at` is the keyword: after white space or the dictionary's end,
    before its line's end."""
    before, after = body[at - 1 : at], body[at + 6 : at + 8]
    return bool(at) and (before[0] in _SPACE or before == b">") and (after[:1] == b"\n" or after == b"\r\n")


def _end_of(part: bytes, opening: re.Match) -> int:
    """Where the string or comment that `opening` opens ends."""
    if opening[0] == b"%":  # a comment, to the line's end
        ends = [i for i in (part.find(b"\n", opening.end()), part.find(b"\r", opening.end())) if i >= 0]
        return min(ends, default=len(part))
    depth = 1  # a literal string: balanced parentheses, backslash escapes
    for token in _IN_STRING.finditer(part, opening.end()):
        if token[0] == b"(":
            depth += 1
        elif token[0] == b")":
            depth -= 1
            if depth == 0:
                return token.end()
    raise NotPlain("a string that does not end")


def _spans(part: bytes) -> list[tuple[int, int, bool]]:
    """`part` cut into runs of (start, end, inside a string or comment)."""
    spans, at = [], 0
    while (opening := _STRING_OR_COMMENT.search(part, at)) is not None:
        end = _end_of(part, opening)
        spans += [(at, opening.start(), False), (opening.start(), end, True)]
        at = end
    return [*spans, (at, len(part), False)]


def _plain(part: bytes) -> bool:
    return b"(" not in part and b"%" not in part


def _outside_strings(part: bytes) -> bytes:
    """`part` with its strings and comments blanked: what its keys and references are read from."""
    if _plain(part):
        return part
    return b"".join(part[a:b] if not inside else b" " for a, b, inside in _spans(part))


def _renumbered(part: bytes, numbers: dict[int, int]) -> bytes:
    """`part` with each reference outside its strings and comments to the number `numbers` gives."""
    if b" R" not in part:  # no reference: most of a font's objects, its widths a thousand numbers
        return part
    if _plain(part):
        return _references_renumbered(part, numbers)
    return b"".join(part[a:b] if inside else _references_renumbered(part[a:b], numbers) for a, b, inside in _spans(part))


def _cut(part: bytes) -> list[bytes] | None:
    """`part` cut at its references, `N 0 R`: [text, N, text, N, …, text], the text between them
    whole; None when it holds a reference of a later generation or an R this cannot place. Cut
    by bytes.split: a regular expression tried at each digit takes four times as long on page
    dictionaries full of coordinates."""
    if part.count(b" R") != part.count(b" 0 R"):
        return None
    pieces = part.split(b" 0 R")
    out = [b""]
    for index, piece in enumerate(pieces[:-1]):
        head = piece.rstrip(_DIGITS)
        after = pieces[index + 1][:1]
        if head == piece or (head and head[-1] not in _BEFORE_NUMBER) or (after and after[0] not in _AFTER_R):
            return None
        out[-1] += head
        out += [piece[len(head) :], b""]
    out[-1] += pieces[-1]
    return out


def _references(part: bytes) -> list[int]:
    """The objects `part` (strings and comments blanked) refers to."""
    if b" R" not in part:
        return []
    cut = _cut(part)
    if cut is None:
        return [_generation_0(match) for match in re.finditer(_REF, part)]
    return [int(number) for number in cut[1::2]]


def _references_renumbered(part: bytes, numbers: dict[int, int]) -> bytes:
    cut = _cut(part)
    if cut is None:
        return re.sub(_REF, lambda match: b"%d 0 R" % numbers[_generation_0(match)], part)
    cut[1::2] = [b"%d 0 R" % numbers[int(number)] for number in cut[1::2]]
    return b"".join(cut)


def _generation_0(match: re.Match) -> int:
    if match[2] != b"0":
        raise NotPlain("a reference to a later generation")
    return int(match[1])

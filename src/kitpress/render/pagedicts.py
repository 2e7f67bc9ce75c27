"""Page dictionaries formatted once per kind of page instead of once per page.

When reportlab saves a document it formats every page's dictionary — MediaBox, the boxes,
Resources, Parent, Contents — from scratch: about 75 µs a page, over a third of its save of a
deck whose pages all look alike. Pages of one sheet layout differ only in their Contents stream,
so the first page of a kind is formatted by reportlab and its bytes kept, split around the
Contents reference; later pages of the same kind splice theirs in. The output is
byte-for-byte reportlab's own: a page whose dictionary holds anything this module cannot
describe exactly (a stream, an OrderedDict, a bool) is left to reportlab.

`install()` replaces `PDFPage.format` for the process; it is idempotent.
"""

from __future__ import annotations

from reportlab import rl_config
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase import pdfdoc
from reportlab.pdfbase.pdfdoc import PDFArray, PDFDictionary, PDFObjectReference, PDFResourceDictionary

_reportlab_format = pdfdoc.PDFPage.format
_KEPT = "_kitpress_page_dicts"  # where a document keeps its formatted kinds of page
_MOST_KINDS = 1024  # pages that are all different (a link on each) keep no more than this


def install() -> None:
    pdfdoc.PDFPage.format = _format


def _format(page: pdfdoc.PDFPage, document: pdfdoc.PDFDocument) -> bytes:
    # What PDFCatalog.format (PDFPage's) does, step for step, so that references are made in its order.
    page.check_format(document)
    entries = {}
    for key, default in page.__Defaults__.items():
        value = getattr(page, key, default)
        if value is not None:
            entries[key] = value
    for key in page.__NoDefault__:
        value = getattr(page, key, None)
        if value is not None:
            entries[key] = value
    for key in page.__Refs__:
        if key in entries:
            entries[key] = document.Reference(entries[key])
    contents = entries.get("Contents")
    if type(contents) is not PDFObjectReference or (rl_config.pdfComments and not rl_config.invariant):
        return pdfdoc.format(PDFDictionary(entries), document)
    kind = _plain_dict({k: v for k, v in entries.items() if k != "Contents"})
    kept = document.__dict__.setdefault(_KEPT, {})
    reference = contents.format(document)
    split = kept.get(kind) if kind is not None else None
    if split is not None:
        return split[0] + reference + split[1]
    out = pdfdoc.format(PDFDictionary(entries), document)
    marker = b"/Contents " + reference
    if kind is not None and out.count(marker) == 1 and len(kept) < _MOST_KINDS:
        head, tail = out.split(marker)
        kept[kind] = (head + b"/Contents ", tail)
    return out


def _describe(value):
    """A hashable value equal for two values only if reportlab formats them to the same bytes
    in one document; None for what is not known to format that way."""
    kind = type(value)
    if kind is str or kind is bytes:
        return (kind.__name__, value)  # a PDF name is a str too
    if kind is int or kind is float:
        return ("n", fp_str(value))
    if kind is PDFObjectReference:
        return ("r", value.name)  # within one document a name stands for one object number
    if kind is PDFArray:
        items = value.sequence
        if all(type(x) is float or type(x) is int for x in items):
            return ("a", value.multiline, len(items), fp_str(*items) if items else "")
        described = tuple(map(_describe, items))
        return None if None in described else ("A", value.multiline, described)
    if kind is PDFDictionary:
        inner = _plain_dict(value.dict)
        return None if inner is None else ("D", value.multiline, inner)
    if kind is PDFResourceDictionary:
        parts = [_plain_dict(x) if isinstance(x, dict) else _describe(x)
                 for x in map(value.__getattribute__, value.dict_attributes)]
        procs = value.ProcSet
        parts.append(_list(procs) if type(procs) is list else _describe(procs))
        return None if None in parts else ("R", tuple(parts))
    return None


def _plain_dict(d):
    if type(d) is not dict or not all(type(k) is str for k in d):
        return None  # an OrderedDict keeps its order; anything else reportlab sorts by key
    items = tuple(sorted((k, _describe(v)) for k, v in d.items()))
    return None if any(v is None for _, v in items) else ("d", items)


def _list(items: list):
    described = tuple(map(_describe, items))
    return None if None in described else ("l", described)

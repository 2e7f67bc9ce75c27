"""A flowing document's page geometry, and its checks: its markup and characters (when it is
composed), and no word or table wider than its column (before it is written)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from reportlab.platypus.tableofcontents import SimpleIndex, TableOfContents

from kitpress.compose.scene import Document
from kitpress.errors import Problem
from kitpress.typeset import direction, fonts
from kitpress.content.yamlio import line_in
from kitpress.typeset.fit import measure, paragraphs
from kitpress.typeset.frames import embedder
from kitpress.typeset.inline import escape
from kitpress.typeset.markup import Builder, MarkupError, any_face

_TAGS = re.compile(r"<[^>]+>")
CHECK_WIDTH = 500.0  # points: markup is checked, not laid out, at a width any column could have


# what checking a document found, by everything it depends on, for the process: every paper of
# a kit checks the same text again (a thirtieth of `make kit`); the sheet is held with its id
_CHECKED: dict[tuple, tuple[object, list[Problem]]] = {}
_CHECKED_KEPT = 256


def check(doc: Document, tag: str = "") -> list[Problem]:
    """Its header, footer and body: every character one a bundled font has, the markup well
    made (warnings for what it ignores). `tag`: "[es] " in a translated build."""
    key = (
        tag, doc.layout, doc.header, doc.footer, doc.body, id(doc.sheet),
        tuple((part, str(source), getattr(source, "loc", None)) for part, source in doc.sources),
        tuple((str(text), getattr(text, "loc", None)) for text in doc.printed),
    )  # fmt: skip
    kept = _CHECKED.get(key)
    if kept is None or kept[0] is not doc.sheet:
        if len(_CHECKED) >= _CHECKED_KEPT:
            _CHECKED.clear()
        kept = _CHECKED[key] = (doc.sheet, _check(doc, tag))
    return list(kept[1])


def _check(doc: Document, tag: str) -> list[Problem]:
    out = []
    for part, source in doc.sources:
        text = {"header": doc.header, "footer": doc.footer, "body": doc.body}[part]
        for char in fonts.missing_glyphs(_TAGS.sub("", text), direction.cjk_family(doc.sheet.lang)):
            culprit = next((t for t in doc.printed if char in t), None)
            message = f"{tag}no bundled font has the character U+{ord(char):04X} '{char}' ({doc.layout}, frame '{part}'){fonts.needs(char)}"
            out.append(Problem("error", message, culprit.loc if culprit is not None else source.loc))
        checker = Builder(doc.sheet, face=any_face)
        try:
            checker.build(text, CHECK_WIDTH)
        except MarkupError as exc:
            out.append(Problem("error", f"{exc} (layout {doc.layout}, {part})", line_in(source, exc.line)))
            continue
        for message, line in checker.warnings:
            out.append(Problem("warning", f"{message} (layout {doc.layout}, {part})", line_in(source, line)))
    return out


@dataclass(frozen=True)
class Geometry:
    page: tuple[float, float]
    columns: tuple[tuple[float, float, float, float], ...]  # x, y, w, h of each body column
    header: tuple[float, float, float, float]
    footer: tuple[float, float, float, float]


def geometry(doc: Document, paper: tuple[float, float]) -> Geometry:
    page = (paper[1], paper[0]) if doc.orientation == "landscape" else paper
    top, right, bottom, left = doc.margins
    body_w = page[0] - left - right
    body_h = page[1] - top - bottom - doc.header_height - doc.footer_height
    col_w = (body_w - doc.gap * (doc.columns - 1)) / doc.columns
    y = bottom + doc.footer_height
    columns = tuple((left + i * (col_w + doc.gap), y, col_w, body_h) for i in range(doc.columns))
    header = (left, page[1] - top - doc.header_height, body_w, doc.header_height)
    return Geometry(page, columns, header, (left, bottom, body_w, doc.footer_height))


def problems(doc: Document, paper: tuple[float, float], story: list | None = None) -> list[Problem]:
    """No word or table wider than its column, no text taller than a fixed row. `story`: the
    body's blocks, when the caller has built them already."""
    out = []
    geo = geometry(doc, paper)
    parts = (("header", doc.header, geo.header[2]), ("body", doc.body, geo.columns[0][2]), ("footer", doc.footer, geo.footer[2]))
    for name, text, width in parts:
        if not text:
            continue
        try:
            built = story if name == "body" and story is not None else None
            flows = built or Builder(doc.sheet, 1.0, face=embedder(doc.faces)).build(text, width)
        except MarkupError as exc:
            out.append(Problem("error", f"{exc} (layout {doc.layout}, {name})", doc.loc))
            continue
        for flow in flows:
            if isinstance(flow, (TableOfContents, SimpleIndex)):
                continue  # laid out at render time, from the headings and index marks
            try:
                too_wide = measure([flow], width)[1]
            except ValueError:  # reportlab: a cell narrower than its own padding
                too_wide = True
            if too_wide:
                out.append(_overflow(doc, name, flow))
    return out


def _overflow(doc: Document, part: str, flow) -> Problem:
    """Name the content text the overflowing block shows, when there is one."""
    shown = " ".join(p.text for p in paragraphs([flow]))
    culprits = [t for t in doc.printed if escape(str(t))[:40] in shown]
    what = "a word wider than its line, or text taller than its row"
    if culprits:
        text = max(culprits, key=len)
        return Problem("error", f"text does not fit: layout {doc.layout}, {part}, field {text.field}: {what}", text.loc)
    return Problem("error", f"text does not fit: layout {doc.layout}, {part}, {_describe(flow)}: {what}", doc.loc)


def _describe(flow) -> str:
    texts = [p.text for p in paragraphs([flow]) if p.text]
    return f"'{texts[0][:50]}'" if texts else f"a {type(flow).__name__}"

"""A flowing document composed: its header, footer and body bound, its margins and columns read."""

from __future__ import annotations


from kitpress.compose.bind import BindError
from kitpress.compose.scene import Document
from kitpress.layout.values import mm, mm_of, number_of
from kitpress.errors import KitpressError
from kitpress.layout.layouts import Layout
from kitpress.layout.markuplang import strip_comments
from kitpress.units import EXTENT, MM, Bounds

COLUMNS = Bounds("a number of columns", 1, 12, whole=True)


def compose_document(composer, layout: Layout, ctx: dict) -> Document:
    """A document layout bound: its header, footer and body, its page and columns."""
    spec = layout.spec
    if layout.kind != "document":
        raise KitpressError(
            [composer.problem(f"layout '{layout.name}' is a {layout.kind}, a document is needed here", layout.loc)]
        )
    texts, faces, shown, sources = {}, {}, [], []
    for key in ("header", "footer", "body"):
        source = spec.get(key)
        if source is None:
            texts[key] = ""
            continue
        try:
            texts[key], printed = composer.binder.render(source, ctx, document=True)
            texts[key] = strip_comments(texts[key])
        except BindError as exc:
            raise KitpressError([composer.problem(str(exc), exc.loc)]) from None
        shown.extend(printed.texts)
        sources.append((key, source))
        composer.frames.embedded_faces(texts[key], source, faces)
    margins = _margins(composer, layout)
    doc = Document(
        layout.name,
        str(spec.get("orientation") or "portrait"),
        margins,
        number_of(spec, "columns", 1, COLUMNS),
        mm_of(spec, "gap", "6mm", EXTENT),
        texts["header"],
        mm_of(spec, "header_height", 0, EXTENT),
        texts["footer"],
        mm_of(spec, "footer_height", 0, EXTENT),
        texts["body"],
        spec.get("pages"),
        composer.layouts.sheet_for(layout),
        faces,
        spec.loc_of("body"),
        tuple(shown),
        tuple(sources),
    )
    return doc


def _margins(composer, layout: Layout) -> tuple[float, float, float, float]:
    """Top, right, bottom, left, from one, two (vertical horizontal) or four lengths."""
    spec = layout.spec
    margins = tuple(mm(v, "margins", spec.loc_of("margins"), EXTENT) for v in str(spec.get("margins") or "14mm").split())
    if len(margins) not in (1, 2, 4):
        message = "margins: one, two (vertical horizontal) or four lengths"
        raise KitpressError([composer.problem(message, spec.loc_of("margins"))])
    margins = margins * (4 // len(margins))
    if min(margins) < composer.options.edge - 0.01:
        message = f"margins closer than {composer.options.edge / MM:.2f} mm to the paper edge, where printers cannot print"
        composer.problems.error(f"layout {layout.name}: {message}", spec.loc_of("margins"))
    return margins

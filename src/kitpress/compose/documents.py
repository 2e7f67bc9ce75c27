"""A flowing document composed: its header, footer and body bound into the document spec the
layouts read (page, margins, columns)."""

from __future__ import annotations

from kitpress.compose.bind import BindError
from kitpress.compose.scene import Document
from kitpress.errors import KitpressError
from kitpress.layout.layouts import Layout
from kitpress.layout.markuplang import strip_comments
from kitpress.units import MM


def compose_document(composer, layout: Layout, ctx: dict) -> Document:
    """A document layout bound: its header, footer and body, on its page and columns."""
    if layout.kind != "document":
        message = f"layout '{layout.name}' is a {layout.kind}, a document is needed here"
        raise KitpressError([composer.problem(message, layout.loc)])
    spec = composer.layouts.document(layout)
    texts, faces, shown, sources = {}, {}, [], []
    for key, source in (("header", spec.header), ("footer", spec.footer), ("body", spec.body)):
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
    if min(spec.margins) < composer.options.edge - 0.01:
        message = f"margins closer than {composer.options.edge / MM:.2f} mm to the paper edge, where printers cannot print"
        composer.problems.error(f"layout {layout.name}: {message}", spec.margins_loc)
    return Document(
        layout.name,
        spec.orientation,
        spec.margins,
        spec.columns,
        spec.gap,
        texts["header"],
        spec.header_height,
        texts["footer"],
        spec.footer_height,
        texts["body"],
        spec.pages,
        composer.layouts.sheet_for(layout),
        faces,
        layout.spec.loc_of("body"),
        tuple(shown),
        tuple(sources),
    )

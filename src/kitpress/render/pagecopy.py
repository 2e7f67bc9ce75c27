"""Pages of finished PDFs put one after another in one PDF (qpdf, through pikepdf): for the files
render/pdfjoin leaves, those not of the plain kind kitpress writes.

pikepdf's `pages.extend` inserts page by page into qpdf's page tree, which costs more the more
pages there are: joining the 209 batches of a 20,000-card deck took 1.6 s. Copying each page
object once and setting the tree's kids in one go takes a third of that, for the same pages."""

from __future__ import annotations

import pikepdf

# what a page may inherit from its page tree: a tree that sets any of them is joined page by page
INHERITED = ("/Resources", "/MediaBox", "/CropBox", "/Rotate")


def append_pages(target: pikepdf.Pdf, sources: list[pikepdf.Pdf]) -> int:
    """Every page of `sources`, in order, after the pages `target` has; how many it has then.
    The sources must stay open until `target` is saved (their streams are read then)."""
    if len(target.pages) or any(key in source.Root.Pages for source in sources for key in INHERITED):
        for source in sources:
            target.pages.extend(source.pages)
        return len(target.pages)
    tree = target.Root.Pages
    kids = [target.copy_foreign(page.obj) for source in sources for page in source.pages]
    for kid in kids:
        kid.Parent = tree  # the copied source's tree is left unreferenced: not written
    tree.Kids = pikepdf.Array(kids)
    tree.Count = len(kids)
    return len(kids)


def around_largest(sources: list[pikepdf.Pdf]) -> pikepdf.Pdf:
    """Every page of `sources`, in order, in one of them: the one with the most pages, whose
    pages stay where they are (copying pages is most of what joining costs: kit.pdf copied a
    600-card deck's 150 pages to add the plan's and the printer check's four). The others'
    pages are copied before and after them. It keeps nothing but its pages: no document
    information, no catalog entry but its page tree, for the caller to describe the whole."""
    base = max(range(len(sources)), key=lambda i: len(sources[i].pages))
    target = sources[base]
    if any(key in source.Root.Pages for source in sources for key in INHERITED):
        target = pikepdf.new()
        append_pages(target, sources)
        return target
    front = [page for source in sources[:base] for page in source.pages]
    for index, page in enumerate(front):
        target.pages.insert(index, page)
    for source in sources[base + 1 :]:
        target.pages.extend(source.pages)
    for key in list(target.Root.keys()):
        if key not in ("/Type", "/Pages"):
            del target.Root[key]
    if "/Info" in target.trailer:
        del target.trailer.Info
    return target

"""Joining finished PDFs: every page, in order, each with its own size and contents; a source
whose page tree passes attributes down to its pages keeps them on its pages."""

import io

import pikepdf

from kitpress.render.pagecopy import append_pages


def _pdf(widths: list[int], inherit: bool = False) -> pikepdf.Pdf:
    pdf = pikepdf.new()
    for width in widths:
        page = pikepdf.Page(pikepdf.Dictionary(Type=pikepdf.Name.Page, MediaBox=[0, 0, width, 100]))
        pdf.pages.append(page)
        pdf.pages[-1].obj.Contents = pdf.make_stream(f"BT /F1 9 Tf (w{width}) Tj ET".encode())
    if inherit:  # the size set once on the tree, as some writers do
        for page in pdf.pages:
            del page.obj.MediaBox
        pdf.Root.Pages.MediaBox = pikepdf.Array([0, 0, widths[0], 100])
    return _reopened(pdf)


def _reopened(pdf: pikepdf.Pdf) -> pikepdf.Pdf:
    data = io.BytesIO()
    pdf.save(data)
    return pikepdf.open(io.BytesIO(data.getvalue()))


def _widths(pdf: pikepdf.Pdf) -> list[int]:
    return [int(page.mediabox[2]) for page in pdf.pages]


def test_every_page_of_every_source_in_order_with_its_own_contents():
    target = pikepdf.new()
    assert append_pages(target, [_pdf([100, 110]), _pdf([120]), _pdf([130, 140, 150])]) == 6
    joined = _reopened(target)
    assert _widths(joined) == [100, 110, 120, 130, 140, 150]
    assert [page.obj.Contents.read_bytes() for page in joined.pages][3] == b"BT /F1 9 Tf (w130) Tj ET"
    assert len(joined.Root.Pages.Kids) == 6 and all(kid.Parent == joined.Root.Pages for kid in joined.Root.Pages.Kids)


def test_a_page_tree_that_passes_its_size_down_keeps_it_on_each_page():
    target = pikepdf.new()
    append_pages(target, [_pdf([200, 200], inherit=True), _pdf([120])])
    assert _widths(_reopened(target)) == [200, 200, 120]


def test_pages_joined_round_the_largest_file_are_in_order_and_nothing_else_of_it_is_kept():
    from kitpress.render.pagecopy import around_largest

    sources = [_pdf([100]), _pdf([110, 120, 130]), _pdf([140, 150])]
    sources[1].Root.Lang = pikepdf.String("fr")
    sources[1].docinfo["/Subject"] = "Cards"
    joined = _reopened(around_largest(sources))
    assert _widths(joined) == [100, 110, 120, 130, 140, 150]
    assert [page.obj.Contents.read_bytes() for page in joined.pages][0] == b"BT /F1 9 Tf (w100) Tj ET"
    assert "/Lang" not in joined.Root and "/Subject" not in joined.docinfo
    assert _widths(_reopened(around_largest([_pdf([200, 200], inherit=True), _pdf([120])]))) == [200, 200, 120]

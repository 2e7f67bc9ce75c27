"""Headings stay with what follows them in flowing documents (a style's `keep_with_next`, on the
common h1-h4), and a table that runs on to the next column repeats its heading rows: measured on
where reportlab actually places each block."""

from __future__ import annotations

import pytest
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import BaseDocTemplate, Frame, PageTemplate, Paragraph, Table

from kitpress.render.documents import kept_with_next

BODY = ParagraphStyle("body", fontName="Helvetica", fontSize=10, leading=12)
HEADING = ParagraphStyle("h2", fontName="Helvetica-Bold", fontSize=14, leading=17, keepWithNext=1)


def _pages(story, tmp_path) -> dict[str, int]:
    """The page each block lands on, by its text, on pages with a 300 pt tall frame."""
    from kitpress.typeset import fonts

    fonts.register()  # kitpress makes its main face reportlab's default: it must be there
    seen: dict[str, int] = {}

    class Doc(BaseDocTemplate):
        def afterFlowable(self, flowable):  # noqa: N802 - reportlab's hook
            if isinstance(flowable, Paragraph):
                seen.setdefault(flowable.getPlainText(), self.page)

    doc = Doc(str(tmp_path / "doc.pdf"), pagesize=(300, 400))
    doc.addPageTemplates([PageTemplate("p", frames=[Frame(50, 50, 200, 300, 0, 0, 0, 0)])])
    doc.build(story)
    return seen


def _filler(lines: int) -> list:
    return [Paragraph(f"line {i}", BODY) for i in range(lines)]


def test_a_heading_that_would_end_a_page_goes_over_with_its_text(tmp_path):
    # 23 lines of 12 pt fill 276 of the frame's 300 pt: the 17 pt heading would fit, its text not
    story = [*_filler(23), Paragraph("The heading", HEADING), Paragraph("What it heads", BODY)]
    pages = _pages(kept_with_next(story, 200), tmp_path)
    assert pages["The heading"] == pages["What it heads"] == 2
    bare = [*_filler(23), Paragraph("The heading", ParagraphStyle("h", parent=HEADING, keepWithNext=0)), Paragraph("What it heads", BODY)]
    alone = _pages(bare, tmp_path)
    assert (alone["The heading"], alone["What it heads"]) == (1, 2)  # what the break prevents


def test_a_heading_stays_on_its_page_with_the_start_of_a_long_table(tmp_path):
    # 12 rows of a table (about 216 pt) under 10 lines (120 pt): a frame holds the table, but not
    # under those lines. reportlab's own keepWithNext moves the heading with the whole table and
    # leaves 160 pt empty; the heading needs only the table's first rows (FOLLOWING) under it
    def story():
        rows = [[f"row {i}"] for i in range(12)]
        return [*_filler(10), Paragraph("Pictograms", HEADING), Table(rows), Paragraph("after", BODY)]

    ours = _pages(kept_with_next(story(), 200), tmp_path)
    assert (ours["Pictograms"], ours["after"]) == (1, 2)
    reportlabs = _pages(story(), tmp_path)
    assert reportlabs["Pictograms"] == 2  # the gap it would leave


def test_a_run_of_headings_goes_over_together(tmp_path):
    h3 = ParagraphStyle("h3", fontName="Helvetica-Bold", fontSize=11, leading=13, keepWithNext=1)
    story = [*_filler(22), Paragraph("Part", HEADING), Paragraph("Section", h3), Paragraph("Text", BODY)]
    pages = _pages(kept_with_next(story, 200), tmp_path)
    assert pages["Part"] == pages["Section"] == pages["Text"] == 2


def test_a_table_that_runs_on_to_the_next_page_repeats_its_heading_row(mini_project, tmp_path):
    import pypdfium2

    from kitpress.build.pipeline import BuildOptions, Project, build_game

    rules = mini_project / "layouts/mini/rules.yaml"
    rows = "".join(f"<tr><td>Square {i}</td><td>{i * 10}</td></tr>" for i in range(1, 121))
    table = f'  <table widths="* 20mm"><tr><th>Where</th><th>Points</th></tr>{rows}</table>\n'
    rules.write_text(rules.read_text(encoding="utf-8").replace("  <h2>Index</h2>\n", table + "  <h2>Index</h2>\n"), encoding="utf-8")
    built = build_game(Project(mini_project), "mini", BuildOptions(out=tmp_path / "kit"))
    document = pypdfium2.PdfDocument(str(built.folder / "rules.pdf"))
    pages = [document[i].get_textpage().get_text_range() for i in range(len(document))]
    with_rows = [i for i, text in enumerate(pages) if "Square " in text]
    assert len(with_rows) >= 2  # 120 rows run over more than one page
    assert all("Where" in pages[i] and "Points" in pages[i] for i in with_rows)


@pytest.mark.parametrize("dark_head", [False, True])
def test_a_heading_row_with_no_fill_of_its_own_is_filled_so_its_white_text_shows(mini_project, tmp_path, dark_head):
    import pypdfium2

    from kitpress.build.pipeline import BuildOptions, Project, build_game

    rules = mini_project / "layouts/mini/rules.yaml"
    table = '  <table widths="* 20mm" lines="rows"><tr><th>Where</th><th>Points</th></tr><tr><td>Hill</td><td>3</td></tr></table>\n'
    rules.write_text(rules.read_text(encoding="utf-8").replace("  <h2>Index</h2>\n", table + "  <h2>Index</h2>\n"), encoding="utf-8")
    if dark_head:  # a game that made its heading cells dark: its rows stay as they were, unfilled
        styles = mini_project / "layouts/mini/styles.yaml"
        text = styles.read_text(encoding="utf-8")
        assert text.startswith("styles:\n")
        styles.write_text(text.replace("styles:\n", "styles:\n  cell-head: {size: 8, bold: true, color: ink}\n", 1), encoding="utf-8")
    built = build_game(Project(mini_project), "mini", BuildOptions(out=tmp_path / "kit"))
    document = pypdfium2.PdfDocument(str(built.folder / "rules.pdf"))
    page = next(i for i in range(len(document)) if "Where" in document[i].get_textpage().get_text_range())
    text = document[page].get_textpage()
    left, bottom, right, top = text.get_charbox(text.search("Where").get_next()[0])
    scale = 4
    image = document[page].render(scale=scale).to_pil().convert("RGB")
    height = image.size[1]
    # just left of the heading's first letter, inside its row: the accent colour, or the paper
    pixel = image.getpixel((int((left - 2) * scale), int(height - (bottom + top) / 2 * scale)))
    if dark_head:
        assert min(pixel) > 240, pixel
    else:
        assert pixel[2] > pixel[0] + 40 and sum(pixel) < 500, pixel  # accent #1f4e79 is dark blue

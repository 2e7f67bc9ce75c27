"""The designer's view of every page (site/pages): which pages a build changed, found from the
PDFs, and boxes around the pieces that changed, checked against where the test drew them."""

from pathlib import Path

from reportlab.lib.pagesizes import A4
from reportlab.pdfgen.canvas import Canvas

from kitpress.build.pagediffs import page_sums
from kitpress.site.pages import Pages
from kitpress.typeset import fonts

WIDTH, HEIGHT = A4


def pdf(path: Path, pages: list[list[tuple]]) -> Path:
    """A PDF whose pages draw filled rectangles (x, y, w, h in points, from the bottom left), in order."""
    fonts.register()  # kitpress names its own fonts as reportlab's default
    canvas = Canvas(str(path), pagesize=A4, invariant=1)
    for rectangles in pages:
        for x, y, w, h, *grey in rectangles:
            canvas.setFillGray(grey[0] if grey else 0.2)
            canvas.rect(x, y, w, h, stroke=0, fill=1)
        canvas.showPage()
    canvas.save()
    return path


def covers(mark, x, y, w, h) -> bool:
    """The mark (fractions from the top left) holds the rectangle (points from the bottom left)."""
    left, top = x / WIDTH, 1 - (y + h) / HEIGHT
    return mark.left <= left + 1e-3 and mark.top <= top + 1e-3 and mark.left + mark.width >= (x + w) / WIDTH - 1e-3 and (
        mark.top + mark.height >= 1 - y / HEIGHT - 1e-3
    )


CARD_A, CARD_B, CARD_C = (60, 600, 160, 200), (320, 600, 160, 200), (60, 120, 160, 200)


def test_a_page_that_draws_the_same_has_the_same_digest_and_one_that_differs_does_not(tmp_path):
    old = pdf(tmp_path / "old.pdf", [[CARD_A, CARD_B], [CARD_C]])
    new = pdf(tmp_path / "new.pdf", [[CARD_A, CARD_B], [CARD_C, (300, 300, 40, 40)]])
    before, after = page_sums(old), page_sums(new)
    assert before[0] == after[0] and before[1] != after[1]
    assert (round(after[0].width, 2), round(after[0].height, 2)) == (595.28, 841.89)


def test_each_piece_that_changed_is_boxed_and_nothing_else(tmp_path):
    moved = (330, 610, 40, 40, 0.9)  # a light patch inside card B
    old = pdf(tmp_path / "old.pdf", [[CARD_A, CARD_B, CARD_C]])
    new = pdf(tmp_path / "new.pdf", [[CARD_A, CARD_B, moved, CARD_C, (100, 400, 30, 20)]])
    marks = Pages().marks(old, new, 1)
    assert len(marks) == 2, marks
    patch, added = sorted(marks, key=lambda m: m.top)
    assert covers(patch, *moved[:4]) and covers(added, 100, 400, 30, 20)
    for mark, (x, y, w, h) in ((patch, moved[:4]), (added, (100, 400, 30, 20))):  # tight: within two cells a side
        assert mark.width * WIDTH <= w + 2 * 2 * 6 * WIDTH / 360 and mark.height * HEIGHT <= h + 2 * 2 * 6 * WIDTH / 360
    assert not any(covers(mark, *CARD_A) or covers(mark, *CARD_C) for mark in marks)


def test_pages_whose_streams_differ_but_draw_the_same_are_not_changed(tmp_path):
    old = pdf(tmp_path / "old.pdf", [[CARD_A, CARD_B]])
    new = pdf(tmp_path / "new.pdf", [[CARD_B, CARD_A]])  # the same cards, drawn in the other order
    assert page_sums(old)[0] != page_sums(new)[0]
    assert Pages().marks(old, new, 1) == ()


def test_many_patches_are_boxed_as_one(tmp_path):
    dots = [(40 + 45 * i, 700, 10, 10) for i in range(12)] + [(40 + 45 * i, 100, 10, 10) for i in range(12)]
    old = pdf(tmp_path / "old.pdf", [[]])
    new = pdf(tmp_path / "new.pdf", [dots])
    (mark,) = Pages().marks(old, new, 1)
    assert all(covers(mark, *dot) for dot in dots)


def test_a_drawn_page_is_kept_while_its_file_is_the_same(tmp_path, monkeypatch):
    path = pdf(tmp_path / "kit.pdf", [[CARD_A], [CARD_B]])
    pictures, drawn = Pages(), []
    real = pictures._image
    monkeypatch.setattr(pictures, "_image", lambda *args: drawn.append(args) or real(*args))
    first = pictures.png(path, 2, 360)
    assert pictures.png(path, 2, 360) == first and len(drawn) == 1
    pdf(path, [[CARD_A], [CARD_C]])  # the file replaced: drawn again
    assert pictures.png(path, 2, 360) != first and len(drawn) == 2


def test_drawn_pages_past_the_budget_go_least_recently_used_first(tmp_path, monkeypatch):
    path = pdf(tmp_path / "kit.pdf", [[CARD_A], [CARD_B], [CARD_C]])
    pictures, drawn = Pages(budget=1), []  # room for one picture only
    real = pictures._image
    monkeypatch.setattr(pictures, "_image", lambda *args: drawn.append(args[1]) or real(*args))
    for number in (1, 2, 2, 1):
        pictures.png(path, number, 360)
    assert drawn == [1, 2, 1]  # page 2 was kept for its second asking; page 1 had gone to make room

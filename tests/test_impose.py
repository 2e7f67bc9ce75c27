"""Imposition geometry: where cards land, where their backs go, where marks and tiles fall."""

import pytest

from kitpress.impose.boards import board_pages, fit_scale, tiles
from kitpress.impose.geometry import back_shift, behind, card_grid, card_sheets

MM = 72 / 25.4
A4 = (210 * MM, 297 * MM)
LETTER = (8.5 * 72, 11 * 72)
A3 = (297 * MM, 420 * MM)
TAROT = (70 * MM, 120 * MM)
EDGE = 6.35 * MM


@pytest.mark.parametrize("paper, count", [(A4, 4), (LETTER, 4), (A3, 9)])
def test_tarot_cards_per_sheet(paper, count):
    assert card_grid(paper, TAROT, 3 * MM).per_sheet == count


@pytest.mark.parametrize("paper", [A4, LETTER, A3])
def test_cards_and_their_bleed_never_overlap_and_stay_on_the_paper(paper):
    grid = card_grid(paper, TAROT, 3 * MM)
    boxes = [(s.x - 3 * MM, s.y - 3 * MM, s.x + TAROT[0] + 3 * MM, s.y + TAROT[1] + 3 * MM) for s in grid.slots]
    for i, a in enumerate(boxes):
        assert a[0] >= EDGE and a[1] >= EDGE and a[2] <= paper[0] - EDGE and a[3] <= paper[1] - EDGE
        for b in boxes[i + 1 :]:
            assert a[2] <= b[0] + 1e-6 or b[2] <= a[0] + 1e-6 or a[3] <= b[1] + 1e-6 or b[3] <= a[1] + 1e-6


@pytest.mark.parametrize("paper", [A4, LETTER, A3])
def test_crop_marks_are_outside_every_bleed_and_inside_the_printable_area(paper):
    grid = card_grid(paper, TAROT, 3 * MM)
    bleeds = [(s.x - 3 * MM, s.y - 3 * MM, s.x + TAROT[0] + 3 * MM, s.y + TAROT[1] + 3 * MM) for s in grid.slots]
    for x1, y1, x2, y2 in grid.marks():
        for x, y in ((x1, y1), (x2, y2), ((x1 + x2) / 2, (y1 + y2) / 2)):
            assert EDGE - 1e-6 <= x <= paper[0] - EDGE + 1e-6 and EDGE - 1e-6 <= y <= paper[1] - EDGE + 1e-6
            assert not any(b[0] < x < b[2] and b[1] < y < b[3] for b in bleeds)
        assert abs(x2 - x1) + abs(y2 - y1) >= 3 * MM - 1e-6  # long enough to line a guillotine up


def test_every_trim_edge_has_marks():
    grid = card_grid(A4, TAROT, 3 * MM)
    vertical = {round(x1, 3) for x1, _, x2, _ in grid.marks() if x1 == x2}
    edges = {round(s.x, 3) for s in grid.slots} | {round(s.x + TAROT[0], 3) for s in grid.slots}
    assert vertical == edges


def test_long_edge_backs_mirror_the_columns():
    grid = card_grid(A4, TAROT, 3 * MM)
    for front, back in zip(grid.slots, grid.back_slots("long")):
        assert (back.col, back.row) == (grid.cols - 1 - front.col, front.row)
        # turned over on the long edge, the back lands exactly behind its front
        assert back.x == pytest.approx(A4[0] - front.x - TAROT[0])
        assert back.y == pytest.approx(front.y)


def test_short_edge_backs_mirror_the_rows():
    grid = card_grid(A4, TAROT, 3 * MM)
    for front, back in zip(grid.slots, grid.back_slots("short")):
        assert (back.col, back.row) == (front.col, grid.rows - 1 - front.row)


def test_a_card_too_big_for_the_paper_is_refused():
    with pytest.raises(ValueError, match="does not fit"):
        card_grid(A4, (300 * MM, 300 * MM), 3 * MM)


BOARD = (420 * MM, 297 * MM)


@pytest.mark.parametrize("paper", [A4, LETTER])
def test_an_a3_board_takes_four_sheets_that_cover_it_with_overlap(paper):
    pieces = tiles(BOARD, paper, overlap=10 * MM)
    assert len(pieces) == 4
    for piece in pieces:
        wx, wy, ww, wh = piece.window
        assert wx >= EDGE and wy >= EDGE and wx + ww <= piece.page[0] - EDGE and wy + wh <= piece.page[1] - EDGE
    # every point of the board is on some piece; neighbours share a 10 mm strip
    xs = sorted({(p.source[0], p.source[0] + p.window[2]) for p in pieces})
    ys = sorted({(p.source[1], p.source[1] + p.window[3]) for p in pieces})
    assert xs[0][0] == pytest.approx(0) and xs[-1][1] == pytest.approx(BOARD[0])
    assert ys[0][0] == pytest.approx(0) and ys[-1][1] == pytest.approx(BOARD[1])
    assert xs[0][1] - xs[1][0] == pytest.approx(10 * MM)
    assert ys[0][1] - ys[1][0] == pytest.approx(10 * MM)
    assert sorted(p.label for p in pieces) == ["A1", "A2", "B1", "B2"]


def test_fit_scale_uses_the_orientation_that_prints_largest():
    page, scale = fit_scale(BOARD, A4)
    assert page[0] > page[1]  # landscape for a landscape board
    assert BOARD[0] * scale <= page[0] - 2 * EDGE + 1e-6
    assert BOARD[1] * scale <= page[1] - 2 * EDGE + 1e-6
    assert 0.6 < scale < 0.7


class _Face:
    def __init__(self, key, size=(70 * MM, 120 * MM), bleed=3 * MM, gutter=None):
        self.key, self.size, self.bleed, self.gutter, self.across = key, size, bleed, gutter, None


def _Deck(fronts, back):  # noqa: N802 - a deck of stand-in faces
    from kitpress.compose.scene import Deck

    return Deck("deck", tuple(fronts), tuple(f.key for f in fronts), back)


A4 = (210 * MM, 297 * MM)


@pytest.mark.parametrize("flip", ["long", "short"])
def test_card_sheets_put_each_back_behind_its_front(flip):
    deck = _Deck([_Face(f"card-{i}") for i in range(5)], _Face("back"))
    laid_out = card_sheets([deck], A4, 6.35 * MM, flip, offset=(1.5 * MM, 0.5 * MM))
    assert [(s.side, s.first, len(s.placements)) for s in laid_out] == [("front", 0, 4), ("back", 0, 4), ("front", 4, 1), ("back", 4, 1)]
    for fronts, backs in zip(laid_out[::2], laid_out[1::2]):
        assert backs.shift == back_shift((1.5 * MM, 0.5 * MM), flip)
        for front, back in zip(fronts.placements, backs.placements):
            w, h = fronts.grid.card
            # the back's far corner, seen through the sheet, is the front's corner
            seen = behind((back.x + w, back.y), A4, flip) if flip == "long" else behind((back.x, back.y + h), A4, flip)
            assert seen == pytest.approx((front.x, front.y))
            assert back.face.key == "back" and front.clip is None  # bleed between cards: nothing clipped
    assert [p.face.key for s in laid_out if s.side == "front" for p in s.placements] == [f"card-{i}" for i in range(5)]


def test_butted_cards_are_clipped_to_their_share_and_only_fronts_get_cut_lines():
    deck = _Deck([_Face(f"c{i}", (20 * MM, 20 * MM), 1 * MM, 0) for i in range(3)], None)
    (sheet,) = card_sheets([deck], A4, 6.35 * MM)
    assert len(sheet.cut_lines) == 3 and all(p.clip is not None for p in sheet.placements)
    first, second = sheet.placements[:2]
    assert first.clip[2] == pytest.approx(second.clip[0]) == pytest.approx(second.x)  # they meet on the trim line


def test_board_pages_whole_fitted_or_tiled():
    (whole,) = board_pages((297 * MM, 210 * MM), A4, "tile")
    assert whole.how == "whole" and whole.page == (A4[1], A4[0])  # turned to landscape
    (fitted,) = board_pages((420 * MM, 297 * MM), A4, "fit")
    assert fitted.how == "fitted" and fitted.scale < 1
    pieces = board_pages((420 * MM, 297 * MM), A4, "tile")
    assert len(pieces) == 4 and {p.how for p in pieces} == {"tile"}


def test_a_butted_card_beside_an_empty_slot_keeps_its_whole_bleed_on_that_side():
    """Five butted cards on 2 x 2 sheets: on the full sheet each card keeps to its side of the
    shared cut lines; the fifth, alone on its sheet, is cut on every edge and bleeds past each,
    front and back."""
    bleed = 1 * MM
    fronts = [_Face(f"c{i}", (20 * MM, 20 * MM), bleed, 0) for i in range(5)]
    fronts[0].across = (2, 2)  # a sheet template: four to a sheet
    deck = _Deck(fronts, _Face("back", (20 * MM, 20 * MM), bleed, 0))
    full_front, full_back, last_front, last_back = card_sheets([deck], A4, 6.35 * MM)
    w, h = full_front.grid.card
    for sheet in (full_front, full_back):
        for placement in sheet.placements:
            x0, y0, x1, y1 = placement.clip
            # one edge of each card of a full 2 x 2 sheet is on the sheet's outside on each axis
            assert sorted([round(placement.x - x0, 6), round(x1 - placement.x - w, 6)]) == [0, round(bleed, 6)]
            assert sorted([round(placement.y - y0, 6), round(y1 - placement.y - h, 6)]) == [0, round(bleed, 6)]
    for sheet in (last_front, last_back):
        (alone,) = sheet.placements
        assert alone.clip == pytest.approx((alone.x - bleed, alone.y - bleed, alone.x + w + bleed, alone.y + h + bleed))


def test_crop_marks_are_drawn_for_the_printed_slots_only():
    grid = card_grid(A4, TAROT, 3 * MM)
    (first, *_) = grid.slots
    marks = grid.marks(grid.slots[:1])
    vertical = {round(x1, 3) for x1, _, x2, _ in marks if x1 == x2}
    horizontal = {round(y1, 3) for _, y1, _, y2 in marks if y1 == y2}
    assert vertical == {round(first.x, 3), round(first.x + TAROT[0], 3)}
    assert horizontal == {round(first.y, 3), round(first.y + TAROT[1], 3)}
    assert len(marks) == 8  # both ends of its four cut lines, and nothing for the three empty slots


def test_page_boxes_of_a_part_filled_sheet_hug_its_cards_and_backs_are_trimmed_where_they_are_drawn():
    from kitpress.impose.pageboxes import card_sheet

    deck = _Deck([_Face(f"card-{i}") for i in range(5)], _Face("back"))
    shift = (1.5 * MM, -0.5 * MM)
    sheets = card_sheets([deck], A4, 6.35 * MM, offset=shift)
    for sheet in sheets:
        boxes = card_sheet(sheet, sheet.grid.marks(sheet.slots))
        lefts = [p.x + sheet.shift[0] for p in sheet.placements]
        bottoms = [p.y + sheet.shift[1] for p in sheet.placements]
        assert boxes.trim == pytest.approx((min(lefts), min(bottoms), max(lefts) + TAROT[0], max(bottoms) + TAROT[1]))
        assert boxes.bleed == pytest.approx(tuple(v + d for v, d in zip(boxes.trim, (-3 * MM, -3 * MM, 3 * MM, 3 * MM))))
        for x1, y1, x2, y2 in sheet.grid.marks(sheet.slots):  # the art holds every crop mark
            assert boxes.art[0] - 1e-6 <= min(x1, x2) and max(x1, x2) <= boxes.art[2] + 1e-6
            assert boxes.art[1] - 1e-6 <= min(y1, y2) and max(y1, y2) <= boxes.art[3] + 1e-6
    assert sheets[1].shift != (0, 0) and card_sheet(sheets[1], []).trim != card_sheet(sheets[0], []).trim


def test_page_boxes_out_of_order_are_refused_and_a_bleed_past_the_paper_is_clipped():
    from kitpress.impose.pageboxes import PageBoxes, board_page

    with pytest.raises(ValueError, match="trim in bleed"):
        PageBoxes((0, 0, 100, 100), (10, 10, 90, 90), (20, 20, 80, 80))
    with pytest.raises(ValueError, match="bleed in media"):
        PageBoxes((0, 0, 100, 100), (10, 10, 90, 90), (-1, 5, 95, 95))
    (whole,) = board_pages((297 * MM, 210 * MM), A4, "tile")
    boxes = board_page(whole, (297 * MM, 210 * MM), 3 * MM)  # a board as big as the paper: its bleed is off the page
    assert boxes.trim == boxes.bleed == boxes.media == pytest.approx((0, 0, A4[1], A4[0]))


@pytest.mark.parametrize("paper", [A4, LETTER])
def test_a_tiled_piece_bleeds_past_the_edges_that_show_when_joined_and_stays_inside_the_edge(paper):
    from kitpress.impose.boards import TILE_BLEED

    pieces = tiles(BOARD, paper, overlap=10 * MM, edge=EDGE)
    for piece in pieces:
        left, bottom, right, top = piece.reach
        wx, wy, ww, wh = piece.window
        assert (right, bottom) == (0, 0)  # under the next piece
        assert left == (pytest.approx(min(TILE_BLEED, wx - EDGE)) if piece.col > 0 else 0)
        assert top == (pytest.approx(min(TILE_BLEED, piece.page[1] - EDGE - wy - wh)) if piece.row > 0 else 0)
        x0, y0, x1, y1 = piece.printed
        assert x0 >= EDGE - 1e-6 and x1 <= piece.page[0] - EDGE + 1e-6 and y1 <= piece.page[1] - EDGE + 1e-6
    assert any(p.reach[0] > 0 for p in pieces) and any(p.reach[3] > 0 for p in pieces)

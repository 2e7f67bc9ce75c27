"""Square boards: a loop with bigger corner spaces, each space turned to read from its own edge,
from the corner and in the direction a layout chooses, with no index arithmetic. The geometry is
checked as numbers, then on a built board's PDF: where each space's words are printed and which
way they run, and the size of the corners in rasterised pixels."""

from __future__ import annotations

import pytest

from kitpress.build.pipeline import BuildOptions, Project, build_game
from kitpress.impose import tracks
from kitpress.units import MM

AREA = (10.0, 20.0, 120.0, 80.0)  # x, y, width, height (mm, from the top left)


def _centres(spaces):
    return [(round(s.box[0] + s.box[2] / 2, 3), round(s.box[1] + s.box[3] / 2, 3)) for s in spaces]


def test_a_loop_runs_clockwise_from_the_top_left_unless_told_otherwise():
    # a 4 × 3 grid of 30 × 26.667 mm cells: the ring's 10 spaces, as loops always ran
    spaces = tracks.spaces("loop", 4, 3, AREA, 0)
    x = [25, 55, 85, 115]
    y = [20 + 80 / 6, 60, 100 - 80 / 6]
    ring = [(x[0], y[0]), (x[1], y[0]), (x[2], y[0]), (x[3], y[0]), (x[3], y[1]), (x[3], y[2]), (x[2], y[2]), (x[1], y[2]), (x[0], y[2]), (x[0], y[1])]
    assert _centres(spaces) == [(round(a, 3), round(b, 3)) for a, b in ring]
    assert [s.side for s in spaces] == ["top"] * 4 + ["right"] + ["bottom"] * 4 + ["left"]
    assert [i for i, s in enumerate(spaces) if s.corner] == [0, 3, 5, 8]
    assert {s.turn for s in spaces} == {0}


@pytest.mark.parametrize(
    ("start", "direction", "first", "second"),
    [
        ("bottom-right", "clockwise", ("right", "bottom"), "left"),  # as on most square boards
        ("bottom-right", "counterclockwise", ("right", "bottom"), "up"),
        ("top-left", "counterclockwise", ("left", "top"), "down"),
        ("bottom-left", "clockwise", ("left", "bottom"), "up"),
        ("top-right", "clockwise", ("right", "top"), "down"),
    ],
)
def test_a_loop_starts_in_the_corner_it_is_given_and_goes_the_way_it_is_told(start, direction, first, second):
    spaces = tracks.spaces("loop", 4, 3, AREA, 0, start, direction)
    (x1, y1), (x2, y2) = _centres(spaces)[:2]
    x0, y0, w, h = AREA
    assert x1 == pytest.approx(x0 + 15 if first[0] == "left" else x0 + w - 15)
    assert y1 == pytest.approx(y0 + h / 6 if first[1] == "top" else y0 + h - h / 6, abs=1e-3)
    moved = {"left": x2 < x1 and y2 == y1, "up": y2 < y1 and x2 == x1, "down": y2 > y1 and x2 == x1}
    assert moved[second]
    assert len(set(_centres(spaces))) == 10  # every space of the ring, once


def test_bigger_corners_are_squares_and_the_spaces_between_share_the_rest_of_each_edge():
    corner, gap = 24.0, 1.0
    spaces = tracks.spaces("loop", 6, 4, AREA, gap, corner=corner)
    x0, y0, w, h = AREA
    corners = [s for s in spaces if s.corner]
    assert [c.box[2:] for c in corners] == [(corner, corner)] * 4
    assert {(c.box[0], c.box[1]) for c in corners} == {(x0, y0), (x0 + w - corner, y0), (x0, y0 + h - corner), (x0 + w - corner, y0 + h - corner)}
    along = (w - 2 * corner - 5 * gap) / 4  # six across: four between the corners, five gaps
    down = (h - 2 * corner - 3 * gap) / 2
    for s in spaces:
        if not s.corner:
            deep, long = (s.box[3], s.box[2]) if s.side in ("top", "bottom") else (s.box[2], s.box[3])
            assert (deep, long) == (pytest.approx(corner), pytest.approx(along if s.side in ("top", "bottom") else down))
    top = sorted(s.box[0] for s in spaces if s.side == "top")
    assert [b - a for a, b in zip(top, top[1:])] == pytest.approx([corner + gap] + [along + gap] * 4)
    xs, ys = tracks.seams(6, 4, AREA, gap, corner)
    assert xs[0] == pytest.approx(x0 + corner + gap / 2) and ys[-1] == pytest.approx(y0 + h - corner - gap / 2)


def test_facing_the_edge_turns_each_side_to_its_own_reader():
    spaces = tracks.spaces("loop", 4, 4, AREA, 0, facing="edge")
    assert {s.side: s.turn for s in spaces} == {"top": 180, "right": 90, "bottom": 0, "left": 270}


def test_a_serpentine_may_start_in_any_corner():
    spaces = tracks.spaces("serpentine", 3, 2, AREA, 0, "top-right")
    assert [c for c, _ in _centres(spaces)] == [110, 70, 30, 30, 70, 110]
    assert [r for _, r in _centres(spaces)] == [40] * 3 + [80] * 3


# -- on the PDF ----------------------------------------------------------------------------------
GAME = """\
id: mini
title: Mini
language: en
components:
  - {id: board, kind: board, layout: board, title: Board}
"""
BOARD = """\
size: 180mm x 180mm
shapes:
  - {id: paper, at: trim, fill: paper}
tracks:
  - id: track
    spaces: "range(1, 21)"
    path: loop
    cols: 6
    rows: 6
    at: [5, 5, 170, 170]
    gap: 1
    corner: 30
    start: bottom-right
    facing: edge
    face: space
    corner_face: corner
"""
# a space's own top says N, its bottom S; the corner is filled pure red so its pixels can be found
SPACE = """\
size: 20mm x 30mm
frames:
  - {id: top, at: [1, 1, 18, 8], valign: middle, markup: '<p align="center">N{{ item }}n</p>'}
  - {id: bottom, at: [1, 21, 18, 8], valign: middle, markup: '<p align="center">S{{ item }}s {{ space.side }}</p>'}
"""
CORNER = """\
size: 30mm x 30mm
shapes:
  - {id: fill, at: trim, fill: "#ff0000"}
frames:
  - {id: name, at: [2, 2, 26, 26], valign: middle, markup: '<p align="center">C{{ item }}c</p>'}
"""


@pytest.fixture
def square_board(mini_project, tmp_path):
    (mini_project / "content/mini/game.yaml").write_text(GAME, encoding="utf-8")
    for name, text in (("board", BOARD), ("space", SPACE), ("corner", CORNER)):
        (mini_project / f"layouts/mini/{name}.yaml").write_text(text, encoding="utf-8")
    built = build_game(Project(mini_project), "mini", BuildOptions(out=tmp_path / "kit"))
    return built.folder / "board.pdf"


def _word_boxes(pdf, word):
    """Each character's box (left, bottom, right, top, in points) of the first place `word` is printed."""
    import pypdfium2

    text = pypdfium2.PdfDocument(str(pdf))[0].get_textpage()
    hit = text.search(word).get_next()
    assert hit is not None, f"{word} is not printed"
    return [text.get_charbox(hit[0] + i) for i in range(len(word))]


def _middle(boxes):
    return ((boxes[0][0] + boxes[-1][2]) / 2, (boxes[0][1] + boxes[-1][3]) / 2)


def test_each_space_reads_from_its_own_edge_its_top_toward_the_middle(square_board):
    # the middle space of each side (clockwise from the bottom right: 1 corner, 2-5 bottom, 6 corner…)
    for item, side in ((3, "bottom"), (8, "left"), (13, "top"), (18, "right")):
        north, south = _middle(_word_boxes(square_board, f"N{item}n")), _middle(_word_boxes(square_board, f"S{item}s"))
        up = (north[0] - south[0], north[1] - south[1])  # the face's up, on the page (points, y up)
        expected = {"bottom": (0, 1), "left": (1, 0), "top": (0, -1), "right": (-1, 0)}[side]
        assert (round(up[0] / (20 * MM)), round(up[1] / (20 * MM))) == expected, side
        letters = _word_boxes(square_board, f"S{item}s")
        run = ((letters[-1][0] + letters[-1][2]) / 2 - (letters[0][0] + letters[0][2]) / 2, (letters[-1][1] + letters[-1][3]) / 2 - (letters[0][1] + letters[0][3]) / 2)
        reads = {"bottom": run[0] > 0, "left": run[1] < 0, "top": run[0] < 0, "right": run[1] > 0}  # left to right, for its reader
        assert reads[side], side
    side_words = _page_text(square_board)
    assert all(f"S{i}s {s}" in side_words for i, s in ((2, "bottom"), (7, "left"), (12, "top"), (17, "right")))


def _page_text(pdf) -> str:
    import pypdfium2

    return pypdfium2.PdfDocument(str(pdf))[0].get_textpage().get_text_range()


def test_the_track_starts_in_the_bottom_right_corner_and_runs_clockwise(square_board):
    c1, s2 = _middle(_word_boxes(square_board, "C1c")), _middle(_word_boxes(square_board, "S2s"))
    c6, c11, c16 = (_middle(_word_boxes(square_board, f"C{i}c")) for i in (6, 11, 16))
    assert c1[0] > c6[0] and c1[1] < c11[1]  # C1 bottom right, C6 bottom left, C11 top left
    assert s2[0] < c1[0] and abs(s2[1] - c1[1]) < 10 * MM  # the next space is to its left
    assert c11[0] < c16[0] and abs(c11[1] - c16[1]) < 1  # C16 top right
    assert "N1n" not in _page_text(square_board)  # corners are drawn with their own layout


def test_the_corners_print_as_squares_of_the_size_asked(square_board):
    import pypdfium2

    scale = 4  # px per point
    image = pypdfium2.PdfDocument(str(square_board))[0].render(scale=scale).to_pil().convert("RGB")
    width, height = image.size
    pixels = image.load()
    red = [(x, y) for y in range(0, height, 2) for x in range(0, width, 2) if pixels[x, y][0] > 200 and pixels[x, y][1] < 60 and pixels[x, y][2] < 60]
    lefts = sorted({x for x, _ in red})
    # two columns of corners, each 30 mm wide; the gap between them is the board's 170 mm less two corners
    split = next(b for a, b in zip(lefts, lefts[1:]) if b - a > 20)
    left_col = [x for x in lefts if x < split]
    px_per_mm = scale * MM
    assert (left_col[-1] - left_col[0] + 2) / px_per_mm == pytest.approx(30, abs=0.5)
    assert (split - left_col[-1]) / px_per_mm == pytest.approx(170 - 60, abs=0.5)


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ("    start: bottom-rigth\n", "9:12: error: start 'bottom-rigth' (did you mean 'bottom-right'?): use top-left, top-right, bottom-right, bottom-left"),
        ("    facing: outward\n", "9:13: error: facing 'outward': use up, edge"),
        ("    corner: 90\n", "9:13: error: corners of 90 mm do not fit twice in the track's 170 mm"),
        ("    path: serpentine\n    corner: 30\n", "9:13: error: 'corner' is for a loop: a serpentine runs along its rows"),
    ],
)
def test_a_wrong_word_or_corner_is_an_error_at_its_line(mini_project, capsys, line, said):
    from kitpress.cli.main import run

    (mini_project / "content/mini/game.yaml").write_text(GAME, encoding="utf-8")
    track = "tracks:\n  - id: track\n    spaces: \"range(1, 21)\"\n    cols: 6\n    rows: 6\n    at: [5, 5, 170, 170]\n"
    path = "" if "path:" in line else "    path: loop\n"
    board = mini_project / "layouts/mini/board.yaml"
    board.write_text("size: 180mm x 180mm\n" + track + path + line + "    face: space\n", encoding="utf-8")
    assert run(["check", "mini"]) == 1
    assert f"layouts/mini/board.yaml:{said}" in capsys.readouterr().err


def test_a_frame_beyond_a_space_smaller_than_its_layout_warns_at_the_frame(mini_project, capsys):
    from kitpress.cli.main import run

    (mini_project / "content/mini/game.yaml").write_text(GAME, encoding="utf-8")
    for name, text in (("board", BOARD), ("corner", CORNER)):
        (mini_project / f"layouts/mini/{name}.yaml").write_text(text, encoding="utf-8")
    # drawn for a 40 mm deep ring, printed in the 30 mm one (each space (170 - 2 × 30 - 5 × 1) / 4 =
    # 26.25 mm along its edge): the price would be cut off
    (mini_project / "layouts/mini/space.yaml").write_text(SPACE + "  - {id: price, at: [1, 32, 18, 6], markup: '<p>$1</p>'}\n", encoding="utf-8")
    assert run(["check", "mini"]) == 0
    said = capsys.readouterr().err
    assert (
        "layouts/mini/space.yaml:5:21: warning: frame 'price' of layout space reaches outside its 26.25 × 30 mm face, where its text is cut off"
        in said
    )
    assert said.count("frame 'price'") == 1  # once, not once a space

"""Die nets fold into real dice: checked by folding the net in 3-D, independently of kitpress."""

import pytest

from kitpress.impose.nets import d6

EDGE = 20.0


def fold_cross(cells: dict[int, tuple[int, int]]) -> dict[int, tuple[int, int, int]]:
    """Fold a cube net laid on a grid: the outward normal of each face, by rolling a cube from
    the first face across shared edges (a face's neighbour in the grid is the cube rolled that way)."""

    def roll(orientation, direction):
        up, north, east = orientation  # normals facing the paper, the grid's -y and +x
        neg = lambda v: tuple(-c for c in v)  # noqa: E731
        if direction == "east":
            return (neg(east), north, up)
        if direction == "west":
            return (east, north, neg(up))
        if direction == "south":
            return (north, neg(up), east)
        return (neg(north), up, east)  # north

    by_cell = {cell: value for value, cell in cells.items()}
    start = next(iter(by_cell))
    seen = {start: ((0, 0, -1), (0, 1, 0), (1, 0, 0))}  # the first face lies on the paper
    stack = [start]
    while stack:
        cell = stack.pop()
        for direction, (dx, dy) in {"east": (1, 0), "west": (-1, 0), "south": (0, 1), "north": (0, -1)}.items():
            nxt = (cell[0] + dx, cell[1] + dy)
            if nxt in by_cell and nxt not in seen:
                seen[nxt] = roll(seen[cell], direction)
                stack.append(nxt)
    return {by_cell[cell]: orient[0] for cell, orient in seen.items()}


def cells_of(net) -> dict[int, tuple[int, int]]:
    return {value: (round(x / EDGE), round(y / EDGE)) for value, (x, y, _, _) in enumerate(net.faces, start=1)}


def test_the_d6_net_folds_into_a_cube_with_opposite_faces_summing_to_seven():
    normals = fold_cross(cells_of(d6(EDGE)))
    assert len(set(normals.values())) == 6  # six distinct sides: it closes into a cube
    for value, normal in normals.items():
        opposite = next(v for v, n in normals.items() if n == tuple(-c for c in normal))
        assert value + opposite == 7


def test_every_open_edge_is_glued_exactly_once():
    net = d6(EDGE)
    # a cube has 12 edges; the net keeps 5 as folds between faces, so 7 must be closed by tabs
    assert len(net.tabs) == 7
    assert len(net.cuts) == 7
    assert len(net.folds) == 5 + 7


def test_a_faces_free_sides_are_its_cut_lines_and_no_fold_or_tab():
    """Where a d6 face may bleed: each side it says is free lies on a cut line of the net, and
    every cut line is the free side of exactly one face (the others are folds, with tabs or not)."""
    net = d6(EDGE)
    sides = {"left": lambda x, y: (x, y, x, y + EDGE), "right": lambda x, y: (x + EDGE, y, x + EDGE, y + EDGE)}
    sides |= {"top": lambda x, y: (x, y, x + EDGE, y), "bottom": lambda x, y: (x, y + EDGE, x + EDGE, y + EDGE)}
    free = [sides[side](x, y) for (x, y, _, _), names in zip(net.faces, net.free) for side in names]
    same = lambda a, b: sorted([a[:2], a[2:]]) == sorted([b[:2], b[2:]])  # noqa: E731 - a segment either way round
    assert len(free) == len(net.cuts)
    for cut in net.cuts:
        assert sum(same(cut, seg) for seg in free) == 1, cut
    assert not net.free[1]  # the front face, folded on all four sides


@pytest.mark.parametrize("edge", [15.0, 20.0, 24.0])
def test_tabs_stay_inside_the_net_footprint_and_never_cover_a_face(edge):
    net = d6(edge, (10.0, 30.0))
    for tab in net.tabs:
        for x, y in tab:
            assert 10.0 - 1e-9 <= x <= 10.0 + net.size[0] + 1e-9
            assert 30.0 - 1e-9 <= y <= 30.0 + net.size[1] + 1e-9
        cx = sum(p[0] for p in tab) / 4
        cy = sum(p[1] for p in tab) / 4
        assert not any(fx < cx < fx + fw and fy < cy < fy + fh for fx, fy, fw, fh in net.faces)


# -- the d12 ------------------------------------------------------------------------------------

from kitpress.impose.nets import d12  # noqa: E402


def _overlap(p, q) -> bool:
    """Convex polygons overlapping by more than a touch (separating axis test)."""
    for poly in (p, q):
        for i in range(len(poly)):
            (x1, y1), (x2, y2) = poly[i], poly[(i + 1) % len(poly)]
            nx, ny = y2 - y1, x1 - x2
            if nx == 0 and ny == 0:
                continue
            a = [nx * x + ny * y for x, y in p]
            b = [nx * x + ny * y for x, y in q]
            if max(a) <= min(b) + 1e-6 or max(b) <= min(a) + 1e-6:
                return False
    return True


def test_the_d12_net_is_twelve_regular_pentagons_that_never_overlap():
    net = d12(EDGE)
    assert len(net.outlines) == 12
    for face in net.outlines:
        sides = [((face[i][0] - face[i - 1][0]) ** 2 + (face[i][1] - face[i - 1][1]) ** 2) ** 0.5 for i in range(5)]
        assert sides == pytest.approx([EDGE] * 5)
    faces = net.outlines
    assert not [(i, j) for i in range(12) for j in range(i + 1, 12) if _overlap(faces[i], faces[j])]


def test_the_d12_net_is_a_tree_of_faces_with_a_tab_for_every_edge_to_close():
    net = d12(EDGE)
    # a dodecahedron has 30 edges: 11 stay folds between faces; 19 are closed by a tab each
    assert len(net.tabs) == 19 and len(net.cuts) == 19
    assert len(net.folds) == 11 + 19
    faces = net.outlines
    assert not [(t, f) for t in net.tabs for f in faces if _overlap(t, f)]
    assert not [(i, j) for i in range(19) for j in range(i + 1, 19) if _overlap(net.tabs[i], net.tabs[j])]


def test_the_d12_footprint_is_about_five_by_eight_edges():
    width, height = d12(EDGE).size
    assert 5.0 < width / EDGE < 5.6 and 7.6 < height / EDGE < 8.4

"""Die nets fold into real dice: checked by folding the net in 3-D, independently of kitpress."""

import pytest

from kitpress.nets import d6

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

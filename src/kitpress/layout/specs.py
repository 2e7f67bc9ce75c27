"""Face layouts read once into typed specs: every length resolved at its place (a bare number is
millimetres; text says its unit), every choice checked, and what is bound per card (markup,
colours, conditions, image names) kept as the template it is. A deck of 5,000 cards reads its
layout once, and a mistake in it is reported once, whichever card would have reached it."""

from __future__ import annotations

from dataclasses import dataclass

from kitpress.content.yamlio import LocStr, YMap
from kitpress.errors import KitpressError, Loc, Problem, Problems, did_you_mean
from kitpress.impose import nets as die_nets, tracks as track_paths
from kitpress.layout.values import item_loc, mm, mm_of, mms, number, number_of
from kitpress.units import DASH, EXTENT, FLOOR_PT, FONT_SIZE, LINE_WIDTH, Bounds

SHAPE_KINDS = ("rect", "ellipse")
CUTS = ("rect", "circle")
FRAME_BOXES = ("trim", "safe")  # boxes a frame may name: they follow the face's size
TRACK_SPACES = Bounds("a number of spaces", 1, 200, whole=True)


@dataclass(frozen=True, slots=True)
class ShapeSpec:
    kind: str  # rect | ellipse | line | image
    box: str | tuple  # 'bleed', 'trim' or (x, y, w, h); a line's (x1, y1, x2, y2)
    fill: object  # a template, bound per card (None: none)
    stroke: object
    width: float  # points
    radius: float
    dash: tuple[float, ...]
    image: LocStr | None
    when: LocStr | None


@dataclass(frozen=True, slots=True)
class FrameSpec:
    id: str
    box: str | tuple[float, float, float, float]  # 'trim', 'safe' or (x, y, w, h)
    markup: LocStr
    valign: object
    fill: object
    stroke: object
    width: float
    radius: float
    pad: float
    rotate: int
    when: LocStr | None
    box_loc: Loc  # where `at:` is written, for what is wrong with the box's place
    fit_group: str | None = None  # frames of a deck that share one text size


@dataclass(frozen=True, slots=True)
class TrackSpec:
    id: str
    spaces: LocStr  # an expression: the items, one a space
    cells: tuple[track_paths.Space, ...]  # each space's box, side and turn, in the order the track runs
    seams: tuple  # x and y positions between spaces, where the face may be cut
    face: str  # the layout of a space
    face_loc: Loc
    spaces_loc: Loc
    corner_face: str | None = None  # the layout of a loop's corner spaces (None: `face`)
    corner_face_loc: Loc | None = None


@dataclass(frozen=True, slots=True)
class NetSpec:
    id: str
    type: str
    net: die_nets.Net
    faces: LocStr  # an expression: the items, one a face of the die
    face: str
    face_loc: Loc
    faces_loc: Loc


@dataclass(frozen=True, slots=True)
class FaceSpec:
    size: object  # a card name, 'paper', 'paper landscape' or '70mm x 120mm' (resolved by compose)
    size_loc: Loc
    bleed: float
    safe: float
    gutter: float | None  # None: the default; 0 is butted cards
    sheet: object  # a sheet template's name or 'columns x rows' (resolved by compose); None: as many as fit
    sheet_loc: Loc
    cut: str
    min_size: float  # points
    shapes: tuple[ShapeSpec, ...]
    frames: tuple[FrameSpec, ...]
    tracks: tuple[TrackSpec, ...]
    nets: tuple[NetSpec, ...]


@dataclass(frozen=True, slots=True)
class DocumentSpec:
    orientation: str  # portrait or landscape
    margins: tuple[float, float, float, float]  # top, right, bottom, left
    margins_loc: Loc
    columns: int
    gap: float
    header: LocStr | None  # templates, bound when the document is composed
    header_height: float
    footer: LocStr | None
    footer_height: float
    body: LocStr | None
    pages: int | None  # the most pages it may run to


ORIENTATIONS = ("portrait", "landscape")
COLUMNS = Bounds("a number of columns", 1, 12, whole=True)


def read_document(spec: YMap) -> DocumentSpec:
    """A document layout (merged with what it extends) as a DocumentSpec; every mistake at once."""
    problems = Problems()
    orientation = str(spec.get("orientation") or "portrait")
    if orientation not in ORIENTATIONS:
        problems.error(f"orientation '{orientation}'{did_you_mean(orientation, ORIENTATIONS)}: use portrait or landscape", spec.loc_of("orientation"))
    document = DocumentSpec(
        orientation,
        _read(problems, _margins, spec) or (0.0,) * 4,
        spec.loc_of("margins"),
        int(_read(problems, number_of, spec, "columns", 1, COLUMNS) or 1),
        _read(problems, mm_of, spec, "gap", "6mm", EXTENT),
        spec.get("header"),
        _read(problems, mm_of, spec, "header_height", 0, EXTENT),
        spec.get("footer"),
        _read(problems, mm_of, spec, "footer_height", 0, EXTENT),
        spec.get("body"),
        spec.get("pages"),
    )
    problems.raise_if_errors()
    return document


def _margins(spec: YMap) -> tuple[float, float, float, float]:
    """Top, right, bottom, left, from one, two (vertical horizontal) or four lengths."""
    margins = tuple(mm(v, "margins", spec.loc_of("margins"), EXTENT) for v in str(spec.get("margins") or "14mm").split())
    if len(margins) not in (1, 2, 4):
        raise KitpressError([Problem("error", "margins: one, two (vertical horizontal) or four lengths", spec.loc_of("margins"))])
    return margins * (4 // len(margins))


def read_face(spec: YMap, rtl: bool = False) -> FaceSpec:
    """A face layout (merged with what it extends) as a FaceSpec; every mistake in it at once.
    `rtl`: for a right-to-left language, whose tracks run mirrored (read_track)."""
    problems = Problems()
    gutter = None if spec.get("gutter") is None else _read(problems, mm, spec["gutter"], "gutter", spec.loc_of("gutter"), EXTENT)
    cut = str(spec.get("cut") or "rect")
    if cut not in CUTS:
        problems.error(f"cut '{cut}': use rect or circle", spec.loc_of("cut"))
    face = FaceSpec(
        spec.get("size"),
        spec.loc_of("size"),
        _read(problems, mm_of, spec, "bleed", 0, EXTENT),
        _read(problems, mm_of, spec, "safe", 0, EXTENT),
        gutter,
        spec.get("sheet"),
        spec.loc_of("sheet"),
        cut,
        _read(problems, number_of, spec, "min_size", FLOOR_PT, FONT_SIZE),
        _each(problems, read_shape, spec.get("shapes")),
        _each(problems, read_frame, spec.get("frames")),
        _each(problems, lambda raw: read_track(raw, rtl), spec.get("tracks")),
        _each(problems, read_net, spec.get("nets")),
    )
    problems.raise_if_errors()
    return face


def read_shape(raw: YMap) -> ShapeSpec:
    width = number_of(raw, "width", 0.75, LINE_WIDTH)
    radius = mm_of(raw, "radius", 0, EXTENT)
    dashes = raw.get("dash") or ()
    dash = tuple(number(v, "dash", item_loc(dashes, i, raw.loc_of("dash")), DASH) for i, v in enumerate(dashes))
    fill, stroke, when = raw.get("fill"), raw.get("stroke"), raw.get("when")
    if raw.get("image"):
        return ShapeSpec("image", _box(raw), None, None, 0, 0, (), raw["image"], when)
    if raw.get("line"):
        return ShapeSpec("line", mms(raw["line"], 4, raw, "line"), None, stroke, width, 0, dash, None, when)
    kind = _kind(raw)
    return ShapeSpec(kind, _box(raw), fill, stroke, width, radius if kind == "rect" else 0, dash, None, when)


def _box(raw: YMap) -> str | tuple:
    """A shape's box: `at:`, or the old `rect:` or `ellipse:` (still read; the layouts warn),
    the trim if none is given."""
    given = [key for key in ("at", "rect", "ellipse") if raw.get(key) is not None]
    if len(given) > 1:
        message = f"a shape has one box: {' and '.join(given)} both give one (write at: …)"
        raise KitpressError([Problem("error", message, raw.key_loc(given[1]))])
    key = given[0] if given else "at"
    box = raw[key] if given else "trim"
    if box in ("bleed", "trim"):
        return str(box)
    where = getattr(box, "loc", raw.loc)
    if not isinstance(box, list) or len(box) != 4:
        raise KitpressError([Problem("error", f"{key} is 'bleed', 'trim' or [x, y, width, height]", where)])
    return tuple(mm(v, key, item_loc(box, i, where)) for i, v in enumerate(box))


def _kind(raw: YMap) -> str:
    """rect or ellipse: `shape:`, or the old `ellipse: BOX`."""
    if raw.get("ellipse") is not None:
        return "ellipse"
    kind = str(raw.get("shape") or "rect")
    if kind not in SHAPE_KINDS:
        message = f"shape '{kind}'{did_you_mean(kind, SHAPE_KINDS)}: use rect or ellipse (or image: or line: for those)"
        raise KitpressError([Problem("error", message, raw.loc_of("shape"))])
    return kind


def read_frame(raw: YMap) -> FrameSpec:
    rotate = raw.get("rotate") or 0
    if isinstance(rotate, bool) or rotate not in (0, 90, 180, 270):
        raise KitpressError([Problem("error", "rotate: 0, 90, 180 or 270", raw.loc_of("rotate"))])
    return FrameSpec(
        str(raw["id"]),
        _frame_box(raw),
        raw["markup"],
        raw.get("valign"),
        raw.get("fill"),
        raw.get("stroke"),
        number_of(raw, "width", 0.75, LINE_WIDTH),
        mm_of(raw, "radius", 0, EXTENT),
        mm_of(raw, "pad", 0, EXTENT),
        int(rotate),
        raw.get("when"),
        raw.loc_of("at"),
        str(raw["fit_group"]) if raw.get("fit_group") else None,
    )


def _frame_box(raw: YMap) -> str | tuple:
    box = raw["at"]
    if isinstance(box, str):
        if box not in FRAME_BOXES:
            message = f"at '{box}'{did_you_mean(box, FRAME_BOXES)}: a frame's box is trim, safe or [x, y, width, height]"
            raise KitpressError([Problem("error", message, raw.loc_of("at"))])
        return box
    return mms(box, 4, raw, "at")


# A right-to-left language reads a track mirrored: from the other side, the other way round
_MIRRORED = {"top-left": "top-right", "top-right": "top-left", "bottom-left": "bottom-right", "bottom-right": "bottom-left",
             "clockwise": "counterclockwise", "counterclockwise": "clockwise"}


def read_track(raw: YMap, rtl: bool = False) -> TrackSpec:
    area = mms(raw["at"], 4, raw, "at")
    gap = mm_of(raw, "gap", 0, EXTENT)
    cols, rows = number_of(raw, "cols", 1, TRACK_SPACES), number_of(raw, "rows", 1, TRACK_SPACES)
    path = _choice(raw, "path", track_paths.PATHS, None)
    start = _choice(raw, "start", track_paths.CORNERS, track_paths.DEFAULT_START[path])
    direction = _choice(raw, "direction", track_paths.DIRECTIONS, "clockwise")
    facing = _choice(raw, "facing", track_paths.FACINGS, "up")
    corner = mm_of(raw, "corner", 0, EXTENT) or None
    if rtl:  # its first space where a right-to-left reader starts, and on the other way round
        start, direction = _MIRRORED[start], _MIRRORED[direction]
    if path == "serpentine":
        for key in ("direction", "corner", "facing", "corner_face"):
            if raw.get(key) is not None:
                raise KitpressError([Problem("error", f"'{key}' is for a loop: a serpentine runs along its rows", raw.loc_of(key))])
    try:
        cells = track_paths.spaces(path, cols, rows, area, gap, start, direction, corner, facing)
        seams = track_paths.seams(cols, rows, area, gap, corner)
    except ValueError as exc:
        where = "corner" if corner is not None and "corner" in str(exc) else "cols"
        raise KitpressError([Problem("error", str(exc), raw.loc_of(where))]) from None
    corner_face = str(raw["corner_face"]) if raw.get("corner_face") else None
    return TrackSpec(
        str(raw["id"]), raw["spaces"], tuple(cells), seams, str(raw["face"]), raw.loc_of("face"), raw.loc_of("spaces"),
        corner_face, raw.loc_of("corner_face") if corner_face else None,
    )


def _choice(raw: YMap, key: str, values: tuple, default: str | None) -> str:
    """raw[key], one of a few words, or a located error that names them."""
    value = raw.get(key)
    if value is None and default is not None:
        return default
    if str(value) not in values:
        message = f"{key} '{value}'{did_you_mean(str(value), values)}: use {', '.join(values)}"
        raise KitpressError([Problem("error", message, raw.loc_of(key))])
    return str(value)


def read_net(raw: YMap) -> NetSpec:
    kind = str(raw["type"])
    if kind not in die_nets.TYPES:
        message = f"unknown die net '{kind}'{did_you_mean(kind, die_nets.TYPES)}"
        raise KitpressError([Problem("error", message, raw.loc_of("type"))])
    net = die_nets.TYPES[kind](mm_of(raw, "edge", 0, EXTENT), mms(raw["at"], 2, raw, "at"))
    return NetSpec(str(raw["id"]), kind, net, raw["faces"], str(raw["face"]), raw.loc_of("face"), raw.loc_of("faces"))


def _read(problems: Problems, reader, *args):
    """What `reader` reads, or 0 with its problem collected (the spec is not used then)."""
    try:
        return reader(*args)
    except KitpressError as exc:
        problems.items.extend(exc.problems)
        return 0


def _each(problems: Problems, reader, raws) -> tuple:
    """Each item of a list read, the problems of all of them collected."""
    out = []
    for raw in raws or []:
        try:
            out.append(reader(raw))
        except KitpressError as exc:
            problems.items.extend(exc.problems)
    return tuple(out)

"""The composed scene as stable text: what a build would print, before anything is drawn.

One line per thing, indented by what holds it: parts, decks and their card grid, faces with their
shapes and text frames, faces placed on faces, documents. Lengths in millimetres to 0.01 mm (line
widths, dashes and font sizes in points, as layouts write them), so the text is the same on every
machine and a diff of two dumps reads as a diff of two kits (the golden tests compare them). A
face seen before is named, not repeated.
"""

from __future__ import annotations

import json
from pathlib import PurePath

from kitpress.compose.scene import Document, Face, Part, Shape, TextFrame
from kitpress.impose import pageboxes
from kitpress.impose.boards import board_pages
from kitpress.impose.geometry import card_grid, card_sheets
from kitpress.units import MM


def dump(parts: list[Part], paper: tuple[float, float], edge: float, board_mode: str = "tile", lang: str = "") -> str:
    """The scene of `parts`, laid out on `paper` (points) within `edge` (points) of its sides,
    boards bigger than the paper tiled or fitted (`board_mode`); the style sheets last."""
    out = Dumper(paper, edge, board_mode)
    out.line(0, f"{f'language {lang}, ' if lang else ''}paper {_size(paper)}, edge {_mm(edge)}, boards {board_mode}")
    for part in parts:
        out.part(part)
    return "\n".join(out.lines + out.styles) + "\n"


class Dumper:
    def __init__(self, paper: tuple[float, float], edge: float, board_mode: str):
        self.paper, self.edge, self.board_mode = paper, edge, board_mode
        self.lines: list[str] = []
        self.styles: list[str] = []  # the style sheets, written after the scene
        self.seen: dict[str, int] = {}  # face keys written out: the number each was given
        self.sheets: dict[int, str] = {}  # style sheets written, by identity: the name they were given
        self.house = None  # the first sheet: the others are written as what they change of it

    def line(self, depth: int, text: str) -> None:
        self.lines.append("  " * depth + text)

    def part(self, part: Part) -> None:
        self.line(0, f"part {part.component} ({part.kind}) {_text(part.title)}")
        for deck in part.decks:
            self.deck(deck)
        for n, board in enumerate(part.boards, 1):
            self.line(1, f"board {n}")
            for page in board_pages(board.size, self.paper, self.board_mode, self.edge, board.seams, board.bleed):
                self.line(2, f"{_board_page(page)}, {_boxes(pageboxes.board_page(page, board.size, board.bleed))}")
            self.face(board, 2)
        for doc in part.documents:
            self.document(doc)

    def deck(self, deck) -> None:
        self.line(1, f"deck {deck.name}: {len(deck.fronts)} cards")
        if deck.fronts:
            first = deck.fronts[0]
            try:
                grid = card_grid(self.paper, first.size, first.bleed, self.edge, first.gutter, first.across)
                xs = _mms(sorted({s.x for s in grid.slots}))
                ys = _mms(sorted({s.y for s in grid.slots}, reverse=True))
                self.line(2, f"sheet {grid.cols}x{grid.rows}, gutter {_mm(grid.gutter)}, trims' lower-left x {xs} y {ys}")
                for sheet in card_sheets([deck], self.paper, self.edge):  # each page's boxes, as the PDF gets them
                    boxes = pageboxes.card_sheet(sheet, [])
                    cards = f"{sheet.first + 1}-{sheet.first + len(sheet.placements)}"
                    self.line(3, f"{sheet.side}s of cards {cards}: {_boxes(boxes)}")
            except ValueError:
                self.line(2, "sheet: the card does not fit the paper")
        for ident, front in zip(deck.ids, deck.fronts):
            self.line(2, f"card {ident}")
            self.face(front, 3)
        if deck.back is not None:
            self.line(2, "back")
            self.face(deck.back, 3)
        for ident, back in zip(deck.ids, deck.backs):  # a back for each card
            self.line(2, f"back of {ident}")
            self.face(back, 3)

    def face(self, face: Face, depth: int) -> None:
        if face.key in self.seen:  # an equal face: one PDF form, drawn once
            self.line(depth, f"face #{self.seen[face.key]} {face.layout} again")
            return
        self.seen[face.key] = len(self.seen) + 1
        cut = "" if face.cut == "rect" else f", cut {face.cut}"
        gutter = "" if face.gutter is None else f", gutter {_mm(face.gutter)}"
        styles = self.sheet(face.sheet, face.layout)
        self.line(depth, f"face {face.layout} {_size(face.size)}, bleed {_mm(face.bleed)}{cut}{gutter}{styles}, #{self.seen[face.key]}")
        for shape in face.shapes:
            self.line(depth + 1, _shape(shape))
        for frame in face.frames:
            self.line(depth + 1, _frame(frame))
        for child in face.children:
            turned = f" turned {child.turn}" if child.turn else ""
            reach = f", bleeds {_mms(child.reach)}" if child.reach and any(child.reach) else ""  # left, bottom, right, top
            self.line(depth + 1, f"at ({_mm(child.x)},{_mm(child.y)}){turned}{reach}")
            self.face(child.face, depth + 2)
        for shape in face.overlays:
            self.line(depth + 1, "over " + _shape(shape))
        for name in sorted(face.faces):
            self.line(depth + 1, f"<face {name}>")
            self.face(face.faces[name], depth + 2)
        xs, ys = face.seams
        if xs or ys:
            self.line(depth + 1, f"seams x {_mms(xs)} y {_mms(ys)}")

    def document(self, doc: Document) -> None:
        margins = " ".join(_mm(m) for m in doc.margins)
        pages = "" if doc.max_pages is None else f", at most {doc.max_pages} pages"
        styles = self.sheet(doc.sheet, doc.layout)
        self.line(1, f"document {doc.layout} {doc.orientation}, margins {margins}, {doc.columns} columns gap {_mm(doc.gap)}{pages}{styles}")
        for name, markup, height in (("header", doc.header, doc.header_height), ("footer", doc.footer, doc.footer_height)):
            if markup.strip():
                self.line(2, f"{name} {_mm(height)}: {_text(markup)}")
        self.line(2, f"body: {_text(doc.body)}")
        for name in sorted(doc.faces):
            self.line(2, f"<face {name}>")
            self.face(doc.faces[name], 3)

    def sheet(self, sheet, layout: str) -> str:
        """', styles NAME': the first sheet seen is written out in full as the house's; a layout's
        own, where first seen, as what it changes of the house's."""
        if id(sheet) not in self.sheets:
            if self.house is None:
                self.house, name, colours, specs = sheet, "house", sheet.colors, sheet.specs
            else:
                name = layout
                colours = {k: v for k, v in sheet.colors.items() if self.house.colors.get(k) != v}
                specs = {k: v for k, v in sheet.specs.items() if self.house.specs.get(k) != v}
            self.sheets[id(sheet)] = name
            self.styles.append(f"styles {name}: colours {_json(colours)}")
            self.styles.extend(f"  {style} {_json(specs[style])}" for style in sorted(specs))
        return f", styles {self.sheets[id(sheet)]}"


def _board_page(page) -> str:
    on = f"on {_size(page.page)}"
    if page.how == "tile":
        tile = page.tile
        window = _mms(tile.window)
        return f"piece {tile.label} of {tile.cols}x{tile.rows} {on}: board from ({_mm(tile.source[0])},{_mm(tile.source[1])}) in {window}"
    scale = f" at {page.scale * 100:.1f} %" if page.how == "fitted" else ""
    return f"{page.how}{scale} {on} at ({_mm(page.at[0])},{_mm(page.at[1])})"


def _boxes(boxes) -> str:
    """A page's TrimBox and BleedBox (llx, lly, urx, ury), in millimetres from the paper's lower-left."""
    return f"trim box {_mms(boxes.trim)}, bleed box {_mms(boxes.bleed)}"


def _shape(shape: Shape) -> str:
    extra = [f"fill {shape.fill}" if shape.fill else "", f"stroke {shape.stroke} {shape.width:g}pt" if shape.stroke else ""]
    extra += [f"radius {_mm(shape.radius)}" if shape.radius else "", f"dash {_pts(shape.dash)}" if shape.dash else ""]
    extra += [f"image {PurePath(shape.image).name}" if shape.image else ""]  # where the file is: no matter
    return f"{shape.kind} {_mms(shape.coords)} " + ", ".join(e for e in extra if e)


def _frame(frame: TextFrame) -> str:
    box = _mms(frame.box)
    extra = [f"valign {frame.valign}", f"min {frame.min_size:g}pt" if frame.min_size else "", f"pad {_mm(frame.pad)}" if frame.pad else ""]
    extra += [f"fill {frame.fill}" if frame.fill else "", f"stroke {frame.stroke} {frame.width:g}pt" if frame.stroke else ""]
    extra += [f"rotate {frame.rotate}" if frame.rotate else ""]
    return f"frame {frame.id} {box} " + ", ".join(e for e in extra if e) + f": {_text(frame.markup)}"


def _mm(points: float) -> str:
    value = round(points / MM, 2)
    return f"{value:g}" if value != 0 else "0"  # never '-0'


def _mms(values) -> str:
    return "[" + ",".join(_mm(v) for v in values) + "]"


def _pts(values) -> str:
    return "[" + ",".join(f"{round(v, 2):g}" for v in values) + "]pt"


def _size(size: tuple[float, float]) -> str:
    return f"{_mm(size[0])}x{_mm(size[1])}mm"


def _text(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)  # one line, quotes and breaks escaped


def _json(value) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, default=str)

"""Card sheets painted: the fronts and mirrored backs `impose.card_sheets` lays out, with crop
marks, cut lines and the margin note."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from kitpress.compose.scene import Deck
from kitpress.impose import pageboxes
from kitpress.impose.geometry import CardGrid, CardSheet, Placement, card_grid, card_sheets
from kitpress.render import facecache, replays
from kitpress.render.canvas import INK, FormCache, Job, open_canvas, para, set_boxes
from kitpress.units import MM
from kitpress.typeset import styles

HAIRLINE = 0.25  # points: the thinnest line a print shop keeps (PRINT.md); crop marks, cut lines and circles
CUT_GREY = Color(0.6, 0.6, 0.6)  # the cut lines: seen for scissors, faint where a cut is a hair off them


def sheets(decks: tuple[Deck, ...], job: Job) -> list[tuple[int, int]]:
    """Every sheet of fronts in print order, as (deck index, index of its first card)."""
    return [(d, start) for d, deck in enumerate(decks) for start in range(0, len(deck.fronts), deck_grid(deck, job).per_sheet)]


def render_cards(path: Path, decks: tuple[Deck, ...], job: Job, notes: tuple[str, str], only=None) -> int:
    """Paint the card sheets impose lays out (`only`: these sheets of `sheets()`, not all), each
    sheet of fronts followed by its mirrored backs. Returns the page count."""
    laid_out = card_sheets(decks, job.paper, job.edge, job.flip, job.back_offset, only)
    c = open_canvas(path, job.paper, job.meta)
    forms = FormCache(c, _recurring(laid_out))
    facecache.fetch({id(placement.face): placement.face for sheet in laid_out for placement in sheet.placements}.values())
    notes_drawn: dict[tuple, str] = {}
    for sheet in laid_out:
        if sheet.side == "back":
            c.saveState()
            c.translate(*sheet.shift)  # corrects the printer's shift between the two sides
        for placement in sheet.placements:
            _place(c, forms, placement)
        if sheet.side == "back":
            c.restoreState()
        marks = []
        if sheet.side == "front" and decks[sheet.deck].fronts[0].cut == "circle":
            _circles(c, sheet.grid, sheet.cut_lines)  # a circle's only guide: drawn with --cut-lines none too
        else:
            marks = sheet.grid.marks(sheet.slots)  # the printed slots' cut lines, none for an empty slot
            # no cut lines on backs (sheet.cut_lines is empty): a duplex shift would show them beside the trim
            cut_lines = sheet.cut_lines if job.cut_lines == "trim" else ()
            _marks(c, sheet.grid, marks, cut_lines, job)
        _note(c, notes[0] if sheet.side == "front" else notes[1], sheet.grid, job, notes_drawn)
        set_boxes(c, pageboxes.card_sheet(sheet, marks))
        c.showPage()
    c.save()
    facecache.store().flush()  # the faces drawn here, for the next PDF that prints them
    return len(laid_out)


def _recurring(laid_out: list[CardSheet]) -> set[str]:
    """Faces printed more than once on these sheets (backs, copies): worth a PDF form each."""
    seen = Counter()
    for sheet in laid_out:
        weight = 2 if sheet.side == "back" else 1  # a deck's back recurs on every sheet of backs
        for placement in sheet.placements:
            seen[placement.face.key] += weight
    return {key for key, count in seen.items() if count > 1}


def _marks(c: Canvas, grid: CardGrid, marks: list, cut_lines, job: Job) -> None:
    """Crop marks outside the bleed, and thin grey trim lines on the `cut_lines` slots for
    scissors: the same on every full sheet of a grid, so drawn once a process and written again
    as their operators after (render/replays; 40 µs a sheet, 5 % of drawing a sheet of kept faces)."""
    key = ("crop marks", grid.card, tuple(marks), tuple((slot.x, slot.y) for slot in cut_lines))
    replays.draw(c, key, job.sheet, lambda: _draw_marks(c, grid, marks, cut_lines))


def _draw_marks(c: Canvas, grid: CardGrid, marks: list, cut_lines) -> None:
    c.saveState()
    c.setStrokeColor(CUT_GREY)
    c.setLineWidth(HAIRLINE)
    for slot in cut_lines:
        c.rect(slot.x, slot.y, grid.card[0], grid.card[1], stroke=1, fill=0)
    c.setStrokeColor(INK)
    c.setLineWidth(HAIRLINE)
    c.lines(marks)  # one path for all marks
    c.restoreState()


def deck_grid(deck: Deck, job: Job) -> CardGrid:
    face = deck.fronts[0]
    return card_grid(job.paper, face.size, face.bleed, job.edge, face.gutter, face.across)


def _place(c: Canvas, forms: FormCache, placement: Placement) -> None:
    if placement.clip is None:
        forms.place(placement.face, placement.x, placement.y)
        return
    x0, y0, x1, y1 = placement.clip  # butted cards: keep each inside its share
    c.saveState()
    path = c.beginPath()
    path.rect(x0, y0, x1 - x0, y1 - y0)
    c.clipPath(path, stroke=0, fill=0)
    forms.place(placement.face, placement.x, placement.y)
    c.restoreState()


def _circles(c: Canvas, grid: CardGrid, used) -> None:
    """Round tokens are cut on their circle: a thin line on the trim, no crop marks."""
    c.saveState()
    c.setStrokeColor(INK)
    c.setLineWidth(HAIRLINE)
    for slot in used:
        c.ellipse(slot.x, slot.y, slot.x + grid.card[0], slot.y + grid.card[1], stroke=1, fill=0)
    c.restoreState()


def _note(c: Canvas, text: str, grid: CardGrid, job: Job, drawn: dict[tuple, str]) -> None:
    """A line of instructions along the left margin, clear of the marks. The same note on the
    same grid is the same operators on every sheet of this canvas (`drawn`): set once, copied
    after (a paragraph a sheet was a fifth of drawing the sheets when their faces were kept)."""
    if not text:
        return
    left = grid.slots[0].x - grid.bleed - 1 * MM - grid.mark_length
    room = left - job.edge - 1 * MM
    if room < 3 * MM:
        return
    key = (text, left, grid.paper)
    if key in drawn:
        c._code.append(drawn[key])
        return
    start = len(c._code)
    _set_note(c, text, grid, job, room)
    drawn[key] = "\n".join(c._code[start:])


def _set_note(c: Canvas, text: str, grid: CardGrid, job: Job, room: float) -> None:
    note = para(text, styles.para(job.sheet, "slug"))
    height_avail = grid.paper[1] - 2 * job.edge - 20 * MM
    _, ph = note.wrap(height_avail, room)
    c.saveState()
    c.translate(job.edge + min(room, ph) / 2 + ph / 2, grid.paper[1] / 2)
    c.rotate(90)
    note.drawOn(c, -height_avail / 2, -ph / 2)
    c.restoreState()

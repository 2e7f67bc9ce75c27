"""Card sheets: fronts n-up with crop marks and cut lines, each followed by its backs,
mirrored for a long-edge duplex print."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from kitpress.compose.scene import Deck
from kitpress.impose.geometry import CardGrid, back_shift, card_grid
from kitpress.render.canvas import INK, FormCache, Job, open_canvas, para
from kitpress.units import MM


def sheets(decks: tuple[Deck, ...], job: Job) -> list[tuple[int, int]]:
    """Every sheet of fronts in print order, as (deck index, index of its first card)."""
    return [(d, start) for d, deck in enumerate(decks) for start in range(0, len(deck.fronts), deck_grid(deck, job).per_sheet)]


def render_cards(path: Path, decks: tuple[Deck, ...], job: Job, notes: tuple[str, str], only=None) -> int:
    """Fronts sheets, each followed by its mirrored backs sheet (`only`: these sheets of
    `sheets()`, not all). Returns the page count."""
    only = sheets(decks, job) if only is None else only
    c = open_canvas(path, job.paper, job.meta)
    forms = FormCache(c, _recurring(decks, job, only))
    pages = 0
    for d, start in only:
        deck = decks[d]
        grid = deck_grid(deck, job)
        batch = deck.fronts[start : start + grid.per_sheet]
        for slot, face in zip(grid.slots, batch):
            _place(c, forms, grid, slot, face)
        if deck.fronts[0].cut == "circle":
            _circles(c, grid, grid.slots[: len(batch)])
        else:
            _marks(c, grid, grid.slots[: len(batch)])
        _note(c, notes[0], grid, job)
        c.showPage()
        pages += 1
        if deck.back is not None:
            c.saveState()
            c.translate(*back_shift(job.back_offset, job.flip))  # corrects the printer's shift between the two sides
            for slot in grid.back_slots(job.flip)[: len(batch)]:
                _place(c, forms, grid, slot, deck.back)
            c.restoreState()
            _marks(c, grid, ())  # no cut lines on backs: a duplex shift would show them
            _note(c, notes[1], grid, job)
            c.showPage()
            pages += 1
    c.save()
    return pages


def _recurring(decks: tuple[Deck, ...], job: Job, only) -> set[str]:
    """Faces printed more than once on these sheets (backs, copies): worth a PDF form each."""
    seen = Counter()
    for d, start in only:
        deck = decks[d]
        per_sheet = deck_grid(deck, job).per_sheet
        seen.update(face.key for face in deck.fronts[start : start + per_sheet])
        if deck.back is not None:
            seen[deck.back.key] += 2
    return {key for key, count in seen.items() if count > 1}


def _marks(c: Canvas, grid: CardGrid, used) -> None:
    """Crop marks outside the bleed, and thin grey trim lines on the used slots for scissors."""
    c.saveState()
    c.setStrokeColor(Color(0.6, 0.6, 0.6))
    c.setLineWidth(0.2)
    for slot in used:
        c.rect(slot.x, slot.y, grid.card[0], grid.card[1], stroke=1, fill=0)
    c.setStrokeColor(INK)
    c.setLineWidth(0.25)
    c.lines(grid.marks())  # one path for all marks
    c.restoreState()


def deck_grid(deck: Deck, job: Job) -> CardGrid:
    face = deck.fronts[0]
    return card_grid(job.paper, face.size, face.bleed, job.edge, face.gutter)


def _place(c: Canvas, forms: FormCache, grid: CardGrid, slot, face) -> None:
    if grid.gutter >= 2 * grid.bleed:
        forms.place(face, slot.x, slot.y)
        return
    x0, y0, x1, y1 = grid.clip_box(slot)  # butted cards: keep each inside its share
    c.saveState()
    path = c.beginPath()
    path.rect(x0, y0, x1 - x0, y1 - y0)
    c.clipPath(path, stroke=0, fill=0)
    forms.place(face, slot.x, slot.y)
    c.restoreState()


def _circles(c: Canvas, grid: CardGrid, used) -> None:
    """Round tokens are cut on their circle: a thin line on the trim, no crop marks."""
    c.saveState()
    c.setStrokeColor(INK)
    c.setLineWidth(0.25)
    for slot in used:
        c.ellipse(slot.x, slot.y, slot.x + grid.card[0], slot.y + grid.card[1], stroke=1, fill=0)
    c.restoreState()


def _note(c: Canvas, text: str, grid: CardGrid, job: Job) -> None:
    """A line of instructions along the left margin, clear of the marks."""
    if not text:
        return
    left = grid.slots[0].x - grid.bleed - 1 * MM - grid.mark_length
    room = left - job.edge - 1 * MM
    if room < 3 * MM:
        return
    note = para(text, job.sheet.para("slug"))
    height_avail = grid.paper[1] - 2 * job.edge - 20 * MM
    _, ph = note.wrap(height_avail, room)
    c.saveState()
    c.translate(job.edge + min(room, ph) / 2 + ph / 2, grid.paper[1] / 2)
    c.rotate(90)
    note.drawOn(c, -height_avail / 2, -ph / 2)
    c.restoreState()

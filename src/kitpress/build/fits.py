"""How each deck of a composed game fits the paper, as lines a designer reads in `kitpress
check` ("events: tarot 70 × 120 mm on A4: 4 a sheet (2 × 2), 9 sheets")."""

from __future__ import annotations

from kitpress.compose.scene import Part
from kitpress.impose.fitting import deck_fit
from kitpress.layout.sizes import paper_name



def deck_fits(parts: list[Part], composer) -> list[str]:
    """One line a deck: its card size by name, how many a sheet, how many sheets, and the nearest
    smaller card that would fit more."""
    paper = composer.options.paper
    shown = paper_name(paper)
    lines = []
    for part in parts:
        for deck in part.decks:
            front = deck.fronts[0]
            size = composer.layouts.get(front.layout, composer.game.meta.loc).spec.get("size")
            name = str(size) if str(size) in composer.layouts.sizes.cards else ""
            fit = deck_fit(composer.paper, front.size, front.bleed, composer.options.edge, front.gutter, len(deck.fronts), front.across)
            lines.append(f"{part.component}/{deck.name}: {fit.said(name, shown)}")
    return lines

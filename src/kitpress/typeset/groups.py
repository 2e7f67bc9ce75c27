"""Fit groups: the frames of a deck that say `fit_group: NAME` (its cards' titles, say) all take
one text size, the largest that fits every one of them, so a deck's titles do not shrink each
to its own size. Fitted here, in the main process, before any card is drawn."""

from __future__ import annotations

import dataclasses

from kitpress.compose.scene import Deck, Face, Part
from kitpress.digest import digest
from kitpress.errors import Problem, Problems
from kitpress.typeset import fit
from kitpress.typeset.frames import set_frame


def fit_groups(parts: list[Part]) -> tuple[list[Part], list[Problem]]:
    """The parts with each grouped frame capped at its group's scale, and what fitting found."""
    found: list[Problem] = []
    out = []
    for part in parts:
        decks = []
        for deck in part.decks:
            capped, problems = _deck(deck)
            decks.append(capped)
            found += problems
        out.append(dataclasses.replace(part, decks=tuple(decks)) if part.decks else part)
    return out, found


def _deck(deck: Deck) -> tuple[Deck, list[Problem]]:
    if not isinstance(deck.fronts, tuple) or not any(frame.group for face in deck.fronts for frame in face.frames):
        return deck, []  # no group (a deck composed card by card in the workers has none)
    scales: dict[str, float] = {}
    said: list[Problem] = []  # all but the shrink warnings; of those, the card's that sets each group's size
    worst: dict[str, list[Problem]] = {}
    with fit.collecting(Problems()) as problems:
        for face in deck.fronts:
            for frame in face.frames:
                if frame.group:
                    _, _, w, h = frame.box
                    before = len(problems.items)
                    fitted = set_frame(face, frame, *((h, w) if frame.rotate in (90, 270) else (w, h)))
                    found = problems.items[before:]
                    said += [p for p in found if not _shrunk(p)]
                    if fitted.scale is not None and fitted.scale < scales.get(frame.group, 1.0):
                        scales[frame.group] = fitted.scale
                        worst[frame.group] = [p for p in found if _shrunk(p)]
    scales = {group: scale for group, scale in scales.items() if scale < 1 - 1e-6}
    for group, warnings in worst.items():  # the rest shrink with it: one warning says so for all
        note = f" (its fit group '{group}' prints all {len(deck.fronts)} cards of the deck at this size)"
        said += [dataclasses.replace(p, message=p.message.replace("; shorten it", note + "; shorten it", 1)) for p in warnings]
    if not scales:
        return deck, said
    return dataclasses.replace(deck, fronts=tuple(_capped(face, scales) for face in deck.fronts)), said


def _shrunk(problem: Problem) -> bool:
    return problem.level == "warning" and fit.SHRUNK in problem.message


def _capped(face: Face, scales: dict[str, float]) -> Face:
    frames = tuple(dataclasses.replace(f, cap=scales[f.group]) if f.group in scales else f for f in face.frames)
    if frames == face.frames:
        return face
    return dataclasses.replace(face, frames=frames, key=digest((face.key, [f.cap for f in frames])))

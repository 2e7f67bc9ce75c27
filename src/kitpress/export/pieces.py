"""What a game's composed parts give the exports: its decks card by card (copies included, each
card with its words as printed, for a name and a description), and its boards."""

from __future__ import annotations

import re
from dataclasses import dataclass

from kitpress.compose.scene import Face, Part
from kitpress.layout import markuplang

TITLE_FRAMES = ("title", "name", "heading")  # a frame with one of these ids names its card


@dataclass(frozen=True)
class Card:
    id: str
    front: Face
    back: Face | None
    name: str  # its title as printed
    text: str  # the rest of its words as printed


@dataclass(frozen=True)
class DeckPieces:
    component: str
    name: str
    cards: tuple[Card, ...]  # in deck order, copies included

    @property
    def backed(self) -> bool:
        return any(card.back is not None for card in self.cards)

    @property
    def shared_back(self) -> Face | None:
        """The one back every card has, if they share one."""
        keys = {card.back.key if card.back else None for card in self.cards}
        return self.cards[0].back if len(keys) == 1 else None

    @property
    def round(self) -> bool:
        return self.cards[0].front.cut == "circle"

    def distinct(self) -> list[Card]:
        """One card a design: copies (the same id and face) once."""
        seen, kept = set(), []
        for card in self.cards:
            key = (card.id, card.front.key, card.back.key if card.back else None)
            if key not in seen:
                seen.add(key)
                kept.append(card)
        return kept


@dataclass(frozen=True)
class Board:
    component: str
    name: str
    face: Face


def decks(parts: list[Part]) -> list[DeckPieces]:
    found = []
    for part in parts:
        for deck in part.decks:
            cards = tuple(
                Card(ident, front, deck.back_of(index), *words(front))
                for index, (ident, front) in enumerate(zip(deck.ids, deck.fronts))
                if front is not None
            )
            if cards:
                found.append(DeckPieces(part.component, deck.name, cards))
    return found


def boards(parts: list[Part]) -> list[Board]:
    return [Board(p.component, f"{p.component}-{n}" if len(p.boards) > 1 else p.component, face)
            for p in parts if p.kind == "board" for n, face in enumerate(p.boards, 1)]  # fmt: skip


def words(face: Face) -> tuple[str, str]:
    """A face's name (its title frame's text, else its first frame's) and the rest of its text."""
    texts = [(frame.id, plain(frame.markup)) for frame in face.frames]
    texts = [(ident, text) for ident, text in texts if text]
    if not texts:
        return "", ""
    title = next((i for i, (ident, _) in enumerate(texts) if ident in TITLE_FRAMES), 0)
    return texts[title][1], "\n".join(text for i, (_, text) in enumerate(texts) if i != title)


def plain(markup: str) -> str:
    """The words of a frame's markup without its tags: a line for each paragraph (and each line
    break), one space between words."""
    try:
        root = markuplang.parse(markup).root
    except Exception:  # noqa: BLE001 - markup the composer took is well-formed; anything else shows as it is
        return " ".join(re.sub(r"<[^>]*>", " ", markup).split())
    pieces: list[str] = []

    def walk(el) -> None:
        block = el.tag in markuplang.BLOCKS
        if block or el.tag == "br":
            pieces.append("\n")
        pieces.append(el.text or "")
        for child in el:
            walk(child)
        if block:
            pieces.append("\n")
        pieces.append(el.tail or "")

    walk(root)
    lines = (" ".join(line.split()) for line in "".join(pieces).split("\n"))
    return "\n".join(line for line in lines if line)

"""A game's decks composed: each deck's cards (from a collection or an expression, with copies
and blanks), how they sit on the paper, and their front and back faces."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Callable

from kitpress.compose.bind import BindError
from kitpress.compose.scene import Deck, Face
from kitpress.layout.values import number
from kitpress.content.game import Component
from kitpress.errors import KitpressError
from kitpress.impose.geometry import card_grid
from kitpress.layout.layouts import Layout
from kitpress.units import MM, Bounds

# The cards of one deck, copies and blanks included: a classroom needs thousands, and a deck is
# held whole while it is composed.
MAX_DECK_CARDS = 20_000
COPIES = Bounds("a number of copies", 0, MAX_DECK_CARDS, whole=True)
BLANKS = Bounds("a number of blank cards", 0, MAX_DECK_CARDS, whole=True)


class LazyFronts(Sequence):
    """A big deck's card faces, composed when asked for. A build composes each batch of sheets
    in the worker that draws it: the cards are bound on every core, and the main process never
    holds them all.

    With `context` (the context card `index` is composed with) and `track` (the binder's, see
    Binder.track), it also keeps the names each card's templates read as it was composed: what a
    batch of them is made from, so that the next build can tell an unchanged batch without
    composing it (build/batchinputs)."""

    def __init__(
        self, card: Callable[[int], Face], count: int, context: Callable[[int], dict] | None = None, track=None, made_with: tuple = ()
    ):
        self._card, self._count, self.context, self._track = card, count, context, track
        self.made_with = made_with  # what else each card is composed with: its layout, deck and component
        self._made: dict[int, Face] = {}
        self.reads: dict[int, set] = {}  # by card, when tracked: the names composing it read

    def __len__(self) -> int:
        return self._count

    def __getitem__(self, index):
        if isinstance(index, slice):
            return tuple(self[i] for i in range(*index.indices(self._count)))
        index = index + self._count if index < 0 else index
        if not 0 <= index < self._count:
            raise IndexError(index)
        if index not in self._made:
            if self._track is None:
                self._made[index] = self._card(index)
            else:
                reads: set = set()
                before = self._track(reads)
                try:
                    self._made[index] = self._card(index)
                finally:
                    self._track(before)
                    if before is not None:  # a tracking around this one reads what the card read
                        before.update(reads)
                self.reads[index] = reads
        return self._made[index]


class Decks:
    """The decks of the game a Composer composes."""

    def __init__(self, composer):  # the Composer it works for (which imports this module)
        self.composer = composer

    def sheet_counts(self) -> dict:
        counts = {}
        for comp in self.composer.game.components:
            if comp.kind == "cards":
                sizes = [(self.composer.layout_ref(deck, "front")[0], len(self.cards(deck)[1])) for deck in comp.decks]
                if comp.share_sheets:  # one run of sheets (a mismatch of sizes is said when the decks are composed)
                    counts[comp.id] = self.sheets(sizes[0][0], sum(cards for _, cards in sizes))
                else:
                    counts[comp.id] = sum(self.sheets(layout, cards) for layout, cards in sizes)
            elif comp.kind in ("board", "page"):
                counts[comp.id] = len(comp.layouts)
            else:
                counts[comp.id] = 1
        return counts

    def grid(self, layout: Layout):
        """How a deck's cards sit on the paper; None (and a problem at the layout's size) if not at all."""
        size, bleed = self.composer.size(layout), self.composer.bleed(layout)
        gutter, across = self.composer.gutter(layout), self.composer.across(layout)
        try:
            return card_grid(self.composer.paper, size, bleed, self.composer.options.edge, gutter, across)
        except ValueError:
            pass
        if across is not None and _fits(self.composer.paper, size, bleed, self.composer.options.edge, gutter):
            self._too_many_across(layout, size, across)
            return None
        papers = self.composer.layouts.sizes.papers
        bigger = [name for name, paper in papers.items() if _fits(paper, size, bleed, self.composer.options.edge, gutter)]
        card = f"{_shown(size[0])}×{_shown(size[1])} mm card" + (f" with {_shown(bleed)} mm bleed" if bleed else "")
        paper = f"{self.composer.options.paper} paper ({_shown(self.composer.paper[0])}×{_shown(self.composer.paper[1])} mm)"
        fix = f"use a bigger paper (--paper {' or '.join(bigger)}) or a smaller card" if bigger else "make the card smaller"
        message = f"a {card} does not fit on {paper}, crop marks included: {fix}"
        if message not in {p.message for p in self.composer.problems.items}:  # one problem per layout
            self.composer.problems.error(message, layout.spec.loc_of("size"))
        return None

    def _too_many_across(self, layout: Layout, size, across: tuple[int, int]) -> None:
        """A sheet template with more cards than the paper holds: said at the layout's `sheet:`."""
        grid = card_grid(self.composer.paper, size, self.composer.bleed(layout), self.composer.options.edge, self.composer.gutter(layout))
        paper = f"{self.composer.options.paper} paper ({_shown(self.composer.paper[0])}×{_shown(self.composer.paper[1])} mm)"
        cards = f"{_shown(size[0])}×{_shown(size[1])} mm cards"
        message = f"sheet {across[0]} x {across[1]}: {cards} fit {grid.cols} x {grid.rows} on {paper}, crop marks included"
        if message not in {p.message for p in self.composer.problems.items}:
            self.composer.problems.error(message, self.composer.layouts.face(layout).sheet_loc)

    def cards(self, deck) -> tuple[str, list]:
        """A deck's name and its cards, copies and blanks included (a blank card is None)."""
        name = str(deck.get("id") or deck.get("collection") or "cards")
        if deck.get("collection"):
            items = self.composer.game.data.get(str(deck["collection"]))
            if not isinstance(items, list):
                raise KitpressError(
                    [
                        self.composer.problem(
                            f"deck collection '{deck['collection']}' is not a list in the content", deck.loc_of("collection")
                        )
                    ]
                )
            items = list(items)
        else:
            items = self.composer.items(deck["cards"], self.composer.context(None, {}))
        field = str(deck["copies"]) if deck.get("copies") else None
        counts = [self.copies(item, field, deck) for item in items] if field else [1] * len(items)
        blanks = self.blanks(deck) if deck.get("blanks") else 0
        cards = sum(counts)
        if cards + blanks > MAX_DECK_CARDS:  # at the key that makes it too many
            source = "collection" if deck.get("collection") else "cards"
            over = "blanks" if cards <= MAX_DECK_CARDS else "copies" if field else source
            message = f"deck '{name}' has {cards + blanks:,} cards, more than the {MAX_DECK_CARDS:,} a deck may have"
            raise KitpressError([self.composer.problem(message, deck.loc_of(over))])
        return name, [item for item, count in zip(items, counts) for _ in range(count)] + [None] * blanks

    def copies(self, item, field: str, deck) -> int:
        """How many times a card is printed: its `field` (`copies: count`), 1 if it has none."""
        value = item.get(field) if isinstance(item, dict) else None
        if value is None:
            return 1
        return number(value, field, item.loc_of(field) if hasattr(item, "loc_of") else deck.loc_of("copies"), COPIES)

    def blanks(self, deck) -> int:
        """The blank cards of a deck: what its `blanks` expression gives."""
        source, loc = deck["blanks"], deck.loc_of("blanks")
        try:
            value = self.composer.binder.expression(source)(**self.composer.game.data)
        except BindError as exc:
            raise KitpressError([self.composer.problem(str(exc), exc.loc)]) from None
        except Exception as exc:  # noqa: BLE001 - the author's expression, with its place
            raise KitpressError([self.composer.problem(f"{type(exc).__name__}: {exc}", loc)]) from None
        return number(value, "blanks", loc, BLANKS)

    def deck(self, comp: Component, deck) -> Deck:
        name, items = self.cards(deck)
        if not items:
            raise KitpressError([self.composer.problem(f"deck '{name}' has no cards", deck.loc)])
        front, front_params = self.composer.layout_ref(deck, "front")
        ids = tuple(str(item.get("id", i + 1)) if isinstance(item, dict) else f"blank-{i + 1}" for i, item in enumerate(items))
        about = {"name": name, "id": str(deck.get("id") or name), "title": str(deck.get("title") or ""), "count": len(items)}

        def context(index: int | None) -> dict:
            if index is None:  # the deck's one back
                return self.composer.context(comp, {"deck": about})
            return self.composer.context(comp, {"card": items[index], "deck": {**about, "index": index}})

        def card(index: int) -> Face:
            return self.composer.face(front, context(index), f"{comp.id}/{name} card '{ids[index]}'", params=front_params)

        lazy = self.composer.options.lazy_sheets and self.sheets(front, len(items)) > self.composer.options.lazy_sheets
        lazy = lazy and not any(frame.fit_group for frame in self.composer.layouts.face(front).frames)  # groups fit in main
        if lazy:
            fronts = LazyFronts(
                card, len(items), lambda index: {**context(index), "params": front_params}, self.composer.binder.track, (front.name, name, comp.id)
            )
        else:
            fronts = tuple(card(index) for index in range(len(items)))
        if not deck.get("back") or not self.composer.options.backs:
            return Deck(name, fronts, ids, None)
        back_layout, back_params = self.composer.layout_ref(deck, "back")
        if not (isinstance(deck["back"], dict) and deck["back"].get("per_card")):
            return Deck(name, fronts, ids, self.composer.face(back_layout, context(None), f"{comp.id}/{name} back", params=back_params))

        def back_of(index: int) -> Face:
            return self.composer.face(back_layout, context(index), f"{comp.id}/{name} back of '{ids[index]}'", params=back_params)

        backs = LazyFronts(back_of, len(items)) if lazy else tuple(back_of(index) for index in range(len(items)))
        return Deck(name, fronts, ids, None, backs)

    def shared(self, comp: Component, decks: tuple[Deck, ...]) -> tuple[Deck, ...]:
        """A component's decks as one, their cards one after another on shared sheets (two decks
        of two cards take one sheet, not two): each card keeps its own back."""
        first = decks[0].fronts[0]
        for deck in decks[1:]:
            front = deck.fronts[0]
            if (front.size, front.bleed, front.gutter, front.across) != (first.size, first.bleed, first.gutter, first.across):
                sizes = f"{_shown(first.size[0])}×{_shown(first.size[1])} mm and {_shown(front.size[0])}×{_shown(front.size[1])} mm"
                message = f"share_sheets: decks '{decks[0].name}' and '{deck.name}' have different cards ({sizes}, or their bleed or gutter): put them in components of their own"
                raise KitpressError([self.composer.problem(message, comp.loc)])
        if len({deck.has_backs for deck in decks}) > 1:
            message = "share_sheets: every deck that shares the sheets needs a back, or none does"
            raise KitpressError([self.composer.problem(message, comp.loc)])
        fronts = tuple(face for deck in decks for face in deck.fronts)
        ids = tuple(f"{deck.name}/{ident}" for deck in decks for ident in deck.ids)
        backs = tuple(deck.back_of(i) for deck in decks for i in range(len(deck.fronts))) if decks[0].has_backs else ()
        return (Deck(comp.id, fronts, ids, None, backs),)

    def sheets(self, front: Layout, cards: int) -> int:
        """Sheets a deck of `cards` takes (0 if its cards fit no sheet: reported by _grid)."""
        grid = self.grid(front)
        return math.ceil(cards / grid.per_sheet) if grid else 0


def _fits(paper, size, bleed, edge, gutter) -> bool:
    try:
        card_grid(paper, size, bleed, edge, gutter)
    except ValueError:
        return False
    return True


def _shown(points: float) -> str:
    """A length in mm as a person writes it: 200, 63.5."""
    return f"{round(points / MM, 1):g}"

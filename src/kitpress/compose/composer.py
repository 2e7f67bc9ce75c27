"""Game + layouts -> scene: bind every template into faces and documents, check their markup,
collect every problem. Fitting text is typeset's: compose_game does it, or the drawing workers."""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Callable

from kitpress.compose import placed
from kitpress.compose.bind import BindError, Binder, Printed
from kitpress.compose.scene import Deck, Document, Face, Part, TextFrame, face_key
from kitpress.compose.shapes import Shapes
from kitpress.compose.values import mm, mm_of, mms, number, number_of
from kitpress.content.game import Component, Game, lookup
from kitpress.content.yamlio import LocStr
from kitpress.digest import digest
from kitpress.errors import KitpressError, Loc, Problem, Problems, did_you_mean
from kitpress.impose.geometry import SAFE_EDGE, card_grid
from kitpress.layout.layouts import Layout, Layouts
from kitpress.layout.sizes import parse_size
from kitpress.typeset import fonts
from kitpress.typeset.fit import FLOOR_PT, Blame, line_in
from kitpress.typeset.fonts import missing_glyphs
from kitpress.typeset.markup import Builder, MarkupError, any_face, check_comments_closed, strip_comments
from kitpress.units import EXTENT, FONT_SIZE, LINE_WIDTH, MM, Bounds

# The cards of one deck, copies and blanks included: a classroom needs thousands, and a deck is
# held whole while it is composed.
MAX_DECK_CARDS = 20_000
COPIES = Bounds("a number of copies", 0, MAX_DECK_CARDS, whole=True)
BLANKS = Bounds("a number of blank cards", 0, MAX_DECK_CARDS, whole=True)
COLUMNS = Bounds("a number of columns", 1, 12, whole=True)
_FACE_TAG = re.compile(r"<face\s[^>]*>")
_ATTR = re.compile(r'(\w[\w-]*)="([^"]*)"')
_TAGS = re.compile(r"<[^>]+>")


@dataclass(frozen=True)
class Options:
    paper: str = "a4"
    backs: bool = True
    edge: float = SAFE_EDGE
    lazy_sheets: int = 0  # a deck of more sheets than this is composed card by card when drawn (0: never)


class LazyFronts(Sequence):
    """A big deck's card faces, composed when asked for. A build composes each batch of sheets
    in the worker that draws it: the cards are bound on every core, and the main process never
    holds them all."""

    def __init__(self, card: Callable[[int], Face], count: int):
        self._card, self._count = card, count
        self._made: dict[int, Face] = {}

    def __len__(self) -> int:
        return self._count

    def __getitem__(self, index):
        if isinstance(index, slice):
            return tuple(self[i] for i in range(*index.indices(self._count)))
        index = index + self._count if index < 0 else index
        if not 0 <= index < self._count:
            raise IndexError(index)
        if index not in self._made:
            self._made[index] = self._card(index)
        return self._made[index]


class Composer:
    def __init__(self, game: Game, layouts: Layouts, options: Options):
        self.game, self.layouts, self.options = game, layouts, options
        own = layouts.root / "fonts"
        fonts.register(own if own.is_dir() else None)  # a project without fonts/ uses kitpress's
        self.binder = Binder(layouts.search_dirs())
        self.problems = Problems()
        self.shapes = Shapes(self.binder, [game.root, *layouts.search_dirs()], game.meta.loc)
        self.paper = self._paper(options.paper)
        self._inside: list[str] = []  # the face layouts being composed, outermost first
        # a translated build says its language in every problem: "[es] text does not fit: …"
        self.tag = f"[{game.lang}] " if game.coverage is not None else ""
        self.kit = {
            "paper": options.paper,
            "sheets": {},
            "backs": options.backs,
            "lang": game.lang,
            "translators": list(game.translators),
        }

    # -- the whole kit -------------------------------------------------------------------------
    def compose(self) -> list[Part]:
        self.kit["sheets"] = self._sheet_counts()
        parts = []
        for comp in self.game.components:
            try:
                parts.append(self._component(comp))
            except KitpressError as exc:
                self.problems.items.extend(exc.problems)
        self.problems.items.extend(self.layouts.deprecated.items)  # old forms of the layout language
        self.problems.raise_if_errors()
        return parts

    def _component(self, comp: Component) -> Part:
        if comp.kind == "cards":
            return Part(comp.id, comp.kind, comp.title, decks=tuple(self._deck(comp, d) for d in comp.decks))
        if comp.kind in ("board", "page"):
            faces = []
            for index, name in enumerate(comp.layouts):
                extra = {"sheet": {"n": index + 1, "total": len(comp.layouts)}}
                faces.append(self.face(self._layout(name, comp), self._context(comp, extra), f"{comp.id} sheet {index + 1}"))
            return Part(comp.id, comp.kind, comp.title, boards=tuple(faces))
        docs = tuple(self.document(self._layout(name, comp), self._context(comp, {})) for name in comp.layouts)
        return Part(comp.id, comp.kind, comp.title, documents=docs)

    def _layout(self, name: str, comp: Component) -> Layout:
        return self.layouts.get(name, comp.layout_loc or comp.loc)

    def _context(self, comp: Component | None, extra: dict) -> dict:
        component = {"id": comp.id, "title": comp.title} if comp else {}
        return {**self.game.data, "kit": self.kit, "component": component, **extra}

    def _sheet_counts(self) -> dict:
        counts = {}
        for comp in self.game.components:
            if comp.kind == "cards":
                total = 0
                for deck in comp.decks:
                    layout, _ = self._layout_ref(deck, "front")
                    total += self._sheets(layout, len(self._deck_items(deck)[1]))
                counts[comp.id] = total
            elif comp.kind in ("board", "page"):
                counts[comp.id] = len(comp.layouts)
            else:
                counts[comp.id] = 1
        return counts

    def _grid(self, layout: Layout):
        """How a deck's cards sit on the paper; None (and a problem at the layout's size) if not at all."""
        size, bleed = self._size(layout), self._bleed(layout)
        gutter = self._gutter(layout)
        try:
            return card_grid(self.paper, size, bleed, self.options.edge, gutter)
        except ValueError:
            pass
        papers = self.layouts.sizes.papers
        bigger = [name for name, paper in papers.items() if _fits(paper, size, bleed, self.options.edge, gutter)]
        card = f"{_shown(size[0])}×{_shown(size[1])} mm card" + (f" with {_shown(bleed)} mm bleed" if bleed else "")
        paper = f"{self.options.paper} paper ({_shown(self.paper[0])}×{_shown(self.paper[1])} mm)"
        fix = f"use a bigger paper (--paper {' or '.join(bigger)}) or a smaller card" if bigger else "make the card smaller"
        message = f"a {card} does not fit on {paper}, crop marks included: {fix}"
        if message not in {p.message for p in self.problems.items}:  # one problem per layout
            self.problems.error(message, layout.spec.loc_of("size"))
        return None

    def _deck_items(self, deck) -> tuple[str, list]:
        """A deck's name and its cards, copies and blanks included (a blank card is None)."""
        name = str(deck.get("id") or deck.get("collection") or "cards")
        if deck.get("collection"):
            items = self.game.data.get(str(deck["collection"]))
            if not isinstance(items, list):
                raise KitpressError(
                    [
                        self._problem(
                            f"deck collection '{deck['collection']}' is not a list in the content", deck.loc_of("collection")
                        )
                    ]
                )
            items = list(items)
        else:
            items = self._items(deck["cards"], self._context(None, {}))
        field = str(deck["copies"]) if deck.get("copies") else None
        counts = [self._copies(item, field, deck) for item in items] if field else [1] * len(items)
        blanks = self._blanks(deck) if deck.get("blanks") else 0
        cards = sum(counts)
        if cards + blanks > MAX_DECK_CARDS:  # at the key that makes it too many
            source = "collection" if deck.get("collection") else "cards"
            over = "blanks" if cards <= MAX_DECK_CARDS else "copies" if field else source
            message = f"deck '{name}' has {cards + blanks:,} cards, more than the {MAX_DECK_CARDS:,} a deck may have"
            raise KitpressError([self._problem(message, deck.loc_of(over))])
        return name, [item for item, count in zip(items, counts) for _ in range(count)] + [None] * blanks

    def _copies(self, item, field: str, deck) -> int:
        """How many times a card is printed: its `field` (`copies: count`), 1 if it has none."""
        value = item.get(field) if isinstance(item, dict) else None
        if value is None:
            return 1
        return number(value, field, item.loc_of(field) if hasattr(item, "loc_of") else deck.loc_of("copies"), COPIES)

    def _blanks(self, deck) -> int:
        """The blank cards of a deck: what its `blanks` expression gives."""
        source, loc = deck["blanks"], deck.loc_of("blanks")
        try:
            value = self.binder.expression(source)(**self.game.data)
        except BindError as exc:
            raise KitpressError([self._problem(str(exc), exc.loc)]) from None
        except Exception as exc:  # noqa: BLE001 - the author's expression, with its place
            raise KitpressError([self._problem(f"{type(exc).__name__}: {exc}", loc)]) from None
        return number(value, "blanks", loc, BLANKS)

    def _deck(self, comp: Component, deck) -> Deck:
        name, items = self._deck_items(deck)
        if not items:
            raise KitpressError([self._problem(f"deck '{name}' has no cards", deck.loc)])
        front, front_params = self._layout_ref(deck, "front")
        ids = tuple(str(item.get("id", i + 1)) if isinstance(item, dict) else f"blank-{i + 1}" for i, item in enumerate(items))

        def card(index: int) -> Face:
            ctx = self._context(comp, {"card": items[index], "deck": {"name": name, "count": len(items), "index": index}})
            return self.face(front, ctx, f"{comp.id}/{name} card '{ids[index]}'", params=front_params)

        if self.options.lazy_sheets and self._sheets(front, len(items)) > self.options.lazy_sheets:
            fronts = LazyFronts(card, len(items))
        else:
            fronts = tuple(card(index) for index in range(len(items)))
        back = None
        if deck.get("back") and self.options.backs:
            ctx = self._context(comp, {"deck": {"name": name, "count": len(items)}})
            back_layout, back_params = self._layout_ref(deck, "back")
            back = self.face(back_layout, ctx, f"{comp.id}/{name} back", params=back_params)
        return Deck(name, fronts, ids, back)

    def _sheets(self, front: Layout, cards: int) -> int:
        """Sheets a deck of `cards` takes (0 if its cards fit no sheet: reported by _grid)."""
        grid = self._grid(front)
        return math.ceil(cards / grid.per_sheet) if grid else 0

    def _paper(self, name: str) -> tuple[float, float]:
        papers = self.layouts.sizes.papers
        if name not in papers:
            message = f"unknown paper '{name}'{did_you_mean(name, papers)} (use {', '.join(papers)})"
            raise KitpressError(Problem("error", message, Loc("--paper")))
        return papers[name]

    # -- faces -----------------------------------------------------------------------------
    def _size(self, layout: Layout) -> tuple[float, float]:
        spec = layout.spec.get("size")
        if spec is None:
            raise KitpressError([self._problem("a face layout needs a 'size' (a card name or '70mm x 120mm')", layout.loc)])
        text = str(spec).strip()
        if text in ("paper", "paper landscape"):
            return self.paper if text == "paper" else (self.paper[1], self.paper[0])
        cards = self.layouts.sizes.cards
        if text in cards:
            return cards[text]
        try:
            if "x" not in text:
                raise ValueError(f"unknown size '{text}'{did_you_mean(text, cards)}")
            return parse_size(text)
        except ValueError as exc:
            message = f"size: {exc} (a card name from sizes.yaml, like 'tarot', or '70mm x 120mm')"
            raise KitpressError([self._problem(message, layout.spec.loc_of("size"))]) from None

    def _gutter(self, layout: Layout) -> float | None:
        """The space between cards on a sheet; 0 is none, not the default (None)."""
        if layout.spec.get("gutter") is None:
            return None
        return mm(layout.spec["gutter"], "gutter", layout.spec.loc_of("gutter"), EXTENT)

    def _bleed(self, layout: Layout) -> float:
        return mm_of(layout.spec, "bleed", 0, EXTENT)

    def face(
        self, layout: Layout, ctx: dict, where: str, size: tuple[float, float] | None = None, params: dict | None = None
    ) -> Face:
        """Bind a face layout; `size` overrides the layout's own (a track's space, say); `params`:
        its parameters, as `_layout_ref` resolved them (else the layout's defaults)."""
        if layout.kind != "face":
            raise KitpressError([self._problem(f"layout '{layout.name}' is a {layout.kind}, a face is needed here", layout.loc)])
        self._inside.append(layout.name)
        try:
            return self._face(layout, {**ctx, "params": self._params(layout) if params is None else params}, where, size)
        finally:
            self._inside.pop()

    def _layout_ref(self, holder, key: str) -> tuple[Layout, dict]:
        """The layout `holder[key]` names, and its parameters: `NAME`, or `{layout: NAME, with: {…}}`."""
        ref = holder[key]
        if not isinstance(ref, dict):
            layout = self.layouts.get(str(ref), holder.loc_of(key))
            return layout, self._params(layout)
        layout = self.layouts.get(str(ref["layout"]), ref.loc_of("layout"))
        return layout, self._params(layout, ref.get("with"))

    def _params(self, layout: Layout, given=None) -> dict:
        """A layout's parameters: the values given, over the defaults its `params:` declares."""
        declared = layout.spec.get("params") or {}
        for name in given or {}:
            if name not in declared:
                takes = f"it takes {', '.join(declared)}" if declared else "it declares none under 'params:'"
                message = f"layout '{layout.name}' has no parameter '{name}'{did_you_mean(name, declared)} ({takes})"
                raise KitpressError([self._problem(message, given.key_loc(name))])
        return {**declared, **(given or {})}

    def _inner(self, name: str, used_at: Loc) -> Layout:
        """A layout drawn inside the face being composed (a net's or a track's face, a <face>)."""
        if name in self._inside:
            chain = " → ".join([*self._inside[self._inside.index(name) :], name])
            raise KitpressError([self._problem(f"layout '{name}' contains itself ({chain})", used_at)])
        return self.layouts.get(name, used_at)

    def _face(self, layout: Layout, ctx: dict, where: str, size: tuple[float, float] | None) -> Face:
        size, bleed = size or self._size(layout), self._bleed(layout)
        sheet = self.layouts.sheet_for(layout)
        min_size = number_of(layout.spec, "min_size", FLOOR_PT, FONT_SIZE)
        shapes = tuple(
            self.shapes.shared(s) for s in (self.shapes.shape(raw, ctx, size, bleed) for raw in layout.spec.get("shapes") or []) if s
        )
        frames, faces = [], {}
        safe = mm_of(layout.spec, "safe", 0, EXTENT)
        for raw in layout.spec.get("frames") or []:
            frame = self._frame(raw, ctx, sheet, min_size, where, faces)
            if frame:
                self._check_safe(frame, size, safe, raw, layout)
                frames.append(frame)
        children, seams = placed.tracks(layout, ctx, where, self._items, self._inner, self.face)
        net_children, overlays = placed.nets(layout, ctx, where, self._items, self._inner, self.face)
        children += net_children
        drawn = (layout.name, size, bleed, shapes, frames, [child[0].key for child in children], overlays)
        key = digest(drawn)
        cut = str(layout.spec.get("cut") or "rect")
        if cut not in ("rect", "circle"):
            raise KitpressError([self._problem(f"cut '{cut}': use rect or circle", layout.spec.loc_of("cut"))])
        gutter = self._gutter(layout)
        return Face(
            key, layout.name, size, bleed, shapes, tuple(frames), sheet, faces, tuple(children), seams, cut, overlays, gutter
        )

    def _items(self, source: LocStr, ctx: dict) -> list:
        """What an expression lists; more than a deck may hold is an error (`range(10**9)` would
        fill the memory)."""
        try:
            items = list(itertools.islice(self.binder.expression(source)(**ctx), MAX_DECK_CARDS + 1))
        except BindError:
            raise
        except Exception as exc:  # noqa: BLE001 - the author's expression, with its place
            raise KitpressError([self._problem(f"{type(exc).__name__}: {exc}", source.loc)]) from None
        if len(items) > MAX_DECK_CARDS:
            raise KitpressError([self._problem(f"this expression gives more than {MAX_DECK_CARDS:,} items", source.loc)])
        return items

    def _check_safe(self, frame: TextFrame, size, safe: float, raw, layout: Layout) -> None:
        """Text keeps `safe` inside the trim, so a cut a little off never touches it."""
        x, y, w, h = frame.box
        if safe and (x < safe - 0.01 or y < safe - 0.01 or x + w > size[0] - safe + 0.01 or y + h > size[1] - safe + 0.01):
            message = f"frame '{frame.id}' of layout {layout.name} reaches into the {safe / MM:g} mm safe zone inside the trim"
            if message not in {p.message for p in self.problems.items}:
                self.problems.error(message, raw.loc_of("at"))

    def _frame(self, raw, ctx: dict, sheet, min_size: float, where: str, faces: dict) -> TextFrame | None:
        try:
            if not self.shapes.when(raw, ctx):
                return None
            text, printed = self.binder.render(raw["markup"], ctx)
            text = strip_comments(text)  # a commented-out <face> or character is not printed
            check_comments_closed(text)  # left open, what follows is no <face> to look up, whatever it says
            fill = self.binder.value(raw.get("fill"), ctx)
            stroke = self.binder.value(raw.get("stroke"), ctx)
        except BindError as exc:
            raise KitpressError([self._problem(str(exc), exc.loc)]) from None
        except MarkupError as exc:
            raise KitpressError([self._problem(f"{exc} (frame '{raw['id']}')", line_in(raw["markup"], exc.line))]) from None
        x, y, w, h = mms(raw["at"], 4, raw, "at")
        pad = mm_of(raw, "pad", 0, EXTENT)
        rotate = raw.get("rotate") or 0
        if isinstance(rotate, bool) or rotate not in (0, 90, 180, 270):
            raise KitpressError([self._problem("rotate: 0, 90, 180 or 270", raw.loc_of("rotate"))])
        rotate = int(rotate)
        if rotate in (90, 270):
            w, h = h, w
        self._embedded_faces(text, raw["markup"], faces)
        self._check_glyphs(text, printed, raw["markup"], where, raw["id"])
        if rotate in (90, 270):
            w, h = h, w
        return TextFrame(
            str(raw["id"]),
            self.shapes.shared((x, y, w, h)),  # one tuple for equal boxes, like shapes
            text,
            str(self.binder.value(raw.get("valign"), ctx) or "top"),
            min_size,
            pad,
            fill,
            stroke,
            number_of(raw, "width", 0.75, LINE_WIDTH),
            mm_of(raw, "radius", 0, EXTENT),
            rotate,
            Blame(self.tag, where, str(raw["id"]), raw["markup"], printed.longest()),
        )

    def _check_glyphs(self, text: str, printed: Printed, source: LocStr, where: str, frame: str) -> None:
        for char in missing_glyphs(_TAGS.sub("", text)):
            culprit = next((t for t in printed.texts if char in t), None)
            loc = culprit.loc if culprit is not None else source.loc
            message = f"{self.tag}no bundled font has the character U+{ord(char):04X} '{char}' ({where}, frame '{frame}')"
            self.problems.error(message, loc)

    def _embedded_faces(self, text: str, source: LocStr, faces: dict) -> None:
        for tag in _FACE_TAG.findall(text):
            attrs = dict(_ATTR.findall(tag))
            key = face_key(attrs.get("layout", ""), attrs.get("item", ""))
            if key in faces:
                continue
            layout = self._inner(attrs.get("layout", ""), source.loc)
            ctx = dict(self.game.data, kit=self.kit)
            if attrs.get("item"):
                try:
                    ctx["item"] = lookup(self.game.data, attrs["item"])
                except KeyError:
                    raise KitpressError(
                        [self._problem(f'<face item="{attrs["item"]}">: no such item in the content', source.loc)]
                    ) from None
            faces[key] = self.face(layout, ctx, f"face {key}")

    # -- documents ---------------------------------------------------------------------------
    def document(self, layout: Layout, ctx: dict) -> Document:
        spec = layout.spec
        if layout.kind != "document":
            raise KitpressError(
                [self._problem(f"layout '{layout.name}' is a {layout.kind}, a document is needed here", layout.loc)]
            )
        texts, faces, shown = {}, {}, []
        for key in ("header", "footer", "body"):
            source = spec.get(key)
            if source is None:
                texts[key] = ""
                continue
            try:
                texts[key], printed = self.binder.render(source, ctx, document=True)
                texts[key] = strip_comments(texts[key])
            except BindError as exc:
                raise KitpressError([self._problem(str(exc), exc.loc)]) from None
            shown.extend(printed.texts)
            self._embedded_faces(texts[key], source, faces)
            self._check_glyphs(texts[key], printed, source, layout.name, key)
            checker = Builder(self.layouts.sheet_for(layout), face=any_face)  # its markup checked, not laid out
            try:  # catch markup mistakes now, with their place, rather than mid-render
                checker.build(texts[key], 500)
            except MarkupError as exc:
                raise KitpressError([self._problem(f"{exc} (layout {layout.name}, {key})", line_in(source, exc.line))]) from None
            for message, line in checker.warnings:
                self.problems.warning(f"{message} (layout {layout.name}, {key})", line_in(source, line))
        margins = tuple(mm(v, "margins", spec.loc_of("margins"), EXTENT) for v in str(spec.get("margins") or "14mm").split())
        if len(margins) not in (1, 2, 4):
            message = "margins: one, two (vertical horizontal) or four lengths"
            raise KitpressError([self._problem(message, spec.loc_of("margins"))])
        margins = margins * (4 // len(margins))
        if min(margins) < self.options.edge - 0.01:
            message = f"margins closer than {self.options.edge / MM:.2f} mm to the paper edge, where printers cannot print"
            self.problems.error(f"layout {layout.name}: {message}", spec.loc_of("margins"))
        doc = Document(
            layout.name,
            str(spec.get("orientation") or "portrait"),
            margins,
            number_of(spec, "columns", 1, COLUMNS),
            mm_of(spec, "gap", "6mm", EXTENT),
            texts["header"],
            mm_of(spec, "header_height", 0, EXTENT),
            texts["footer"],
            mm_of(spec, "footer_height", 0, EXTENT),
            texts["body"],
            spec.get("pages"),
            self.layouts.sheet_for(layout),
            faces,
            spec.loc_of("body"),
            tuple(shown),
        )
        return doc

    def _problem(self, message: str, loc: Loc) -> Problem:
        return Problem("error", message, loc)


def _fits(paper, size, bleed, edge, gutter) -> bool:
    try:
        card_grid(paper, size, bleed, edge, gutter)
    except ValueError:
        return False
    return True


def _shown(points: float) -> str:
    """A length in mm as a person writes it: 200, 63.5."""
    return f"{round(points / MM, 1):g}"

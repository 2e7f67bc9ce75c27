"""Game + layouts -> scene: bind every template into faces and documents, and collect every
problem. Measuring text is typeset's: its characters, its markup built, fitted to its box."""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass

from kitpress.compose import placed
from kitpress.compose.bind import BindError, Binder
from kitpress.compose.decks import MAX_DECK_CARDS, Decks
from kitpress.compose.documents import compose_document
from kitpress.compose.frames import Frames
from kitpress.compose.memo import FaceMemo
from kitpress.compose.scene import Face, Part
from kitpress.compose.shapes import Shapes
from kitpress.content.game import Component, Game
from kitpress.content.yamlio import LocStr
from kitpress.digest import digest
from kitpress.errors import KitpressError, Loc, Problem, Problems, did_you_mean
from kitpress.impose.geometry import SAFE_EDGE
from kitpress.layout.layouts import Layout, Layouts
from kitpress.layout.sizes import MOST_ACROSS, parse_across, parse_size

_FACE_TAG = re.compile(r"<face\s[^>]*>")
_ATTR = re.compile(r'(\w[\w-]*)="([^"]*)"')


@dataclass(frozen=True)
class Options:
    paper: str = "a4"
    backs: bool = True
    edge: float = SAFE_EDGE
    lazy_sheets: int = 0  # a deck of more sheets than this is composed card by card when drawn (0: never)


class Composer:
    def __init__(self, game: Game, layouts: Layouts, options: Options, memo: FaceMemo | None = None):
        """`memo`: faces an earlier build of this process composed with these layouts (build/warm)."""
        self.game, self.layouts, self.options = game, layouts, options
        self.memo = memo
        if memo is not None:
            memo.start()
        self.binder = Binder(layouts.search_dirs())
        self.problems = Problems()
        self.decks, self.frames = Decks(self), Frames(self)
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
        self.kit["sheets"] = self.decks.sheet_counts()
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
            decks = tuple(self.decks.deck(comp, d) for d in comp.decks)
            return Part(comp.id, comp.kind, comp.title, decks=self.decks.shared(comp, decks) if comp.share_sheets else decks)
        if comp.kind in ("board", "page"):
            faces = []
            for index, name in enumerate(comp.layouts):
                extra = {"sheet": {"n": index + 1, "total": len(comp.layouts)}}
                faces.append(self.face(self._layout(name, comp), self.context(comp, extra), f"{comp.id} sheet {index + 1}"))
            return Part(comp.id, comp.kind, comp.title, boards=tuple(faces))
        docs = tuple(compose_document(self, self._layout(name, comp), self.context(comp, {})) for name in comp.layouts)
        return Part(comp.id, comp.kind, comp.title, documents=docs)

    def _layout(self, name: str, comp: Component) -> Layout:
        return self.layouts.get(name, comp.layout_loc or comp.loc)

    def context(self, comp: Component | None, extra: dict) -> dict:
        component = {"id": comp.id, "title": comp.title} if comp else {}
        return {**self.game.data, "kit": self.kit, "component": component, **extra}

    def _paper(self, name: str) -> tuple[float, float]:
        papers = self.layouts.sizes.papers
        if name not in papers:
            message = f"unknown paper '{name}'{did_you_mean(name, papers)} (use {', '.join(papers)})"
            raise KitpressError(Problem("error", message, Loc("--paper")))
        return papers[name]

    # -- faces -----------------------------------------------------------------------------
    def size(self, layout: Layout) -> tuple[float, float]:
        spec = layout.spec.get("size")
        if spec is None:
            raise KitpressError([self.problem("a face layout needs a 'size' (a card name or '70mm x 120mm')", layout.loc)])
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
            raise KitpressError([self.problem(message, layout.spec.loc_of("size"))]) from None

    def gutter(self, layout: Layout) -> float | None:
        """The space between cards on a sheet; 0 is none, not the default (None)."""
        return self.layouts.face(layout).gutter

    def across(self, layout: Layout) -> tuple[int, int] | None:
        """The sheet template a face layout names (`sheet: nine-up` or `sheet: 3 x 3`); None: as
        many cards as fit."""
        spec = self.layouts.face(layout)
        if spec.sheet is None:
            return None
        text, sheets = str(spec.sheet).strip(), self.layouts.sizes.sheets
        if text in sheets:
            return sheets[text]
        try:
            return parse_across(text)
        except ValueError:
            named = ", ".join(sheets) or "none"
            message = f"sheet '{text}'{did_you_mean(text, sheets)}: a sheet template from sizes.yaml ({named}), or columns x rows like '3 x 3' (each 1 to {MOST_ACROSS})"
            raise KitpressError([self.problem(message, spec.sheet_loc)]) from None

    def bleed(self, layout: Layout) -> float:
        return self.layouts.face(layout).bleed

    def face(
        self, layout: Layout, ctx: dict, where: str, size: tuple[float, float] | None = None, params: dict | None = None
    ) -> Face:
        """Bind a face layout; `size` overrides the layout's own (a track's space, say); `params`:
        its parameters, as `_layout_ref` resolved them (else the layout's defaults)."""
        if layout.kind != "face":
            raise KitpressError([self.problem(f"layout '{layout.name}' is a {layout.kind}, a face is needed here", layout.loc)])
        self._inside.append(layout.name)
        try:
            ctx = {**ctx, "params": self._params(layout) if params is None else params}
            if self.memo is None or len(self._inside) > 1:  # a face inside another is part of it
                return self._face(layout, ctx, where, size)
            return self._kept_face(layout, ctx, where, size)
        finally:
            self._inside.pop()

    def _kept_face(self, layout: Layout, ctx: dict, where: str, size: tuple[float, float] | None) -> Face:
        """A face as an earlier build composed it from the same values, else composed and kept."""
        place = (layout.name, where, size or self.size(layout), self.tag)  # a face the paper's size: one per paper
        meter = self.binder.env.meter
        kept = self.memo.find(place, ctx, meter)
        if kept is not None:
            self.problems.items.extend(kept.problems)
            return kept.face
        reads, problems, steps, text = set(), len(self.problems.items), meter.build_steps, meter.build_text
        before = self.binder.track(reads)
        try:
            face = self._face(layout, ctx, where, size)
        finally:
            self.binder.track(before)
        found = self.problems.items[problems:]
        self.memo.keep(place, reads, ctx, face, found, steps - meter.build_steps, text - meter.build_text)
        return face

    def layout_ref(self, holder, key: str) -> tuple[Layout, dict]:
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
                raise KitpressError([self.problem(message, given.key_loc(name))])
        return {**declared, **(given or {})}

    def inner(self, name: str, used_at: Loc) -> Layout:
        """A layout drawn inside the face being composed (a net's or a track's face, a <face>)."""
        if name in self._inside:
            chain = " → ".join([*self._inside[self._inside.index(name) :], name])
            raise KitpressError([self.problem(f"layout '{name}' contains itself ({chain})", used_at)])
        return self.layouts.get(name, used_at)

    def _face(self, layout: Layout, ctx: dict, where: str, size: tuple[float, float] | None) -> Face:
        spec = self.layouts.face(layout)
        size, bleed = size or self.size(layout), spec.bleed
        sheet = self.layouts.sheet_for(layout)
        bound = (self.shapes.shape(shape, ctx, size, bleed) for shape in spec.shapes)
        keyed = [self.shapes.keyed(shape) for shape in bound if shape]
        shapes = tuple(shape for shape, _ in keyed)
        frames, faces = [], {}
        for frame_spec in spec.frames:
            frame = self.frames.frame(frame_spec, ctx, sheet, spec.min_size, where, faces, _frame_box(frame_spec.box, size, spec.safe))
            if frame:
                self.frames.check_safe(frame, size, spec.safe, frame_spec, layout)
                frames.append(frame)
        children, seams = placed.tracks(spec.tracks, ctx, where, self.items, self.inner, self.face)
        net_children, overlays = placed.nets(spec.nets, ctx, where, self.items, self.inner, self.face)
        children += net_children
        placed_faces = [(child.face.key, child.turn, child.reach) for child in children]
        key = digest((layout.name, size, bleed, [key for _, key in keyed], frames, placed_faces, overlays))
        return Face(
            key, layout.name, size, bleed, shapes, tuple(frames), sheet, faces, tuple(children), seams, spec.cut, overlays, spec.gutter,
            self.across(layout),
        )

    def items(self, source: LocStr, ctx: dict) -> list:
        """What an expression lists; more than a deck may hold is an error (`range(10**9)` would
        fill the memory)."""
        try:
            items = list(itertools.islice(self.binder.expression(source)(**ctx), MAX_DECK_CARDS + 1))
        except BindError:
            raise
        except Exception as exc:  # noqa: BLE001 - the author's expression, with its place
            raise KitpressError([self.problem(f"{type(exc).__name__}: {exc}", source.loc)]) from None
        if len(items) > MAX_DECK_CARDS:
            raise KitpressError([self.problem(f"this expression gives more than {MAX_DECK_CARDS:,} items", source.loc)])
        return items

    # -- documents ---------------------------------------------------------------------------
    def problem(self, message: str, loc: Loc) -> Problem:
        return Problem("error", message, loc)


def _frame_box(box, size: tuple[float, float], safe: float) -> tuple[float, float, float, float]:
    """A frame's box: its own, or the face's trim (`at: trim`) or its trim less the safe zone
    (`at: safe`), which follow the face's size, as a track's spaces of several sizes need."""
    if box == "trim":
        return (0.0, 0.0, *size)
    if box == "safe":
        return (safe, safe, size[0] - 2 * safe, size[1] - 2 * safe)
    return box

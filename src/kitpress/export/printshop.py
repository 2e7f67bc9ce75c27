"""`kitpress export GAME --to print-shop [--shop NAME]`: the files a print shop takes.

Every card on a page of its own at its trim plus the shop's bleed, front then back, no crop
marks or cut lines (the page's TrimBox says where to cut); each board on a page at its size with
the bleed. A PDF shop gets one PDF/X file a deck (export/pdfx); a picture shop one PNG a face.
What does not suit the shop is said with its place in the layouts, as warnings: a card size it
does not print, less bleed than it asks (the rest of the strip prints white), a text frame
inside its safe zone."""

from __future__ import annotations

import tempfile
from pathlib import Path

from kitpress.compose.composer import Composer
from kitpress.compose.scene import Face, Part
from kitpress.errors import Loc, Problem
from kitpress.export import pdfx, pieces
from kitpress.export.cardimages import safe as file_name, save_png
from kitpress.export.pictures import drawn
from kitpress.export.shops import Shop
from kitpress.files import write_atomic
from kitpress.render.canvas import Meta
from kitpress.render.cardpages import FacePage, render_face_pages
from kitpress.units import to_mm


def export_print_shop(parts: list[Part], shop: Shop, out: Path, meta: Meta) -> list[Path]:
    """The shop's files in `out`. ShopRefused for a deck its standard cannot carry."""
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for deck in pieces.decks(parts):
        sides = [(card, "front", card.front) for card in deck.cards]
        if deck.backed:
            sides = [entry for card in deck.cards for entry in ((card, "front", card.front), (card, "back", card.back))]
        if shop.standard == "png":
            written += _pictures(deck, sides, shop, out, meta)
        else:
            target = out / shop.files.format(deck=file_name(deck.name))
            written.append(_pdf([face for _, _, face in sides if face is not None], shop, target, meta, deck.name))
    for board in pieces.boards(parts):
        if shop.standard == "png":
            (image,) = drawn([board.face], meta, shop.bleed, dpi=shop.dpi)
            written.append(save_png(image, out / f"{file_name(board.name)}.png", shop.dpi))
        else:
            written.append(_pdf([board.face], shop, out / f"{file_name(board.name)}.pdf", meta, board.name))
    return written


def _pdf(faces: list[Face], shop: Shop, target: Path, meta: Meta, what: str) -> Path:
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=target.parent, prefix=".kitpress-") as folder:
        plain = Path(folder) / "pages.pdf"
        render_face_pages(str(plain), [FacePage(face, shop.bleed) for face in faces], meta)
        made = Path(folder) / "pdfx.pdf"
        try:
            pdfx.make_pdfx(plain, made, shop.standard, shop.cmyk, f"{meta.title} · {what}")
        except pdfx.NotPrintable as exc:
            raise ShopRefused(f"{what}: {exc}") from None
        write_atomic(target, made.read_bytes())
    return target


class ShopRefused(ValueError):
    """A deck the shop's standard cannot carry, said in words."""


def _pictures(deck: pieces.DeckPieces, sides, shop: Shop, out: Path, meta: Meta) -> list[Path]:
    seen, chosen = set(), []
    for card, side, face in sides:
        if face is None or (card.id, side, face.key) in seen:
            continue
        seen.add((card.id, side, face.key))
        chosen.append((card, side, face))
    written = []
    for (card, side, _), image in zip(chosen, drawn([face for _, _, face in chosen], meta, shop.bleed, dpi=shop.dpi)):
        name = shop.files.format(deck=file_name(deck.name), card=file_name(card.id), side=side)
        written.append(save_png(image, out / name, shop.dpi))
    return written


# -- what does not suit the shop ---------------------------------------------------------------
def unsuited(parts: list[Part], composer: Composer, shop: Shop) -> list[Problem]:
    """Warnings, each at its place in the layouts, of what the shop would not print as asked:
    one a place and a matter, naming every deck it concerns."""
    found: dict[tuple, tuple[list[str], str]] = {}  # (matter, place) -> (decks, what is said of them)

    def say(matter: str, loc: Loc, deck: str, message: str) -> None:
        decks, _ = found.setdefault((matter, loc), ([], message))
        if deck not in decks:
            decks.append(deck)

    for deck in pieces.decks(parts):
        faces = {face.key: face for card in deck.cards for face in (card.front, card.back) if face is not None}
        for face in faces.values():
            layout = composer.layouts.get(face.layout, Loc(face.layout))
            spec = layout.spec
            if shop.sizes and shop.size_name(face.size) is None:
                offered = ", ".join(f"{name} {_mm(w)} × {_mm(h)}" for name, (w, h) in shop.sizes.items())
                say("size", spec.loc_of("size") if "size" in spec else layout.loc, deck.name,
                    f"{_mm(face.size[0])} × {_mm(face.size[1])} mm is not a card size {shop.name} prints ({offered} mm)")
            if face.bleed + 0.01 < shop.bleed:
                say("bleed", spec.loc_of("bleed") if "bleed" in spec else layout.loc, deck.name,
                    f"{_mm(face.bleed)} mm of bleed, and {shop.name} asks {_mm(shop.bleed)} mm: the outer "
                    f"{_mm(shop.bleed - face.bleed)} mm would print white; give the layout bleed: {_mm(shop.bleed)}mm")
            for frame in face.frames:
                if not pieces.plain(frame.markup):
                    continue  # a frame that prints nothing here
                x, y, w, h = frame.box
                room = min(x, y, face.size[0] - x - w, face.size[1] - y - h)
                if room + 0.01 < shop.safe:
                    markup = frame.blame.markup if frame.blame else None
                    say("safe", getattr(markup, "loc", None) or layout.loc, deck.name,
                        f"frame '{frame.id}' comes {_mm(max(room, 0))} mm from the cut; {shop.name} keeps text "
                        f"{_mm(shop.safe)} mm inside it")  # fmt: skip
    return [Problem("warning", f"{', '.join(decks)}: {message}", loc) for (_, loc), (decks, message) in found.items()]


def _mm(points: float) -> str:
    """Millimetres as a shop writes them: 3, 3.175, 63.5."""
    return f"{to_mm(points):.3f}".rstrip("0").rstrip(".")

"""`kitpress export GAME --to tts`: a game for Tabletop Simulator, as saved objects.

- A deck with backs is a `DeckCustom`: its fronts on card sheets of at most 10 × 7 cards (TTS
  cuts a sheet into its grid), each sheet's last slot kept for the picture TTS shows of a card
  hidden in a hand (the deck's back there, and `BackIsHidden` set, so either way the back shows);
  the back as one picture, or as sheets in the same grid when every card has its own
  (`UniqueBack`). Each card is named and described by its words as printed. A deck of one card
  is a `Card`.
- A deck without backs (tokens, banknotes, pawns, record sheets) is a `Bag` of `Custom_Tile`s,
  round where the pieces are cut round.
- A board is a `Custom_Board`.

Sheets stay within 4096 px a side, what TTS's guide recommends. One saved-object JSON per deck
and per board, with its pictures beside it as local file addresses, or under `--base-url` for a
game others load (upload the pictures there). Sizes: TTS has no physical units; a card at
scale 1 is taken as a poker card (63.5 mm wide) and everything is scaled from there."""

from __future__ import annotations

import hashlib
import io
import json
import math
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

from kitpress.compose.scene import Face, Part
from kitpress.export import pieces
from kitpress.export.cardimages import safe
from kitpress.export.pictures import drawn
from kitpress.files import write_atomic
from kitpress.render.canvas import Meta
from kitpress.units import MM

MOST_ACROSS, MOST_DOWN = 10, 7  # TTS's largest card sheet
MOST_PIXELS = 4096  # a sheet's side, and a board's
CARD_DPI = 300  # a card's pictures are never sharper than this
POKER_WIDTH = 63.5 * MM  # what a card at scale 1 is taken to be
TILE_WIDTH = 25.4 * MM  # ... and a tile at scale 1 (TTS's unit, about an inch)
BOARD_WIDTH = 10 * 25.4 * MM  # ... and a board at scale 1
GREY = {"r": 0.713235259, "g": 0.713235259, "b": 0.713235259}  # TTS's own tint for cards


@dataclass(frozen=True)
class Grid:
    across: int
    down: int
    cell: tuple[int, int]  # pixels of one card

    @property
    def slots(self) -> int:
        return self.across * self.down

    @property
    def size(self) -> tuple[int, int]:
        return self.across * self.cell[0], self.down * self.cell[1]


def grid_for(cards: int, trim: tuple[float, float]) -> Grid:
    """The grid of a sheet of `cards` cards and the hidden card's slot, at the sharpest size
    that keeps the sheet within MOST_PIXELS a side and each card within CARD_DPI."""
    slots = min(cards + 1, MOST_ACROSS * MOST_DOWN)
    across = min(MOST_ACROSS, slots)
    down = math.ceil(slots / across)
    width = min(MOST_PIXELS // across, round(trim[0] / 72 * CARD_DPI))
    height = round(width * trim[1] / trim[0])
    if height * down > MOST_PIXELS:
        height = MOST_PIXELS // down
        width = round(height * trim[0] / trim[1])
    return Grid(across, down, (width, height))


class Export:
    """One export: its folder, where its pictures are found from TTS, and the CustomDeck numbers
    it has given (unique across the game, so decks loaded together never mix their sheets)."""

    def __init__(self, out: Path, meta: Meta, base_url: str | None):
        self.out, self.meta, self.base_url = out, meta, base_url.rstrip("/") if base_url else None
        self.next_sheet = 1
        self.written: list[Path] = []

    def url(self, path: Path) -> str:
        return f"{self.base_url}/{path.name}" if self.base_url else path.resolve().as_uri()

    def picture(self, image: Image.Image, name: str) -> Path:
        buffer = io.BytesIO()
        # PNG, so that text stays sharp when a card is zoomed in on; zlib's fastest level: a sheet of 15
        # megapixels takes 0.74 s at its default, 0.43 s at 1, for a file 3 % larger (JPEG at quality 92
        # took 0.09 s but was 28 % larger: flat colours and text suit PNG)
        image.save(buffer, format="PNG", compress_level=1)
        path = self.out / name
        write_atomic(path, buffer.getvalue())
        self.written.append(path)
        return path

    def saved_object(self, name: str, state: dict) -> Path:
        document = {"SaveName": name, "GameMode": "", "Date": "", "Gravity": 0.5, "PlayArea": 0.5, "GameType": "",
                    "GameComplexity": "", "Tags": [], "Table": "", "Sky": "", "Note": "", "Rules": "", "XmlUI": "",
                    "LuaScript": "", "LuaScriptState": "", "ObjectStates": [state], "TabStates": {}, "VersionNumber": ""}  # fmt: skip
        path = self.out / f"{safe(name)}.json"
        write_atomic(path, (json.dumps(document, indent=2, ensure_ascii=False) + "\n").encode("utf-8"))
        self.written.append(path)
        return path


def export_tts(parts: list[Part], out: Path, meta: Meta, base_url: str | None = None) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    export = Export(out, meta, base_url)
    for place, deck in enumerate(pieces.decks(parts)):
        (_deck if deck.backed else _bag)(export, deck, place)
    for place, board in enumerate(pieces.boards(parts)):
        _board(export, board, place)
    return export.written


# -- decks --------------------------------------------------------------------------------------
def _deck(export: Export, deck: pieces.DeckPieces, place: int) -> None:
    trim = deck.cards[0].front.size
    per_sheet = MOST_ACROSS * MOST_DOWN - 1
    shared = deck.shared_back
    back_url = ""
    if shared is not None:
        (back,) = drawn([shared], export.meta, bleed=False, size=grid_for(1, trim).cell)
        back_url = export.url(export.picture(back, f"{safe(deck.name)}-back.png"))
    cards, sheets = [], {}
    for number, start in enumerate(range(0, len(deck.cards), per_sheet), 1):
        batch = deck.cards[start : start + per_sheet]
        grid = grid_for(len(batch), trim)
        key = export.next_sheet
        export.next_sheet += 1
        hidden = shared or batch[0].back
        faces = _sheet(export, [card.front for card in batch], hidden, grid, f"{safe(deck.name)}-{number}.png")
        entry = {"FaceURL": faces, "BackURL": back_url, "NumWidth": grid.across, "NumHeight": grid.down,
                 "BackIsHidden": True, "UniqueBack": shared is None, "Type": 0}  # fmt: skip
        if shared is None:  # each card its own back: a sheet of backs in the same grid
            backs = [card.back for card in batch]
            entry["BackURL"] = _sheet(export, backs, hidden, grid, f"{safe(deck.name)}-{number}-backs.png")
        sheets[str(key)] = entry
        for index, card in enumerate(batch):
            cards.append(_card(card, key * 100 + index, {str(key): entry}, trim))
    transform = _transform(place * 8.0, 0.0, POKER_WIDTH, trim[0], flipped=True)
    if len(cards) == 1:
        state = cards[0] | {"Transform": transform}
    else:
        state = {"GUID": _guid(deck.name), "Name": "DeckCustom", "Transform": transform, "Nickname": deck.name,
                 "Description": f"{len(cards)} cards", "ColorDiffuse": GREY, "Locked": False, "Grid": True, "Snap": True,
                 "Autoraise": True, "Sticky": True, "Tooltip": True, "SidewaysCard": False, "Hands": False,
                 "DeckIDs": [card["CardID"] for card in cards], "CustomDeck": sheets,
                 "ContainedObjects": cards}  # fmt: skip
    export.saved_object(deck.name, state)


def _sheet(export: Export, faces: list[Face], hidden: Face | None, grid: Grid, name: str) -> str:
    """A card sheet: `faces` from the top left, row by row, and `hidden` in its last slot."""
    sheet = Image.new("RGB", grid.size, "white")
    unique = list({face.key: face for face in faces + ([hidden] if hidden else [])}.values())
    pictures = dict(zip((face.key for face in unique), drawn(unique, export.meta, bleed=False, size=grid.cell)))
    slots = [(index, face) for index, face in enumerate(faces)] + ([(grid.slots - 1, hidden)] if hidden else [])
    for index, face in slots:
        sheet.paste(pictures[face.key], ((index % grid.across) * grid.cell[0], (index // grid.across) * grid.cell[1]))
    return export.url(export.picture(sheet, name))


def _card(card: pieces.Card, card_id: int, custom: dict, trim: tuple[float, float]) -> dict:
    return {"GUID": _guid(f"{card.id}-{card_id}"), "Name": "Card", "Transform": _transform(0, 0, POKER_WIDTH, trim[0]),
            "Nickname": card.name or card.id, "Description": card.text, "GMNotes": card.id, "ColorDiffuse": GREY,
            "Locked": False, "Grid": True, "Snap": True, "Autoraise": True, "Sticky": True, "Tooltip": True,
            "CardID": card_id, "SidewaysCard": trim[0] > trim[1], "Hands": True, "CustomDeck": custom}  # fmt: skip


# -- pieces without backs, boards --------------------------------------------------------------
def _bag(export: Export, deck: pieces.DeckPieces, place: int) -> None:
    """Tiles, one for each piece printed (copies too), in a bag named after the deck."""
    trim = deck.cards[0].front.size
    cell = (min(1024, round(trim[0] / 72 * CARD_DPI)), 0)
    cell = (cell[0], round(cell[0] * trim[1] / trim[0]))
    designs = deck.distinct()
    urls = {}
    for card, image in zip(designs, drawn([card.front for card in designs], export.meta, bleed=False, size=cell)):
        urls[(card.id, card.front.key)] = export.url(export.picture(image, f"{safe(deck.name)}-{safe(card.id)}.png"))
    tiles = []
    for number, card in enumerate(deck.cards):
        url = urls[(card.id, card.front.key)]
        tiles.append({"GUID": _guid(f"{deck.name}-{number}"), "Name": "Custom_Tile",
                      "Transform": _transform(0, 0, TILE_WIDTH, trim[0]), "Nickname": card.name or card.id,
                      "Description": card.text, "GMNotes": card.id, "ColorDiffuse": {"r": 1.0, "g": 1.0, "b": 1.0},
                      "Locked": False, "Grid": True, "Snap": True, "Autoraise": True, "Sticky": True, "Tooltip": True,
                      "CustomImage": {"ImageURL": url, "ImageSecondaryURL": url, "ImageScalar": 1.0, "WidthScale": 0.0,
                                      "CustomTile": {"Type": 2 if deck.round else 0, "Thickness": 0.1,
                                                     "Stackable": True, "Stretch": True}}})  # fmt: skip
    state = {"GUID": _guid(deck.name), "Name": "Bag", "Transform": _transform(place * 8.0, 8.0, 1, 1),
             "Nickname": deck.name, "Description": f"{len(tiles)} pieces", "ColorDiffuse": {"r": 0.7, "g": 0.6, "b": 0.45},
             "Locked": False, "Grid": True, "Snap": True, "Autoraise": True, "Sticky": True, "Tooltip": True,
             "ContainedObjects": tiles}  # fmt: skip
    export.saved_object(deck.name, state)


def _board(export: Export, board: pieces.Board, place: int) -> None:
    w, h = board.face.size
    size = (MOST_PIXELS, round(MOST_PIXELS * h / w)) if w >= h else (round(MOST_PIXELS * w / h), MOST_PIXELS)
    (image,) = drawn([board.face], export.meta, bleed=False, size=size)
    url = export.url(export.picture(image, f"{safe(board.name)}.png"))
    state = {"GUID": _guid(board.name), "Name": "Custom_Board", "Transform": _transform(place * 30.0, -20.0, BOARD_WIDTH, w),
             "Nickname": board.name, "Description": "", "ColorDiffuse": {"r": 1.0, "g": 1.0, "b": 1.0}, "Locked": False,
             "Grid": True, "Snap": True, "Autoraise": True, "Sticky": True, "Tooltip": True,
             "CustomImage": {"ImageURL": url, "ImageSecondaryURL": "", "ImageScalar": 1.0, "WidthScale": 0.0}}  # fmt: skip
    export.saved_object(board.name, state)


def _transform(x: float, z: float, unit: float, width: float, flipped: bool = False) -> dict:
    """Where an object lies on the table, and its scale: `width` over what scale 1 is (`unit`)."""
    scale = round(width / unit, 4)
    return {"posX": x, "posY": 1.0, "posZ": z, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0 if flipped else 0.0,
            "scaleX": scale, "scaleY": 1.0, "scaleZ": scale}  # fmt: skip


def _guid(name: str) -> str:
    """TTS's six hex digits, from the name: the same export gives the same file."""
    return hashlib.sha1(name.encode("utf-8")).hexdigest()[:6]

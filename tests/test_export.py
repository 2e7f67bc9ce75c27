"""kitpress export: every card as a picture at trim and bleed (--to png), and Tabletop
Simulator's saved objects (--to tts), checked in pixels and millimetres against the layouts'
declared sizes, and each TTS card's slot on its sheet against that card's own picture."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from kitpress.export.tabletop import MOST_PIXELS, grid_for
from kitpress.units import MM

KITPRESS = Path(sys.executable).with_name("kitpress")
POKER_MM, BLEED_MM = (63.5, 88.9), 3.0  # the fixture's card-front.yaml: `size: poker`, `bleed: 3mm`
CHIP_MM = (20.0, 20.0)  # chip.yaml: 20mm x 20mm, no bleed


def export(project: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([str(KITPRESS), "export", "mini", *args], cwd=project, capture_output=True, text=True, timeout=300)


def px(mm: float, dpi: int) -> int:
    return round(mm / 25.4 * dpi)


def test_every_card_is_a_picture_at_trim_and_bleed_named_by_deck_and_id(mini_project, tmp_path):
    done = export(mini_project, "--to", "png", "--dpi", "150", "--out", str(tmp_path / "png"))
    assert done.returncode == 0, done.stderr
    cards, chips = tmp_path / "png/cards", tmp_path / "png/chips"
    assert sorted(p.name for p in cards.iterdir()) == ["back.png", "east.png", "north.png", "south.png"]  # one shared back
    assert sorted(p.name for p in chips.iterdir()) == ["five.png", "one.png"]  # a design once, however many copies
    for picture in cards.iterdir():
        image = Image.open(picture)
        expected = (px(POKER_MM[0] + 2 * BLEED_MM, 150), px(POKER_MM[1] + 2 * BLEED_MM, 150))
        assert abs(image.width - expected[0]) <= 1 and abs(image.height - expected[1]) <= 1, (picture.name, image.size)
        assert round(image.info["dpi"][0]) == 150  # a shop reads the size in millimetres from it
    north = Image.open(cards / "north.png").convert("RGB")
    band = north.getpixel((north.width // 2, px(BLEED_MM + 5, 150)))  # inside the coloured band, 5 mm below the trim
    assert north.getpixel((north.width // 2, 0)) == band and north.getpixel((0, px(5, 150))) == band  # it reaches the bleed
    assert ImageChops.difference(north, Image.open(cards / "south.png").convert("RGB")).getbbox() is not None
    chip = Image.open(chips / "one.png")
    assert abs(chip.width - px(CHIP_MM[0], 150)) <= 1 and abs(chip.height - px(CHIP_MM[1], 150)) <= 1


def test_a_tts_deck_holds_every_card_and_each_slot_of_its_sheet_shows_that_card(mini_project, tmp_path):
    pictures = tmp_path / "png"  # at 300 dpi, as sharp as a TTS sheet's cards may be
    assert export(mini_project, "--to", "png", "--dpi", "300", "--out", str(pictures)).returncode == 0
    done = export(mini_project, "--to", "tts", "--out", str(tmp_path / "tts"))
    assert done.returncode == 0, done.stderr
    saved = json.loads((tmp_path / "tts/cards.json").read_text(encoding="utf-8"))
    (deck,) = saved["ObjectStates"]
    assert deck["Name"] == "DeckCustom" and deck["Nickname"] == "cards"
    cards = deck["ContainedObjects"]
    assert [c["Nickname"] for c in cards] == ["North wind", "South wind", "East wind"]  # as the content names them
    assert cards[1]["Description"] == "Move back one space." and cards[1]["GMNotes"] == "south"
    assert deck["DeckIDs"] == [c["CardID"] for c in cards]
    (key, sheet), = deck["CustomDeck"].items()
    assert all(c["CardID"] // 100 == int(key) and c["CustomDeck"] == {key: sheet} for c in cards)
    slots = sheet["NumWidth"] * sheet["NumHeight"]
    assert sheet["NumWidth"] <= 10 and sheet["NumHeight"] <= 7
    assert all(c["CardID"] % 100 < slots - 1 for c in cards)  # the last slot is the hidden card's
    faces = Image.open(Path(sheet["FaceURL"].removeprefix("file://"))).convert("RGB")
    assert faces.width % sheet["NumWidth"] == 0 and faces.height % sheet["NumHeight"] == 0
    cell = (faces.width // sheet["NumWidth"], faces.height // sheet["NumHeight"])
    assert abs(cell[1] / cell[0] - POKER_MM[1] / POKER_MM[0]) < 0.01 and max(faces.size) <= MOST_PIXELS
    bleed = px(BLEED_MM, 300)
    coarse = (cell[0] // 4, cell[1] // 4)  # compared coarsely: two drawings at two sizes differ in their edges
    for card in cards:
        index = card["CardID"] % 100
        box = ((index % sheet["NumWidth"]) * cell[0], (index // sheet["NumWidth"]) * cell[1])
        slot = faces.crop((*box, box[0] + cell[0], box[1] + cell[1]))
        distance = {}  # to each card's own picture, trimmed and resized: its own is by far the nearest
        for other in ("north", "south", "east"):
            own = Image.open(pictures / f"cards/{other}.png").convert("RGB")
            own = own.crop((bleed, bleed, own.width - bleed, own.height - bleed)).resize(coarse, Image.BOX)
            distance[other] = sum(ImageStat.Stat(ImageChops.difference(slot.resize(coarse, Image.BOX), own)).mean)
        nearest, *others = sorted(distance, key=distance.get)
        assert nearest == card["GMNotes"] and all(distance[nearest] < distance[o] / 3 for o in others), (card["GMNotes"], distance)
    hidden = faces.crop((faces.width - cell[0], faces.height - cell[1], faces.width, faces.height))
    back = Image.open(Path(sheet["BackURL"].removeprefix("file://"))).convert("RGB").resize(cell)
    assert max(ImageStat.Stat(ImageChops.difference(hidden, back)).mean) < 6  # the back shows for a hidden card


def test_pieces_without_backs_are_tiles_in_a_bag_and_boards_are_boards(mini_project, tmp_path):
    assert export(mini_project, "--to", "tts", "--out", str(tmp_path), "--base-url", "https://example.org/mini").returncode == 0
    (bag,) = json.loads((tmp_path / "chips.json").read_text(encoding="utf-8"))["ObjectStates"]
    assert bag["Name"] == "Bag" and len(bag["ContainedObjects"]) == 5  # three ones and two fives, as the content counts them
    tile = bag["ContainedObjects"][0]
    assert tile["Name"] == "Custom_Tile" and tile["CustomImage"]["CustomTile"]["Type"] == 2  # round: cut on its circle
    assert tile["CustomImage"]["ImageURL"] == "https://example.org/mini/chips-one.png"
    (board,) = json.loads((tmp_path / "board.json").read_text(encoding="utf-8"))["ObjectStates"]
    assert board["Name"] == "Custom_Board" and board["CustomImage"]["ImageURL"].endswith("/board.png")
    assert max(Image.open(tmp_path / "board.png").size) == MOST_PIXELS


@pytest.mark.parametrize(
    "args, said",
    [
        (["--to", "pdf"], "--to: error: --to pdf: use png or tts"),
        (["--to", "png", "--dpi", "5"], "--dpi: error: --dpi 5: give a number from 72 to 1200"),
        (["--to", "tts", "--base-url", "ftp://x"], "--base-url: error: --base-url 'ftp://x': give a web address"),
    ],
)
def test_a_bad_option_is_said_at_the_option_and_nothing_is_written(mini_project, tmp_path, args, said):
    done = export(mini_project, *args, "--out", str(tmp_path / "out"))
    assert done.returncode == 1 and said in done.stderr and "Traceback" not in done.stderr
    assert not (tmp_path / "out").exists()


def test_a_sheet_holds_sixty_nine_cards_and_the_hidden_one_within_tts_limits():
    assert (grid_for(69, (100, 140)).across, grid_for(69, (100, 140)).down) == (10, 7)
    assert (grid_for(10, (100, 140)).across, grid_for(10, (100, 140)).down) == (10, 2)  # 11 slots
    assert (grid_for(2, (100, 140)).across, grid_for(2, (100, 140)).down) == (3, 1)
    tall = grid_for(69, (57.2 * MM, 88.9 * MM))  # Soviet System's cards: the sheet's height binds
    assert tall.size[0] <= MOST_PIXELS and MOST_PIXELS - tall.down < tall.size[1] <= MOST_PIXELS
    small = grid_for(3, (20 * MM, 20 * MM))  # a token: never sharper than 300 dpi
    assert small.cell == (round(20 / 25.4 * 300), round(20 / 25.4 * 300))


@pytest.mark.parametrize("game", ["state-in-class", "class-struggle", "soviet-system"])
def test_every_shipped_game_exports_to_tts_and_a_print_shop(game, tmp_path):
    """Each shipped game's decks and boards as TTS saved objects, and as a PDF/X shop's files."""
    def run(*args):
        done = subprocess.run([str(KITPRESS), "export", game, *args], cwd=tmp_path, capture_output=True, text=True, timeout=600)
        assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
        return done

    run("--to", "tts", "--out", str(tmp_path / "tts"))
    saved = [json.loads(p.read_text(encoding="utf-8"))["ObjectStates"][0] for p in (tmp_path / "tts").glob("*.json")]
    assert {s["Name"] for s in saved} >= {"DeckCustom", "Custom_Board"}
    for state in saved:  # every picture a saved object names is there, and a sheet within TTS's limits
        for sheet in state.get("CustomDeck", {}).values():
            assert sheet["NumWidth"] <= 10 and sheet["NumHeight"] <= 7
            assert max(Image.open(sheet["FaceURL"].removeprefix("file://")).size) <= MOST_PIXELS
    from kitpress.export import pdfx

    if pdfx.profile_path() is None:
        pytest.skip("no CMYK profile for PDF/X: apt-get install libgs-common")
    run("--to", "print-shop", "--out", str(tmp_path / "shop"))
    pdfs = sorted((tmp_path / "shop").glob("*.pdf"))
    assert pdfs and all(p.read_bytes().startswith(b"%PDF-1.6") for p in pdfs)  # PDF/X-4, the default

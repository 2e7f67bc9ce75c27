"""How many of each card a deck prints (issue 12, sections 2 and 3): `copies: FIELD` prints each card
as many times as its field says (1 when it has none, none when it says 0), `blanks: EXPR` adds blank
cards, and a deck holds at most 20,000 cards. Every count that is negative, not whole, text, absurd
or too big for Python to print is one located error at the place to edit; nothing eats the memory."""

import re

import pytest

from kitpress.build.pipeline import BuildOptions, Project, compose_game
from kitpress.errors import KitpressError

SOVIET = "content/soviet-system/"
STRUGGLE = "content/class-struggle/"
R100 = "{id: r100, value: 100, count: 100}"  # game-data.yaml: 100 notes of 100 roubles
COPIES = "a number of copies is a whole number from 0 to 20000"
BLANKS = "a number of blank cards is a whole number from 0 to 20000"
CAPITALISTS_BLANKS = "blanks: blank_chance_cards, front: chance-front, back: chance-back}\n      - {id: workers"


def place(text: str, marker: str, offset: int = 0) -> str:
    """'line:col' of `marker` (which occurs once in `text`), `offset` characters into it."""
    assert text.count(marker) == 1, f"{marker!r} occurs {text.count(marker)} times"
    start = text.index(marker) + offset
    return f"{text.count(chr(10), 0, start) + 1}:{start - (text.rfind(chr(10), 0, start) + 1) + 1}"


def deck(kit_project, game: str, name: str, **options):
    """A deck of a game, composed (its text not fitted: counts are decided before)."""
    _, parts, _ = compose_game(Project(kit_project.root), game, BuildOptions(**options), fit_text=False)
    return next(d for part in parts for d in part.decks if d.name == name)


def error_lines(kit_project, game: str) -> list[str]:
    with pytest.raises(KitpressError) as info:
        compose_game(Project(kit_project.root), game, BuildOptions(), fit_text=False)
    return [str(problem) for problem in info.value.problems]


def test_each_card_is_printed_as_many_times_as_its_count_says(kit_project):
    """The bank's 500 banknotes; none of a note whose count is 0 (it used to print one); once each
    when `copies` names a field the cards do not have."""
    banknotes = deck(kit_project, "soviet-system", "banknotes")
    assert len(banknotes.fronts) == 30 + 70 + 100 * 4 and banknotes.ids.count("r100") == 100  # game-data.yaml
    assert banknotes.fronts[0].gutter == 0  # banknote.yaml's `gutter: 0` is no gutter, not the default one
    kit_project.edit(SOVIET + "game-data.yaml", R100, R100.replace("count: 100", "count: 0"))
    banknotes = deck(kit_project, "soviet-system", "banknotes")
    assert "r100" not in banknotes.ids and len(banknotes.fronts) == 400
    kit_project.edit(SOVIET + "game.yaml", "collection: banknotes, copies: count", "collection: banknotes, copies: copies")
    assert deck(kit_project, "soviet-system", "banknotes").ids == ("r1000", "r500", "r100", "r50", "r20", "r10")


def test_a_setting_of_0_prints_none_of_that_card(kit_project):
    banknotes = deck(kit_project, "soviet-system", "banknotes", settings=("banknotes.r100.count=0",))
    assert "r100" not in banknotes.ids and len(banknotes.fronts) == 400


# (the count written in place of 100, what the error shows of it)
BAD_COUNTS = [
    pytest.param("-3", "-3", id="negative"),
    pytest.param("1000000000", "1000000000", id="a-billion"),
    pytest.param("9" * 15, "9" * 15, id="15-digits"),  # the most YAML takes; printed whole
]


@pytest.mark.parametrize("count, shown", BAD_COUNTS)
def test_a_bad_count_is_one_error_at_the_cards_field(kit_project, count, shown):
    text = kit_project.edit(SOVIET + "game-data.yaml", R100, R100.replace("count: 100", f"count: {count}"))
    at = place(text, f"r100, value: 100, count: {count}", len("r100, value: 100, count: "))
    assert error_lines(kit_project, "soviet-system") == [f"{SOVIET}game-data.yaml:{at}: error: count {shown}: {COPIES}"]


def test_copies_naming_a_text_field_is_an_error_at_the_first_cards_field(kit_project):
    kit_project.edit(SOVIET + "game.yaml", "collection: banknotes, copies: count", "collection: banknotes, copies: id")
    data = (kit_project.root / SOVIET / "game-data.yaml").read_text(encoding="utf-8")
    at = place(data, "{id: r1000,", len("{id: "))
    assert error_lines(kit_project, "soviet-system") == [f"{SOVIET}game-data.yaml:{at}: error: id 'r1000': {COPIES}"]


def test_a_deck_of_more_cards_than_the_bound_is_an_error_at_its_copies(kit_project):
    path = kit_project.root / SOVIET / "game-data.yaml"
    text, notes = re.subn(r"(\{id: r\d+, value: \d+, count: )100\}", r"\g<1>5000}", path.read_text(encoding="utf-8"))
    assert notes == 4
    path.write_text(text, encoding="utf-8")
    text = (kit_project.root / SOVIET / "game.yaml").read_text(encoding="utf-8")
    at = place(text, "banknotes, copies: count", len("banknotes, copies: "))
    total = 30 + 70 + 5000 * 4
    message = f"deck 'banknotes' has {total:,} cards, more than the 20,000 a deck may have"
    assert error_lines(kit_project, "soviet-system") == [f"{SOVIET}game.yaml:{at}: error: {message}"]


def test_a_deck_whose_every_count_is_0_has_no_cards_at_the_deck(kit_project):
    path = kit_project.root / SOVIET / "game-data.yaml"
    text, notes = re.subn(r"(\{id: r\d+, value: \d+, count: )\d+\}", r"\g<1>0}", path.read_text(encoding="utf-8"))
    assert notes == 6
    path.write_text(text, encoding="utf-8")
    game = (kit_project.root / SOVIET / "game.yaml").read_text(encoding="utf-8")
    at = place(game, "{id: banknotes, collection: banknotes")
    assert error_lines(kit_project, "soviet-system") == [f"{SOVIET}game.yaml:{at}: error: deck 'banknotes' has no cards"]


# (what `blanks:` says for the capitalists' deck, what the error shows, or the whole message)
BAD_BLANKS = [
    pytest.param("\"'three'\"", f"blanks 'three': {BLANKS}", id="text"),
    pytest.param('"-1"', f"blanks -1: {BLANKS}", id="negative"),
    pytest.param('"2.5"', f"blanks 2.5: {BLANKS}", id="not-whole"),
    pytest.param('"none"', f"blanks None: {BLANKS}", id="none"),
    pytest.param('"10 ** 9"', f"blanks 1000000000: {BLANKS}", id="a-billion"),
    pytest.param('"1 // 0"', "ZeroDivisionError: integer division or modulo by zero", id="raises"),
    pytest.param('"blank_chance_cards +"', "template: unexpected 'end of template'", id="syntax-error"),
]


@pytest.mark.parametrize("blanks, message", BAD_BLANKS)
def test_a_bad_number_of_blanks_is_one_error_at_the_decks_blanks(kit_project, blanks, message):
    new = CAPITALISTS_BLANKS.replace("blank_chance_cards,", f"{blanks},")
    text = kit_project.edit(STRUGGLE + "game.yaml", CAPITALISTS_BLANKS, new)
    at = place(text, f"blanks: {blanks}, front: chance-front, back: chance-back}}\n      - {{id: workers", len("blanks: "))
    assert error_lines(kit_project, "class-struggle") == [f"{STRUGGLE}game.yaml:{at}: error: {message}"]


def test_a_huge_number_of_blanks_is_an_error_at_the_decks_blanks_showing_its_size(kit_project):
    """A number of 31 digits is not printed whole; the error shows its size. (YAML refuses a
    whole number of more than 15 digits; an expression can still make one.)"""
    new = CAPITALISTS_BLANKS.replace("blank_chance_cards,", '"blank_chance_cards * 10 ** 30",')
    text = kit_project.edit(STRUGGLE + "game.yaml", CAPITALISTS_BLANKS, new)
    at = place(text, 'blanks: "blank_chance_cards * 10 ** 30"', len("blanks: "))
    expected = f"{STRUGGLE}game.yaml:{at}: error: blanks (a number of 31 digits): {BLANKS}"  # 6 * 10**30
    assert error_lines(kit_project, "class-struggle") == [expected]


def test_a_count_of_more_than_15_digits_is_refused_by_the_yaml_loader(kit_project):
    text = kit_project.edit(SOVIET + "game-data.yaml", R100, R100.replace("count: 100", "count: " + "9" * 4000))
    at = place(text, "r100, value: 100, count: 9", len("r100, value: 100, count: "))
    expected = f"{SOVIET}game-data.yaml:{at}: error: a whole number of more than 15 digits; no game counts that far"
    assert error_lines(kit_project, "soviet-system") == [expected]


def test_blanks_that_make_a_deck_too_big_are_an_error_at_the_decks_blanks(kit_project):
    cards = len(deck(kit_project, "class-struggle", "capitalists").ids) - 6  # without its 6 blanks
    new = CAPITALISTS_BLANKS.replace("blank_chance_cards,", '"20000",')
    text = kit_project.edit(STRUGGLE + "game.yaml", CAPITALISTS_BLANKS, new)
    at = place(text, 'blanks: "20000"', len("blanks: "))
    message = f"deck 'capitalists' has {cards + 20_000:,} cards, more than the 20,000 a deck may have"
    assert error_lines(kit_project, "class-struggle") == [f"{STRUGGLE}game.yaml:{at}: error: {message}"]


def test_cards_listing_too_many_items_are_an_error_at_the_decks_cards(kit_project):
    """The sandbox refuses a range of more than 100,000; a deck is bounded below that."""
    old = "cards: \"classes | rejectattr('major') | list\""
    text = kit_project.edit(STRUGGLE + "game.yaml", old, 'cards: "range(99999)"')
    at = place(text, 'cards: "range(99999)"', len("cards: "))
    expected = f"{STRUGGLE}game.yaml:{at}: error: this expression gives more than 20,000 items"
    assert error_lines(kit_project, "class-struggle") == [expected]

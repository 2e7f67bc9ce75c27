"""Printed numbers and placeholders (textfmt), and the budget's 3-2-1 share-out (bind)."""

import pytest

from kitpress.compose.filters import share_out
from kitpress.content.textfmt import MINUS, fill, format_value, number, signed


def test_minus_is_the_true_minus_sign():
    assert MINUS == "\u2212"
    assert number(-2) == "\u22122"
    assert number(-0.5) == "\u22120.5"
    assert "-" not in number(-17)


@pytest.mark.parametrize("value, shown", [(0, "0"), (12, "12"), (3.0, "3"), (2.5, "2.5"), (-4.0, "\u22124")])
def test_number(value, shown):
    assert number(value) == shown


@pytest.mark.parametrize("value, shown", [(5, "+5"), (1.5, "+1.5"), (0, "0"), (-5, "\u22125"), (-1, "\u22121")])
def test_signed(value, shown):
    assert signed(value) == shown


def test_format_value():
    assert format_value(-2, "signed") == "\u22122"
    assert format_value(5, "signed") == "+5"
    assert format_value(5, None) == "5"
    assert format_value(-3, "plain") == "\u22123"
    assert format_value("text", None) == "text"


def test_fill_replaces_names_and_formats():
    assert fill("{n} sheets", {"n": 3}) == ("3 sheets", [])
    assert fill("Tension {d|signed}", {"d": -1}) == ("Tension \u22121", [])
    assert fill("{a} and {a}", {"a": "x"}) == ("x and x", [])


def test_fill_reports_missing_names_and_leaves_them_in_place():
    text, missing = fill("Board · sheet {n} of {total}", {"n": 1})
    assert text == "Board · sheet 1 of {total}"
    assert missing == ["total"]
    assert fill("{a} {b}", {}) == ("{a} {b}", ["a", "b"])


def test_fill_leaves_braces_that_are_not_placeholders():
    assert fill("a {not a name} b {}", {"n": 1}) == ("a {not a name} b {}", [])


# -- the 3-2-1 share-out ----------------------------------------------------------------------
# The seed's board prints the share-out for these purses; they are the independent oracle.


@pytest.mark.parametrize(
    "total, shares",
    [
        (16, [9, 5, 2]),
        (19, [10, 6, 3]),
        (26, [14, 8, 4]),
        (38, [20, 12, 6]),
    ],
)
def test_share_out_matches_the_printed_board(total, shares):
    assert share_out(total, [3, 2, 1]) == shares


def test_share_out_of_nothing():
    assert share_out(0, [3, 2, 1]) == [0, 0, 0]


@pytest.mark.parametrize("total, shares", [(1, [1, 0, 0]), (2, [2, 0, 0]), (3, [3, 0, 0]), (4, [3, 1, 0])])
def test_share_out_of_a_small_purse_goes_to_the_first_services(total, shares):
    assert share_out(total, [3, 2, 1]) == shares


def test_share_out_gives_out_every_coin_and_never_favours_a_lower_rank():
    for total in range(0, 100):
        shares = share_out(total, [3, 2, 1])
        assert sum(shares) == total
        assert shares[0] >= shares[1] >= shares[2] >= 0


def test_share_out_with_a_pattern_of_zeros_stops():
    assert share_out(10, [0, 0, 0]) == [0, 0, 0]


@pytest.mark.parametrize(
    "amount, lang, shown",
    [
        (200, "en", "$200"),
        (200, "es", "200\u00a0$"),  # the sign after, with a no-break space (CLDR's pattern)
        (12500, "ru", "12\u00a0500\u00a0$"),
        (1500, "es", "1.500\u00a0$"),
        (2.5, "es", "2,50\u00a0$"),
        (-300, "en", MINUS + "$300"),
        (200, "pt-BR", "$\u00a0200"),
        (200, "xx", "$200"),  # a language CLDR does not know: English's way
    ],
)
def test_money_follows_the_language(amount, lang, shown):
    from kitpress.content.textfmt import money

    assert money(amount, lang, "$") == shown


def test_the_money_filter_takes_its_sign_from_the_labels_and_its_order_from_the_kit_language():
    from kitpress.compose.bind import Binder
    from kitpress.content.yamlio import LocStr, YMap
    from kitpress.errors import Loc

    binder, source = Binder([]), LocStr("{{ 1200|money }}", Loc("layouts/x.yaml", 3, 5))
    labels = YMap({"currency": "₽"}, loc=Loc("content/g/labels.yaml", 2, 3))
    assert binder.render(source, {"labels": labels, "kit": {"lang": "en"}})[0] == "₽1,200"
    assert binder.render(source, {"labels": labels, "kit": {"lang": "es"}})[0] == "1.200\u00a0₽"


def test_a_game_without_a_currency_label_is_told_where_its_labels_are():
    from kitpress.compose.bind import Binder, BindError
    from kitpress.content.yamlio import LocStr, YMap
    from kitpress.errors import Loc

    source = LocStr("{{ 1200|money }}", Loc("layouts/x.yaml", 3, 5))
    labels = YMap({"sheets": "Sheets"}, loc=Loc("content/g/labels.yaml", 2, 3))
    with pytest.raises(BindError) as error:
        Binder([]).render(source, {"labels": labels, "kit": {"lang": "en"}})
    assert str(error.value) == "template: labels has no 'currency': add it where labels is written, content/g/labels.yaml:2"
    assert error.value.loc == Loc("layouts/x.yaml", 3, 5)


def _mini_with(root, rule: str, currency: bool = True):
    """The fixture game with a rule holding `rule`, and the label `currency` (or none)."""
    from kitpress.content.game import load_game

    labels = root / "content/mini/labels.yaml"
    if currency:
        labels.write_text(labels.read_text(encoding="utf-8") + '  currency: "₡"\n', encoding="utf-8")
    rules = root / "content/mini/rules.yaml"
    rules.write_text(rules.read_text(encoding="utf-8").replace("Whoever reaches the mill first wins.", rule), encoding="utf-8")
    return lambda lang=None: load_game(root / "content/mini", lang)


def test_a_content_placeholder_prints_money_and_thousands_as_the_kit_language_writes_them(mini_project):
    load = _mini_with(mini_project, "Each chip of five is worth {chips.five.value|money}; a thousand is {chips.five.count|thousands}.")
    assert load().data["rules"]["end"]["text"] == "Each chip of five is worth ₡5; a thousand is 2."
    spanish = load("es").data["rules"]["end"]["text"]
    assert "5\u00a0₡" in spanish  # Spanish puts the sign after, as CLDR says


def test_a_content_placeholder_with_money_and_no_currency_label_is_an_error_at_its_line(mini_project):
    from kitpress.errors import KitpressError

    load = _mini_with(mini_project, "Worth {chips.five.value|money}.", currency=False)
    with pytest.raises(KitpressError) as error:
        load()
    (problem,) = error.value.problems
    assert problem.message.startswith("placeholder '{chips.five.value|money}': |money needs the label 'currency'")
    assert (problem.loc.path.endswith("rules.yaml"), problem.loc.line) == (True, 4)


def test_an_unknown_format_names_the_ones_there_are(mini_project):
    from kitpress.errors import KitpressError

    load = _mini_with(mini_project, "Worth {chips.five.value|mony}.")
    with pytest.raises(KitpressError) as error:
        load()
    assert error.value.problems[0].message == (
        "unknown format '|mony' in '{chips.five.value|mony}' (did you mean 'money'?): use signed, plain, thousands, money"
    )


def test_fill_in_a_template_prints_money_as_the_kit_language_writes_it():
    from kitpress.compose.bind import Binder
    from kitpress.content.yamlio import LocStr, YMap
    from kitpress.errors import Loc

    binder = Binder([])
    source = LocStr("{{ 'Wages: {w|money}' | fill(w=1500) }}", Loc("layouts/x.yaml", 3, 5))
    labels = YMap({"currency": "₡"}, loc=Loc("content/g/labels.yaml", 2, 3))
    assert binder.render(source, {"labels": labels, "kit": {"lang": "en"}})[0] == "Wages: ₡1,500"
    assert binder.render(source, {"labels": labels, "kit": {"lang": "es"}})[0] == "Wages: 1.500\u00a0₡"


@pytest.mark.parametrize(
    ("placeholder", "said"),
    [
        ("{chips.fiv.value}", "placeholder '{chips.fiv.value}' names nothing: no 'fiv' (did you mean 'five'?)"),
        ("{chip.five.value}", "placeholder '{chip.five.value}' names nothing: no 'chip' (did you mean 'chips'?)"),
    ],
)
def test_a_mistyped_placeholder_is_named_with_its_near_miss(mini_project, placeholder, said):
    from kitpress.errors import KitpressError

    load = _mini_with(mini_project, f"Worth {placeholder}.")
    with pytest.raises(KitpressError) as error:
        load()
    assert [p.message for p in error.value.problems] == [said]


def test_a_fill_left_without_a_value_is_said_in_words():
    from kitpress.compose.bind import Binder, BindError
    from kitpress.content.yamlio import LocStr
    from kitpress.errors import Loc

    with pytest.raises(BindError) as error:
        Binder([]).render(LocStr("{{ 'District: {name}' | fill(n=1) }}", Loc("layouts/x.yaml", 3, 5)), {})
    assert str(error.value) == "template: placeholder {name} was not given a value in 'District: {name}'"


def test_a_placeholder_in_game_yaml_is_filled_in_what_the_game_gives(mini_project):
    """Placeholders are filled in a copy of what holds them (checked content is never changed):
    the game's description and its components are the filled copies."""
    from kitpress.content.game import load_game

    game_file = mini_project / "content/mini/game.yaml"
    text = game_file.read_text(encoding="utf-8").replace("subtitle: The test fixture", "subtitle: The test fixture of {chips.five.count} chips")
    game_file.write_text(text.replace("    title: Rules\n", "    title: Rules for {chips.five.count}\n"), encoding="utf-8")
    game = load_game(mini_project / "content/mini")
    assert game.meta["subtitle"] == game.data["game"]["subtitle"] == "The test fixture of 2 chips"
    rules = next(component for component in game.data["components"] if component["id"] == "rules")
    assert rules["title"] == "Rules for 2"


def test_only_what_may_hold_a_placeholder_is_walked_and_every_placeholder_is_still_filled(mini_project, monkeypatch):
    """load_game fills placeholders only in the collections whose texts hold a `{` (found by the
    walk that lists the translatable texts): a deck without one is not walked a second time."""
    from kitpress.content import game as game_module
    from kitpress.content import i18n

    load = _mini_with(mini_project, "Worth {chips.five.value|money}.")
    walked = []
    real = i18n.map_texts
    monkeypatch.setattr(i18n, "map_texts", lambda data, change, skip=(): walked.append(set(data) - set(skip)) or real(data, change, skip))
    game = load()
    assert game.data["rules"]["end"]["text"] == "Worth ₡5."
    assert walked == [{"rules", "labels"}]  # the labels hold {n}, a layout's; not the cards, spaces, nor the game's texts
    walked.clear()
    spanish = load("es")  # a catalogue's texts: all of them are walked
    assert "5\u00a0₡" in spanish.data["rules"]["end"]["text"]
    assert {"rules", "cards", "game"} <= walked[-1]
    assert game_module.i18n is i18n

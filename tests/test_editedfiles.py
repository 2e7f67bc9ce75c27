"""A content file a new process finds edited by one item (content/editedfiles): the item parsed
and checked alone, the rest read back as the last check left it - every value, place, text key and
reference what checking the whole file gives; anything else checked the long way, and said there."""

import pytest

from kitpress.content import collections as content_files
from kitpress.content import editedfiles, game as content, parsedcache
from kitpress.errors import KitpressError, Problems
from test_parsedcache import _kept_game, _line, same


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.chdir(tmp_path)


@pytest.fixture
def spliced(monkeypatch):
    """Whether each load of the edited cards.yaml had it from its one changed item."""
    found, real = [], editedfiles.find

    def counted(text, source, path, *args):
        result = real(text, source, path, *args)
        if path.endswith("cards.yaml"):
            found.append(result is not None)
        return result

    monkeypatch.setattr(editedfiles, "find", counted)
    return found


def _collections(root):
    """Every collection of the game as checked, and the references to resolve, in order."""
    problems = Problems()
    types, declared = content._load_schema(root, root.name, problems)
    data, _ = content_files.load(root, root.name, types, problems, declared)
    problems.raise_if_errors()
    refs = [(target, str(ident), ident.loc, loc) for target, ident, loc in data.pop("__refs__")]
    return data, refs


def _checked_whole(root, monkeypatch):
    """The same, parsed and checked whole, as if nothing were kept."""
    with monkeypatch.context() as m:
        m.setattr(parsedcache, "find_checked", lambda *args: None)
        m.setattr(editedfiles, "find", lambda *args: None)
        return _collections(root)


def _edit(root, old: str, new: str) -> None:
    cards = root / "cards.yaml"
    text = cards.read_text(encoding="utf-8")
    assert old in text, old
    cards.write_text(text.replace(old, new, 1), encoding="utf-8")


def _edited(root, spliced, old: str, new: str, load=_collections):
    """A game loaded once (its files kept as checked), then `old` made `new` in its cards.yaml."""
    load(root)
    parsedcache.settled()
    spliced.clear()
    _edit(root, old, new)
    return root


def _outcome(load, *args):
    """What loading gives: its value, or what it says."""
    try:
        return load(*args)
    except KitpressError as exc:
        return [str(p) for p in exc.problems]


EDITS = {
    "a title": ("    title: Card 3\n", "    title: Card three\n"),
    "a line of a text block": ("      The committee, card 1:\n", "      The board, card 1:\n"),
    "a reference": ("  - id: c2\n    title: Card 2\n    body: Card 2 body\n    cost: 2\n    deck: d0\n",
                    "  - id: c2\n    title: Card 2\n    body: Card 2 body\n    cost: 2\n    deck: d1\n"),
    "an id, and so its texts' keys": ("  - id: c7\n", "  - id: c7x\n"),
    "the first card, its id a number": ("    title: Card 0\n", "    title: Card nought\n"),
    "the last card": ("    title: Card 119\n", "    title: Card last\n"),
    "a map in a card": ("    prices: {a: 1, b: 2}\n", "    prices: {a: 10, b: 2}\n"),
    "a record in a card": ("    sanction: {roubles: 4, who: self}\n", "    sanction: {roubles: 40}\n"),
}


@pytest.mark.parametrize("edit", EDITS)
def test_one_card_edited_is_checked_alone_and_the_file_is_what_a_whole_check_gives(cache, spliced, tmp_path, monkeypatch, edit):
    root = _edited(_kept_game(tmp_path / "kept"), spliced, *EDITS[edit])
    data, refs = _collections(root)
    assert spliced == [True]
    parsedcache.settled()
    whole, whole_refs = _checked_whole(root, monkeypatch)
    assert data.keys() == whole.keys() and all(same(data[name], whole[name]) for name in data)
    assert refs == whole_refs
    again, again_refs = _collections(root)  # the next process reads it back as checked
    assert all(same(again[name], whole[name]) for name in whole) and again_refs == whole_refs
    assert spliced == [True]  # found kept, not spliced again


def test_a_game_loaded_after_an_edit_has_its_texts_by_their_new_keys(cache, spliced, tmp_path):
    edit = ("  - id: c7\n    title: Card 7\n", "  - id: c7x\n    title: Card seven\n")
    root = _edited(_kept_game(tmp_path / "kept"), spliced, *edit, content.load_game)
    game = content.load_game(root)
    assert spliced == [True]
    assert game.texts["cards.c7x.title"] == "Card seven" and "cards.c7.title" not in game.texts
    text = (root / "cards.yaml").read_text(encoding="utf-8")
    assert game.data["cards"]["c7x"]["title"].loc.line == _line(text, "title: Card seven")


FALLBACKS = {
    "a line added": ("    title: Card 3\n", "    title: Card 3\n    note: a new line\n"),
    "two cards at once": ("    cost: 3\n    deck: d1\n  - id: c4\n", "    cost: 30\n    deck: d1\n  - id: c4x\n"),
    "an item's dash moved": ("  - id: c3\n", "  -  id: c3\n"),
    "a quote left open": ("    title: Card 3\n", "    title: 'Card 3\n"),
}


@pytest.mark.parametrize("edit", FALLBACKS)
def test_any_other_edit_is_checked_whole(cache, spliced, tmp_path, monkeypatch, edit):
    root = _edited(_kept_game(tmp_path / "kept"), spliced, *FALLBACKS[edit])
    data = _outcome(_collections, root)
    assert spliced == [False]
    whole = _outcome(_checked_whole, root, monkeypatch)
    if isinstance(whole, list):
        assert data == whole
    else:
        assert all(same(data[0][name], whole[0][name]) for name in whole[0]) and data[1] == whole[1]


MISTAKES = {
    "a duplicate id": ("  - id: c4\n", "  - id: c3\n", "duplicate id 'c3' in cards"),
    "a wrong type": ("    cost: 3\n", "    cost: three\n", "cards.c3.cost must be a whole number, not 'three'"),
    "an unknown key": ("    cost: 3\n", "    cots: 3\n", "unknown key 'cots' in cards.c3"),
}


@pytest.mark.parametrize("edit", MISTAKES)
def test_a_mistake_in_the_edited_card_is_said_where_a_whole_check_says_it(cache, spliced, tmp_path, monkeypatch, edit):
    old, new, said = MISTAKES[edit]
    root = _edited(_kept_game(tmp_path / "kept"), spliced, old, new)
    problems = _outcome(_collections, root)
    assert spliced == [False]
    assert problems == _outcome(_checked_whole, root, monkeypatch) and said in problems[0]


def test_a_wrong_reference_in_the_edited_card_is_said_at_its_place(cache, spliced, tmp_path):
    edit = ("    cost: 2\n    deck: d0\n", "    cost: 2\n    deck: d9\n")
    root = _edited(_kept_game(tmp_path / "kept"), spliced, *edit, content.load_game)
    with pytest.raises(KitpressError) as error:
        content.load_game(root)
    assert spliced == [True]  # the card is well formed: its reference is resolved with the game's
    (wrong,) = [p for p in error.value.problems if "d9" in p.message]
    assert wrong.loc.line == _line((root / "cards.yaml").read_text(encoding="utf-8"), "deck: d9")


def test_a_deck_of_one_line_cards_is_edited_by_its_card(cache, spliced, tmp_path, monkeypatch):
    """The synthetic decks' form: each card a flow mapping on one line."""
    root = _kept_game(tmp_path / "kept", cards=0)
    card = "  - {{id: c{0}, title: Card {0}, body: 'The body, {0}', cost: {1}, deck: d{2}}}\n"
    cards = "".join(card.format(i, i % 5, i % 2) for i in range(300))
    (root / "cards.yaml").write_text("cards:\n" + cards, encoding="utf-8")
    _edited(root, spliced, "title: Card 150,", "title: Card edited,")
    data, refs = _collections(root)
    assert spliced == [True]
    whole, whole_refs = _checked_whole(root, monkeypatch)
    assert all(same(data[name], whole[name]) for name in whole) and refs == whole_refs


def test_an_edit_over_the_limit_of_values_is_refused_as_a_whole_parse_would(cache, spliced, tmp_path, monkeypatch):
    from kitpress.content import yamlio

    root = _kept_game(tmp_path / "kept")
    text = (root / "cards.yaml").read_text(encoding="utf-8")
    monkeypatch.setattr(yamlio, "MAX_NODES", yamlio.parse(text, "cards.yaml")[1] + 10)
    _edited(root, spliced, "    tags: [red, blue]\n", f"    tags: [{', '.join(['red'] * 30)}]\n")  # 28 values more, on one line
    problems = _outcome(_collections, root)
    assert spliced == [False] and isinstance(problems, list)
    assert problems == _outcome(_checked_whole, root, monkeypatch)


def test_two_projects_files_shown_alike_are_two_files(cache, spliced, tmp_path, monkeypatch):
    """content/kept/cards.yaml of two projects (two synthetic decks, say): the last text checked
    of one is not the other's."""
    first = _kept_game(tmp_path / "a" / "kept")
    other = _kept_game(tmp_path / "b" / "kept", cards=80)
    monkeypatch.chdir(tmp_path / "a")
    _collections(first)
    parsedcache.settled()
    monkeypatch.chdir(tmp_path / "b")
    _collections(other)  # shown as kept/cards.yaml too
    parsedcache.settled()
    monkeypatch.chdir(tmp_path / "a")
    spliced.clear()
    _edit(first, "    title: Card 3\n", "    title: Card three\n")
    data, refs = _collections(first)
    assert spliced == [True]
    whole, whole_refs = _checked_whole(first, monkeypatch)
    assert all(same(data[name], whole[name]) for name in whole) and refs == whole_refs

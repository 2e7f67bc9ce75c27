"""YAML files as parsed, kept in the user's cache (content/parsedcache): a file read back is the
value a parse gives, every place included; what cannot be kept is parsed every time. A content
file is kept as checked too: its collections come back as the schema's check makes them."""

import shutil
from pathlib import Path

import pytest

from kitpress.content import game as content, parsedcache, yamlio
from kitpress.content.located import Records
from kitpress.content.yamlio import LocStr, YList, YMap
from kitpress.errors import KitpressError, Loc

REPO = Path(__file__).resolve().parents[1]
LIMITS = (yamlio.MAX_NODES, yamlio.MAX_DEPTH)
SHIPPED = sorted(p for p in (REPO / "content").rglob("*.yaml") if p.stat().st_size >= parsedcache.SMALLEST)


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return tmp_path / "cache" / "kitpress" / "yaml"


def same(a, b) -> bool:
    """Equal values of equal types, at equal places (a dict's == would not look at places)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, YMap):
        return (a.loc, a.key_locs, a.value_locs, list(a)) == (b.loc, b.key_locs, b.value_locs, list(b)) and all(
            same(a[key], b[key]) for key in a
        )
    if isinstance(a, YList):
        if isinstance(a, Records) and list(a.by_id) != list(b.by_id):
            return False
        return (a.loc, a.item_locs, len(a)) == (b.loc, b.item_locs, len(b)) and all(map(same, a, b))
    if isinstance(a, LocStr):
        return (str(a), a.loc, a.block, a.field) == (str(b), b.loc, b.block, b.field)
    return a == b


def test_the_shipped_games_files_read_back_are_what_a_parse_gives(cache):
    assert len(SHIPPED) >= 15
    for path in SHIPPED:
        text = path.read_text(encoding="utf-8")
        parsed, count, anchored = yamlio._load(text, str(path))
        first = yamlio.load_text(text, str(path))  # parsed, and kept (a big file's by a forked writer)
        parsedcache.settled()
        assert parsedcache.find(text, str(path), *LIMITS) is not None, path
        again = yamlio.load_text(text, str(path))  # read back
        assert same(first, parsed) and same(again, parsed) and again is not first, path
        assert parsedcache.find(text, str(path), *LIMITS)[1] == count and not anchored
    assert len(list(cache.iterdir())) == len({p.read_bytes() for p in SHIPPED})


def test_the_same_text_at_another_path_is_placed_there(cache):
    text = "cards:\n" + "".join(f"  - id: c{i}\n    text: |\n      Card {i}, a block of text.\n" for i in range(200))
    yamlio.load_text(text, "content/a/cards.yaml")
    moved = yamlio.load_text(text, "elsewhere/cards.yaml")
    assert same(moved, yamlio._load(text, "elsewhere/cards.yaml")[0])
    assert moved["cards"][7]["text"].loc.path == "elsewhere/cards.yaml" and moved["cards"][7]["text"].block


def test_what_cannot_be_kept_is_parsed_every_time_and_errors_keep_their_place(cache):
    anchored = "base: &b {cost: 3}\n" + "".join(f"c{i}: *b\n" for i in range(600))
    assert yamlio.load_text(anchored, "a.yaml")["c5"] == {"cost": 3}
    small = "title: short\n"
    yamlio.load_text(small, "s.yaml")
    assert not cache.exists() or not list(cache.iterdir())  # neither an anchored nor a small file is kept
    broken = "cards:\n" + "  - id: x\n" * 600 + "  - id: [unclosed\n"
    for _ in range(2):
        with pytest.raises(KitpressError) as error:
            yamlio.load_text(broken, "content/g/cards.yaml")
        (problem,) = error.value.problems
        assert problem.loc.path == "content/g/cards.yaml" and problem.loc.line == 603, problem  # the end of its 602 lines


@pytest.mark.parametrize(
    "damage",
    [b"", b"not zlib", b"x\x9c\x03\x00\x00\x00\x00\x01", "marshal: a list", "marshal: a wrong shape", "marshal: a key twice", "marshal: too deep"],
)
def test_a_damaged_entry_is_a_miss_and_the_file_is_parsed_again(cache, damage):
    import marshal
    import zlib

    text = "cards:\n" + "".join(f"  - {{id: c{i}, cost: {i}, note: 'card number {i}'}}\n" for i in range(200))
    yamlio.load_text(text, "cards.yaml")
    (entry,) = cache.iterdir()
    if damage == "marshal: a list":
        damage = zlib.compress(marshal.dumps([1, 2, 3]))
    elif damage == "marshal: a wrong shape":
        damage = zlib.compress(marshal.dumps(((parsedcache._MAP, 1, 1, (("k", 1, 1, 1, 1, (parsedcache._TEXT, 1)),)), 2)))
    elif damage == "marshal: a key twice":
        twice = ("k", 1, 1, 1, 4, (parsedcache._PLAIN, 1))
        damage = zlib.compress(marshal.dumps(((parsedcache._MAP, 1, 1, (twice, twice)), 3)))
    elif damage == "marshal: too deep":
        deep = (parsedcache._PLAIN, 1)
        for _ in range(100):
            deep = (parsedcache._LIST, 1, 1, ((1, 1, deep),), True)
        damage = zlib.compress(marshal.dumps((deep, 101)))
    entry.write_bytes(damage)
    assert parsedcache.find(text, "cards.yaml", *LIMITS) is None
    assert same(yamlio.load_text(text, "cards.yaml"), yamlio._load(text, "cards.yaml")[0])


def test_the_folder_is_kept_under_its_size(cache, monkeypatch):
    monkeypatch.setattr(parsedcache, "MAX_BYTES", 6000)
    for n in range(12):
        text = f"# file {n}\n" + "".join(f"k{i}_{n}: value number {i} of file {n}\n" for i in range(300))
        yamlio.load_text(text, f"f{n}.yaml")
    sizes = [entry.stat().st_size for entry in cache.iterdir()]
    assert 0 < sum(sizes) <= 6000 and len(sizes) < 12


BIG = """
import sys
from kitpress.content import parsedcache, yamlio
text = "cards:\\n" + "".join(f"  - {{id: c{i}, title: Card {i}, cost: {i % 7}}}\\n" for i in range(6000))
value, count, _ = yamlio._load_whole(text, "cards.yaml")
forked = len(parsedcache._WRITERS)
parsedcache.settled()
found = parsedcache.find(text, "cards.yaml", yamlio.MAX_NODES, yamlio.MAX_DEPTH)
assert found is not None and found[1] == count > parsedcache.IN_BACKGROUND
assert found[0]["cards"][5999]["title"] == "Card 5999" and found[0]["cards"][5999]["title"].loc.line == 6001
print(forked)
"""


def test_a_big_files_entry_is_written_by_a_forked_process(tmp_path):
    import os
    import subprocess
    import sys

    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", BIG], env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["1"]  # one writer forked, and what it wrote is read back


# -- as checked ---------------------------------------------------------------------------------
SCHEMA = """types:
  sanction: {roubles: "int?", who: "str?"}
  card:
    id: id
    title: text
    body: text
    note: "text?"
    cost: int
    rare: "bool?"
    ink: "color?"
    deck: ref(decks)
    tags: "[str]?"
    prices: "map(int)?"
    sanction: "sanction?"
  deck: {id: id, name: text}
collections:
  cards: "[card]"
  decks: "[deck]"
"""
GAME = "id: kept\ntitle: Kept\nlanguage: en\ncomponents: []\n"


def _card(i: int) -> str:
    """Cards with what a check changes or adds: an id written as a number, a text block, optional
    fields left out (None), references, maps, lists, a record inside a record."""
    extra = ["", "    rare: true\n    ink: '#1f4e79'\n", "    tags: [red, blue]\n    prices: {a: 1, b: 2}\n"][i % 3]
    body = f"    body: |\n      The committee, card {i}:\n      a block of two lines.\n" if i % 2 else f"    body: Card {i} body\n"
    sanction = f"    sanction: {{roubles: {i}, who: self}}\n" if i % 4 == 0 else ""
    return f"  - id: {i if i % 5 == 0 else f'c{i}'}\n    title: Card {i}\n{body}    cost: {i % 7}\n    deck: d{i % 2}\n{extra}{sanction}"


def _kept_game(root: Path, cards: int = 120) -> Path:
    root.mkdir(parents=True)
    (root / "game.yaml").write_text(GAME, encoding="utf-8")
    (root / "schema.yaml").write_text(SCHEMA, encoding="utf-8")
    (root / "decks.yaml").write_text("decks:\n  - {id: d0, name: Zero}\n  - {id: d1, name: One}\n", encoding="utf-8")
    (root / "cards.yaml").write_text("cards:\n" + "".join(map(_card, range(cards))), encoding="utf-8")
    return root


@pytest.fixture
def checked_hits(monkeypatch):
    """Whether each file big enough to be kept was read back as checked."""
    hits = []
    real = parsedcache.find_checked

    def counted(text, *args):
        found = real(text, *args)
        if len(text) >= parsedcache.SMALLEST:
            hits.append(found is not None)
        return found

    monkeypatch.setattr(parsedcache, "find_checked", counted)
    return hits


def _same_data(a, b) -> None:
    assert a.keys() == b.keys()
    for name in a:
        assert same(a[name], b[name]), name


@pytest.mark.parametrize("game", ["soviet-system", "class-struggle", "state-in-class", "kept"])
def test_a_games_files_read_back_as_checked_are_what_the_check_gives(cache, checked_hits, tmp_path, monkeypatch, game):
    """Every collection as checked (its texts' fields, the None of an optional field left out,
    records by id, every place) and the references to resolve: a game loaded from kept files is
    the game a check gives."""
    monkeypatch.chdir(tmp_path)
    root = _kept_game(tmp_path / game) if game == "kept" else Path(shutil.copytree(REPO / "content" / game, tmp_path / game))
    first = content.load_game(root)
    parsedcache.settled()
    assert not any(checked_hits)
    checked_hits.clear()
    again = content.load_game(root)
    big = [p for p in root.glob("*.yaml") if p.name not in ("game.yaml", "schema.yaml") and p.stat().st_size >= parsedcache.SMALLEST]
    assert big and checked_hits.count(True) == len(big)
    _same_data(first.data, again.data)
    assert first.texts == again.texts
    if game == "kept":
        cards, text = again.data["cards"], (root / "cards.yaml").read_text(encoding="utf-8")
        assert cards["c1"]["body"].field == "cards.c1.body" and cards["c1"]["note"] is None
        assert cards["5"]["title"].loc == Loc("kept/cards.yaml", _line(text, "title: Card 5\n"), 12)  # an id written as a number
        assert cards["c4"]["sanction"]["roubles"] == 4 and cards["c2"]["prices"]["b"] == 2


def test_references_read_back_are_resolved_and_a_wrong_one_is_said_where_it_is(cache, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    root = _kept_game(tmp_path / "kept")
    content.load_game(root)
    parsedcache.settled()
    (root / "decks.yaml").write_text("decks:\n  - {id: d0, name: Zero}\n", encoding="utf-8")  # d1 gone; cards.yaml kept
    with pytest.raises(KitpressError) as error:
        content.load_game(root)
    wrong = [p for p in error.value.problems if "d1" in p.message]
    text = (root / "cards.yaml").read_text(encoding="utf-8")
    assert len(wrong) == 60 and wrong[0].loc == Loc("kept/cards.yaml", _line(text, "deck: d1"), 11), wrong[0]


def test_a_file_checked_against_another_schema_is_checked_again(cache, checked_hits, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    root = _kept_game(tmp_path / "kept")
    content.load_game(root)
    parsedcache.settled()
    schema = root / "schema.yaml"
    schema.write_text(SCHEMA.replace('note: "text?"', 'note: "str?"'), encoding="utf-8")
    checked_hits.clear()
    content.load_game(root)  # the same content, checked against the new schema
    assert checked_hits == [False]
    parsedcache.settled()
    schema.write_text(SCHEMA.replace("cost: int", "cost: bool"), encoding="utf-8")
    checked_hits.clear()
    with pytest.raises(KitpressError) as error:
        content.load_game(root)
    assert checked_hits == [False]
    assert error.value.problems[1].message == "cards.c1.cost must be true or false, not 1"
    line = _line((root / "cards.yaml").read_text(encoding="utf-8"), "cost: 1")
    assert error.value.problems[1].loc == Loc("kept/cards.yaml", line, 11)


@pytest.mark.parametrize("old, new, said", [
    ("    cost: 3\n", "    cots: 3\n", "unknown key 'cots' in cards.c3 (did you mean 'cost'?)"),
    ("    cost: 3\n", "    cost: three\n", "cards.c3.cost must be a whole number, not 'three'"),
])
def test_a_file_the_check_has_something_to_say_about_is_never_kept(cache, checked_hits, tmp_path, monkeypatch, old, new, said):
    monkeypatch.chdir(tmp_path)
    root = _kept_game(tmp_path / "kept")
    cards = root / "cards.yaml"
    text = cards.read_text(encoding="utf-8").replace(old, new, 1)
    cards.write_text(text, encoding="utf-8")
    for _ in range(2):
        with pytest.raises(KitpressError) as error:
            content.load_game(root)
        parsedcache.settled()
        assert (error.value.problems[0].message, error.value.problems[0].loc.line) == (said, _line(text, new.strip()))
    assert checked_hits == [False, False]


def test_the_same_file_in_another_folder_is_placed_there(cache, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    first = _kept_game(tmp_path / "kept")
    content.load_game(first)
    parsedcache.settled()
    moved = tmp_path / "other" / "game-b"
    shutil.copytree(first, moved)
    again = content.load_game(moved)
    line = _line((moved / "cards.yaml").read_text(encoding="utf-8"), "title: Card 3\n")
    assert again.data["cards"]["c3"]["title"].loc == Loc("other/game-b/cards.yaml", line, 12)


def test_a_damaged_checked_entry_is_a_miss_and_the_file_is_checked_again(cache, checked_hits, tmp_path, monkeypatch):
    import marshal
    import zlib

    monkeypatch.chdir(tmp_path)
    root = _kept_game(tmp_path / "kept")
    first = content.load_game(root)
    parsedcache.settled()
    text = (root / "cards.yaml").read_text(encoding="utf-8")
    entry = parsedcache._entry(text, f"checked {first and _schema_digest(root)}")
    assert entry is not None and entry.is_file()
    flat, refs, _ = marshal.loads(zlib.decompress(entry.read_bytes()))
    too_many = zlib.compress(marshal.dumps((flat, refs, 10**9)))  # more values than a checked file may hold
    for damage in (b"junk", zlib.compress(marshal.dumps(((parsedcache._MAP, 1, 1, ()), ("refs",), 1))), zlib.compress(marshal.dumps((1, (), 1))), too_many):
        entry.write_bytes(damage)
        checked_hits.clear()
        again = content.load_game(root)
        assert checked_hits == [False]
        _same_data(first.data, again.data)
        parsedcache.settled()


def _line(text: str, marker: str) -> int:
    """The line `marker` is first on."""
    return text[: text.index(marker)].count("\n") + 1


def _schema_digest(root: Path) -> str:
    from kitpress.digest import digest
    from kitpress.errors import Problems

    types, _ = content._load_schema(root, root.name, Problems())
    return digest(types)

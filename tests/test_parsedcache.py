"""YAML files as parsed, kept in the user's cache (content/parsedcache): a file read back is the
value a parse gives, every place included; what cannot be kept is parsed every time."""

from pathlib import Path

import pytest

from kitpress.content import parsedcache, yamlio
from kitpress.content.yamlio import LocStr, YList, YMap
from kitpress.errors import KitpressError

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
        return (a.loc, a.item_locs, len(a)) == (b.loc, b.item_locs, len(b)) and all(map(same, a, b))
    if isinstance(a, LocStr):
        return (str(a), a.loc, a.block, a.field) == (str(b), b.loc, b.block, b.field)
    return a == b


def test_the_shipped_games_files_read_back_are_what_a_parse_gives(cache):
    assert len(SHIPPED) >= 15
    for path in SHIPPED:
        text = path.read_text(encoding="utf-8")
        parsed, count, anchored = yamlio._load(text, str(path))
        first = yamlio.load_text(text, str(path))  # parsed, and kept
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
            deep = (parsedcache._LIST, 1, 1, ((1, 1, deep),))
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

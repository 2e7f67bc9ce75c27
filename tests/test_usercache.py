"""What kitpress keeps in the user's cache folder changes no result, and a broken cache is ignored."""

import pyphen
import pytest

from kitpress.typeset import styles

WORDS = ["hyphenation", "revolución", "номенклатура", "representatives", "extraordinariamente", "государственный"]


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    return tmp_path / "kitpress" / "hyphenation"


@pytest.mark.parametrize("lang", ["en_US", "es", "ru_RU"])
def test_cached_hyphenation_patterns_break_words_as_pyphen_does(cache, lang):
    path = pyphen.LANGUAGES[lang]
    parsed = styles._patterns(path)  # parses, and keeps the patterns
    assert len(list(cache.glob(f"{path.stem}-*.marshal"))) == 1
    cached = styles._patterns(path)
    assert cached is not parsed and cached.patterns == pyphen.HyphDict(path).patterns
    assert [cached.positions(w) for w in WORDS] == [pyphen.HyphDict(path).positions(w) for w in WORDS]


def test_a_broken_cache_file_is_parsed_again_and_replaced(cache):
    path = pyphen.LANGUAGES["en_US"]
    styles._patterns(path)
    (kept,) = cache.glob("*.marshal")
    kept.write_bytes(b"\x00garbage")
    assert styles._patterns(path).positions("hyphenation") == pyphen.HyphDict(path).positions("hyphenation")
    assert kept.read_bytes() != b"\x00garbage"


def test_no_writable_cache_folder_still_hyphenates(tmp_path, monkeypatch):
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))
    path = pyphen.LANGUAGES["en_US"]
    assert styles._patterns(path).positions("hyphenation") == pyphen.HyphDict(path).positions("hyphenation")


def test_kept_values_read_back_only_whole_and_of_their_version(tmp_path):
    from kitpress import usercache

    path = tmp_path / "kept.marshal"
    values = ({"a": (1, 2.5, None, "é")}, [b"\x00", True])
    usercache.write_values(path, 3, *values)
    assert usercache.read_values(path, 3) == values
    assert usercache.read_values(path, 4) is None  # another version of the format
    data = bytearray(path.read_bytes())
    data[-1] ^= 0xFF
    path.write_bytes(bytes(data))
    assert usercache.read_values(path, 3) is None  # damaged since
    assert usercache.read_values(tmp_path / "none.marshal", 3) is None and usercache.read_values(None, 3) is None
    with pytest.raises(ValueError):
        usercache.write_values(path, 3, object())  # not a value marshal writes


def test_a_cache_file_lives_in_its_folder_or_nowhere(tmp_path, monkeypatch):
    from kitpress import usercache

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert usercache.file("patterns", "a.marshal") == tmp_path / "kitpress" / "patterns" / "a.marshal"
    assert (tmp_path / "kitpress" / "patterns").is_dir()
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))
    assert usercache.file("patterns", "a.marshal") is None

"""Files' digests kept in the user's cache (kitpress/filedigests): read back while a file stays
as it was, taken again as soon as it changes, even when its size and time are put back."""

import hashlib
import os
import time

import pytest

from kitpress import filedigests


@pytest.fixture
def fresh(tmp_path, monkeypatch):
    """A new process's view: nothing known yet, the cache in tmp_path."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(filedigests, "_known", None)
    monkeypatch.setattr(filedigests, "_changed", False)
    monkeypatch.setattr(filedigests, "_SETTLED", 0.3)  # the tests wait for it

    def new_process():
        filedigests.save()
        monkeypatch.setattr(filedigests, "_known", None)

    return new_process


def settled(path, text: str) -> None:
    """Write `path` and date it a minute back, as a font or a content file long saved is."""
    path.write_text(text)
    past = time.time() - 60
    os.utime(path, (past, past))


def wait_for_ctime_to_settle(path) -> None:
    while os.stat(path).st_ctime > time.time() - filedigests._SETTLED:
        time.sleep(0.1)


def test_a_digest_is_read_back_until_the_file_changes_though_its_size_and_time_are_put_back(tmp_path, fresh):
    font = tmp_path / "face.ttf"
    settled(font, "glyphs, version one")
    wait_for_ctime_to_settle(font)
    assert filedigests.sha1(font) == hashlib.sha1(b"glyphs, version one").digest()
    fresh()
    reads = []
    assert filedigests.sha1(font, lambda: reads.append(1) or b"") == hashlib.sha1(b"glyphs, version one").digest()
    assert reads == []  # known: the file was not read
    status = os.stat(font)
    font.write_text("glyphs, version two")  # as long as the first
    os.utime(font, ns=(status.st_atime_ns, status.st_mtime_ns))  # and dated as it was
    assert os.stat(font).st_size == status.st_size and os.stat(font).st_mtime_ns == status.st_mtime_ns
    fresh()
    assert filedigests.sha1(font) == hashlib.sha1(b"glyphs, version two").digest()  # the change time told


def test_a_file_changed_a_moment_ago_is_not_kept(tmp_path, fresh):
    page = tmp_path / "cards.yaml"
    page.write_text("cards: []\n")  # its change time is now: a write in the same tick would not show
    filedigests.sha1(page)
    assert str(page) not in filedigests._known
    fresh()
    assert not (tmp_path / "cache" / "kitpress" / "digests" / "files.marshal").exists()


@pytest.mark.parametrize("damage", [b"", b"\x00garbage", "a list", "a short digest"])
def test_a_damaged_cache_is_ignored(tmp_path, fresh, damage):
    import marshal

    font = tmp_path / "face.ttf"
    settled(font, "glyphs")
    wait_for_ctime_to_settle(font)
    filedigests.sha1(font)
    fresh()
    kept = tmp_path / "cache" / "kitpress" / "digests" / "files.marshal"
    if damage == "a list":
        damage = marshal.dumps([1, 2])
    elif damage == "a short digest":
        status = os.stat(font)
        seen = (status.st_size, status.st_mtime_ns, status.st_ctime_ns, status.st_ino)
        damage = marshal.dumps((filedigests._FORMAT, {str(font): (seen, b"short")}))
    kept.write_bytes(damage)
    assert filedigests.sha1(font) == hashlib.sha1(b"glyphs").digest()

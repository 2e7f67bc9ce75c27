"""Putting a kit in place while another build of the same kit does the same."""

import os

from kitpress.build import publish
from kitpress.build.manifest import Entry


def _kit(folder, text):
    folder.mkdir()
    (folder / "cards.pdf").write_text(text)
    (folder / "manifest.json").write_text(text)
    return folder


def test_a_first_build_that_loses_the_race_swaps_its_kit_in_anyway(tmp_path, monkeypatch):
    final = tmp_path / "a4"
    ours = _kit(tmp_path / ".a4-1-x", "ours")
    rename = os.rename

    def theirs_lands_first(source, target):
        _kit(tmp_path / "theirs", "theirs")
        (tmp_path / "theirs" / "thumbs").mkdir()
        rename(tmp_path / "theirs", final)
        rename(source, target)  # now a folder is there: ENOTEMPTY, as in two real builds at once

    monkeypatch.setattr(publish.os, "rename", theirs_lands_first)
    publish.publish(ours, final, [Entry("cards.pdf", "cards", "Cards", "cards", 1, "a4", None, False, "card", "x", items={})], None, ["cards.pdf"])
    assert (final / "cards.pdf").read_text() == "ours"
    assert (final / "manifest.json").read_text() == "ours"
    assert (final / "thumbs").is_dir()  # what the other build left and ours does not make is kept
    assert not ours.exists()

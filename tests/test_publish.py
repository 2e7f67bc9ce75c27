"""Putting a kit in place: whole, while another build of the same kit does the same, and after a
build killed between the two renames that swap it in."""

import os
import signal
import subprocess
import sys
import textwrap

from kitpress.build import publish
from kitpress.build.manifest import Entry

CARDS = Entry("cards.pdf", "cards", "Cards", "cards", 1, "a4", None, False, "card", "x", items={})


def _kit(folder, text):
    folder.mkdir()
    (folder / "cards.pdf").write_text(text)
    (folder / "manifest.json").write_text(text)
    return folder


def test_a_first_build_that_loses_the_race_swaps_its_kit_in_anyway(tmp_path, monkeypatch):
    final = tmp_path / "a4"
    ours = _kit(tmp_path / ".a4-1-x", "ours")
    rename, raced = os.rename, []

    def theirs_lands_first(source, target):
        if source == ours and not raced:  # once: their kit is put in place just before ours
            raced.append(True)
            _kit(tmp_path / "theirs", "theirs")
            (tmp_path / "theirs" / "thumbs").mkdir()
            rename(tmp_path / "theirs", final)
        rename(source, target)  # now a folder is there: ENOTEMPTY, as in two real builds at once

    monkeypatch.setattr(publish.os, "rename", theirs_lands_first)
    publish.publish(ours, final, [CARDS], None, ["cards.pdf"])
    assert (final / "cards.pdf").read_text() == "ours"
    assert (final / "manifest.json").read_text() == "ours"
    assert (final / "thumbs").is_dir()  # what the other build left and ours does not make is kept
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a4"]  # nothing left beside it


def test_a_kit_replaced_leaves_nothing_beside_it(tmp_path):
    final = _kit(tmp_path / "a4", "old")
    publish.publish(_kit(tmp_path / ".a4-1-x", "new"), final, [CARDS], None, None)
    assert (final / "cards.pdf").read_text() == "new"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a4"]


KILLED_BETWEEN_THE_RENAMES = """
    import os, signal, sys
    from pathlib import Path
    from kitpress.build import publish
    from kitpress.build.manifest import Entry

    root = Path(sys.argv[1])
    rename, calls = os.rename, []

    def rename_then_die(source, target):
        rename(source, target)
        calls.append(target)
        if len(calls) == int(sys.argv[2]):
            os.kill(os.getpid(), signal.SIGKILL)  # as the out-of-memory killer or a power cut would

    publish.os.rename = rename_then_die
    entry = Entry("cards.pdf", "cards", "Cards", "cards", 1, "a4", None, False, "card", "x", items={})
    publish.publish(root / ".a4-99999999-x", root / "a4", [entry], None, None)
"""


def _files(folder):
    return {p.name: p.read_text() for p in folder.iterdir() if p.is_file()}


def _killed_after(renames, tmp_path):
    final = _kit(tmp_path / "a4", "old")
    _kit(tmp_path / ".a4-99999999-x", "new")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    run = subprocess.run([sys.executable, "-c", textwrap.dedent(KILLED_BETWEEN_THE_RENAMES), str(tmp_path), str(renames)], env=env)
    assert run.returncode == -signal.SIGKILL
    return final


def test_a_build_killed_between_the_two_renames_leaves_the_old_kit_whole_and_the_next_build_puts_it_back(tmp_path):
    final = _killed_after(1, tmp_path)
    assert not final.exists()
    (aside,) = [p for p in tmp_path.iterdir() if p.name.endswith("-old")]
    assert _files(aside) == {"cards.pdf": "old", "manifest.json": "old"}
    publish.sweep(tmp_path)  # what the next build of any kit of this folder does first
    assert _files(final) == {"cards.pdf": "old", "manifest.json": "old"}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a4"]


def test_a_build_killed_after_the_second_rename_leaves_the_new_kit_and_the_old_one_is_swept(tmp_path):
    final = _killed_after(2, tmp_path)
    assert _files(final) == {"cards.pdf": "new", "manifest.json": "new"}
    publish.sweep(tmp_path)
    assert _files(final) == {"cards.pdf": "new", "manifest.json": "new"}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a4"]

"""tools/compare_kits.py, the pixel comparison a redesign is proved with, finds every page that
changed and no other."""

import re
from pathlib import Path

import pytest

from compare_kits import compare  # tools/, on the path through conftest
from kitpress.build.pipeline import BuildOptions, Project, build_game

REPO = Path(__file__).resolve().parents[1]


@pytest.mark.slow
def test_the_same_build_twice_is_the_same_and_a_moved_back_is_found_on_its_pages(tmp_path):
    for name, options in {"a": {}, "b": {}, "moved": {"back_offset": (2.0, 0.0)}}.items():
        build_game(Project(REPO), "state-in-class", BuildOptions(out=tmp_path / name, **options))
    assert compare(tmp_path / "a", tmp_path / "b", dpi=30) == []
    found = compare(tmp_path / "a", tmp_path / "moved", dpi=30, out=tmp_path / "diffs")
    changed = {(m[1], int(m[2])) for m in (re.match(r"state-in-class/en/a4/(\S+): page (\d+) differs", line) for line in found) if m}
    assert changed, found
    cards = {page for name, page in changed if name == "cards.pdf"}
    assert cards and all(page % 2 == 0 for page in cards)  # the backs: every second page, never a front
    assert ("calibration.pdf", 2) in changed and ("calibration.pdf", 1) in changed  # the cross, and the note of the offset
    assert not {name for name, _ in changed} - {"cards.pdf", "calibration.pdf", "kit.pdf", "plan.pdf"}
    assert list((tmp_path / "diffs").glob("*.png"))


def test_folders_without_pdfs_are_refused_not_called_the_same(tmp_path, monkeypatch, capsys):
    import compare_kits

    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    monkeypatch.setattr("sys.argv", ["compare_kits.py", str(tmp_path / "a"), str(tmp_path / "b")])
    assert compare_kits.main() == 2
    assert "no PDFs under" in capsys.readouterr().err

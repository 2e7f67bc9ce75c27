"""Incremental rebuilds: unchanged components are kept as they were, changed ones re-rendered,
and the build says which pieces changed."""

import os
import queue
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from kitpress.build.pipeline import BuildOptions, Project, build_game

REPO = Path(__file__).resolve().parents[1]
KITPRESS = Path(sys.executable).with_name("kitpress")


def project(tmp_path) -> Path:
    shutil.copytree(
        REPO / "content/state-in-class", tmp_path / "content/state-in-class", ignore=shutil.ignore_patterns("locales", "schemas")
    )
    shutil.copytree(REPO / "layouts", tmp_path / "layouts")
    return tmp_path


def test_a_rebuild_with_no_change_keeps_every_pdf_and_says_so(tmp_path):
    root = project(tmp_path)
    folder, first, changed = build_game(Project(root), "state-in-class", BuildOptions(out=root / "out"))
    assert changed is None  # a first build: nothing to compare with
    stamps = {p.name: p.stat().st_mtime_ns for p in folder.glob("*.pdf")}
    folder, second, changed = build_game(Project(root), "state-in-class", BuildOptions(out=root / "out"))
    assert changed == []  # nothing changed
    assert [e.sha256 for e in first] == [e.sha256 for e in second]
    for name in ("cards.pdf", "board.pdf", "guide.pdf"):
        assert (folder / name).stat().st_mtime_ns == stamps[name]  # copied with its time: not re-rendered


def test_one_card_edited_re_renders_its_file_and_names_the_card(tmp_path):
    root = project(tmp_path)
    build_game(Project(root), "state-in-class", BuildOptions(out=root / "out"))
    roles = root / "content/state-in-class/roles.yaml"
    roles.write_text(
        roles.read_text().replace(
            "Temporary contract, split shifts, zero savings.", "Temporary contract, split shifts, no savings."
        )
    )
    _, _, changed = build_game(Project(root), "state-in-class", BuildOptions(out=root / "out"))
    assert changed == ["cards.pdf: roles/waiter"]


def test_a_changed_tax_rate_names_every_sheet_that_shows_it(tmp_path):
    root = project(tmp_path)
    build_game(Project(root), "state-in-class", BuildOptions(out=root / "out"))
    taxes = root / "content/state-in-class/taxes.yaml"
    taxes.write_text(
        taxes.read_text().replace("rates: {upper: 10, middle: 4, working: 2}", "rates: {upper: 12, middle: 4, working: 2}")
    )
    _, _, changed = build_game(Project(root), "state-in-class", BuildOptions(out=root / "out"))
    report = "\n".join(changed)
    assert "board.pdf: sheet 2" in report and "tokens.pdf: page 1" in report and "rules.pdf: page 1" in report
    assert "cards.pdf" not in report and "guide.pdf" not in report


def test_a_style_change_is_a_change(tmp_path):
    root = project(tmp_path)
    build_game(Project(root), "state-in-class", BuildOptions(out=root / "out"))
    styles = root / "layouts/state-in-class/styles.yaml"
    styles.write_text(styles.read_text().replace("flavour: {size: 9,", "flavour: {size: 8.5,"))
    _, _, changed = build_game(Project(root), "state-in-class", BuildOptions(out=root / "out"))
    assert any(line.startswith("cards.pdf: roles/") for line in changed)


def test_a_rebuild_with_no_change_does_not_even_compose(tmp_path, monkeypatch):
    root = project(tmp_path)
    build_game(Project(root), "state-in-class", BuildOptions(out=root / "out"))
    import kitpress.build.pipeline

    def refuse(*args, **kwargs):
        raise AssertionError("composed although nothing changed")

    monkeypatch.setattr(kitpress.build.pipeline, "compose_game", refuse)
    _, entries, changed = build_game(Project(root), "state-in-class", BuildOptions(out=root / "out"))
    assert changed == [] and len(entries) == 9


def test_whatever_changes_is_built_again(tmp_path):
    """Content, layouts, fonts, options and the files already built: each change means a build."""
    root = project(tmp_path)
    shutil.copytree(REPO / "fonts", root / "fonts")
    options = BuildOptions(out=root / "out")
    folder, _, _ = build_game(Project(root), "state-in-class", options)
    edits = [
        (root / "layouts/common/styles.yaml", lambda t: t + "\n"),  # a shared layout file
        (root / "content/state-in-class/game.yaml", lambda t: t.replace("\n", "\n\n", 1)),
        (root / "fonts/kitpress-icons.yaml", lambda t: t + "# a comment\n"),
    ]
    for path, edit in edits:
        path.write_text(edit(path.read_text()))
        rebuilt = []
        build_game(Project(root), "state-in-class", options, progress=rebuilt.append)
        assert not all(line.endswith("unchanged") for line in rebuilt), path  # the kit files at least were made again
    (folder / "cards.pdf").write_bytes(b"%PDF-1.4 damaged")
    build_game(Project(root), "state-in-class", options)
    assert (folder / "cards.pdf").read_bytes().startswith(b"%PDF") and (folder / "cards.pdf").stat().st_size > 10_000
    build_game(Project(root), "state-in-class", BuildOptions(out=root / "out", tables=2))
    stamps = {p.name: p.read_bytes() for p in folder.glob("*.pdf")}
    build_game(Project(root), "state-in-class", options)
    assert stamps["cards.pdf"] != (folder / "cards.pdf").read_bytes()  # back to one table


def read_until(process, text: str, seconds: float) -> list[str]:
    """Lines of the process's output until one contains `text` (or time runs out). A thread
    reads them: select() on the pipe misses lines already in the reader's buffer."""
    if not hasattr(process, "lines"):
        process.lines = queue.Queue()
        threading.Thread(target=lambda: [process.lines.put(line) for line in process.stdout], daemon=True).start()
    lines, deadline = [], time.time() + seconds
    while time.time() < deadline:
        try:
            lines.append(process.lines.get(timeout=0.5))
        except queue.Empty:
            continue
        if text in lines[-1]:
            break
    return lines


def test_watch_rebuilds_on_save(tmp_path):
    root = project(tmp_path)
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    process = subprocess.Popen(
        [str(KITPRESS), "watch", "state-in-class"], cwd=root, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env
    )
    try:
        assert any("watching" in line for line in read_until(process, "watching", 60))
        time.sleep(1.5)  # the watcher starts listening just after it says so
        events = root / "content/state-in-class/events.yaml"
        events.write_text(events.read_text().replace("title: Seasonal flu", "title: Winter flu"))
        lines = read_until(process, "events/seasonal-flu", 60)
        assert any("rebuilt" in line and "events/seasonal-flu" in line for line in lines), lines
    finally:
        process.terminate()
        process.wait(timeout=10)


def test_compiled_templates_are_cached_by_text_not_by_place(tmp_path, monkeypatch):
    """jinja's bytecode cache keeps compiled templates between runs; a template edited in place
    is compiled again, and a broken one is reported, never served from the cache."""
    import jinja2

    import kitpress.compose.bind
    from kitpress.compose.bind import BindError, Binder
    from kitpress.errors import Loc
    from kitpress.content.yamlio import LocStr

    monkeypatch.setattr(kitpress.compose.bind, "_COMPILED", jinja2.FileSystemBytecodeCache(str(tmp_path)))
    place = Loc("layouts/x/card.yaml", 3, 5)
    assert Binder([]).render(LocStr("{{ n + 1 }} coins", place), {"n": 1})[0] == "2 coins"
    assert list(tmp_path.iterdir())  # compiled once, kept
    assert Binder([]).render(LocStr("{{ n + 1 }} coins", place), {"n": 1})[0] == "2 coins"  # a new process's view
    assert Binder([]).render(LocStr("{{ n * 10 }} coins", place), {"n": 1})[0] == "10 coins"  # same place, new text
    with pytest.raises(BindError, match="template"):
        Binder([]).render(LocStr("{{ n * }} coins", place), {"n": 1})


def test_a_new_kitpress_redraws_everything(tmp_path, monkeypatch):
    """Its code counts as an input, not only its version number: a fix must reach the PDFs."""
    import kitpress.build.changes

    root = project(tmp_path)
    build_game(Project(root), "state-in-class", BuildOptions(out=root / "out"))
    monkeypatch.setattr(kitpress.build.changes, "_kitpress", lambda: "another kitpress")
    lines = []
    build_game(Project(root), "state-in-class", BuildOptions(out=root / "out"), progress=lines.append)
    assert lines and not any(line.endswith("unchanged") for line in lines), lines


def test_a_document_change_names_its_pages(tmp_path):
    """The tie rule is printed on page 2 of the rules summary (and on the board): the report
    names that page, not the whole document."""
    root = project(tmp_path)
    build_game(Project(root), "state-in-class", BuildOptions(out=root / "out"))
    board = root / "content/state-in-class/board.yaml"
    old = "If nobody votes, the previous round's tax is repeated."
    assert board.read_text().count(old) == 1
    board.write_text(board.read_text().replace(old, "If nobody votes, last round's tax is repeated."))
    _, _, report = build_game(Project(root), "state-in-class", BuildOptions(out=root / "out"))
    assert "rules.pdf: page 2" in report, report
    assert any(line.startswith("board.pdf: sheet") for line in report), report


def test_a_change_to_any_field_of_a_document_rebuilds_it_as_a_fresh_build_would(tmp_path):
    """A document's fingerprint once left out its gap, header and footer heights and page limit:
    changing `gap` kept the stale rules.pdf. Now the whole value counts."""
    root = project(tmp_path)
    build_game(Project(root), "state-in-class", BuildOptions(out=root / "out"))
    rules = root / "layouts/state-in-class/rules.yaml"
    rules.write_text(rules.read_text().replace("gap: 7mm", "gap: 20mm"))
    folder, _, changed = build_game(Project(root), "state-in-class", BuildOptions(out=root / "out"))
    fresh, _, _ = build_game(Project(root), "state-in-class", BuildOptions(out=root / "fresh"))
    assert any(line.startswith("rules.pdf: page") for line in changed), changed
    assert (folder / "rules.pdf").read_bytes() == (fresh / "rules.pdf").read_bytes()

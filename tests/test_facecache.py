"""Faces drawn once (render/facecache) on fonts that write the same bytes in every document
(typeset/stablefont): checked on the PDFs, and on what a build says."""

import io
import re
import sqlite3

import pikepdf
import pypdfium2
import pytest
from pypdf import PdfReader

from kitpress.build.pipeline import BuildOptions, Project, build_game
from kitpress.render import canvas as drawing
from kitpress.render import facecache
from kitpress.typeset import fonts


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """An empty cache of this test's own, and every face drawn in this process (one job)."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setenv("KITPRESS_JOBS", "1")
    monkeypatch.setattr(facecache, "_STORE", None)
    drawn = []
    real = drawing.draw_face

    def counted(c, face, clip=True):
        drawn.append(face.layout)
        return real(c, face, clip)

    monkeypatch.setattr(drawing, "draw_face", counted)
    return drawn


def _text_runs(pdf_bytes: bytes) -> list[tuple[str, bytes]]:
    """(font resource, string bytes) of every Tj on every page, forms included."""
    pdf = pikepdf.open(io.BytesIO(pdf_bytes))
    runs = []
    streams = [page.obj for page in pdf.pages]
    for page in pdf.pages:
        streams += [x for x in page.Resources.get("/XObject", {}).values() if x.get("/Subtype") == "/Form"]
    for stream in streams:
        font = None
        for operands, operator in pikepdf.parse_content_stream(stream):
            if str(operator) == "Tf":
                font = str(operands[0])
            elif str(operator) == "Tj":
                runs.append((font, bytes(operands[0])))
    return runs


def _page_with(lines: list[str]) -> bytes:
    from reportlab.pdfgen.canvas import Canvas

    fonts.register()
    out = io.BytesIO()
    c = Canvas(out, invariant=1)
    for index, line in enumerate(lines):
        c.setFont(fonts.face_name(fonts.MAIN), 12)
        c.drawString(72, 700 - 20 * index, line)
    c.showPage()
    c.save()
    return out.getvalue()


def test_a_line_is_the_same_bytes_whatever_the_document_drew_before_it():
    line = "Plan — “fulfilled” at 120 % for 5 ₽: Привет, мир"
    alone = _text_runs(_page_with([line]))
    after = _text_runs(_page_with(["Zebras quietly jumped over wax: ẞ Ω ж ё", line]))
    assert alone and after[-len(alone) :] == alone  # reportlab's own numbering gave other bytes here
    assert {font for font, _ in alone} <= {"/KSans+0", "/KSans+4"}  # resource names from the face, not F1, F2…
    for pdf in (_page_with([line]), _page_with(["Zebras", line])):
        assert line in PdfReader(io.BytesIO(pdf)).pages[0].extract_text()  # ToUnicode maps every code back


def test_a_document_embeds_only_the_glyphs_it_used():
    pdf = pikepdf.open(io.BytesIO(_page_with(["Hello"])))
    (font,) = pdf.pages[0].Resources.Font.values()
    assert re.fullmatch(r"/[A-Z]{6}\+NotoSans-Regular", str(font.BaseFont))
    subset = font.FontDescriptor.FontFile2.read_bytes()
    from fontTools.ttLib import TTFont

    glyphs = TTFont(io.BytesIO(subset))["glyf"]
    outlined = {name for name in glyphs.keys() if glyphs[name].numberOfContours}
    assert len(outlined - {".notdef"}) == 4, outlined  # H, e, l, o (reportlab's subset 0 carried all of ASCII)


def _pdfs(folder):
    return {p.relative_to(folder): p.read_bytes() for p in folder.rglob("*.pdf") if not any(part.startswith(".") for part in p.relative_to(folder).parts)}


def test_a_second_build_draws_no_face_and_prints_the_same_bytes(mini_project, tmp_path, cache):
    first = build_game(Project(mini_project), "mini", BuildOptions(out=tmp_path / "one"))
    drawn_first = len(cache)
    cache.clear()
    second = build_game(Project(mini_project), "mini", BuildOptions(out=tmp_path / "two"))
    assert drawn_first > 10 and cache == []
    assert _pdfs(first.folder) == _pdfs(second.folder)


def test_a_face_kept_from_one_paper_prints_as_if_drawn_on_the_other(mini_project, tmp_path, cache, monkeypatch):
    build_game(Project(mini_project), "mini", BuildOptions(out=tmp_path / "a4"))
    cache.clear()
    kept = build_game(Project(mini_project), "mini", BuildOptions(out=tmp_path / "kept", paper="letter"))
    assert cache and not {"card-front", "card-back", "chip"} & set(cache)  # the cards kept; the die's page is the paper's size
    monkeypatch.setenv("KITPRESS_FACE_CACHE", "0")
    monkeypatch.setattr(facecache, "_STORE", None)
    fresh = build_game(Project(mini_project), "mini", BuildOptions(out=tmp_path / "fresh", paper="letter"))
    for name in ("cards.pdf", "board.pdf", "die.pdf"):
        a = pypdfium2.PdfDocument(str(kept.folder / name))
        b = pypdfium2.PdfDocument(str(fresh.folder / name))
        assert len(a) == len(b)
        for index in range(len(a)):
            assert a[index].render(scale=1).to_pil().tobytes() == b[index].render(scale=1).to_pil().tobytes(), (name, index)
            assert a[index].get_textpage().get_text_range() == b[index].get_textpage().get_text_range()


def _warnings(text: str) -> list[str]:
    return sorted(line for line in text.splitlines() if ": warning: " in line)


def test_what_a_kept_face_reported_is_reported_again_at_its_place(mini_project, tmp_path, cache, capsys):
    from kitpress.cli.main import run

    cards = mini_project / "content/mini/cards.yaml"
    text = cards.read_text(encoding="utf-8").replace("title: North wind", "title: The long and very bitter north wind of the deep winter")
    cards.write_text(text, encoding="utf-8")
    assert run(["build", "mini", "--out", str(tmp_path / "one")]) == 0
    first = _warnings(capsys.readouterr().err)
    assert any("shrunk" in line and "cards.yaml:2:" in line for line in first), first
    cache.clear()
    assert run(["build", "mini", "--out", str(tmp_path / "two")]) == 0
    assert _warnings(capsys.readouterr().err) == first and "card-front" not in cache
    # the same card one line lower: its face is the same, its place is not
    cards.write_text(text.replace("cards:\n", "cards:\n  # moved down a line\n"), encoding="utf-8")
    assert run(["build", "mini", "--out", str(tmp_path / "three")]) == 0
    moved = _warnings(capsys.readouterr().err)
    assert [line.replace("cards.yaml:3:", "cards.yaml:2:") for line in moved] == first
    assert cache.count("card-front") == 1  # that card drawn again, to point at its own line; the others kept


def test_a_kept_file_s_warnings_follow_its_card_to_another_line(mini_project, tmp_path, cache, capsys):
    """Built into the same folder again, an unchanged file is kept with the warnings it had; a
    card moved a line down prints the same, but its warning must point at its new line: that
    file is made again (render/fingerprints.places)."""
    from kitpress.cli.main import run

    cards = mini_project / "content/mini/cards.yaml"
    text = cards.read_text(encoding="utf-8").replace("title: North wind", "title: The long and very bitter north wind of the deep winter")
    cards.write_text(text, encoding="utf-8")
    out = str(tmp_path / "kit")
    assert run(["build", "mini", "--out", out]) == 0
    first = _warnings(capsys.readouterr().err)
    assert any("shrunk" in line and "cards.yaml:2:" in line for line in first), first
    cards.write_text(text.replace("cards:\n", "cards:\n  # moved down a line\n"), encoding="utf-8")
    assert run(["build", "mini", "--out", out]) == 0
    moved = _warnings(capsys.readouterr().err)
    assert [line.replace("cards.yaml:3:", "cards.yaml:2:") for line in moved] == first
    assert not any("cards.yaml:2:" in line for line in moved)


def _first_page(path) -> bytes:
    return pypdfium2.PdfDocument(str(path))[0].render(scale=1).to_pil().tobytes()


def test_two_cards_alike_but_for_a_shape_are_two_faces(mini_project, tmp_path, cache):
    """South and east wind with the same title and text, east rare: only the star (a shape, drawn
    `when: card.rare`) tells their fronts apart, in one build and in the next, which keeps faces."""
    layout = mini_project / "layouts/mini/card-front.yaml"
    text = layout.read_text(encoding="utf-8")
    layout.write_text(text[: text.index("  - id: rare")], encoding="utf-8")  # no "Rare" line: the star alone
    cards = mini_project / "content/mini/cards.yaml"
    east = "{id: east, title: East wind, text: Draw another card., rare: true}"
    twin = "{id: east, title: South wind, text: Move back one space.%s}"
    cards.write_text(cards.read_text(encoding="utf-8").replace(east, twin % ", rare: true"), encoding="utf-8")
    rare = build_game(Project(mini_project), "mini", BuildOptions(out=tmp_path / "rare"))
    again = build_game(Project(mini_project), "mini", BuildOptions(out=tmp_path / "again"))  # east's face kept
    cards.write_text(cards.read_text(encoding="utf-8").replace(twin % ", rare: true", twin % ""), encoding="utf-8")
    plain = build_game(Project(mini_project), "mini", BuildOptions(out=tmp_path / "plain"))
    assert _first_page(rare.folder / "cards.pdf") != _first_page(plain.folder / "cards.pdf")  # the star
    assert _first_page(again.folder / "cards.pdf") == _first_page(rare.folder / "cards.pdf")


def test_a_broken_cache_costs_time_not_the_kit(mini_project, tmp_path, cache):
    first = build_game(Project(mini_project), "mini", BuildOptions(out=tmp_path / "one"))
    (path,) = (tmp_path / "cache").rglob("faces.sqlite")
    with sqlite3.connect(path) as db:
        db.execute("UPDATE faces SET data = x'00ff00'")  # entries that are no longer entries
    facecache._STORE = None
    cache.clear()
    again = build_game(Project(mini_project), "mini", BuildOptions(out=tmp_path / "two"))
    assert len(cache) > 10 and _pdfs(first.folder) == _pdfs(again.folder)
    for name in ("faces.sqlite", "faces.sqlite-wal", "faces.sqlite-shm"):
        (path.parent / name).unlink(missing_ok=True)
    path.write_bytes(b"not a database at all")
    facecache._STORE = None
    third = build_game(Project(mini_project), "mini", BuildOptions(out=tmp_path / "three"))
    assert _pdfs(first.folder) == _pdfs(third.folder)
    # the file that was not a database is gone: the next build starts a new cache, and the one after uses it
    facecache._STORE = None
    build_game(Project(mini_project), "mini", BuildOptions(out=tmp_path / "four"))
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT COUNT(*) FROM faces").fetchone()[0] > 0
    facecache._STORE = None
    cache.clear()
    fifth = build_game(Project(mini_project), "mini", BuildOptions(out=tmp_path / "five"))
    assert "card-front" not in cache and _pdfs(first.folder) == _pdfs(fifth.folder)


def test_an_entry_that_fails_its_check_is_drawn_again(mini_project, tmp_path, cache):
    """What a crash of the machine may leave (the cache does not wait for the disk): one byte of
    a kept face changed, where unmarshalling it would still give a face."""
    first = build_game(Project(mini_project), "mini", BuildOptions(out=tmp_path / "one"))
    (path,) = (tmp_path / "cache").rglob("faces.sqlite")
    with sqlite3.connect(path) as db:
        rows = db.execute("SELECT key, data FROM faces").fetchall()
        damaged = [(data.replace(b" re", b" rE", 1), key) for key, data in rows if b" re" in data]
        db.executemany("UPDATE faces SET data = ? WHERE key = ?", damaged)
    assert len(damaged) == len(rows) > 5
    facecache._STORE = None
    cache.clear()
    again = build_game(Project(mini_project), "mini", BuildOptions(out=tmp_path / "two"))
    assert len(cache) >= len(damaged) and _pdfs(first.folder) == _pdfs(again.folder)


def test_the_cache_keeps_to_its_size_by_dropping_the_least_recently_printed(tmp_path, monkeypatch):
    monkeypatch.setattr(facecache, "MAX_BYTES", 700 * 1024)  # 200 faces of 4 KB are over it, 150 under
    store = facecache.Store(tmp_path / "faces.sqlite")
    blob = bytes(range(256)) * 16  # 4 KB that do not compress
    for index in range(200):
        store.put(f"face{index:03}", blob)
        store._new[-1] = (*store._new[-1][:2], index)  # printed in this order
    store.flush()
    with sqlite3.connect(tmp_path / "faces.sqlite") as db:
        kept = [key for (key,) in db.execute("SELECT key FROM faces ORDER BY key")]
    assert 140 <= len(kept) <= 160 and kept[-1] == "face199" and "face000" not in kept
    store.put("face200", blob)  # the file keeps its size, but the pages the trim freed are free
    store.flush()
    with sqlite3.connect(tmp_path / "faces.sqlite") as db:
        assert db.execute("SELECT COUNT(*) FROM faces").fetchone()[0] == len(kept) + 1


def test_a_face_that_names_what_its_document_numbered_is_drawn_every_time(mini_project, tmp_path, cache, monkeypatch):
    """A font that is not one of kitpress's (reportlab's Helvetica is F1, F2… in the order a
    document meets it) would point at another font, or at none, in the next document."""
    from kitpress.build.pipeline import compose_game
    from kitpress.errors import Problems
    from kitpress.render.canvas import open_canvas, Meta
    from kitpress.typeset import fit

    _, parts, _ = compose_game(Project(mini_project), "mini", BuildOptions())
    face = parts[0].decks[0].fronts[0]

    def foreign(c, face, clip):
        c.setFont("Helvetica", 10)
        c.drawString(10, 10, "Helvetica is numbered by each document")

    def ours(c, face, clip):
        c.setFont(fonts.face_name(fonts.MAIN), 10)
        c.drawString(10, 10, "Sans writes the same bytes everywhere")

    for draw, kept in ((foreign, 0), (ours, 1)):
        facecache._STORE = facecache.Store(tmp_path / f"{draw.__name__}.sqlite")
        with fit.collecting(Problems()):
            facecache.draw(open_canvas(io.BytesIO(), (200, 200), Meta("t", "a", "s", "en")), face, True, draw)
        facecache._STORE.flush()
        with sqlite3.connect(tmp_path / f"{draw.__name__}.sqlite") as db:
            assert db.execute("SELECT COUNT(*) FROM faces").fetchone()[0] == kept, draw.__name__


def test_faces_looked_up_together_are_given_without_another_query(tmp_path):
    store = facecache.Store(tmp_path / "faces.sqlite")
    store.put("kept", b"drawn before")
    store.flush()
    store.fetch({"kept", "new"})
    queries = []
    store._connection().set_trace_callback(queries.append)
    assert store.get("kept") == b"drawn before" and store.get("new") is None
    assert queries == []
    assert store.get("kept") == b"drawn before" and len(queries) == 1  # asked once, then asked again


def test_faces_drawn_by_forked_workers_are_kept_by_the_time_the_command_ends(tmp_path):
    """Workers write what they drew when they end, while the main process joins the kit
    (Store.until_exit); the command ends once they have: the next build finds every face."""
    import os
    import subprocess
    import sys

    from kitpress.build.batches import SHEETS_PER_BATCH, can_fork
    from synthetic import synthetic_project

    if not can_fork():
        pytest.skip("one process draws everything where it cannot fork")
    cards = 4 * SHEETS_PER_BATCH * 2 + 6  # tarot, four a sheet: three batches
    root = synthetic_project(tmp_path / "project", cards)
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache"), "KITPRESS_JOBS": "2"}
    command = [sys.executable, "-m", "kitpress.cli.main", "build", "synthetic", "--out"]
    done = subprocess.run([*command, str(tmp_path / "one")], cwd=root, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    with sqlite3.connect(tmp_path / "cache" / "kitpress" / "faces" / "faces.sqlite") as db:
        kept = db.execute("SELECT COUNT(*) FROM faces").fetchone()[0]
    assert kept >= cards, done.stderr  # every card's face, written by the workers before the command ended
    again = subprocess.run([*command, str(tmp_path / "two")], cwd=root, env=env, capture_output=True, text=True)
    assert again.returncode == 0, again.stderr
    one, two = (tmp_path / name / "synthetic" / "en" / "a4" / "cards.pdf" for name in ("one", "two"))
    assert one.read_bytes() == two.read_bytes()  # drawn from the kept faces: the same file


def test_workers_opening_a_new_store_at_once_each_get_it(tmp_path):
    """Two workers starting on a new cache both open it: one used to be refused the switch to WAL
    ('database is locked', which SQLite does not wait out) and keep nothing for a whole build."""
    import os

    if not hasattr(os, "fork"):
        pytest.skip("no fork here")
    refused = 0
    for round_ in range(40):
        path = tmp_path / str(round_) / "faces.sqlite"
        path.parent.mkdir()
        start_reading, start = os.pipe()
        children = []
        for _ in range(2):
            pid = os.fork()
            if pid == 0:  # a worker: waits for the start, opens the store, says whether it could
                os.close(start)
                os.read(start_reading, 1)
                os._exit(0 if facecache.Store(path)._connection() is not None else 1)
            children.append(pid)
        os.close(start_reading)
        os.write(start, b"go")
        os.close(start)
        refused += sum(os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]) != 0 for pid in children)
    assert refused == 0


def _opens_at_first_try(_path) -> int:
    """A drawing task that says whether its worker opened the store without waiting."""
    return int(facecache.store()._connection() is not None)


def test_workers_start_on_a_store_their_build_made_and_never_wait_to_open_it(tmp_path, monkeypatch):
    """The process that forks the workers makes a new store first (Store.create): two workers
    making it at once took turns, one sleeping through its first batch, on every new cache."""
    from kitpress.build import batches

    if not batches.can_fork():
        pytest.skip("one process draws everything where it cannot fork")
    monkeypatch.setattr(facecache, "_OPENING_ATTEMPTS", 1)  # refused once: no face kept
    monkeypatch.setenv("KITPRESS_JOBS", "2")
    for round_ in range(20):
        monkeypatch.setattr(facecache, "_STORE", facecache.Store(tmp_path / str(round_) / "faces.sqlite"))
        (tmp_path / str(round_)).mkdir()
        tasks = [batches.Task(tmp_path / f"{round_}-{i}.pdf", _opens_at_first_try, 1) for i in range(2)]
        opened, _ = batches.draw_all(tasks)
        assert opened == [1, 1], round_


def _gradient(c):
    c.linearGradient(0, 0, 100, 0, ((1, 0, 0), (0, 0, 1)))


def _transparent(c):
    c.setFillAlpha(0.5)
    c.rect(0, 0, 50, 50, fill=1)


def _picture(c):
    from PIL import Image

    from reportlab.lib.utils import ImageReader

    c.drawImage(ImageReader(Image.new("RGB", (4, 4), (0, 160, 0))), 0, 0, 20, 20)


def _form(c):
    c.beginForm("inner")
    c.rect(0, 0, 10, 10)
    c.endForm()
    c.doForm("inner")


@pytest.mark.parametrize("draw, kept", [(_gradient, 0), (_transparent, 0), (_picture, 0), (_form, 0), (None, 1)])
def test_a_face_that_shows_a_resource_of_its_document_is_drawn_every_time(mini_project, tmp_path, cache, draw, kept):
    """A shading, a graphics state, a picture, a form: each belongs to its document. A
    text whose words begin like those operators (`shall`, `Dogs`, `BIG`) is kept."""
    from kitpress.build.pipeline import compose_game
    from kitpress.errors import Problems
    from kitpress.render.canvas import open_canvas, Meta
    from kitpress.typeset import fit

    _, parts, _ = compose_game(Project(mini_project), "mini", BuildOptions())
    face = parts[0].decks[0].fronts[0]

    def drawing(c, face, clip):
        c.setFont(fonts.face_name(fonts.MAIN), 10)
        c.drawString(10, 10, "it shall be Dogs_ and BIG things")
        if draw is not None:
            draw(c)

    path = tmp_path / "faces.sqlite"
    facecache._STORE = facecache.Store(path)
    with fit.collecting(Problems()):
        facecache.draw(open_canvas(io.BytesIO(), (200, 200), Meta("t", "a", "s", "en")), face, True, drawing)
    facecache._STORE.flush()
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT COUNT(*) FROM faces").fetchone()[0] == kept

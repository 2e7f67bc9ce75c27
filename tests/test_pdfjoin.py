"""Joining the PDFs kitpress writes by copying their objects (render/pdfjoin): every page in order
with what it uses, strings and stream data untouched, the same pixels as qpdf's join, and any
file of another kind left to qpdf."""

import io
import random
from functools import cache
import shutil
import subprocess

import pikepdf
import pypdfium2 as pdfium
import pytest
from reportlab.pdfgen.canvas import Canvas

from kitpress.render import kitfiles, pdfjoin
from kitpress.render.pagecopy import append_pages


def _reportlab(label: str, sizes: list[tuple[int, int]]) -> bytes:
    """A PDF as reportlab writes kitpress's files: a font, a form used twice, text on each page."""
    out = io.BytesIO()
    c = Canvas(out, invariant=1, initialFontName="Helvetica")
    c.setTitle(f"{label} (draft) · 1 0 R")
    c.setAuthor("Ann")
    for number, size in enumerate(sizes, 1):
        c.setPageSize(size)
        if number == 1:
            c.beginForm("back")
            c.setFillColorRGB(0.2, 0.4, 0.8)
            c.rect(5, 5, 30, 30, stroke=0, fill=1)
            c.endForm()
        c.doForm("back")
        c.setFont("Helvetica", 12)
        c.drawString(40, 40, f"{label} page {number} (stream 2 0 R)")
        c.showPage()
    c.save()
    return out.getvalue()


def _qpdf(data: bytes, **options) -> bytes:
    with pikepdf.open(io.BytesIO(data)) as pdf:
        out = io.BytesIO()
        pdf.save(out, **options)
        return out.getvalue()


def _pixels(data: bytes) -> list[bytes]:
    document = pdfium.PdfDocument(data)
    return [document[i].render(scale=1).to_pil().tobytes() for i in range(len(document))]


def _text(data: bytes) -> list[str]:
    document = pdfium.PdfDocument(data)
    return [document[i].get_textpage().get_text_range() for i in range(len(document))]


def _joined(sources: list[bytes], lang: str = "en") -> tuple[bytes, int]:
    read = [pdfjoin.read(data) for data in sources]
    return pdfjoin.join(read, pdfjoin.info(read[0]), lang)


def _qpdf_joined(sources: list[bytes]) -> bytes:
    target, opened = pikepdf.new(), [pikepdf.open(io.BytesIO(data)) for data in sources]
    append_pages(target, opened)
    out = io.BytesIO()
    target.save(out)
    return out.getvalue()


@cache
def sources() -> list[bytes]:
    return [
        _reportlab("first", [(200, 100), (210, 100)]),
        _reportlab("second", [(300, 150)]),
        _qpdf(_reportlab("third", [(220, 110), (230, 110)])),  # a file qpdf wrote (a joined deck in kit.pdf)
    ]


def test_every_page_in_order_with_its_size_text_and_pixels_as_qpdf_joins_them():
    joined, pages = _joined(sources())
    assert pages == 5
    with pikepdf.open(io.BytesIO(joined)) as pdf:
        assert [int(page.mediabox[2]) for page in pdf.pages] == [200, 210, 300, 220, 230]
        assert all(page.obj.Parent == pdf.Root.Pages for page in pdf.pages)
    theirs = _qpdf_joined(sources())
    assert _text(joined) == _text(theirs)
    assert "second page 1 (stream 2 0 R)" in _text(joined)[2]
    assert _pixels(joined) == _pixels(theirs)


@pytest.mark.skipif(shutil.which("qpdf") is None, reason="the qpdf command checks the file's structure")
def test_the_joined_file_passes_qpdf_check(tmp_path):
    path = tmp_path / "joined.pdf"
    path.write_bytes(_joined(sources())[0])
    check = subprocess.run(["qpdf", "--check", str(path)], capture_output=True, text=True)
    assert check.returncode == 0, check.stdout + check.stderr


def test_it_is_described_as_asked_and_prints_at_full_size():
    read = [pdfjoin.read(data) for data in sources()]
    described = {**pdfjoin.info(read[0]), b"/Creator": pdfjoin.text("kitpress 9"), b"/Subject": pdfjoin.text("Cartes à jouer")}
    joined, _ = pdfjoin.join(read, described, "fr")
    with pikepdf.open(io.BytesIO(joined)) as pdf:
        assert str(pdf.docinfo.Title) == "first (draft) · 1 0 R"  # the first file's, its string untouched
        assert str(pdf.docinfo.Author) == "Ann" and str(pdf.docinfo.Creator) == "kitpress 9"
        assert str(pdf.docinfo.Subject) == "Cartes à jouer"
        assert pdf.docinfo.Trapped == pikepdf.Name("/False")  # a name stays a name
        assert str(pdf.Root.Lang) == "fr" and pdf.Root.ViewerPreferences.PrintScaling == pikepdf.Name("/None")
        assert set(pdf.Root.keys()) == {"/Type", "/Pages", "/Lang", "/ViewerPreferences"}


def test_a_file_joined_here_keeps_its_numbers_in_a_file_joined_from_it(tmp_path):
    """kit.pdf is joined from the plan, a deck's cards.pdf (itself joined from its batches) and
    more: the deck's objects are copied as written, under their own numbers, and the pages are
    the same as qpdf's join of the same files."""
    deck, _ = _joined(sources()[:2])
    kit_parts = [_reportlab("plan", [(180, 90)]), deck, _reportlab("sheet", [(250, 120)])]
    read = [pdfjoin.read(data) for data in kit_parts]
    assert [pdfjoin._joined_here(source) for source in read] == [False, True, False]
    kit, pages = pdfjoin.join(read, {b"/Title": pdfjoin.text("kit")}, "en")
    assert pages == 5
    joined = pdfjoin.read(kit)
    kept = read[1]
    assert all(joined.objects[number] == kept.objects[number] for number in kept.objects if number > 3)  # byte for byte
    assert joined.kids[1:4] == kept.kids and len(joined.objects) == max(joined.objects)
    assert _text(kit) == _text(_qpdf_joined(kit_parts)) and _pixels(kit) == _pixels(_qpdf_joined(kit_parts))
    if shutil.which("qpdf"):
        (tmp_path / "kit.pdf").write_bytes(kit)
        check = subprocess.run(["qpdf", "--check", str(tmp_path / "kit.pdf")], capture_output=True, text=True)
        assert check.returncode == 0, check.stdout + check.stderr
    # a file of the same shape that this module did not write is renumbered as before
    assert not pdfjoin._joined_here(pdfjoin.read(_qpdf(deck)))


def test_the_same_files_give_the_same_bytes_and_other_files_another_identifier():
    first, again = _joined(sources())[0], _joined(sources())[0]
    assert first == again
    other = _joined(sources()[:2])[0]
    with pikepdf.open(io.BytesIO(first)) as a, pikepdf.open(io.BytesIO(other)) as b:
        assert bytes(a.trailer.ID[0]) != bytes(b.trailer.ID[0])


def test_strings_comments_and_stream_data_that_look_like_references_are_copied_as_written():
    """A page's annotation whose text holds what a careless copier would renumber or cut at."""
    pdf = pikepdf.open(io.BytesIO(sources()[0]))
    tricky = "see (nested) 1 0 R\nstream\nand % not a comment \\ endobj"
    note = pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.Annot, Subtype=pikepdf.Name.Text, Rect=[0, 0, 10, 10], Contents=pikepdf.String(tricky)))
    pdf.pages[0].obj.Annots = pikepdf.Array([note])
    data = io.BytesIO()
    pdf.save(data, compress_streams=False)
    joined, _ = _joined([sources()[1], data.getvalue()])
    with pikepdf.open(io.BytesIO(joined)) as out:
        assert str(out.pages[1].obj.Annots[0].Contents) == tricky
        assert [page.obj.Contents.read_bytes() for page in out.pages] == [
            page.obj.Contents.read_bytes() for source in (sources()[1], data.getvalue()) for page in pikepdf.open(io.BytesIO(source)).pages
        ]


def _handmade(objects: list[bytes]) -> bytes:
    """A PDF of these objects, numbered from 1, with its table: bytes no writer would escape."""
    out, offsets = b"%PDF-1.4\n", []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n%s\nendobj\n" % (number, body)
    table = b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    trailer = b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, len(out))
    return out + b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1) + table + trailer


def test_a_string_or_comment_holding_the_stream_keyword_or_a_reference_is_read_as_one():
    drawing = b"0 0 1 rg 10 10 50 50 re f\n% 3 0 R endobj stream\n"
    note = b"(a (nested) note\nstream\n4 0 R \\) endobj)"
    data = _handmade([
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [ 3 0 R ] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [ 0 0 100 100 ] /Contents 4 0 R % 4 0 R stream\n /Annots [ 5 0 R ] >>",
        b"<< /Length %d >>\nstream\n%s\nendstream" % (len(drawing), drawing),
        b"<< /Type /Annot /Subtype /Text /Rect [ 0 0 10 10 ] /Contents " + note + b" >>",
    ])
    joined, pages = _joined([sources()[1], data])
    assert pages == 2 and note in joined and drawing in joined
    with pikepdf.open(io.BytesIO(joined)) as pdf:
        page = pdf.pages[1].obj
        assert page.Contents.read_bytes() == drawing and page.Annots[0].Subtype == pikepdf.Name.Text
        assert page.Annots[0].Contents == pikepdf.String("a (nested) note\nstream\n4 0 R ) endobj")
    assert _pixels(joined)[1] == _pixels(data)[0]


def _inherited() -> bytes:
    pdf = pikepdf.open(io.BytesIO(sources()[1]))
    pdf.Root.Pages.CropBox = pikepdf.Array([0, 0, 100, 100])  # reportlab's pages have a /Rotate of their own
    out = io.BytesIO()
    pdf.save(out)
    return out.getvalue()


def _updated() -> bytes:
    """A file with an incremental update: a second table that points back at the first."""
    pdf = pikepdf.open(io.BytesIO(sources()[1]))
    out = io.BytesIO()
    pdf.save(out)
    data = out.getvalue()
    start = data.rindex(b"startxref")
    previous = int(data[start + 9 :].split()[0])
    update = b"\n%d 0 obj\n(changed)\nendobj\n" % 99
    at = len(data) + 1
    table = b"xref\n0 1\n0000000000 65535 f \n99 1\n%010d 00000 n \ntrailer\n<< /Size 100 /Root 1 0 R /Prev %d >>\nstartxref\n%d\n%%%%EOF\n"
    return data + update + table % (at, previous, len(data) + len(update))


OTHER_KINDS = {
    "object streams and a cross-reference stream": lambda: _qpdf(sources()[1], object_stream_mode=pikepdf.ObjectStreamMode.generate),
    "a page tree that passes its crop box down": _inherited,
    "an incremental update": _updated,
    "encrypted": lambda: _qpdf(sources()[1], encryption=pikepdf.Encryption(owner="o", user="")),
    "not a PDF": lambda: b"GIF89a",
    "cut short": lambda: sources()[1][: len(sources()[1]) // 2],
}


@pytest.mark.parametrize("kind", OTHER_KINDS)
def test_a_file_of_another_kind_is_left_to_qpdf(kind):
    with pytest.raises(pdfjoin.NotPlain):
        pdfjoin.read(OTHER_KINDS[kind]())


@pytest.mark.parametrize("kind", ["object streams and a cross-reference stream", "a page tree that passes its crop box down"])
def test_kitpress_joins_a_file_of_another_kind_with_qpdf_all_the_same(tmp_path, kind):
    parts = [tmp_path / "a.pdf", tmp_path / "b.pdf"]
    parts[0].write_bytes(sources()[0])
    parts[1].write_bytes(OTHER_KINDS[kind]())
    assert kitfiles.write_joined(tmp_path / "joined.pdf", parts, "en") == 3
    assert kitfiles.write_combined(tmp_path / "kit.pdf", parts, "Kit") == 3
    for name in ("joined.pdf", "kit.pdf"):
        with pikepdf.open(tmp_path / name) as pdf:
            assert [int(page.mediabox[2]) for page in pdf.pages] == [200, 210, 300]
            crop = [0, 0, 100, 100] if kind.startswith("a page tree") else None
            assert (list(map(int, pdf.pages[2].obj.CropBox)) if "/CropBox" in pdf.pages[2].obj else None) == crop


def test_text_strings_read_back_as_written():
    for value in ["Plain (with) \\ back", "Синтетика · 50 %", "一二三"]:
        joined, _ = pdfjoin.join([pdfjoin.read(sources()[1])], {b"/Title": pdfjoin.text(value)}, "")
        with pikepdf.open(io.BytesIO(joined)) as pdf:
            assert str(pdf.docinfo.Title) == value and "/Lang" not in pdf.Root


def test_a_damaged_file_is_refused_as_not_plain_or_joined_never_an_other_error():
    """Bytes changed, cut or put in at random (a batch left half-written, say): the join says
    NotPlain, and qpdf gets the file, or it copies what is there; nothing else is raised."""
    rng = random.Random(16)
    joined = refused = 0
    for _ in range(600):
        data = bytearray(rng.choice(sources()))
        kind = rng.randrange(3)
        if kind == 0:
            for _ in range(rng.randrange(1, 4)):
                data[rng.randrange(len(data))] = rng.randrange(256)
        elif kind == 1:
            data = data[: rng.randrange(len(data))]
        else:
            at = rng.randrange(len(data))
            data[at:at] = rng.choice([b"(", b")", b"%", b" R", b"\nstream\n", b"endobj", b"<<", b"1 0 R", b"\\", b"99 0 R"])
        try:
            source = pdfjoin.read(bytes(data))
            pdfjoin.join([source], pdfjoin.info(source), pdfjoin.lang(source))
            joined += 1
        except pdfjoin.NotPlain:
            refused += 1
    assert joined and refused  # both ways were taken


def test_a_joined_file_is_what_reading_it_back_gives_and_kit_pdf_takes_it_in_unread(tmp_path, monkeypatch):
    """write_joined keeps what it wrote as `read` would find it, and write_combined takes that in
    place of reading the file again: the same objects, the same kit.pdf; a file changed since it
    was written is read."""
    data, source = pdfjoin.joined_source([pdfjoin.read(d) for d in sources()], {b"/Title": pdfjoin.text("deck")}, "en")
    again = pdfjoin.read(data)
    assert (source.version, source.objects, source.root, source.info, source.pages, source.kids) == (
        again.version, again.objects, again.root, again.info, again.pages, again.kids
    )
    batches = []
    for i, part in enumerate(sources()[:2]):
        batches.append(tmp_path / f"batch-{i}.pdf")
        batches[-1].write_bytes(part)
    plan = tmp_path / "plan.pdf"
    plan.write_bytes(_reportlab("plan", [(180, 90)]))
    cards = tmp_path / "cards.pdf"
    assert kitfiles.write_joined(cards, batches, "en") == 3
    reads = []
    real = pdfjoin.read
    monkeypatch.setattr(pdfjoin, "read", lambda data: reads.append(len(data)) or real(data))
    kitfiles.write_combined(tmp_path / "kit.pdf", [plan, cards], "Kit")
    assert reads == [plan.stat().st_size]  # cards.pdf taken in as written
    unread = (tmp_path / "kit.pdf").read_bytes()
    kitfiles.write_combined(tmp_path / "kit-read.pdf", [plan, cards], "Kit")  # taken once: read this time
    assert reads[1:] == [plan.stat().st_size, cards.stat().st_size]
    assert (tmp_path / "kit-read.pdf").read_bytes() == unread
    kitfiles.write_joined(cards, batches[:1], "en")
    cards.write_bytes(cards.read_bytes() + b"\n% changed since\n")  # another size: read again
    reads.clear()
    kitfiles.write_combined(tmp_path / "kit-changed.pdf", [plan, cards], "Kit")
    assert reads == [plan.stat().st_size, cards.stat().st_size]


def _objects_of(data: bytes) -> dict[str, int]:
    """How many objects of each kind a file holds (streams by their subtype)."""
    with pikepdf.open(io.BytesIO(data)) as pdf:
        kinds = {}
        for obj in pdf.objects:
            if isinstance(obj, (pikepdf.Dictionary, pikepdf.Stream)):
                kind = str(obj.get("/Subtype", obj.get("/Type", "other")))
                kinds[kind] = kinds.get(kind, 0) + 1
        return kinds


def test_what_two_files_embed_alike_is_written_once_and_each_page_stays_its_own():
    """Two batches of a deck embed the same font and draw the same back as a form: the joined file
    holds one of each, every page refers to it, and prints as before."""
    first, second = _reportlab("batch", [(200, 100), (200, 100)]), _reportlab("batch", [(200, 100), (200, 100)])
    assert first == second
    joined, pages = _joined([first, second])
    assert pages == 4 and len(set(pdfjoin.read(joined).kids)) == 4  # as written (a reader would copy a page listed twice)
    kinds = _objects_of(joined)
    assert kinds["/Page"] == 4 and kinds["/Type1"] == 1 and kinds["/Form"] == 1, kinds
    with pikepdf.open(io.BytesIO(joined)) as pdf:
        fonts = {page.obj.Resources.Font.F1.objgen for page in pdf.pages}
        assert len(fonts) == 1 and len({page.objgen for page in pdf.pages}) == 4
    assert _pixels(joined) == _pixels(first) * 2 and _text(joined) == _text(first) * 2
    alone = _objects_of(_joined([first])[0])
    assert alone["/Type1"] == 1 and alone["/Form"] == 1
    # objects that differ in one byte are each kept
    other = _reportlab("batcH", [(200, 100), (200, 100)])
    assert _text(_joined([first, other])[0])[2:] == _text(other)


def test_a_page_reached_again_through_what_it_refers_to_is_copied_once(tmp_path):
    """An annotation that names its page (/P) and a link to the next page: objects that refer
    back along the way are numbered before what they refer to, and nothing is lost or shared."""
    data = _handmade([
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [ 3 0 R 6 0 R ] /Count 2 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [ 0 0 100 100 ] /Contents 4 0 R /Annots [ 5 0 R 8 0 R ] >>",
        b"<< /Length 26 >>\nstream\n0 0 1 rg 10 10 50 50 re f\nendstream",
        b"<< /Type /Annot /Subtype /Text /Rect [ 0 0 10 10 ] /P 3 0 R /Contents (on page one) >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [ 0 0 100 100 ] /Contents 7 0 R >>",
        b"<< /Length 26 >>\nstream\n0 0 1 rg 10 10 50 50 re f\nendstream",
        b"<< /Type /Annot /Subtype /Link /Rect [ 20 20 30 30 ] /Dest [ 6 0 R /Fit ] >>",
    ])
    joined, pages = _joined([sources()[1], data, data])
    assert pages == 5 and len(set(pdfjoin.read(joined).kids)) == 5
    path = tmp_path / "joined.pdf"
    path.write_bytes(joined)
    if shutil.which("qpdf"):
        check = subprocess.run(["qpdf", "--check", str(path)], capture_output=True, text=True)
        assert check.returncode == 0, check.stdout + check.stderr
    with pikepdf.open(path) as pdf:
        for first in (1, 3):
            one, two = pdf.pages[first].obj, pdf.pages[first + 1].obj
            note, link = one.Annots[0], one.Annots[1]
            assert note.P.objgen == one.objgen and str(note.Contents) == "on page one"
            assert link.Dest[0].objgen == two.objgen
        assert pdf.pages[1].obj.Annots[0].objgen != pdf.pages[3].obj.Annots[0].objgen  # it names its own page
        # the two pages' drawings are the same bytes: one stream, each page its own
        assert pdf.pages[1].obj.Contents.objgen == pdf.pages[2].obj.Contents.objgen
        assert len({pdf.pages[i].objgen for i in range(5)}) == 5
    assert _pixels(joined)[1:3] == _pixels(data) and _pixels(joined)[3:] == _pixels(data)

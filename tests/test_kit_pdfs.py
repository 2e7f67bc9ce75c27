"""The real kit, built once per paper, checked on the PDFs themselves (pypdf, pypdfium2):
page sizes, fonts, print scaling, card crop marks, printed numbers from the source
document, determinism, the manifest, and that a failed build leaves the output untouched."""

import hashlib
import json
import re
import shutil
import subprocess
from pathlib import Path

import pypdf
import pytest
from pypdf.generic import ContentStream

from kitpress.build.pipeline import BuildOptions, Project, build_game, find_project
from kitpress.errors import KitpressError

ROOT = Path(__file__).resolve().parent.parent
GAME = "state-in-class"
KITPRESS = ROOT / ".venv" / "bin" / "kitpress"
FILES = [
    "plan.pdf",
    "guide.pdf",
    "board.pdf",
    "cards.pdf",
    "tokens.pdf",
    "score-sheet.pdf",
    "rules.pdf",
    "calibration.pdf",
    "kit.pdf",
]

# Independent values (ISO 216 / ANSI), in points; not read back from kitpress.
PT_PER_MM = 72 / 25.4
SIZES = {"a4": (595.276, 841.890), "letter": (612.0, 792.0), "a3": (841.890, 1190.551)}
STANDARD_14 = ("Helvetica", "Times", "Courier", "Symbol", "ZapfDingbats")


def build(paper: str, out: Path, project: Project | None = None) -> Path:
    folder, _, _ = build_game(project or find_project(ROOT), GAME, BuildOptions(paper=paper, out=out))
    return folder


@pytest.fixture(scope="module", params=["a4", "letter"])
def kit(request, tmp_path_factory):
    paper = request.param
    folder = build(paper, tmp_path_factory.mktemp(f"kit-{paper}"))
    return paper, folder


@pytest.fixture(scope="module")
def a3_board(tmp_path_factory):
    return pypdf.PdfReader(build("a3", tmp_path_factory.mktemp("kit-a3")) / "board.pdf")


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def snapshot(folder: Path) -> dict:
    """Every file and folder below `folder`: relative path -> (bytes sha, mtime) or 'dir'."""
    seen = {}
    for path in sorted(folder.rglob("*")):
        rel = str(path.relative_to(folder))
        seen[rel] = "dir" if path.is_dir() else (sha(path), path.stat().st_mtime_ns)
    return seen


# 1. Page sizes ---------------------------------------------------------------------------


def test_every_page_is_the_paper_size(kit):
    paper, folder = kit
    w, h = SIZES[paper]
    for name in FILES:
        reader = pypdf.PdfReader(folder / name)
        assert len(reader.pages) > 0, name
        for i, page in enumerate(reader.pages, 1):
            box = [float(v) for v in page.mediabox]
            assert box[:2] == pytest.approx([0, 0], abs=0.01), (name, i, box)
            size = (box[2] - box[0], box[3] - box[1])
            allowed = [(w, h), (h, w)] if name in ("board.pdf", "kit.pdf") else [(w, h)]  # kit.pdf holds the board
            assert any(size == pytest.approx(s, abs=0.01) for s in allowed), (name, i, size, paper)


# 2. Fonts --------------------------------------------------------------------------------


def font_resources(reader: pypdf.PdfReader):
    """(page number, font dict) for every font in every page's resources, form XObjects included."""
    found = []

    def walk(resources, page_no, depth=0):
        if not resources or depth > 10:
            return
        resources = resources.get_object()
        for font in (resources.get("/Font") or {}).values():
            found.append((page_no, font.get_object()))
        for xobj in (resources.get("/XObject") or {}).values():
            xobj = xobj.get_object()
            if xobj.get("/Subtype") == "/Form":
                walk(xobj.get("/Resources"), page_no, depth + 1)

    for i, page in enumerate(reader.pages, 1):
        walk(page.get("/Resources"), i)
    return found


def is_embedded(font) -> bool:
    if font.get("/Subtype") == "/Type0":
        font = font["/DescendantFonts"][0].get_object()
    desc = font.get("/FontDescriptor")
    if desc is None:
        return False
    desc = desc.get_object()
    return any(k in desc for k in ("/FontFile2", "/FontFile", "/FontFile3"))


def is_standard_14(font) -> bool:
    base = str(font.get("/BaseFont", "")).lstrip("/")
    base = base.split("+", 1)[-1]  # subset prefix ABCDEF+
    return base.startswith(STANDARD_14)


def test_every_font_that_is_not_standard_14_is_embedded_truetype(kit):
    """Every real (non standard-14) font is embedded as TrueType (FontFile2)."""
    _, folder = kit
    for name in FILES:
        fonts = [(p, f) for p, f in font_resources(pypdf.PdfReader(folder / name)) if not is_standard_14(f)]
        assert fonts, name
        for page_no, font in fonts:
            target = font["/DescendantFonts"][0].get_object() if font.get("/Subtype") == "/Type0" else font
            desc = target["/FontDescriptor"].get_object()
            assert "/FontFile2" in desc, (name, page_no, font.get("/BaseFont"))


def test_no_unembedded_or_standard_14_font_resources(kit):
    _, folder = kit
    bad = []
    for name in FILES:
        for page_no, font in font_resources(pypdf.PdfReader(folder / name)):
            if is_standard_14(font) or not is_embedded(font):
                bad.append((name, page_no, str(font.get("/BaseFont"))))
    assert not bad, sorted(set(bad))[:10]


# 3. Print scaling ------------------------------------------------------------------------


def test_print_scaling_none(kit):
    _, folder = kit
    for name in FILES:
        prefs = pypdf.PdfReader(folder / name).trailer["/Root"].get("/ViewerPreferences")
        assert prefs is not None, name
        assert prefs.get_object().get("/PrintScaling") == "/None", name


# 4. Card trim ----------------------------------------------------------------------------


def card_tops_and_marks(reader: pypdf.PdfReader):
    """Top edges (pt) of the cards (their thin grey trim outlines, and any card placed as an
    XObject) and the 0.25 pt vertical segments on page 1."""
    page = reader.pages[0]
    xobjects = page["/Resources"].get("/XObject", {})
    ops = ContentStream(page.get_contents(), reader).operations
    width, stack, ctm_y = 1.0, [], 0.0
    tops, segments, start = [], [], None
    for args, op in ops:
        if op == b"q":
            stack.append((width, ctm_y))
        elif op == b"Q":
            width, ctm_y = stack.pop() if stack else (width, 0.0)
        elif op == b"w":
            width = float(args[0])
        elif op == b"cm":
            ctm_y += float(args[5])  # cards are placed by pure translations
        elif op == b"Do":
            bbox = [float(v) for v in xobjects[args[0]].get_object()["/BBox"]]
            tops.append(ctm_y + bbox[3])
        elif op == b"re" and abs(width - 0.25) < 1e-6:  # a card's trim outline (a 0.25 pt hairline), on the page itself
            tops.append(ctm_y + float(args[1]) + float(args[3]))
        elif op == b"m":
            start = (float(args[0]), float(args[1]))
        elif op == b"l" and start is not None:
            end = (float(args[0]), float(args[1]))
            if abs(width - 0.25) < 1e-6 and abs(start[0] - end[0]) < 1e-6:
                segments.append((start[0], min(start[1], end[1])))
            start = end
    return tops, segments


def test_card_crop_marks_are_70mm_apart(kit):
    _, folder = kit
    tops, segments = card_tops_and_marks(pypdf.PdfReader(folder / "cards.pdf"))
    assert tops, "no placed cards found on cards.pdf page 1"
    top = max(tops)
    xs = sorted({round(x, 3) for x, low in segments if low > top})
    assert xs and len(xs) % 2 == 0, xs
    want = 70 * PT_PER_MM
    for left, right in zip(xs[::2], xs[1::2]):
        assert right - left == pytest.approx(want, abs=0.1), (left, right, xs)


def test_card_crop_marks_raster_300dpi(tmp_path_factory):
    """The same on pixels: the dark crop marks in the top margin of page 1, at 300 dpi."""
    pdfium = pytest.importorskip("pypdfium2")
    folder = build("a4", tmp_path_factory.mktemp("raster"))
    pdf = pdfium.PdfDocument(str(folder / "cards.pdf"))
    try:
        image = pdf[0].render(scale=300 / 72).to_pil().convert("L")
    finally:
        pdf.close()
    w, h = image.size
    px_per_mm = 300 / 25.4
    best = []
    for row in range(0, int(30 * px_per_mm)):  # the top 30 mm
        line = [image.getpixel((x, row)) for x in range(w)]
        runs, x = [], 0
        while x < w:
            if line[x] < 160:
                s = x
                while x < w and line[x] < 160:
                    x += 1
                runs.append((s, x))
            x += 1
        if runs and all(e - s < 1 * px_per_mm for s, e in runs) and len(runs) > len(best):
            best = runs
    centres = [(s + e - 1) / 2 for s, e in best]
    assert len(centres) >= 2 and len(centres) % 2 == 0, centres
    for left, right in zip(centres[::2], centres[1::2]):
        assert (right - left) / px_per_mm == pytest.approx(70, abs=0.3), centres


# 5. Printed numbers against the source document -----------------------------------------

TAX_FIGURES = [
    "16 / 14 / 12",
    "19 / 17 / 16",
    "26 / 23 / 22",
    "38 / 34 / 32",
    "9 · 5 · 2",
    "10 · 6 · 3",
    "14 · 8 · 4",
    "20 · 12 · 6",
]


def test_board_prints_the_tax_table(a3_board):
    text = "\n".join(page.extract_text() for page in a3_board.pages)
    squeezed = re.sub(r"\s+", "", text)
    for figure in TAX_FIGURES:
        assert re.sub(r"\s+", "", figure) in squeezed, figure


# 6. Determinism --------------------------------------------------------------------------


def test_build_is_byte_identical(kit, tmp_path):
    paper, folder = kit
    again = build(paper, tmp_path / "again")
    assert sorted(p.name for p in again.iterdir()) == sorted(p.name for p in folder.iterdir())
    for name in FILES + ["manifest.json"]:
        assert sha(again / name) == sha(folder / name), name


# 7. Manifest -----------------------------------------------------------------------------


def test_manifest_matches_the_files(kit):
    paper, folder = kit
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["game"] == GAME and manifest["paper"] == paper
    entries = {e["file"]: e for e in manifest["files"]}
    assert sorted(entries) == sorted(FILES)
    assert len(manifest["files"]) == len(FILES)
    for name, entry in entries.items():
        assert entry["pages"] == len(pypdf.PdfReader(folder / name).pages), name
        assert entry["sha256"] == sha(folder / name), name
        assert entry["duplex"] is (name in ("cards.pdf", "calibration.pdf")), name
    # kit.pdf is every other file, in the plan's order, in one print job
    assert entries["kit.pdf"]["pages"] == sum(e["pages"] for n, e in entries.items() if n != "kit.pdf")
    assert entries["cards.pdf"]["trim_mm"] == [70.0, 120.0]


# 8. A failed build leaves the output untouched ------------------------------------------


@pytest.fixture
def project_copy(tmp_path, monkeypatch):
    root = tmp_path / "proj"
    shutil.copytree(ROOT / "content", root / "content")
    shutil.copytree(ROOT / "layouts", root / "layouts")
    monkeypatch.chdir(root)
    return root


def edit(root: Path, file: str, old: str, new: str) -> int:
    """Replace `old` (once) by `new`; return the 1-based line where the edit is."""
    path = root / "content" / GAME / file
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} occurs {text.count(old)} times in {file}"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return text[: text.index(old)].count("\n") + 1


def test_failed_build_leaves_output_untouched(project_copy, tmp_path):
    out = tmp_path / "out"
    folder = build("a4", out)
    before = snapshot(out)
    line = edit(project_copy, "roles.yaml", "income: 18", "income: ten")
    with pytest.raises(KitpressError) as info:
        build("a4", out, Project(project_copy))
    message = str(info.value)
    assert f"roles.yaml:{line}:" in message and ": error:" in message, message
    assert snapshot(out) == before
    assert sorted(p.name for p in folder.iterdir()) == sorted(FILES + ["manifest.json", "thumbs"])
    assert [p.name for p in folder.parent.iterdir()] == ["a4"]  # no staging folder left


def test_failed_build_via_cli(project_copy, tmp_path):
    out = tmp_path / "out"
    done = subprocess.run(
        [str(KITPRESS), "build", GAME, "--paper", "a4", "--out", str(out)], cwd=ROOT, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    before = snapshot(out)
    edit(project_copy, "roles.yaml", "income: 18", "income: ten")
    done = subprocess.run(
        [str(KITPRESS), "build", GAME, "--paper", "a4", "--out", str(out)], cwd=project_copy, capture_output=True, text=True
    )
    assert done.returncode == 1
    assert "roles.yaml:" in done.stderr and ": error:" in done.stderr, done.stderr
    assert snapshot(out) == before


# 9. Text that does not fit ---------------------------------------------------------------


def test_overlong_flavour_does_not_fit(project_copy, tmp_path):
    old = "flavour: You earn almost nothing. If Education falls, your future falls with it."
    sentence = old.split(": ", 1)[1]
    line = edit(project_copy, "roles.yaml", old, 'flavour: "' + " ".join([sentence] * 10) + '"')
    with pytest.raises(KitpressError) as info:
        build("a4", tmp_path / "out", Project(project_copy))
    message = str(info.value)
    assert f"roles.yaml:{line}" in message, message
    assert "does not fit" in message, message
    assert not (tmp_path / "out" / GAME / "en" / "a4").exists()

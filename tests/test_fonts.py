"""The bundled fonts: a project's own fonts/ override kitpress's file by file, and a face no folder has is a located error."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

REPO = Path(__file__).resolve().parents[1]
KITPRESS = Path(sys.executable).with_name("kitpress")


def test_a_font_the_project_lacks_is_kitpresss_and_one_it_has_is_its_own(tmp_path):
    for folder in ("content", "layouts"):
        shutil.copytree(REPO / folder, tmp_path / folder)
    (tmp_path / "fonts").mkdir()
    shutil.copy(REPO / "fonts" / "DejaVuSans.ttf", tmp_path / "fonts" / "DejaVuSans.ttf")  # one file of its own
    script = f"""
from pathlib import Path
from kitpress.build.pipeline import find_project
from kitpress.typeset import fonts
find_project(Path({str(tmp_path)!r}))
print(fonts.face_file("Symbols"))
print(fonts.face_file("Sans"))
"""
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    symbols, sans = run.stdout.split()
    assert Path(symbols) == (tmp_path / "fonts" / "DejaVuSans.ttf").resolve()
    assert Path(sans) == (REPO / "fonts" / "NotoSans-Regular.ttf").resolve()
    built = subprocess.run([str(KITPRESS), "check", "state-in-class"], cwd=tmp_path, capture_output=True, text=True)
    assert built.returncode == 0, built.stderr


def test_a_font_file_no_font_folder_has_is_a_located_error(tmp_path):
    script = f"""
from pathlib import Path
from kitpress.errors import KitpressError
from kitpress.typeset import fonts
try:
    fonts.register([Path({str(tmp_path)!r})])
except KitpressError as exc:
    print(exc.problems[0])
"""
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert f"{tmp_path / 'NotoSans-Regular.ttf'}: error: font file missing: NotoSans-Regular.ttf" in run.stdout


@pytest.mark.parametrize(
    "data, why",
    [
        (b"not a font at all", "the file does not start like one"),
        (b"OTTO" + bytes(200), "its outlines are PostScript (CFF); use a .ttf"),
        ((REPO / "fonts" / "DejaVuSans.ttf").read_bytes()[:3000], ""),  # cut short: found when first read
    ],
)
def test_a_file_that_is_not_a_truetype_font_is_refused(tmp_path, data, why):
    for folder in ("content", "layouts", "fonts"):
        shutil.copytree(REPO / folder, tmp_path / folder)
    (tmp_path / "fonts" / "DejaVuSans.ttf").write_bytes(data)
    run = subprocess.run([str(KITPRESS), "check", "state-in-class"], cwd=tmp_path, capture_output=True, text=True)
    assert run.returncode == 1
    assert f"DejaVuSans.ttf: error: not a usable TrueType font: {why}" in run.stderr
    assert "Traceback" not in run.stderr


def test_bold_and_italic_runs_keep_their_faces_whichever_face_is_loaded_first(tmp_path):
    # faces are parsed when first used, and reportlab remaps a family whenever a face of that
    # name is registered: a fresh process, loading the regular face only after the mapping
    script = f"""
from kitpress.typeset import fonts
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph
fonts.register()
c = Canvas({str(tmp_path / "runs.pdf")!r})
p = Paragraph("<b>bold</b> plain <i>italic</i>", ParagraphStyle("p", fontName="Sans", fontSize=9))
p.wrap(300, 100)
p.drawOn(c, 20, 700)
c.save()
"""
    subprocess.run([sys.executable, "-c", script], check=True)
    faces = {
        str(f.get_object()["/BaseFont"]).split("+")[-1]
        for f in PdfReader(tmp_path / "runs.pdf").pages[0]["/Resources"]["/Font"].values()
    }
    assert {"NotoSans-Bold", "NotoSans-Regular", "NotoSans-Italic"} <= faces

"""A build's thumbnails, drawn through pdfium's library directly (rasters.first_page) and written
as PNG by kitpress (thumbs.png): the pixels pypdfium2 gives, a PNG any reader takes, and
pypdfium2 still working beside it in the same process."""

import io
import subprocess
import sys
import zlib

import pikepdf
import pytest
from PIL import Image
from reportlab.lib.colors import Color
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen import canvas

from kitpress.build import rasters, thumbs
from kitpress.errors import KitpressError
from kitpress.typeset import fonts


def _pdf(path, size=(200, 300), rotate=0, pages=1):
    """Colours no channel swap leaves alone, text, a line, a picture: what a thumbnail shows."""
    fonts.load(fonts.MAIN)
    c = canvas.Canvas(str(path), pagesize=size)
    for number in range(pages):
        c.setFillColor(Color(0.9, 0.2, 0.1))
        c.rect(10, 10, size[0] / 2, size[1] / 3, fill=1, stroke=0)
        c.setFillColor(Color(0.1, 0.3, 0.8))
        c.circle(size[0] * 0.7, size[1] * 0.7, 30, fill=1, stroke=0)
        c.setStrokeColor(Color(0.2, 0.7, 0.3))
        c.setLineWidth(0.4)
        c.line(0, 0, size[0], size[1])
        c.setFillColor(Color(0.2, 0.2, 0.2))
        c.setFont(fonts.face_name(fonts.MAIN), 14)
        c.drawString(20, size[1] - 40, f"Page {number + 1}: Tax the rich")
        picture = Image.new("RGB", (16, 8))
        picture.putdata([(x * 16, y * 32, 255 - x * 16) for y in range(8) for x in range(16)])
        c.drawImage(ImageReader(picture), 30, size[1] / 2, 60, 30)
        if rotate:
            c.setPageRotation(rotate)
        c.showPage()
    c.save()
    return path


def _annotated(pdf):
    """A square annotation on page 1, which pdfium draws only when told to draw annotations."""
    with pikepdf.open(pdf, allow_overwriting_input=True) as document:
        square = pikepdf.Dictionary(Type=pikepdf.Name.Annot, Subtype=pikepdf.Name.Square, Rect=[40, 150, 160, 250])
        square.C, square.BS = [0, 0.6, 0], pikepdf.Dictionary(W=6)  # green, 6 points wide
        document.pages[0].obj.Annots = document.make_indirect(pikepdf.Array([document.make_indirect(square)]))
        document.save(pdf)
    return pdf


@pytest.mark.parametrize(
    "size, rotate, annotated",
    [
        ((200, 300), 0, False),
        ((595.28, 841.89), 0, False),
        ((400, 150), 0, False),
        ((200, 300), 90, False),
        ((198.4, 340.2), 0, False),
        ((200, 300), 0, True),
    ],
    ids=["portrait", "a4", "landscape", "rotated", "tarot", "annotated"],
)
def test_the_lean_door_draws_the_pixels_pypdfium2_draws(tmp_path, size, rotate, annotated):
    pdf = _pdf(tmp_path / "page.pdf", size, rotate, pages=2)
    if annotated:
        _annotated(pdf)
    width, height, pixels = rasters.first_page(pdf, thumbs.THUMB_WIDTH)
    (reference,) = rasters.render(pdf, [1], width=thumbs.THUMB_WIDTH)
    assert (width, height) == reference.size
    assert pixels == reference.tobytes()
    if not rotate:  # the red rectangle, bottom left, is red: the channels in RGB order
        at = (int(width * 0.15), int(height * 0.9))
        assert pixels[3 * (at[1] * width + at[0]) :][:3] == bytes(reference.getpixel(at))
        assert reference.getpixel(at)[0] > 200 and reference.getpixel(at)[2] < 60


def test_what_it_cannot_read_is_left_to_pypdfium2_which_says_why(tmp_path):
    broken = tmp_path / "broken.pdf"
    broken.write_bytes(b"%PDF-1.4\nnot a PDF at all\n")
    assert rasters.first_page(broken, 240) is None
    with pytest.raises(KitpressError) as raised:
        thumbs.thumbnail(broken, tmp_path / "thumb.png", "c" * 64)
    assert "cannot read the PDF for its thumbnail" in str(raised.value)
    assert not (tmp_path / "thumb.png").exists()


def test_a_thumbnail_is_a_valid_png_recording_its_source_and_retagged_in_place(tmp_path):
    pdf = _pdf(tmp_path / "page.pdf")
    target = tmp_path / "thumbs" / "cards.png"
    size = thumbs.draw_thumbnail(pdf, target, "a" * 64)
    with Image.open(target) as image:
        image.verify()  # every chunk's checksum
    with Image.open(target) as image:
        assert image.size == size and image.mode == "RGB" and image.text[thumbs.SOURCE] == "a" * 64
        assert image.tobytes() == rasters.render(pdf, [1], width=thumbs.THUMB_WIDTH)[0].tobytes()
    assert thumbs.shows(target, "a" * 64) and not thumbs.shows(target, "b" * 64)
    written = target.stat().st_mtime_ns
    assert thumbs.thumbnail(pdf, target, "a" * 64) == size and target.stat().st_mtime_ns == written  # not drawn again
    thumbs.retag(target, "b" * 64)
    with Image.open(target) as image:
        image.verify()
    assert thumbs.shows(target, "b" * 64)


def test_png_rows_round_trip():
    rows = bytes((x * 7 + y * 13 + c * 101) % 256 for y in range(5) for x in range(9) for c in range(3))
    data = thumbs.png(9, 5, rows, "d" * 64)
    assert data.startswith(b"\x89PNG\r\n\x1a\n") and data.endswith(b"IEND\xaeB`\x82")
    with Image.open(io.BytesIO(data)) as image:
        assert (image.size, image.mode, image.tobytes()) == ((9, 5), "RGB", rows)
    assert zlib.decompress(data[data.index(b"IDAT") + 4 : data.index(b"IEND") - 8])[:1] == b"\0"  # filter byte


BESIDE = """
import sys
from pathlib import Path
from kitpress.build import rasters
pdf = Path(sys.argv[1])
if sys.argv[2] == "pypdfium2 first":  # pdfium initialised and used by pypdfium2 first: first_page's initialisation is ignored
    rasters.render(pdf, [1], width=240)
first = rasters.first_page(pdf, 240)
import pypdfium2  # noqa: F401 - in the other order, pypdfium2's initialisation comes second
(image,) = rasters.render(pdf, [1], width=240)
again = rasters.first_page(pdf, 240)
print(first[2] == image.tobytes() == again[2], first[:2] == image.size)
"""


@pytest.mark.parametrize("order", ["pypdfium2 first", "thumbnails first"])
def test_pypdfium2_and_the_thumbnails_share_pdfium_in_one_process(tmp_path, order):
    pdf = _pdf(tmp_path / "page.pdf")
    done = subprocess.run([sys.executable, "-c", BESIDE, str(pdf), order], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["True", "True"]


BUILD = """
import sys
from pathlib import Path
from kitpress.build.pipeline import BuildOptions, Project, build_game
folder, entries, _ = build_game(Project(Path(sys.argv[1])), "synthetic", BuildOptions(out=Path(sys.argv[2])))
print(sorted(p.name for p in (folder / "thumbs").iterdir()))
print([m for m in ("pypdfium2", "pypdfium2_raw", "PIL.PngImagePlugin") if m in sys.modules])
"""


def test_a_build_draws_its_thumbnails_without_pypdfium2_or_pillows_png_plugin(tmp_path):
    from synthetic import synthetic_project

    root = synthetic_project(tmp_path / "game", 12)
    done = subprocess.run([sys.executable, "-c", BUILD, str(root), str(tmp_path / "out")], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split("\n")[:2] == ["['calibration.png', 'cards.png', 'kit.png', 'plan.png']", "[]"]

"""Images placed by a layout shape `{image: PATH, rect: [x, y, w, h]}`: a real PNG or JPEG is
drawn into the PDF; paths that leave the game's folders, missing files, fakes, truncated files,
other formats and decompression bombs are refused with an error at the layout's `image:` line."""

import io
import os
import random
import re
import statistics
import struct
import time
import zlib

import pypdf
import pytest
from PIL import Image, ImageChops

L = "layouts/state-in-class/"
RECT_MM = (56, 102, 10, 10)  # inside the 4 mm safe zone of a 70 x 120 mm event card
GREEN = (0, 200, 0)  # nothing else on an event card is this colour


def place_image(kit_project, ref: str) -> int:
    """Add an image shape to event-front.yaml; return the line of its `image:` key."""
    shape = f"shapes:\n  - id: logo\n    image: {ref}\n    rect: [{', '.join(map(str, RECT_MM))}]\n"
    edited = kit_project.edit(L + "event-front.yaml", "shapes:\n", shape)
    return kit_project.line_of(edited, f"image: {ref}\n")


def refused(kit_project, line: int, *fragments: str) -> str:
    error = kit_project.compose_error()
    text = str(error)
    assert "Traceback" not in text
    matching = [str(p) for p in error.problems if all(f in p.message for f in fragments)]
    assert matching, f"no problem mentions {fragments}; got:\n{text}"
    assert matching[0].startswith(f"{L}event-front.yaml:{line}:"), matching[0]
    return matching[0]


def png_bytes(size=(32, 32), color=GREEN, mode="RGB", fmt="PNG") -> bytes:
    buffer = io.BytesIO()
    Image.new(mode, size, color).save(buffer, fmt)
    return buffer.getvalue()


def image_xobjects(reader: pypdf.PdfReader) -> list:
    """Every image XObject reachable from any page, form XObjects included."""
    found, seen = [], set()

    def walk(resources, depth=0):
        if not resources or depth > 10:
            return
        for ref in (resources.get_object().get("/XObject") or {}).values():
            key = getattr(ref, "idnum", id(ref))
            obj = ref.get_object()
            if obj.get("/Subtype") == "/Image":
                if key not in seen:
                    seen.add(key)
                    found.append(obj)
            elif obj.get("/Subtype") == "/Form":
                walk(obj.get("/Resources"), depth + 1)

    for page in reader.pages:
        walk(page.get("/Resources"))
    return found


# -- images that are drawn ------------------------------------------------------------------------


@pytest.mark.parametrize("fmt, name", [("PNG", "logo.png"), ("JPEG", "logo.jpg")])
def test_a_real_image_is_drawn_on_the_card(kit_project, tmp_path, fmt, name):
    (kit_project.game_dir / name).write_bytes(png_bytes(fmt=fmt))
    place_image(kit_project, name)
    folder, _, _ = kit_project.build(out=tmp_path / "out")
    reader = pypdf.PdfReader(folder / "cards.pdf")
    sizes = [(int(x["/Width"]), int(x["/Height"])) for x in image_xobjects(reader)]
    assert (32, 32) in sizes, sizes

    # and on the raster: green squares of 10 x 10 mm, where the shape's rect says
    pdfium = pytest.importorskip("pypdfium2")
    pdf = pdfium.PdfDocument(str(folder / "cards.pdf"))
    dpi, across, down = 100, [], []
    try:
        for i in range(len(pdf)):
            r, g, b = pdf[i].render(scale=dpi / 72).to_pil().convert("RGB").split()
            mask = ImageChops.multiply(
                g.point(lambda v: 255 if v > 150 else 0),
                ImageChops.multiply(r.point(lambda v: 255 if v < 80 else 0), b.point(lambda v: 255 if v < 80 else 0)),
            )
            if mask.getbbox() is None:
                continue
            across += runs(mask)
            down += runs(mask.transpose(Image.Transpose.TRANSPOSE))
    finally:
        pdf.close()
    assert across and down, "the image is not visible on any page"
    for lengths in (across, down):
        assert statistics.median(lengths) * 25.4 / dpi == pytest.approx(RECT_MM[2], abs=0.5), lengths[:20]


def runs(mask: Image.Image) -> list[int]:
    """Lengths (px) of the horizontal runs of set pixels longer than 5 px, row by row."""
    width, height = mask.size
    data = mask.tobytes()
    out = []
    for y in range(height):
        out += [len(m.group()) for m in re.finditer(rb"\xff{6,}", data[y * width : (y + 1) * width])]
    return out


def test_an_image_next_to_the_layouts_is_found(kit_project):
    (kit_project.layout_dir / "emblem.png").write_bytes(png_bytes())
    place_image(kit_project, "emblem.png")
    kit_project.compose()


# -- paths that leave the game's folders ----------------------------------------------------------


def test_dot_dot_out_of_the_game_is_refused(kit_project):
    (kit_project.root / "outside.png").write_bytes(png_bytes())
    line = place_image(kit_project, "../../outside.png")
    refused(kit_project, line, "outside")


def test_an_absolute_path_is_refused(kit_project):
    target = kit_project.game_dir / "logo.png"  # exists, and inside the game: still refused
    target.write_bytes(png_bytes())
    line = place_image(kit_project, str(target))
    refused(kit_project, line, "relative")


def test_a_symlink_in_the_game_folder_pointing_outside_is_refused(kit_project):
    outside = kit_project.root.parent / "secret.png"
    outside.write_bytes(png_bytes())
    os.symlink(outside, kit_project.game_dir / "link.png")
    line = place_image(kit_project, "link.png")
    refused(kit_project, line, "outside")


def test_a_symlinked_folder_pointing_outside_is_refused(kit_project):
    outside = kit_project.root.parent / "art"
    outside.mkdir()
    (outside / "logo.png").write_bytes(png_bytes())
    os.symlink(outside, kit_project.game_dir / "art", target_is_directory=True)
    line = place_image(kit_project, "art/logo.png")
    refused(kit_project, line, "outside")


def test_a_missing_image_is_not_found(kit_project):
    line = place_image(kit_project, "nowhere.png")
    refused(kit_project, line, "not found", "nowhere.png")


# -- files that are not a usable PNG or JPEG ------------------------------------------------------


def test_a_text_file_named_png_cannot_be_read(kit_project):
    (kit_project.game_dir / "fake.png").write_text("this is not a picture\n", encoding="utf-8")
    line = place_image(kit_project, "fake.png")
    refused(kit_project, line, "cannot be read", "fake.png")


def test_a_truncated_png_cannot_be_read(kit_project):
    rng = random.Random(7)  # noise does not compress, so half the file loses real pixel data
    noise = Image.frombytes("RGB", (64, 64), bytes(rng.randrange(256) for _ in range(64 * 64 * 3)))
    buffer = io.BytesIO()
    noise.save(buffer, "PNG")
    data = buffer.getvalue()
    (kit_project.game_dir / "cut.png").write_bytes(data[: len(data) // 2])
    line = place_image(kit_project, "cut.png")
    refused(kit_project, line, "cannot be read", "cut.png")


def test_a_gif_is_refused(kit_project):
    (kit_project.game_dir / "logo.gif").write_bytes(png_bytes(mode="P", color=1, fmt="GIF"))
    line = place_image(kit_project, "logo.gif")
    refused(kit_project, line, "use PNG or JPEG")


def _chunk(tag: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)


def bilevel_png(width: int, height: int) -> bytes:
    """A valid, all-black 1-bit PNG: megapixels of image in a few kilobytes of file."""
    packer = zlib.compressobj(9)
    row = b"\0" * (1 + (width + 7) // 8)  # filter byte + packed bits
    idat = b"".join(packer.compress(row) for _ in range(height)) + packer.flush()
    header = struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) + _chunk(b"IDAT", idat) + _chunk(b"IEND", b"")


@pytest.mark.parametrize("width, height", [(20000, 20000), (7000, 6000)], ids=["400-megapixels", "42-megapixels"])
def test_a_decompression_bomb_is_refused_quickly(kit_project, width, height):
    data = bilevel_png(width, height)
    assert len(data) < 100_000
    (kit_project.game_dir / "bomb.png").write_bytes(data)
    line = place_image(kit_project, "bomb.png")
    start = time.monotonic()
    refused(kit_project, line, "bomb.png", "pixels")
    assert time.monotonic() - start < 10, "the bomb was decoded, not refused from its header"

"""A finished PDF made PDF/X for a print shop (qpdf through pikepdf; colours through littlecms,
Pillow's ImageCms).

- **PDF/X-1a:2003**: PDF 1.4, every colour CMYK (`rg`/`RG` and `g`/`G` rewritten as `k`/`K`,
  RGB pictures converted), no transparency (refused: it cannot be flattened faithfully here).
- **PDF/X-4**: PDF 1.6, XMP metadata saying so; RGB kept unless `cmyk`, made device-independent
  by a DefaultRGB colour space (sRGB) on every page and form.

Both get an output intent with the CMYK profile of the printing condition, `GTS_PDFXVersion`
and `Trapped` in the document information, a document ID, and the dates. Neutral colours (text,
fine lines, greys) become black ink alone, never four-colour grey: a near-black 100 % K, a grey
its tint of K. Other colours go through the ICC transform from sRGB to the printing condition.

The CMYK profile is Ghostscript's SWOP characterisation, from Debian's `libgs-common`
(`apt-get install libgs-common`): none is on PyPI, and nothing is downloaded at run time."""

from __future__ import annotations

import datetime
import uuid
import zlib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import pikepdf
from PIL import Image, ImageCms

PROFILES = (  # where Debian (libgs-common) and other systems keep it
    Path("/usr/share/color/icc/ghostscript/default_cmyk.icc"),
    Path("/usr/share/ghostscript/iccprofiles/default_cmyk.icc"),
)
CONDITION = "CGATS TR 001"  # SWOP, as the ICC registry names the condition the profile characterises
REGISTRY = "http://www.color.org"
VERSIONS = {"pdfx1a": ("PDF/X-1a:2003", "1.4"), "pdfx4": ("PDF/X-4", "1.6")}
NEUTRAL = 0.06  # an RGB colour whose channels lie this close together is a grey
BLACK = 0.25  # a grey darker than this is printed as black ink, 100 %


class NotPrintable(ValueError):
    """What the chosen standard forbids, said in words for the user."""


@dataclass(frozen=True)
class Intent:
    profile: bytes
    name: str  # the profile's own description


def profile_path() -> Path | None:
    return next((p for p in PROFILES if p.is_file()), None)


@lru_cache(maxsize=1)
def intent() -> Intent:
    path = profile_path()
    if path is None:
        raise NotPrintable("no CMYK profile for the output intent: install Debian's libgs-common (apt-get install libgs-common)")
    data = path.read_bytes()
    description = ImageCms.getProfileDescription(ImageCms.ImageCmsProfile(str(path))).strip()
    return Intent(data, description)


def make_pdfx(source: Path, target: Path, standard: str, cmyk: bool, title: str) -> None:
    """Write `source` again as `target`, a PDF/X of `standard` (pdfx1a or pdfx4)."""
    version, pdf_version = VERSIONS[standard]
    cmyk = cmyk or standard == "pdfx1a"
    with pikepdf.open(source) as pdf:
        colours = Colours() if cmyk else None
        default_rgb = None if cmyk else pdf.make_stream(_srgb(), N=3)
        seen: set = set()
        for page in pdf.pages:
            _convert(pdf, page.obj, colours, default_rgb, standard, seen, is_page=True)
        _intent(pdf, standard)
        _identify(pdf, version, title, standard)
        pdf.save(target, force_version=pdf_version, fix_metadata_version=False, deterministic_id=True)


# -- colours ------------------------------------------------------------------------------------
class Colours:
    """RGB to CMYK: greys to black ink alone, the rest through littlecms, each colour once."""

    def __init__(self):
        self._transform = ImageCms.buildTransform(
            ImageCms.createProfile("sRGB"), ImageCms.ImageCmsProfile(str(_profile_file())), "RGB", "CMYK",
            renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
            flags=ImageCms.Flags.BLACKPOINTCOMPENSATION,
        )  # fmt: skip
        self._known: dict[tuple, tuple] = {}

    def cmyk(self, r: float, g: float, b: float) -> tuple[float, float, float, float]:
        key = (round(r, 4), round(g, 4), round(b, 4))
        if key not in self._known:
            self._known[key] = self._convert(*key)
        return self._known[key]

    def _convert(self, r: float, g: float, b: float) -> tuple[float, float, float, float]:
        if max(r, g, b) - min(r, g, b) <= NEUTRAL:
            lightness = 0.2126 * r + 0.7152 * g + 0.0722 * b
            return (0.0, 0.0, 0.0, 1.0 if lightness < BLACK else round(1 - lightness, 4))
        pixel = Image.new("RGB", (1, 1), tuple(round(v * 255) for v in (r, g, b)))
        return tuple(round(v / 255, 4) for v in ImageCms.applyTransform(pixel, self._transform).getpixel((0, 0)))

    def image(self, picture: Image.Image) -> Image.Image:
        return ImageCms.applyTransform(picture.convert("RGB"), self._transform)


def _profile_file() -> Path:
    intent()  # says what to install if there is none
    return profile_path()


def _srgb() -> bytes:
    return ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()


REWRITTEN = {"rg": "k", "RG": "K", "g": "k", "G": "K"}


def _convert(pdf, holder, colours: Colours | None, default_rgb, standard: str, seen: set, is_page: bool = False) -> None:
    """A page's or a form's drawing, and everything it places, made what the standard allows."""
    resources = holder.get("/Resources")
    if resources is None:
        resources = holder.Resources = pikepdf.Dictionary()
    if standard == "pdfx1a":
        for state in resources.get("/ExtGState", {}).values():
            if any(float(state.get(key, 1)) < 1 for key in ("/CA", "/ca")) or state.get("/SMask", "/None") != "/None":
                raise NotPrintable("it uses transparency, which PDF/X-1a forbids; export with --shop pdfx4")
    if colours is not None:
        instructions = pikepdf.parse_content_stream(holder)
        rewritten = []
        for operands, operator in instructions:
            name = str(operator)
            if name in ("cs", "CS", "sc", "SC", "scn", "SCN", "BI", "sh"):
                raise NotPrintable(f"it draws with '{name}', which kitpress cannot turn into CMYK")
            if name in REWRITTEN:
                values = [float(v) for v in operands]
                c = colours.cmyk(*values) if len(values) == 3 else (0.0, 0.0, 0.0, round(1 - values[0], 4))
                rewritten.append(pikepdf.ContentStreamInstruction([*c], pikepdf.Operator(REWRITTEN[name])))
            else:
                rewritten.append(pikepdf.ContentStreamInstruction(operands, operator))
        data = pikepdf.unparse_content_stream(rewritten)
        if is_page:
            holder.Contents = pdf.make_stream(zlib.compress(data), Filter=pikepdf.Name.FlateDecode)
        else:
            holder.write(zlib.compress(data), filter=pikepdf.Name.FlateDecode)
    elif default_rgb is not None:
        spaces = resources.get("/ColorSpace")
        if spaces is None:
            spaces = resources.ColorSpace = pikepdf.Dictionary()
        spaces.DefaultRGB = pikepdf.Array([pikepdf.Name.ICCBased, default_rgb])
    for placed in resources.get("/XObject", {}).values():
        if placed.objgen in seen:
            continue
        seen.add(placed.objgen)
        if placed.get("/Subtype") == "/Form":
            _convert(pdf, placed, colours, default_rgb, standard, seen)
        elif placed.get("/Subtype") == "/Image":
            _picture(placed, colours, standard)


def _picture(image, colours: Colours | None, standard: str) -> None:
    if standard == "pdfx1a" and ("/SMask" in image or "/Mask" in image):
        raise NotPrintable("a picture on it has transparent parts, which PDF/X-1a forbids; export with --shop pdfx4")
    if colours is None or image.get("/ColorSpace") in ("/DeviceCMYK", "/DeviceGray"):
        return
    picture = pikepdf.PdfImage(image).as_pil_image()
    converted = colours.image(picture)
    image.write(zlib.compress(converted.tobytes()), filter=pikepdf.Name.FlateDecode)
    image.ColorSpace, image.BitsPerComponent = pikepdf.Name.DeviceCMYK, 8
    for key in ("/DecodeParms", "/Decode"):
        if key in image:
            del image[key]


# -- what says it is PDF/X ------------------------------------------------------------------------
def _intent(pdf, standard: str) -> None:
    found = intent()
    profile = pdf.make_stream(found.profile, N=4)
    pdf.Root.OutputIntents = pdf.make_indirect(pikepdf.Array([pikepdf.Dictionary(
        Type=pikepdf.Name.OutputIntent, S=pikepdf.Name.GTS_PDFX, OutputConditionIdentifier=CONDITION,
        OutputCondition="SWOP (CGATS TR 001)", RegistryName=REGISTRY, Info=found.name, DestOutputProfile=profile,
    )]))  # fmt: skip


def _identify(pdf, version: str, title: str, standard: str) -> None:
    when = datetime.datetime(2000, 1, 1, tzinfo=datetime.timezone.utc)  # a fixed date: the same kit, the same file
    stamp = "D:20000101000000Z"
    info = pdf.docinfo
    info.Title = title
    info.CreationDate = info.get("/CreationDate", stamp) if str(info.get("/CreationDate", "")).startswith("D:") else stamp
    info.ModDate = info.CreationDate
    info.Trapped = pikepdf.Name("/False")
    info.GTS_PDFXVersion = version
    if standard == "pdfx4":
        with pdf.open_metadata(set_pikepdf_as_editor=False, update_docinfo=False) as meta:
            meta.register_xml_namespace("http://www.npes.org/pdfx/ns/id/", "pdfxid")
            meta["{http://www.npes.org/pdfx/ns/id/}GTS_PDFXVersion"] = version
            meta["dc:title"] = title
            meta["pdf:Trapped"] = "False"
            meta["xmp:CreateDate"] = when.isoformat()
            meta["xmp:ModifyDate"] = when.isoformat()
            meta["xmp:MetadataDate"] = when.isoformat()
            meta["pdf:Producer"] = str(info.get("/Producer", "kitpress"))
            # PDF/X-4 asks for the document's identity and version in its XMP too
            meta["xmpMM:DocumentID"] = "uuid:" + str(uuid.uuid5(uuid.NAMESPACE_URL, f"kitpress:{title}"))
            meta["xmpMM:VersionID"] = "1"
            meta["xmpMM:RenditionClass"] = "default"

"""The kit page: build/index.html, a static page a teacher opens from disk (no network, no
scripts). It lists every kit found under the build folder (game, language, paper), each
component with a thumbnail of its first page, its pages, its stock, duplex or not, and the
sheets a whole kit takes; a partial translation says how much of it falls back to the source
language. Everything comes from the manifests; nothing is rebuilt."""

from __future__ import annotations

import hashlib
import io
import json
import math
import os
import re
import tempfile
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote

import jinja2
from jinja2.sandbox import ImmutableSandboxedEnvironment

from kitpress import files, usercache
from kitpress.content import i18n
from kitpress.errors import KitpressError, Loc, Problem

TEMPLATES = Path(__file__).resolve().parent / "templates"
TEMPLATE = "index.html.j2"
THUMB_WIDTH = 240  # px
THUMBS = "thumbs"
MAX_MANIFEST_BYTES = 16 * 1024 * 1024

PAPER_NAMES = {
    "a4": ("A4", "210\u00a0×\u00a0297\u00a0mm"),
    "letter": ("US Letter", "8.5\u00a0×\u00a011\u00a0in"),
    "a3": ("A3", "297\u00a0×\u00a0420\u00a0mm"),
}
# A language's own name; any other code is shown as it is.
LANG_NAMES = {
    "de": "Deutsch",
    "en": "English",
    "es": "Español",
    "fr": "Français",
    "it": "Italiano",
    "nl": "Nederlands",
    "pl": "Polski",
    "pt": "Português",
    "ru": "Русский",
    "uk": "Українська",
}
STOCK_NAMES = {"paper": "Plain paper", "card": "Card stock"}
SOURCE = "kitpress-source-sha256"  # a thumbnail's text chunk: the PDF it was drawn from
REQUIRED = ("file", "component", "title", "pages", "duplex", "stock")
_SAFE_NAME = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9._-]*$")


@dataclass
class Component:
    component: str
    title: str
    kind: str
    file: str
    href: str  # relative to index.html
    thumb: str  # relative to index.html
    thumb_size: tuple[int, int]
    pages: int
    sheets: int
    duplex: bool
    stock: str
    stock_name: str
    size: str  # trim size, "70 × 120 mm", or ""
    combined: bool  # the whole kit in one file: listed, never counted in the sheets


@dataclass(frozen=True)
class Translation:
    """A translated kit's coverage, from its manifest's "translation" block."""

    source: str  # the game's own language, which the untranslated texts print in
    total: int
    missing: int

    @property
    def partial(self) -> bool:
        return self.missing > 0

    @property
    def percent(self) -> int:
        """The share of the texts printed in the kit's language."""
        return i18n.percent(self.total - self.missing, self.total)

    @property
    def source_name(self) -> str:
        return i18n.language_name(self.source)  # CLDR's names are loaded only for a partial kit


@dataclass
class Kit:
    game: str
    title: str
    lang: str
    lang_name: str
    paper: str
    paper_name: str
    paper_size: str
    anchor: str
    folder: str  # relative to index.html
    manifest: str  # relative to index.html
    components: list[Component]
    translation: Translation | None = None  # None: the game's own language, or a manifest without it
    flip: str = "long"  # the edge its double-sided files turn on (--flip)
    sources: str = ""  # what the kit is made from and what it adds, in a line (game.yaml's sources)

    @property
    def partial(self) -> Translation | None:
        """The translation, if part of the kit prints in the source language."""
        return self.translation if self.translation and self.translation.partial else None

    @property
    def printed(self) -> list[Component]:
        """The files to print; a file holding all the others (kit.pdf) is not one of them."""
        return [c for c in self.components if not c.combined]

    @property
    def combined(self) -> list[Component]:
        return [c for c in self.components if c.combined]

    @property
    def sheets(self) -> int:
        return sum(c.sheets for c in self.printed)

    @property
    def card_sheets(self) -> int:
        return sum(c.sheets for c in self.printed if c.stock == "card")

    @property
    def paper_sheets(self) -> int:
        return sum(c.sheets for c in self.printed if c.stock == "paper")

    @property
    def other_sheets(self) -> int:
        return self.sheets - self.card_sheets - self.paper_sheets

    @property
    def pages(self) -> int:
        return sum(c.pages for c in self.printed)


@dataclass
class Language:
    lang: str
    lang_name: str
    title: str
    kits: list[Kit] = field(default_factory=list)

    @property
    def by_paper(self) -> dict[str, Kit]:
        return {kit.paper: kit for kit in self.kits}

    @property
    def partial(self) -> Translation | None:
        """The least complete of its kits' translations, if any is partial (kits built at
        different times may differ)."""
        partial = [kit.partial for kit in self.kits if kit.partial]
        return max(partial, key=lambda t: t.missing) if partial else None


@dataclass
class GameGroup:
    game: str
    title: str  # the title in the first language listed
    anchor: str
    languages: list[Language] = field(default_factory=list)

    @property
    def kits(self) -> list[Kit]:
        return [kit for language in self.languages for kit in language.kits]


def sheets_for(pages: int, duplex: bool) -> int:
    """Sheets a file takes: one per page, or one per two pages printed double-sided."""
    return math.ceil(pages / 2) if duplex else pages


def is_combined(entry: dict) -> bool:
    """The whole kit in one PDF (kit.pdf, after every other file): it repeats their pages, so
    it is listed but its sheets are not added to the kit's."""
    return entry.get("combined") is True or (entry.get("component") == "kit" and entry.get("file") == "kit.pdf")


def write_index(build_root: Path) -> Path:
    """Scan build_root/<game>/<lang>/<paper>/manifest.json, render a first-page thumbnail of
    every PDF into <paper>/thumbs/, write build_root/index.html (atomically); return its path."""
    root = Path(build_root)
    kits = [_load_kit(root, path) for path in _manifests(root)]
    games = _group(kits)
    papers = sorted({kit.paper for kit in kits}, key=_paper_order)
    columns = [next((paper, k.paper_name, k.paper_size) for k in kits if k.paper == paper) for paper in papers]
    combined = any(kit.combined for kit in kits)
    html = _environment().get_template(TEMPLATE).render(games=games, papers=columns, combined=combined)
    target = root / "index.html"
    _write_atomic(target, html.encode("utf-8"))
    return target


# -- reading the manifests ------------------------------------------------------------------


def _manifests(root: Path) -> list[Path]:
    """Kit manifests, never inside a hidden (staging) folder of a build still running."""
    found = []
    for path in root.glob("*/*/*/manifest.json"):
        parts = path.relative_to(root).parts
        if not any(part.startswith(".") for part in parts):
            found.append(path)
    return sorted(found)


def _fail(path: Path, message: str, line: int = 0, col: int = 0) -> KitpressError:
    return KitpressError(Problem("error", message, Loc(str(path), line, col)))


def _paper_label(paper: str, size_mm) -> tuple[str, str]:
    """A paper's name and size as the page shows them: kitpress's own by name, a game's own
    (from its sizes.yaml) by the size its manifest gives."""
    if paper in PAPER_NAMES:
        return PAPER_NAMES[paper]
    valid = isinstance(size_mm, list) and len(size_mm) == 2 and all(isinstance(v, int | float) and 0 < v < 10_000 for v in size_mm)
    return paper.upper(), f"{size_mm[0]:g}\u00a0×\u00a0{size_mm[1]:g}\u00a0mm" if valid else ""


def _load_kit(root: Path, path: Path) -> Kit:
    try:  # through the files door: a FIFO where a manifest should be is refused, not waited on
        data = json.loads(files.read_text(path, [root], MAX_MANIFEST_BYTES, str(path)))
    except json.JSONDecodeError as exc:
        raise _fail(path, f"not a readable manifest: {exc.msg}", exc.lineno, exc.colno) from None
    except KitpressError as exc:
        raise _fail(path, f"cannot read the manifest: {exc.problems[0].message}") from None
    if not isinstance(data, dict) or not isinstance(data.get("files"), list):
        raise _fail(path, "not a kitpress manifest (no 'files' list); rebuild the kit")
    folder = path.parent
    game, lang, paper = folder.relative_to(root).parts  # the folder decides where links point
    rel = "/".join(quote(part, safe="") for part in (game, lang, paper))
    paper_name, paper_size = _paper_label(paper, data.get("paper_mm"))
    components = [_component(path, folder, rel, entry) for entry in data["files"]]
    _prune_thumbs(folder / THUMBS, {c.component for c in components})
    return Kit(
        game=game,
        title=str(data.get("title") or game),
        lang=lang,
        lang_name=LANG_NAMES.get(lang.split("-")[0].lower(), lang),
        paper=paper,
        paper_name=paper_name,
        paper_size=paper_size,
        anchor=_anchor(game, lang, paper),
        folder=rel + "/",
        manifest=f"{rel}/manifest.json",
        components=components,
        translation=_translation(data.get("translation")),
        flip="short" if data.get("flip") == "short" else "long",
        sources=data["sources"] if isinstance(data.get("sources"), str) else "",
    )


def _translation(block) -> Translation | None:
    """The manifest's "translation" block. A kit in its game's own language has none, nor has a
    manifest from before kitpress wrote it; one that is not whole is left out too: the kit is
    listed as it is, like one from an older kitpress."""
    if not isinstance(block, dict):
        return None
    total, missing = block.get("total"), block.get("missing")
    numbers = (total, missing)
    if not all(isinstance(n, int) and not isinstance(n, bool) for n in numbers) or not 0 <= missing <= total:
        return None
    source = block.get("source")
    return Translation(source if isinstance(source, str) and source else "the source language", total, missing)


def _component(manifest: Path, folder: Path, rel: str, entry) -> Component:
    if not isinstance(entry, dict):
        raise _fail(manifest, "a 'files' entry is not an object; rebuild the kit")
    missing = [key for key in REQUIRED if key not in entry]
    if missing:
        raise _fail(manifest, f"entry {entry.get('file', '?')!r} lacks {', '.join(missing)}; rebuild the kit")
    name, component = str(entry["file"]), str(entry["component"])
    for value in (name, component):
        if not _SAFE_NAME.match(value):
            raise _fail(manifest, f"{value!r} is not a plain file or component name")
    pdf = folder / name
    if not pdf.is_file():
        raise _fail(manifest, f"lists {name} but {pdf} is missing; rebuild the kit")
    pages, duplex = entry["pages"], entry["duplex"]
    if not isinstance(pages, int) or isinstance(pages, bool) or pages < 0 or not isinstance(duplex, bool):
        raise _fail(manifest, f"{name}: 'pages' must be a whole number and 'duplex' true or false")
    thumb = folder / THUMBS / f"{component}.png"
    thumb_size = _thumbnail(pdf, thumb, manifest, str(entry.get("sha256") or ""))
    stock = str(entry["stock"])
    return Component(
        component=component,
        title=str(entry["title"]),
        kind=str(entry.get("kind") or ""),
        file=name,
        href=f"{rel}/{quote(name)}",
        thumb=f"{rel}/{THUMBS}/{quote(component)}.png",
        thumb_size=thumb_size,
        pages=pages,
        sheets=sheets_for(pages, duplex),
        duplex=duplex,
        stock=stock,
        stock_name=STOCK_NAMES.get(stock, stock.capitalize()),
        size=_trim(entry.get("trim_mm")),
        combined=is_combined(entry),
    )


def _trim(trim) -> str:
    if isinstance(trim, (list, tuple)) and len(trim) == 2 and all(isinstance(v, (int, float)) for v in trim):
        return f"{trim[0]:g}\u00a0×\u00a0{trim[1]:g}\u00a0mm"
    return ""


def _anchor(*parts: str) -> str:
    return "-".join(re.sub(r"[^A-Za-z0-9_-]+", "_", part) for part in parts)


def _paper_order(paper: str) -> tuple:
    order = list(PAPER_NAMES)
    return (order.index(paper), "") if paper in order else (len(order), paper)


def _group(kits: list[Kit]) -> list[GameGroup]:
    """Games by title, then languages by code, then papers in kitpress's order (a4, letter, a3)."""
    by_game: dict[str, list[Kit]] = {}
    for kit in kits:
        by_game.setdefault(kit.game, []).append(kit)
    games = []
    for game, game_kits in by_game.items():
        by_lang: dict[str, list[Kit]] = {}
        for kit in sorted(game_kits, key=lambda k: (k.lang, _paper_order(k.paper))):
            by_lang.setdefault(kit.lang, []).append(kit)
        languages = [Language(lang, ks[0].lang_name, ks[0].title, ks) for lang, ks in by_lang.items()]
        english = [lang for lang in languages if lang.lang == "en"]
        title = (english or languages)[0].title
        games.append(GameGroup(game, title, _anchor(game), languages))
    return sorted(games, key=lambda g: (g.title.casefold(), g.game))


# -- thumbnails -----------------------------------------------------------------------------


def _thumbnail(pdf: Path, target: Path, manifest: Path, sha: str = "") -> tuple[int, int]:
    """Page 1 of `pdf`, THUMB_WIDTH px wide, as PNG; the file is rewritten only if it changes.
    A thumbnail records the PDF it shows (its sha256), so an unchanged PDF is not drawn again:
    every build rewrites the kit page, and a full build folder holds hundreds of PDFs."""
    kept = _recorded(target.read_bytes()) if sha and target.is_file() else None
    if kept is not None and kept[0] == sha:
        return kept[1]
    import pypdfium2 as pdfium

    try:
        return draw_thumbnail(pdf, target, sha)
    except pdfium.PdfiumError as exc:
        raise _fail(pdf, f"cannot read the PDF for its thumbnail: {exc}; rebuild the kit") from None
    except ValueError:
        raise _fail(pdf, "the PDF has no pages; rebuild the kit") from None


def draw_thumbnail(pdf: Path, target: Path, sha: str) -> tuple[int, int]:
    """Page 1 of `pdf`, THUMB_WIDTH px wide, as a PNG that records `sha`, the PDF it shows;
    written only if it changes. Builds draw their files' thumbnails in their workers too."""
    import pypdfium2 as pdfium  # only when a thumbnail is drawn: 12 ms to import

    document = pdfium.PdfDocument(str(pdf))
    try:
        if len(document) == 0:
            raise ValueError(f"{pdf} has no pages")
        page = document[0]
        width, _ = page.get_size()
        bitmap = page.render(scale=THUMB_WIDTH / width, may_draw_forms=False)
        image = bitmap.to_pil().convert("RGB")
        page.close()
    finally:
        document.close()
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", pnginfo=_source(sha))
    data = buffer.getvalue()
    if not (target.is_file() and target.read_bytes() == data):
        target.parent.mkdir(parents=True, exist_ok=True)
        _write_atomic(target, data)
    return image.size


def retag(target: Path, sha: str, source: Path | None = None) -> None:
    """Say which PDF a thumbnail shows, once it is known: a big deck's is drawn from its first
    batch, before the batches are joined into the file; kit.pdf begins with the print plan's
    page (`source`: the thumbnail to copy). The sha is written over the old one (both 64
    characters) and the chunk's checksum made again: no image is encoded twice."""
    try:
        data = bytearray((source or target).read_bytes())
    except OSError:
        data = bytearray()  # no picture to retag: the kit page draws one
    at = data.find(_CHUNK)
    start, end = at + len(_CHUNK), at + len(_CHUNK) + 64
    if _recorded(bytes(data)) is None or len(sha) != 64:
        target.unlink(missing_ok=True)  # not one draw_thumbnail made: the kit page draws it again
        return
    data[start:end] = sha.encode("ascii")
    data[end : end + 4] = zlib.crc32(data[at:end]).to_bytes(4, "big")
    target.parent.mkdir(parents=True, exist_ok=True)
    _write_atomic(target, bytes(data))


_CHUNK = b"tEXt" + SOURCE.encode() + b"\0"


def shows(thumbnail: Path, sha: str) -> bool:
    """Whether a thumbnail is whole and shows the PDF with this sha256."""
    kept = _recorded(thumbnail.read_bytes()) if thumbnail.is_file() else None
    return kept is not None and kept[0] == sha


def _recorded(png: bytes) -> tuple[str, tuple[int, int]] | None:
    """The sha a thumbnail records and its size, read from its chunks without decoding it
    (the kit page checks every thumbnail of every kit on each build); None if it is not a
    whole PNG with an intact source chunk."""
    at = png.find(_CHUNK)
    end = at + len(_CHUNK) + 64
    if png[12:16] != b"IHDR" or not png.endswith(b"IEND\xaeB`\x82") or at < 4:
        return None
    if int.from_bytes(png[at - 4 : at], "big") != end - at - 4 or png[end : end + 4] != zlib.crc32(png[at:end]).to_bytes(
        4, "big"
    ):
        return None
    size = int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")
    return png[at + len(_CHUNK) : end].decode("ascii", "replace"), size


def _source(sha: str):
    from PIL import PngImagePlugin  # only where thumbnails are drawn

    info = PngImagePlugin.PngInfo()
    info.add_text(SOURCE, sha)
    return info


def _prune_thumbs(folder: Path, components: set[str]) -> None:
    """Thumbnails of components a kit no longer has."""
    if folder.is_dir():
        for path in folder.glob("*.png"):
            if path.stem not in components:
                path.unlink()


# -- the page -------------------------------------------------------------------------------


# the compiled page depends on these settings too, not only on the template's text
_SETTINGS = dict(
    autoescape=True, undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True
)


def _environment() -> ImmutableSandboxedEnvironment:
    """The kit page's template, compiled once into the user's cache (25 ms of every build)."""
    folder = usercache.folder("templates")
    tag = hashlib.sha256(f"{jinja2.__version__}{sorted(_SETTINGS.items())}".encode()).hexdigest()[:12]
    cache = jinja2.FileSystemBytecodeCache(str(folder), f"__kitpage_{tag}_%s.cache") if folder else None
    env = ImmutableSandboxedEnvironment(loader=jinja2.FileSystemLoader(str(TEMPLATES)), bytecode_cache=cache, **_SETTINGS)
    env.filters["plural"] = lambda n, one, many=None: one if n == 1 else (many or one + "s")
    env.filters["thousands"] = lambda n: f"{n:,}"
    return env


def _write_atomic(target: Path, data: bytes) -> None:
    """A temporary file in the same folder, then os.replace: readers never see half a file."""
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}-", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.chmod(tmp, 0o644)
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise

"""The kit page (build/index.html): built from real kits in a temporary folder, parsed with the
standard library (every link and picture resolves, every manifest entry is listed, sheets add
up, nothing is fetched from the network), then opened in a real browser when chromium is
installed (the screenshot is not blank, the page shows the game titles)."""

import json
import math
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from PIL import Image

from kitpress.build.pipeline import BuildOptions, build_game, find_project
from kitpress.errors import KitpressError
from kitpress.build.thumbs import THUMB_WIDTH
from kitpress.site.kitpage import write_index

ROOT = Path(__file__).resolve().parent.parent
GAME = "state-in-class"
CHROMIUM = Path("/usr/bin/chromium")


def kits_to_build() -> list[BuildOptions]:
    options = [BuildOptions(paper="a4"), BuildOptions(paper="letter")]
    if (ROOT / "content" / GAME / "locales" / "es.yaml").is_file():
        options.append(BuildOptions(paper="a4", lang="es"))
    return options


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """A build folder with the kits above and its index.html."""
    out = tmp_path_factory.mktemp("site") / "build"
    project = find_project(ROOT)
    for options in kits_to_build():
        build_game(project, GAME, BuildOptions(paper=options.paper, lang=options.lang, out=out))
    index = write_index(out)
    return out, index


class Page(HTMLParser):
    """Links, pictures, ids, data-* of kits and components, visible text."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.links, self.images, self.ids, self.kits, self.components, self.tags = [], [], set(), [], [], []
        self.stylesheets, self.text = [], []
        self._skip = 0

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.tags.append(tag)
        if "id" in a:
            assert a["id"] not in self.ids, f"duplicate id {a['id']}"
            self.ids.add(a["id"])
        if tag == "a" and "href" in a:
            self.links.append(a["href"])
        if tag == "img":
            self.images.append(a)
        if tag == "link":
            self.stylesheets.append(a.get("href"))
        if "data-kit" in a:
            self.kits.append(a)
        if "data-component" in a:
            self.components.append((self.kits[-1]["data-kit"], a))
        if tag in ("style", "script"):
            self._skip += 1

    def handle_endtag(self, tag):
        if tag in ("style", "script"):
            self._skip -= 1

    def handle_data(self, data):
        if not self._skip:
            self.text.append(data)

    @property
    def visible(self) -> str:
        return " ".join(" ".join(self.text).split())


def parse(index: Path) -> Page:
    page = Page()
    page.feed(index.read_text(encoding="utf-8"))
    page.close()
    return page


def manifests(out: Path) -> dict[str, dict]:
    return {
        "/".join(path.parent.relative_to(out).parts): json.loads(path.read_text(encoding="utf-8"))
        for path in sorted(out.glob("*/*/*/manifest.json"))
    }


def target(index: Path, url: str) -> Path:
    parts = urlsplit(url)
    assert not parts.scheme and not parts.netloc, f"not a relative link: {url}"
    assert not url.startswith("/"), f"absolute path: {url}"
    return (index.parent / unquote(parts.path)).resolve()


def combined(entry: dict) -> bool:
    """kit.pdf: every other file in one PDF; listed, but its pages are not sheets to add."""
    return entry.get("combined") is True or (entry["component"], entry["file"]) == ("kit", "kit.pdf")


def expected_sheets(entry: dict) -> int:
    if combined(entry):
        return 0
    return math.ceil(entry["pages"] / 2) if entry["duplex"] else entry["pages"]


# -- the page as HTML -------------------------------------------------------------------------


def test_every_link_and_picture_resolves(site):
    out, index = site
    assert index == out / "index.html" and index.is_file()
    page = parse(index)
    assert page.links and page.images
    for url in page.links:
        if url.startswith("#"):
            assert url[1:] in page.ids, f"link to a missing anchor {url}"
        else:
            path = target(index, url)
            assert path.exists(), f"{url} -> {path} does not exist"
            assert out.resolve() in path.parents, f"{url} leads out of the build folder"
    for img in page.images:
        path = target(index, img["src"])
        assert path.is_file(), f"{img['src']} does not exist"
        with Image.open(path) as image:
            assert image.format == "PNG"
            assert image.width == THUMB_WIDTH
            assert (str(image.width), str(image.height)) == (img["width"], img["height"])
            assert len(image.getcolors(1 << 24)) > 1, f"{img['src']} is blank"


def test_every_manifest_entry_is_listed(site):
    out, index = site
    page = parse(index)
    found = manifests(out)
    assert len(found) == len(kits_to_build())
    assert sorted(k["data-kit"] for k in page.kits) == sorted(found)
    links = {unquote(url) for url in page.links}
    images = {unquote(img["src"]) for img in page.images}
    listed = {(kit, c["data-component"]): c for kit, c in page.components}
    assert len(listed) == len(page.components), "a component is listed twice"
    for kit, manifest in found.items():
        assert manifest["title"] in page.visible
        for entry in manifest["files"]:
            assert f"{kit}/{entry['file']}" in links, f"no link to {kit}/{entry['file']}"
            assert f"{kit}/thumbs/{entry['component']}.png" in images
            assert entry["title"] in page.visible
            shown = listed.pop((kit, entry["component"]))
            assert int(shown["data-pages"]) == entry["pages"]
            assert shown["data-stock"] == entry["stock"]
            assert shown["data-duplex"] == ("true" if entry["duplex"] else "false")
            assert shown["data-combined"] == ("true" if combined(entry) else "false")
    assert not listed, f"components on the page but in no manifest: {sorted(listed)}"


def test_sheet_counts(site):
    out, index = site
    page = parse(index)
    found = manifests(out)
    for kit in page.kits:
        files = found[kit["data-kit"]]["files"]
        total = sum(expected_sheets(e) for e in files)
        assert int(kit["data-sheets"]) == total, kit["data-kit"]
        assert f"{total} sheets per kit" in page.visible
    for kit, component in page.components:
        entry = next(e for e in found[kit]["files"] if e["component"] == component["data-component"])
        assert int(component["data-sheets"]) == expected_sheets(entry)
    # the cards print double-sided: 16 pages are 8 sheets (independent of the code above)
    cards = next(c for k, c in page.components if k == f"{GAME}/en/a4" and c["data-component"] == "cards")
    assert cards["data-duplex"] == "true" and int(cards["data-sheets"]) * 2 == int(cards["data-pages"])


def test_print_instructions_and_offline(site):
    out, index = site
    page = parse(index)
    html = index.read_text(encoding="utf-8")
    text = page.visible
    assert "100 % / actual size" in text
    assert "Double-sided · flip on long edge" in text
    assert "Card stock" in text and "Plain paper" in text
    from kitpress.site.words import Words  # each kit's section speaks its kit's language

    kits = {kit for kit, _ in page.components}
    said = sum(text.count(Words(lang)("actual_size")) for lang in {kit.split("/")[1] for kit in kits})
    assert said >= len(page.components)  # on every component, in its kit's language
    assert 'lang="es"' in html and "Cartulina" in text and "100 % / tamaño real" in text
    assert html.count('class="stock-card"') + html.count('class="stock-paper"') == sum(
        not combined(e) for m in manifests(out).values() for e in m["files"]
    )
    assert "script" not in page.tags, "the page runs no scripts"
    assert not page.stylesheets, "styles live inside the page"
    for scheme in ("http:", "https:", "//"):
        assert f'="{scheme}' not in html and f"url({scheme}" not in html
    assert "@import" not in html and "@font-face" not in html
    assert '<meta name="viewport"' in html


def test_rewrite_is_deterministic_and_atomic(site):
    out, index = site
    thumbs = sorted(out.glob("*/*/*/thumbs/*.png"))
    before = {p: p.read_bytes() for p in [index, *thumbs]}
    assert write_index(out) == index
    assert {p: p.read_bytes() for p in [index, *thumbs]} == before
    assert sorted(out.glob("*/*/*/thumbs/*.png")) == thumbs
    assert not [p for p in out.rglob(".*") if p.is_file()], "a temporary file was left behind"


def test_thumbnails_follow_the_manifest(site, tmp_path):
    """A component a kit no longer has loses its thumbnail; a missing PDF is a located error."""
    out, _ = site
    copy = tmp_path / "build"
    shutil.copytree(out, copy)
    kit = copy / GAME / "en" / "a4"
    manifest = json.loads((kit / "manifest.json").read_text(encoding="utf-8"))
    manifest["files"] = [e for e in manifest["files"] if e["component"] != "rules"]
    (kit / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    write_index(copy)
    assert not (kit / "thumbs" / "rules.png").exists()
    assert "rules.pdf" not in {Path(unquote(u)).name for u in parse(copy / "index.html").links if GAME + "/en/a4/" in u}

    (kit / "guide.pdf").unlink()
    with pytest.raises(KitpressError) as info:
        write_index(copy)
    assert str(info.value.problems[0]).startswith(f"{kit / 'manifest.json'}: error:")
    assert "guide.pdf" in str(info.value.problems[0])


def test_the_whole_kit_file_is_not_counted(site, tmp_path):
    """A file holding every other one (kit.pdf) is listed with its thumbnail, not added up."""
    out, _ = site
    copy = tmp_path / "build"
    shutil.copytree(out, copy)
    kit = copy / GAME / "en" / "a4"
    manifest = json.loads((kit / "manifest.json").read_text(encoding="utf-8"))
    files = [e for e in manifest["files"] if not combined(e)]
    printed = sum(expected_sheets(e) for e in files)
    shutil.copyfile(kit / files[0]["file"], kit / "everything.pdf")
    whole = dict(files[0], file="everything.pdf", component="everything", title="All in one", combined=True, pages=99)
    manifest["files"] = [*files, whole]
    (kit / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    page = parse(write_index(copy))
    shown = next(k for k in page.kits if k["data-kit"] == f"{GAME}/en/a4")
    assert int(shown["data-sheets"]) == printed
    everything = next(c for k, c in page.components if c["data-component"] == "everything")
    assert everything["data-combined"] == "true" and everything["data-sheets"] == "0"
    assert (kit / "thumbs" / "everything.png").is_file()


def test_an_empty_build_folder(tmp_path):
    index = write_index(tmp_path)
    assert index.is_file() and "kitpress build --all" in index.read_text(encoding="utf-8")


# -- the page in a real browser ---------------------------------------------------------------


def chromium(index: Path, profile: Path, *args: str) -> subprocess.CompletedProcess:
    if not CHROMIUM.exists():
        pytest.skip("chromium not installed (apt-get install chromium)")
    profile.mkdir(parents=True, exist_ok=True)
    command = [
        str(CHROMIUM),
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--hide-scrollbars",
        f"--user-data-dir={profile}",
        *args,
        index.resolve().as_uri(),
    ]
    return subprocess.run(command, capture_output=True, text=True, timeout=180, cwd=profile)


@pytest.mark.parametrize("width", [1280, 390])
def test_in_a_browser(site, tmp_path, width):
    out, index = site
    shot = tmp_path / f"shot-{width}.png"
    result = chromium(index, tmp_path / "profile", f"--screenshot={shot}", f"--window-size={width},2000")
    assert shot.is_file(), f"no screenshot; chromium said:\n{result.stderr[-2000:]}"
    with Image.open(shot) as image:
        assert image.size == (width, 2000)
        colours = image.convert("RGB").getcolors(1 << 24)
        assert colours and len(colours) > 1, "the screenshot is blank"
        assert len(colours) > 50, "the screenshot shows no thumbnails or text"

    dom = chromium(index, tmp_path / "profile-dom", "--dump-dom")
    assert dom.returncode == 0, dom.stderr[-2000:]
    for manifest in manifests(out).values():
        assert manifest["title"] in dom.stdout
    assert "Print kits" in dom.stdout


def test_the_thumbnails_a_build_draws_show_its_files_and_are_not_drawn_again(tmp_path, monkeypatch):
    from kitpress.build import thumbs as drawn
    from synthetic import synthetic_project
    from kitpress.build.pipeline import Project

    root = synthetic_project(tmp_path, 130)  # more than one batch of sheets: page 1 comes from the first
    folder, entries, _ = build_game(Project(root), "synthetic", BuildOptions(out=root / "build"))
    thumbs = {e.component: folder / "thumbs" / f"{e.component}.png" for e in entries}
    assert all(path.is_file() for path in thumbs.values())
    assert len(entries[1].batches or ()) > 1  # the deck was drawn in batches
    drawn.draw_thumbnail(folder / "kit.pdf", tmp_path / "kit-page-1.png", "")  # what kit.pdf's page 1 looks like
    with Image.open(tmp_path / "kit-page-1.png") as fresh, Image.open(thumbs["kit"]) as kept:
        assert fresh.tobytes() == kept.tobytes()
    drawing = []
    monkeypatch.setattr(drawn, "draw_thumbnail", lambda pdf, *rest: drawing.append(pdf.name) or (1, 1))
    write_index(root / "build")
    assert drawing == []  # the build drew them all, kit.pdf's from the plan's (its first page)
    for entry in entries:
        with Image.open(thumbs[entry.component]) as image:
            assert image.text["kitpress-source-sha256"] == entry.sha256, entry.file


def test_retagging_a_thumbnail_changes_only_its_source_and_keeps_it_a_valid_png(tmp_path):
    from kitpress.build import thumbs as site

    made = tmp_path / "made.png"
    made.write_bytes(site.png(30, 20, b"\xff\0\0" * 600, "a" * 64))
    site.retag(made, "b" * 64)
    with Image.open(made) as image:
        image.verify()  # checksums included
    with Image.open(made) as image:
        assert image.text[site.SOURCE] == "b" * 64 and image.size == (30, 20)
    foreign = tmp_path / "foreign.png"
    Image.new("RGB", (30, 20), "red").save(foreign)  # no source recorded: drawn again by the kit page
    site.retag(foreign, "b" * 64)
    assert not foreign.exists()


# -- partial translations say so ----------------------------------------------------------------

RUSSIAN = {"total": 1471, "translated": 55, "unconfirmed": 0, "stale": 0, "missing": 1416}  # the Soviet System's
FALLS_BACK = "4 % translated · 1,416 texts fall back to English"  # 1,471 - 1,416 = 55 texts, 3.7 %


def translated_kit(build: Path, lang: str, paper: str, translation) -> None:
    """A kit in `lang`: the English A4 kit's files, its manifest saying how much is translated."""
    folder = build / GAME / lang / paper
    shutil.copytree(build / GAME / "en" / "a4", folder)
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    manifest.update(lang=lang, paper=paper, translation=translation)
    (folder / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")


@pytest.fixture
def translated_site(site, tmp_path):
    """The site's kits (their manifests from before the "translation" block), a partial Russian
    translation on A4 and letter, a complete French one, and German and Polish kits whose blocks
    are not whole (edited by hand): they are listed as they are."""
    out, _ = site
    copy = tmp_path / "build"
    shutil.copytree(out, copy)
    for paper in ("a4", "letter"):
        translated_kit(copy, "ru", paper, {"lang": "ru", "source": "en", **RUSSIAN})
    complete = {"lang": "fr", "source": "en", "total": 244, "translated": 240, "unconfirmed": 3, "stale": 1, "missing": 0}
    translated_kit(copy, "fr", "a4", complete)
    translated_kit(copy, "de", "a4", {"total": 5, "missing": 9})
    translated_kit(copy, "pl", "a4", "most of it")
    return copy, write_index(copy)


def test_a_partial_translation_says_so_wherever_its_kits_are_listed(translated_site):
    copy, index = translated_site
    page = parse(index)
    # the overview's row for Russian, and the head of each Russian kit
    assert page.visible.count(FALLS_BACK) == 3
    assert page.visible.count(f"Partial translation: {FALLS_BACK}") == 2
    fallbacks = {kit["data-kit"]: kit.get("data-fallbacks") for kit in page.kits}
    assert fallbacks[f"{GAME}/ru/a4"] == fallbacks[f"{GAME}/ru/letter"] == "1416"
    # a complete translation, manifests with no "translation" block and blocks that are not whole say nothing more
    others = {kit: n for kit, n in fallbacks.items() if "/ru/" not in kit}
    assert len(others) == len(kits_to_build()) + 3 and set(others.values()) == {None}
    assert page.visible.count("fall back to") == 3


def test_a_partial_translation_is_printed_on_the_page_a_browser_shows(site, tmp_path):
    """Not only in the HTML: chromium lays the page out and prints it, and the words are there."""
    from pypdf import PdfReader

    out, _ = site
    build = tmp_path / "build"
    shutil.copytree(out / GAME / "en" / "a4", build / GAME / "en" / "a4")
    translated_kit(build, "ru", "a4", {"lang": "ru", "source": "en", **RUSSIAN})
    shutil.rmtree(build / GAME / "en")  # the Russian kit alone: a short page to print
    pdf = tmp_path / "page.pdf"
    result = chromium(write_index(build), tmp_path / "profile", f"--print-to-pdf={pdf}", "--no-pdf-header-footer")
    assert pdf.is_file(), f"no PDF; chromium said:\n{result.stderr[-2000:]}"
    text = " ".join(" ".join(page.extract_text() for page in PdfReader(pdf).pages).split())
    assert text.count("1,416 texts fall back to English") == 2, text[:3000]  # the overview and the kit


def test_a_kit_built_for_short_edge_printers_says_so(site, tmp_path):
    out, _ = site
    copy = tmp_path / "build"
    shutil.copytree(out, copy)
    kit = copy / GAME / "en" / "a4"
    manifest = json.loads((kit / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["flip"] == "long"
    text = write_index(copy).read_text(encoding="utf-8")
    assert "flip on long edge" in text and "flip on short edge" not in text
    manifest["flip"] = "short"
    (kit / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    assert "Double-sided · flip on short edge" in write_index(copy).read_text(encoding="utf-8")

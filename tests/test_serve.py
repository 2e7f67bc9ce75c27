"""kitpress serve: one warm process keeps a game's kit built and shows it live. Its page, its
events and its files are tested in process (starlette's TestClient), the command as a user
starts it, and the page in a real browser when chromium is installed."""

import contextlib
import html
import io
import re
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import pikepdf
import pypdfium2
import pytest
from PIL import Image
from starlette.testclient import TestClient

from kitpress.build.pipeline import BuildOptions, Project
from kitpress.cli.serving import _loopback
from kitpress.site.live import Live
from kitpress.site.server import app

KITPRESS = Path(sys.executable).with_name("kitpress")
CHROMIUM = Path("/usr/bin/chromium")


@pytest.fixture
def live(mini_project, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setenv("KITPRESS_JOBS", "1")
    kit = Live(Project(mini_project), "mini", BuildOptions(out=mini_project / "build"))
    kit.rebuild()
    return kit


def client(live: Live, **options) -> TestClient:
    return TestClient(app(live, watch=False, **options))


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_the_page_shows_the_kit_and_every_file_downloads(live):
    page = client(live).get("/")
    assert page.status_code == 200 and "text/html" in page.headers["content-type"]
    assert 'data-component="cards"' in page.text and "Card stock" in page.text and "Double-sided" in page.text
    assert "Built" in page.text
    for href in re.findall(r'href="(/kit/[^"]+\.pdf)"', page.text):
        got = client(live).get(href)
        assert got.status_code == 200 and got.headers["content-type"] == "application/pdf", href
        assert got.content == (live.state.folder.parents[2] / href.removeprefix("/kit/")).read_bytes()
    for src in re.findall(r'<img src="(/kit/[^"?]+)', page.text):
        assert client(live).get(src).headers["content-type"] == "image/png"


def test_an_edit_is_one_more_build_that_says_what_changed(live, mini_project):
    before = live.state.version
    edit(mini_project / "content/mini/cards.yaml", "Move back one space.", "Move back two spaces.")
    live.rebuild()
    assert live.state.version == before + 1 and live.state.built
    shown = client(live).get("/live").text
    assert "cards.pdf: cards/south" in shown
    assert "<html" not in shown  # the part the page replaces, not a page


def test_every_page_is_shown_and_the_piece_an_edit_changed_is_marked_where_it_prints(live, mini_project):
    page = client(live).get("/").text
    pictures = [html.unescape(src) for src in re.findall(r'<img src="(/page/[^"]+)"', page)]
    kit = live.state.folder
    printed = [pdf for pdf in kit.glob("*.pdf") if pdf.name != "kit.pdf"]
    assert len(pictures) == sum(len(pypdfium2.PdfDocument(pdf)) for pdf in printed)  # every page, the whole kit aside
    assert 'class="page changed"' not in page  # a first build changes nothing
    for src in pictures:
        got = client(live).get(src)
        assert got.status_code == 200 and got.headers["content-type"] == "image/png", src
        assert Image.open(io.BytesIO(got.content)).width == 360 and "immutable" in got.headers["cache-control"]

    edit(mini_project / "content/mini/cards.yaml", "Move back one space.", "Move back two spaces.")
    live.rebuild()
    shown = client(live).get("/live").text
    assert re.findall(r'<li class="page changed" id="([^"]+)"', shown) == ["cards-1"]  # the south card's sheet alone
    assert 'href="#cards-1"' in shown  # listed at the top, a link to it
    (style,) = re.findall(r'id="cards-1".*?class="mark" style="([^"]+)"', shown, re.S)
    left, top, width, height = (float(v) / 100 for v in re.findall(r"([\d.]+)%", style))
    document = pypdfium2.PdfDocument(kit / "cards.pdf")  # where the new words print, as pdfium finds them
    sheet = document[0]
    found = sheet.get_textpage().search("back two spaces").get_next()
    assert found is not None
    boxes = [sheet.get_textpage().get_charbox(found[0] + i) for i in range(5, 8)]  # "two", the word that changed
    page_width, page_height = sheet.get_size()
    x0, x1 = min(b[0] for b in boxes) / page_width, max(b[2] for b in boxes) / page_width
    y0, y1 = 1 - max(b[3] for b in boxes) / page_height, 1 - min(b[1] for b in boxes) / page_height
    assert left <= x0 and x1 <= left + width and top <= y0 and y1 <= top + height, (style, (x0, x1, y0, y1))
    assert width < 0.15 and height < 0.05  # the word that changed, not the line, the card or the sheet


@pytest.mark.parametrize(
    "asked",
    [
        "/page/mini/en/a4/cards.pdf?n=9&w=360",  # no such page
        "/page/mini/en/a4/cards.pdf?n=0&w=360",
        "/page/mini/en/a4/cards.pdf?n=1&w=5000",  # not a width the page asks for
        "/page/mini/en/a4/manifest.json?n=1&w=360",
        "/page/mini/en/%2e%2e/%2e%2e/%2e%2e/content/mini/cards.yaml?n=1&w=360",
        "/page/mini/en/a4/.previous/cards.pdf?n=1&w=360",
    ],
)
def test_no_page_is_drawn_but_a_kit_s(live, asked):
    assert client(live).get(asked).status_code == 404


def test_a_broken_file_shows_its_error_its_line_and_a_link_to_it_and_keeps_the_last_kit(live, mini_project):
    cards = mini_project / "content/mini/cards.yaml"
    edit(cards, "title: South wind", "titel: South wind")
    live.rebuild()
    page = client(live).get("/").text
    assert "Not rebuilt: 2 errors" in page  # the unknown key, and the title it lacks
    assert "content/mini/cards.yaml:3:" in page and "unknown key &#39;titel&#39;" in page
    assert "titel: South wind, text: Move back one space.}" in page  # the line itself
    assert f'href="vscode://file{cards.resolve()}:3:' in page
    assert client(live, editor="none").get("/").text.count("vscode://") == 0
    assert client(live).get("/kit/mini/en/a4/cards.pdf").status_code == 200  # the last good kit
    edit(cards, "titel: South wind", "title: South wind")
    live.rebuild()
    assert "Not rebuilt" not in client(live).get("/").text


def test_what_the_game_says_is_escaped_in_the_page(live, mini_project):
    edit(mini_project / "content/mini/cards.yaml", "title: South wind", 'titel: "<script>alert(1)</script>"')
    live.rebuild()
    page = client(live).get("/").text
    assert "<script>alert(1)</script>" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page


@pytest.mark.parametrize(
    "asked",
    [
        "/kit/../../etc/passwd",
        "/kit/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
        "/kit/mini/en/..%2f..%2f..%2fcontent/mini/cards.yaml",
        "/kit/mini/en/a4/.batches/anything.pdf",
        "/kit/mini/en/a4/outside.txt",
        "/kit/mini/en/a4",
        "/kit/mini/en/a4/no-such.pdf",
    ],
)
def test_no_file_outside_the_kit_is_served(live, asked, tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("not for the page")
    link = live.state.folder / "outside.txt"
    if not link.exists():
        link.symlink_to(secret)
    got = client(live).get(asked)
    assert got.status_code == 404 and "not for the page" not in got.text


def test_the_events_tell_of_every_build(live, mini_project):
    with client(live, heartbeat=0.2).stream("GET", "/events") as stream:
        lines = stream.iter_lines()
        first = next(line for line in lines if line.startswith("data:"))
        assert f'"version": {live.state.version}' in first
        edit(mini_project / "content/mini/cards.yaml", "Move back one space.", "Move back three spaces.")
        threading.Thread(target=live.rebuild).start()
        second = next(line for line in lines if line.startswith("data:"))
        assert f'"version": {live.state.version}' in second and "cards.pdf: cards/south" in second


def test_only_this_computer_is_served_unless_asked_and_then_it_is_said():
    assert _loopback("127.0.0.1") and _loopback("localhost") and _loopback("::1")
    assert not _loopback("0.0.0.0") and not _loopback("192.168.1.10") and not _loopback("example.org")


def _started(args: list[str], cwd: Path) -> tuple[subprocess.Popen, str]:
    """A `kitpress serve` process and the address it says it listens on."""
    command = [str(KITPRESS), "serve", *args]
    process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = process.stdout.readline()
    found = re.search(r"(http://\S+/)", line)
    if not found:
        process.kill()
        pytest.fail(f"kitpress serve said {line!r}; {process.stderr.read()}")
    return process, found.group(1)


def test_the_command_serves_the_page_on_this_computer_and_rebuilds_on_a_save(mini_project):
    import httpx2 as httpx

    process, url = _started(["mini", "--no-browser", "--port", "0"], mini_project)
    try:
        assert url.startswith("http://127.0.0.1:")
        assert 'data-component="cards"' in httpx.get(url).text
        edit(mini_project / "content/mini/cards.yaml", "Move back one space.", "Move back four spaces.")
        for _ in range(100):  # the watcher's debounce, then the build
            if "cards.pdf: cards/south" in httpx.get(url + "live").text:
                break
            time.sleep(0.1)
        else:
            pytest.fail("the save was not rebuilt within 10 s")
    finally:
        process.terminate()
        process.wait(timeout=10)


def test_a_port_in_use_is_an_error_at_port(mini_project):
    process, url = _started(["mini", "--no-browser", "--port", "0"], mini_project)
    try:
        port = url.rsplit(":", 1)[1].strip("/")
        command = [str(KITPRESS), "serve", "mini", "--no-browser", "--port", port]
        taken = subprocess.run(command, cwd=mini_project, capture_output=True, text=True, timeout=60)
        assert taken.returncode == 1
        assert f"--port: error: cannot listen on 127.0.0.1:{port}: Address already in use" in taken.stderr
    finally:
        process.terminate()
        process.wait(timeout=10)


def test_listening_beyond_this_computer_is_said(mini_project):
    process = subprocess.Popen(
        [str(KITPRESS), "serve", "mini", "--no-browser", "--port", "0", "--host", "0.0.0.0"],
        cwd=mini_project, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    try:
        process.stdout.readline()
    finally:
        process.terminate()
        _, err = process.communicate(timeout=10)
    assert "--host: warning: listening on 0.0.0.0: anyone who can reach this computer" in err


def test_the_page_in_a_real_browser(mini_project, tmp_path):
    """chromium lays the page out, runs its script (which listens for builds) and shows the kit."""
    if not CHROMIUM.exists() or shutil.which("chromium") is None:
        pytest.skip("chromium not installed (apt-get install chromium)")
    process, url = _started(["mini", "--no-browser", "--port", "0"], mini_project)
    try:
        profile = tmp_path / "profile"
        profile.mkdir()
        flags = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]
        flags.append(f"--user-data-dir={profile}")
        dom = subprocess.run([str(CHROMIUM), *flags, "--dump-dom", url], capture_output=True, text=True, timeout=120, cwd=profile)
        assert 'data-component="cards"' in dom.stdout and "Built" in dom.stdout, dom.stderr[-2000:]
        shot = tmp_path / "page.png"
        command = [str(CHROMIUM), *flags, f"--screenshot={shot}", "--window-size=390,1600", url]
        subprocess.run(command, capture_output=True, timeout=120, cwd=profile)
        assert shot.is_file() and shot.stat().st_size > 10_000  # a phone's width: laid out, not empty
    finally:
        process.terminate()
        process.wait(timeout=10)


# -- the teachers' side: /print -------------------------------------------------------------------
@pytest.fixture
def shop(mini_project, tmp_path, monkeypatch):
    """The server of a project with no game shown live: what a teacher opens."""
    from kitpress.site.printing import Jobs

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("KITPRESS_JOBS", "1")
    jobs = Jobs(Project(mini_project), mini_project / "build")
    return TestClient(app(None, watch=False, jobs=jobs), base_url="http://127.0.0.1:8000"), jobs


SAME = {"Origin": "http://127.0.0.1:8000"}


def _finished(client, jobs, location: str) -> str:
    number = int(location.rsplit("/", 1)[1])
    for _ in range(600):
        if jobs.get(number).done:
            return client.get(location).text
        time.sleep(0.05)
    pytest.fail("the kit was not built within 30 s")


def test_a_teacher_chooses_builds_and_downloads_a_kit(shop, mini_project):
    client, jobs = shop
    assert client.get("/", follow_redirects=False).headers["location"] == "/print"
    form = client.get("/print").text
    assert 'name="game" value="mini"' in form and '<option value="es">Español</option>' in form and "US Letter" in form
    asked = {"game": "mini", "lang": "es", "paper": "letter", "tables": "2", "board": "fit", "ink_saver": "on"}
    asked["cut_lines"] = "none"  # crop marks only
    sent = client.post("/print", data=asked, headers=SAME, follow_redirects=False)
    assert sent.status_code == 303 and sent.headers["location"].startswith("/print/jobs/")
    page = _finished(client, jobs, sent.headers["location"])
    assert '<html lang="es">' in page and "Listo" in page and "Imprime al 100 % (tamaño real)" in page  # the kit's language
    assert 'data-component="cards"' in page and "Cartulina" in page and "A doble cara · voltear por el borde largo" in page
    kit = mini_project / "build/mini/es/letter"
    manifest = (kit / "manifest.json").read_text()
    assert '"paper": "letter"' in manifest and '"lang": "es"' in manifest
    href = re.search(r'href="(/kit/mini/es/letter/cards\.pdf)"', page).group(1)
    assert client.get(href).content == (kit / "cards.pdf").read_bytes()
    from pypdf import PdfReader

    pages = PdfReader(kit / "cards.pdf").pages  # two tables: the kit twice, each page marked in Spanish
    assert "Mesa 1" in pages[0].extract_text() and "Mesa 2" in pages[len(pages) // 2].extract_text()
    from test_page_boxes import _grey, _stroked  # crop marks only: no grey line round a card

    with pikepdf.open(kit / "cards.pdf") as cards:
        rects, lines = _stroked(cards.pages[0])
    assert lines and not [colour for _, colour in rects if _grey(colour)]
    assert '"paper_mm": [215.9, 279.4]' in manifest.replace("\n", "").replace(" ", "").replace(",", ", ").replace(":", ": ")
    index = (mini_project / "build/index.html").read_text(encoding="utf-8")  # the offline kit page, as `kitpress build` writes it
    assert 'href="mini/es/letter/cards.pdf"' in index and 'href="/kit/index.html"' in page
    assert client.get("/kit/index.html").text == index  # linked from the job's page; its links resolve beside it


@pytest.mark.parametrize(
    "field, value, said",
    [
        ("game", "chess", "no game 'chess' here"),
        ("lang", "fr", "has no language 'fr'"),
        ("paper", "legal", "no paper 'legal'"),
        ("tables", "41", "tables: a whole number from 1 to 40"),
        ("tables", "-1", "tables: a whole number from 1 to 40"),
        ("board", "scale", "board: tile or fit"),
        ("cut_lines", "dotted", "cut lines: trim or none"),
        ("printer", "office", "no saved printer 'office'"),
    ],
)
def test_a_choice_the_form_did_not_offer_is_refused_and_nothing_is_built(shop, mini_project, field, value, said):
    client, jobs = shop
    asked = {"game": "mini", "lang": "en", "paper": "a4", "tables": "1", "board": "tile", field: value}
    sent = client.post("/print", data=asked, headers=SAME)
    assert sent.status_code == 400 and html.unescape(sent.text).count(said) == 1
    assert not (mini_project / "build").exists()


def test_a_form_from_elsewhere_changes_nothing(shop, mini_project):
    client, _ = shop
    asked = {"game": "mini", "lang": "en", "paper": "a4"}
    for headers in ({}, {"Origin": "http://evil.example"}, {"Origin": "null"}):
        assert client.post("/print", data=asked, headers=headers).status_code == 403
    assert client.post("/print/printer", data={"name": "office", "dx": "1", "dy": "1"}).status_code == 403
    assert not (mini_project / "build").exists()
    from kitpress.build import printers

    assert printers.names() == []


def test_the_printer_check_offset_saved_from_the_page_is_the_cli_s_setting(shop):
    from kitpress.build import printers

    client, _ = shop
    read = {"name": "office", "dx": "1,5", "dy": "−0.5", "flip": "short"}  # the cross at +1.5 across, 0.5 down
    sent = client.post("/print/printer", data=read, headers=SAME, follow_redirects=False)
    assert sent.status_code == 303 and sent.headers["location"] == "/print?saved=office"
    # the backs move the other way, as the printer check sheet tells the command's users to type
    assert printers.load("office") == printers.Printer((-1.5, 0.5), "short")
    assert '<option value="office">office</option>' in client.get("/print?saved=office").text
    again = {"name": "office", "dx": "0.5", "dy": "", "flip": "short", "base": "office"}  # checked again from that kit
    assert client.post("/print/printer", data=again, headers=SAME, follow_redirects=False).status_code == 303
    assert printers.load("office") == printers.Printer((-2.0, 0.5), "short")
    bad = client.post("/print/printer", data={"name": "office", "dx": "40", "dy": "0"}, headers=SAME)
    assert bad.status_code == 400 and "more than 15 mm" in html.unescape(bad.text)  # said as the command says it


def test_two_orders_for_one_kit_never_build_into_its_folder_at_once(shop, monkeypatch):
    from kitpress.site import printing

    client, jobs = shop
    running, most = [0], [0]
    real = printing.build_game

    def counted(*args, **kwargs):
        running[0] += 1
        most[0] = max(most[0], running[0])
        try:
            time.sleep(0.2)
            return real(*args, **kwargs)
        finally:
            running[0] -= 1

    monkeypatch.setattr(printing, "build_game", counted)
    same = {"game": "mini", "lang": "en", "paper": "a4"}
    first = client.post("/print", data=same, headers=SAME, follow_redirects=False).headers["location"]
    again = client.post("/print", data=same, headers=SAME, follow_redirects=False).headers["location"]
    other = client.post("/print", data={**same, "tables": "2"}, headers=SAME, follow_redirects=False).headers["location"]
    assert first == again != other  # the same order joins the job under way
    _finished(client, jobs, first)
    _finished(client, jobs, other)
    assert most[0] == 1  # the other order for the same folder waited its turn


def test_the_order_page_speaks_the_browser_s_language_and_counts_as_it_does(shop):
    from kitpress.site.words import Words

    client, _ = shop
    page = client.get("/print", headers={"Accept-Language": "ru-RU,ru;q=0.9,en;q=0.5"}).text
    assert '<html lang="ru">' in page and "Напечатать комплект" in page and "Собрать комплект" in page
    assert '<html lang="en">' in client.get("/print", headers={"Accept-Language": "de-DE,de"}).text  # none of ours: English
    sheets = [Words("ru")("sheets", n=n) for n in (1, 2, 5, 11, 21, 24)]
    assert sheets == ["1 лист", "2 листа", "5 листов", "11 листов", "21 лист", "24 листа"]
    assert [Words("es")("pages", n=n) for n in (1, 2)] == ["1 página", "2 páginas"]
    assert (Words("en").decimal(4.94), Words("es").decimal(4.94), Words("ru").decimal(4.94)) == ("4.9", "4,9", "4,9")


@contextlib.contextmanager
def in_chromium(mini_project):
    """`kitpress serve mini` as a user starts it, and a page of Debian's chromium (driven by
    Playwright) at its address; skipped, and said, where either is not installed."""
    sync_api = pytest.importorskip("playwright.sync_api")
    if not CHROMIUM.exists():
        pytest.skip("chromium not installed (apt-get install chromium)")
    process, url = _started(["mini", "--no-browser", "--port", "0"], mini_project)
    try:
        with sync_api.sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox"])
            try:
                page = browser.new_page()
                page.goto(url)
                yield page, url
            finally:
                browser.close()
    finally:
        process.terminate()
        process.wait(timeout=10)


def test_a_designer_sees_each_save_and_each_error_in_the_browser(mini_project):
    """The page changes by itself after a save, boxes what the save changed, shows the error a
    broken file makes, then clears it once the file is fixed."""
    cards = mini_project / "content/mini/cards.yaml"
    with in_chromium(mini_project) as (page, _):
        assert page.inner_text(".status .state") == "Built"
        edit(cards, "Move back one space.", "Move back five spaces.")
        page.wait_for_selector("text=cards.pdf: cards/south", timeout=20_000)  # no reload: the events
        page.wait_for_selector(".page.changed .mark", timeout=20_000)  # the changed words, boxed on their sheet
        assert page.locator(".page.changed").count() == 1 and "changed" in page.inner_text(".page.changed .caption")
        shot = page.locator(".page.changed img")
        shot.scroll_into_view_if_needed()
        # the picture is drawn when the browser asks for it (lazily, decoded apart): wait until it is shown
        page.wait_for_function("img => img.complete && img.naturalWidth > 0", arg=shot.element_handle(), timeout=20_000)
        assert shot.evaluate("img => img.naturalWidth") == 360  # drawn at the width the page asked for
        edit(cards, "title: South wind", "titel: South wind")
        page.wait_for_selector(".problem.error", timeout=20_000)
        assert "unknown key 'titel'" in page.inner_text(".problems")
        assert "Not rebuilt" in page.inner_text(".status .state")
        assert page.locator('.component[data-component="cards"]').count() == 1  # the last good kit stays
        edit(cards, "titel: South wind", "title: South wind")
        page.wait_for_selector(".problem.error", state="detached", timeout=20_000)
        assert page.inner_text(".status .state") == "Built"

def test_a_teacher_chooses_prints_and_downloads_a_kit_in_the_browser(mini_project, tmp_path):
    """The order form filled in as a teacher does (by its labels), the progress followed, and a
    file downloaded from the finished page and checked: its paper, its language, its tables."""
    with in_chromium(mini_project) as (page, url):
        page.goto(url + "print")
        form = page.locator("form.order").first
        form.get_by_label("Language").select_option("es")
        form.get_by_label("US Letter").check()
        form.get_by_label("Tables").fill("2")
        form.get_by_label("Ink saver").check()
        form.get_by_role("button").click()
        page.wait_for_selector(".kit", timeout=60_000)
        assert page.get_attribute("html", "lang") == "es" and "Listo" in page.inner_text(".status")
        link = page.locator('.component[data-component="cards"] .component-title a')
        with page.expect_download() as download:  # a PDF link, as the browser takes it: a file to save
            link.click(modifiers=["Alt"])
        saved = tmp_path / "cards.pdf"
        download.value.save_as(saved)
        from pypdf import PdfReader

        pages = PdfReader(saved).pages
        assert [round(float(v) / 72 * 25.4, 1) for v in pages[0].mediabox[2:]] == [215.9, 279.4]  # Letter
        assert "Mesa 1" in pages[0].extract_text() and "Mesa 2" in pages[len(pages) // 2].extract_text()


AUDIT = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]}}


def test_the_pages_pass_an_accessibility_audit_and_work_from_the_keyboard(mini_project):
    """axe-core (the engine browsers' audits use) finds no WCAG 2.2 AA or best-practice failure on
    the live page, the order form, a finished job's page and the kit page it wrote; and the form
    is reached and sent with the keyboard alone, every control showing where the focus is."""
    axe = pytest.importorskip("axe_playwright_python.sync_playwright").Axe()

    def audited(page) -> None:
        found = axe.run(page, options=AUDIT | {"resultTypes": ["violations"]}).response["violations"]
        assert found == [], [(v["id"], v["help"], [n["target"] for n in v["nodes"]]) for v in found]

    with in_chromium(mini_project) as (page, url):
        audited(page)
        page.goto(url + "print")
        audited(page)
        outlines = []
        for _ in range(40):  # Tab from the top of the page to the first build button
            page.keyboard.press("Tab")
            focused = page.evaluate(
                "() => { const e = document.activeElement, s = getComputedStyle(e);"
                " return [e.tagName, e.type || '', s.outlineStyle, parseFloat(s.outlineWidth)]; }"
            )
            outlines.append(focused)
            if focused[:2] == ["BUTTON", "submit"]:
                break
        assert outlines[-1][:2] == ["BUTTON", "submit"], outlines
        assert all(style != "none" and width >= 2 for _, _, style, width in outlines), outlines
        page.keyboard.press("Enter")  # the order, sent from the keyboard
        page.wait_for_selector(".kit", timeout=60_000)
        assert "/print/jobs/" in page.url
        audited(page)
        page.goto((mini_project / "build" / "index.html").as_uri())  # the kit page the build wrote, offline
        audited(page)

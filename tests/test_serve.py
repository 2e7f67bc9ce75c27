"""kitpress serve: one warm process keeps a game's kit built and shows it live. Its page, its
events and its files are tested in process (starlette's TestClient), the command as a user
starts it, and the page in a real browser when chromium is installed."""

import re
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
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

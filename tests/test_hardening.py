"""Hostile and broken content, interrupted and concurrent builds, sound PDFs."""

import hashlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import pytest
import yaml
from pypdf import PdfReader

from kitpress.build import publish
from kitpress.build.pipeline import BuildOptions, Project, build_game
from kitpress.errors import KitpressError

REPO = Path(__file__).resolve().parents[1]
KITPRESS = Path(sys.executable).with_name("kitpress")


@pytest.fixture
def project(tmp_path):
    shutil.copytree(REPO / "content", tmp_path / "content")
    shutil.copytree(REPO / "layouts", tmp_path / "layouts")
    return tmp_path


@pytest.mark.parametrize(
    "char, what",
    [
        ("\u0007", "U+0007"),
        ("\u202e", "bidirectional override U+202E"),
        ("\u200b", "invisible character U+200B"),
    ],
)
def test_invisible_and_reordering_characters_are_refused_with_their_place(project, monkeypatch, char, what):
    roles = project / "content/state-in-class/roles.yaml"
    text = roles.read_text(encoding="utf-8")
    roles.write_text(text.replace("title: Student", f'title: "Stu{char}dent"'), encoding="utf-8")
    line = 1 + text.split("title: Student")[0].count("\n")
    monkeypatch.chdir(project)
    with pytest.raises(KitpressError) as info:
        build_game(Project(project), "state-in-class", BuildOptions(out=project / "out"))
    assert f"roles.yaml:{line}:" in str(info.value) and what in str(info.value)
    assert not (project / "out").exists()


DEPTH = 10_000


@pytest.mark.parametrize(
    "body, opener",
    [
        ("deep: " + "[" * DEPTH + "]" * DEPTH, "["),
        ("deep: " + "{a: " * DEPTH + "1" + "}" * DEPTH, "{"),
        ("deep:\n  " + "- " * DEPTH + "x", "- "),
    ],
    ids=["flow-lists", "flow-mappings", "block-lists"],
)
def test_a_document_nested_ten_thousand_deep_is_refused_at_its_place(project, body, opener):
    tension = project / "content/state-in-class/tension.yaml"
    text = tension.read_text(encoding="utf-8")
    tension.write_text(text + body + "\n", encoding="utf-8")
    # the file's mapping is level 1, so the 64th opener starts level 65, one too deep
    line = text.count("\n") + 1 + body.count("\n")
    last = body.rsplit("\n", 1)[-1]
    col = [i for i in range(len(last)) if last.startswith(opener, i)][63] + 1
    run = subprocess.run([str(KITPRESS), "check", "state-in-class"], cwd=project, capture_output=True, text=True)
    assert run.returncode == 1, run.stderr[-500:]
    assert run.stdout + run.stderr == (
        f"content/state-in-class/tension.yaml:{line}:{col}: error: document nested deeper than 64 levels\n"
        "1 error; nothing was written.\n"
    )


@pytest.mark.parametrize(
    "body, message, where",
    [
        ('huge: "' + "x" * 40_000_000 + '"', "file larger than 32 MiB", "1:1"),
        ("many: [" + ",".join(["1"] * 1_500_000) + "]", "document too large (more than 400000 values, or an alias bomb)", None),
    ],
    ids=["40-MB", "1.5-million-values"],
)
def test_a_very_large_document_is_refused_at_its_place(project, body, message, where):
    tension = project / "content/state-in-class/tension.yaml"
    text = tension.read_text(encoding="utf-8")
    tension.write_text(text + body + "\n", encoding="utf-8")
    # the 400,001st value is refused; before the first "1" come the file's own values, the key
    # 'many' and its list, and each "1," takes two columns
    line = text.count("\n") + 1
    where = where or f"{line}:{len('many: [') + 1 + 2 * (400_001 - 1 - yaml_values(text) - 2)}"
    run = subprocess.run([str(KITPRESS), "check", "state-in-class"], cwd=project, capture_output=True, text=True)
    assert run.returncode == 1, run.stderr[-500:]
    assert (
        run.stdout + run.stderr
        == f"content/state-in-class/tension.yaml:{where}: error: {message}\n1 error; nothing was written.\n"
    )


def yaml_values(text: str) -> int:
    """How many values (scalars, lists, mappings, keys included) a YAML text holds."""
    return sum(isinstance(event, yaml.NodeEvent) for event in yaml.parse(text, Loader=yaml.SafeLoader))


def test_a_build_killed_mid_way_leaves_the_previous_kit_intact(project):
    out = project / "out"
    first = subprocess.run(
        [str(KITPRESS), "build", "soviet-system", "--out", str(out)], cwd=project, capture_output=True, text=True
    )
    assert first.returncode == 0, first.stderr
    folder = out / "soviet-system/en/a4"
    before = {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}
    killed = 0
    for delay in (0.4, 0.8, 1.2, 1.6):  # early, in the middle, late
        process = subprocess.Popen(
            [str(KITPRESS), "build", "soviet-system", "--out", str(out), "--tables", "2"],
            cwd=project,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        time.sleep(delay)
        if process.poll() is None:
            os.kill(process.pid, signal.SIGKILL)
            killed += 1
        process.wait()
        if not folder.exists():  # killed between the two renames that swap a kit in (microseconds)
            assert [p for p in folder.parent.iterdir() if p.name.endswith("-old")]  # the old kit is beside it
            publish.sweep(folder.parent)  # and the next build puts it back first
        after = {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}
        assert set(after) == set(before)
        changed = [name for name in before if after[name] != before[name]]
        if changed:  # killed after it swapped the new kit in: then the new kit is whole, never a mix
            manifest = json.loads(after["manifest.json"])
            assert manifest["files"] and {e["file"] for e in manifest["files"]} <= set(after)
            for entry in manifest["files"]:
                assert hashlib.sha256(after[entry["file"]]).hexdigest() == entry["sha256"], entry["file"]
        for name, data in after.items():
            if name.endswith(".pdf"):
                assert data.endswith(b"%%EOF\n") or data.rstrip().endswith(b"%%EOF"), name
    assert killed >= 1
    # what the killed builds left behind is swept away by the next build of that kit
    assert subprocess.run([str(KITPRESS), "check", "soviet-system"], cwd=project).returncode == 0
    build_game(Project(project), "soviet-system", BuildOptions(out=out))
    assert not [p for p in (out / "soviet-system/en").iterdir() if p.name.startswith(".")]


def test_two_builds_at_once_do_not_corrupt_each_other(project):
    out = project / "out"
    runs = [
        subprocess.Popen(
            [str(KITPRESS), "build", "state-in-class", "--out", str(out)],
            cwd=project,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        for _ in range(2)
    ]
    for run in runs:
        assert run.wait() == 0, run.stderr.read()
    folder = out / "state-in-class/en/a4"
    for pdf in folder.glob("*.pdf"):
        assert len(PdfReader(pdf, strict=True).pages) > 0


def test_no_pdf_holds_javascript_actions_or_links_out():
    folder, _, _ = build_game(Project(REPO), "class-struggle", BuildOptions(out=Path(os.environ.get("TMPDIR", "/tmp")) / "kp-hard"))
    for pdf in folder.glob("*.pdf"):
        raw = pdf.read_bytes()
        for token in (b"/JavaScript", b"/JS ", b"/Launch", b"/URI", b"/OpenAction", b"/EmbeddedFile"):
            assert token not in raw, (pdf.name, token)


@pytest.mark.skipif(shutil.which("qpdf") is None, reason="qpdf not installed (apt-get install qpdf)")
def test_qpdf_finds_nothing_wrong():
    folder, _, _ = build_game(Project(REPO), "soviet-system", BuildOptions(out=Path(os.environ.get("TMPDIR", "/tmp")) / "kp-qpdf"))
    for pdf in folder.glob("*.pdf"):
        check = subprocess.run(["qpdf", "--check", str(pdf)], capture_output=True, text=True)
        assert check.returncode == 0 and "No syntax or stream encoding errors" in check.stdout, (pdf.name, check.stdout[-300:])


def _children(pid: int) -> list[int]:
    """The processes `pid` started (its drawing workers), from /proc."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="finds the workers through /proc")
def test_a_drawing_worker_killed_fails_the_build_at_once_and_leaves_the_last_kit(project):
    """The out-of-memory killer takes a worker: the build says so and stops (it waited forever)."""
    out = project / "out"
    args = [str(KITPRESS), "build", "soviet-system", "--out", str(out)]
    first = subprocess.run(args, cwd=project, capture_output=True, text=True)
    assert first.returncode == 0, first.stderr
    folder = out / "soviet-system/en/a4"
    before = {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}
    env = {**os.environ, "KITPRESS_JOBS": "2"}
    for attempt in range(5):  # the workers live about a second: look for them until one is caught
        build = subprocess.Popen(
            [*args, "--set", "banknotes.r100.count=2000", "--tables", "2"],
            cwd=project,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        deadline, killed = time.monotonic() + 30, None
        while killed is None and build.poll() is None and time.monotonic() < deadline:
            workers = _children(build.pid)
            if workers:
                os.kill(workers[0], signal.SIGKILL)
                killed = workers[0]
            time.sleep(0.02)
        try:
            stdout, stderr = build.communicate(timeout=60)  # bounded: it used to wait forever
        except subprocess.TimeoutExpired:
            build.kill()
            pytest.fail("the build went on waiting for the worker that was killed")
        if killed is not None:
            break
    assert killed is not None, "never caught a worker drawing"
    assert build.returncode == 1, stderr
    assert "error: a drawing process died while drawing" in stderr, stderr
    assert "internal error" not in stderr
    after = {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}
    assert after == before


def _rebuild_on_a_full_disk(project: Path, out: Path, fill, env=None, preexec=None) -> subprocess.CompletedProcess:
    """Build a kit, fill the disk (`fill(out)`), build it again with a change: the result."""
    args = [str(KITPRESS), "build", "state-in-class", "--out", str(out)]
    first = subprocess.run(args, cwd=project, capture_output=True, text=True)
    assert first.returncode == 0, first.stderr
    fill(out)
    return subprocess.run([*args, "--tables", "2"], cwd=project, capture_output=True, text=True, env=env, preexec_fn=preexec)


def _kit_files(out: Path) -> dict[str, bytes]:
    return {str(p.relative_to(out)): p.read_bytes() for p in out.rglob("*") if p.is_file() and p.name != "filler"}


@contextmanager
def _tmpfs(folder: Path, options: str):
    """A tmpfs mounted at `folder` for the test (skipped where tests may not mount one)."""
    folder.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(folder)], capture_output=True).returncode:
        pytest.skip("this machine does not let tests mount a tmpfs")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)])


@pytest.mark.skipif(os.geteuid() != 0, reason="mounts a small tmpfs: needs root")
def test_a_full_disk_is_a_located_error_and_the_last_kit_stays_whole(project, tmp_path):
    with _tmpfs(tmp_path / "disk", "size=4m") as disk:
        out = disk / "out"
        snapshot = {}

        def fill(folder: Path) -> None:
            snapshot.update(_kit_files(folder))
            free = shutil.disk_usage(disk).free
            with (disk / "filler").open("wb") as filler:  # leave 300 KB: the new kit needs more
                filler.write(b"\0" * max(free - 300_000, 0))

        run = _rebuild_on_a_full_disk(project, out, fill)
        assert run.returncode == 1, run.stdout + run.stderr
        assert "error: cannot write the kit: the disk is full" in run.stderr, run.stderr
        assert "internal error" not in run.stderr
        assert _kit_files(out) == snapshot  # the last kit, byte for byte
        assert not [p for p in out.rglob(".*") if p.name not in ("thumbs",)], "a half-built folder was left behind"


def test_a_file_size_limit_is_a_located_error_and_the_last_kit_stays_whole(project, tmp_path):
    """The same as a full disk, without root: the system refuses a write past RLIMIT_FSIZE."""
    import resource

    def limited() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails (EFBIG) instead of killing
        resource.setrlimit(resource.RLIMIT_FSIZE, (200_000, 200_000))

    out = tmp_path / "out"
    snapshot = {}
    run = _rebuild_on_a_full_disk(project, out, lambda folder: snapshot.update(_kit_files(folder)), preexec=limited)
    assert run.returncode == 1, run.stdout + run.stderr
    assert "error: cannot write the kit: the file would be larger than this system allows" in run.stderr, run.stderr
    assert _kit_files(out) == snapshot


@pytest.mark.skipif(os.geteuid() != 0, reason="mounts a read-only tmpfs: needs root")
def test_a_read_only_disk_is_a_located_error(project, tmp_path):
    with _tmpfs(tmp_path / "disk", "size=1m,ro") as disk:
        run = subprocess.run(
            [str(KITPRESS), "build", "state-in-class", "--out", str(disk / "out")], cwd=project, capture_output=True, text=True
        )
    assert run.returncode == 1, run.stdout + run.stderr
    assert run.stderr.startswith("disk/out: error: cannot write the kit: the disk is read-only"), run.stderr  # where, from the working folder

"""Hostile and broken content, interrupted and concurrent builds, sound PDFs."""

import hashlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml
from pypdf import PdfReader

from kitpress.build import BuildOptions, Project, build_game
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
        ('huge: "' + "x" * 40_000_000 + '"', "file larger than 4 MiB", "1:1"),
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
    folder, _ = build_game(Project(REPO), "class-struggle", BuildOptions(out=Path(os.environ.get("TMPDIR", "/tmp")) / "kp-hard"))
    for pdf in folder.glob("*.pdf"):
        raw = pdf.read_bytes()
        for token in (b"/JavaScript", b"/JS ", b"/Launch", b"/URI", b"/OpenAction", b"/EmbeddedFile"):
            assert token not in raw, (pdf.name, token)


@pytest.mark.skipif(shutil.which("qpdf") is None, reason="qpdf not installed (apt-get install qpdf)")
def test_qpdf_finds_nothing_wrong():
    folder, _ = build_game(Project(REPO), "soviet-system", BuildOptions(out=Path(os.environ.get("TMPDIR", "/tmp")) / "kp-qpdf"))
    for pdf in folder.glob("*.pdf"):
        check = subprocess.run(["qpdf", "--check", str(pdf)], capture_output=True, text=True)
        assert check.returncode == 0 and "No syntax or stream encoding errors" in check.stdout, (pdf.name, check.stdout[-300:])

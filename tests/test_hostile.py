"""Hostile input and a hostile environment, each case run as a user runs kitpress: a new
process on a copy of the project. Every case must end in a located error (exit 1, a
`place: error: message` line) or a clean build (exit 0) — never kitpress's own error (exit 2),
a hang, `nan` in a PDF, or a byte from outside the game in one."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
import pikepdf
import pytest

REPO = Path(__file__).resolve().parents[1]
KITPRESS = Path(sys.executable).with_name("kitpress")
GAME = "state-in-class"
SECRET = "KITPRESS-SECRET-4b1d"  # in a file outside the project: no PDF may ever show it
TIME_LIMIT = 90  # seconds a case may take on a loaded 2-core machine; a hang takes forever
LOCATED = re.compile(r"^(?P<place>\S[^\n]*?): error: \S", re.M)
C, L = f"content/{GAME}/", f"layouts/{GAME}/"

pytestmark = pytest.mark.slow


@dataclass
class Case:
    name: str
    steps: tuple  # each edits the project copy: step(root)
    args: list[str]
    expect: str = "error"  # "error" or "ok"
    says: str = ""  # a fragment the error must contain


def hostile(name: str, *steps, args=None, expect="error", says="") -> Case:
    return Case(name, steps, list(args or ["build", GAME, "--out", "out"]), expect, says)


def build(*extra: str) -> list[str]:
    return ["build", GAME, "--out", "out", *extra]


# -- what a case does to its copy of the project ------------------------------------------------
def edited(rel: str, old: str, new: str):
    def step(root: Path) -> None:
        path = root / rel
        text = path.read_text(encoding="utf-8")
        assert old in text, f"{old!r} not in {rel}"
        path.write_text(text.replace(old, new, 1), encoding="utf-8")

    return step


def appended(rel: str, text: str):
    def step(root: Path) -> None:
        with (root / rel).open("a", encoding="utf-8") as out:
            out.write(text)

    return step


def written(rel: str, text: str):
    def step(root: Path) -> None:
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")

    return step


def folder(rel: str):
    return lambda root: (root / rel).mkdir(parents=True, exist_ok=True)


def fifo(rel: str):
    def step(root: Path) -> None:
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).unlink(missing_ok=True)
        os.mkfifo(root / rel)

    return step


def linked_out(rel: str):
    """`rel` becomes a link to the secret file outside the project."""

    def step(root: Path) -> None:
        (root / rel).unlink(missing_ok=True)
        (root / rel).symlink_to(root.parent / "outside" / "secret.txt")

    return step


def frame(markup: str):
    """An extra frame on every event card, holding `markup` (YAML-quoted by the caller)."""
    return edited(L + "event-front.yaml", "frames:\n", f"frames:\n  - id: hostile\n    at: [6, 100, 58, 14]\n    markup: {markup}\n")


def image(name: str):
    """Every event card shows the image `name` (YAML-quoted by the caller)."""
    return edited(L + "event-front.yaml", "shapes:\n", f"shapes:\n  - {{image: {name}, rect: [5, 5, 10, 10]}}\n")


PRINTERS = "config/kitpress/printers.yaml"
SOVIET = "content/soviet-system/"
SOVIET_BUILD = ["build", "soviet-system", "--out", "out"]
KIT = f"out/{GAME}/en/a4"
CASES = [
    # -- YAML ---------------------------------------------------------------------------------
    hostile("game.yaml nested 100,000 deep", appended(C + "game.yaml", "deep: " + "[" * 100_000 + "]" * 100_000 + "\n"), says="nested deeper"),
    hostile("game.yaml holding 100 MB", appended(C + "game.yaml", "x: '" + "a" * 100_000_000 + "'\n"), says="larger than 32 MiB"),
    hostile("game.yaml is a FIFO", fifo(C + "game.yaml"), says="FIFO"),
    hostile("a content file is a FIFO", fifo(C + "events.yaml"), says="FIFO"),
    hostile("a content file links outside", linked_out(C + "events.yaml"), says="outside"),
    hostile("a number is .nan", edited(C + "roles.yaml", "income: 10", "income: .nan"), says="finite"),
    hostile("a number has 5000 digits", edited(C + "roles.yaml", "income: 10", "income: 1" + "0" * 5000), says="digits"),
    hostile("a python tag", edited(C + "roles.yaml", "income: 10", "income: !!python/object/apply:os.system ['true']"), says="tag"),
    # -- templates ------------------------------------------------------------------------------
    hostile("a string repeated 10**9 times", frame("\"{{ 'a' * 10**9 }}\"")),
    hostile("a list repeated 10**9 times", frame("\"{{ ([0] * 10**9) | length }}\"")),
    hostile("10**5000 printed", frame("\"{{ 10**5000 }}\"")),
    hostile("1 << 10**9", frame("\"{{ 1 << 10**9 }}\"")),
    hostile("nested loops of 100,000", frame("\"{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}\"")),
    hostile("3.5 MB of text in one frame", frame("\"{% for i in range(35000) %}{{ 'x' * 100 }} {% endfor %}\"")),
    hostile("a padding of 10**9", frame("\"{{ 'x' | center(10**9) }}\"")),
    hostile("lipsum of 10**9 paragraphs", frame("\"{{ lipsum(10**9) }}\"")),
    hostile("a macro calling itself", frame("\"{% macro m(n) %}{{ m(n + 1) }}{% endmacro %}{{ m(0) }}\"")),
    hostile("macros.j2 linked outside", linked_out(L + "macros.j2"), says="outside"),
    hostile("macros.j2 is a FIFO", fifo(L + "macros.j2"), says="FIFO"),
    # -- markup ---------------------------------------------------------------------------------
    hostile("100,000 nested <b>", frame("\"<p>" + "<b>" * 100_000 + "x" + "</b>" * 100_000 + "</p>\"")),
    hostile("a span of size 1e308", frame("'<p><span size=\"1e308\">x</span></p>'")),
    hostile("widths of nan", frame("'<table widths=\"nan nan\"><tr><td>a</td><td>b</td></tr></table>'")),
    hostile("a cell spanning 10**9 columns", frame("'<table><tr><td span=\"1000000000\">a</td></tr></table>'")),
    hostile("a 1000-column table", frame("'<table><tr>" + "<td>a</td>" * 1000 + "</tr></table>'")),
    # -- layouts, paths and images --------------------------------------------------------------
    hostile("a layout linked outside", linked_out(L + "deck-back.yaml"), says="outside"),
    hostile("a layout is a FIFO", fifo(L + "deck-back.yaml"), says="FIFO"),
    hostile("styles.yaml is a FIFO", fifo(L + "styles.yaml"), says="FIFO"),
    hostile("a frame at nan", edited(L + "event-front.yaml", "at: [4, 44, 62, 16]", "at: [.nan, 44, 62, 16]")),
    hostile("a frame at 1e308", edited(L + "event-front.yaml", "at: [4, 44, 62, 16]", "at: [1e308, 44, 62, 16]")),
    hostile("a style of size 1e308", appended(L + "styles.yaml", "  huge: {size: 1e308}\n")),
    hostile("an image linked outside", image("art.png"), linked_out(L + "art.png"), says="outside"),
    hostile("an image is a FIFO", image("art.png"), fifo(L + "art.png"), says="FIFO"),
    hostile("an image name with a NUL byte", image('"art\\0.png"'), says="NUL"),
    hostile("an image name of 5000 characters", image("a" * 5000 + ".png"), says="longer"),
    # -- translations ---------------------------------------------------------------------------
    hostile("a locale linked outside", linked_out(C + "locales/es.yaml"), args=build("--lang", "es"), says="outside"),
    hostile("a locale is a FIFO", fifo(C + "locales/es.yaml"), args=build("--lang", "es"), says="FIFO"),
    hostile("a lock file is a FIFO", fifo(C + "locales/es.lock.yaml"), args=build("--lang", "es"), says="FIFO"),
    hostile("--lang zh", args=build("--lang", "zh")),
    hostile("--lang ../x", args=build("--lang", "../x"), says="language"),
    # -- fonts ----------------------------------------------------------------------------------
    hostile("a font is a FIFO", fifo("fonts/NotoSans-Bold.ttf"), says="FIFO"),
    hostile("a font links outside", linked_out("fonts/NotoSans-Bold.ttf"), says="outside"),
    # -- options --------------------------------------------------------------------------------
    hostile("--back-offset nan,nan", args=build("--back-offset", "nan,nan"), says="--back-offset"),
    hostile("--back-offset 1e999,0", args=build("--back-offset", "1e999,0"), says="--back-offset"),
    hostile("--set to a superscript two", args=build("--set", "tension.top=\u00b2"), says="--set"),
    hostile("--set to 5000 digits", args=build("--set", "tension.top=" + "9" * 5000), says="--set"),
    hostile("--set to a negative number", args=build("--set", "tension.top=-3"), says="--set"),
    hostile("--edge nan", args=build("--edge", "nan"), says="--edge"),
    hostile("--tables 10**9", args=build("--tables", "1000000000"), says="--tables"),
    hostile("--flip sideways", args=build("--flip", "sideways"), says="--flip"),
    hostile("a game named ../..", args=["build", "../..", "--out", "out"], says="no game"),
    hostile("--out is a file", written("out", "x"), says="a file"),
    hostile("--out under a file", written("file", "x"), args=["build", GAME, "--out", "file/out"], says="a file"),
    hostile("--out /dev/null", args=["build", GAME, "--out", "/dev/null"], says="a file"),
    # -- printer settings -----------------------------------------------------------------------
    hostile("printer save nan,nan", args=["printer", "save", "office", "--back-offset", "nan,nan"], says="--back-offset"),
    hostile("printers.yaml of bad YAML", written(PRINTERS, "office: [\n"), args=build("--printer", "office"), says="printers.yaml"),
    hostile("printers.yaml of a list", written(PRINTERS, "- office\n"), args=build("--printer", "office"), says="printers.yaml"),
    hostile("printers.yaml of a string", written(PRINTERS, "office\n"), args=build("--printer", "office"), says="printers.yaml"),
    hostile(
        "printers.yaml with a python tag",
        written(PRINTERS, "office: !!python/object/apply:os.system ['true']\n"),
        args=build("--printer", "office"),
        says="printers.yaml",
    ),
    hostile(
        "printers.yaml saved by kitpress 0.1",
        written(PRINTERS, "office:\n  back_offset: 1,1\n"),
        args=build("--printer", "office"),
        says="kitpress printer save office --back-offset 1,1",
    ),
    hostile("printers.yaml is a FIFO", fifo(PRINTERS), args=build("--printer", "office"), says="FIFO"),
    hostile("printer save over a broken file", written(PRINTERS, "- office\n"), args=["printer", "save", "x", "--back-offset", "1,1"]),
    # -- card counts ----------------------------------------------------------------------------
    hostile("a count of 10**9", edited(SOVIET + "game-data.yaml", "count: 100}", "count: 1000000000}"), args=SOVIET_BUILD),
    hostile("a count of -3", edited(SOVIET + "game-data.yaml", "count: 100}", "count: -3}"), args=SOVIET_BUILD),
    hostile("a count of 0", edited(SOVIET + "game-data.yaml", "count: 100}", "count: 0}"), args=SOVIET_BUILD, expect="ok"),
    hostile("copies naming a text field", edited("content/soviet-system/game.yaml", "copies: count, front: banknote", "copies: id, front: banknote"), args=SOVIET_BUILD),
    hostile(
        "blanks giving text",
        edited("content/class-struggle/game.yaml", "blanks: blank_chance_cards, front: chance-front, back: chance-back}\n      - {id: workers", "blanks: \"'many'\", front: chance-front, back: chance-back}\n      - {id: workers"),
        args=["build", "class-struggle", "--out", "out"],
    ),
    hostile("--set a count to 10**9", args=[*SOVIET_BUILD, "--set", "banknotes.r100.count=1000000000"], says="--set"),
    # -- the output folder ----------------------------------------------------------------------
    hostile("the kit's folder is a file", written(KIT, "x"), says="in the way"),
    hostile("index.html is a folder", folder("out/index.html"), says="index.html"),
    hostile("the last manifest is garbage", written(KIT + "/manifest.json", "{[}"), expect="ok"),
    hostile("the last manifest names ../../x", written(KIT + "/manifest.json", '{"files": [{"file": "../../../x"}]}'), expect="ok"),
    hostile("the last manifest is a FIFO", fifo(KIT + "/manifest.json"), expect="ok"),
    hostile("another kit's manifest is a FIFO", fifo("out/other-game/en/a4/manifest.json"), says="FIFO"),
    hostile("a FIFO in the template cache", lambda root: _cache_fifo(root), expect="ok"),
    # -- and a clean build: the checks after a build see what they should -----------------------
    hostile("nothing hostile", expect="ok"),
]


def _cache_fifo(root: Path) -> None:
    """Every template the build compiles, cached by a first run, then each cache file made a FIFO:
    jinja's cache opened them and waited for ever."""
    cache = root.parent / "cache"
    env = {**os.environ, "XDG_CACHE_HOME": str(cache), "XDG_CONFIG_HOME": str(root / "config")}
    subprocess.run([str(KITPRESS), "check", GAME], cwd=root, env=env, capture_output=True, timeout=TIME_LIMIT, check=True)
    compiled = sorted((cache / "kitpress" / "templates").glob("*"))
    assert compiled, "the first run cached no template"
    for path in compiled:
        path.unlink()
        os.mkfifo(path)


@pytest.fixture(scope="module")
def base(tmp_path_factory) -> Path:
    """One copy of the game to copy for each case."""
    root = tmp_path_factory.mktemp("hostile-base")
    for game in (GAME, "soviet-system", "class-struggle"):
        for folder in (f"content/{game}", f"layouts/{game}"):
            shutil.copytree(REPO / folder, root / folder, symlinks=True)
    for folder in ("layouts/common", "fonts"):
        shutil.copytree(REPO / folder, root / folder, symlinks=True)
    return root


def run_case(base: Path, work: Path, case: Case) -> tuple[Case, Path, subprocess.CompletedProcess | None]:
    root = work / "project"
    shutil.copytree(base, root, symlinks=True)
    (work / "outside").mkdir()
    (work / "outside" / "secret.txt").write_text(f"{SECRET}\nroot:x:0:0:root:/root:/bin/bash\n", encoding="utf-8")
    for step in case.steps:
        step(root)
    env = {**os.environ, "XDG_CONFIG_HOME": str(root / "config"), "XDG_CACHE_HOME": str(work / "cache")}
    try:
        run = subprocess.run([str(KITPRESS), *case.args], cwd=root, env=env, capture_output=True, text=True, timeout=TIME_LIMIT)
    except subprocess.TimeoutExpired:
        run = None
    return case, root, run


@pytest.fixture(scope="module")
def outcomes(base, tmp_path_factory):
    """Every case, run two at a time (the machine has two cores)."""
    work = tmp_path_factory.mktemp("hostile")
    folders = [work / f"case-{i}" for i in range(len(CASES))]
    for folder in folders:
        folder.mkdir()
    with ThreadPoolExecutor(2) as pool:
        done = list(pool.map(lambda pair: run_case(base, *pair), zip(folders, CASES)))
    return {case.name: (root, run) for case, root, run in done}


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_a_hostile_case_ends_in_a_located_error_or_a_clean_build(outcomes, case):
    root, run = outcomes[case.name]
    assert run is not None, f"still running after {TIME_LIMIT} s: a hang"
    said = run.stdout + run.stderr
    assert "internal error" not in said and run.returncode in (0, 1), said[-2000:]
    assert run.returncode == (1 if case.expect == "error" else 0), said[-2000:]
    if run.returncode == 1:
        found = LOCATED.findall(run.stderr)
        assert found, f"no located error line:\n{run.stderr[-2000:]}"
        assert case.says in run.stderr, run.stderr[-2000:]
        assert all(len(line) < 2000 for line in run.stderr.splitlines()), "an error line echoes the input whole"
    for pdf in (root / "out").rglob("*.pdf") if (root / "out").is_dir() else []:
        assert_sound(pdf)


OPERATORS = set(
    "b B b* B* BDC BI BMC BT BX c cm CS cs d d0 d1 Do DP EI EMC ET EX f F f* G g gs h i ID j J K k l m M MP n q Q re "
    "RG rg ri s S SC sc SCN scn sh T* Tc Td TD Tf Tj TJ TL Tm Tr Ts Tw Tz v w W W* y ' \"".split()
)


def assert_sound(pdf: Path) -> None:
    """Every drawing instruction of every page and form is a PDF operator with finite, sane
    numbers (`nan` would be read as an unknown operator), and nothing of the secret file shows."""
    assert SECRET.encode() not in pdf.read_bytes()
    with pikepdf.open(pdf) as document:
        for holder in _drawings(document):
            for operands, operator in pikepdf.parse_content_stream(holder):
                assert str(operator) in OPERATORS, (pdf.name, str(operator))
                for value in operands:
                    if isinstance(value, (int, float)) or type(value).__name__ == "Decimal":
                        assert abs(float(value)) < 1e7, (pdf.name, str(operator), value)
                    elif isinstance(value, pikepdf.String):
                        assert SECRET.encode() not in bytes(value)


def _drawings(document):
    """The pages and every form XObject they use, each once."""
    seen, queue = set(), list(document.pages)
    for holder in queue:
        yield holder
        resources = holder.get("/Resources") or {}
        for xobject in (resources.get("/XObject") or {}).values():
            if xobject.get("/Subtype") == "/Form" and xobject.objgen not in seen:
                seen.add(xobject.objgen)
                queue.append(xobject)

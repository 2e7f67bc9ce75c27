"""docs/tutorial.md is run as a reader would follow it: every `$ kitpress …` command of its
console blocks in order, from an empty folder, each file block written where it says, and every
line it shows a command printing found in what the command printed."""

import os
import re
import subprocess
import sys
from pathlib import Path

TUTORIAL = Path(__file__).resolve().parents[1] / "docs" / "tutorial.md"
SRC = Path(__file__).resolve().parents[1] / "src"
BLOCK = re.compile(r"```(console|yaml file=(\S+))\n(.*?)```", re.S)


def steps(text: str):
    """('run', command, shown lines) and ('write', path, text), in the page's order."""
    for kind, path, body in BLOCK.findall(text):
        if path:
            yield "write", path, body
            continue
        command, shown = None, []
        for line in body.splitlines():
            if line.startswith("$ "):
                if command:
                    yield "run", command, shown
                command, shown = line[2:], []
            else:
                shown.append(line)
        if command:
            yield "run", command, shown


def kitpress(args: list[str], cwd: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(SRC), COLUMNS="200")
    run = "from kitpress.cli.main import main; main()"
    return subprocess.run([sys.executable, "-c", run, *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=300)


def test_every_step_of_the_tutorial_works_as_it_says(tmp_path):
    here = tmp_path / "empty"
    here.mkdir()
    ran = 0
    for kind, what, payload in steps(TUTORIAL.read_text(encoding="utf-8")):
        if kind == "write":
            target = here / what
            assert target.parent.is_dir(), f"the tutorial writes {what} where no folder is"
            target.write_text(payload, encoding="utf-8")
            continue
        words = what.split()
        if words[0] == "cd":
            here = here / words[1]
            continue
        assert words[0] == "kitpress", what
        done = kitpress(words[1:], here)
        assert done.returncode == 0, (what, done.stdout, done.stderr)
        printed = [line.rstrip() for line in (done.stdout + done.stderr).splitlines()]
        for line in payload:
            assert line.rstrip() in printed, f"{what}: the tutorial shows {line!r}; kitpress printed:\n" + "\n".join(printed)
        ran += 1
    assert ran >= 4  # new, build, check, build for Letter
    kit = here / "build/lighthouse/en/letter"
    assert {p.name for p in kit.glob("*.pdf")} >= {"cards.pdf", "board.pdf", "rules.pdf", "plan.pdf", "kit.pdf"}
    front = kitpress(["check", "lighthouse"], here)
    assert "warning" not in front.stderr, front.stderr  # the tutorial's files use no old form


def test_the_tutorials_cards_print_their_cost_with_the_money_sign(tmp_path):
    import pypdfium2

    test_every_step_of_the_tutorial_works_as_it_says(tmp_path)
    cards = tmp_path / "empty/lighthouse/build/lighthouse/en/letter/cards.pdf"
    document = pypdfium2.PdfDocument(str(cards))
    text = " ".join(document[i].get_textpage().get_text_range() for i in range(len(document)))
    assert "Fetch oil $30" in text and "Row out $120" in text  # five cards: two sheets of fronts

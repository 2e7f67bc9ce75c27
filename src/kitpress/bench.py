"""Benchmarks: `make bench` prints figures, it asserts nothing (timings belong here, never in
unit tests). Each build runs in its own process, so its time and peak memory are its own.

    python -m kitpress.bench [--cards 5000]
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from .build import find_project

SYNTHETIC_SCHEMA = """types:
  card: {id: id, title: text, body: text, cost: int, gain: int}
collections:
  cards: "[card]"
"""
SYNTHETIC_LAYOUT = """size: tarot
bleed: 3mm
shapes:
  - {rect: bleed, fill: paper}
  - {rect: [-3, -3, 76, 20], fill: accent}
frames:
  - {id: title, at: [4, 4, 62, 12], valign: middle, markup: '<p style="h2" color="paper">{{ card.title }}</p>'}
  - {id: body, at: [5, 22, 60, 60], markup: '<p>{{ card.body }}</p>'}
  - id: numbers
    at: [5, 88, 60, 26]
    markup: |
      <table widths="* *"><tr>
        <td><p style="h1" align="center">{{ card.cost }}</p></td>
        <td><p style="h1" align="center">{{ card.gain }}</p></td>
      </tr></table>
"""
WORDS = (
    "the committee decides that every worker shall receive a new pair of boots before winter "
    "unless the plan for the quarter has not been fulfilled in which case the boots go to "
    "the district secretary who will distribute them according to merit and loyalty"
).split()


def synthetic_project(root: Path, count: int) -> Path:
    """A project with one game: `count` tarot cards, each a title, a 40-60 word body and two numbers."""
    game = root / "content" / "synthetic"
    (game).mkdir(parents=True)
    (root / "layouts" / "common").mkdir(parents=True)
    repo = find_project().root
    shutil.copy(repo / "layouts" / "common" / "styles.yaml", root / "layouts" / "common" / "styles.yaml")
    (root / "layouts" / "common" / "synthetic-front.yaml").write_text(SYNTHETIC_LAYOUT)
    (game / "game.yaml").write_text(
        "id: synthetic\ntitle: Synthetic deck\nlanguage: en\ncomponents:\n"
        "  - {id: cards, kind: cards, title: Cards, decks: [{collection: cards, front: synthetic-front}]}\n"
    )
    (game / "schema.yaml").write_text(SYNTHETIC_SCHEMA)
    lines = ["cards:"]
    for i in range(count):
        n = 40 + i % 21
        body = " ".join(WORDS[(i + k) % len(WORDS)] for k in range(n))
        lines.append(f"  - {{id: c{i:05d}, title: Card {i + 1}, body: {body}, cost: {i % 9}, gain: {i % 7}}}")
    (game / "cards.yaml").write_text("\n".join(lines) + "\n")
    return root


def measure(args: list[str], cwd: Path) -> tuple[float, float]:
    """Wall seconds and peak resident memory (MB) of one command."""
    start = time.perf_counter()
    process = subprocess.Popen(args, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"failed: {' '.join(args)}\n{process.stderr.read().decode()}")
    return elapsed, usage.ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=5000)
    parser.add_argument("--repeat", type=int, default=3)
    options = parser.parse_args()
    kitpress = [sys.executable, "-m", "kitpress.cli"]
    project = find_project()
    print(f"{'benchmark':<44} {'median s':>9} {'peak MB':>8}")
    with tempfile.TemporaryDirectory() as tmp:
        for game in project.games():
            runs = [
                measure([*kitpress, "build", game, "--paper", "a4", "--out", tmp], project.root) for _ in range(options.repeat)
            ]
            _report(f"kit {game} (a4)", runs)
        for count in (600, options.cards):
            root = synthetic_project(Path(tmp) / f"synthetic-{count}", count)
            runs = [
                measure([*kitpress, "build", "synthetic", "--out", str(root / f"out-{i}")], root) for i in range(options.repeat)
            ]
            seconds = sorted(r[0] for r in runs)[len(runs) // 2]
            _report(f"deck of {count} tarot cards", runs, f"{count / seconds:,.0f} cards/s")
        root = Path(tmp) / "synthetic-600"
        cards = root / "content/synthetic/cards.yaml"
        measure([*kitpress, "build", "synthetic", "--out", str(root / "incremental")], root)
        cards.write_text(cards.read_text().replace("title: Card 1,", "title: Card one,", 1))
        _report(
            "one card edited, rebuild (600-card deck)",
            [measure([*kitpress, "build", "synthetic", "--out", str(root / "incremental")], root)],
        )


def _report(name: str, runs: list[tuple[float, float]], extra: str = "") -> None:
    seconds = sorted(r[0] for r in runs)[len(runs) // 2]
    peak = max(r[1] for r in runs)
    print(f"{name:<44} {seconds:>9.2f} {peak:>8.0f}  {extra}", flush=True)


if __name__ == "__main__":
    main()

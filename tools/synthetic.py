"""A synthetic game for the benchmark and the tests: one deck of `count` tarot cards, each a
title, a 40-60 word body and two numbers, laid out like a typical card game's.

Its bodies are drawn from one sentence of 44 words (a card's length and first word step through
21 and 44 values), so they repeat every 924 cards: a deck of 20,000 has 924 bodies, each about
22 times. `unique=True` ends each body with the card's own number, so every card of every size
has text of its own: what a deck's cost per card is measured on, where the share of repeated
text must not change with the deck's size."""

from __future__ import annotations

import shutil
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

SYNTHETIC_SCHEMA = """types:
  card: {id: id, title: text, body: text, cost: int, gain: int}
collections:
  cards: "[card]"
"""
SYNTHETIC_LAYOUT = """size: tarot
bleed: 3mm
shapes:
  - {at: bleed, fill: paper}
  - {at: [-3, -3, 76, 20], fill: accent}
frames:
  - {id: title, at: [4, 4, 62, 12], valign: middle, markup: '<p style="h2" color="paper">{{ card.title }}</p>'}
  - {id: body, at: [5, 22, 60, 60], markup: '<p>{{ card.body }}</p>'}
  - {id: cost, at: [5, 88, 28, 26], valign: middle, markup: '<p style="h1" align="center">{{ card.cost }}</p>'}
  - {id: gain, at: [37, 88, 28, 26], valign: middle, markup: '<p style="h1" align="center">{{ card.gain }}</p>'}
"""
WORDS = (
    "the committee decides that every worker shall receive a new pair of boots before winter "
    "unless the plan for the quarter has not been fulfilled in which case the boots go to "
    "the district secretary who will distribute them according to merit and loyalty"
).split()

def synthetic_project(root: Path, count: int, unique: bool = False) -> Path:
    """A project with one game: `count` tarot cards, each a title, a 40-60 word body and two
    numbers; with `unique`, no two bodies alike."""
    game = root / "content" / "synthetic"
    (game).mkdir(parents=True)
    (root / "layouts" / "common").mkdir(parents=True)
    shutil.copy(REPO / "layouts" / "common" / "styles.yaml", root / "layouts" / "common" / "styles.yaml")
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
        if unique:
            body += f" in case {i + 1}"
        lines.append(f"  - {{id: c{i:05d}, title: Card {i + 1}, body: {body}, cost: {i % 9}, gain: {i % 7}}}")
    (game / "cards.yaml").write_text("\n".join(lines) + "\n")
    return root

"""A designer changes one number and every sheet that shows it agrees."""

import re
import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader

from kitpress.build.pipeline import BuildOptions, Project, build_game

REPO = Path(__file__).resolve().parents[1]


def _text(pdf: Path) -> str:
    return re.sub(r"\s+", "", "".join(page.extract_text() for page in PdfReader(pdf).pages))


@pytest.fixture(scope="module")
def rebuilt(tmp_path_factory):
    """The kit built after raising the upper-class rate of tax D from 10 to 12."""
    root = tmp_path_factory.mktemp("project")
    shutil.copytree(REPO / "content", root / "content")
    shutil.copytree(REPO / "layouts", root / "layouts")
    taxes = root / "content" / "state-in-class" / "taxes.yaml"
    text = taxes.read_text(encoding="utf-8")
    assert text.count("rates: {upper: 10, middle: 4, working: 2}") == 1
    taxes.write_text(text.replace("rates: {upper: 10, middle: 4, working: 2}", "rates: {upper: 12, middle: 4, working: 2}"))
    folder, _, _ = build_game(Project(root), "state-in-class", BuildOptions(paper="a3", out=root / "out"))
    return folder


def test_board_raises_and_share_out_follow_the_rate(rebuilt):
    # 8 players: 2 upper, 3 middle, 3 working -> 2*12 + 3*4 + 3*2 = 42; 7 players (2/2/3) -> 38;
    # 6 players (2/2/2) -> 36. 42 coins shared 3-2-1: 7 full rounds (42) -> 21 · 14 · 7.
    board = _text(rebuilt / "board.pdf")
    assert "42/38/36" in board
    assert "21·14·7" in board
    assert "38/34/32" not in board


def test_tokens_and_rules_show_the_new_rate(rebuilt):
    assert "12·4·2" in _text(rebuilt / "tokens.pdf")
    rules = _text(rebuilt / "rules.pdf")
    assert "12·4·2" in rules and "42/38/36" in rules

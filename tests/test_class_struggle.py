"""The Class Struggle kit: every square, card and rule of the seed in the PDFs, rules numbered
and cross-referenced from their ids, one source for each square."""

import re
import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader

from kitpress.build.pipeline import BuildOptions, Project, build_game, compose_game
from kitpress.content.game import load_game
from kitpress.errors import KitpressError

import pdftext

REPO = Path(__file__).resolve().parents[1]
GAME = REPO / "content" / "class-struggle"
SEED = REPO.parent / "shared" / "seeds" / "000_694702a8da729710.txt"


def seed_text() -> str:
    """The source document: ../shared/seeds beside the repository, as in CI and on a developer's machine."""
    if not SEED.is_file():
        pytest.skip(f"the seed is not at {SEED}")
    return SEED.read_text(encoding="utf-8")


def squash(text: str) -> str:
    return re.sub(r"[\s\u00ad-]+", "", text)


@pytest.fixture(scope="module")
def kit(tmp_path_factory):
    folder, entries, _ = build_game(
        Project(REPO), "class-struggle", BuildOptions(paper="letter", out=tmp_path_factory.mktemp("out"))
    )
    return folder, {e.file: e.to_json() for e in entries}


@pytest.fixture(scope="module")
def game():
    return load_game(GAME)


def text_of(pdf: Path) -> str:
    return squash(" ".join(page.extract_text() for page in PdfReader(pdf).pages))


def body_text_of(pdf: Path, top_mm: float = 40, bottom_mm: float = 24) -> str:
    """The text between the running header and footer of every page, so a paragraph that
    crosses a page reads as one."""
    mm = 72 / 25.4
    parts = []
    for page in PdfReader(pdf).pages:
        height = float(page.mediabox.height)

        def keep(text, cm, tm, font, size, height=height):
            y = cm[5] + tm[5] * cm[3]  # text position on the page (no rotation here)
            if bottom_mm * mm < y < height - top_mm * mm:
                parts.append(text)

        page.extract_text(visitor_text=keep)
    return squash(" ".join(parts))


def test_every_component_is_built(kit):
    _, files = kit
    assert set(files) == {
        "plan.pdf",
        "board.pdf",
        "cards.pdf",
        "pieces.pdf",
        "dice.pdf",
        "counters.pdf",
        "tally.pdf",
        "rules.pdf",
        "calibration.pdf",
        "kit.pdf",
    }


def test_84_squares_in_order_with_stages(game):
    squares = game.data["squares"]
    assert [s["number"] for s in squares] == list(range(1, 85))
    assert [s["number"] for s in squares if s["kind"] == "stage"] == [36, 64]
    assert [s["number"] for s in squares if s["kind"] == "confrontation"] == [2, 19, 41, 58, 72, 84]


def test_every_square_is_on_the_board_and_explained_in_the_rulebook(kit, game):
    folder, _ = kit
    board, rules = text_of(folder / "board.pdf"), body_text_of(folder / "rules.pdf")
    for square in game.data["squares"]:
        shown = "CHANCE" if square["kind"] == "chance" else square["short"] or square["headline"]
        assert squash(shown) in board, square["number"]
        assert squash(f"{square['number']}. {square['headline']}") in rules, square["number"]
        if square["why"]:
            assert squash(square["why"]) in rules, square["number"]


def test_the_seeds_square_texts_are_in_the_rulebook_word_for_word(kit):
    """Spot checks against the seed itself (after scan clean-up), not against our own YAML."""
    folder, _ = kit
    rules = text_of(folder / "rules.pdf")
    seed = seed_text()
    for number in (11, 27, 60, 79, 84):
        line = next(line for line in seed.splitlines() if line.startswith(f"{number}. "))
        sentence = line.split(". ", 1)[1].split(".")[0]  # the headline sentence
        assert squash(sentence) in rules, number


def test_a_word_with_its_own_hyphen_is_printed_with_it_once(kit, game):
    """reportlab keeps a line break at a word's own hyphen only until it breaks the lines again
    (a paragraph split over a column, the rulebook's second pass for its contents list): on US
    Letter it printed 'doubletalk' and 'luck- -of-birth', on A4 'landedwish-ing'."""
    folder, _ = kit
    printed = re.sub(r"\s+", "", " ".join(page.extract_text() for page in PdfReader(folder / "rules.pdf").pages))
    texts = [square[field] or "" for square in game.data["squares"] for field in ("headline", "why")]
    texts += [rule["text"] for rule in game.data["full_rules"]]
    words = {word for text in texts for word in re.findall(r"[A-Za-z]+(?:-[A-Za-z]+)+", text)}
    assert {"double-talk", "luck-of-birth", "landed-wishing", "Non-allied"} <= words
    assert sorted(word for word in words if word not in printed) == []


def test_every_chance_card_is_printed(kit, game):
    folder, _ = kit
    cards = text_of(folder / "cards.pdf")
    for card in game.data["chance_cards"]:
        assert squash(card["text"]) in cards
    assert "Northtop" in cards  # the game's joke name, kept as printed


def test_rules_are_numbered_and_cross_references_resolved(kit, game):
    folder, _ = kit
    rules = text_of(folder / "rules.pdf")
    ids = [r["id"] for r in game.data["full_rules"]]
    assert len(ids) == 42
    # the seed's own numbers for the rules it cites
    assert ids.index("alliance-squares") + 1 == 15
    assert ids.index("alliance-price") + 1 == 17
    assert ids.index("natural-alliances") + 1 == 25
    assert ids.index("confrontation-squares") + 1 == 27
    assert squash("(See Rule 15)") in rules
    assert squash("See Full Rules numbers 36-40") in rules
    assert "{" not in rules


def test_a_dangling_rule_reference_fails_with_its_place(tmp_path, monkeypatch):
    shutil.copytree(REPO / "content", tmp_path / "content")
    shutil.copytree(REPO / "layouts", tmp_path / "layouts")
    rules = tmp_path / "content" / "class-struggle" / "rules.yaml"
    text = rules.read_text(encoding="utf-8")
    assert "{full_rules.alliance-squares.number}" in text
    rules.write_text(text.replace("{full_rules.alliance-squares.number}", "{full_rules.alliance-squaers.number}", 1))
    line = 1 + rules.read_text(encoding="utf-8").split("alliance-squaers")[0].count("\n")
    monkeypatch.chdir(tmp_path)
    with pytest.raises(KitpressError) as info:
        compose_game(Project(tmp_path), "class-struggle", BuildOptions())
    message = str(info.value)
    where = rf"content/class-struggle/rules\.yaml:{line}:\d+: error: "
    assert re.search(where + r"placeholder '\{full_rules\.alliance-squaers\.number\}' names nothing", message), message


def test_one_source_for_each_square(tmp_path, monkeypatch):
    """Change square 60's effect once: the board and the rulebook both show the new value."""
    shutil.copytree(REPO / "content", tmp_path / "content")
    shutil.copytree(REPO / "layouts", tmp_path / "layouts")
    squares = tmp_path / "content" / "class-struggle" / "squares.yaml"
    text = squares.read_text(encoding="utf-8")
    block = text.split('id: "60"')[1].split("- id:")[0]
    squares.write_text(text.replace(block, block.replace("points: 3", "points: 2")))
    monkeypatch.chdir(tmp_path)
    folder, _, _ = build_game(Project(tmp_path), "class-struggle", BuildOptions(paper="a3", out=tmp_path / "out"))
    rules = text_of(folder / "rules.pdf")
    assert squash("fight racism. Racism is one of") in rules
    explanation = rules.split(squash("60. Black and white workers unite"))[1][:600]
    assert squash("Workers — 2 assets.") in explanation
    board = text_of(folder / "board.pdf")
    after = board.split(squash("Black and white workers unite to fight racism."))[1][:80]
    assert squash("Workers — 2 assets") in after


def test_every_rule_is_printed_in_full(kit, game):
    folder, _ = kit
    rules = body_text_of(folder / "rules.pdf")
    for collection in ("full_rules", "tournament_rules", "classroom_hints"):
        for rule in game.data[collection]:
            for text in [rule["text"], *(rule.get("list") or []), rule.get("after") or ""]:
                assert squash(text) in rules, (collection, rule["id"])
    for book in game.data["reading_list"]:
        assert squash(book["text"]) in rules


def test_rule_13_and_the_party_card_agree_on_square_55_with_the_editors_note_printed(kit, game):
    folder, _ = kit
    rule = game.data["full_rules"].by_id["trade-union-and-party-cards"]
    assert "squares 16 or 55" in rule["text"] and "16 or 56" not in rule["text"]
    assert "16 or 55" in game.data["special_cards"].by_id["political-party"]["text"]
    book = text_of(folder / "rules.pdf")
    assert squash("Editor's note: The rulebook reads \"squares 16 or 56\" here") in book


def test_square_64s_on_passing_is_printed_as_an_editors_reading(kit, game):
    folder, _ = kit
    square = game.data["squares"].by_id["64"]
    assert square["on_passing"] and "On passing" in square["editorial"]
    assert squash("[Editor's note: The rulebook's text for this square has no \"On passing:\"") in text_of(folder / "rules.pdf")


def test_the_beginners_rules_open_with_the_object_and_keep_each_capitalised_sentence_apart(kit):
    folder, _ = kit
    book = " ".join(" ".join(page.extract_text() for page in PdfReader(folder / "rules.pdf").pages).split())
    beginners = book[book.index("Beginners Rules", book.index("Beginners Rules") + 1) :][:4000]  # after the contents
    assert "THE OBJECT OF THE GAME IS TO WIN THE REVOLUTION... ULTIMATELY." in beginners
    assert "ONE'S CLASS IS DETERMINED BY CHANCE. WOMEN AND BLACKS" in beginners  # rule 4: two sentences, not one
    assert "IN OTHER COUNTRIES. AS ALWAYS, EACH PERSON'S CLASS" in beginners  # rule 41


def test_each_contents_entry_gives_the_page_its_heading_is_printed_on(kit):
    """The contents list is laid out once and its page numbers written when the pages are
    known (typeset/contents): each number, read off the printed page, must be its heading's page."""
    import pypdfium2 as pdfium

    folder, _ = kit
    document = pdfium.PdfDocument(str(folder / "rules.pdf"))
    try:
        entries, texts = pdftext.listed(pdftext.lines(document[0])), pdftext.page_texts(document)
    finally:
        document.close()
    assert len(entries) >= 8, entries
    for title, (page,) in entries:
        assert 1 < page <= len(texts), (title, page)
        assert " ".join(title.split()) in texts[page - 1], f"'{title}' is listed on page {page}, but not printed there"
    assert len({pages[0] for _, pages in entries}) > 3  # the headings fall on several pages: not one number for all

"""The Soviet System kit: every rule of the seed, decks with their counts, the nomenklatura,
banknote counts as settings, the d12."""

import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from kitpress.build.pipeline import BuildOptions, Project, build_game
from kitpress.content.game import load_game
from kitpress.errors import KitpressError

REPO = Path(__file__).resolve().parents[1]
SEED = REPO.parent / "shared" / "seeds" / "004_b3fb10517bfca8f2.txt"


def seed_text() -> str:
    """The source document: ../shared/seeds beside the repository, as in CI and on a developer's machine."""
    if not SEED.is_file():
        pytest.skip(f"the seed is not at {SEED}")
    return SEED.read_text(encoding="utf-8")


def squash(text: str) -> str:
    return re.sub(r"[\s\u00ad-]+", "", text)  # whitespace, and the hyphens of hyphenated line ends


def text_of(pdf: Path) -> str:
    return squash(" ".join(page.extract_text() for page in PdfReader(pdf).pages))


@pytest.fixture(scope="module")
def game():
    return load_game(REPO / "content" / "soviet-system")


@pytest.fixture(scope="module")
def kit(tmp_path_factory):
    folder, entries, _ = build_game(Project(REPO), "soviet-system", BuildOptions(paper="a4", out=tmp_path_factory.mktemp("out")))
    return folder, {e.file: e.to_json() for e in entries}


def test_the_life_decks_have_the_seeds_counts(game):
    cards = game.data["life_cards"]
    count = lambda deck, kind=None: sum(c["deck"] == deck and (kind is None or c["kind"] == kind) for c in cards)  # noqa: E731
    assert [count(d) for d in ("daily-life", "political-life", "kgb")] == [56, 56, 56]
    assert count("daily-life", "amnesty") == 3 and count("political-life", "amnesty") == 3
    assert count("daily-life", "good-answer") == 3 and count("political-life", "good-answer") == 3
    assert count("kgb", "good-answer") == 6 and count("kgb", "amnesty") == 0


def test_question_cards_have_three_questions_in_opi_order_and_26_jokers(game):
    cards = game.data["question_cards"]
    assert len(cards) >= 100
    assert all([q["class"] for q in c["questions"]] == ["worker", "peasant", "intellectual"] for c in cards)
    assert len(game.data["jokers"]) == 26


def test_the_nomenklatura_has_ten_ranks_from_the_gulag_to_the_general_secretary(game):
    ranks = [r["id"] for r in game.data["ranks"]]
    assert len(ranks) == 10
    assert ranks[0] == "gulag" and ranks[-1] == "general-secretary"
    assert ranks.index("sans-parti") < ranks.index("general-secretary")


def test_the_track_has_the_seeds_spaces(game):
    kinds = [s["kind"] for s in game.data["track"]]
    assert kinds.count("gosbank") == 1 and kinds.count("opi") == 20 and kinds.count("interrogation") == 5
    assert sum(kinds.count(k) for k in ("daily-life", "political-life", "kgb")) == 14


def test_starting_cash_is_3600_roubles(game):
    notes = {n["id"]: n["value"] for n in game.data["banknotes"]}
    assert sum(notes[i] * n for i, n in game.data["starting_cash"].items()) == 3600


def test_every_rule_of_the_seed_is_in_the_rulebook(kit):
    """Sentences of the seed's instructions, checked against the printed rulebook."""
    folder, _ = kit
    rules = text_of(folder / "rules.pdf")
    seed = seed_text()
    body = seed[seed.index("General Principle\n\nSOVIET SYSTEM") : seed.index("\nIndex\n")]
    checked = 0
    for line in body.splitlines():
        line = line.strip().lstrip("•").strip()
        if len(line) < 40 or "[" in line or "icon" in line or "printed figure" in line:
            continue
        for sentence in re.split(r"(?<=[.!?])\s+", line):
            if len(sentence) > 25 and "(" not in sentence:
                assert squash(sentence) in rules, sentence
                checked += 1
    assert checked > 100


def test_card_counts_reach_the_pdfs(kit, game):
    folder, files = kit
    fronts = len(game.data["life_cards"])
    # nine bridge cards to an A4 sheet, each fronts sheet followed by its backs
    sheets = sum(-(-sum(c["deck"] == d for c in game.data["life_cards"]) // 9) for d in ("daily-life", "political-life", "kgb"))
    assert files["life-cards.pdf"]["pages"] == 2 * sheets
    assert fronts == 168
    notes = sum(n["count"] for n in game.data["banknotes"])
    assert files["banknotes.pdf"]["pages"] == -(-notes // 12)


def _trim_lines_and_crop_marks(reader: PdfReader, page) -> tuple[list, list]:
    """The x and y of a sheet's card trims (its thin trim outlines) and of its crop marks (its
    other hairlines, each across one of them), read from the page's operators."""
    from pypdf.generic import ContentStream

    width, widths, trims, marks, start = 1.0, [], [], [], None
    for args, op in ContentStream(page.get_contents(), reader).operations:
        if op == b"q":
            widths.append(width)
        elif op == b"Q":
            width = widths.pop() if widths else width
        elif op == b"w":
            width = float(args[0])
        elif op == b"re" and width == 0.25:
            x, y, w, h = map(float, args)
            trims += [("x", x), ("x", x + w), ("y", y), ("y", y + h)]
        elif op == b"m":
            start = tuple(map(float, args))
        elif op == b"l" and start is not None:
            end = tuple(map(float, args))
            if width == 0.25:
                marks.append(("x", start[0]) if start[0] == end[0] else ("y", start[1]))
            start = end
    return trims, marks


def test_every_sheet_of_life_cards_has_crop_marks_at_the_trims_of_its_own_cards(kit):
    """Crop marks are drawn once a process and written again on every sheet alike
    (render/cardsheets): a part-filled sheet still gets the marks of its own cards only."""
    folder, _ = kit
    reader = PdfReader(folder / "life-cards.pdf")
    lines_per_sheet = set()
    for number, page in enumerate(reader.pages[::2]):  # the fronts: each followed by its backs
        trims, marks = _trim_lines_and_crop_marks(reader, page)

        def distinct(lines):
            return sorted({(axis, round(at, 1)) for axis, at in lines})

        assert trims and distinct(marks) == distinct(trims), f"sheet {number + 1}"
        assert len(marks) == 2 * len(distinct(marks))  # a mark at each end of every cut line
        lines_per_sheet.add(len(distinct(trims)))
    assert len(lines_per_sheet) > 1  # full sheets and part-filled ones (a deck's last)


def test_banknote_counts_are_settings(tmp_path):
    folder, entries, _ = build_game(
        Project(REPO),
        "soviet-system",
        BuildOptions(
            paper="a4",
            out=tmp_path,
            settings=("banknotes.r100.count=10", "banknotes.r50.count=10", "banknotes.r20.count=10", "banknotes.r10.count=10"),
        ),
    )
    pages = {e.file: e.pages for e in entries}
    assert pages["banknotes.pdf"] == -(-(30 + 70 + 40) // 12)


def test_a_setting_that_names_nothing_is_refused(tmp_path):
    with pytest.raises(KitpressError, match="is not a whole number of the content"):
        build_game(Project(REPO), "soviet-system", BuildOptions(out=tmp_path, settings=("banknotes.r99.count=3",)))
    assert not any(tmp_path.iterdir())


def test_the_die_and_pictograms_are_printed(kit):
    folder, _ = kit
    die = text_of(folder / "die.pdf")
    for value in ("1", "8", "0", "\u22121", "\u22123"):
        assert value in die
    rules = text_of(folder / "rules.pdf")
    assert squash("CONVICTION FOR PUBLIC DRUNKENNESS") in rules and squash("INTERNAL EXILE AT GORKI") in rules
    assert "Index" in rules


def test_the_rulebooks_contents_and_index_give_the_pages_their_words_are_printed_on(kit):
    """Both lists are drawn on the rulebook's one layout pass (typeset/contents): every page
    number they print, read off the pages, must be a page that shows the heading or the term."""
    import pypdfium2 as pdfium

    import pdftext

    folder, _ = kit
    document = pdfium.PdfDocument(str(folder / "rules.pdf"))
    try:
        contents = pdftext.listed(pdftext.lines(document[0], columns=2))
        index = pdftext.listed(pdftext.lines(document[len(document) - 1], columns=2))
        texts = pdftext.page_texts(document)
    finally:
        document.close()
    assert len(contents) >= 20 and len(index) >= 25, (contents, index)
    for title, (page,) in contents:
        assert " ".join(title.split()) in texts[page - 1], f"'{title}' is listed on page {page}, but not printed there"
    for term, pages in index:
        for page in pages:
            assert term.lower() in texts[page - 1].lower(), f"the index sends '{term}' to page {page}, which does not show it"
    assert len({page for _, pages in index for page in pages}) >= 4  # the terms are found across the rulebook

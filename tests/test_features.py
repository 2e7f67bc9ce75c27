"""Features no other test covered, each checked on what it makes: --no-backs, `kitpress schema`,
--all with --lang all, `cut: circle`, `rotate`, `gutter: 0` and `when:`."""

import json
import re
from pathlib import Path

import pikepdf
import pytest

from kitpress.build.pipeline import BuildOptions, Project, build_game, compose_game
from kitpress.render.cardsheets import deck_grid
from kitpress.impose.geometry import MARK_MIN
from kitpress.render.canvas import Job, Meta
from kitpress.units import MM

REPO = Path(__file__).resolve().parents[1]


def part(game: str, component: str, **options):
    _, parts, composer = compose_game(Project(REPO), game, BuildOptions(**options), fit_text=False)
    return next(p for p in parts if p.component == component), composer


def job(composer) -> Job:
    return Job(composer.paper, 6.35 * MM, Meta("t", "", "", "en"), composer.layouts.sheet)


def drawing(pdf: Path, page: int = 0) -> list[tuple[str, list]]:
    """(operator, operands) of a page's content and of the forms it places."""
    out = []
    with pikepdf.open(pdf) as document:
        holders = [document.pages[page]]
        for holder in holders:
            for operands, operator in pikepdf.parse_content_stream(holder):
                out.append((str(operator), [float(v) if isinstance(v, (int, float)) or type(v).__name__ == "Decimal" else v for v in operands]))
            resources = holder.get("/Resources") or {}
            holders += [x for x in (resources.get("/XObject") or {}).values() if x.get("/Subtype") == "/Form"]
    return out


def test_no_backs_prints_only_the_fronts(tmp_path):
    with_backs, _, _ = build_game(Project(REPO), "state-in-class", BuildOptions(out=tmp_path / "a"))
    fronts_only, entries, _ = build_game(Project(REPO), "state-in-class", BuildOptions(out=tmp_path / "b", backs=False))
    cards = next(e for e in entries if e.file == "cards.pdf")
    assert cards.duplex is False
    assert len(pikepdf.open(fronts_only / "cards.pdf").pages) * 2 == len(pikepdf.open(with_backs / "cards.pdf").pages)


def test_kitpress_schema_writes_json_schemas_and_marks_every_file(kit_project, capsys):
    from kitpress.cli.main import run

    schemas = kit_project.game_dir / "schemas"
    for old in schemas.glob("*.json"):
        old.unlink()
    assert run(["schema", "state-in-class"]) == 0
    written = sorted(p.name for p in schemas.glob("*.json"))
    assert {"content.schema.json", "game.schema.json", "locale.schema.json"} <= set(written)
    for path in schemas.glob("*.json"):
        assert json.loads(path.read_text(encoding="utf-8"))["$schema"].startswith("https://json-schema.org/")
    assert "schema.schema.json" in written
    for path in kit_project.game_dir.glob("*.yaml"):
        assert path.read_text(encoding="utf-8").startswith("# yaml-language-server: $schema=schemas/"), path.name


@pytest.mark.slow
def test_all_games_in_all_languages(tmp_path, monkeypatch, capsys):
    from kitpress.cli.main import run

    monkeypatch.chdir(REPO)
    assert run(["build", "--all", "--lang", "all", "--out", str(tmp_path)]) == 0
    kits = {str(p.parent.relative_to(tmp_path)) for p in tmp_path.glob("*/*/a4/manifest.json")}
    assert kits == {
        "class-struggle/en/a4", "soviet-system/en/a4", "soviet-system/ru/a4", "state-in-class/en/a4", "state-in-class/es/a4",
        "state-in-class/fr/a4", "state-in-class/ar/a4",
    }  # fmt: skip
    assert (tmp_path / "index.html").is_file()


def test_cut_circle_draws_a_circle_on_each_token_and_no_crop_marks(tmp_path):
    folder, _, _ = build_game(Project(REPO), "soviet-system", BuildOptions(out=tmp_path))
    tokens = drawing(folder / "tokens.pdf")
    banknotes = drawing(folder / "banknotes.pdf")  # cut on the rectangle: crop marks
    assert sum(op == "c" for op, _ in tokens) >= 4 * 24  # four curves a circle, at least a circle a token
    mark = lambda ops: [a for op, a in ops if op == "l"]  # noqa: E731 - crop marks are the sheet's only lines
    assert mark(banknotes) and not any(abs(x2 - x1) + abs(y2 - y1) >= MARK_MIN - 0.01 for x1, y1, x2, y2 in _segments(tokens))


def _segments(ops):
    """The straight lines a page strokes: (x1, y1, x2, y2) of each moveto-lineto pair."""
    out, at = [], None
    for op, args in ops:
        if op == "m":
            at = args
        elif op == "l" and at is not None:
            out.append((*at, *args))
            at = args
    return out


def test_rotate_turns_a_frames_text_upside_down():
    """The standee's back half: its name prints at 180 degrees, so it reads from the other side."""
    standees, _ = part("class-struggle", "pieces")
    frames = [f for face in standees.decks[0].fronts for f in face.frames]
    assert {f.rotate for f in frames} >= {0, 180}


def test_rotated_text_is_drawn_turned_in_the_pdf(tmp_path):
    folder, _, _ = build_game(Project(REPO), "class-struggle", BuildOptions(out=tmp_path))
    ops = drawing(folder / "pieces.pdf")
    turned = [a for op, a in ops if op == "cm" and len(a) == 6 and abs(a[0] + 1) < 1e-6 and abs(a[3] + 1) < 1e-6]
    assert turned, "no 180-degree turn in the standees' drawing"


def test_gutter_0_butts_the_cards_together_and_keeps_the_bleed_outside():
    banknotes, composer = part("soviet-system", "banknotes")
    grid = deck_grid(banknotes.decks[0], job(composer))
    assert grid.gutter == 0 and grid.cols > 1
    first, second = grid.slots[0], grid.slots[1]
    assert abs(first.x + grid.card[0] - second.x) < 1e-6  # the next card starts where this one ends
    inner = grid.clip_box(first)
    assert abs(inner[2] - (first.x + grid.card[0])) < 1e-6  # no bleed between neighbours
    assert abs(inner[0] - (first.x - grid.bleed)) < 1e-6  # the bleed kept on the sheet's edge


def test_when_leaves_out_a_frame_on_the_cards_it_is_false_for():
    questions, _ = part("soviet-system", "questions")
    deck = questions.decks[0]
    by_id = dict(zip(deck.ids, deck.fronts))
    asking, joker = by_id["q001"], by_id["j01"]
    assert {f.id for f in asking.frames} >= {"questions"} and "joker" not in {f.id for f in asking.frames}
    assert "joker" in {f.id for f in joker.frames} and "questions" not in {f.id for f in joker.frames}
    assert re.search(r"Yuri Gagarin", next(f.markup for f in joker.frames if f.id == "joker"))


def test_tables_stamps_each_copy_and_the_same_sources_make_the_same_bytes(mini_project, tmp_path):
    """--tables 2: every page twice, the second copy marked 'Table 2'; built twice, byte for byte
    the same (pikepdf's own overlay named its forms at random)."""
    import pypdfium2

    made = [build_game(Project(mini_project), "mini", BuildOptions(out=tmp_path / str(i), tables=2)) for i in (1, 2)]
    first, second = (built.folder / "cards.pdf" for built in made)
    assert first.read_bytes() == second.read_bytes()
    with pikepdf.open(first) as pdf:
        pages = len(pdf.pages)
    document = pypdfium2.PdfDocument(str(first))
    texts = [document[i].get_textpage().get_text_range() for i in range(pages)]
    assert pages % 2 == 0 and all("Table 1" in t for t in texts[: pages // 2]) and all("Table 2" in t for t in texts[pages // 2 :])


def _grid_on_page(pdf: Path) -> tuple[int, int]:
    """Columns and rows of cards on a sheet, read from its crop marks: a vertical mark at each
    card's left and right edge, a horizontal one at each top and bottom."""
    xs, ys, start = set(), set(), None
    for op, args in drawing(pdf):
        if op == "m":
            start = (round(args[0], 1), round(args[1], 1))
        elif op == "l" and start is not None:
            end = (round(args[0], 1), round(args[1], 1))
            if start[0] == end[0]:
                xs.add(start[0])
            elif start[1] == end[1]:
                ys.add(start[1])
    return len(xs) // 2, len(ys) // 2


def test_check_says_how_each_deck_fits_and_the_smaller_card_it_names_does_fit_more(mini_project, tmp_path, capsys):
    from kitpress.cli.main import run

    assert run(["check", "mini"]) == 0
    said = capsys.readouterr().out
    line = next(row.strip() for row in said.split("\n") if row.strip().startswith("cards/cards:"))
    assert line == "cards/cards: poker 63.5 × 88.9 mm on A4: 4 a sheet (2 × 2), 1 sheet; at 85.75 mm tall: 6 a sheet"
    cards = mini_project / "content/mini/cards.yaml"  # six cards: crop marks mark printed cards only, so fill the sheet
    more = "".join(f"  - {{id: wind-{n}, title: Wind {n}, text: Calm.}}\n" for n in range(3))
    cards.write_text(cards.read_text(encoding="utf-8").replace("chips:", more + "chips:"), encoding="utf-8")
    built = build_game(Project(mini_project), "mini", BuildOptions(out=tmp_path / "poker"))
    assert _grid_on_page(built.folder / "cards.pdf") == (2, 2)
    for name in ("card-front", "card-back"):  # the card the line names
        path = mini_project / f"layouts/mini/{name}.yaml"
        path.write_text(path.read_text(encoding="utf-8").replace("size: poker", "size: 63.5mm x 85.75mm"), encoding="utf-8")
    built = build_game(Project(mini_project), "mini", BuildOptions(out=tmp_path / "shorter"))
    assert _grid_on_page(built.folder / "cards.pdf") == (2, 3)


def _words_at(pdf: Path, page: int) -> dict[str, float]:
    """Each word printed on a page, with the middle of where it is printed (x, in points)."""
    import pypdfium2

    document = pypdfium2.PdfDocument(str(pdf))
    text = document[page].get_textpage()
    found = {}
    for word in ("North", "South", "East", "Mini"):
        searcher = text.search(word)
        hit = searcher.get_next()
        while hit is not None:
            left, bottom, right, top = text.get_charbox(hit[0])
            found.setdefault(word, []).append((left + right) / 2)
            hit = searcher.get_next()
    return found


def test_a_back_per_card_sees_the_card_it_backs_and_prints_behind_it(mini_project, tmp_path):
    game = mini_project / "content/mini/game.yaml"
    game.write_text(
        game.read_text(encoding="utf-8").replace(
            "{collection: cards, front: card-front, back: card-back}",
            "{collection: cards, title: Winds, front: card-front, back: {layout: card-back, per_card: true}}",
        ),
        encoding="utf-8",
    )
    back = mini_project / "layouts/mini/card-back.yaml"
    back.write_text(back.read_text(encoding="utf-8").replace("{{ game.title }}", "{{ card.title }} · {{ deck.title }}"), encoding="utf-8")
    built = build_game(Project(mini_project), "mini", BuildOptions(out=tmp_path / "kit"))
    fronts, backs = _words_at(built.folder / "cards.pdf", 0), _words_at(built.folder / "cards.pdf", 1)
    assert set(backs) == {"North", "South", "East"}  # each back names its own card (and not the game), once
    assert all(len(xs) == 1 for xs in backs.values())
    width = 210 / 25.4 * 72  # A4, flipped on its long edge: a back sits behind its front, mirrored in x
    for word in ("North", "South", "East"):
        (front_x,), (back_x,) = fronts[word], backs[word]
        # the same card seen through the sheet (columns are 190 pt apart; the words' first letters
        # sit within a card's width of each other, the back's turned half a turn)
        assert abs((width - back_x) - front_x) < 30, (word, front_x, back_x)


def _set_sheet(root: Path, value: str) -> str:
    path = root / "layouts/mini/card-front.yaml"
    text = path.read_text(encoding="utf-8").replace("size: poker\n", f"size: poker\nsheet: {value}\n")
    path.write_text(text, encoding="utf-8")
    return text


def test_a_sheet_template_puts_that_many_cards_on_a_sheet(mini_project, tmp_path, capsys):
    from kitpress.cli.main import run

    _set_sheet(mini_project, "two-up")  # sizes.yaml: two-up is 2 x 1
    assert run(["check", "mini"]) == 0
    assert "cards/cards: poker 63.5 × 88.9 mm on A4: 2 a sheet (2 × 1), 2 sheets\n" in capsys.readouterr().out
    built = build_game(Project(mini_project), "mini", BuildOptions(out=tmp_path / "kit"))
    assert _grid_on_page(built.folder / "cards.pdf") == (2, 1)
    with pikepdf.open(built.folder / "cards.pdf") as pdf:
        assert len(pdf.pages) == 2 * 2 + 1  # two sheets of fronts, each with its backs, and the chips


def test_a_sheet_template_the_paper_cannot_hold_is_an_error_at_its_line(mini_project, capsys):
    from kitpress.cli.main import run

    text = _set_sheet(mini_project, "3 x 3")
    line = text.split("\n").index("sheet: 3 x 3") + 1
    assert run(["check", "mini"]) == 1
    said = capsys.readouterr().err
    assert f"layouts/mini/card-front.yaml:{line}:8: error: sheet 3 x 3: 63.5×88.9 mm cards fit 2 x 2 on a4 paper (210×297 mm), crop marks included" in said


def test_an_unknown_sheet_template_is_named_with_its_near_miss(mini_project, capsys):
    from kitpress.cli.main import run

    _set_sheet(mini_project, "two-upp")
    assert run(["check", "mini"]) == 1
    said = capsys.readouterr().err
    assert "error: sheet 'two-upp' (did you mean 'two-up'?): a sheet template from sizes.yaml (nine-up, four-up, two-up), or columns x rows like '3 x 3' (each 1 to 30)" in said


def test_an_index_with_no_term_marked_prints_nothing_and_warns_where_it_is(mini_project, tmp_path):
    """reportlab's own index, given no entry, failed the build with a TypeError (or printed
    'Placeholder for index'): an empty <index_list/> is a warning and no page of text."""
    import pypdfium2

    rules = mini_project / "layouts/mini/rules.yaml"
    rules.write_text(rules.read_text(encoding="utf-8").replace('<index item="{{ r.title }}"/>', ""), encoding="utf-8")
    _, _, composer = compose_game(Project(mini_project), "mini", BuildOptions())
    warned = [str(p) for p in composer.problems.items if "<index_list/> lists no term" in p.message]
    assert len(warned) == 1 and warned[0].startswith("layouts/mini/rules.yaml:") and ": warning: " in warned[0]
    built = build_game(Project(mini_project), "mini", BuildOptions(out=tmp_path / "kit"))
    document = pypdfium2.PdfDocument(str(built.folder / "rules.pdf"))
    text = " ".join(document[i].get_textpage().get_text_range() for i in range(len(document)))
    assert "Index" in text and "Placeholder" not in text


def test_the_build_says_how_each_deck_fits_and_its_manifest_keeps_it(mini_project, tmp_path, capsys):
    from kitpress.cli.main import run

    assert run(["build", "mini", "--out", str(tmp_path / "kit")]) == 0
    said = capsys.readouterr().out.split("\n")
    line = "cards/cards: poker 63.5 × 88.9 mm on A4: 4 a sheet (2 × 2), 1 sheet; at 85.75 mm tall: 6 a sheet"
    assert "  Cards on the paper:" in said and f"    {line}" in said
    manifest = json.loads((tmp_path / "kit/mini/en/a4/manifest.json").read_text(encoding="utf-8"))
    assert line in manifest["decks"]
    assert run(["build", "mini", "--out", str(tmp_path / "kit")]) == 0  # kept whole: still said
    assert f"    {line}" in capsys.readouterr().out.split("\n")


def test_small_decks_that_share_sheets_take_one_sheet_each_card_with_its_own_back(mini_project, tmp_path):
    game = mini_project / "content/mini/game.yaml"
    text = game.read_text(encoding="utf-8")
    one_deck = "      - {collection: cards, front: card-front, back: card-back}\n"
    assert one_deck in text
    alone = build_game(Project(mini_project), "mini", BuildOptions(out=tmp_path / "alone", backs=True))
    with pikepdf.open(alone.folder / "cards.pdf") as pdf:
        pages_alone = len(pdf.pages)
    # the chips (another size) go to a component of their own; a one-card deck joins the three cards
    text = text.replace("      - {id: chips, collection: chips, copies: count, front: chip}\n", "")
    text = text.replace(one_deck, one_deck + "      - {id: extra, cards: \"cards[:1]\", front: card-front, back: card-back}\n")
    game.write_text(text, encoding="utf-8")
    separate = build_game(Project(mini_project), "mini", BuildOptions(out=tmp_path / "separate"))
    game.write_text(text.replace("    kind: cards\n", "    kind: cards\n    share_sheets: true\n", 1), encoding="utf-8")
    shared = build_game(Project(mini_project), "mini", BuildOptions(out=tmp_path / "shared"))
    with pikepdf.open(separate.folder / "cards.pdf") as a, pikepdf.open(shared.folder / "cards.pdf") as b:
        assert (len(a.pages), len(b.pages)) == (4, 2)  # two sheets, fronts and backs, against one
    assert _grid_on_page(shared.folder / "cards.pdf") == (2, 2) and pages_alone == 3
    import pypdfium2

    fronts = pypdfium2.PdfDocument(str(shared.folder / "cards.pdf"))[0].get_textpage().get_text_range()
    assert fronts.count("North wind") == 2  # the three cards and the extra deck's one, on one sheet


def test_decks_of_different_sizes_cannot_share_sheets(mini_project, capsys):
    from kitpress.cli.main import run

    game = mini_project / "content/mini/game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("    kind: cards\n", "    kind: cards\n    share_sheets: true\n", 1), encoding="utf-8")
    assert run(["check", "mini"]) == 1
    assert "error: share_sheets: decks 'cards' and 'chips' have different cards (63.5×88.9 mm and 20×20 mm, or their bleed or gutter)" in capsys.readouterr().err


def _title_sizes(pdf: Path, page: int = 0) -> list[float]:
    """The font sizes text is set in on a page and the forms it places (Tf operators)."""
    return sorted({round(args[1], 2) for op, args in drawing(pdf, page) if op == "Tf"})


def test_a_fit_group_gives_every_card_of_the_deck_the_size_its_longest_title_needs(mini_project, tmp_path):
    cards = mini_project / "content/mini/cards.yaml"
    long = "The long and very bitter north wind of the deep winter"
    cards.write_text(cards.read_text(encoding="utf-8").replace("title: North wind", f"title: {long}"), encoding="utf-8")
    apart = build_game(Project(mini_project), "mini", BuildOptions(out=tmp_path / "apart"))
    front = mini_project / "layouts/mini/card-front.yaml"
    text = front.read_text(encoding="utf-8")
    assert "  - id: title\n" in text
    front.write_text(text.replace("  - id: title\n", "  - id: title\n    fit_group: titles\n"), encoding="utf-8")
    grouped = build_game(Project(mini_project), "mini", BuildOptions(out=tmp_path / "grouped"))
    before, after = _title_sizes(apart.folder / "cards.pdf"), _title_sizes(grouped.folder / "cards.pdf")
    # apart: the long title shrank alone (to 10.48 pt here), the others kept the style's 12 pt
    assert 12.0 in before and set(before) - set(after) == {12.0}
    # grouped: no title is at 12 pt any more: every one takes the long one's size
    assert 12.0 not in after and set(after) == set(before) - {12.0}


def test_a_fit_groups_shrink_is_said_once_for_the_whole_deck(mini_project, capsys):
    from kitpress.cli.main import run

    cards = mini_project / "content/mini/cards.yaml"
    text = cards.read_text(encoding="utf-8")
    text = text.replace("title: North wind", "title: The long and very bitter north wind of the deep winter")
    cards.write_text(text.replace("title: South wind", "title: The long south wind of the summer nights"), encoding="utf-8")
    front = mini_project / "layouts/mini/card-front.yaml"
    front.write_text(front.read_text(encoding="utf-8").replace("  - id: title\n", "  - id: title\n    fit_group: titles\n"), encoding="utf-8")
    assert run(["check", "mini"]) == 0
    warnings = [line for line in capsys.readouterr().err.splitlines() if "shrunk" in line]
    assert len(warnings) == 1, warnings  # the north wind's, which sets the size: the south's shrink goes with it
    assert "cards.yaml:2:" in warnings[0] and "(its fit group 'titles' prints all 3 cards of the deck at this size)" in warnings[0]


def test_a_file_of_round_pieces_says_to_cut_them_on_their_circles(mini_project, tmp_path, capsys):
    from kitpress.cli.main import run
    import pypdfium2

    game = mini_project / "content/mini/game.yaml"
    text = game.read_text(encoding="utf-8")
    chips = "      - {id: chips, collection: chips, copies: count, front: chip}\n"
    assert chips in text
    own = "  - id: chips\n    kind: cards\n    title: Chips\n    decks:\n" + chips
    game.write_text(text.replace(chips, "").replace("  - id: board\n", own + "  - id: board\n"), encoding="utf-8")
    assert run(["build", "mini", "--out", str(tmp_path / "kit")]) == 0
    said = capsys.readouterr().out
    assert "chips.pdf          card stock; cut out each piece on its circle" in said
    assert "cards.pdf          card stock, double-sided, flip on the long edge; cut on the marks" in said
    plan = pypdfium2.PdfDocument(str(tmp_path / "kit/mini/en/a4/plan.pdf"))[0].get_textpage().get_text_range()
    assert "cut out each round piece on its circle" in " ".join(plan.split())


def test_a_renamed_component_leaves_no_old_file_in_the_kit_but_a_users_own_file_stays(mini_project, tmp_path):
    first = build_game(Project(mini_project), "mini", BuildOptions(out=tmp_path / "kit"))
    assert (first.folder / "die.pdf").exists()
    (first.folder / "notes.txt").write_text("printed twice for table 3\n", encoding="utf-8")
    game = mini_project / "content/mini/game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("  - id: die\n", "  - id: dice\n"), encoding="utf-8")
    again = build_game(Project(mini_project), "mini", BuildOptions(out=tmp_path / "kit"))
    assert (again.folder / "dice.pdf").exists() and not (again.folder / "die.pdf").exists()
    assert (again.folder / "notes.txt").read_text(encoding="utf-8") == "printed twice for table 3\n"

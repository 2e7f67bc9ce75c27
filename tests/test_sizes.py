"""Papers and card trims are data (layouts/common/sizes.yaml), and a game adds or overrides
names in its own sizes.yaml: checked on the PDF a build makes, and on the errors it gives."""

import pikepdf
import pytest

from kitpress.units import MM

SIZES = "layouts/state-in-class/sizes.yaml"


def rectangles(pdf, page: int = 0) -> set[tuple[float, float]]:
    """(width, height) in mm of each rectangle drawn on a page (a card's paper is trim + bleed)."""
    with pikepdf.open(pdf) as document:
        return {
            (round(abs(float(operands[2])) / MM, 2), round(abs(float(operands[3])) / MM, 2))
            for operands, operator in pikepdf.parse_content_stream(document.pages[page])
            if str(operator) == "re"
        }


def page_size(pdf, page: int = 0) -> tuple[float, float]:
    with pikepdf.open(pdf) as document:
        box = [float(v) for v in document.pages[page].mediabox]
    return round((box[2] - box[0]) / MM, 1), round((box[3] - box[1]) / MM, 1)


def test_a_game_names_its_own_card_size_and_the_cards_print_at_it(kit_project):
    (kit_project.root / SIZES).write_text("cards:\n  classroom: 72mm x 124mm\n", encoding="utf-8")
    kit_project.edit("layouts/state-in-class/card.yaml", "size: tarot", "size: classroom")
    folder, _, _ = kit_project.build()
    drawn = rectangles(folder / "cards.pdf")
    assert (78.0, 130.0) in drawn  # 72 x 124 mm and 3 mm of bleed each side
    assert (76.0, 126.0) not in drawn  # tarot's, as the shipped kit prints it


def test_a_game_adds_a_paper_that_paper_sized_pages_and_the_option_take(kit_project):
    (kit_project.root / SIZES).write_text("papers:\n  tabloid: 11in x 17in\n", encoding="utf-8")
    folder, entries, _ = kit_project.build(paper="tabloid")
    assert folder.name == "tabloid"
    assert page_size(folder / "rules.pdf") == (279.4, 431.8)
    assert page_size(folder / "cards.pdf") == (279.4, 431.8)
    from kitpress.site.kitpage import write_index

    page = write_index(folder.parents[2]).read_text(encoding="utf-8")
    assert "TABLOID (279.4\u00a0×\u00a0431.8\u00a0mm)" in page  # the kit page names it with its size


def test_the_shipped_names_still_hold_beside_a_games_own(kit_project):
    (kit_project.root / SIZES).write_text("papers:\n  a5: 148mm x 210mm\n", encoding="utf-8")
    _, _, composer = kit_project.compose(paper="letter")
    assert composer.paper == (8.5 * 72, 11 * 72)
    assert composer.layouts.sizes.cards["tarot"] == (70 * MM, 120 * MM)


def test_an_unknown_paper_names_the_games_papers(kit_project):
    (kit_project.root / SIZES).write_text("papers:\n  a5: 148mm x 210mm\n", encoding="utf-8")
    error = kit_project.compose_error(paper="a55")
    assert str(error.problems[0]) == "--paper: error: unknown paper 'a55' (did you mean 'a5'?) (use a4, letter, a3, a5)"


@pytest.mark.parametrize(
    "text, line, message",
    [
        ("cards:\n  tiny: 20mm by 30mm\n", 2, "the size of card 'tiny': '20mm by 30mm' is not width x height, like '70mm x 120mm'"),
        ("papers:\n  wide: 0 x 10\n", 2, "the size of paper 'wide': width '0': a side of a paper or card is a number from 1 to 5080 mm"),
        ("card:\n  tiny: 20mm x 30mm\n", 1, "unknown key 'card' in sizes.yaml (did you mean 'cards'?)"),
        ("cards: [tarot]\n", 1, "cards: a mapping of names to sizes, like 'tarot: 70mm x 120mm'"),
    ],
)
def test_a_bad_sizes_file_is_a_located_error(kit_project, text, line, message):
    (kit_project.root / SIZES).write_text(text, encoding="utf-8")
    (problem,) = kit_project.compose_error().problems
    assert str(problem).startswith(f"{SIZES}:{line}:") and message in str(problem), str(problem)


def test_an_unknown_card_name_says_which_it_may_mean(kit_project):
    text = kit_project.edit("layouts/state-in-class/card.yaml", "size: tarot", "size: taro")
    (problem,) = kit_project.compose_error().problems
    assert str(problem) == (
        f"layouts/state-in-class/card.yaml:{kit_project.line_of(text, 'size: taro')}:7: error: size: unknown size 'taro' "
        "(did you mean 'tarot'?) (a card name from sizes.yaml, like 'tarot', or '70mm x 120mm')"
    )


def test_a_project_made_before_sizes_yaml_builds_with_kitpress_own(kit_project):
    (kit_project.root / "layouts/common/sizes.yaml").unlink()
    _, _, composer = kit_project.compose(paper="a3")
    assert composer.paper == pytest.approx((297 * MM, 420 * MM))

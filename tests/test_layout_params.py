"""Layouts take parameters: one card back serves the three decks of A State in Class, each
giving its colour, icon and name (`back: {layout: deck-back, with: {…}}`). Checked on the pixels
of the backs, and on the errors a wrong parameter gives."""

from pathlib import Path

import pypdfium2 as pdfium

from kitpress.build.pipeline import BuildOptions, Project, build_game

REPO = Path(__file__).resolve().parents[1]
DPI = 40


def pixel(pdf: Path, page: int, x_mm: float, y_mm_from_top: float) -> tuple[int, int, int]:
    document = pdfium.PdfDocument(str(pdf))
    try:
        image = document[page].render(scale=DPI / 72).to_pil().convert("RGB")
    finally:
        document.close()
    return image.getpixel((round(x_mm / 25.4 * DPI), round(y_mm_from_top / 25.4 * DPI)))


def hex_rgb(text: str) -> tuple[int, int, int]:
    return tuple(int(text[i : i + 2], 16) for i in (1, 3, 5))


def close(a, b, tolerance: int = 3) -> bool:
    return all(abs(p - q) <= tolerance for p, q in zip(a, b))


def test_one_back_layout_prints_each_decks_own_colour(tmp_path):
    folder, _, _ = build_game(Project(REPO), "state-in-class", BuildOptions(out=tmp_path))
    cards = folder / "cards.pdf"
    # 11 roles, 12 crossroads, 4 cards a sheet: pages 2 and 8 are the first backs of roles and crossroads.
    # A point 2 mm inside the top-left corner of a card's trim (70 x 120 mm at x 32 mm, 25.5 mm from the top)
    roles, crossroads = pixel(cards, 1, 34, 27.5), pixel(cards, 7, 34, 27.5)
    assert close(roles, hex_rgb("#22313f")), roles
    assert close(crossroads, hex_rgb("#3f2f62")), crossroads
    events = pixel(cards, 13, 34, 27.5)  # the events' first back
    assert close(events, hex_rgb("#5a3a14")), events


def test_the_backs_say_each_decks_name(kit_project):
    _, parts, _ = kit_project.compose()
    cards = next(p for p in parts if p.component == "cards")
    names = [next(f.markup for f in deck.back.frames if f.id == "name") for deck in cards.decks]
    assert [">Role<" in names[0], ">Midlife Crossroads<" in names[1], ">Event<" in names[2]] == [True] * 3, names
    assert {deck.back.layout for deck in cards.decks} == {"deck-back"}


def test_a_parameter_the_layout_does_not_declare_is_a_located_error(kit_project):
    text = kit_project.edit("content/state-in-class/game.yaml", "icon: user-tie", "icno: user-tie")
    (problem,) = kit_project.compose_error().problems
    line = kit_project.line_of(text, "icno: user-tie")
    column = text.splitlines()[line - 1].index("icno") + 1
    assert str(problem) == (
        f"content/state-in-class/game.yaml:{line}:{column}: error: layout 'deck-back' has no parameter 'icno' "
        "(did you mean 'icon'?) (it takes fill, icon, title)"
    )


def test_parameters_for_a_layout_that_declares_none_are_refused(kit_project):
    kit_project.edit("content/state-in-class/game.yaml", "front: role-front,", "front: {layout: role-front, with: {fill: red}},")
    (problem,) = kit_project.compose_error().problems
    assert "layout 'role-front' has no parameter 'fill' (it declares none under 'params:')" in str(problem)


def test_a_layout_named_alone_uses_its_defaults(kit_project):
    kit_project.edit(
        "content/state-in-class/game.yaml",
        "back: {layout: deck-back, with: {fill: role-back, icon: user-tie, title: role_deck}}",
        "back: deck-back",
    )
    _, parts, _ = kit_project.compose()
    roles = next(p for p in parts if p.component == "cards").decks[0]
    assert roles.back.shapes[0].fill == "accent"  # params.fill's default

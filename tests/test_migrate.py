"""Old forms of the layout language keep building, with a located deprecation warning naming the
new form, and `kitpress migrate` rewrites them so that the kit prints the same, warning-free."""

from pathlib import Path

from compare_kits import compare  # tools/, on the path through conftest
from kitpress.build.pipeline import BuildOptions, Project, build_game, compose_game
from kitpress.cli.main import run

CHIP = "layouts/mini/chip.yaml"
FRONT = "layouts/mini/card-front.yaml"


def old_forms(root: Path) -> str:
    """The fixture's chip written as games wrote it before units were explicit; returns its text."""
    path = root / CHIP
    text = path.read_text(encoding="utf-8").replace("width: 0.5pt}", "width: 0.5}")
    text = text.replace("fill: faint, stroke: ink,", "fill: faint, dash: [2, '1.5'], stroke: ink,")
    path.write_text(text, encoding="utf-8")
    return text


def warnings(root: Path, **options) -> list[str]:
    _, _, composer = compose_game(Project(root), "mini", BuildOptions(**options))
    return [str(p) for p in composer.problems.items if p.level == "warning"]


def test_a_bare_line_width_still_builds_with_a_located_warning_naming_the_new_form(mini_project):
    text = old_forms(mini_project)
    line = next(n for n, row in enumerate(text.split("\n"), 1) if "width: 0.5}" in row)
    row = text.split("\n")[line - 1]
    assert warnings(mini_project) == [
        f"{CHIP}:{line}:{row.index('0.5}') + 1}: warning: width: 0.5: a bare number here is points, unlike the layout's "
        "other lengths (millimetres): write 0.5pt (kitpress migrate rewrites it)",
        f"{CHIP}:{line}:{row.index('2,') + 1}: warning: dash: 2: a bare number here is points, unlike the layout's other "
        "lengths (millimetres): write 2pt (kitpress migrate rewrites it)",
        f"{CHIP}:{line}:{row.index(chr(39) + '1.5') + 1}: warning: dash: 1.5: a bare number here is points, unlike the "
        "layout's other lengths (millimetres): write 1.5pt (kitpress migrate rewrites it)",
    ]


def test_strict_makes_an_old_form_an_error(mini_project):
    old_forms(mini_project)
    assert run(["check", "mini", "--strict"]) == 1


def test_migrate_check_lists_the_changes_and_writes_nothing(mini_project, capsys):
    text = old_forms(mini_project)
    assert run(["migrate", "mini", "--check"]) == 1
    said = capsys.readouterr().out
    assert "layouts/mini/chip.yaml:" in said and ": 0.5 -> 0.5pt" in said and ": '1.5' -> '1.5pt'" in said
    assert "3 changes to make" in said
    assert (mini_project / CHIP).read_text(encoding="utf-8") == text


def test_migrate_rewrites_only_the_old_forms_and_the_kit_prints_the_same(mini_project, tmp_path):
    old = old_forms(mini_project)
    build_game(Project(mini_project), "mini", BuildOptions(out=tmp_path / "before"))
    assert run(["migrate", "mini"]) == 0
    new = (mini_project / CHIP).read_text(encoding="utf-8")
    assert new == old.replace("width: 0.5}", "width: 0.5pt}").replace("dash: [2, '1.5']", "dash: [2pt, '1.5pt']")
    assert warnings(mini_project) == [] and run(["migrate", "mini", "--check"]) == 0
    build_game(Project(mini_project), "mini", BuildOptions(out=tmp_path / "after"))
    assert compare(tmp_path / "before", tmp_path / "after", dpi=60) == []


def test_the_shipped_games_use_no_old_form(capsys):
    assert run(["migrate", "--all", "--check"]) == 0
    assert "nothing to migrate" in capsys.readouterr().out


def old_boxes(root: Path) -> str:
    """The chip's disc as a flow `ellipse: BOX`, and the card front's star in block style, the
    way games wrote shapes before every box was `at:`; returns the card front's text."""
    chip = root / CHIP
    chip.write_text(chip.read_text(encoding="utf-8").replace("shape: ellipse, at: trim", "ellipse: trim"), encoding="utf-8")
    front = root / FRONT
    text = front.read_text(encoding="utf-8")
    star = '  - {id: star, shape: ellipse, at: [52, 70, 6, 6], fill: accent, when: "card.rare"}'
    assert star in text  # the fixture as it is: the test writes its old form
    text = text.replace(star, '  - id: star\n    ellipse: [52, 70, 6, 6]\n    fill: accent\n    when: "card.rare"')
    band = next(row for row in text.split("\n") if "id: band" in row)
    text = text.replace(band, band.replace(" at: ", " rect: "))
    front.write_text(text, encoding="utf-8")
    return text



def test_old_shape_boxes_build_with_a_warning_at_their_key(mini_project):
    text = old_boxes(mini_project)
    rows = text.split("\n")
    band = next(n for n, row in enumerate(rows, 1) if "id: band" in row)
    star = next(n for n, row in enumerate(rows, 1) if row.strip().startswith("ellipse:"))
    said = warnings(mini_project)
    assert f"{FRONT}:{band}:{rows[band - 1].index('rect:') + 1}: warning: rect: is the old form of a shape's box: write at: …, as frames do (kitpress migrate rewrites it)" in said
    assert f"{FRONT}:{star}:5: warning: ellipse: is the old form of a shape's box: write shape: ellipse, at: …, as frames do (kitpress migrate rewrites it)" in said
    assert any(w.startswith(f"{CHIP}:") and "ellipse: is the old form" in w for w in said)


def test_migrate_rewrites_old_boxes_in_flow_and_block_style_and_the_kit_prints_the_same(mini_project, tmp_path):
    old_boxes(mini_project)
    build_game(Project(mini_project), "mini", BuildOptions(out=tmp_path / "before"))
    assert run(["migrate", "mini"]) == 0
    assert "{id: disc, shape: ellipse, at: trim," in (mini_project / CHIP).read_text(encoding="utf-8")
    front = (mini_project / FRONT).read_text(encoding="utf-8")
    assert "  - id: star\n    shape: ellipse\n    at: [52, 70, 6, 6]\n" in front and "rect:" not in front
    assert warnings(mini_project) == []
    build_game(Project(mini_project), "mini", BuildOptions(out=tmp_path / "after"))
    assert compare(tmp_path / "before", tmp_path / "after", dpi=60) == []


def test_a_shape_with_two_boxes_is_an_error_at_the_second(mini_project, capsys):
    chip = mini_project / CHIP
    text = chip.read_text(encoding="utf-8").replace("shape: ellipse, at: trim", "at: trim, rect: bleed")
    chip.write_text(text, encoding="utf-8")
    row = next(n for n, line in enumerate(text.split("\n"), 1) if "id: disc" in line)
    assert run(["check", "mini"]) == 1
    col = text.split("\n")[row - 1].index("rect:") + 1
    assert f"{CHIP}:{row}:{col}: error: a shape has one box: at and rect both give one (write at: …)" in capsys.readouterr().err

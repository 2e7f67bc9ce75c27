"""Old forms of the layout language keep building, with a located deprecation warning naming the
new form, and `kitpress migrate` rewrites them so that the kit prints the same, warning-free."""

from pathlib import Path

from compare_kits import compare  # tools/, on the path through conftest
from kitpress.build.pipeline import BuildOptions, Project, build_game, compose_game
from kitpress.cli.main import run

CHIP = "layouts/mini/chip.yaml"


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

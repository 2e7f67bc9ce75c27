"""Mistakes a hardening pass found, each made once in a copy of the project and run through the
command line: a located `path:line:col: error: …` line (or `--option: error: …`), exit code 1,
no traceback, no internal error, and nothing written to build/."""

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
KITPRESS = ROOT / ".venv" / "bin" / "kitpress"
L, C = "layouts/state-in-class/", "content/state-in-class/"
PROBLEM_LINE = re.compile(r"^\S+?(:\d+:\d+)?: (error|warning): \S")


def kitpress(project, *args) -> list[str]:
    """Run kitpress in the copy; it must fail cleanly. Returns the error lines it printed."""
    done = subprocess.run([str(KITPRESS), *args], cwd=project.root, capture_output=True, text=True, timeout=300)
    printed = done.stdout + done.stderr
    assert done.returncode == 1, printed
    assert "Traceback" not in printed and "internal error" not in printed, printed
    assert "RecursionError" not in printed, printed
    errors = [line for line in done.stderr.splitlines() if ": error:" in line]
    assert errors and all(PROBLEM_LINE.match(line) for line in errors), printed
    assert not (project.root / "build").exists()
    return errors


def located(errors: list[str], place: str, *fragments: str) -> str:
    """The error line at `place` (a path:line, any column; or an option) holding every fragment."""
    at = re.compile(rf"{re.escape(place)}(:\d+)?: error: ")
    matching = [e for e in errors if at.match(e) and all(f in e for f in fragments)]
    assert matching, f"want {place}: error: … {fragments}, got:\n" + "\n".join(errors)
    return matching[0]


# -- content ---------------------------------------------------------------------------------


def test_a_missing_field_names_the_record_once(kit_project):
    edited = kit_project.edit(C + "roles.yaml", "    cost_of_living: 6\n", "")
    errors = kitpress(kit_project, "check", "state-in-class")
    line = kit_project.line_of(edited, "- id: multinational-ceo")
    error = located(errors, f"{C}roles.yaml:{line}", "missing field 'cost_of_living'")
    assert error.endswith("missing field 'cost_of_living' in roles.multinational-ceo"), error


# -- markup comments -----------------------------------------------------------------------------

TITLE = '<p style="card-title">{{ card.title }}</p>'  # role-front.yaml, one-line markup
BRAIN = "\U0001f9e0"  # no bundled font has it: printed, it would be an error


def test_comments_in_markup_print_nothing(kit_project):
    kit_project.edit(L + "role-front.yaml", TITLE, f'<!-- the title; not {BRAIN} <face layout="nope"/> -->{TITLE}')
    kit_project.edit(
        L + "guide.yaml",
        '  <p style="lead">{{ guide.intro }}</p>\n',
        '  <!-- the lead paragraph:\n       keep it short -->\n  <p style="lead">{{ guide.intro }}<!-- no <b> here --></p>\n',
    )
    done = subprocess.run([str(KITPRESS), "check", "state-in-class"], cwd=kit_project.root, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    parts = kit_project.compose()[1]
    texts = [f.markup for p in parts for d in p.decks for face in d.fronts for f in face.frames]
    texts += [doc.body for p in parts for doc in p.documents]
    assert texts and not any("<!--" in t or "nope" in t or BRAIN in t for t in texts)


def test_an_unclosed_comment_is_located(kit_project):
    edited = kit_project.edit(L + "role-front.yaml", TITLE, "<!-- the title " + TITLE)
    errors = kitpress(kit_project, "check", "state-in-class")
    line = kit_project.line_of(edited, "<!-- the title")
    located(errors, f"{L}role-front.yaml:{line}", "a comment '<!--' is not closed with '-->'", "frame 'title'")


def test_an_unclosed_comment_before_a_face_is_the_error_not_the_face(kit_project):
    # a half-commented <face> used to be looked up, and its layout reported instead
    edited = kit_project.edit(L + "role-front.yaml", TITLE, '<!-- <face layout="nope"/> ' + TITLE)
    errors = kitpress(kit_project, "check", "state-in-class")
    line = kit_project.line_of(edited, '<!-- <face layout="nope"/>')
    located(errors, f"{L}role-front.yaml:{line}", "a comment '<!--' is not closed with '-->'", "frame 'title'")
    assert not [e for e in errors if "nope" in e], errors


def test_a_declaration_is_still_refused_at_its_line(kit_project):
    edited = kit_project.edit(L + "guide.yaml", '  <p style="lead">', '  <!DOCTYPE x [<!ENTITY e "e">]><p style="lead">')
    errors = kitpress(kit_project, "check", "state-in-class")
    line = kit_project.line_of(edited, "<!DOCTYPE")
    located(errors, f"{L}guide.yaml:{line}", "declarations (<!DOCTYPE, <!ENTITY) are not allowed")


# -- a card bigger than the paper ----------------------------------------------------------------


def test_a_card_bigger_than_the_paper_is_located_at_its_size(kit_project):
    edited = kit_project.edit(L + "card.yaml", "size: tarot", "size: 200mm x 300mm")
    errors = kitpress(kit_project, "build", "state-in-class", "--paper", "a4")
    line = kit_project.line_of(edited, "size: 200mm x 300mm")
    error = located(errors, f"{L}card.yaml:{line}", "200×300 mm card", "a4 paper (210×297 mm)")
    assert error.endswith("use a bigger paper (--paper a3) or a smaller card"), error
    assert len(errors) == 1, errors  # card.yaml, extended by every front: said once
    done = subprocess.run([str(KITPRESS), "check", "state-in-class", "--paper", "a3"], cwd=kit_project.root)
    assert done.returncode == 0


def test_a_card_bigger_than_any_paper_asks_for_a_smaller_card(kit_project):
    edited = kit_project.edit(L + "card.yaml", "size: tarot", "size: 300mm x 450mm")
    errors = kitpress(kit_project, "check", "state-in-class", "--paper", "a3")
    line = kit_project.line_of(edited, "size: 300mm x 450mm")
    error = located(errors, f"{L}card.yaml:{line}", "300×450 mm card with 3 mm bleed", "a3 paper (297×420 mm)")
    assert error.endswith("crop marks included: make the card smaller"), error


# -- a layout that contains itself ---------------------------------------------------------------

CS = "layouts/class-struggle/"
NUMBERED = '{id: numbered-1, type: d6, at: [110, 68], edge: 20, faces: "range(1, 7)", face: die-number}'


def test_a_die_net_whose_face_is_its_own_layout_is_a_located_cycle(kit_project):
    edited = kit_project.edit(CS + "dice.yaml", NUMBERED, NUMBERED.replace("face: die-number", "face: dice"))
    errors = kitpress(kit_project, "check", "class-struggle")
    line = kit_project.line_of(edited, "numbered-1")
    column = edited.splitlines()[line - 1].index("dice}") + 1
    located(errors, f"{CS}dice.yaml:{line}:{column}", "layout 'dice' contains itself (dice → dice)")


def test_a_face_whose_net_leads_back_is_a_located_cycle(kit_project):
    text = (kit_project.root / CS / "die-number.yaml").read_text(encoding="utf-8")
    net = '\nnets:\n  - {id: again, type: d6, at: [0, 0], edge: 2, faces: "range(1, 7)", face: dice}\n'
    edited = kit_project.edit(CS + "die-number.yaml", text, text + net)
    errors = kitpress(kit_project, "check", "class-struggle")
    line = kit_project.line_of(edited, "id: again")
    located(errors, f"{CS}die-number.yaml:{line}", "layout 'dice' contains itself (dice → die-number → dice)")


def test_a_track_of_its_own_board_is_a_located_cycle(kit_project):
    edited = kit_project.edit(CS + "board.yaml", "    face: square\n", "    face: board\n")
    errors = kitpress(kit_project, "check", "class-struggle")
    located(errors, f"{CS}board.yaml:{kit_project.line_of(edited, 'face: board')}", "layout 'board' contains itself")


def test_a_face_embedding_itself_is_a_located_cycle(kit_project):
    edited = kit_project.edit(L + "role-front.yaml", TITLE, TITLE + '<face layout="role-front"/>')
    errors = kitpress(kit_project, "check", "state-in-class")
    line = kit_project.line_of(edited, '<face layout="role-front"/>')
    located(errors, f"{L}role-front.yaml:{line}", "layout 'role-front' contains itself (role-front → role-front)")


# -- --lang ----------------------------------------------------------------------------------------


def test_a_bad_lang_option_is_reported_at_the_option_with_the_games_languages(kit_project):
    errors = kitpress(kit_project, "check", "state-in-class", "--lang", "spanish")
    error = located(errors, "--lang", "'spanish' is not a language code like 'es', 'ru' or 'es-MX'")
    assert error.endswith("(this game has en, ar, es, fr)"), error
    assert not any("game.yaml" in e for e in errors), errors


def test_a_lang_without_a_translation_is_reported_at_the_option(kit_project):
    errors = kitpress(kit_project, "build", "state-in-class", "--lang", "esp")
    located(errors, "--lang", "no translation 'esp' (did you mean 'es'?) (this game has en, ar, es, fr)", "kitpress i18n new")


def test_i18n_confirm_reports_a_missing_translation_at_its_argument(kit_project):
    errors = kitpress(kit_project, "i18n", "confirm", "state-in-class", "it")
    located(errors, "LANG", "no translation 'it' (this game has en, ar, es, fr)")


def test_a_bad_language_in_game_yaml_is_reported_in_game_yaml(kit_project):
    edited = kit_project.edit(C + "game.yaml", "language: en", "language: spanish")
    errors = kitpress(kit_project, "check", "state-in-class")
    located(errors, f"{C}game.yaml:{kit_project.line_of(edited, 'language: spanish')}", "'spanish' is not a language code")


# -- a game that is not there --------------------------------------------------------------------


def test_a_game_that_is_not_there_is_said_with_the_nearest_name(kit_project):
    """It was an internal error (exit 2) when `build` weighed each kit's size before building."""
    errors = kitpress(kit_project, "build", "state-in-clas")
    error = located(errors, "content", "no game 'state-in-clas' in content", "(did you mean 'state-in-class'?)")
    assert str(kit_project.root) not in error, error  # the path as the user would type it

"""docs/errors.md lists every message kitpress can print, each with an example line that
kitpress really printed; a sample of those mistakes is made again here."""

import re
from pathlib import Path

import pytest

from kitpress.build.pipeline import BuildOptions, Project, compose_game
from kitpress.errors import KitpressError

REPO = Path(__file__).resolve().parents[1]
CATALOGUE = REPO / "docs/errors.md"
# calls that print a problem, with their message as the first string literal
CALL = re.compile(
    r'(?:\.error|\bfail|\b_fail\(\w+,|Problem\(\s*"(?:error|warning)",|(?:\b_|\.)problem|MarkupError|\.warning|\bmessage\s*=|'
    r"\bwhat\s*=|\bwhy\s*=|raise BindError)\(?\s*f?(?:\"([^\"]*)\"|'([^']*)')"
)
# a printed problem: the place (a path, a path:line:col, a workbook's cell book.xlsx[sheet]!C12, or a
# command-line option), the level, the message
LINE = re.compile(
    r"(?P<place>[^\s:][^:]*?)(?::(?P<line>\d+):(?P<col>\d+)|!(?P<cell>[A-Z]+[1-9][0-9]*))?"
    r": (?P<level>error|warning): (?P<message>.+)"
)
# rows whose message no content or layout can bring about today; the page says why
UNREACHABLE = {
    "--back-offset …,…: use two numbers of at most 15 mm",
    "… (layout …)",
    "<face> is not available here",
    "YAML: …",
    "the PDF has no pages; rebuild the kit",
}
# messages of a ValueError that kitpress prints as the problem (CALL does not see them)
RAISED_AS_VALUE_ERRORS = {
    "expected a length like '70mm' or '8pt', got …",
    "a loop needs at least 2 columns and 2 rows, not … × …",
    "corners of … mm do not fit twice in the track's … mm",
    "corners of … mm leave no room for … spaces between them on a side of … mm (…)",
}
# problems with a whole file or folder: a path and no line
WHOLE_FILE = {
    "… is a project folder, not one game: …",
    "no game in this folder: a game folder holds game.yaml, a project folder kitpress.yaml or content/ and layouts/",
    "no game '…' in ……",
    "font file missing: … (the bundled fonts live in …)",
    "not a usable TrueType font: …",
    "not a usable TrueType font: its outlines are PostScript (CFF); use a .ttf",
    "not a usable TrueType font: the file does not start like one",
    "no game.yaml in this game folder",
    "no schema.yaml: declare the game's collections there",
    "no printer named '…' (…); save one with kitpress printer save NAME --back-offset DX,DY",
    "cannot read file: …",
    "cannot read the manifest: …",
    "not a kitpress manifest (no 'files' list); rebuild the kit",
    "a 'files' entry is not an object; rebuild the kit",
    "entry … lacks …; rebuild the kit",
    "… is not a plain file or component name",
    "lists … but … is missing; rebuild the kit",
    "…: 'pages' must be a whole number and 'duplex' true or false",
    "cannot read the PDF for its thumbnail: …; rebuild the kit",
    "is …, not a plain file",
    "leads outside the folders kitpress reads (it is a link to …); copy the file in instead",
    "cannot read file: it is a link to …, which does not exist",
    "cannot read file: no such file",
    "cannot read this file: …",
    "file larger than …",
    "is in the way of the kit's folder (it is not a folder): move it, or build with --out elsewhere",
    "cannot write the kit: this is a file, where a folder must be",
    "cannot write the kit: …",
    "cannot write the scene: …",
    "cannot write the export: …",
    "cannot write kitpress's words: …",
    "cannot write the kit page: a folder is in its way; move it",
    "a drawing process died while drawing … (stopped by the system: out of memory?); the last kit is as it was",
    "cannot save the printer: …",
    "no collection '…' in this game…",
    "cannot write the file: …",
    "collection '…' is now defined twice, here and at …: delete one",
    "more than … cells; no deck needs that many",
    "not a workbook (it is not a zip file): save it again from the spreadsheet",
    "the workbook unpacks to more than … MiB or … parts; no deck needs that",
    "cannot read the workbook: …: …",
}
# places kitpress prints in full: the project's own folders and the user's settings
ABSOLUTE = {
    "cannot write kitpress's words: …",  # kitpress's own folder, wherever it is installed
    "… is a project folder, not one game: …",
    "no game in this folder: a game folder holds game.yaml, a project folder kitpress.yaml or content/ and layouts/",
    "no game '…' in ……",
    "font file missing: … (the bundled fonts live in …)",
    "not a usable TrueType font: …",
    "not a usable TrueType font: its outlines are PostScript (CFF); use a .ttf",
    "not a usable TrueType font: the file does not start like one",
    "no printer named '…' (…); save one with kitpress printer save NAME --back-offset DX,DY",
    "printer '…' was saved by kitpress 0.1, whose back offset moved the backs the wrong way across…",
    "printer '…': give its back_offset, like back_offset: -1.5,0.5",
    "the printers file maps printer names to their settings (back_offset, flip)",
    "file larger than …",
    "cannot write the kit: …",
    "cannot write the kit: this is a file, where a folder must be",
    "cannot save the printer: …",
}


def messages() -> list[tuple[str, str]]:
    out = []
    for path in sorted((REPO / "src/kitpress").rglob("*.py")):
        for match in CALL.finditer(path.read_text(encoding="utf-8")):
            text = match.group(1) if match.group(1) is not None else match.group(2)
            out.append((path.name, re.sub(r"\{[^}]*\}", "…", text)))
    return out


def _code(cell: str) -> str | None:
    """The text of a markdown code span (`x` or `` x ``), None if the cell is not one."""
    cell = cell.strip()
    if cell.startswith("`` ") and cell.endswith(" ``"):
        return cell[3:-3].replace("\\|", "|")
    if cell.startswith("`") and cell.endswith("`") and len(cell) > 1:
        return cell[1:-1].replace("\\|", "|")
    return None


def rows() -> dict[str, str]:
    """message -> example cell, for every table row of the catalogue."""
    out = {}
    for line in CATALOGUE.read_text(encoding="utf-8").splitlines():
        cells = re.split(r"(?<!\\)\|", line)
        if len(cells) != 4 or cells[0] or cells[3] or _code(cells[1]) is None:
            continue
        message = _code(cells[1])
        assert message not in out, f"{message!r} is listed twice"
        out[message] = cells[2].strip()
    return out


def examples() -> dict[str, str]:
    """message -> the example line, for the rows that have one."""
    return {message: _code(cell) for message, cell in rows().items() if _code(cell) is not None}


def pattern(message: str) -> re.Pattern:
    return re.compile(".*?".join(re.escape(part) for part in message.split("…")), re.S)


def test_the_catalogue_finds_messages_at_all():
    assert len(messages()) > 80
    assert len(rows()) > 100


def test_every_message_is_in_the_catalogue():
    listed = set(rows())
    missing = [f"{name}: {text}" for name, text in messages() if text not in listed]
    assert not missing, "add these to docs/errors.md:\n" + "\n".join(missing)


def test_no_row_is_left_over_from_a_message_that_is_gone():
    in_code = {text for _, text in messages()}
    value_errors = {
        re.sub(r"\{[^}]*\}", "…", text)
        for path in (REPO / "src/kitpress").rglob("*.py")
        for text in re.findall(r'raise ValueError\(f?"([^"]*)"', path.read_text(encoding="utf-8"))
    }
    assert RAISED_AS_VALUE_ERRORS <= value_errors
    stale = [message for message in rows() if message not in in_code and message not in RAISED_AS_VALUE_ERRORS]
    assert not stale, "no code prints these any more; remove them from docs/errors.md:\n" + "\n".join(stale)


def test_every_message_has_an_example_or_says_why_it_cannot_happen():
    without = {message for message, cell in rows().items() if _code(cell) is None}
    assert without == UNREACHABLE, "give these an example line:\n" + "\n".join(sorted(without - UNREACHABLE))
    for message in UNREACHABLE:
        assert rows()[message].startswith("*(not reachable"), message


@pytest.mark.parametrize("message", sorted(examples()))
def test_each_example_is_a_line_of_its_message(message):
    example = examples()[message]
    found = LINE.fullmatch(example)
    assert found, f"not a kitpress problem line: {example}"
    # markup and fit messages add where they happened, "layout …: " a prefix: the message is inside
    assert pattern(message).search(found["message"]), f"{example!r} does not show {message!r}"
    place = found["place"]
    if place.startswith("--") or place in ("LANG", "NAME"):  # a command-line option or argument
        assert found["line"] is None
    elif message not in WHOLE_FILE:
        assert found["line"] and found["col"] or found["cell"], f"no line:col in {example}"
        assert found["cell"] or int(found["line"]) >= 1 and int(found["col"]) >= 1
    assert place.startswith("/") == (message in ABSOLUTE), f"paths are shown relative except in {sorted(ABSOLUTE)}"
    assert "kpex-" not in example and "pytest-" not in example  # no temporary folder leaked into the page


# -- a sample of the mistakes made again: the line printed is the documented one --------------

C, L = "content/state-in-class/", "layouts/state-in-class/"
TOO_LONG = (
    "A broken boiler, a dentist's bill or a fine is enough to push you into debt, and the bank will not wait. Every tax"
    " counts, and so does every service that the state pays for, the bus you take to work, the school your children go"
    " to, the clinic down the road and the pension you hope to see one day. You vote with all of that in mind, and you"
    " remember who promised what."
)


def mistake(message: str, *edits, game: str = "state-in-class", **options):
    """The row's mistake: edits (file, old, new) to a copy of the project, and build options."""
    return pytest.param(message, edits, game, options, id=message[:40])


SAMPLE = [
    mistake(
        "duplicate key '…' (first defined at line …)", (C + "roles.yaml", "    income: 10\n", "    income: 10\n    income: 12\n")
    ),
    mistake("YAML syntax: …", (C + "events.yaml", "    title: Economic boom\n", "    title: Boom: the economy grows\n")),
    mistake(
        "'…' is not a valid !!…; remove the tag or fix the value",
        (C + "roles.yaml", "    income: 10\n", "    income: !!int ten\n"),
    ),
    mistake("unknown key '…' in ……", (C + "roles.yaml", "    income: 10\n", "    incom: 10\n")),
    mistake("… must be …, not …", (C + "roles.yaml", "    income: 10\n", "    income: 10 coins\n")),
    mistake(
        "unknown … id '…'…", (C + "roles.yaml", "specialist-surgeon\n    class: upper\n", "specialist-surgeon\n    class: uper\n")
    ),
    mistake("placeholder '…' names nothing: no '…'…", (C + "guide.yaml", "{tension.top}", "{tension.topp}")),
    mistake("unknown component kind '…'…", (C + "game.yaml", "kind: cards", "kind: card")),
    mistake("no layout named '…'…", (C + "game.yaml", "    layout: rules\n", "    layout: rule\n")),
    mistake(
        "unknown style property '…'…",
        (L + "styles.yaml", "color: paper, upper: true}\n  card-title:", "colour: paper, upper: true}\n  card-title:"),
    ),
    mistake("template: …", (L + "event-front.yaml", "{{ card.title }}", "{{ card.titel }}")),
    mistake("unknown style '…'", (L + "event-front.yaml", '<p style="card-title-ink">', '<p style="card-title-inc">')),
    mistake(
        "…no bundled font has the character U+… '…' (…, frame '…')…",
        (C + "events.yaml", "title: Economic boom", "title: Economic boom 🚀"),
    ),
    mistake(
        "needs … mm, has … mm", (C + "roles.yaml", "no cushion for the unexpected.", "no cushion for the unexpected. " + TOO_LONG)
    ),
    mistake("unknown key '…'… (not a text of this game; `kitpress i18n update … …` sets it aside)", (C + "locales/es.yaml", "board.intro:", "board.intr:"), lang="es"),
    mistake("--tables …: use 1 to 40", tables=50),
    mistake("'…' is not a language code like 'es', 'ru' or 'es-MX'…", lang="spanish"),
    mistake("no translation '…'…: start one with `kitpress i18n new … …`", lang="it"),
    mistake(
        "a … net has … faces; 'faces' gives …",
        (
            "layouts/class-struggle/dice.yaml",
            '{id: numbered-1, type: d6, at: [110, 68], edge: 20, faces: "range(1, 7)"',
            '{id: numbered-1, type: d6, at: [110, 68], edge: 20, faces: "range(1, 6)"',
        ),
        game="class-struggle",
    ),
]


@pytest.mark.parametrize("message, edits, game, options", SAMPLE)
def test_a_documented_mistake_prints_its_example_again(kit_project, message, edits, game, options):
    for rel, old, new in edits:
        kit_project.edit(rel, old, new)
    with pytest.raises(KitpressError) as info:
        compose_game(Project(kit_project.root), game, BuildOptions(**options))
    printed = [str(problem) for problem in info.value.problems]
    shown = examples()[message]
    assert shown in printed, f"docs/errors.md shows:\n  {shown}\nkitpress printed:\n  " + "\n  ".join(printed)

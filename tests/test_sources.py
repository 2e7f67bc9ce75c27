"""Every kit says what comes from its source and what it adds: game.yaml's `sources`, printed in
the rulebook or guide, in a line on plan.pdf and on the kit page; each record marked `invented`
is spoken for by one of the additions, and the marks are data, not comments."""

import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from kitpress.content import i18n
from kitpress.build.pipeline import BuildOptions, Project, build_game
from kitpress.content.game import load_game, lookup
from kitpress.site.kitpage import write_index

REPO = Path(__file__).resolve().parents[1]
GAMES = ["state-in-class", "class-struggle", "soviet-system"]
BOOK = {"state-in-class": "guide.pdf", "class-struggle": "rules.pdf", "soviet-system": "rules.pdf"}


def squash(text: str) -> str:
    return re.sub(r"[\s\u00ad-]+", "", text)  # whitespace, and the hyphens of hyphenated line ends


def pdf_text(pdf: Path) -> str:
    return squash(" ".join(page.extract_text() for page in PdfReader(pdf).pages))


@pytest.fixture(scope="module")
def kits(tmp_path_factory):
    out = tmp_path_factory.mktemp("sources")
    folders = {game: build_game(Project(REPO), game, BuildOptions(out=out))[0] for game in GAMES}
    write_index(out)
    return out, folders


def invented_records(data: dict):
    """(path, note) of every record marked invented, at any depth: 'ranks.politburo',
    'rulebook.life-cards' (a block inside that section), 'counters'."""

    def walk(value, path):
        if isinstance(value, dict):
            if "invented" in value:
                yield path, value["invented"]
            for key, item in value.items():
                yield from walk(item, path)
        elif isinstance(value, list):
            for index, item in enumerate(value):
                ident = item.get("id") if isinstance(item, dict) else None
                yield from walk(item, f"{path}.{ident}" if ident and path.count(".") == 0 else path)

    for name, value in data.items():
        if name not in ("components", "game"):  # the components are read below, by their ids
            yield from walk(value, name)
    for component in data["game"]["components"]:
        if "invented" in component:
            yield f"components.{component['id']}", component["invented"]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_invented_record_is_covered_and_every_cover_names_something(game_id):
    game = load_game(REPO / "content" / game_id)
    sources = game.meta["sources"]
    covers = [cover for added in sources["added"] for cover in added.get("covers") or []]
    for cover in covers:
        lookup(game.data, cover)  # a KeyError names a cover that points at nothing
    marked = list(invented_records(game.data))
    assert marked or game_id == "state-in-class", "no record is marked invented"
    for path, note in marked:
        assert isinstance(note, str) and len(note) > 10, path
        assert any(path == c or path.startswith(c + ".") for c in covers), f"{path} is marked invented, but no addition covers it"


@pytest.mark.parametrize("game_id", GAMES)
def test_invented_notes_are_kept_out_of_translators_files_and_the_marks_are_not_comments(game_id):
    game = load_game(REPO / "content" / game_id)
    assert not [key for key in i18n.texts(game.data) if key.endswith(".invented")]
    assert "sources.added.0.what" in " ".join(i18n.texts(game.data))  # what is printed is translated
    for path in (REPO / "content" / game_id).glob("*.yaml"):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            assert not re.match(r"\s*#\s*invented:", line), f"{path.name}:{number}: a mark left as a comment"


@pytest.mark.parametrize("game_id", GAMES)
def test_the_rulebook_or_guide_prints_the_sources_and_every_addition(kits, game_id):
    _, folders = kits
    game = load_game(REPO / "content" / game_id)
    text = pdf_text(folders[game_id] / BOOK[game_id])
    sources = game.meta["sources"]
    assert squash("Sources, and what this kit adds") in text
    assert squash(str(sources["source"]))[:120] in text
    for added in sources["added"]:
        assert squash(str(added["what"])) in text, added["what"]
        assert squash(str(added["why"]))[:60] in text, added["why"]


@pytest.mark.parametrize("game_id", GAMES)
def test_the_print_plan_and_the_kit_page_say_in_a_line_what_the_kit_adds(kits, game_id):
    out, folders = kits
    summary = str(load_game(REPO / "content" / game_id).meta["sources"]["summary"])
    assert squash(summary) in pdf_text(folders[game_id] / "plan.pdf")
    page = (out / "index.html").read_text(encoding="utf-8")
    assert summary.replace("'", "&#39;") in page or summary in page


def test_a_translated_kit_prints_its_sources_in_its_language(tmp_path):
    folder, _, _ = build_game(Project(REPO), "state-in-class", BuildOptions(out=tmp_path, lang="es"))
    assert squash("Fuentes, y lo que añade este kit") in pdf_text(folder / "guide.pdf")
    assert squash("Los reversos de las cartas.") in pdf_text(folder / "guide.pdf")
    assert squash("Fuentes.") in pdf_text(folder / "plan.pdf")

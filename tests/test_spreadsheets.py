"""Collections from spreadsheets: a CSV file, or a sheet of an XLSX or ODS workbook, named after
its collection. The fixture game built from a deck in YAML, in CSV and in XLSX prints the same
cards; each mistake in a cell is said at the cell, as a spreadsheet names it; files too big are
refused unread; `kitpress convert` moves a collection between YAML and a spreadsheet and back
with the same values, or refuses what would not come back the same."""

import io
import os
import zipfile
from pathlib import Path

import openpyxl
import pypdf
import pytest

from kitpress.build.pipeline import BuildOptions, Project, build_game
from kitpress.cli.main import run
from kitpress.content import collections, game as content, tablewriter, tables, yamlio
from kitpress.errors import KitpressError, Loc, Problem, Problems, column_letters, column_number

REPO = Path(__file__).resolve().parents[1]
CARDS = "cards:\n"  # mini's cards.yaml holds the cards, then the chips


def plain(value):
    """A loaded value as plain data, each number and boolean with its type (3 is not 3.0, nor True 1)."""
    if isinstance(value, dict):
        return {str(key): plain(item) for key, item in value.items()}
    if isinstance(value, list):
        return [plain(item) for item in value]
    if isinstance(value, str):
        return str(value)
    return (type(value).__name__, value)


def game_dir(root: Path, game: str = "mini") -> Path:
    return root / "content" / game


def take_out(root: Path, name: str, file: str, game: str = "mini") -> None:
    """Delete collection `name` (a top-level key and its block) from a YAML content file."""
    path = game_dir(root, game) / file
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    start = lines.index(f"{name}:\n")
    end = next((i for i in range(start + 1, len(lines)) if lines[i][:1] not in (" ", "\n", "#", "")), len(lines))
    path.write_text("".join(lines[:start] + lines[end:]), encoding="utf-8")


def write_xlsx(path: Path, sheets: dict[str, list[list]]) -> None:
    book = openpyxl.Workbook()
    book.remove(book.active)
    for name, rows in sheets.items():
        sheet = book.create_sheet(name)
        for row in rows:
            sheet.append(row)
    book.save(path)


class OdsError(str):
    """A cell whose formula gave an error, as LibreOffice saves one: an empty text, and the error shown."""


def write_ods(path: Path, sheets: dict[str, list[list]], raw_rows: str = "") -> None:
    """A small ODS workbook as LibreOffice writes one: every cell with its value type."""

    def cell(value) -> str:
        if value is None:
            return "<table:table-cell/>"
        if isinstance(value, OdsError):
            return (
                '<table:table-cell table:formula="of:=1/0" office:value-type="string" office:string-value=""'
                f' calcext:value-type="error"><text:p>{value}</text:p></table:table-cell>'
            )
        if isinstance(value, bool):
            return f'<table:table-cell office:value-type="boolean" office:boolean-value="{str(value).lower()}"/>'
        if isinstance(value, (int, float)):
            number = f'office:value-type="float" office:value="{value}"'
            return f"<table:table-cell {number}><text:p>{value}</text:p></table:table-cell>"
        paragraphs = "".join(f"<text:p>{line}</text:p>" for line in str(value).split("\n"))
        return f'<table:table-cell office:value-type="string">{paragraphs}</table:table-cell>'

    tables_xml = "".join(
        f'<table:table table:name="{name}">'
        + "".join(f"<table:table-row>{''.join(cell(v) for v in row)}</table:table-row>" for row in rows)
        + raw_rows
        + "</table:table>"
        for name, rows in sheets.items()
    )
    content_xml = (
        '<?xml version="1.0" encoding="UTF-8"?><office:document-content'
        ' xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"'
        ' xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"'
        ' xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"'
        ' xmlns:calcext="urn:org:documentfoundation:names:experimental:calc:xmlns:calcext:1.0" office:version="1.3">'
        f"<office:body><office:spreadsheet>{tables_xml}</office:spreadsheet></office:body></office:document-content>"
    )
    manifest = (
        '<?xml version="1.0" encoding="UTF-8"?><manifest:manifest'
        ' xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3">'
        '<manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/>'
        '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>'
    )
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr(zipfile.ZipInfo("mimetype"), "application/vnd.oasis.opendocument.spreadsheet")
        archive.writestr("META-INF/manifest.xml", manifest)
        archive.writestr("content.xml", content_xml, compress_type=zipfile.ZIP_DEFLATED)


def rezip(path: Path, member: str, old: bytes, new: bytes) -> None:
    """Replace bytes inside one member of a zip (a workbook's sheet XML)."""
    with zipfile.ZipFile(path) as archive:
        parts = {info.filename: archive.read(info) for info in archive.infolist()}
    assert parts[member].count(old) == 1, parts[member]
    parts[member] = parts[member].replace(old, new)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in parts.items():
            archive.writestr(name, data)


def problems(root: Path, game: str = "mini") -> list[str]:
    with pytest.raises(KitpressError) as info:
        content.load_game(game_dir(root, game))
    return [str(problem) for problem in info.value.problems]


CARD_ROWS = [
    ["id", "title", "text", "rare"],
    ["north", "North wind", "Move two spaces — no, three.", None],
    ["south", "South wind", "Move back one space.", None],
    ["east", "East wind", "Draw another card.", True],
]


# -- the same kit from YAML, CSV and XLSX --------------------------------------------------------


def cards_pdf(root: Path, out: str, monkeypatch) -> bytes:
    """The fixture's cards.pdf, every face drawn for this build (none from the faces kept on disk)."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(root / f".cache-{out}"))
    folder, _, _ = build_game(Project(root), "mini", BuildOptions(out=root / out))
    return (folder / "cards.pdf").read_bytes()


def text_of(pdf: bytes) -> list[str]:
    return [page.extract_text() for page in pypdf.PdfReader(io.BytesIO(pdf)).pages]


@pytest.mark.parametrize("fmt", ["csv", "xlsx"])
def test_a_deck_converted_to_a_spreadsheet_prints_the_same_cards(mini_project, monkeypatch, fmt):
    from_yaml = cards_pdf(mini_project, "from-yaml", monkeypatch)
    assert "North wind" in "".join(text_of(from_yaml))  # the text is there to compare
    assert run(["convert", "mini", "cards", "--to", fmt, "--out", f"content/mini/cards.{fmt}"]) == 0
    take_out(mini_project, "cards", "cards.yaml")
    assert "North wind" not in (game_dir(mini_project) / "cards.yaml").read_text(encoding="utf-8")
    from_sheet = cards_pdf(mini_project, "from-sheet", monkeypatch)
    assert text_of(from_sheet) == text_of(from_yaml)
    assert from_sheet == from_yaml  # the build is deterministic: the same cards are the same bytes


def test_a_deck_written_in_a_spreadsheet_by_hand_loads_as_its_yaml_does(mini_project):
    """A CSV typed as a user would (TRUE, a blank cell), an XLSX from openpyxl, an ODS as
    LibreOffice saves one: each the same cards, the same texts by the same keys."""
    before = content.load_game(game_dir(mini_project))
    take_out(mini_project, "cards", "cards.yaml")
    folder = game_dir(mini_project)
    (folder / "cards.csv").write_text(
        'id,title,text,rare\nnorth,North wind,"Move two spaces — no, three.",\nsouth,South wind,Move back one space., \n'
        "east,East wind,Draw another card.,TRUE\n",
        encoding="utf-8",
    )
    from_csv = content.load_game(folder)
    (folder / "cards.csv").unlink()
    write_xlsx(folder / "cards.xlsx", {"cards": CARD_ROWS, "_notes": [["a sheet of notes, not read"]]})
    from_xlsx = content.load_game(folder)
    (folder / "cards.xlsx").unlink()
    write_ods(folder / "cards.ods", {"cards": CARD_ROWS})
    from_ods = content.load_game(folder)
    for loaded in (from_csv, from_xlsx, from_ods):
        assert plain(loaded.data["cards"]) == plain(before.data["cards"])
        assert loaded.texts.keys() == before.texts.keys()  # what a language file translates, key by key
    assert from_csv.texts["cards.east.text"].loc == Loc("content/mini/cards.csv", 4, 3)
    assert str(from_xlsx.texts["cards.east.text"].loc) == "content/mini/cards.xlsx[cards]!C4"
    assert str(from_ods.texts["cards.south.title"].loc) == "content/mini/cards.ods[cards]!B3"


def test_a_translation_overlays_a_spreadsheets_texts_by_their_keys(mini_project):
    take_out(mini_project, "cards", "cards.yaml")
    write_xlsx(game_dir(mini_project) / "cards.xlsx", {"cards": CARD_ROWS})
    spanish = content.load_game(game_dir(mini_project), "es")
    assert spanish.data["cards"]["north"]["title"] == "Viento del norte"  # tests/fixture/content/mini/locales/es.yaml
    assert spanish.data["cards"]["east"]["rare"] is True


def test_fields_of_a_record_inside_lists_and_mappings_in_cells(kit_project):
    """A State in Class: roles' `life.get_by` (a record inside the row), table sizes' `unused`
    (a list of role ids, and an empty one), taxes' `rates.KEY` (a mapping)."""
    root = kit_project.game_dir
    before = content.load_game(root)
    folder = root
    lines = ["id,class,title,income,cost_of_living,flavour,life.get_by,life.live_well,life.thrive,spare"]
    for role in before.data["roles"]:
        life = role["life"]
        fields = [role["id"], role["class"], role["title"], role["income"], role["cost_of_living"], f'"{role["flavour"]}"']
        fields += [life["get_by"], life["live_well"], life["thrive"], "yes" if role["spare"] else ""]
        lines.append(",".join(map(str, fields)))
    (folder / "roles.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    take_out(kit_project.root, "roles", "roles.yaml", "state-in-class")
    sizes = [["id", "players", "unused", "level_price"]]
    sizes += [[s["id"], s["players"], "\n".join(s["unused"]), s["level_price"]] for s in before.data["table_sizes"]]
    taxes = [["id", "name", *(f"rates.{key}" for key in before.data["taxes"][0]["rates"])]]
    taxes += [[t["id"], t["name"], *t["rates"].values()] for t in before.data["taxes"]]
    write_ods(folder / "tables.ods", {"table_sizes": sizes, "taxes": taxes})
    take_out(kit_project.root, "table_sizes", "classes.yaml", "state-in-class")
    take_out(kit_project.root, "taxes", "taxes.yaml", "state-in-class")
    after = content.load_game(root)
    assert [] in [s["unused"] for s in before.data["table_sizes"]]  # the empty list is among them
    for name in ("roles", "table_sizes", "taxes"):
        assert plain(after.data[name]) == plain(before.data[name]), name


def test_list_items_are_the_lines_of_a_cell_and_ids_may_be_separated_by_commas(kit_project):
    root = kit_project.game_dir
    take_out(kit_project.root, "table_sizes", "classes.yaml", "state-in-class")
    (root / "table_sizes.csv").write_text(
        'id,players,unused,level_price\n8,8,,10\n7,7,office-worker,9\n6,6,"office-worker, precarious-freelancer",8\n'
        '5,5,"office-worker\nprecarious-freelancer\nsecondary-school-teacher",7\n',
        encoding="utf-8",
    )
    sizes = content.load_game(root).data["table_sizes"]
    assert [list(s["unused"]) for s in sizes] == [
        [],
        ["office-worker"],
        ["office-worker", "precarious-freelancer"],
        ["office-worker", "precarious-freelancer", "secondary-school-teacher"],
    ]


# -- mistakes, at their cells --------------------------------------------------------------------


def test_a_bad_number_in_a_csv_cell_is_said_at_its_row_and_column(mini_project):
    take_out(mini_project, "chips", "cards.yaml")
    (game_dir(mini_project) / "chips.csv").write_text("id,value,count\none,1,3\nfive,five,2\n", encoding="utf-8")
    assert problems(mini_project) == ["content/mini/chips.csv:3:2: error: chips.five.value must be a whole number, not 'five'"]


def test_a_bad_cell_in_a_workbook_is_said_as_the_spreadsheet_names_it(mini_project):
    take_out(mini_project, "chips", "cards.yaml")
    write_xlsx(game_dir(mini_project) / "chips.xlsx", {"chips": [["id", "value", "count"], ["one", 1, 3], ["five", 5, "many"]]})
    said = "content/mini/chips.xlsx[chips]!C3: error: chips.five.count must be a whole number, not 'many'"
    assert problems(mini_project) == [said]


def test_a_failed_build_exits_1_and_leaves_the_last_kit_as_it_was(mini_project, capsys):
    assert run(["build", "mini"]) == 0
    kit = mini_project / "build" / "mini" / "en" / "a4"
    before = {path.name: path.read_bytes() for path in kit.glob("*.pdf")}
    take_out(mini_project, "chips", "cards.yaml")
    write_xlsx(game_dir(mini_project) / "chips.xlsx", {"chips": [["id", "value", "count"], ["one", 1, 3], ["five", 5, 2.5]]})
    capsys.readouterr()
    assert run(["build", "mini"]) == 1
    said = capsys.readouterr().err.splitlines()
    assert "content/mini/chips.xlsx[chips]!C3: error: chips.five.count must be a whole number, not 2.5" in said
    assert {path.name: path.read_bytes() for path in kit.glob("*.pdf")} == before


def test_an_unknown_column_is_said_once_at_its_name(mini_project):
    take_out(mini_project, "cards", "cards.yaml")
    csv_text = "id,title,txt\nnorth,North wind,Move.\nsouth,South wind,Back.\n"
    (game_dir(mini_project) / "cards.csv").write_text(csv_text, encoding="utf-8")
    assert problems(mini_project) == [
        "content/mini/cards.csv:1:3: error: unknown column 'txt': cards has no field 'txt' (did you mean 'text'?)",
        "content/mini/cards.csv:1:1: error: no column 'text': every record of cards needs one",
    ]


def test_values_without_a_column_name_a_collection_in_yaml_too_and_an_unknown_sheet(mini_project):
    folder = game_dir(mini_project)
    (folder / "cards.csv").write_text("id,title,text\nnorth,North wind,Move.,extra\n", encoding="utf-8")
    write_xlsx(folder / "extra.xlsx", {"crads": [["id"]]})
    assert problems(mini_project) == [
        "content/mini/cards.csv:2:4: error: column D has values but no name in row 1",
        "content/mini/cards.csv:1:1: error: collection 'cards' is already defined at content/mini/cards.yaml:1:1",
        "content/mini/extra.xlsx[crads]!A1: error: unknown collection 'crads' (did you mean 'cards'?): "
        "each sheet of a workbook is the collection it is named after",
    ]


def test_a_list_of_records_in_a_column_is_refused(kit_project):
    game = kit_project.game_dir.parent / "class-struggle"
    (game / "squares.csv").write_text("id,number,kind,headline,effects\n1,1,start,Go,x\n", encoding="utf-8")
    take_out(kit_project.root, "squares", "squares.yaml", "class-struggle")
    with pytest.raises(KitpressError) as info:
        content.load_game(game)
    assert [str(p) for p in info.value.problems][0] == (
        "content/class-struggle/squares.csv:1:5: error: column 'effects' is a list of records, "
        "which does not fit in a cell: keep this collection in YAML"
    )


def test_a_formula_is_read_as_the_value_its_spreadsheet_saved_and_one_without_is_refused(mini_project):
    take_out(mini_project, "chips", "cards.yaml")
    path = game_dir(mini_project) / "chips.xlsx"
    write_xlsx(path, {"chips": [["id", "value", "count"], ["one", 1, "=1+2"], ["five", 5, 2]]})
    assert problems(mini_project) == [
        "content/mini/chips.xlsx[chips]!C2: error: a formula with no saved value: "
        "open the workbook in a spreadsheet and save it, then build again"
    ]
    rezip(path, "xl/worksheets/sheet1.xml", b"<f>1+2</f><v></v>", b"<f>1+2</f><v>3</v>")  # as a spreadsheet saves it
    chips = content.load_game(game_dir(mini_project)).data["chips"]
    assert chips["one"]["count"] == 3 and type(chips["one"]["count"]) is int


def test_a_date_and_an_error_cell_are_refused_at_their_cells(mini_project):
    import datetime

    take_out(mini_project, "cards", "cards.yaml")
    rows = [row[:] for row in CARD_ROWS]
    rows[1][2] = datetime.date(2025, 3, 1)
    write_xlsx(game_dir(mini_project) / "cards.xlsx", {"cards": rows})
    text = b'<c r="B3" t="inlineStr"><is><t>South wind</t></is></c>'
    rezip(game_dir(mini_project) / "cards.xlsx", "xl/worksheets/sheet1.xml", text, b'<c r="B3" t="e"><v>#DIV/0!</v></c>')
    assert problems(mini_project) == [
        "content/mini/cards.xlsx[cards]!C2: error: the cell holds a date or time, and kitpress has none: format the cell as text",
        "content/mini/cards.xlsx[cards]!B3: error: the cell holds the error #DIV/0!: correct its formula",
    ]


def test_an_ods_cell_whose_formula_gave_an_error_is_refused_not_read_as_empty(mini_project):
    take_out(mini_project, "cards", "cards.yaml")
    rows = [row[:] for row in CARD_ROWS]
    rows[3][3] = OdsError("#DIV/0!")  # rare is optional: read as empty, the card would silently not be rare
    write_ods(game_dir(mini_project) / "cards.ods", {"cards": rows})
    said = "content/mini/cards.ods[cards]!D4: error: the cell holds the error #DIV/0!: correct its formula"
    assert problems(mini_project) == [said]


def test_a_csv_file_that_is_not_utf8_says_how_to_save_it(mini_project):
    take_out(mini_project, "cards", "cards.yaml")
    (game_dir(mini_project) / "cards.csv").write_bytes("id,title,text\nnorth,Café,Move.\n".encode("cp1252"))
    assert problems(mini_project) == [
        "content/mini/cards.csv:2:1: error: not UTF-8 text: "
        "save the CSV file as 'CSV UTF-8' (Excel) or as Unicode (UTF-8) (LibreOffice)"
    ]


def test_a_semicolon_separated_csv_is_read_as_excel_writes_it_where_the_decimal_mark_is_a_comma(mini_project):
    take_out(mini_project, "chips", "cards.yaml")
    (game_dir(mini_project) / "chips.csv").write_text("\ufeffid;value;count\r\none;1;3\r\nfive;5;2\r\n", encoding="utf-8")
    chips = content.load_game(game_dir(mini_project)).data["chips"]
    assert [(c["id"], c["value"], c["count"]) for c in chips] == [("one", 1, 3), ("five", 5, 2)]


# -- files too big, refused before they are read whole ------------------------------------------


def test_a_file_larger_than_yamls_limit_is_refused(mini_project):
    path = game_dir(mini_project) / "cards.csv"
    with path.open("wb") as handle:
        handle.truncate(tables.MAX_BYTES + 1)  # sparse: no time spent writing it
    assert problems(mini_project) == ["content/mini/cards.csv:1:1: error: file larger than 32 MiB"]


def test_a_csv_of_too_many_cells_is_refused_before_its_rows_are_made(mini_project):
    (game_dir(mini_project) / "cards.csv").write_text("id\n" + "," * tables.MAX_CELLS + "\n", encoding="utf-8")
    assert problems(mini_project) == ["content/mini/cards.csv: error: more than 400,000 cells; no deck needs that many"]


def test_a_workbook_whose_size_lies_is_read_by_its_rows_and_refused_past_the_cells_limit(mini_project):
    path = game_dir(mini_project) / "cards.xlsx"
    write_xlsx(path, {"cards": [["id"], ["north"]]})
    far = b'<row r="500000"><c r="A500000" t="n"><v>1</v></c></row></sheetData>'  # the sheet says it is 2 rows tall
    rezip(path, "xl/worksheets/sheet1.xml", b"</sheetData>", far)
    assert problems(mini_project) == ["content/mini/cards.xlsx: error: more than 400,000 cells; no deck needs that many"]


def test_a_zip_bomb_is_refused_before_any_library_opens_it(mini_project):
    path = game_dir(mini_project) / "cards.xlsx"
    write_xlsx(path, {"cards": [["id"], ["north"]]})
    with zipfile.ZipFile(path, "a", zipfile.ZIP_DEFLATED) as archive:
        member = archive.open("xl/media/zeros.bin", "w", force_zip64=True)
        zeros = bytes(1 << 20)
        for _ in range(130):  # 130 MiB of zeros: a few hundred kilobytes packed
            member.write(zeros)
        member.close()
    assert path.stat().st_size < 2 << 20
    assert problems(mini_project) == [
        "content/mini/cards.xlsx: error: the workbook unpacks to more than 128 MiB or 10,000 parts; no deck needs that"
    ]


def test_an_ods_row_repeated_a_million_times_is_counted_not_made(mini_project):
    repeated = (
        '<table:table-row table:number-rows-repeated="1000000">'
        '<table:table-cell office:value-type="float" office:value="1" table:number-columns-repeated="1000"/></table:table-row>'
    )
    write_ods(game_dir(mini_project) / "cards.ods", {"cards": [["id"]]}, raw_rows=repeated)
    assert problems(mini_project) == ["content/mini/cards.ods: error: more than 400,000 cells; no deck needs that many"]


def test_an_ods_workbooks_trailing_empty_rows_as_libreoffice_writes_them_are_nothing(mini_project):
    take_out(mini_project, "cards", "cards.yaml")
    empty = (
        '<table:table-row table:number-rows-repeated="1048572">'
        '<table:table-cell table:number-columns-repeated="1024"/></table:table-row>'
    )
    write_ods(game_dir(mini_project) / "cards.ods", {"cards": CARD_ROWS}, raw_rows=empty)
    assert [card["id"] for card in content.load_game(game_dir(mini_project)).data["cards"]] == ["north", "south", "east"]


# -- kitpress convert ----------------------------------------------------------------------------


def converted_back(root: Path, game: str, name: str, fmt: str, yaml_file: str):
    """Collection `name` converted to `fmt` in the game's folder, its YAML taken out, converted
    back to YAML from there, and loaded again: (before, after) as checked."""
    folder = game_dir(root, game)
    before = content.load_collection(folder, name)[0]
    assert run(["convert", str(folder), name, "--to", fmt, "--out", str(folder / f"{name}.{fmt}")]) == 0
    take_out(root, name, yaml_file, game)
    assert content.load_collection(folder, name)[2].file.endswith(f"{name}.{fmt}")  # read from the spreadsheet now
    assert run(["convert", str(folder), name, "--to", "yaml", "--out", str(folder / f"{name}-back.yaml")]) == 0
    (folder / f"{name}.{fmt}").unlink()
    value, _, where = content.load_collection(folder, name)
    assert where.path.endswith(f"{name}-back.yaml")
    return before, value


@pytest.mark.parametrize("fmt", ["csv", "xlsx"])
@pytest.mark.parametrize("name, yaml_file", [("roles", "roles.yaml"), ("table_sizes", "classes.yaml"), ("taxes", "taxes.yaml")])
def test_yaml_to_a_spreadsheet_and_back_gives_the_same_values(kit_project, fmt, name, yaml_file):
    before, after = converted_back(kit_project.root, "state-in-class", name, fmt, yaml_file)
    assert len(before) > 2 and plain(after) == plain(before)


def test_every_collection_of_records_of_the_shipped_games_converts_but_those_with_lists_of_records():
    refused = {}
    for game in ("state-in-class", "class-struggle", "soviet-system"):
        root = REPO / "content" / game
        said = Problems()
        types, declared = content._load_schema(root, game, said)
        data, where = collections.load(root, game, types, said, declared)
        assert not said.items
        for name, t in types.items():
            if t.kind == "list" and t.item.kind == "record":
                for fmt in ("csv", "xlsx", "yaml"):
                    try:
                        tablewriter.write(data[name], t, name, fmt, where[name])
                    except KitpressError as exc:
                        refused[f"{game}/{name}.{fmt}"] = exc.problems[0].message.split(" is ")[0]
    assert refused == {
        f"{game}/{name}.{fmt}": f"column '{column}'"
        for game, name, column in (
            ("class-struggle", "squares", "effects"),
            ("soviet-system", "question_cards", "questions"),
            ("soviet-system", "rulebook", "blocks"),
        )
        for fmt in ("csv", "xlsx")
    }


def test_a_text_that_a_cell_cannot_hold_as_it_is_is_refused_not_lost(mini_project, capsys):
    schema = game_dir(mini_project) / "schema.yaml"
    schema.write_text(schema.read_text(encoding="utf-8").replace("rare: bool?}", 'rare: bool?, tags: "[text]?"}'), "utf-8")
    cards = game_dir(mini_project) / "cards.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("rare: true}", 'rare: true, tags: ["two\\nlines"]}'), "utf-8")
    assert run(["convert", "mini", "cards", "--to", "csv"]) == 1
    printed = capsys.readouterr()
    assert printed.out == ""
    assert printed.err.splitlines()[0] == (
        "content/mini/cards.yaml:4:78: error: cards.east.tags would read back from csv as a list of 'two', 'lines', "
        "not a list of 'two\\nlines': keep this collection in YAML"
    )
    assert run(["convert", "mini", "cards", "--to", "yaml"]) == 0  # YAML holds it
    assert yamlio.load_text(capsys.readouterr().out, "printed")["cards"][2]["tags"] == ["two\nlines"]


def test_convert_writes_a_new_file_only_and_says_when_the_game_then_has_a_collection_twice(mini_project, capsys):
    assert run(["convert", "mini", "cards", "--to", "xlsx"]) == 1
    assert capsys.readouterr().err.startswith("--out: error: an XLSX workbook is not text to print")
    assert run(["convert", "mini", "cards", "--to", "csv", "--out", "content/mini/cards.yaml"]) == 1
    assert "--out: error: --out cards.yaml: a csv file's name ends in .csv" in capsys.readouterr().err
    assert run(["convert", "mini", "cards", "--to", "yaml", "--out", "content/mini/labels.yaml"]) == 1
    assert "there is a file there already" in capsys.readouterr().err
    assert run(["convert", "mini", "cards", "--to", "csv", "--out", "content/mini/cards.csv"]) == 0
    printed = capsys.readouterr()
    assert printed.out == "wrote content/mini/cards.csv: cards, 3 records, from content/mini/cards.yaml\n"
    assert printed.err == (
        "content/mini/cards.csv: warning: collection 'cards' is now defined twice, "
        "here and at content/mini/cards.yaml:1:1: delete one\n"
    )
    assert (game_dir(mini_project) / "cards.csv").read_text(encoding="utf-8").splitlines()[:2] == [
        "id,title,text,rare",
        'north,North wind,"Move two spaces — no, three.",',
    ]


# -- places ----------------------------------------------------------------------------------------


def test_a_cells_place_prints_and_reads_back_as_a_spreadsheet_names_it():
    assert [column_letters(n) for n in (1, 26, 27, 52, 703, 16384)] == ["A", "Z", "AA", "AZ", "AAA", "XFD"]
    assert all(column_number(column_letters(n)) == n for n in range(1, 2000))
    place = Loc.cell("content/g/roles.xlsx", "roles", 12, 3)
    assert str(place) == "content/g/roles.xlsx[roles]!C12"
    assert (place.file, place.sheet) == ("content/g/roles.xlsx", "roles")
    assert str(Problem("warning", "text shrunk", place)) == "content/g/roles.xlsx[roles]!C12: warning: text shrunk"
    for loc in (place, Loc("content/g/events.csv", 12, 3), Loc("content/g/x.yaml", 1, 1), Loc("--tables")):
        assert Loc.parse(str(loc)) == loc
    assert Loc("content/g/notes[1].yaml", 2, 5).sheet == ""  # only a workbook has sheets


def test_kitpress_serve_shows_a_manifests_warning_at_its_cell(mini_project):
    from kitpress.site.live import Live

    (game_dir(mini_project) / "cards.csv").write_text("id,title,text\nnorth,North wind,Move.\n", encoding="utf-8")
    live = Live(Project(mini_project), "mini", BuildOptions(out=mini_project / "build"))
    cell = live._said("content/mini/cards.xlsx[cards]!C4: warning: text shrunk to fit")
    assert (cell.path, cell.line, cell.col, cell.message) == ("content/mini/cards.xlsx[cards]", 4, 3, "text shrunk to fit")
    assert cell.place == "content/mini/cards.xlsx[cards]!C4" and cell.file == ""  # no editor opens a workbook at a line
    line = live._said("content/mini/cards.csv:2:3: warning: text shrunk to fit")
    assert (line.place, line.file) == ("content/mini/cards.csv:2:3", os.path.realpath(game_dir(mini_project) / "cards.csv"))
    assert line.source == "north,North wind,Move."  # a CSV's row is the line shown

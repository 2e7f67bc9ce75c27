"""Spreadsheet files as sheets of cells: a CSV file is one sheet, named after the file
(`events.csv` is the collection `events`); a workbook (XLSX, ODS, in `workbooks`) is a sheet per
collection, each named after its collection. Read through the files door, within the limits YAML
has: the file's bytes, and a number of cells like the YAML guard's number of values.

What they hand on is `sheets.Sheet`s."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable
from pathlib import Path

from kitpress import files
from kitpress.content.sheets import MAX_BYTES, MAX_CELLS, Sheet, cell_text, trimmed
from kitpress.errors import Loc, fail

SUFFIXES = (".csv", ".xlsx", ".ods")
# a CSV cell's separators: what is outside quotes (the quoted parts are taken out first)
_QUOTED = re.compile(r'"(?:[^"]|"")*"')


def is_table(path: Path) -> bool:
    """Whether a file of a game's folder is a spreadsheet kitpress reads: not a hidden file, nor
    the lock file Excel keeps beside a workbook it has open (~$events.xlsx)."""
    return path.suffix.lower() in SUFFIXES and not path.name.startswith((".", "~$"))


def read(path: Path, shown: str, *, within: Iterable[Path]) -> list[Sheet]:
    """The sheets of a spreadsheet file inside the folders `within`, through the files door."""
    return parse(files.read_bytes(path, within, MAX_BYTES, shown), shown, path.suffix)


def parse(data: bytes, shown: str, suffix: str) -> list[Sheet]:
    """The sheets of a spreadsheet file's bytes; `suffix` says which kind of file it is."""
    if len(data) > MAX_BYTES:
        raise fail(f"file larger than {MAX_BYTES // (1024 * 1024)} MiB", Loc(shown))
    if suffix.lower() == ".csv":
        return [Sheet(Path(shown).stem, shown, _csv(data, shown))]
    from kitpress.content import workbooks  # openpyxl and calamine load only for a game with a workbook

    return workbooks.sheets(data, shown, suffix.lower())


def _csv(data: bytes, shown: str) -> tuple[tuple, ...]:
    try:
        text = data.decode("utf-8").removeprefix("\ufeff")  # Excel's "CSV UTF-8" starts with a byte-order mark
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        message = "not UTF-8 text: save the CSV file as 'CSV UTF-8' (Excel) or as Unicode (UTF-8) (LibreOffice)"
        raise fail(message, Loc(shown, line, 1)) from None
    first = text.split("\n", 1)[0]
    delimiter = ";" if ";" in first and "," not in first else ","  # Excel writes ; where a comma is the decimal mark
    outside = _QUOTED.sub("", text)
    if outside.count(delimiter) + outside.count("\n") >= MAX_CELLS:  # counted before a row is made: a row of a million commas
        raise fail(f"more than {MAX_CELLS:,} cells; no deck needs that many", Loc(shown))
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    rows = []
    try:
        for row in reader:
            rows.append(trimmed([cell_text(cell) if cell.strip() else None for cell in row]))
    except csv.Error as exc:
        raise fail(f"CSV: {exc}", Loc(shown, reader.line_num or 1, 1)) from None
    return tuple(rows)

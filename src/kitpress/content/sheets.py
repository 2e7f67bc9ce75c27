"""The values the spreadsheet readers (content/tables, content/workbooks) hand on: a sheet of
cells with their places, and the limits every reader keeps.

A cell is what the file holds: a CSV cell is text, a workbook's a number, a boolean or text too;
None is an empty cell, and `Refused` one kitpress cannot read (a formula with no saved value).
Text has its line breaks as YAML has them, "\\n"."""

from __future__ import annotations

from dataclasses import dataclass

from kitpress.content import yamlio
from kitpress.errors import Loc

MAX_CELLS = yamlio.MAX_NODES  # a 20,000-card deck of ten fields is 200,000 cells
MAX_BYTES = yamlio.MAX_BYTES


@dataclass(frozen=True)
class Refused:
    """A cell kitpress does not read, and why (said at the cell if its column is read)."""

    why: str


@dataclass(frozen=True)
class Sheet:
    """The cells of one collection's sheet, row by row from row 1, each row without its trailing
    empty cells."""

    name: str  # the collection it holds
    path: str  # the file, as shown
    rows: tuple[tuple, ...]
    workbook: bool = False  # places are a sheet's cells (book.xlsx[sheet]!C12), not a CSV's row:column

    def loc(self, row: int, col: int = 1) -> Loc:
        return Loc.cell(self.path, self.name, row, col) if self.workbook else Loc(self.path, row, col)


def cell_text(text: str) -> str:
    """Text with its line breaks as YAML has them: a cell written on Windows ends its lines in \\r\\n."""
    return text.replace("\r\n", "\n").replace("\r", "\n") if "\r" in text else text


def trimmed(row: list) -> tuple:
    """A row without its trailing empty cells."""
    end = len(row)
    while end and row[end - 1] is None:
        end -= 1
    return tuple(row[:end])

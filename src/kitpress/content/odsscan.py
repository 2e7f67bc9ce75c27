"""An ODS workbook's content read as a stream, before calamine holds the whole workbook in
memory as grids: how many cells those grids will have (ODS repeats a row or a cell by a number,
so a one-line row repeated a million times must never become one), and which cells hold a
formula's error (ODS stores an error with an empty text, which calamine reads as an empty cell).
The XML is read through defusedxml: no DTD, no entity."""

from __future__ import annotations

from xml.sax import SAXException
from xml.sax.handler import ContentHandler

from defusedxml import DefusedXmlException
from defusedxml import sax as safe_sax

from kitpress.content.sheets import MAX_CELLS
from kitpress.errors import Loc, fail

MAX_REPEAT = 1 << 20  # a row or a cell repeated more often than a spreadsheet has rows
_CELLS = ("table:table-cell", "table:covered-table-cell")


class TooBig(Exception):
    """More than MAX_CELLS cells."""


def scan(content: bytes, shown: str) -> dict[str, dict[tuple[int, int], str]]:
    """The error cells of each sheet, by row and column (from 1), and their text (#DIV/0!);
    refuse a workbook of more than MAX_CELLS cells as calamine would hold them."""
    scanner = _Scanner()
    try:
        safe_sax.parseString(content, scanner, forbid_dtd=True)
    except TooBig:
        raise fail(f"more than {MAX_CELLS:,} cells; no deck needs that many", Loc(shown)) from None
    except (SAXException, DefusedXmlException, ValueError) as exc:
        raise fail(f"cannot read the workbook: {type(exc).__name__}: {exc}", Loc(shown)) from None
    return scanner.errors


class _Scanner(ContentHandler):
    """Counts each sheet as calamine holds it, a grid: its rows up to the last with a filled cell,
    times its widest row up to that row's last filled cell (a filled cell has a value type). The
    whole workbook is held at once, so the sheets' grids add up."""

    def __init__(self) -> None:
        super().__init__()
        self.errors: dict[str, dict[tuple[int, int], str]] = {}
        self.held = 0  # the cells of the sheets before this one
        self.sheet = ""
        self.row = self.rows = self.empty_rows = self.width = 0  # row: the rows of the sheet so far
        self.row_repeat = self.row_width = self.filled = 0
        self.error: list | None = None  # an error cell being read: its column, repeats and text

    def startElement(self, name, attrs):
        if name == "table:table":
            self.held += self.rows * self.width
            self.sheet = attrs.get("table:name", "")
            self.row = self.rows = self.empty_rows = self.width = 0
        elif name == "table:table-row":
            self.row_repeat, self.row_width, self.filled = _repeat(attrs, "table:number-rows-repeated"), 0, 0
        elif name in _CELLS:
            repeat = _repeat(attrs, "table:number-columns-repeated")
            if attrs.get("calcext:value-type") == "error":
                self.error = [self.row_width + 1, repeat, ""]
            self.row_width += repeat
            if "office:value-type" in attrs:
                self.filled = self.row_width

    def characters(self, content):
        if self.error is not None:
            self.error[2] += content

    def endElement(self, name):
        if name in _CELLS and self.error is not None:
            column, repeat, text = self.error
            self.error = None
            found = self.errors.setdefault(self.sheet, {})
            for row in range(self.row + 1, self.row + 1 + min(self.row_repeat, MAX_CELLS)):
                for at in range(column, column + min(repeat, MAX_CELLS)):
                    found[(row, at)] = text.strip() or "#ERROR"
                    if len(found) > MAX_CELLS:
                        raise TooBig
        if name != "table:table-row":
            return
        self.row += self.row_repeat
        if not self.filled:
            self.empty_rows += self.row_repeat  # held only if a filled row follows
            return
        self.rows += self.empty_rows + self.row_repeat
        self.empty_rows = 0
        self.width = max(self.width, self.filled)
        if self.held + self.rows * self.width > MAX_CELLS:
            raise TooBig


def _repeat(attrs, name: str) -> int:
    try:
        return min(max(int(attrs.get(name, 1)), 1), MAX_REPEAT)
    except ValueError:
        return 1

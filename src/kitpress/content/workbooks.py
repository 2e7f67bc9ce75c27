"""The only door to workbooks: XLSX read with openpyxl, ODS with python-calamine, each sheet as
the cells it holds (content/tables).

A workbook is a zip of XML. Its members' sizes are checked before any library opens it: a few
kilobytes that unpack to gigabytes are refused unread. openpyxl reads the values a spreadsheet
saved with its formulas (never a formula worked out, no macros, no links to other workbooks),
every XML part through defusedxml (no entity or DTD tricks). calamine holds a whole ODS workbook in
memory as a grid: `odsscan` counts its cells first."""

from __future__ import annotations

import datetime
import io
import re
import warnings
import zipfile

from defusedxml import DefusedXmlException

from kitpress.content import odsscan
from kitpress.content.sheets import MAX_BYTES, MAX_CELLS, Refused, Sheet, cell_text, trimmed
from kitpress.errors import Loc, fail

MAX_UNZIPPED = 4 * MAX_BYTES  # XML is wordy: a 20,000-card workbook unpacks to some 20 MiB
MAX_MEMBERS = 10_000
# a formula in a worksheet's XML (`<f>` or, with a prefix, `<x:f …>`): only then is the workbook read a second time
_FORMULA = re.compile(rb"<(?:\w+:)?f[\s>/]")
_DATES = (datetime.date, datetime.time, datetime.timedelta)  # datetime.datetime is a date
_ODS_PARTS = ("mimetype", "META-INF/manifest.xml", "content.xml")  # what calamine reads of an ODS file


class _TooBig(Exception):
    """More than MAX_CELLS cells in an XLSX sheet."""


def _date() -> Refused:
    return Refused(why="the cell holds a date or time, and kitpress has none: format the cell as text")


def sheets(data: bytes, shown: str, suffix: str) -> list[Sheet]:
    """Every sheet of a workbook, but those whose name starts with _ (notes, the tables its
    formulas look things up in)."""
    archive = _unzipped(data, shown)
    found = _xlsx(data, archive, shown) if suffix == ".xlsx" else _ods(archive, shown)
    return [sheet for sheet in found if not sheet.name.startswith("_")]


def _unzipped(data: bytes, shown: str) -> zipfile.ZipFile:
    """The workbook's zip, if what it unpacks to is within the limits (Python's zip reader never
    unpacks more of a member than the size it declares: those sizes are the bound)."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        members = archive.infolist()
    except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, OSError, EOFError):
        raise fail("not a workbook (it is not a zip file): save it again from the spreadsheet", Loc(shown)) from None
    unzipped = sum(member.file_size for member in members)
    if len(members) > MAX_MEMBERS or unzipped > MAX_UNZIPPED:
        raise fail(
            f"the workbook unpacks to more than {MAX_UNZIPPED // (1024 * 1024)} MiB or {MAX_MEMBERS:,} parts; no deck needs that",
            Loc(shown),
        )
    return archive


def _unreadable(shown: str, exc: Exception):
    return fail(f"cannot read the workbook: {type(exc).__name__}: {exc}", Loc(shown))


# -- XLSX ------------------------------------------------------------------------------------


def _xlsx(data: bytes, archive: zipfile.ZipFile, shown: str) -> list[Sheet]:
    import openpyxl  # a second of imports: only for a game that has a workbook

    def book(values: bool):
        with warnings.catch_warnings():  # of the parts openpyxl does not keep (validation, styles): not the user's problem
            warnings.simplefilter("ignore")
            return openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=values, keep_links=False, keep_vba=False)

    books = []
    try:
        saved = book(values=True)
        books.append(saved)
        written = book(values=False) if _has_formulas(archive) else None
        books.append(written)
        out = []
        for sheet in saved.worksheets:
            cells = written[sheet.title] if written is not None else None
            out.append(Sheet(sheet.title, shown, _xlsx_rows(sheet, cells), workbook=True))
    except _TooBig:
        raise fail(f"more than {MAX_CELLS:,} cells; no deck needs that many", Loc(shown)) from None
    except (KeyError, ValueError, TypeError, IndexError, AttributeError, OSError, SyntaxError, zipfile.BadZipFile,
            DefusedXmlException) as exc:  # SyntaxError: ElementTree's ParseError; what a damaged part raises
        raise _unreadable(shown, exc) from None  # fmt: skip
    finally:
        for opened in books:
            if opened is not None:
                opened.close()
    return out


def _has_formulas(archive: zipfile.ZipFile) -> bool:
    parts = (name for name in archive.namelist() if name.startswith("xl/worksheets/") and name.endswith(".xml"))
    return any(_FORMULA.search(archive.read(name)) for name in parts)


def _xlsx_rows(sheet, formulas) -> tuple[tuple, ...]:
    """A sheet's cells; `formulas`: the same sheet read with its formulas, to tell a formula that
    has no saved value (a workbook written by a program, never opened in a spreadsheet) from an
    empty cell."""
    sheet.reset_dimensions()  # the size a workbook says it has may lie: its rows are read as they are
    written = _formula_cells(formulas) if formulas is not None else set()
    rows, counted = [], 0
    for number, row in enumerate(sheet.iter_rows(), 1):
        counted += max(1, len(row))
        if counted > MAX_CELLS:
            raise _TooBig
        cells = []
        for column, cell in enumerate(row, 1):
            value, kind = cell.value, cell.data_type
            if value is None and kind != "s" and (number, column) in written:  # an empty text a formula made is a value
                value = Refused(
                    why="a formula with no saved value: open the workbook in a spreadsheet and save it, then build again"
                )
            elif kind == "e":
                value = Refused(why=f"the cell holds the error {value}: correct its formula")
            elif isinstance(value, _DATES):
                value = _date()
            elif isinstance(value, str):
                value = cell_text(value) if value.strip() else None
            cells.append(value)
        rows.append(trimmed(cells))
    return tuple(rows)


def _formula_cells(sheet) -> set[tuple[int, int]]:
    sheet.reset_dimensions()
    found, counted = set(), 0
    for number, row in enumerate(sheet.iter_rows(), 1):
        counted += max(1, len(row))
        if counted > MAX_CELLS:
            raise _TooBig
        found.update((number, column) for column, cell in enumerate(row, 1) if cell.data_type == "f")
    return found


# -- ODS -------------------------------------------------------------------------------------


def _ods(archive: zipfile.ZipFile, shown: str) -> list[Sheet]:
    import python_calamine

    try:
        parts = {name: archive.read(name) for name in _ODS_PARTS if name in archive.namelist()}
        errors = odsscan.scan(parts["content.xml"], shown) if "content.xml" in parts else {}
        bare = io.BytesIO()  # the parts calamine reads, each of the size the check above allowed
        with zipfile.ZipFile(bare, "w", zipfile.ZIP_STORED) as copy:
            for name, part in parts.items():
                copy.writestr(name, part)
        bare.seek(0)
        book = python_calamine.CalamineWorkbook.from_filelike(bare)
        grids = {name: book.get_sheet_by_name(name).to_python(skip_empty_area=False) for name in book.sheet_names}
    except (python_calamine.CalamineError, zipfile.BadZipFile, KeyError, ValueError, OSError) as exc:
        raise _unreadable(shown, exc) from None
    return [Sheet(name, shown, _ods_rows(grid, errors.get(name, {})), workbook=True) for name, grid in grids.items()]


def _ods_rows(grid: list[list], errors: dict[tuple[int, int], str]) -> tuple[tuple, ...]:
    """The sheet's cells; `errors`: the cells whose formula gave an error (calamine reads them as
    the empty text ODS stores with them), by row and column."""
    rows = [[_ods_cell(value) for value in row] for row in grid]
    for (row, column), error in errors.items():
        while len(rows) < row:
            rows.append([])
        cells = rows[row - 1]
        cells.extend([None] * (column - len(cells)))
        cells[column - 1] = Refused(why=f"the cell holds the error {error}: correct its formula")
    return tuple(trimmed(cells) for cells in rows)


def _ods_cell(value):
    """A cell as calamine gives it: empty is "", and every number a float (ODS has no whole
    numbers): a whole one is what was typed, 3 and not 3.0."""
    if isinstance(value, str):
        return cell_text(value) if value.strip() else None
    if isinstance(value, float) and value.is_integer() and abs(value) < 2**53:
        return int(value)
    if isinstance(value, _DATES):
        return _date()
    return value

"""A collection written as a CSV file, an XLSX workbook or YAML (`kitpress convert`): one row a
record, its fields as columns in the schema's order (dotted for the fields of a record inside it
and the keys of a mapping), each cell as content/rows reads it.

What is written is read back before it is handed on and must give the same values: what a
spreadsheet cannot hold as it is (a list of records, a list's item with a line break in it, an
empty list where none is the same as no list) is an error that names it, never a loss."""

from __future__ import annotations

import csv
import io
import re

from kitpress.content import rows, tables, yamlio
from kitpress.content.schema import UNIVERSAL, Checker, Type
from kitpress.errors import KitpressError, Loc, Problems, fail, shown

FORMATS = ("csv", "xlsx", "yaml")
_SHEET_NAME = re.compile(r"[^\[\]:*?/\\]{1,31}")  # what Excel lets a sheet be called


def write(value, t: Type, name: str, fmt: str, where: Loc) -> bytes:
    """The collection `name` (its checked value, of type `t`, defined at `where`) as a file of
    format `fmt`, checked to read back the same."""
    if fmt == "yaml":
        data = yamlio.dump({name: _plain(value)}, sort_keys=False).encode("utf-8")
    else:
        if t.kind != "list" or t.item.kind != "record":
            raise fail(f"collection '{name}' is {t.describe()}: a spreadsheet holds a list of records, one a row", where)
        header, table = _table(list(value), t.item)
        data = _csv(header, table) if fmt == "csv" else _xlsx(name, header, table, where)
    _reads_back(value, t, name, fmt, data, where)
    return data


def _table(records: list, record: Type) -> tuple[list[str], list[list]]:
    columns = _columns(record, records, ())
    header = [".".join(path) for path, _ in columns]
    return header, [[_cell(_at(item, path), column) for path, column in columns] for item in records]


def _columns(record: Type, records: list, prefix: tuple) -> list[tuple[tuple, Type]]:
    """Every column of a record's fields: all of them (an empty one shows what may be written),
    but `invented` and the fields no cell can hold only where a record has them."""
    out = []
    for field, t, _ in [*record.fields, *((field, Type(kind), True) for field, kind in UNIVERSAL.items())]:
        path = (*prefix, field)
        values = [value for value in (_at(item, path) for item in records) if value is not None]
        if field in UNIVERSAL and not values:
            continue
        out += _field(path, t, values, records)
    return out


def _field(path: tuple, t: Type, values: list, records: list) -> list[tuple[tuple, Type]]:
    if t.kind == "record":
        return _columns(t, records, path)
    if t.kind == "map":
        keys = dict.fromkeys(key for value in values for key in value)  # in the order they first come
        return [column for key in keys for column in _field((*path, key), t.item, [v[key] for v in values if key in v], records)]
    if rows.cell_kind(t) is None:
        if values:
            name = ".".join(path)
            message = f"column '{name}' is {rows.described(t)}, which does not fit in a cell: keep this collection in YAML"
            raise fail(message, getattr(values[0], "loc", None) or Loc(name))
        return []
    return [(path, t)]


def _at(value, path: tuple):
    for part in path:
        if not isinstance(value, dict):
            return None
        value = value.get(part)
    return value


def _cell(value, t: Type):
    """A value as its cell holds it: a list's items one a line, or after commas where rows reads them so."""
    if value is None or not isinstance(value, list):
        return value
    kinds = {option.kind for option in t.item.options} if t.item.kind == "union" else {t.item.kind}
    return (", " if kinds <= rows.COMMA_ITEMS else "\n").join(_text(item) for item in value)


def _text(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value) if isinstance(value, float) else str(value)


def _csv(header: list[str], table: list[list]) -> bytes:
    out = io.StringIO(newline="")
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    writer.writerows([["" if cell is None else _text(cell) for cell in row] for row in table])
    return out.getvalue().encode("utf-8")


def _xlsx(name: str, header: list[str], table: list[list], where: Loc) -> bytes:
    import openpyxl
    from openpyxl.cell import WriteOnlyCell

    if not _SHEET_NAME.fullmatch(name):
        message = f"'{name}' cannot name a sheet (at most 31 characters, none of [ ] : * ? / or a backslash): keep it in YAML"
        raise fail(message, where)
    book = openpyxl.Workbook(write_only=True)
    sheet = book.create_sheet(name)
    for row in [header, *table]:
        cells = []
        for value in row:
            cell = WriteOnlyCell(sheet, value=value)
            if isinstance(value, str):
                cell.data_type = "s"  # text, even if it starts with = (which openpyxl would take for a formula)
            cells.append(cell)
        sheet.append(cells)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def _reads_back(value, t: Type, name: str, fmt: str, data: bytes, where: Loc) -> None:
    problems = Problems()
    written = f"{name}.{fmt}"
    try:
        if fmt == "yaml":
            back = yamlio.load_text(data.decode("utf-8"), written).get(name)
        else:
            sheet = next(s for s in tables.parse(data, written, f".{fmt}") if s.name == name)
            back = rows.collection(sheet, t, problems)
        back = Checker(problems).check(back, t, name, where)
    except KitpressError as exc:
        problems.items.extend(exc.problems)
    if problems.errors:
        raise fail(f"{name} written as {fmt} would not read back as it is: {problems.errors[0].message}", where)
    difference = _difference(value, back, name)
    if difference is not None:
        key, before, after, at = difference
        raise fail(
            f"{key} would read back from {fmt} as {_said(after)}, not {_said(before)}: keep this collection in YAML", at or where
        )


def _difference(before, after, key: str, at: Loc | None = None):
    """The first place where two values differ (a field left out is None): its key, both values
    and the place of the first."""
    at = getattr(before, "loc", at)
    if isinstance(before, dict) and isinstance(after, dict):
        for name in dict.fromkeys([*before, *after]):
            place = before.loc_of(name) if hasattr(before, "loc_of") else at
            found = _difference(before.get(name), after.get(name), f"{key}.{name}", place)
            if found:
                return found
        return None
    if isinstance(before, list) and isinstance(after, list) and len(before) == len(after):
        for index, (one, other) in enumerate(zip(before, after)):
            ident = one.get("id") if isinstance(one, dict) else None
            found = _difference(one, other, f"{key}.{ident if ident is not None else index}", at)
            if found:
                return found
        return None
    same = str(before) == str(after) if isinstance(before, str) else type(before) is type(after) and before == after
    return None if same and isinstance(after, str) == isinstance(before, str) else (key, before, after, at)


def _plain(value):
    """A value as plain data: a field left out (None) is left out."""
    if isinstance(value, dict):
        return {str(key): _plain(item) for key, item in value.items() if item is not None}
    if isinstance(value, list):
        return [_plain(item) for item in value]
    return str(value) if isinstance(value, str) else value


def _said(value) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, list):
        return "a list of " + ", ".join(shown(repr(_plain(item)), 30) for item in value) if value else "an empty list"
    return shown(repr(_plain(value)), 60)

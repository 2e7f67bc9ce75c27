"""A sheet's rows as a collection's values, each cell typed by the game's schema and carrying its
place, so that the schema's checker sees what YAML would give it and says each problem at its cell.

The conventions (docs/spreadsheets.md says them for users):
- a sheet holds a list of records, one a row; the first row names the fields; a dotted name is a
  field of a record inside the row (`life.get_by`) or a key of a mapping (`rates.rich`);
- an empty cell is a field left out; but for a list field the record must have, the empty list;
- a cell's text is read as its field's type says: a whole number for `int`, true or false
  (`TRUE`, `yes`, `no` as well) for `bool`, a number written with a point for `number`; text as
  it is, line breaks and spaces kept; for `a | b`, as YAML would read the same word;
- a list field holds one item a line (Alt+Enter in Excel, Ctrl+Enter in LibreOffice); a list of
  ids, references, numbers, colours or booleans may separate its items with commas too;
- a list of records (or of lists, or mappings) does not fit in a cell: such a column is refused.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from kitpress.content.schema import UNIVERSAL, Type
from kitpress.content.sheets import Refused, Sheet
from kitpress.content.yamlio import MAX_DIGITS, LocStr, YList, YMap
from kitpress.errors import Loc, Problems, column_letters, did_you_mean

_WHOLE = re.compile(r"[-+]?[0-9]+")
_DECIMAL = re.compile(r"[-+]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?")
_BOOLS = {"true": True, "yes": True, "on": True, "false": False, "no": False, "off": False}  # YAML's words
_SCALARS = {"id", "text", "str", "int", "number", "bool", "color", "ref"}
COMMA_ITEMS = {"id", "ref", "int", "number", "bool", "color"}  # kinds no comma can be part of


@dataclass(frozen=True)
class Column:
    number: int  # from 1, as the spreadsheet counts: A is 1
    parts: tuple[str, ...]  # its dotted name's parts
    type: Type
    required: bool  # every field on its path must be there: an empty list cell is then the empty list


def collection(sheet: Sheet, t: Type, problems: Problems) -> YList | None:
    """The sheet as the located value of its collection, of type `t`; None (and the problem
    said) if that type is not a list of records, or a field every record needs has no column."""
    if t.kind != "list" or t.item.kind != "record":
        message = f"collection '{sheet.name}' is {t.describe()}: a spreadsheet holds a list of records, one a row"
        problems.error(message, sheet.loc(1))
        return None
    header = sheet.rows[0] if sheet.rows else ()
    columns = _columns(sheet, header, t.item, problems)
    missing = _missing(t.item, {column.parts for column in columns})
    for name in missing:  # said once here, not once a row
        problems.error(f"no column '{name}': every record of {sheet.name} needs one", sheet.loc(1))
    if missing:
        return None
    out = YList(loc=sheet.loc(1))
    said: set[int] = set()  # the columns with no name whose first value has been reported
    for number, cells in enumerate(sheet.rows[1:], 2):
        for index, cell in enumerate(cells, 1):
            if cell is not None and (index > len(header) or header[index - 1] is None) and index not in said:
                said.add(index)
                problems.error(f"column {column_letters(index)} has values but no name in row 1", sheet.loc(number, index))
        record = _record(sheet, number, cells, columns, problems) if any(cell is not None for cell in cells) else None
        if record is not None:
            out.append(record)
            out.item_locs.append(sheet.loc(number))
    return out


def _columns(sheet: Sheet, header: tuple, record: Type, problems: Problems) -> list[Column]:
    columns, seen = [], {}
    for number, name in enumerate(header, 1):
        if name is None:
            continue
        loc = sheet.loc(1, number)
        if isinstance(name, Refused) or not isinstance(name, (str, int)) or isinstance(name, bool):
            problems.error(f"row 1 names the fields: column {column_letters(number)} holds no name", loc)
            continue
        name = str(name).strip()
        if name in seen:
            problems.error(f"column '{name}' is there twice: first as column {column_letters(seen[name])}", loc)
            continue
        seen[name] = number
        found = _leaf(record, tuple(name.split(".")), sheet.name)
        if isinstance(found, str):
            problems.error(found, loc)
        else:
            columns.append(Column(number, tuple(name.split(".")), *found))
    return columns


def _missing(record: Type, named: set[tuple[str, ...]], prefix: tuple[str, ...] = ()) -> list[str]:
    """The dotted names of the fields a record must have and no column gives."""
    out = []
    for field, t, optional in record.fields:
        path = (*prefix, field)
        if optional:
            continue
        if t.kind == "record":
            out += _missing(t, named, path)
        elif t.kind == "map" and not any(parts[: len(path)] == path and len(parts) > len(path) for parts in named):
            out.append(".".join(path) + ".KEY")
        elif t.kind != "map" and path not in named:
            out.append(".".join(path))
    return out


def _leaf(record: Type, parts: tuple[str, ...], where: str) -> tuple[Type, bool] | str:
    """The type a column's cells hold and whether every field on its path is required; or why
    the column cannot be read."""
    t, required, path = record, True, []
    for part in parts:
        name = ".".join(path) or where
        if t.kind == "record":
            fields = {field: (sub, optional) for field, sub, optional in t.fields}
            fields.update({field: (Type(kind), True) for field, kind in UNIVERSAL.items()})
            if part not in fields:
                why = f"unknown column '{'.'.join(parts)}': {name} has no field '{part}'{did_you_mean(part, fields)}"
                return why
            t, optional = fields[part]
            required = required and not optional
        elif t.kind == "map":
            t, required = t.item, False
        else:
            why = f"column '{'.'.join(parts)}': {name} is {t.describe()}, which has no '{part}'"
            return why
        path.append(part)
    name = ".".join(parts)
    if t.kind in ("record", "map"):
        fields = ", ".join(f"{name}.{field}" for field, _, _ in t.fields) if t.kind == "record" else f"{name}.KEY"
        why = f"column '{name}' is {described(t)}: give each of its parts a column of its own ({fields})"
        return why
    if cell_kind(t) is None:
        why = f"column '{name}' is {described(t)}, which does not fit in a cell: keep this collection in YAML"
        return why
    return t, required


def described(t: Type) -> str:
    """What a type is, in a spreadsheet user's words: a record, a list of records (schema.py
    calls both a mapping, as YAML writes them)."""
    if t.kind == "record":
        return "a record"
    if t.kind == "list" and t.item.kind in ("record", "map"):
        return "a list of records"
    return t.describe()


def cell_kind(t: Type) -> str | None:
    """What a cell of type `t` holds: a scalar, or a list of scalars; None if it cannot."""
    if t.kind in _SCALARS or t.kind == "union" and all(option.kind in _SCALARS for option in t.options):
        return "scalar"
    if t.kind == "list" and cell_kind(t.item) == "scalar":
        return "list"
    return None


def _record(sheet: Sheet, number: int, cells: tuple, columns: list[Column], problems: Problems) -> YMap | None:
    """A row's record; None if a cell of it cannot be read (said there, and the row not checked
    further: its field would only be missing)."""
    refused = [(column, cells[column.number - 1]) for column in columns if column.number <= len(cells)]
    refused = [(column, cell) for column, cell in refused if isinstance(cell, Refused)]
    for column, cell in refused:
        problems.error(cell.why, sheet.loc(number, column.number))
    if refused:
        return None
    row = YMap(loc=sheet.loc(number))
    for column in columns:
        cell = cells[column.number - 1] if column.number <= len(cells) else None
        loc = sheet.loc(number, column.number)
        if cell is None:
            if not (column.required and column.type.kind == "list"):
                continue
            value = _listed(YList(loc=loc))
        else:
            listed = column.type.kind == "list"
            value = _items(cell, column.type.item, loc, problems) if listed else _value(cell, column.type, loc, problems)
        _put(row, column.parts, value, loc)
    return row


def _listed(items: YList) -> YList:
    items.item_locs = [items.loc] * len(items)
    return items


def _put(row: YMap, parts: tuple[str, ...], value, loc: Loc) -> None:
    """Set a dotted field inside the row, making the records on its way (each at its first cell)."""
    target = row
    for part in parts[:-1]:
        if part not in target:
            target[part] = YMap(loc=loc)
            target.key_locs[part] = target.value_locs[part] = loc
        target = target[part]
    target[parts[-1]] = value
    target.key_locs[parts[-1]] = target.value_locs[parts[-1]] = loc


def _items(cell, item: Type, loc: Loc, problems: Problems) -> YList:
    """A list cell's items: one a line; for kinds no comma is part of, commas separate them too."""
    if not isinstance(cell, str):
        return _listed(YList([_value(cell, item, loc, problems)], loc=loc))
    kinds = {option.kind for option in item.options} if item.kind == "union" else {item.kind}
    pieces = re.split(r"[\n,]", cell) if kinds <= COMMA_ITEMS else cell.split("\n")
    return _listed(YList([_value(piece, item, loc, problems) for piece in pieces if piece.strip()], loc=loc))


def _value(cell, t: Type, loc: Loc, problems: Problems):
    """A cell as the value of type `t` it is written as; else as it is, for the checker to say
    what it should be."""
    kind = t.kind
    if kind == "union":
        return _as_yaml_reads(cell, loc) if isinstance(cell, str) else cell
    if not isinstance(cell, str):
        if isinstance(cell, float) and cell.is_integer() and kind in ("int", "id", "ref"):
            cell = int(cell)
        if isinstance(cell, int) and not isinstance(cell, bool) and kind in ("int", "number"):
            return _whole(str(cell), loc, problems)
        if kind in ("text", "str") and isinstance(cell, (int, float)) and not isinstance(cell, bool):
            return LocStr(str(cell), loc)  # a title that is a number, 1984, is the text a spreadsheet shows
        return cell
    if kind in ("text", "str"):
        return LocStr(cell, loc)
    word = cell.strip()
    if kind == "int" and _WHOLE.fullmatch(word):
        return _whole(word, loc, problems)
    if kind == "number" and _WHOLE.fullmatch(word):
        return _whole(word, loc, problems)
    if kind == "number" and _DECIMAL.fullmatch(word) and math.isfinite(float(word)):
        return float(word)
    if kind == "bool" and word.lower() in _BOOLS:
        return _BOOLS[word.lower()]
    return LocStr(word if kind in ("id", "ref", "color") else cell, loc)


def _whole(word: str, loc: Loc, problems: Problems):
    if len(word.lstrip("+-")) > MAX_DIGITS:
        problems.error(f"a whole number of more than {MAX_DIGITS} digits; no game counts that far", loc)
        return 0
    return int(word)


def _as_yaml_reads(cell: str, loc: Loc):
    """A word as a plain YAML value reads it: 5 a whole number, 2.5 a number, true a boolean,
    anything else text (for a field of several types, the checker then takes the one it fits)."""
    word = cell.strip()
    if _WHOLE.fullmatch(word) and len(word.lstrip("+-")) <= MAX_DIGITS:
        return int(word)
    if _DECIMAL.fullmatch(word) and "." in word and math.isfinite(float(word)):
        return float(word)
    if word.lower() in _BOOLS:
        return _BOOLS[word.lower()]
    return LocStr(cell, loc)

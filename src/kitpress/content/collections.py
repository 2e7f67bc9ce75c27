"""A game's collections, read from the files of its folder that define them: every `*.yaml` file
but game.yaml and schema.yaml is a mapping of collection names; a CSV file is the collection it
is named after, and each sheet of a workbook (XLSX, ODS) the collection the sheet is named after.
Each is checked against its type in schema.yaml; a collection defined twice is an error at the
second place that names the first."""

from __future__ import annotations

from pathlib import Path

from kitpress.content import editedfiles, parsedcache, rows, tables, yamlio
from kitpress.content.schema import CheckedItems, Checker, Type
from kitpress.content.yamlio import YMap
from kitpress.digest import digest
from kitpress.errors import KitpressError, Loc, Problems, did_you_mean

SPECIAL_FILES = {"game.yaml", "schema.yaml"}
# the values a file read back as checked may hold: the parse's limit, and as many again for the
# optional fields the check fills in (None)
CHECKED_VALUES = 2 * yamlio.MAX_NODES


def load(
    root: Path,
    shown: str,
    types: dict[str, Type],
    problems: Problems,
    declared_at: dict[str, Loc],
    read=yamlio.load_file,
    checked: CheckedItems | None = None,
) -> tuple[dict, dict[str, Loc]]:
    """Every collection's checked value by name (and, under "__refs__", the references to
    resolve), and where each is defined. `checked`: the items a running process checked before."""
    data: dict = {}
    where: dict[str, Loc] = {}
    checker = Checker(problems, kept=checked)
    unreadable = False
    # a new process keeps each file as checked (content/parsedcache); a running one, what it
    # parsed and checked itself (`read`, `checked`)
    schema = digest(types) if read is yamlio.load_file and checked is None else None

    def define(name: str, value, loc: Loc, value_loc: Loc, check: bool = True) -> None:
        if name in where:
            problems.error(f"collection '{name}' is already defined at {where[name]}", loc)
            return
        where[name] = loc
        if value is not None:
            data[name] = checker.check(value, types[name], name, value_loc) if check else value

    for path in sorted(root.glob("*.yaml")):
        if path.name in SPECIAL_FILES:
            continue
        shown_file = f"{shown}/{path.name}"
        try:
            if schema is None:
                doc = read(path, shown_file, within=[root])
            else:
                text = yamlio.read_file(path, shown_file, within=[root])
                kept = parsedcache.find_checked(text, shown_file, schema, CHECKED_VALUES, yamlio.MAX_DEPTH)
                source = str(path.resolve())
                edited = None if kept is not None else editedfiles.find(text, source, shown_file, schema, types, CHECKED_VALUES)
                if kept is not None or edited is not None:
                    collections, refs = kept or edited[:2]
                    said = len(problems.items)
                    for name, value in collections.items():
                        define(name, value, collections.key_loc(name), collections.loc_of(name), check=False)
                    checker.refs.extend(refs)
                    if edited is not None and len(problems.items) == said:  # kept as checked, for the next process
                        parsedcache.keep_checked(text, shown_file, schema, collections, refs, edited[2], source)
                    continue
                doc, count, anchored = yamlio.parse(text, shown_file)
        except KitpressError as exc:
            problems.items.extend(exc.problems)
            unreadable = True  # its collections are unknown: do not also report them as missing
            continue
        if not isinstance(doc, YMap):
            problems.error("a content file is a mapping of collection names", getattr(doc, "loc", Loc(shown_file, 1, 1)))
            continue
        said, referred = len(problems.items), len(checker.refs)
        for name, value in doc.items():
            loc = doc.key_loc(name)
            if name not in types:
                problems.error(f"unknown collection '{name}'{did_you_mean(name, types)} (declare it in schema.yaml)", loc)
            else:
                define(name, value, loc, doc.loc_of(name))
        if schema is not None and not anchored and len(problems.items) == said:  # kept only with nothing to say
            checked_here = doc.replaced({name: data[name] if value is not None else None for name, value in doc.items()})
            parsedcache.keep_checked(text, shown_file, schema, checked_here, checker.refs[referred:], count, source)
    for path in sorted(p for p in root.iterdir() if tables.is_table(p)):
        try:
            sheets = tables.read(path, f"{shown}/{path.name}", within=[root])
        except KitpressError as exc:
            problems.items.extend(exc.problems)
            unreadable = True
            continue
        for sheet in sheets:
            if sheet.name in types:
                define(sheet.name, rows.collection(sheet, types[sheet.name], problems), sheet.loc(1), sheet.loc(1))
                continue
            hint = did_you_mean(sheet.name, types)
            message = f"unknown collection '{sheet.name}'{hint} (declare it in schema.yaml)"
            if sheet.workbook:
                message = f"unknown collection '{sheet.name}'{hint}: each sheet of a workbook is the collection it is named after"
            problems.error(message, sheet.loc(1))
    for name in types:
        if name not in where and not unreadable:
            problems.error(
                f"collection '{name}' is declared but no content file defines it",
                declared_at.get(name, Loc(f"{shown}/schema.yaml")),
            )
    data["__refs__"] = checker.refs
    return data, where

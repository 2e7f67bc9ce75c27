"""`kitpress migrate`: a game's layout files rewritten from the layout language's old forms into
the current ones, in place, changing nothing else in them (comments, order and spacing stay).

The old forms: a bare line width or dash length (`width: 0.5`, `dash: [2, 2]`), which is read
as points while every other bare length of a layout is millimetres, becomes `0.5pt`; in markup
(layout files and the templates beside them), a bare length (`<space h="3"/>`) becomes `h="3pt"`
and a kebab-case word (`line-color=`, `<index-list/>`) snake_case (`line_color=`, `<index_list/>`);
a shape's box, `rect: BOX` or `ellipse: BOX`, becomes `at: BOX` (with `shape: ellipse`), as frames write it.
"""

from __future__ import annotations

import os
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path

from kitpress.content import yamlio
from kitpress.errors import rel
from kitpress.layout.oldforms import bare_points, old_box_keys
from kitpress.layout.markuplang import LENGTHS, OLD_ATTRIBUTES, OLD_TAGS, TAGS, TEXT, WIDTHS, with_points

_NUMBER = re.compile(r"([\"']?)([-+]?(?:\d+(?:\.\d*)?|\.\d+))\1")
NOT_LAYOUTS = {"styles.yaml", "sizes.yaml"}  # their numbers are points by rule: nothing to migrate


@dataclass(frozen=True)
class Change:
    path: Path
    line: int
    col: int
    old: str
    new: str

    def __str__(self) -> str:
        return f"{rel(self.path)}:{self.line}:{self.col}: {self.old} -> {self.new}"


def changes(folders: list[Path]) -> list[Change]:
    """What migrating the layout files of `folders` would change, in file and line order."""
    found = []
    for folder in folders:
        for path in sorted([*folder.glob("*.yaml"), *folder.glob("*.j2")]) if folder.is_dir() else []:
            if path.name not in NOT_LAYOUTS:
                found += sorted(_changes_in(path, folders) + _markup_changes(path), key=lambda c: (c.line, c.col))
    return found


def _markup_changes(path: Path) -> list[Change]:
    """The old forms of markup in a layout file or template: every tag of the vocabulary in it."""
    text = path.read_text(encoding="utf-8")
    out = []
    for offset, old, new in old_forms(text):
        if "\n" not in old:
            line_start = text.rfind("\n", 0, offset) + 1
            out.append(Change(path, text.count("\n", 0, offset) + 1, offset - line_start + 1, old, new))
    return out


def _changes_in(path: Path, folders: list[Path]) -> list[Change]:
    if path.suffix != ".yaml":
        return []
    raw = yamlio.load_file(path, rel(path), within=folders)
    lines = path.read_text(encoding="utf-8").split("\n")
    out = []
    for problem in bare_points(raw) if isinstance(raw, yamlio.YMap) else []:
        line, col = problem.loc.line, problem.loc.col
        found = _NUMBER.match(lines[line - 1], col - 1)
        if found:
            quote, number = found.group(1), found.group(2)
            out.append(Change(path, line, col, found.group(0), f"{quote}{number}pt{quote}"))
    return out + (_box_changes(raw, lines, path) if isinstance(raw, yamlio.YMap) else [])


def apply(found: list[Change]) -> int:
    """Make the changes, each file replaced whole and at once; returns the files changed."""
    by_file: dict[Path, list[Change]] = {}
    for change in found:
        by_file.setdefault(change.path, []).append(change)
    for path, edits in by_file.items():
        lines = path.read_text(encoding="utf-8").split("\n")
        for change in sorted(edits, key=lambda c: (c.line, -c.col)):  # right to left: columns stay true
            text, start = lines[change.line - 1], change.col - 1
            lines[change.line - 1] = text[:start] + change.new + text[start + len(change.old) :]
        _replace(path, "\n".join(lines))
    return len(by_file)


def _replace(path: Path, text: str) -> None:
    """Write `text` to `path` through a file beside it, so a crash leaves the old file or the new."""
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
        os.chmod(temp, path.stat().st_mode & 0o777)
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def _box_changes(raw: yamlio.YMap, lines: list[str], path: Path) -> list[Change]:
    """A shape's `rect: BOX` becomes `at: BOX`; `ellipse: BOX` becomes `shape: ellipse, at: BOX`
    (on two lines in a block mapping, at the key's indent)."""
    out = []
    for key, loc in old_box_keys(raw):
        line, col = loc.line, loc.col
        if lines[line - 1][col - 1 : col - 1 + len(key)] != key:
            continue  # not where the key is written (an alias, say): left for the author
        if key == "rect":
            out.append(Change(path, line, col, "rect", "at"))
        elif _in_flow(lines[line - 1][: col - 1]):
            out.append(Change(path, line, col, "ellipse", "shape: ellipse, at"))
        else:
            out.append(Change(path, line, col, "ellipse", "shape: ellipse\n" + " " * (col - 1) + "at"))
    return out


def _in_flow(before: str) -> bool:
    """Whether a key written after `before` on its line is inside a flow mapping: { … }."""
    return before.count("{") > before.count("}")


# -- markup's old forms in a template's source ------------------------------------------------
_START_TAG = re.compile(r"<(/?)([A-Za-z_][\w.-]*)((?:\s[^<>]*?)?)(/?)>")
_ATTR = re.compile(r"(?<=\s)([A-Za-z_][\w.-]*)(\s*=\s*)(\"[^\"]*\"|'[^']*')")


def old_forms(source: str) -> list[tuple[int, str, str]]:
    """(offset, old, new) for each old form in a template's source: a kebab-case tag or
    attribute, a bare length. Template code inside a value is left alone."""
    found = []
    for tag in _START_TAG.finditer(source):
        name = tag.group(2)
        if name in OLD_TAGS:
            found.append((tag.start(2), name, OLD_TAGS[name]))
        attrs = TAGS.get(OLD_TAGS.get(name, name))
        if attrs is None or tag.group(1):
            continue
        for attr in _ATTR.finditer(tag.group(3)):
            key, equals, quoted = attr.groups()
            new_key, value = OLD_ATTRIBUTES.get(key, key), quoted[1:-1]
            kind = attrs.get(new_key, TEXT)
            new_value = with_points(value, kind) if kind in LENGTHS or kind == WIDTHS else value
            if new_key != key or new_value != value:
                found.append((tag.start(3) + attr.start(), attr.group(0), f"{new_key}{equals}{quoted[0]}{new_value}{quoted[0]}"))
    return found

"""Problems with a place: every error kitpress reports names path:line:col."""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from pathlib import Path

from kitpress.quickclasses import set_by_slots


# a place in a workbook's sheet: the workbook's path and the sheet's name, `roles.xlsx[roles]`
# (no spreadsheet lets a sheet's name hold a bracket)
_SHEET = re.compile(r"(?P<file>.+\.(?:xlsx|ods))\[(?P<sheet>[^\[\]]+)\]", re.IGNORECASE)
_PRINTED = re.compile(r"(?P<path>.+?)(?::(?P<line>\d+):(?P<col>\d+)|!(?P<letters>[A-Z]+)(?P<row>\d+))?")


@set_by_slots
@dataclass(frozen=True, order=True, slots=True)
class Loc:
    """A place in a source file; line and col count from 1. In a workbook the path names the
    sheet too (`Loc.cell`), the line is the row and the col the column, and the place prints as
    a spreadsheet names the cell: `roles.xlsx[roles]!C12`. Kept in the path, the sheet travels
    wherever a place is stored as its three parts (the face cache, a manifest's warnings)."""

    path: str
    line: int = 0
    col: int = 0

    @classmethod
    def cell(cls, workbook: str, sheet: str, row: int = 0, col: int = 0) -> "Loc":
        return cls(f"{workbook}[{sheet}]", row, col)

    @property
    def file(self) -> str:
        """The file to open: a workbook's path without its sheet."""
        sheet = _SHEET.fullmatch(self.path)
        return sheet["file"] if sheet else self.path

    @property
    def sheet(self) -> str:
        sheet = _SHEET.fullmatch(self.path)
        return sheet["sheet"] if sheet else ""

    def __str__(self) -> str:
        if self.line:
            if self.path.endswith("]") and self.sheet:  # a sheet's name ends it: the look first (a place is printed often)
                return f"{self.path}!{column_letters(self.col)}{self.line}"
            return f"{self.path}:{self.line}:{self.col}"
        return self.path

    @classmethod
    def parse(cls, text: str) -> "Loc":
        """A place as printed, read back (a manifest keeps its warnings as printed lines)."""
        found = _PRINTED.fullmatch(text)
        if found["line"]:
            return cls(found["path"], int(found["line"]), int(found["col"]))
        if found["letters"] and _SHEET.fullmatch(found["path"]):
            return cls(found["path"], int(found["row"]), column_number(found["letters"]))
        return cls(text)

    def shifted(self, lines: int) -> "Loc":
        return Loc(self.path, self.line + lines, self.col if lines == 0 else 1)


@dataclass(frozen=True)
class Problem:
    level: str  # "error" or "warning"
    message: str
    loc: Loc

    def __str__(self) -> str:
        return f"{self.loc}: {self.level}: {self.message}"


@dataclass
class Problems:
    """Collects problems so a build reports them all and stops once."""

    items: list[Problem] = field(default_factory=list)

    def error(self, message: str, loc: Loc) -> None:
        self.items.append(Problem("error", message, loc))

    def warning(self, message: str, loc: Loc) -> None:
        self.items.append(Problem("warning", message, loc))

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.items if p.level == "error"]

    def raise_if_errors(self) -> None:
        if self.errors:
            raise KitpressError(list(dict.fromkeys(self.items)))  # a card printed twice fails once


class KitpressError(Exception):
    """Raised with every problem found; the CLI prints them and exits 1."""

    def __init__(self, problems: list[Problem] | Problem):
        self.problems = [problems] if isinstance(problems, Problem) else list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


def column_letters(number: int) -> str:
    """A spreadsheet's name for column `number` (from 1): A … Z, AA, AB …"""
    letters = ""
    while number > 0:
        number, rest = divmod(number - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters or "A"


def column_number(letters: str) -> int:
    number = 0
    for letter in letters:
        number = number * 26 + ord(letter) - ord("A") + 1
    return number


def fail(message: str, loc: Loc) -> KitpressError:
    return KitpressError(Problem("error", message, loc))


def did_you_mean(word: str, choices) -> str:
    close = difflib.get_close_matches(str(word), [str(c) for c in choices], n=1, cutoff=0.6)
    return f" (did you mean '{close[0]}'?)" if close else ""


def rel(path: Path, root: Path | None = None) -> str:
    """A path as the user typed it: relative to the working directory when possible. The path
    itself, not where a link at its end leads: that is what the user has to edit."""
    path = Path(path)
    for base in (root, Path.cwd()):
        if base is None:
            continue
        for resolve in (False, True):
            try:
                mine, theirs = (p.resolve() if resolve else p.absolute() for p in (path, Path(base)))
                return str(mine.relative_to(theirs))
            except (OSError, ValueError):  # not under it; or a name no file can have (a NUL in it)
                pass
    return str(path)


def shown(text: str, limit: int = 60) -> str:
    """Text from the user, made safe to print in one line: control characters written as
    escapes (a NUL, a newline), and no more than `limit` characters of it."""
    text = str(text)
    cut = text if len(text) <= limit else text[:limit] + "…"
    return "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii") for ch in cut)

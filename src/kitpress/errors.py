"""Problems with a place: every error kitpress reports names path:line:col."""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from pathlib import Path


@dataclass(frozen=True, order=True, slots=True)
class Loc:
    """A place in a source file; line and col count from 1."""

    path: str
    line: int = 0
    col: int = 0

    def __str__(self) -> str:
        if self.line:
            return f"{self.path}:{self.line}:{self.col}"
        return self.path

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

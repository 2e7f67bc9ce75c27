"""Saved printer settings: how far a printer's backs land from its fronts, and the edge it flips
on, by name, in a small file that later builds read (`kitpress printer save office
--back-offset -1.5,0.5`, then `kitpress build GAME --printer office`).

An offset is a correction as seen from the front, through the sheet: DX moves the backs right,
DY up, in millimetres on the printer check's scales; a cross seen at (+a, +b) is corrected by
-a,-b. kitpress 0.1 moved the backs in the back page's own coordinates instead, which a
long-edge flip mirrors across, and its entries do not say `seen_from: front`. Such an entry is
refused, never reinterpreted: a number typed from the printer check is right under the new
meaning, one found by trial is not, and only its owner knows which (the message says how to
save it again).
"""

from __future__ import annotations

import os
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path

from kitpress import files
from kitpress.content import yamlio
from kitpress.content.yamlio import YMap
from kitpress.errors import KitpressError, Loc, fail
from kitpress.impose.geometry import FLIPS

MAX_OFFSET_MM = 15
SEEN_FROM = "front"
_NUMBER = re.compile(r"\s*([+\-\u2212]?)(\d{1,3}(?:\.\d{1,3})?|\.\d{1,3})\s*")  # also −0.5, as the sheet prints it
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")


@dataclass(frozen=True)
class Printer:
    back_offset: tuple[float, float] = (0.0, 0.0)  # mm, as seen from the front: + right, + up
    flip: str = "long"  # the edge the sheet turns on for its back


def settings_file() -> Path:
    base = Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config")
    return base / "kitpress" / "printers.yaml"


def parse_offset(text: str, where: Loc = Loc("--back-offset")) -> tuple[float, float]:
    """'DX,DY' in millimetres, each a plain decimal number (never nan or inf) of at most 15."""
    parts = str(text).split(",")
    found = [_NUMBER.fullmatch(part) for part in parts]
    if len(parts) != 2 or not all(found):
        raise fail(f"--back-offset {str(text)[:40]!r}: give two numbers of millimetres, like -1.5,0.5", where)
    dx, dy = (-float(m.group(2)) if m.group(1) in ("-", "\u2212") else float(m.group(2)) for m in found)
    if abs(dx) > MAX_OFFSET_MM or abs(dy) > MAX_OFFSET_MM:
        raise fail(f"--back-offset {text}: more than {MAX_OFFSET_MM} mm; check the printer check sheet again", where)
    return dx + 0.0, dy + 0.0  # -0.0 prints as 0


def parse_flip(text: str, where: Loc = Loc("--flip")) -> str:
    if text not in FLIPS:
        raise fail(f"--flip {str(text)[:20]}: use {' or '.join(FLIPS)} (the edge your printer turns the sheet on)", where)
    return text


def load(name: str) -> Printer:
    """A saved printer; a located error if there is none by that name, or its entry is broken."""
    path = settings_file()
    saved = _read(path)
    entry = saved.get(name)
    if entry is None:
        known = ", ".join(sorted(saved)) or "none saved yet"
        raise fail(
            f"no printer named '{name}' ({known}); save one with kitpress printer save NAME --back-offset DX,DY", Loc(str(path))
        )
    if not isinstance(entry, YMap) or "back_offset" not in entry:
        raise fail(f"printer '{name}': give its back_offset, like back_offset: -1.5,0.5", saved.loc_of(name))
    value = str(entry["back_offset"])
    if entry.get("seen_from") != SEEN_FROM:
        advice = (
            f". If you typed {value} from the printer check, it is right now: save it again with "
            f"`kitpress printer save {name} --back-offset {value}`; if you found it by trial, print calibration.pdf "
            "again and save what it shows"
        )
        message = f"printer '{name}' was saved by kitpress 0.1, whose back offset moved the backs the wrong way across{advice}"
        raise fail(message, entry.loc_of("back_offset"))
    offset = parse_offset(value, entry.loc_of("back_offset"))
    flip = parse_flip(str(entry.get("flip") or "long"), entry.loc_of("flip"))
    return Printer(offset, flip)


def names() -> list[str]:
    """The saved printers' names ([] if none, or if the file cannot be read: `load` says why)."""
    try:
        return sorted(_read(settings_file()))
    except KitpressError:
        return []


def save(name: str, printer: Printer) -> Path:
    """Add or replace one printer, keeping the others as they are. A file that cannot be read
    is reported and left alone, never written over."""
    if not _NAME.fullmatch(name):
        raise fail(f"printer name '{name[:40]}': use letters, digits, '.', '_' and '-' (up to 64)", Loc("NAME"))
    path = settings_file()
    saved = {key: _plain(value) for key, value in _read(path).items()}
    dx, dy = printer.back_offset
    saved[name] = {"back_offset": f"{dx:g},{dy:g}", "flip": printer.flip, "seen_from": SEEN_FROM}
    header = (
        "# kitpress's saved printers (kitpress printer save NAME --back-offset DX,DY [--flip short]).\n"
        "# back_offset: where to move the card backs, in mm as seen from the front: + right, + up.\n"
    )
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".printers-")
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(header + yamlio.dump(saved))
        os.replace(temporary, path)  # whole or not at all
    except OSError as exc:
        raise fail(f"cannot save the printer: {exc.strerror}", Loc(str(exc.filename or path))) from None
    return path


def _read(path: Path) -> YMap:
    """The saved printers, by name ({} before the first is saved)."""
    if not files.exists(path):
        return YMap(loc=Loc(str(path)))
    raw = yamlio.load_file(path, str(path), within=[path.parent])
    if not isinstance(raw, YMap):
        raise fail("the printers file maps printer names to their settings (back_offset, flip)", raw.loc)
    return raw


def _plain(value):
    """A located YAML value as plain data, to write back."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return str(value) if isinstance(value, str) else value

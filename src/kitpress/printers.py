"""Saved printer settings: the back-page offset a printer needs, by name, in a small file that
later builds read (`kitpress printer save office --back-offset -1.5,0.5`, then
`kitpress build GAME --printer office`)."""

from __future__ import annotations

import os
from pathlib import Path

import yaml

from .errors import Loc, fail


def settings_file() -> Path:
    base = Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config")
    return base / "kitpress" / "printers.yaml"


def parse_offset(text: str) -> tuple[float, float]:
    try:
        dx, dy = (float(part) for part in text.split(","))
    except ValueError:
        raise fail(f"--back-offset {text!r}: give two numbers of millimetres, like -1.5,0.5", Loc("--back-offset")) from None
    if abs(dx) > 15 or abs(dy) > 15:
        raise fail(f"--back-offset {text}: more than 15 mm; check the printer check sheet again", Loc("--back-offset"))
    return dx, dy


def load(name: str) -> tuple[float, float]:
    path = settings_file()
    saved = yaml.safe_load(path.read_text(encoding="utf-8")) if path.is_file() else {}
    entry = (saved or {}).get(name)
    if not isinstance(entry, dict) or "back_offset" not in entry:
        known = ", ".join(sorted(saved or {})) or "none saved yet"
        raise fail(
            f"no printer named '{name}' ({known}); save one with kitpress printer save NAME --back-offset DX,DY", Loc(str(path))
        )
    return parse_offset(str(entry["back_offset"]))


def save(name: str, offset: tuple[float, float]) -> Path:
    path = settings_file()
    saved = (yaml.safe_load(path.read_text(encoding="utf-8")) if path.is_file() else None) or {}
    saved[name] = {"back_offset": f"{offset[0]:g},{offset[1]:g}"}
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(yaml.safe_dump(saved, sort_keys=True), encoding="utf-8")
    return path

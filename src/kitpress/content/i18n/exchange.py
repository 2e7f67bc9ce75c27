"""A language's translations out to the files translators' tools read — gettext PO (Poedit,
Weblate, Pootle, through polib) and XLIFF 1.2 (Weblate, memoQ, Trados) — and back.

Each text is one unit: its key as the context (PO `msgctxt`, XLIFF `id`), its source text, its
translation ("" when there is none: it stays untranslated both ways, never the source text), its
state (a translation not confirmed, or confirmed against a source text that has changed since,
is `fuzzy` in PO and `needs-review-translation` in XLIFF), and notes for the translator: where
the text comes from, where it prints and the room it has, and what each placeholder stands for.

Reading one back checks each unit as a language file's entry is checked: an unknown key, or a
translation that drops or adds a placeholder, is refused, with the unit's place in the file."""

from __future__ import annotations

import bisect
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass

import polib

from kitpress.content.textfmt import PLACEHOLDER
from kitpress.errors import Loc, fail

FORMATS = ("po", "xliff")
XLIFF = "urn:oasis:names:tc:xliff:document:1.2"
REVIEW = "needs-review-translation"
MAX_UNITS = 200_000  # a translation file holding more units than any game has texts is refused


@dataclass(frozen=True)
class Unit:
    key: str
    source: str
    target: str  # "" untranslated
    fuzzy: bool  # translated, but not confirmed against this source text
    notes: tuple[str, ...] = ()
    loc: Loc | None = None  # where it is: the content file (out), the translation file (in)


def placeholder_notes(source: str) -> list[str]:
    """What each placeholder of a text stands for, in words a translator can act on."""
    notes = []
    for token in dict.fromkeys(match.group(0) for match in PLACEHOLDER.finditer(source)):
        name = token.strip("{}").split("|")[0]
        if re.fullmatch(r"[a-z]", name):
            kind = "a number the layout fills"
        elif "." in name:
            kind = f"the game's value of {name}"
        else:
            kind = f"filled in by the layout when the kit is built ({name})"
        notes.append(f"{token}: {kind}; keep it as it is, anywhere in the sentence")
    return notes


# -- out ------------------------------------------------------------------------------------------
def to_po(units: list[Unit], lang: str, source_lang: str, game: str, plural_forms: str = "") -> str:
    po = polib.POFile(wrapwidth=0)
    po.metadata = {
        "Project-Id-Version": game,
        "Language": lang,
        "MIME-Version": "1.0",
        "Content-Type": "text/plain; charset=UTF-8",
        "Content-Transfer-Encoding": "8bit",
        "X-Source-Language": source_lang,
        "X-Generator": "kitpress",
        **({"Plural-Forms": plural_forms} if plural_forms else {}),
    }
    for unit in units:
        entry = polib.POEntry(msgctxt=unit.key, msgid=unit.source, msgstr=unit.target, comment="\n".join(unit.notes))
        if unit.loc is not None and unit.loc.line:
            entry.occurrences = [(unit.loc.path, str(unit.loc.line))]
        if unit.fuzzy and unit.target:
            entry.flags.append("fuzzy")
        po.append(entry)
    return str(po)


def to_xliff(units: list[Unit], lang: str, source_lang: str, game: str) -> str:
    ET.register_namespace("", XLIFF)
    root = ET.Element(f"{{{XLIFF}}}xliff", version="1.2")
    file = ET.SubElement(root, f"{{{XLIFF}}}file", {"original": game, "source-language": source_lang,
                                                      "target-language": lang, "datatype": "plaintext"})  # fmt: skip
    body = ET.SubElement(file, f"{{{XLIFF}}}body")
    for unit in units:
        attributes = {"id": unit.key, "resname": unit.key}
        if unit.target:
            attributes["approved"] = "no" if unit.fuzzy else "yes"
        element = ET.SubElement(body, f"{{{XLIFF}}}trans-unit", attributes)
        ET.SubElement(element, f"{{{XLIFF}}}source").text = unit.source
        target = ET.SubElement(element, f"{{{XLIFF}}}target")
        target.text = unit.target
        target.set("state", (REVIEW if unit.fuzzy else "translated") if unit.target else "new")
        for note in unit.notes:
            ET.SubElement(element, f"{{{XLIFF}}}note", {"from": "developer"}).text = note
        if unit.loc is not None and unit.loc.line:
            ET.SubElement(element, f"{{{XLIFF}}}note", {"from": "location"}).text = f"{unit.loc.path}:{unit.loc.line}"
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


# -- in -------------------------------------------------------------------------------------------
def read(text: str, shown: str) -> tuple[str, list[Unit]]:
    """The language and units of a PO or XLIFF file's text (told apart by what it holds); the
    units are counted before either is parsed, so a huge file is refused before it costs."""
    xml = text.lstrip().startswith("<")
    if text.count("<trans-unit" if xml else "msgid ") > MAX_UNITS:
        raise fail(f"more than {MAX_UNITS:,} units; no game has that many texts", Loc(shown, 1, 1))
    return _read_xliff(text, shown) if xml else _read_po(text, shown)


def _read_po(text: str, shown: str) -> tuple[str, list[Unit]]:
    try:
        po = polib.pofile(text, wrapwidth=0)
    except (OSError, ValueError) as exc:
        raise fail(f"not a PO file polib can read: {exc}", Loc(shown, 1, 1)) from None
    lang = str(po.metadata.get("Language", "")).strip()
    if not lang:
        raise fail("the PO header gives no Language: (the language its translations are in)", Loc(shown, 1, 1))
    lines = {m.group(1): text.count("\n", 0, m.start()) + 1 for m in re.finditer(r'^msgctxt "((?:[^"\\]|\\.)*)"$', text, re.M)}
    units = []
    for entry in po:
        if entry.obsolete:
            continue
        where = Loc(shown, lines.get(entry.msgctxt or "", entry.linenum or 1), 1)
        if not entry.msgctxt:
            raise fail("an entry without msgctxt: kitpress names each text by its key there", where)
        units.append(Unit(entry.msgctxt, entry.msgid, entry.msgstr, "fuzzy" in entry.flags, (), where))
    return lang, units


def _read_xliff(text: str, shown: str) -> tuple[str, list[Unit]]:
    if "<!" in text.replace("<!--", ""):
        raise fail("declarations (<!DOCTYPE, <!ENTITY) are not allowed in an XLIFF file", Loc(shown, 1, 1))
    try:
        root = ET.fromstring(text)
    except ET.ParseError as exc:
        line, col = exc.position
        raise fail(f"not well-formed XML: {exc}", Loc(shown, line, col + 1)) from None
    lines = _unit_lines(text)
    file = root.find(f"{{{XLIFF}}}file")
    if root.tag != f"{{{XLIFF}}}xliff" or file is None:
        raise fail("not an XLIFF 1.2 file: no <xliff><file> in its namespace", Loc(shown, 1, 1))
    lang = file.get("target-language", "").strip()
    if not lang:
        raise fail("the <file> gives no target-language (the language its translations are in)", Loc(shown, 1, 1))
    units = []
    for element in file.iter(f"{{{XLIFF}}}trans-unit"):
        key = element.get("id", "")
        where = Loc(shown, lines.get(key, 1), 1)
        source = element.findtext(f"{{{XLIFF}}}source", default="")
        target_element = element.find(f"{{{XLIFF}}}target")
        target = (target_element.text or "") if target_element is not None else ""
        state = target_element.get("state", "") if target_element is not None else ""
        fuzzy = state.startswith("needs-") or element.get("approved") == "no"
        units.append(Unit(key, source, target, fuzzy, (), where))
    return lang, units


def _unit_lines(text: str) -> dict[str, int]:
    """The line each trans-unit starts on, by its id: where a unit's problem is said."""
    starts = [0] + [i + 1 for i, ch in enumerate(text) if ch == "\n"]
    return {m.group(1): bisect.bisect_right(starts, m.start()) for m in re.finditer(r'<trans-unit\b[^>]*?\bid="([^"]*)"', text)}

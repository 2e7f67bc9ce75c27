"""Where each text of a game prints, and the room it has there: the notes a translator reads
beside each string (`kitpress i18n export`), found from the composed scene."""

from __future__ import annotations

import re

from kitpress.compose.scene import Part
from kitpress.typeset import styles

MOST = 3  # places noted for a text printed in many (a label on every card)
_STYLE = re.compile(r'<(\w+)(?:\s[^>]*?\bstyle="([\w-]+)")?')
HEADINGS = {"h1", "h2", "h3", "h4"}


def places(parts: list[Part]) -> dict[str, list[str]]:
    """For each text key, a note for each place it prints (at most MOST): the file, the piece,
    the frame and about how many characters fit there at its style's size."""
    found: dict[str, list[str]] = {}
    for part in parts:
        for face in part.faces():
            for frame in face.frames:
                if frame.blame is None:
                    continue
                keys = list(dict.fromkeys(k for k in (getattr(p, "field", "") for p in frame.blame.printed) if k))
                for key in keys:
                    notes = found.setdefault(key, [])
                    note = f"prints in {part.component}.pdf, {frame.blame.where}, frame '{frame.id}'"
                    room = _room(face.sheet, frame)
                    if room:
                        others = len(keys) - 1
                        shared = f", shared with {others} other text{'s' if others > 1 else ''}" if others else ""
                        note += f": room for about {room} characters{shared}"
                    if note not in notes and len(notes) < MOST:
                        notes.append(note)
    return found


def _room(sheet, frame) -> int:
    """About how many characters of the frame's style fit in its box: half an em a character,
    a line a leading."""
    match = _STYLE.search(frame.markup)
    name = (match.group(2) or (match.group(1) if match.group(1) in HEADINGS else "body")) if match else "body"
    try:
        style = styles.para(sheet, name)
    except KeyError:
        return 0
    width, height = frame.box[2] - 2 * frame.pad, frame.box[3] - 2 * frame.pad
    per_line = int(width / (style.fontSize * 0.5))
    lines = max(1, int(height / style.leading))
    return max(0, per_line * lines)

"""Text as a reader sees it on the printed page, for tests that read the PDFs kitpress writes."""

from __future__ import annotations

import re


def lines(page, columns: int = 1) -> list[str]:
    """A pdfium page's text line by line, column by column, each line left to right: characters
    grouped by the line they sit on, whatever order the content streams (and the forms they use)
    wrote them in."""
    text = page.get_textpage()
    width = page.get_size()[0]
    rows: dict[tuple[int, int], list] = {}
    for i in range(text.count_chars()):
        left, bottom, right, _ = text.get_charbox(i, loose=True)  # loose: the font's box, one bottom for a line
        if right > left:  # a drawn character, not a line end
            column = min(columns - 1, int(left / (width / columns)))
            rows.setdefault((column, -round(bottom)), []).append((left, right, text.get_text_range(i, 1)))
    out = []
    for _, chars in sorted(rows.items()):
        line, last = "", None
        for left, right, ch in sorted(chars):
            line += (" " if last is not None and left - last > 1.5 else "") + ch
            last = right
        out.append(line)
    return out


def page_texts(document) -> list[str]:
    """Each page's text on one line, words joined again where a line broke them with a hyphen."""
    texts = []
    for i in range(len(document)):
        raw = document[i].get_textpage().get_text_range()
        texts.append(" ".join(re.sub(r"[\ufffe\u00ad-]\s*[\r\n]+\s*", "", raw).split()))
    return texts


def listed(lines_: list[str]) -> list[tuple[str, list[int]]]:
    """The entries of a contents list or index: a title, dot leaders, then page numbers."""
    found = []
    for line in lines_:
        match = re.fullmatch(r"\s*(\S.*?)\s*(?:\.\s*){3,}(\d+(?:,\s*\d+)*)\s*", line)
        if match:
            found.append((match.group(1), [int(n) for n in match.group(2).split(",")]))
    return found

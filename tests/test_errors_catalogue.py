"""docs/errors.md lists every message kitpress can print."""

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
# calls that print a problem, with their message as the first string literal
CALL = re.compile(
    r'(?:\.error|\bfail|Problem\(\s*"(?:error|warning)",|_problem|MarkupError|\.warning|\bmessage\s*=|'
    r'\bwhat\s*=|\bwhy\s*=|raise BindError)\(?\s*f?"([^"]*)"'
)


def messages() -> list[tuple[str, str]]:
    out = []
    for path in sorted((REPO / "src/kitpress").glob("*.py")):
        for match in CALL.finditer(path.read_text(encoding="utf-8")):
            out.append((path.name, re.sub(r"\{[^}]*\}", "…", match.group(1))))
    return out


def test_the_catalogue_finds_messages_at_all():
    assert len(messages()) > 80


def test_every_message_is_in_the_catalogue():
    catalogue = (REPO / "docs/errors.md").read_text(encoding="utf-8").replace("\\|", "|")
    missing = [f"{name}: {text}" for name, text in messages() if f"`{text}`" not in catalogue]
    assert not missing, "add these to docs/errors.md:\n" + "\n".join(missing)

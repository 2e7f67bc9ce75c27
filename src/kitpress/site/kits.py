"""What the kit page shows, as values: each kit (a game in one language on one paper) with its
components, the sheets it takes and how much of its translation falls back; kits grouped by
game, then language, then paper, in the order the page lists them."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

from kitpress.content import i18n

PAPER_NAMES = {
    "a4": ("A4", "210\u00a0×\u00a0297\u00a0mm"),
    "letter": ("US Letter", "8.5\u00a0×\u00a011\u00a0in"),
    "a3": ("A3", "297\u00a0×\u00a0420\u00a0mm"),
}
# A language's own name; any other code is shown as it is.
LANG_NAMES = {
    "de": "Deutsch",
    "en": "English",
    "es": "Español",
    "fr": "Français",
    "it": "Italiano",
    "nl": "Nederlands",
    "pl": "Polski",
    "pt": "Português",
    "ru": "Русский",
    "uk": "Українська",
}
STOCK_NAMES = {"paper": "Plain paper", "card": "Card stock"}


@dataclass
class Component:
    component: str
    title: str
    kind: str
    file: str
    href: str  # relative to index.html
    thumb: str  # relative to index.html
    thumb_size: tuple[int, int]
    pages: int
    sheets: int
    duplex: bool
    stock: str
    stock_name: str
    size: str  # trim size, "70 × 120 mm", or ""
    combined: bool  # the whole kit in one file: listed, never counted in the sheets


@dataclass(frozen=True)
class Translation:
    """A translated kit's coverage, from its manifest's "translation" block."""

    source: str  # the game's own language, which the untranslated texts print in
    total: int
    missing: int

    @property
    def partial(self) -> bool:
        return self.missing > 0

    @property
    def percent(self) -> int:
        """The share of the texts printed in the kit's language."""
        return i18n.percent(self.total - self.missing, self.total)

    @property
    def source_name(self) -> str:
        return i18n.language_name(self.source)  # CLDR's names are loaded only for a partial kit


@dataclass
class Kit:
    game: str
    title: str
    lang: str
    lang_name: str
    paper: str
    paper_name: str
    paper_size: str
    anchor: str
    folder: str  # relative to index.html
    manifest: str  # relative to index.html
    components: list[Component]
    translation: Translation | None = None  # None: the game's own language, or a manifest without it
    flip: str = "long"  # the edge its double-sided files turn on (--flip)
    sources: str = ""  # what the kit is made from and what it adds, in a line (game.yaml's sources)

    @property
    def partial(self) -> Translation | None:
        """The translation, if part of the kit prints in the source language."""
        return self.translation if self.translation and self.translation.partial else None

    @property
    def printed(self) -> list[Component]:
        """The files to print; a file holding all the others (kit.pdf) is not one of them."""
        return [c for c in self.components if not c.combined]

    @property
    def combined(self) -> list[Component]:
        return [c for c in self.components if c.combined]

    @property
    def sheets(self) -> int:
        return sum(c.sheets for c in self.printed)

    @property
    def card_sheets(self) -> int:
        return sum(c.sheets for c in self.printed if c.stock == "card")

    @property
    def paper_sheets(self) -> int:
        return sum(c.sheets for c in self.printed if c.stock == "paper")

    @property
    def other_sheets(self) -> int:
        return self.sheets - self.card_sheets - self.paper_sheets

    @property
    def pages(self) -> int:
        return sum(c.pages for c in self.printed)


@dataclass
class Language:
    lang: str
    lang_name: str
    title: str
    kits: list[Kit] = field(default_factory=list)

    @property
    def by_paper(self) -> dict[str, Kit]:
        return {kit.paper: kit for kit in self.kits}

    @property
    def partial(self) -> Translation | None:
        """The least complete of its kits' translations, if any is partial (kits built at
        different times may differ)."""
        partial = [kit.partial for kit in self.kits if kit.partial]
        return max(partial, key=lambda t: t.missing) if partial else None


@dataclass
class GameGroup:
    game: str
    title: str  # the title in the first language listed
    anchor: str
    languages: list[Language] = field(default_factory=list)

    @property
    def kits(self) -> list[Kit]:
        return [kit for language in self.languages for kit in language.kits]


def sheets_for(pages: int, duplex: bool) -> int:
    """Sheets a file takes: one per page, or one per two pages printed double-sided."""
    return math.ceil(pages / 2) if duplex else pages


def is_combined(entry: dict) -> bool:
    """The whole kit in one PDF (kit.pdf, after every other file): it repeats their pages, so
    it is listed but its sheets are not added to the kit's."""
    return entry.get("combined") is True or (entry.get("component") == "kit" and entry.get("file") == "kit.pdf")


def anchor(*parts: str) -> str:
    """An id for the page's links: the parts joined, anything but letters, digits, _ and - replaced."""
    return "-".join(re.sub(r"[^A-Za-z0-9_-]+", "_", part) for part in parts)


def paper_order(paper: str) -> tuple:
    order = list(PAPER_NAMES)
    return (order.index(paper), "") if paper in order else (len(order), paper)


def group(kits: list[Kit]) -> list[GameGroup]:
    """Games by title, then languages by code, then papers in kitpress's order (a4, letter, a3)."""
    by_game: dict[str, list[Kit]] = {}
    for kit in kits:
        by_game.setdefault(kit.game, []).append(kit)
    games = []
    for game, game_kits in by_game.items():
        by_lang: dict[str, list[Kit]] = {}
        for kit in sorted(game_kits, key=lambda k: (k.lang, paper_order(k.paper))):
            by_lang.setdefault(kit.lang, []).append(kit)
        languages = [Language(lang, ks[0].lang_name, ks[0].title, ks) for lang, ks in by_lang.items()]
        english = [lang for lang in languages if lang.lang == "en"]
        title = (english or languages)[0].title
        games.append(GameGroup(game, title, anchor(game), languages))
    return sorted(games, key=lambda g: (g.title.casefold(), g.game))

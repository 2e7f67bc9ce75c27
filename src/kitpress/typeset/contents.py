"""A contents list and an index laid out in one pass.

reportlab's TableOfContents learns its entries while the document is laid out, so it lays the
whole document out again until the list it drew is the list it found: a first pass with an empty
list (other pages, other page numbers), a second with the headings, often a third because the
list's own height moved them. A rulebook with a contents list was a sixth of `make kit`.

Here the list starts with its headings (render/documents gives it the story's, before the first
pass), so the first pass places every page where the last one would, and each entry's dots and
page number are drawn as a form (a PDF XObject) that is named where the entry is drawn and
written once the pages are known, before the file is saved: PDF lets a page use a form defined
later. The pass is done when the headings found are the headings listed; were they not (a
heading only found while laying out), reportlab passes again, as before.

An index lists the pages its marked terms fell on. reportlab's SimpleIndex already draws, on
the first pass, the terms marked so far (every one, when the index ends the document, as a
rulebook's does), but it asks for a second pass all the same, since it compares what it found
with the last pass's list. Here it is done when what it drew is what the pass found.
"""

from __future__ import annotations

from reportlab.platypus.tableofcontents import SimpleIndex, TableOfContents, drawPageNumbers

_REACH = 1e5  # points: a form's box, round whatever the entry's place is on its page
_DOTS = " . "


class Contents(TableOfContents):
    """A TableOfContents whose page numbers are written after the pages are laid out."""

    def __init__(self, **kwds) -> None:
        super().__init__(**kwds)
        self.serial = 0  # which contents list of its document: its forms' names are the same in every build
        self._pending: list = []  # (form name, level, x, y, width, height) of each entry drawn this pass
        self._canvas = None  # the pass's canvas, as the entries were drawn on it

    def seed(self, entries: list[tuple[int, str]], serial: int = 0) -> None:
        """The (level, text) of the headings the list will hold, before the first pass."""
        self._entries = [(level, text, 0, None) for level, text in entries]
        self.serial = serial

    def beforeBuild(self) -> None:  # noqa: N802 - reportlab's hook
        super().beforeBuild()
        self._pending = []

    def isSatisfied(self) -> bool:  # noqa: N802 - reportlab's hook
        """The same headings, at the same levels: their page numbers are written when the pass ends."""
        return [entry[:2] for entry in self._entries] == [entry[:2] for entry in self._lastEntries]

    def wrap(self, availWidth, availHeight):  # noqa: N803 - reportlab's names
        size = super().wrap(availWidth, availHeight)
        self.canv.setNamedCB("drawTOCEntryEnd", self._entry_end(availWidth, availHeight))
        return size

    def _entry_end(self, width: float, height: float):
        def draw(canvas, _kind, label) -> None:
            """Where an entry's text ends: its dots and number, as a form written later."""
            level = int(label.split(",")[1])
            name = f"KContents{self.serial}_{len(self._pending)}"
            info = canvas._curr_tx_info
            self._pending.append((name, level, info["cur_x"], info["cur_y"], width, height))
            self._canvas = canvas
            canvas.doForm(name)

        return draw

    def afterBuild(self) -> None:  # noqa: N802 - reportlab's hook
        """Write each entry's form with the page its heading fell on in this pass."""
        canvas = self._canvas
        for index, (name, level, x, y, width, height) in enumerate(self._pending):
            page = self._entries[index][2] if index < len(self._entries) else 0  # differing, the pass is done again
            canvas.beginForm(name, -_REACH, -_REACH, _REACH, _REACH)
            canvas._curr_tx_info = {"cur_x": x, "cur_y": y}  # where the entry's text ended, as reportlab's own callback reads it
            dots = _DOTS if 0 <= self.dotsMinLevel <= level else ""
            drawPageNumbers(canvas, self.getLevelStyle(level), [(self.formatter(page) if self.formatter else page, None)], width, height, dots)
            canvas.endForm()
        self._pending, self._canvas = [], None


class Index(SimpleIndex):
    """A SimpleIndex that is satisfied when the terms and pages it drew are the ones the pass found."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._drawn: dict | None = None  # the terms and pages this pass drew, when it drew them

    def beforeBuild(self) -> None:  # noqa: N802 - reportlab's hook
        super().beforeBuild()
        self._drawn = None

    def _build(self, availWidth, availHeight):  # noqa: N803 - reportlab's names
        shown = self._lastEntries or self._entries  # what reportlab's _getlastEntries draws
        self._drawn = {terms: set(pages) for terms, pages in shown.items()}
        return super()._build(availWidth, availHeight)

    def isSatisfied(self) -> bool:  # noqa: N802 - reportlab's hook
        if self._drawn is None:  # not drawn at all this pass
            return super().isSatisfied()
        return self._entries == self._drawn

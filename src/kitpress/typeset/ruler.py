"""The calibration ruler: 100 mm with millimetre ticks and a 10 mm square."""

from __future__ import annotations

from reportlab.platypus import Flowable

from kitpress.units import MM
from kitpress.typeset import oneline, styles


class Ruler(Flowable):
    def __init__(self, sheet, caption: str = ""):
        super().__init__()
        self.sheet = sheet
        self.caption = caption

    def wrap(self, avail_width, avail_height):
        self.width, self.height = 112 * MM, 16 * MM
        return self.width, self.height

    def draw(self):
        c = self.canv
        ink = styles.color(self.sheet, "ink")
        c.setStrokeColor(ink)
        c.setFillColor(ink)
        base = 5 * MM
        c.setLineWidth(0.6)
        c.line(0, base, 100 * MM, base)
        for mm in range(101):
            tick = 4 * MM if mm % 10 == 0 else 2.6 * MM if mm % 5 == 0 else 1.6 * MM
            c.setLineWidth(0.5 if mm % 10 == 0 else 0.3)
            c.line(mm * MM, base, mm * MM, base + tick)
        c.setFont("Sans", 6)
        for cm in range(0, 11):
            c.drawCentredString(cm * 10 * MM, 1.2 * MM, str(cm * 10))
        stroke = 0.6
        c.setLineWidth(stroke)
        half = stroke / 2  # a stroke is centred on its path: inset by half of it, the ink measures 10 mm outside
        c.rect(102 * MM + half, base + half, 10 * MM - stroke, 10 * MM - stroke)
        c.setFont("Sans", 5.5)
        c.drawCentredString(107 * MM, base + 4 * MM, "10 mm")
        if self.caption:
            c.setFont("Sans", 7)
            oneline.draw(c, self.caption, 0, base + 6.5 * MM, self.sheet.lang)

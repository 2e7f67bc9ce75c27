"""Kit-level files a teacher needs beside the components: the print plan, the printer check
(calibration and duplex test), one combined PDF for a single print job, and table numbers."""

from __future__ import annotations

import io
from pathlib import Path
from typing import TYPE_CHECKING

from reportlab.lib.colors import Color

from kitpress import __version__
from kitpress.impose.geometry import back_shift, behind
from kitpress.render import pdfjoin
from kitpress.render.canvas import INK, Job, open_canvas
from kitpress.render.kittext import words
from kitpress.typeset import oneline
from kitpress.typeset.markup import Builder
from kitpress.typeset.ruler import Ruler
from kitpress.units import MM

if TYPE_CHECKING:
    import pikepdf

GREY = Color(0.45, 0.45, 0.45)


def sheets(entry: dict) -> int:
    """Sheets of paper a file takes: a double-sided file prints two pages on each."""
    return -(-entry["pages"] // 2) if entry["duplex"] else entry["pages"]


def write_calibration(path: Path, job: Job) -> int:
    """Page 1: the 100 mm ruler and the front of the duplex test; page 2: its back. Printed
    double-sided and held against the light, the back's cross falls on the front's scales at the
    printer's shift, which --back-offset then corrects: the cross is moved exactly as the kit's
    card backs are, so the sheet printed again from a corrected kit shows it on 0, 0."""
    lang = job.meta.lang
    say = words(lang)
    c = open_canvas(path, job.paper, job.meta)
    w, h = job.paper
    left = job.edge + 8 * MM
    top = h - job.edge - 10 * MM
    c.setFillColor(INK)
    c.setFont("Sans-Bold", 18)
    oneline.draw(c, say["printer_check"], left, top - 8 * MM, lang)
    steps = say["check_print"].format(edge=say[f"edge_{job.flip}"]) + say["check_light"]
    if job.flip == "long":
        steps += say["check_short"]
    flows = Builder(job.sheet).build(steps, w - 2 * left)
    cursor = top - 14 * MM
    for flow in flows:
        _, fh = flow.wrap(w - 2 * left, 200 * MM)
        flow.drawOn(c, left, cursor - fh)
        cursor -= fh + 2 * MM
    ruler = Ruler(job.sheet, "100 mm")
    ruler.wrapOn(c, w, h)
    ruler.drawOn(c, left, cursor - 20 * MM)
    centre = (w / 2, cursor - 20 * MM - 42 * MM)  # the scales' 0, 0 on the front
    _scales(c, *centre)
    c.setFillColor(INK)
    c.setFont("Sans-Bold", 9)
    oneline.draw(c, say["duplex_test"], centre[0], centre[1] + 26 * MM, lang, "centre")  # above the box, which it may be wider than
    c.setStrokeColor(GREY)
    c.setLineWidth(0.4)
    c.rect(centre[0] - 30 * MM, centre[1] - 22 * MM, 60 * MM, 44 * MM, stroke=1, fill=0)
    if any(job.back_offset):
        dx, dy = (f"{v / MM:g}" for v in job.back_offset)
        c.setFillColor(GREY)
        c.setFont("Sans", 7.5)
        oneline.draw(c, say["check_built"].format(dx=dx, dy=dy), centre[0], centre[1] - 27 * MM, lang, "centre")
    c.showPage()
    x, y = behind(centre, job.paper, job.flip)  # where the scales' 0, 0 lies, seen from the back
    sx, sy = back_shift(job.back_offset, job.flip)
    _cross(c, x + sx, y + sy)
    c.setFont("Sans", 8)
    c.setFillColor(GREY)
    oneline.draw(c, say["check_back"], w / 2, job.edge + 4 * MM, lang, "centre")
    c.showPage()
    c.save()
    return 2


def _scales(c, x: float, y: float) -> None:
    """Two millimetre scales, −10 to +10, crossing at (x, y). The across scale is labelled
    under its ticks; the up scale to the right, beyond the across scale's labels, so no two
    labels meet. The labels are set in the symbol family, which has the minus sign."""
    c.setStrokeColor(INK)
    c.setFillColor(INK)
    c.setFont("Symbols", 6)
    for mm in range(-10, 11):
        tick = 4 * MM if mm % 5 == 0 else 2 * MM
        c.setLineWidth(0.5 if mm % 5 == 0 else 0.25)
        c.line(x + mm * MM, y - tick / 2, x + mm * MM, y + tick / 2)
        c.line(x - tick / 2, y + mm * MM, x + tick / 2, y + mm * MM)
        if mm % 5 == 0 and mm:
            label = f"{mm:+d}".replace("-", "\u2212")
            c.drawCentredString(x + mm * MM, y - 4.5 * MM, label)
            c.drawString(x + 14 * MM, y + mm * MM - 2, label)
    c.setLineWidth(0.5)
    c.line(x - 10 * MM, y, x + 10 * MM, y)
    c.line(x, y - 10 * MM, x, y + 10 * MM)


def _cross(c, x: float, y: float) -> None:
    c.setStrokeColor(INK)
    c.setLineWidth(0.8)
    c.line(x - 14 * MM, y, x + 14 * MM, y)
    c.line(x, y - 14 * MM, x, y + 14 * MM)
    c.circle(x, y, 1.5 * MM, stroke=1, fill=0)


# what the print plan shows of each file: a plan made from the same values is the same plan
PLAN_FIELDS = ("file", "title", "stock", "duplex", "component", "pages", "kind", "cut")


def plan_rows(entries: list[dict]) -> list[dict]:
    """The manifest entries as the plan reads them: only what it shows."""
    return [{key: entry.get(key) for key in PLAN_FIELDS} for entry in entries]


def write_plan(
    path: Path, job: Job, title: str, entries: list[dict], tables: int, sources: str = "", own_sheets: int = 1
) -> int:
    """The print plan: every file, what to print it on, single- or double-sided, copies, sheets,
    and how to cut and assemble it, and what the kit is made from (`sources`, the game's one-line
    summary). Its total counts its own sheets too: rendered again if it turns out longer than
    one page. `entries`: plan_rows (so that what it is made from is known before it is drawn)."""
    say = words(job.meta.lang)
    c = open_canvas(path, job.paper, job.meta)
    w, h = job.paper
    margin = job.edge + 8 * MM
    rows = "".join(
        f"<tr><td><b>{e['file']}</b><br/>{_esc(e['title'])}</td><td>{say.get('stock_' + e['stock'], e['stock'])}</td>"
        f"<td>{say['double_sided'].format(edge=say['edge_' + job.flip]) if e['duplex'] else say['one_side']}</td>"
        f"<td align='center'>{1 if e['component'] == 'calibration' else tables}</td><td align='center'>{sheets(e)}</td>"
        f"<td>{say.get('how_round' if e.get('cut') == 'circle' else 'how_' + e['kind'], '')}</td></tr>"
        for e in entries
    )
    total = sum(sheets(e) for e in entries) + own_sheets  # files of several tables hold all their pages
    markup = (
        f"<p style='kicker'>{_esc(title)}</p><h1>{say['print_plan']}</h1><p>{say['plan_intro']}</p>"
        "<table widths='32mm 18mm 26mm 12mm 12mm *' lines='rows' valign='top' pad='1.2mm'>"
        f"<tr fill='accent'><th>{say['file']}</th><th>{say['stock']}</th><th>{say['sides']}</th>"
        f"<th align='center'>{say['copies']}</th><th align='center'>{say['sheets']}</th><th>{say['assemble']}</th></tr>"
        f"{rows}<tr><td><b>{say['in_all']}</b></td><td></td><td></td><td></td><td align='center'><b>{total}</b></td>"
        "<td></td></tr></table>"
    )
    if tables > 1:
        markup += f"<p>{say['tables_note'].format(tables=tables)}</p>"
    if sources:
        markup += f"<space h='4mm'/><p><b>{say['sources']}</b> {_esc(sources)}</p>"
    flows = Builder(job.sheet).build(markup, w - 2 * margin)
    cursor = h - margin
    for flow in flows:
        _, fh = flow.wrap(w - 2 * margin, h)
        if cursor - fh < margin:
            c.showPage()
            cursor = h - margin
        flow.drawOn(c, margin, cursor - fh)
        cursor -= fh + flow.getSpaceAfter()
    c.showPage()
    pages = c.getPageNumber() - 1  # showPage has already counted the page that would come next
    c.save()
    if pages != own_sheets:
        return write_plan(path, job, title, entries, tables, sources, pages)
    return pages


def _esc(text: str) -> str:
    return str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def write_joined(path: Path, parts: list[Path], lang: str) -> int:
    """One PDF of the parts' pages in order (a deck's batches), described like the first part;
    its page count."""
    made = [part.read_bytes() for part in parts]
    try:
        sources = [pdfjoin.read(data) for data in made]
        described = {**pdfjoin.info(sources[0]), **_made_by()}
        joined, source = pdfjoin.joined_source(sources, described, lang)
    except pdfjoin.NotPlain:  # not a file kitpress wrote: qpdf joins it
        return _qpdf_joined(path, made, lang)
    Path(path).write_bytes(joined)
    if len(_JOINED) >= 8:  # a process that stays: what a failed build left is let go
        _JOINED.clear()
    _JOINED[Path(path)] = (_written(Path(path)), source)
    return len(source.kids)


# the files write_joined wrote, as read: kit.pdf takes them in without reading them again (a
# 20,000-card deck's cards.pdf, 10 MB, took 56 ms to read); by path, with the size and time
# they were written at, so that a file changed since is read
_JOINED: dict[Path, tuple[tuple[int, int], pdfjoin.Source]] = {}


def _written(path: Path) -> tuple[int, int]:
    status = path.stat()
    return status.st_size, status.st_mtime_ns


def _source(path: Path) -> pdfjoin.Source:
    kept = _JOINED.pop(path, None)
    if kept is not None and kept[0] == _written(path):
        return kept[1]
    return pdfjoin.read(path.read_bytes())


def write_combined(path: Path, parts: list[Path], title: str) -> int:
    """One PDF for one print job, the files in plan order, in the language they are written in."""
    try:
        sources = [_source(part) for part in parts]
        lang = next((found for source in sources if (found := pdfjoin.lang(source))), "")
        joined, pages = pdfjoin.join(sources, {b"/Title": pdfjoin.text(title), **_made_by()}, lang)
    except pdfjoin.NotPlain:  # not a file kitpress wrote: qpdf joins it
        return _qpdf_combined(path, parts, title)
    Path(path).write_bytes(joined)
    return pages


def _made_by() -> dict[bytes, bytes]:
    maker = pdfjoin.text(f"kitpress {__version__}")
    return {b"/Creator": maker, b"/Producer": maker}


def _qpdf_joined(path: Path, made: list[bytes], lang: str) -> int:
    import pikepdf

    from kitpress.render.pagecopy import append_pages

    joined, sources = pikepdf.new(), []
    try:
        for data in made:
            sources.append(pikepdf.open(io.BytesIO(data)))
        pages = append_pages(joined, sources)
        for key, value in sources[0].docinfo.items():
            joined.docinfo[key] = value
        save(joined, path, str(joined.docinfo.get("/Title", "")), lang)
        return pages
    finally:
        for source in sources:
            source.close()


def _qpdf_combined(path: Path, parts: list[Path], title: str) -> int:
    import pikepdf

    from kitpress.render.pagecopy import around_largest

    sources, lang = [], ""
    try:
        for part in parts:
            source = pikepdf.open(part)
            sources.append(source)  # its pages are copied when the combined file is saved
            lang = lang or str(source.Root.get("/Lang", ""))
        combined = around_largest(sources)
        save(combined, path, title, lang)
        return len(combined.pages)
    finally:
        for source in sources:
            source.close()


def save(pdf: pikepdf.Pdf, path: Path, title: str, lang: str) -> None:
    """What every PDF kitpress writes says about itself: its title, its maker, its language; and
    the same inputs give the same bytes (no random file id)."""
    import pikepdf

    pdf.docinfo["/Title"] = title
    pdf.docinfo["/Creator"] = pdf.docinfo["/Producer"] = f"kitpress {__version__}"
    if lang:  # screen readers and hyphenating viewers read the catalog's /Lang
        pdf.Root.Lang = pikepdf.String(lang)
    pdf.Root.ViewerPreferences = pikepdf.Dictionary(PrintScaling=pikepdf.Name("/None"))
    # streams are copied as reportlab compressed them: qpdf's default decodes and compresses
    # them again, for 0.2 % smaller files at 8 times the cost (20 ms for 600 cards)
    made = io.BytesIO()
    pdf.save(made, deterministic_id=True, compress_streams=False, stream_decode_level=pikepdf.StreamDecodeLevel.none)
    # written by Python, not by qpdf: a full disk under qpdf's own writer aborts the process
    # (an uncaught QPDFSystemError) instead of raising an error kitpress can report
    Path(path).write_bytes(made.getbuffer())


def stamp_tables(path: Path, tables: int, job: Job) -> int:
    """Repeat a file once per table, each page marked with its table number in a corner."""
    import pikepdf

    with pikepdf.open(path) as original:
        title = str(original.docinfo.get("/Title") or job.meta.title)  # the file's own, like "… · Cards"
        sizes = [(float(p.mediabox[2] - p.mediabox[0]), float(p.mediabox[3] - p.mediabox[1])) for p in original.pages]
    stamped, opened = pikepdf.new(), []
    try:
        for table in range(1, tables + 1):
            source = pikepdf.open(path)  # a fresh copy per table: each page gets its own stamp
            stamps = {}
            opened.append(source)
            for page, size in zip(source.pages, sizes):
                if size not in stamps:
                    stamps[size] = pikepdf.open(io.BytesIO(_stamp(size, table, job)))
                    opened.append(stamps[size])
                _overlay(source, page, stamps[size].pages[0], table)
                stamped.pages.append(page)
        pages = len(stamped.pages)
        save(stamped, path, title, job.meta.lang)
        return pages
    finally:
        for pdf in opened:
            pdf.close()


def _overlay(pdf, page, stamp, table: int) -> None:
    """Draw `stamp` (a page of the same size) over `page`, as a form named after its table:
    pikepdf's add_overlay names the form at random, and a kit must be the same bytes every
    time it is built from the same sources."""
    import pikepdf

    form = pdf.copy_foreign(stamp.as_form_xobject())
    name = page.add_resource(form, pikepdf.Name.XObject, pikepdf.Name(f"/KitpressTable{table}"))
    page.contents_add(pikepdf.Stream(pdf, b"q\n"), prepend=True)  # the page's own state, closed below
    page.contents_add(pikepdf.Stream(pdf, b"\nQ\nq " + bytes(str(name), "ascii") + b" Do Q\n"))


def _stamp(size: tuple[float, float], table: int, job: Job) -> bytes:
    """A one-page PDF with 'Table N' in the top right corner, on a white patch."""
    buffer = io.BytesIO()
    c = open_canvas(buffer, size, job.meta)
    text = words(job.meta.lang)["table"].format(n=table)
    c.setFont("Sans-Bold", 7)
    width = oneline.width(c, text, job.meta.lang)
    x, y = size[0] - job.edge - 1 * MM - width, size[1] - job.edge - 4 * MM
    c.setFillColor(Color(1, 1, 1))
    c.rect(x - 1 * MM, y - 1 * MM, width + 2 * MM, 4 * MM, stroke=0, fill=1)
    c.setFillColor(INK)
    oneline.draw(c, text, x, y, job.meta.lang)
    c.showPage()
    c.save()
    return buffer.getvalue()

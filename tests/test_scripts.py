"""Every script: Arabic and Hebrew set right to left (Arabic joined), numbers and Latin words
inside them left to right, tables mirrored; Chinese and Japanese in Noto Sans CJK, broken
between characters. Real text is set by kitpress's typesetter into a PDF and read back with
pdfium: which characters it drew (no .notdef), and where each one is."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pikepdf
import pypdfium2 as pdfium
import pytest
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Frame

from kitpress.content.i18n import pseudo
from kitpress.fontfiles import CJK_COLLECTIONS
from kitpress.layout.stylesheet import StyleSheet
from kitpress.typeset import fonts
from kitpress.typeset.markup import Builder

REPO = Path(__file__).resolve().parents[1]
KITPRESS = REPO / ".venv" / "bin" / "kitpress"
SPECS = {
    "body": {"size": 12},
    "h1": {"size": 18, "bold": True},
    "li": {"size": 12, "indent": 14},
    "cell": {"size": 10},
    "cell-head": {"size": 10, "bold": True},
}
WIDTH, HEIGHT = 300.0, 400.0  # the frame text is set in, at (50, 50) on the page


def set_in_pdf(tmp_path: Path, lang: str, markup: str, width: float = WIDTH) -> Path:
    """`markup` set by kitpress for a kit in `lang` in a frame `width` wide, drawn into a PDF."""
    fonts.register()
    sheet = StyleSheet(SPECS, {"ink": "#000000", "rule": "#888888"}, lang)
    blocks = Builder(sheet, plain_lines=True).build(markup, width)
    path = tmp_path / f"{lang}.pdf"
    canvas = Canvas(str(path), pagesize=(width + 100, HEIGHT + 100))
    Frame(50, 50, width, HEIGHT, leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0).addFromList(blocks, canvas)
    canvas.save()
    return path


def drawn_lines(path: Path) -> list[list[tuple[str, tuple[float, float, float, float]]]]:
    """The characters pdfium finds on the first page, line by line (its line breaks), each
    line left to right, with each character's box (left, bottom, right, top) in points."""
    page = pdfium.PdfDocument(str(path))[0]
    text = page.get_textpage()
    lines: list[list] = [[]]
    for i in range(text.count_chars()):
        char = text.get_text_range(i, 1)
        if char in "\r\n":
            if lines[-1]:
                lines.append([])
        elif char.strip():
            lines[-1].append((char, text.get_charbox(i)))
    return [sorted(line, key=lambda c: c[1][0]) for line in lines if line]


def drawn(path: Path):
    return [char for line in drawn_lines(path) for char in line]


def assert_every_glyph_drawn(path: Path, families: tuple[str, ...]):
    """Each character drawn is one the family that drew it maps (no .notdef box), and each
    embedded font is a subset, not the whole face."""
    mapped = set().union(*(fonts.charset(family) for family in families))
    chars = drawn(path)
    assert chars
    missing = sorted({char for char, _ in chars if ord(char) not in mapped})
    assert not missing, f"drawn without a glyph: {missing}"
    with pikepdf.open(path) as pdf:
        for font in pdf.pages[0].Resources.Font.values():
            data = font.FontDescriptor.FontFile2.read_bytes()
            assert len(data) < 60_000, f"{font.BaseFont}: {len(data)} bytes, not a subset"


ARABIC = "الدولة في الصف"


def drawn_as(path: Path) -> set[int]:
    """The characters the PDF's fonts say their glyphs are (their ToUnicode maps): Arabic's
    joining forms as such (pdfium reads them back as the letters they are forms of)."""
    out = set()
    with pikepdf.open(path) as pdf:
        for font in pdf.pages[0].Resources.Font.values():
            cmap = font.ToUnicode.read_bytes().decode("ascii")
            out |= {int(target, 16) for target in re.findall(r"<[0-9A-F]{2}> <([0-9A-F]{4})>", cmap)}
    return out


def test_arabic_is_joined_with_its_ligatures_and_read_from_the_right(tmp_path):
    path = set_in_pdf(tmp_path, "ar", f"<h1>{ARABIC}</h1><p>السلام عليكم</p>")
    assert_every_glyph_drawn(path, ("Arabic", "Sans"))
    # joined: every letter drawn in a joining form (a presentation form), lam-alef as one glyph
    forms = drawn_as(path)
    assert 0xFEFC in forms  # ﻼ: lam-alef, final form, in السلام
    assert {0xFEDF, 0xFEE0, 0xFE8D} <= forms  # lam initial and medial, alef isolated
    assert not any(0x0621 <= char <= 0x064A for char in forms), "a letter drawn unjoined"
    heading, body = drawn_lines(path)
    # right to left: the first letter of the first word (alef) is the rightmost glyph, the last
    # letter of the last word (feh) the leftmost
    assert heading[-1][0] == "ا" and heading[0][0] == "ف"
    assert body[-1][0] == "ا" and body[0][0] == "م"
    # and the heading starts at the frame's right edge (where the kit's lines start)
    assert abs(heading[-1][1][2] - (50 + WIDTH)) < 3


def test_numbers_and_latin_words_in_arabic_stay_left_to_right(tmp_path):
    path = set_in_pdf(tmp_path, "ar", "<p>لديك 250 قطعة من PDF في الجولة 12.</p>")
    assert_every_glyph_drawn(path, ("Arabic", "Sans"))
    [line] = drawn_lines(path)
    text = "".join(char for char, _ in line)  # left to right, as printed
    assert "250" in text and "PDF" in text and "12" in text
    # the sentence runs right to left: its first word is rightmost, and the number of its last
    # words (12) left of the first one (250), the full stop at its left end
    assert text.index("12") < text.index("PDF") < text.index("250")
    assert line[0][0] == "."
    assert line[-1][0] == "ل"  # the first letter of لديك


def test_hebrew_is_read_from_the_right_and_its_numbers_from_the_left(tmp_path):
    path = set_in_pdf(tmp_path, "he", "<p>מדינה בכיתה 2024</p>")
    assert_every_glyph_drawn(path, ("Hebrew", "Sans"))
    [line] = drawn_lines(path)
    text = "".join(char for char, _ in line)
    assert text == "2024התיכבהנידמ"  # the letters mirrored, the number as written
    assert abs(line[-1][1][2] - (50 + WIDTH)) < 3  # right-aligned: a layout's left is where lines start


def test_bold_arabic_is_set_in_the_bold_face(tmp_path):
    path = set_in_pdf(tmp_path, "ar", "<p>كلمة <b>عريضة</b></p>")
    with pikepdf.open(path) as pdf:
        faces = {str(font.BaseFont).split("+")[-1] for font in pdf.pages[0].Resources.Font.values()}
    assert {"NotoSansArabic-Regular", "NotoSansArabic-Bold"} <= faces


def test_a_table_in_a_right_to_left_kit_starts_on_the_right(tmp_path):
    markup = '<table lines="grid"><tr><th>الاسم</th><th>النقاط</th></tr><tr><td span="2">أحمد</td></tr></table>'
    path = set_in_pdf(tmp_path, "ar", markup)
    head, row = drawn_lines(path)
    xs = {char: box[0] for char, box in head}
    assert xs["م"] > xs["ط"], "the first column (الاسم, its meem) is right of the second (النقاط, its tah)"
    # the spanning cell fills the row from the right: its text right-aligned to the frame's right
    assert abs(row[-1][1][2] - (50 + WIDTH)) < 10


def test_an_english_paragraph_holding_an_arabic_word_keeps_its_direction(tmp_path):
    path = set_in_pdf(tmp_path, "en", "<p>The word سلام means peace.</p>")
    assert_every_glyph_drawn(path, ("Arabic", "Sans"))
    [line] = drawn_lines(path)
    text = "".join(char for char, _ in line)
    assert text.startswith("Theword") and text.endswith("meanspeace.")
    assert "ملاس" in text  # the Arabic word itself right to left: its first letter rightmost
    assert abs(line[0][1][0] - 50) < 3  # left-aligned


def test_pseudo_right_to_left_text_is_in_hebrew_letters_with_its_placeholders():
    text = pseudo("**Tip:** Tension goes up {tension.top} and {n}", rtl=True)
    assert "**" in text and "{tension.top}" in text and "{n}" in text
    letters = [char for char in re.sub(r"\{[^}]*\}", "", text) if char.isalpha()]
    assert letters and all("\u05d0" <= char <= "\u05ea" for char in letters)
    assert pseudo("Tension") != pseudo("Tension", rtl=True)


@pytest.fixture
def cjk():
    if not CJK_COLLECTIONS[0].is_file():
        pytest.skip("Debian's fonts-noto-cjk is not installed (apt-get install fonts-noto-cjk)")
    fonts.use_cjk("CJK-JP")


JAPANESE = "各プレイヤーは毎ラウンド3枚のコインを受け取ります。先生はプレイしません。「教育」が下がると、あなたの未来も下がります。"


def test_japanese_breaks_between_characters_within_its_frame(tmp_path, cjk):
    width = 150.0
    path = set_in_pdf(tmp_path, "ja", f"<p>{JAPANESE}</p>", width)
    assert_every_glyph_drawn(path, ("CJK-JP", "Sans"))
    lines = drawn_lines(path)
    assert len(lines) >= 4  # no spaces: broken between ideographs and kana
    assert "".join(char for line in lines for char, _ in line) == JAPANESE
    for line in lines:
        assert line[-1][1][2] <= 50 + width + 0.5, "a line runs past its frame"
        assert line[0][0] not in "、。」", "a line starts with a closing mark"
    assert lines[0][0][1][0] == pytest.approx(50, abs=1)  # left to right, from the left


def test_chinese_is_drawn_in_its_own_cjk_face(tmp_path, cjk):
    fonts.use_cjk("CJK-SC")
    path = set_in_pdf(tmp_path, "zh", "<p>教室里的国家：每位玩家每轮得到3枚硬币。</p>")
    assert_every_glyph_drawn(path, ("CJK-SC", "Sans"))
    with pikepdf.open(path) as pdf:
        faces = {str(font.BaseFont).split("+")[-1] for font in pdf.pages[0].Resources.Font.values()}
    assert any(face.startswith("NotoSansCJKsc") for face in faces), faces


def test_state_in_class_checks_and_builds_in_arabic(tmp_path):
    """An Arabic language file for A State in Class (a few texts; the rest fall back to English)."""
    for folder in ("content", "layouts"):
        shutil.copytree(REPO / folder, tmp_path / folder)
    locale = tmp_path / "content/state-in-class/locales/ar.yaml"
    locale.write_text(
        'roles.student.title: "طالب"\n'
        'roles.student.flavour: "تكسب القليل جداً. إذا تراجع التعليم، يتراجع مستقبلك معه."\n'
        'board.tension_title: "التوتر الاجتماعي"\n'
        'score_sheet.columns.player: "اللاعب"\n'
        'game.title: "الدولة في الصف"\n',
        encoding="utf-8",
    )
    run = subprocess.run([str(KITPRESS), "check", "state-in-class", "--lang", "ar"], cwd=tmp_path, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert "state-in-class [ar]: ok" in run.stdout
    run = subprocess.run([str(KITPRESS), "check", "state-in-class", "--pseudo-rtl"], cwd=tmp_path, capture_output=True, text=True)
    assert "Traceback" not in run.stderr and "internal error" not in run.stderr


def test_a_cjk_character_in_a_kit_in_another_language_names_the_font_it_needs():
    fonts.register()
    assert fonts.missing_glyphs("Tea: 茶") == ["茶"]
    assert "Noto Sans CJK (Debian's fonts-noto-cjk)" in fonts.needs("茶")
    assert fonts.needs("🚀") == ""  # no bundled or known font: the message says only that


@pytest.mark.parametrize(
    "logical, shown",
    [
        # a command inside Arabic is one left-to-right unit: its dashes stay before its words
        ("ابنوا بـ --flip short.", ".--flip short ـب اونبا"),
        ("--back-offset -1.5,0.5 ثم اطبعوا", "اوعبطا مث --back-offset -1.5,0.5"),
        ("(--flip short) ثم", "مث (--flip short)"),
        ("José Miguel Martín Rodríguez · دولة (4.1)", "(4.1) ةلود · José Miguel Martín Rodríguez"),
        # a bracketed group right after Latin words goes with them (the algorithm would split its brackets)
        ("الجزء A1 (2×2) اطبعوا", "اوعبطا A1 (2×2) ءزجلا"),
        ("الجزء A1 (شبكة 2×2)", "(2×2 ةكبش) A1 ءزجلا"),
        # numbers keep the algorithm's own order: brackets round them as a browser shows them
        ("أو 9 (7)، أو 8 (6)", "(6) 8 وأ ،(7) 9 وأ"),
    ],
)
def test_latin_runs_in_right_to_left_text_read_left_to_right(logical, shown):
    from kitpress.typeset.direction import visual

    order = visual(logical, "R")
    assert sorted(at for at, _ in order) == list(range(len(logical)))  # every character once, with its place
    assert "".join(char for _, char in order) == shown


def test_the_printer_check_and_table_numbers_print_their_arabic_words(tmp_path):
    """kitpress's own words drawn as single lines (the printer check's title, a table's number)
    are set in the script's font: drawString alone drew Arabic as nothing. The kit page says
    the Arabic kit's words run right to left."""
    from kitpress.content.i18n.own import words

    run = subprocess.run(
        [str(KITPRESS), "build", "state-in-class", "--lang", "ar", "--tables", "2", "--out", str(tmp_path)],
        capture_output=True, text=True, cwd=REPO,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    folder = tmp_path / "state-in-class" / "ar" / "a4"
    title = words("kit", "ar")["printer_check"]
    first_line = "".join(char for char, _ in drawn_lines(folder / "calibration.pdf")[0])
    assert set(title.replace(" ", "")) <= set(first_line), first_line
    table = words("kit", "ar")["table"].format(n=2).replace(" ", "")
    stamped = pdfium.PdfDocument(str(folder / "cards.pdf"))
    last = stamped[len(stamped) - 1].get_textpage().get_text_range()
    assert set(table) - set("2") <= set(last) and "2" in last, last
    page = (tmp_path / "index.html").read_text(encoding="utf-8")  # the kit page: the Arabic kit's section runs right to left
    assert '<html lang="ar" dir="rtl">' in page and 'lang="ar" dir="rtl" data-kit="state-in-class/ar/a4"' in page

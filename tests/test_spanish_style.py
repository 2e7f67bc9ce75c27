"""The Spanish kit speaks to the table as a Spanish teacher does, with vosotros, uses Spanish
terms (tipo único) and sentence case (Tensión social), in the game's text and kitpress's own."""

import re
from pathlib import Path

from kitpress.render.kittext import words

REPO = Path(__file__).resolve().parents[1]
SPANISH = REPO / "content/state-in-class/locales/es.yaml"
# imperatives to one player (tú) or to a stranger (usted), where the table is addressed
NOT_TO_THE_TABLE = r"\b(Recorta|Imprime|Imprímelas|Ponlas|Nombra|Mira tus|Imprima|Mire|recorte|pegue|alinee|Guarde|Elija|genere)\b"


def translations() -> str:
    return "\n".join(line for line in SPANISH.read_text(encoding="utf-8").splitlines() if not line.startswith("#"))


def test_the_table_is_addressed_as_vosotros_everywhere():
    assert not re.findall(NOT_TO_THE_TABLE, translations())
    assert not re.findall(NOT_TO_THE_TABLE, " ".join(words("es").values()))
    assert "Recortad las filas" in translations() and "Imprimid" in words("es")["plan_intro"]


def test_spanish_terms_and_sentence_case():
    text = translations()
    assert "Tipo único" in text and not re.search(r"impuesto plano", text, re.I)
    for wrong in ("Tensión Social", "Escudo Social", "Estado Fallido", "Encrucijada Vital", "ficha de Exclusión"):
        assert wrong not in text, wrong


def test_a_style_that_says_hyphenate_false_keeps_its_words_whole(tmp_path):
    """The board's narrow zone labels: 'Estado fallido' broke as 'Estado fa-llido'."""
    from pypdf import PdfReader

    from kitpress.build.pipeline import BuildOptions, Project, build_game

    folder, _, _ = build_game(Project(REPO), "state-in-class", BuildOptions(out=tmp_path, lang="es", paper="a3"))
    text = PdfReader(folder / "board.pdf").pages[0].extract_text()
    assert "fallido" in text and "fa-" not in text and "fa\u00ad" not in text

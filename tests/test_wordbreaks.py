"""wordbreaks.hyphenate gives reportlab's `_hyphenateWord` answer for every word and every room
left on the line: the same head and tail, of the same kinds, or the same nothing."""

import random

import pytest
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus.paragraph import _hyphenateWord, _SplitWordEnd

from kitpress.typeset import fonts, styles, wordbreaks

WORDS = (
    "the committee decides administration nomenklatura counter-revolutionary well-known "
    "self-management Gosplan internationalisation “nationalisation” (collectivisation) "
    "¿distribution? ‘redistribution’, bureaucratisation; I x ab 1,500 +2 −1 12345678901 "
    "https://example.org/rules/chapter-three/section-four www.example.org/a/b mailto:someone@example.org "
    "Налог государственный составляет рублей национализация "
    "répartition coopérative l’administration "
    "hy\u00adphen\u00adated soft\u00adhyphen co\u00ad-op "
    "שלום עליכם مرحبا بالعالم"
).split()


def _answer(parts):
    return None if parts is None else [(type(part).__name__, str(part)) for part in parts]


@pytest.mark.parametrize("lang", ["en", "fr", "ru", ""])
def test_the_same_break_as_reportlab_at_every_room(lang):
    fonts.register()
    hyphenator = styles.hyphenator(lang) or None
    rng = random.Random(lang)
    split = 0
    for _ in range(4000):
        word = rng.choice(WORDS)
        if rng.random() < 0.1:  # the tail of a word split before, as a line breaker hands it on
            word = _SplitWordEnd(word[rng.randint(1, max(1, len(word) // 2)):])
        font, size = rng.choice(["Sans", "Sans-Bold"]), rng.choice([7, 9.5, 13])
        width = stringWidth(word, font, size)
        used = rng.uniform(0, 120)
        room = rng.uniform(used, used + width * 1.2)
        new = used + width
        args = (hyphenator, font, size, word, width, new, room, rng.choice([0, 0.3]), rng.choice([0, 1]), rng.choice([5, 7]))
        theirs = _answer(_hyphenateWord(*args))
        assert _answer(wordbreaks.hyphenate(*args)) == theirs, args
        assert _answer(wordbreaks.hyphenate(*args)) == theirs, args  # and again, from what was kept
        split += bool(theirs)
    assert split > (400 if hyphenator else 100)  # many words were broken (without a hyphenator: at their own hyphens)


def test_a_word_without_width_is_never_broken():
    assert wordbreaks.hyphenate(None, "Sans", 9, "", 0, 10, 5, 0, 0, 5) == []


def test_what_is_kept_stays_bounded(monkeypatch):
    fonts.register()
    monkeypatch.setattr(wordbreaks, "MOST_WORDS", 3)
    hyphenator = styles.hyphenator("en")
    for word in ("administration", "nationalisation", "committee", "bureaucratisation", "collectivisation"):
        wordbreaks.hyphenate(hyphenator, "Sans", 9, word, 60.0, 70.0, 40.0, 0, 0, 5)
        assert len(wordbreaks._plans) <= 3

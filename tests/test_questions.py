"""The Soviet System question deck as the rulebook's box has it: 500 cards of three questions,
one for each class in O.P.I. order, and 26 Jokers; no two questions ask the same thing; the
spread over eras and topics is even enough, and docs/soviet-system-questions.md shows it."""

import re
from collections import Counter

import pytest

import question_spread as spread
from kitpress.content.game import load_game

RULE = "Use at once: examination passed, or +2 ranks in an interrogation (never to General Secretary)."


@pytest.fixture(scope="module")
def deck():
    return spread.questions()


def test_500_cards_of_three_questions_in_opi_order_and_26_jokers():
    game = load_game(spread.REPO / "content/soviet-system")  # also: every era and topic names one that exists
    cards = game.data["question_cards"]
    assert len(cards) == 500 and len({c["id"] for c in cards}) == 500
    for card in cards:
        assert [q["class"] for q in card["questions"]] == list(spread.CLASSES), card["id"]
    jokers = game.data["jokers"]
    assert len(jokers) == 26 and all(str(j["text"]).endswith(RULE) for j in jokers)
    assert len({str(j["name"]) for j in jokers}) == 26


def test_no_two_questions_ask_the_same_thing(deck):
    found = spread.near_duplicates(deck)
    assert not found, "\n".join(f"{a['card']} {a['q']!r} ~ {b['card']} {b['q']!r}: {why}" for a, b, why in found)


def test_the_near_duplicate_finder_finds_what_it_should():
    """It must catch a question asked again in other words, and the same answer to a like question."""
    deck = [
        {"card": "a", "q": "In which year was Sputnik 1 launched?", "a": "1957"},
        {"card": "b", "q": "Sputnik 1 was launched in which year?", "a": "1957 (4 October)"},
        {"card": "c", "q": "Which river flows through the city of Novosibirsk?", "a": "The Ob"},
        {"card": "d", "q": "Through Novosibirsk flows which great Siberian river?", "a": "Ob"},
        {"card": "e", "q": "Which city hosted the 1980 Summer Olympic Games?", "a": "Moscow"},
        {"card": "f", "q": "Which city hosted the first Goodwill Games, in July 1986?", "a": "Moscow"},  # another fact
    ]
    assert {(a["card"], b["card"]) for a, b, _ in spread.near_duplicates(deck)} == {("a", "b"), ("c", "d")}


def test_each_class_each_era_and_each_topic_has_its_share(deck):
    classes = Counter(q["class"] for q in deck)
    assert classes == {cls: 500 for cls in spread.CLASSES}
    eras = Counter(q["era"] for q in deck)
    topics = Counter(q["topic"] for q in deck)
    assert set(eras) == set(spread.names("question_eras")) and set(topics) == set(spread.names("question_topics"))
    for era, n in eras.items():  # seven eras: none under 10 % nor over 20 % of the deck
        assert 150 <= n <= 300, (era, n)
    for topic, n in topics.items():  # six topics: none under 8 %, none over 30 %
        assert 120 <= n <= 450, (topic, n)
    for cls in spread.CLASSES:  # every class has some of every era and every topic
        mine = [q for q in deck if q["class"] == cls]
        assert {q["era"] for q in mine} == set(eras) and {q["topic"] for q in mine} == set(topics)


def test_questions_and_answers_are_short_and_plain(deck):
    for q in deck:
        assert len(q["q"]) <= 110 and len(q["a"]) <= 70, q["card"]
        assert not re.search(r"[{}<>*]", q["q"] + q["a"]), q["card"]  # no placeholders, markup or bold marks


def test_the_two_known_imprecisions_are_corrected(deck):
    text = " ".join(q["q"] + " " + q["a"] for q in deck)
    assert "capital of the Kirghiz SSR called from 1926" not in text
    kuban = [q for q in deck if "Kuban Cossacks" in q["a"]]
    assert kuban and all("1949" not in q["q"] for q in kuban) and any("1950" in q["q"] for q in kuban)


def test_the_spread_table_in_the_docs_is_current(deck):
    table = spread.table(deck, spread.names("question_eras"), spread.names("question_topics"))
    assert spread.TABLE.read_text(encoding="utf-8") == table, "run: python tests/question_spread.py"

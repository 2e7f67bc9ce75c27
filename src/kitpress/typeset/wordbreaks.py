"""Where a word may be hyphenated, found once per word, font and size: reportlab's
`_hyphenateWord` chooses the same break (the same candidates in the same order, the same float
sums deciding which fits) without trying every one again at every line end.

A line breaker asks at each line's end whether its last word can be split to fill the room
left. reportlab answers by matching the word against its patterns, asking the hyphenator for
every candidate split and measuring each head until one fits: 5 µs a word, the larger part of
breaking a card's lines, for words a deck repeats thousands of times. What depends on the word
alone (its candidates, each with the width of its head and of the hyphen) is kept; only the
comparison with the room left is made again. Words that need reportlab's other ways (web
addresses, text in a right-to-left script, the tail of a word already split) go to it as before.
"""

from __future__ import annotations

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus.paragraph import (
    _hy_letters_pat,
    _hy_pfx_pat,
    _hy_sfx_pat,
    _hy_shy_letters_pat,
    _hy_shy_pat,
    _hyphenateWord,
    _SplitWordEnd,
    _SplitWordH,
    _SplitWordHY,
    _uri_split_pairs,
    isBidiStr,
)

MOST_WORDS = 100_000  # words whose candidates are kept, every font and size together; then found afresh

_ASK_REPORTLAB = None  # a word this module leaves to reportlab
_plans: dict[tuple, tuple | None] = {}


def hyphenate(hyphenator, font, size, word, word_width, new_width, room, uri_waste, embedded, shortest):
    """reportlab's `_hyphenateWord(...)`, same arguments, same answer: the word's head (ending in
    its hyphen) and tail where the first candidate that fits `room` breaks it, or nothing."""
    if type(word) is not str:  # the tail of a split word: reportlab knows what it may do with it
        return _hyphenateWord(hyphenator, font, size, word, word_width, new_width, room, uri_waste, embedded, shortest)
    if word_width == 0:
        return []
    key = (word, font, size, hyphenator, embedded, shortest)
    try:
        plan = _plans[key]
    except KeyError:
        if len(_plans) >= MOST_WORDS:
            _plans.clear()
        plan = _plans[key] = _plan(hyphenator, font, size, word, embedded, shortest)
    if plan is _ASK_REPORTLAB:
        return _hyphenateWord(hyphenator, font, size, word, word_width, new_width, room, uri_waste, embedded, shortest)
    used = new_width - word_width  # the line's width before this word: reportlab's w0
    for joiner, joiner_width, head_width, head, tail in plan:
        if head_width + used + joiner_width <= room:  # reportlab's sum, in its order
            return [(_SplitWordHY if joiner else _SplitWordH)(head + joiner), _SplitWordEnd(tail)]
    return None


def _plan(hyphenator, font, size, word, embedded, shortest):
    """The candidates `_hyGenPair` tries for a word, in its order, each as (joiner, its width,
    the head's width, head, tail); None for a word this module leaves to reportlab."""
    if isBidiStr(word):
        return _ASK_REPORTLAB
    found = _hy_pfx_pat.match(word)
    prefix = found.group(0) if found else ""
    s = word[len(prefix):]
    found = _hy_sfx_pat.search(s)
    suffix = found.group(0) if found else ""
    if suffix:
        s = s[: -len(suffix)]
    if len(s) < shortest:
        return ()
    if _uri_split_pairs(s) is not None:  # split at slashes, and only when the room is short: reportlab's
        return _ASK_REPORTLAB
    plan = []
    pieces = _hy_shy_pat.split(s)
    if hyphenator and (_hy_letters_pat.match(s) or (_hy_shy_letters_pat.match(s) and "" not in pieces)):
        hyphen_width = stringWidth("-", font, size)
        for head, tail in hyphenator(s):
            head = prefix + head
            joiner, joiner_width = ("", 0) if _hy_shy_pat.match(head[-1]) else ("-", hyphen_width)
            plan.append((joiner, joiner_width, stringWidth(head, font, size), head, tail + suffix))
    n = len(pieces)
    if n >= 3 and embedded and "" not in pieces and _hy_shy_letters_pat.match(s):
        for i in reversed(range(2, n, 2)):  # at a hyphen or soft hyphen the word already holds
            head = prefix + "".join(pieces[:i])
            plan.append(("", 0, stringWidth(head, font, size), head, "".join(pieces[i:]) + suffix))
    return tuple(plan)

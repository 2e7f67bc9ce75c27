"""The budgets every template runs within, and how sizes and numbers are weighed against them.

Layout text comes from many hands: a template that loops for ever, builds a gigabyte or prints a
number of 5,000 digits must end soon, in an error at its place. Two mechanisms, nothing else:

- Time is a count of steps ("fuel"), never the clock, so a busy machine fails no build. Every
  operation a template can do spends steps: each call, attribute, item, operator, comparison,
  filter and test, and each item a loop goes over; work over big values spends one more step per
  item or per 64 characters. A render (a frame, a document's header, body or footer, a `when:`)
  has RENDER_STEPS; all the renders of a build together have BUILD_STEPS.
- Size is weighed before it is spent: what an operation would make (a repetition, a padding
  width, a formatted field, a join, a batch) is checked before it is made; nothing a template
  makes is longer than MAX_SIZE characters or items; every number it makes or prints is finite
  and under 10**MAX_DIGITS; and the text a render outputs (each printed value, each piece of
  literal text, in every loop and macro) is counted as it is written: FRAME_TEXT for a frame (the
  text fitter's work grows faster than its text), DOCUMENT_TEXT for a document's part, and
  BUILD_TEXT for all the renders of a build.

A budget that runs out raises BudgetError; Binder turns it into an error at the template's place.
"""

from __future__ import annotations

import math
import reprlib
import time

from jinja2.utils import Namespace
from markupsafe import Markup

from kitpress.content.yamlio import LocStr, YList, YMap

# body as pseudo-text; 17,090 in English); a build, 76,846 steps (soviet-system, with its 526
# question cards). The longest frame prints 2,478 characters (a space of state-in-class's board),
# the longest document part 72,818 (class-struggle's rulebook body as pseudo-text; 54,090 in
# English), a build 609,046 (soviet-system). A build's budgets leave room for decks of tens of
# thousands of cards. Each budget is 20 to 100 times that, save one, and small enough that a template
# which runs out ends within a second or two and that the markup parser and the text fitter never
# get more text than they handle in seconds: fitting 1 MB into one frame takes them 13 s (64 KB:
# 0.2 s), and 256 KB more in a document part adds 3 s to a build.
RENDER_STEPS = 2_000_000  # 96x the most a render takes


BUILD_STEPS = 5_000_000  # 65x the most a build takes


FRAME_TEXT = 64 * 1024  # 26x the longest frame


DOCUMENT_TEXT = 1024 * 1024  # 19x the longest document part (14x as pseudo-text: the one under 20x)


BUILD_TEXT = 32 * 1024 * 1024  # 55x the most text a build prints


MAX_SIZE = 1024 * 1024  # characters or items of any one value a template makes


MAX_DIGITS = 100  # the numbers a template makes or prints stay under 10**100


RENDER_SECONDS = 60.0  # a safety net only, far above any render: the step budget is what trips


CLOCK_EVERY = 100_000  # steps between two looks at the clock


MACRO_STEPS = 20  # a macro call is as much work as twenty attribute lookups (5 µs), and is paid as much


BIG = 10**MAX_DIGITS


SMALL = 10**19


BIG_FLOAT = float(BIG)


class BudgetError(Exception):
    """A template ran out of a budget; the message says which, and what to do."""


class Closed(Exception):
    """Spending between renders: only jinja's compile-time folding of constants does, and it
    takes any error to mean "not a constant, evaluate it when rendering"."""


def said(what) -> str:
    return what() if callable(what) else what  # messages are made only when one is needed


def too_large(what) -> BudgetError:
    message = f"template: a number too large to print ({said(what)})"
    return BudgetError(message)


def not_finite(what) -> BudgetError:
    message = f"template: not a finite real number ({said(what)})"
    return BudgetError(message)


def nested() -> BudgetError:
    """Python's own recursion limit bounds how deep templates nest: a RecursionError, told so."""
    message = "template: nested too deeply (a macro, loop or import that calls itself?)"
    return BudgetError(message)


def sized(size: int, what) -> None:
    """Refuse to make a text or list of more than MAX_SIZE characters or items: asked before
    making it wherever its size can be known first."""
    if size > MAX_SIZE:
        shown = f"{size:,}" if size < 10**15 else "more than 10**15"
        message = f"template: would be {shown} characters or items long, more than {MAX_SIZE:,} ({said(what)})"
        raise BudgetError(message)


def number(value, what):
    """A number a template may make or print: real, finite and under 10**MAX_DIGITS."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        if not -BIG < value < BIG:
            raise too_large(what)
    elif isinstance(value, float):
        if math.isnan(value):
            raise not_finite(what)
        if not -BIG_FLOAT < value < BIG_FLOAT:
            raise too_large(what)
    elif isinstance(value, complex):
        raise not_finite(what)
    return value


def shown(value) -> str:
    """An operand as a message shows it: as written, cut short ('aaaaaa...aaaaaa', [0, 0, ...])."""
    if isinstance(value, int) and not isinstance(value, bool) and not -(10**20) < value < 10**20:
        return f"a {value.bit_length() * 30103 // 100000 + 1}-digit number"
    if isinstance(value, int | float) and value < 0:
        return f"({value!r})"
    return reprlib.repr(value)


def text_size(value, limit: int = MAX_SIZE) -> int:
    """About how many characters str(value) has, found without making it and never counted past
    `limit`: a list holding one list twice, forty times over, prints 2**40 times, and making
    its text would never end. A number is weighed too: nan, inf and 10**5000 are refused."""
    kind = type(value)
    if kind in TEXTS:
        return len(value)
    if kind is int and -SMALL < value < SMALL:  # (hot: most of what is printed or filled in)
        return 20
    if isinstance(value, str):
        return len(value)
    if isinstance(value, int | float | complex):
        number(value, lambda: shown(value))
        return value.bit_length() // 3 + 2 if isinstance(value, int) else 24  # digits, and a sign
    if isinstance(value, list | tuple | dict | set | frozenset | Namespace):
        return _tree_size(value, {}, limit)
    return 24  # None, a macro, a loop, a cycler: a short text


def _tree_size(value, seen: dict, limit: int) -> int:
    """A container's text size; what it holds several times is weighed once and counted each time."""
    key = id(value)
    if key in seen:
        return seen[key]
    if isinstance(value, Namespace):
        size = 13 + _tree_size(value._Namespace__attrs, seen, limit)  # <Namespace {…}>
    elif isinstance(value, dict):
        size = 2
        for k, v in value.items():
            size += _tree_size(k, seen, limit) + _tree_size(v, seen, limit) + 4
            if size > limit:
                break
    elif isinstance(value, list | tuple | set | frozenset):
        size = 2
        for item in value:
            size += _tree_size(item, seen, limit) + 2
            if size > limit:
                break
    else:
        size = text_size(value, limit) + 2
    sized(size, "a list printed")
    seen[key] = size
    return size


def cost(value) -> int:
    """The steps of working over a value: one per item, one per 64 characters. (Hot: the
    types are looked up, not tested one by one.)"""
    kind = type(value)
    if kind in TEXTS:
        return len(value) >> 6
    if kind in CONTAINERS:
        return len(value)
    return 0


TEXTS = {str, Markup, LocStr, bytes}


CONTAINERS = {list, tuple, dict, range, YList, YMap}


SIZED = {str, Markup, bytes, list, tuple, dict}  # what a template makes (content, a LocStr, is not made)


class Meter:
    """Steps and printed text left to the render running now, and to the whole build.

    Hot: every operation of every template spends here, so spending is a subtraction and a
    comparison; the clock is looked at once every CLOCK_EVERY steps. Between renders nothing is
    left, so jinja's compile-time folding of constants never runs a metered operation."""

    def __init__(self):
        self.build_steps, self.build_text = BUILD_STEPS, BUILD_TEXT
        self.spent = False  # the build's budget ran out: every render from now on would run out at once
        self.fuel = self.room = 0  # left to this render (fuel: until the next look at the clock)
        self._steps = self._text = self._reserve = 0  # given to this render
        self._document = self._open = False
        self._deadline = 0.0
        # the most any render has taken (tests, and tuning the limits)
        self.peak_steps = self.peak_frame = self.peak_document = 0

    def start(self, document: bool = False) -> None:
        """A render begins: it gets its budget (a frame's text, or a document part's), or what
        the build has left if that is less. (Hot: a render of a card's frame is 10 µs.)"""
        steps, text = self.build_steps, self.build_text
        most = DOCUMENT_TEXT if document else FRAME_TEXT
        self._steps = steps = RENDER_STEPS if steps > RENDER_STEPS else steps
        self._text = self.room = most if text > most else text
        self.fuel = fuel = CLOCK_EVERY if steps > CLOCK_EVERY else steps
        self._reserve = steps - fuel
        self._document, self._open = document, True
        self._deadline = 0.0  # set at the first look at the clock

    def stop(self) -> None:
        """A render ends: what it spent is gone from the build's budget."""
        steps = self._steps - self._reserve - (self.fuel if self.fuel > 0 else 0)
        text = self._text - (self.room if self.room > 0 else 0)
        self.build_steps -= steps
        self.build_text -= text
        if steps > self.peak_steps:
            self.peak_steps = steps
        if self._document:
            self.peak_document = max(self.peak_document, text)
        elif text > self.peak_frame:
            self.peak_frame = text
        self.fuel = self.room = self._steps = self._text = self._reserve = 0
        self._open = False

    def mark(self) -> tuple:
        """Where the render running now stands, to be set back to (`back`)."""
        return self.fuel, self.room, self._reserve, self._deadline, self.spent

    def back(self, mark: tuple) -> None:
        """Set the render running now back to `mark`: it runs again from there, as if it had not run."""
        self.fuel, self.room, self._reserve, self._deadline, self.spent = mark

    def spend(self, steps: int) -> None:
        self.fuel -= steps
        if self.fuel < 0:
            self._refuel()

    def _refuel(self) -> None:
        if not self._open:
            raise Closed()
        now = time.monotonic()
        if not self._deadline:
            self._deadline = now + RENDER_SECONDS
        elif now > self._deadline:
            message = f"template: ran for more than {RENDER_SECONDS:g} s (a loop too long?)"
            raise BudgetError(message)
        if self._reserve + self.fuel < 0:
            if self._steps < RENDER_STEPS:
                self.spent = True
                message = f"template: the build ran over its budget of {BUILD_STEPS:,} template steps (a loop too long?)"
            else:
                message = f"template: ran over its budget of {RENDER_STEPS:,} steps (a loop too long?)"
            raise BudgetError(message)
        grant = min(CLOCK_EVERY, self._reserve + self.fuel)  # the overdraft (fuel < 0) is paid first
        self._reserve -= grant - self.fuel
        self.fuel = grant

    def output(self, chars: int) -> None:
        self.room -= chars
        if self.room < 0:
            self.overflow()

    def overflow(self) -> None:
        most, part = text_budget(self._document)
        if self._text < most:
            self.spent = True
            message = f"template: the build printed more than {BUILD_TEXT >> 20} MB of template text (a loop printing too much?)"
            raise BudgetError(message)
        raise printed_too_much(most, part)


def text_budget(document: bool) -> tuple[int, str]:
    """The characters a render may print, and what it prints into."""
    return (DOCUMENT_TEXT, "document part") if document else (FRAME_TEXT, "frame")


def printed_too_much(most: int, part: str) -> BudgetError:
    message = f"template: printed more than {most >> 10} KB of text into one {part}"
    return BudgetError(message)

"""jinja's immutable sandbox, with every template run within budgets of time and size.

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
import re
import reprlib
import time
from collections.abc import Sized
from functools import update_wrapper, wraps
from itertools import chain

from jinja2 import nodes, pass_environment, pass_eval_context
from jinja2.compiler import CodeGenerator, operators
from jinja2.filters import make_attrgetter, sync_do_join
from jinja2.runtime import LoopContext, Macro, markup_join, str_join
from jinja2.sandbox import ImmutableSandboxedEnvironment, SandboxedEscapeFormatter, SandboxedFormatter, safe_range
from jinja2.utils import Namespace, generate_lorem_ipsum
from markupsafe import Markup

from kitpress.content.yamlio import LocStr, YList, YMap

VERSION = "budgets-1"  # in the compiled-template cache's key: compiled code meters loops, text and comparisons

# The limits, from every render of the shipped games (`kitpress check --all --lang all`, and as
# --pseudo text, 40 % longer). The most a render takes: 20,772 steps (soviet-system's rulebook
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

_BIG = 10**MAX_DIGITS
_SMALL = 10**19
_BIG_FLOAT = float(_BIG)
_PRINTF = re.compile(r"%(?:\(([^)]*)\))?[#0\- +]*(\*|\d+)?(?:\.(\*|\d+))?[hlL]?(.)", re.S)
_SPEC = re.compile(r"(?:.?[<>=^])?[-+ ]?z?#?(\d*)[,_]?(?:\.(\d*))?", re.S)


class BudgetError(Exception):
    """A template ran out of a budget; the message says which, and what to do."""


class _Closed(Exception):
    """Spending between renders: only jinja's compile-time folding of constants does, and it
    takes any error to mean "not a constant, evaluate it when rendering"."""


# -- sizes and numbers -----------------------------------------------------------------------------
def _said(what) -> str:
    return what() if callable(what) else what  # messages are made only when one is needed


def too_large(what) -> BudgetError:
    message = f"template: a number too large to print ({_said(what)})"
    return BudgetError(message)


def not_finite(what) -> BudgetError:
    message = f"template: not a finite real number ({_said(what)})"
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
        message = f"template: would be {shown} characters or items long, more than {MAX_SIZE:,} ({_said(what)})"
        raise BudgetError(message)


def number(value, what):
    """A number a template may make or print: real, finite and under 10**MAX_DIGITS."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        if not -_BIG < value < _BIG:
            raise too_large(what)
    elif isinstance(value, float):
        if math.isnan(value):
            raise not_finite(what)
        if not -_BIG_FLOAT < value < _BIG_FLOAT:
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
    if kind in _TEXTS:
        return len(value)
    if kind is int and -_SMALL < value < _SMALL:  # (hot: most of what is printed or filled in)
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
    if kind in _TEXTS:
        return len(value) >> 6
    if kind in _CONTAINERS:
        return len(value)
    return 0


_TEXTS = {str, Markup, LocStr, bytes}
_CONTAINERS = {list, tuple, dict, range, YList, YMap}
_SIZED = {str, Markup, bytes, list, tuple, dict}  # what a template makes (content, a LocStr, is not made)


# -- the meter -------------------------------------------------------------------------------------
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

    def spend(self, steps: int) -> None:
        self.fuel -= steps
        if self.fuel < 0:
            self._refuel()

    def _refuel(self) -> None:
        if not self._open:
            raise _Closed()
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


# -- compiled code ---------------------------------------------------------------------------------
LOOP_FILTER = "_loop_over"  # a filter that every {% for %}'s iterable goes through


class BudgetedCodeGenerator(CodeGenerator):
    """jinja's code generator, metering what a template does without calling anything: loop (a
    plain Python for), write literal text, join with `~`, and compare."""

    def visit_Template(self, node: nodes.Template, frame=None) -> None:
        for loop in list(node.find_all(nodes.For)):  # before jinja looks up the filters a template uses
            loop.iter = nodes.Filter(loop.iter, LOOP_FILTER, [], [], None, None, lineno=loop.iter.lineno)
        super().visit_Template(node, frame)

    def visit_Const(self, node: nodes.Const, frame) -> None:
        try:  # 1e999 is inf (which jinja would write as a name), and a number literal is one a template makes
            number(node.value, lambda: repr(node.value))
        except BudgetError as exc:
            self.fail(str(exc).removeprefix("template: "), node.lineno)
        super().visit_Const(node, frame)

    def _output_const_repr(self, group) -> str:
        return f"environment.literal({super()._output_const_repr(group)})"

    def visit_Concat(self, node: nodes.Concat, frame) -> None:
        self.write("environment.tilde((")
        for arg in node.nodes:
            self.visit(arg, frame)
            self.write(", ")
        self.write("), context.eval_ctx.autoescape)")

    def visit_Compare(self, node: nodes.Compare, frame) -> None:
        self.write("(")
        self._weighed(node.expr, frame)
        for op in node.ops:
            self.write(f" {operators[op.op]} ")
            self._weighed(op.expr, frame)
        self.write(")")

    def _weighed(self, expr: nodes.Expr, frame) -> None:
        if isinstance(expr, nodes.Const):  # small, and known
            self.visit(expr, frame)
            return
        self.write("environment.weighed(")
        self.visit(expr, frame)
        self.write(")")


# -- the environment -------------------------------------------------------------------------------
class BudgetedEnvironment(ImmutableSandboxedEnvironment):
    """The sandbox with a Meter: its hooks spend steps and weigh what operations would make. A
    render runs between `meter.start()` and `meter.stop()`."""

    code_generator_class = BudgetedCodeGenerator
    intercepted_binops = frozenset(["+", "-", "*", "/", "//", "%", "**"])
    intercepted_unops = frozenset(["+", "-"])

    def __init__(self, *args, **kwargs):
        self.meter = Meter()
        super().__init__(*args, finalize=_printing(kwargs.pop("finalize", None)), **kwargs)
        self.filters = {name: self.budgeted(name, f) for name, f in self.filters.items()}
        self.filters.update(join=self.budgeted("join", self._join), sum=self.budgeted("sum", self._sum))
        self.filters[LOOP_FILTER] = self.loop_over
        self.tests = {name: self.budgeted(name, f) for name, f in self.tests.items()}
        self.globals.update(range=self._range, lipsum=self._lipsum)

    def add_filters(self, **filters) -> None:
        self.filters.update((name, self.budgeted(name, f)) for name, f in filters.items())

    # -- what a template makes ----------------------------------------------------------------
    def made(self, value, what):
        """Every value a template makes is weighed, and its size spent."""
        kind = type(value)
        if kind is int or kind is float or kind is complex:
            return number(value, what)
        if kind in _SIZED:
            size = len(value)
            sized(size, what)
            self.meter.spend(size >> 6 if kind in _TEXTS else size)
        return value

    def budgeted(self, name: str, function):
        """A filter or test that spends steps for the values it works over and whose result is
        weighed; one that pads, repeats or formats weighs what it would make first."""
        check = _FILTER_CHECKS.get(name)
        skip = 1 if hasattr(function, "jinja_pass_arg") else 0  # the context or environment jinja passes
        cheap = name in _CHEAP
        spend, made, what = self.meter.spend, self.made, f"|{name}"  # (the context jinja passes costs nothing)

        @wraps(function)
        def run(*args, **kwargs):
            spend(1 if cheap else 1 + len(args) + sum(map(cost, args)))
            if check is not None:
                check(*args[skip:], **kwargs)
            return made(function(*args, **kwargs), what)

        return run

    # -- the sandbox's hooks --------------------------------------------------------------------
    def call(__self, __context, __obj, *args, **kwargs):  # noqa: B902 - jinja's own signature
        receiver = getattr(__obj, "__self__", None)
        # f(*range(100000)) passes a hundred thousand arguments: each is paid for
        __self.meter.spend(1 + len(args) + len(kwargs) + cost(receiver) + sum(map(cost, args)))
        name = getattr(__obj, "__name__", None)
        if name in _METHOD_CHECKS and isinstance(receiver, str | bytes | int):
            own = {k: v for k, v in kwargs.items() if k not in _JINJAS_OWN}  # the template's own keywords
            args = _METHOD_CHECKS[name](receiver, *args, **own) or args
        elif type(__obj) is Macro:
            __self.meter.spend(MACRO_STEPS)
        elif type(__obj) is LoopContext and args:  # loop(children) in a recursive loop: counted too
            args = (__self.loop_over(args[0]), *args[1:])
        return __self.made(super().call(__context, __obj, *args, **kwargs), name or "a call")

    def getattr(self, obj, attribute):
        meter = self.meter  # (hot: card.title is one of these)
        meter.fuel -= 1
        if meter.fuel < 0:
            meter.spend(0)
        return super().getattr(obj, attribute)

    def getitem(self, obj, argument):
        meter = self.meter
        meter.fuel -= 1
        if meter.fuel < 0:
            meter.spend(0)
        value = super().getitem(obj, argument)
        return self.made(value, "a slice") if type(argument) is slice else value

    def call_binop(self, context, operator, left, right):
        self.meter.spend(1 + cost(left) + cost(right))

        def what() -> str:
            return f"{shown(left)}{operator}{shown(right)}"

        before = _BINOP_CHECKS.get(operator)
        if before is not None:
            before(left, right, what)
        try:
            value = self.binop_table[operator](left, right)
        except OverflowError:  # float arithmetic past 1e308
            raise too_large(what) from None
        return self.made(value, what)

    def call_unop(self, context, operator, arg):
        self.meter.spend(1)
        return self.unop_table[operator](arg)

    def wrap_str_format(self, value):
        """str.format and format_map, each field weighed before it is formatted."""
        jinjas = super().wrap_str_format(value)
        if jinjas is None:
            return None
        text = value.__self__
        formatter = _WeighingEscapeFormatter(self, escape=text.escape) if isinstance(text, Markup) else _WeighingFormatter(self)
        mapping = value.__name__ == "format_map"

        def run(*args, **kwargs):
            if mapping:
                if kwargs or len(args) != 1:
                    return jinjas(*args, **kwargs)  # jinja's own error
                args, kwargs = (), args[0]
            return type(text)(formatter.vformat(text, args, kwargs))

        return update_wrapper(run, value)

    # -- what compiled code calls (BudgetedCodeGenerator) ------------------------------------------
    def loop_over(self, iterable):
        """A loop's items: what knows its length is paid for at once, anything else item by item."""
        if isinstance(iterable, Sized):
            self.meter.spend(1 + len(iterable))
            return iterable
        return self._counted(iterable)

    def _counted(self, iterable):
        spend = self.meter.spend
        for item in iterable:
            spend(1)
            yield item

    def literal(self, text: str) -> str:
        meter = self.meter
        meter.room -= len(text)
        if meter.room < 0:
            meter.overflow()
        return text

    def tilde(self, parts: tuple, autoescape: bool) -> str:
        """`a ~ b`, weighed before it is joined, and paid for by what it copies."""
        self.meter.spend(1 + sum(cost(part) for part in parts))
        sized(sum(text_size(part) for part in parts), "~")
        return markup_join(parts) if autoescape else str_join(parts)

    def weighed(self, value):
        """A comparison's operand: comparing long texts or lists costs their length."""
        self.meter.spend(1 + cost(value))
        return value

    # -- globals and filters that would make too much ------------------------------------------
    def _range(self, *args) -> range:
        items = safe_range(*args)
        self.meter.spend(len(items))
        return items

    def _lipsum(self, n=5, html=True, min=20, max=100) -> str:  # noqa: A002 - jinja's names
        words = int(n) * int(max)
        sized(words * 12, "lipsum()")  # a word and its space: 12 characters at most
        self.meter.spend(words)
        return generate_lorem_ipsum(n, html, min, max)

    @pass_eval_context
    def _join(self, eval_ctx, value, d="", attribute=None) -> str:
        items = list(value if attribute is None else map(make_attrgetter(self, attribute), value))
        self.meter.spend(len(items))
        sized(sum(text_size(item) for item in items) + max(len(items) - 1, 0) * text_size(d), "|join")
        return sync_do_join(eval_ctx, items, d)

    @pass_environment
    def _sum(self, environment, iterable, attribute=None, start=0):
        """|sum, in linear time when it adds up lists (sum() would copy the total for each one)."""
        items = list(iterable if attribute is None else map(make_attrgetter(self, attribute), iterable))
        self.meter.spend(len(items))
        if isinstance(start, list | tuple) and all(isinstance(item, type(start)) for item in items):
            sized(len(start) + sum(len(item) for item in items), "|sum")
            return type(start)(chain(start, *items))
        return sum(items, start)


_JINJAS_OWN = {"_loop_vars", "_block_vars"}  # what jinja passes to every call in a loop or block
_CHEAP = {"length", "count", "first", "default", "d", "attr", "safe", "random", "defined", "undefined", "none"}


def _printing(finalize):
    """{{ value }}: a number or a list is weighed before it becomes text, and the text counted.
    (pass_eval_context: jinja then never runs it at compile time.)"""
    finalize = finalize or (lambda value: value)

    @pass_eval_context
    def printed(eval_ctx, value):
        size = 0 if isinstance(value, str) else text_size(value)
        value = finalize(value)
        meter = eval_ctx.environment.meter
        meter.room -= len(value) if isinstance(value, str) else size
        if meter.room < 0:
            meter.overflow()
        return value

    return printed


# -- what an operation would make, weighed before it is made ---------------------------------------
def _times(left, right, what) -> None:
    if isinstance(left, int) and isinstance(right, str | bytes | list | tuple):
        left, right = right, left
    if isinstance(left, str | bytes | list | tuple) and isinstance(right, int):
        sized(len(left) * right, what)


def _plus(left, right, what) -> None:
    if isinstance(left, str | bytes | list | tuple) and isinstance(right, str | bytes | list | tuple):
        sized(len(left) + len(right), what)


def _power(left, right, what) -> None:
    if isinstance(left, int) and isinstance(right, int) and abs(left) > 1 and right > 0:
        if right * math.log10(abs(left)) >= MAX_DIGITS:
            raise too_large(what)


def _modulo(left, right, what) -> None:
    if isinstance(left, str):
        sized(printf_size(left, right), what)


_BINOP_CHECKS = {"*": _times, "+": _plus, "**": _power, "%": _modulo}


def _width(digits: str) -> int:
    return 10**15 if len(digits) > 15 else int(digits or 0)


def printf_size(template: str, args) -> int:
    """The length `template % args` can have: its text, and each field's width, precision and
    value."""
    values = list(args) if isinstance(args, tuple) else [args]
    size = len(template)
    for key, width, precision, conversion in _PRINTF.findall(template):
        if conversion == "%":
            continue
        for digits in (width, precision):
            given = values.pop(0) if digits == "*" and values else None
            size += max(given, 0) if isinstance(given, int) else _width(digits.strip("*"))
        value = args.get(key) if key and hasattr(args, "get") else values.pop(0) if values else None
        size += text_size(value)
    return size


def _replaced_size(text, old, new, count=None) -> int:
    found = len(text) + 1 if not old else text.count(old)
    if isinstance(count, int) and count >= 0:
        found = min(found, count)
    return len(text) + found * max(len(new) - len(old), 0)


# str, bytes and int methods that pad, repeat or replace: weighed; join gets its items as a list
def _padding(receiver, width=0, *rest, **kwargs):
    sized(width if isinstance(width, int) else 0, "padding")


def _expandtabs(receiver, tabsize=8, **kwargs):
    if isinstance(receiver, str | bytes) and isinstance(tabsize, int):
        sized(len(receiver) + receiver.count("\t" if isinstance(receiver, str) else b"\t") * tabsize, "expandtabs()")


def _replace(receiver, old="", new="", count=-1, **kwargs):
    if isinstance(receiver, str | bytes) and type(old) is type(new) and isinstance(old, str | bytes):
        sized(_replaced_size(receiver, old, new, kwargs.get("count", count)), "replace()")


def _joined(receiver, items=(), *rest, **kwargs):
    if isinstance(receiver, str | bytes) and not rest and not kwargs:
        items = list(items)
        sized(sum(text_size(item) for item in items) + max(len(items) - 1, 0) * len(receiver), "join()")
        return (items,)
    return None


def _translate(receiver, table=None, *rest, **kwargs):
    if isinstance(receiver, str) and isinstance(table, dict):
        longest = max((len(v) for v in table.values() if isinstance(v, str)), default=1)
        sized(len(receiver) * longest, "translate()")


def _to_bytes(receiver, length=1, *rest, **kwargs):
    sized(length if isinstance(length, int) else 0, "to_bytes()")


_METHOD_CHECKS = {
    **dict.fromkeys(["center", "ljust", "rjust", "zfill"], _padding),
    "expandtabs": _expandtabs,
    "replace": _replace,
    "join": _joined,
    "translate": _translate,
    "to_bytes": _to_bytes,
}


# filters that pad, repeat or format, with the filter's own arguments: weighed, or refused
def _center(value, width=80):
    sized(width if isinstance(width, int) else 0, "|center")


def _indent(value, width=4, first=False, blank=False):
    text = value if isinstance(value, str) else ""
    indention = len(width) if isinstance(width, str) else width if isinstance(width, int) else 0
    sized(len(text) + (text.count("\n") + 1) * indention, "|indent")


def _format(value, *args, **kwargs):
    if isinstance(value, str):
        sized(printf_size(value, kwargs or args), "|format")


def _replace_filter(value, old="", new="", count=None):
    if isinstance(value, str) and isinstance(old, str) and isinstance(new, str):
        sized(_replaced_size(value, old, new, count), "|replace")


def _batch(value, linecount=1, fill_with=None):
    sized(linecount if isinstance(linecount, int) else 0, "|batch")


def _slice(value, slices=1, fill_with=None):
    sized(slices if isinstance(slices, int) else 0, "|slice")


def _wordwrap(value, width=79, break_long_words=True, wrapstring=None, break_on_hyphens=True):
    text = value if isinstance(value, str) else ""
    joint = len(wrapstring) if isinstance(wrapstring, str) else 1
    sized(len(text) + (len(text) + 1) * joint, "|wordwrap")  # a line for each character at most


def _round(value, precision=0, method="common"):
    if isinstance(precision, int) and not -MAX_DIGITS <= precision <= MAX_DIGITS:
        raise too_large(f"10**{shown(precision)}")


def _printed(value, *args, **kwargs):
    text_size(value)


_FILTER_CHECKS = {
    "center": _center,
    "indent": _indent,
    "format": _format,
    "replace": _replace_filter,
    "batch": _batch,
    "slice": _slice,
    "wordwrap": _wordwrap,
    "round": _round,
    # filters that print their value: a number or a list is weighed first
    **dict.fromkeys(
        ["string", "tojson", "pprint", "urlencode", "xmlattr", "e", "escape", "forceescape", "safe", "truncate"]
        + ["upper", "lower", "title", "capitalize", "trim", "striptags", "wordcount", "urlize", "filesizeformat"]
        + ["number", "signed", "thousands"],  # kitpress's own (bind.py)
        _printed,
    ),
}


class _Weighing:
    """For str.format: each field is weighed before it is formatted, and the whole text."""

    def vformat(self, format_string, args, kwargs):
        self._size = len(format_string)
        return super().vformat(format_string, args, kwargs)

    def format_field(self, value, format_spec):
        spec = _SPEC.match(str(format_spec))
        self._size += max(_width(spec.group(1)), text_size(value)) + _width(spec.group(2) or "")
        sized(self._size, "format()")
        return super().format_field(value, format_spec)


class _WeighingFormatter(_Weighing, SandboxedFormatter):
    pass


class _WeighingEscapeFormatter(_Weighing, SandboxedEscapeFormatter):
    pass

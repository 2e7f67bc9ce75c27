"""jinja's immutable sandbox, with every template run within budgets of time and size: a code
generator that meters loops, literal text, joins and comparisons, and an environment whose hooks
spend steps and weigh what each operation would make (budgets.py, weighing.py)."""

from __future__ import annotations

from collections.abc import Sized
from functools import update_wrapper, wraps
from itertools import chain

from jinja2 import nodes, pass_environment, pass_eval_context
from jinja2.compiler import CodeGenerator, operators
from jinja2.filters import make_attrgetter, sync_do_join
from jinja2.runtime import LoopContext, Macro, markup_join, str_join
from jinja2.sandbox import ImmutableSandboxedEnvironment, safe_range
from jinja2.utils import generate_lorem_ipsum
from markupsafe import Markup

from kitpress.compose.budgets import MACRO_STEPS, SIZED, TEXTS, BudgetError, Meter, cost, number, shown, sized, text_size, too_large
from kitpress.compose.weighing import BINOP_CHECKS, FILTER_CHECKS, METHOD_CHECKS, WeighingEscapeFormatter, WeighingFormatter, printing
from kitpress.content.located import YMap

VERSION = "budgets-1"  # in the compiled-template cache's key: compiled code meters loops, text and comparisons

_MAP_ATTRIBUTES = frozenset(dir(YMap))  # what an attribute lookup finds on a record's class; its own are in its __dict__
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


class BudgetedEnvironment(ImmutableSandboxedEnvironment):
    """The sandbox with a Meter: its hooks spend steps and weigh what operations would make. A
    render runs between `meter.start()` and `meter.stop()`."""

    code_generator_class = BudgetedCodeGenerator
    intercepted_binops = frozenset(["+", "-", "*", "/", "//", "%", "**"])
    intercepted_unops = frozenset(["+", "-"])

    def __init__(self, *args, **kwargs):
        self.meter = Meter()
        super().__init__(*args, finalize=printing(kwargs.pop("finalize", None)), **kwargs)
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
        if kind in SIZED:
            size = len(value)
            sized(size, what)
            self.meter.spend(size >> 6 if kind in TEXTS else size)
        return value

    def budgeted(self, name: str, function):
        """A filter or test that spends steps for the values it works over and whose result is
        weighed; one that pads, repeats or formats weighs what it would make first."""
        check = FILTER_CHECKS.get(name)
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
        if name in METHOD_CHECKS and isinstance(receiver, str | bytes | int):
            own = {k: v for k, v in kwargs.items() if k not in _JINJAS_OWN}  # the template's own keywords
            args = METHOD_CHECKS[name](receiver, *args, **own) or args
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
        if type(obj) is YMap and attribute not in _MAP_ATTRIBUTES and attribute not in obj.__dict__:
            # a record's field: jinja2 looks for an attribute first, and takes the item when that
            # raises AttributeError (1.5 µs of the 1.6 a field took); here the item, found no other way
            try:
                return obj[attribute]
            except KeyError:
                pass
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

        before = BINOP_CHECKS.get(operator)
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
        formatter = WeighingEscapeFormatter(self, escape=text.escape) if isinstance(text, Markup) else WeighingFormatter(self)
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

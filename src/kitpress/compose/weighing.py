"""What an operation of a template would make, weighed before it is made: repetitions, paddings,
formatted fields, joins, batches, and each value printed (see budgets.py for the limits)."""

from __future__ import annotations

import math
import re

from jinja2 import pass_eval_context
from jinja2.sandbox import SandboxedEscapeFormatter, SandboxedFormatter

from kitpress.compose.budgets import MAX_DIGITS, shown, sized, text_size, too_large

_PRINTF = re.compile(r"%(?:\(([^)]*)\))?[#0\- +]*(\*|\d+)?(?:\.(\*|\d+))?[hlL]?(.)", re.S)


_SPEC = re.compile(r"(?:.?[<>=^])?[-+ ]?z?#?(\d*)[,_]?(?:\.(\d*))?", re.S)


def printing(finalize):
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


BINOP_CHECKS = {"*": _times, "+": _plus, "**": _power, "%": _modulo}


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


METHOD_CHECKS = {
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


FILTER_CHECKS = {
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


class WeighingFormatter(_Weighing, SandboxedFormatter):
    pass


class WeighingEscapeFormatter(_Weighing, SandboxedEscapeFormatter):
    pass

"""What a layout's templates may call besides jinja's own: filters (`fill`, `plural`, `signed`,
`number`, `shouted`, `thousands`) and functions (`share_coins`, `tally`, `dot`), each weighed
against the template budgets where its result could grow."""

from __future__ import annotations

import math
import re

import jinja2
from jinja2.utils import missing

from kitpress.compose import budgets
from kitpress.compose.missing import MissingError
from kitpress.content.textfmt import PLACEHOLDER, fill as fill_text, money as money_in, number, signed, thousands as thousands_in
from kitpress.content.yamlio import LocStr


@jinja2.pass_context
def fill(context, text, **values):
    """A text's {name} placeholders filled: `labels.translation | fill(names=…)`; one left empty
    is an error. `{name|money}` and `{name|thousands}` print as the kit's language writes them."""
    labels, kit = context.get("labels"), context.get("kit")
    sign = labels.get("currency") if isinstance(labels, dict) else None
    return _fill(text, values, str(kit.get("lang") or "en") if isinstance(kit, dict) else "en", None if sign is None else str(sign))


def _fill(text, values: dict, lang: str = "en", sign: str | None = None):
    _check_filled(str(text), values)
    try:
        out, missing = fill_text(str(text), values, lang, sign)
    except ValueError as exc:
        raise jinja2.TemplateRuntimeError(f"{exc} in {text!r}") from None
    if missing:
        raise jinja2.TemplateRuntimeError(f"placeholder {{{missing[0]}}} was not given a value in {text!r}")
    return LocStr(out, text.loc, text.field) if isinstance(text, LocStr) else out


def _check_filled(text: str, values: dict) -> None:
    """A {name} a text holds many times, filled with a long value, makes a long text: weighed first."""
    places = text.count("{")
    if places and len(text) + places * max(map(budgets.text_size, values.values()), default=0) > budgets.MAX_SIZE:
        sizes = {name: budgets.text_size(value) for name, value in values.items()}
        filled = len(text) + sum(sizes.get(match.group(1), 0) for match in PLACEHOLDER.finditer(text))
        budgets.sized(filled, "|fill")


@jinja2.pass_context
def plural(context, forms, n):
    """The form of a plural text a number takes in the kit's language, as CLDR has it: {one:
    '{n} лист', few: '{n} листа', many: '{n} листов', other: …}; a form the text lacks is its
    `other` (and a text that is no record, the text)."""
    from kitpress.content.i18n.plurals import category

    kit = context.get("kit")
    lang = str(kit.get("lang") or "en") if isinstance(kit, dict) else "en"
    if isinstance(forms, str):
        return _fill(forms, {"n": n}, lang)
    tag = category(lang, n) if isinstance(n, int) and not isinstance(n, bool) else "other"
    form = forms.get(tag) if hasattr(forms, "get") else None
    return _fill(form if form is not None else forms["other"], {"n": n}, lang)


def share_out(total: int, pattern) -> list[int]:
    """Share `total` coins out in rounds of `pattern` (3, 2, 1) until nothing is left: the
    whole rounds at once, then what is left, one by one (a loop of rounds would run a
    billion times for a billion coins)."""
    coins = [int(c) for c in pattern]
    if any(c < 0 for c in coins):
        raise ValueError(f"share_coins: a pattern of whole numbers of 0 or more, not {list(pattern)}")
    per_round = sum(coins)
    if per_round <= 0:
        return [0] * len(coins)
    rounds, left = divmod(max(int(total), 0), per_round)
    shares = [c * rounds for c in coins]
    for index, c in enumerate(coins):
        given = min(c, left)
        shares[index] += given
        left -= given
    return shares


# capitalised words, three or more in a row, with what may stand between them: spaces, commas,
# quotes, brackets and an ellipsis ("TO WIN THE REVOLUTION... ULTIMATELY.")
_SHOUT = re.compile(r"(?:\b(?:[A-Z][A-Z'’]+[a-z]*|[AI])\b(?:[\s,;:\-\"“”()]|\.\.\.|…)*){3,}(?:[.!?][\"”]?)?")


def shouted(text) -> list[str]:
    """The sentences a text prints in capitals (Class Struggle's Beginners Rules), each ending
    with its stop: runs that share a paragraph must not read as one sentence."""
    runs = []
    for match in _SHOUT.finditer(str(text)):
        run = match.group(0).strip().lstrip("(").rstrip(",;:-( ")
        if run.endswith(")") and "(" not in run:
            run = run[:-1]
        if run.count('"') % 2:
            run = run.rstrip('"') if run.endswith('"') else run + '"'
        if sum(ch.isalpha() for ch in run) >= 12:
            runs.append(run if run.rstrip('"”').endswith((".", "!", "?", "…")) else run + ".")
    return runs


@jinja2.pass_context
def thousands(context, value) -> str:
    """A whole number with the kit language's thousands separator: 1,000 · 1.000 · 1 000."""
    kit = context.get("kit") or {}
    return thousands_in(value, str(kit.get("lang") or "en") if isinstance(kit, dict) else "en")


@jinja2.pass_context
def money(context, value) -> str:
    """An amount of the game's money as the kit's language writes it: `{{ 200|money }}` is
    "$200" in English, "200 $" in Spanish. The sign is the game's label `currency`, which a
    translator may change; a game without it is told where its labels are."""
    labels = context.get("labels")
    sign = labels.get("currency") if isinstance(labels, dict) else None
    if sign is None:  # said as any missing name is: "labels has no 'currency': add it where …"
        owner, name = (labels, "currency") if isinstance(labels, dict) else (missing, "labels")
        raise MissingError("money needs the label 'currency'", owner, name)
    if isinstance(value, jinja2.Undefined):  # a name the content lacks: said as such, not as a type
        value._fail_with_undefined_error()
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise TypeError(f"money prints a number, not {type(value).__name__}")
    kit = context.get("kit") or {}
    return money_in(value, str(kit.get("lang") or "en") if isinstance(kit, dict) else "en", str(sign))


def tally(items, attribute: str) -> dict:
    """How many items have each value of `attribute`: roles by class, say."""
    counts: dict = {}
    for item in items:
        key = str(item[attribute])
        counts[key] = counts.get(key, 0) + 1
    return counts


def dot(weights, counts) -> int:
    """Sum of weight × count over the keys of `weights` (tax rates × players per class)."""
    total = 0
    for key, value in weights.items():
        count = counts.get(str(key), 0)
        if not isinstance(value, int | float) or not isinstance(count, int | float):  # 'x' × 10**9 is no tax
            raise TypeError(f"dot() multiplies numbers, not {type(value).__name__} by {type(count).__name__}")
        total += value * count
    return total


FILTERS = {
    "fill": fill, "plural": plural, "signed": signed, "number": number, "shouted": shouted, "thousands": thousands, "money": money
}
GLOBALS = {"share_coins": share_out, "tally": tally, "dot": dot}
# what of the context each filter above given it reads (compose/reads; `kit.lang`: one key of
# `kit`): a face kept between builds is composed again when one of them changes, as when a name
# its templates read does
CONTEXT_READS = {"fill": ("labels", "kit.lang"), "money": ("labels", "kit.lang"), "thousands": ("kit.lang",), "plural": ("kit.lang",)}

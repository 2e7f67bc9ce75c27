"""The only jinja2 door: layout text rendered in the sandbox against game content.

Templates run in jinja2's ImmutableSandboxedEnvironment with StrictUndefined and autoescape,
so content can neither run code nor change what other templates see, and within budgets of
steps and size (sandbox.py, budgets.py), so no template runs for ever or fills the memory. Every content
string a template prints is recorded, so a later overflow or glyph problem names its source line.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import jinja2
from jinja2.nodes import EvalContext
from jinja2.sandbox import SecurityError
from markupsafe import Markup, escape

from kitpress import __version__, files, usercache
from kitpress.compose import budgets, direct, filters, reads, sandbox
from kitpress.compose.missing import Missing, MissingError, described
from kitpress.compose.budgets import BudgetError
from kitpress.compose.sandbox import BudgetedEnvironment
from kitpress.content.textfmt import number
from kitpress.content.yamlio import LocStr
from kitpress.errors import KitpressError, Loc, Problem, rel

_BOLD = re.compile(r"\*\*(.+?)\*\*")
TEMPLATE_SUFFIXES = (".j2", ".jinja", ".jinja2")


class BindError(KitpressError):
    """A template's failure, at its place: callers re-locate it, and one that reaches the top
    (a `cards:` or `faces:` expression) is printed as it is."""

    def __init__(self, message: str, loc: Loc):
        super().__init__(Problem("error", message, loc))
        self.message, self.loc = message, loc

    def __str__(self) -> str:
        return self.message


@dataclass
class Printed:
    """Content strings printed by one render, in order."""

    texts: list = field(default_factory=list)

    def longest(self) -> LocStr | None:
        """The likeliest culprit when a frame overflows: its longest content text."""
        return max(self.texts, key=len) if self.texts else None


def _template_cache() -> jinja2.FileSystemBytecodeCache | None:
    """jinja's own cache of compiled templates, in the user's cache folder: compiling a kit's
    templates is a tenth of a second of every build. A template whose text changed is compiled
    again (jinja checks a checksum of the source)."""
    root = usercache.folder("templates")
    return _PlainFileCache(str(root)) if root else None  # None: compile every time


class _PlainFileCache(jinja2.FileSystemBytecodeCache):
    """jinja's cache, reading plain files only: anything else found there (a FIFO, which jinja
    would wait on for ever) is passed over and the template compiled again."""

    def load_bytecode(self, bucket) -> None:
        if os.path.isfile(self._get_cache_filename(bucket)):  # follows links; False for a FIFO or device
            super().load_bytecode(bucket)


_COMPILED = _template_cache()
# compiled code depends on jinja and on how kitpress sets it up, not only on the template's text:
# jinja compiles the context into a call of a filter that takes it, so which ones do is part of it
_PASSED = ",".join(sorted(name for name, f in filters.FILTERS.items() if hasattr(f, "jinja_pass_arg")))
_SETTINGS = f"kitpress-{__version__}-jinja-{jinja2.__version__}-sandbox-{sandbox.VERSION}-autoescape-trim-lstrip-context-{_PASSED}"


class Binder:
    def __init__(self, search_dirs: list[Path]):
        """Templates may import helpers (*.j2) from these folders, and nothing else."""
        loader = _CheckedLoader([d for d in search_dirs if d.is_dir()])
        self.env = BudgetedEnvironment(
            autoescape=True,
            undefined=Missing,
            finalize=self._finalize,
            loader=loader,
            trim_blocks=True,
            lstrip_blocks=True,
        )
        self.env.add_filters(**filters.FILTERS, indexed=self._indexed)
        self.env.globals.update(filters.GLOBALS)
        self._printed = Printed()
        self._cache: dict = {}
        self._spent: BindError | None = None  # the render that ran the build's budget out
        # the names of the context the renders since `track()` read (None: not tracked), for
        # compose/memo; reads.EVERYTHING among them when one may have read any
        self.reads: set | None = None
        self._names: dict = {}
        # the steps of each template text that is text and values only (compose/direct), else None
        self._plans: dict[str, tuple[direct.Plan, frozenset] | None] = {}
        self._eval_ctx = EvalContext(self.env)  # what jinja's compiled code hands finalize

    def track(self, into: set | None) -> set | None:
        """Collect the names later renders read into `into` (None: stop); returns what was collected into before."""
        before, self.reads = self.reads, into
        return before

    def _read(self, source: str, expression: bool) -> None:
        key = (expression, source)
        if key not in self._names:
            self._names[key] = reads.names(self.env, source, expression)
        found = self._names[key]
        if found is reads.EVERYTHING:
            self.reads.add(reads.EVERYTHING)
        else:
            self.reads.update(found)

    # -- compiling --------------------------------------------------------------------------
    def template(self, source: LocStr) -> jinja2.Template:
        key = (source.loc, str(source))
        if key not in self._cache:
            name = source.loc.path
            bucket = _COMPILED.get_bucket(self.env, f"{_SETTINGS}:{source.loc}", name, str(source)) if _COMPILED else None
            code = bucket.code if bucket else None
            if code is None:
                code = _compiled(source, lambda: self.env.compile(str(source), name=name, filename=name))
                if bucket:
                    bucket.code = code
                    _COMPILED.set_bucket(bucket)
            # globals as a plain dict: jinja copies them into every render's context, and copying
            # its usual ChainMap key by key was a fifth of composing a card
            self._cache[key] = self.env.template_class.from_code(self.env, code, dict(self.env.globals), None)
        return self._cache[key]

    def expression(self, source: LocStr):
        """A compiled expression (a `when`, say), compiled once per text: a deck evaluates the
        same few expressions for every card. Each evaluation is a render, within its budget."""
        key = ("expression", str(source))
        if key not in self._cache:
            self._cache[key] = _compiled(source, lambda: self.env.compile_expression(str(source), undefined_to_none=False))
        compiled = self._cache[key]
        if self.reads is not None:
            self._read(str(source), True)
        return lambda **context: self._evaluate(compiled, source, context)

    def _evaluate(self, compiled, source: LocStr, context: dict):
        meter = self._metered()
        meter.start()
        try:
            value = compiled(**context)
            # what goes over items lazily (x|select(...)) is gone over now, within the budget
            return iter(list(value)) if isinstance(value, Iterator) else value
        except BudgetError as exc:
            raise self._failed(str(exc), source.loc) from None
        except RecursionError:
            raise BindError(str(budgets.nested()), source.loc) from None
        finally:
            meter.stop()

    def _metered(self) -> budgets.Meter:
        """The meter, for a render about to start. Once a render has run the build's budget out,
        every later one fails with that render's error: one problem, where it happened, not one
        for every frame that follows."""
        if self._spent is not None:
            raise BindError(self._spent.message, self._spent.loc)
        return self.env.meter

    def _failed(self, message: str, loc: Loc) -> BindError:
        error = BindError(message, loc)
        if self.env.meter.spent and self._spent is None:
            self._spent = error
        return error

    # -- rendering --------------------------------------------------------------------------
    def render(self, source: LocStr, context: dict, document: bool = False) -> tuple[str, Printed]:
        """Render a template string (a frame's, or a document's part); return the text and the
        content strings it printed."""
        if "{" not in source:
            _check_printed(str(source), source.loc, document)
            return str(source), Printed()
        if source in self._plans:
            planned = self._plans[source]
        else:  # compiled first: a template jinja refuses is said at its place
            self.template(source)
            steps = direct.plan(self.env, str(source)) if self.env.autoescape is True else None
            planned = self._plans[source] = (steps, direct.names(steps)) if steps else None
        if self.reads is not None:
            self._read(str(source), False)
        self._printed = Printed()
        meter = self._metered()
        meter.start(document)
        try:
            text = None
            if planned is not None and planned[1] <= context.keys():
                mark = meter.mark()
                try:
                    text = direct.render(self.env, self._eval_ctx, planned[0], context)
                except Exception:  # noqa: BLE001 - rendered again by jinja, which says what and where
                    meter.back(mark)
                    self._printed = Printed()
                    text = None
            if text is None:
                text = self.template(source).render(context)
        except KitpressError:
            raise
        except Exception as exc:  # noqa: BLE001 - every template failure is the author's, with a place
            message = f"template: {described(exc, context)}" if isinstance(exc, MissingError) else _describe(exc)
            raise self._failed(message, _error_loc(exc, source)) from None
        finally:
            meter.stop()
        _check_printed(text, source.loc, document)  # what a {% filter %} block wrote is counted here
        return text, self._printed

    def value(self, source, context: dict):
        """A layout value that may be a template ('{{ role.class.color }}'); else as written."""
        if isinstance(source, LocStr) and "{{" in source:
            return self.render(source, context)[0].strip()
        return source

    def _indexed(self, text, terms):
        """Content text with an index mark after each term it mentions (first time per text)."""
        parts = re.split(r"(<[^>]+>)", str(self._finalize(text)))  # text between tags only
        terms = list(terms)
        self.env.meter.spend(len(terms) * (1 + budgets.cost(str(text))))  # each term is looked for in the whole text
        for term in terms:
            pattern = re.compile(rf"(?<!\w)({re.escape(str(escape(term)))})(?!\w)", re.IGNORECASE)
            mark = f'<index item="{escape(term)}"/>'
            for i, part in enumerate(parts):
                if not part.startswith("<") and pattern.search(part):
                    parts[i] = pattern.sub(lambda m, mark=mark: m.group(1) + mark, part, count=1)
                    break
        return Markup("".join(parts))

    def _finalize(self, value):
        if value is None:
            return ""
        if isinstance(value, bool):
            return str(value).lower()
        if isinstance(value, (int, float)):
            return number(value)
        if isinstance(value, LocStr) and value.field:
            self._printed.texts.append(value)
            return Markup(_BOLD.sub(r"<b>\1</b>", str(escape(value))))
        return value


class _CheckedLoader(jinja2.BaseLoader):
    """jinja's FileSystemLoader, reading through the files door: a template that is a link out
    of the layout folders, a FIFO or a huge file is a located error, not read."""

    def __init__(self, folders: list[Path]):
        self.folders = folders

    def get_source(self, environment, template: str):
        pieces = jinja2.loaders.split_template_path(template)  # refuses '..' as FileSystemLoader does
        for folder in self.folders:
            path = folder.joinpath(*pieces)
            if files.exists(path):
                text = files.read_text(path, self.folders, MAX_TEMPLATE_BYTES, rel(path))
                return text, str(path), lambda: True  # a Binder lives for one build
        raise jinja2.TemplateNotFound(template)


MAX_TEMPLATE_BYTES = 1024 * 1024


def _template_loc(source: LocStr, line: int) -> Loc:
    offset = line if getattr(source, "block", False) else line - 1
    if offset == 0:
        return source.loc
    return Loc(source.loc.path, source.loc.line + offset, 1)


def _error_loc(exc: BaseException, source: LocStr) -> Loc:
    """Where a render failed: in the layout's own text, or in a template it imports (macros.j2)."""
    own = source.loc.path
    if isinstance(exc, jinja2.TemplateSyntaxError) and exc.filename and exc.filename != own:
        return Loc(rel(Path(exc.filename)), exc.lineno or 1, 1)
    path, line = own, 1
    tb = exc.__traceback__
    while tb is not None:
        name = tb.tb_frame.f_code.co_filename
        if name == own or name.endswith(TEMPLATE_SUFFIXES):
            path, line = name, tb.tb_lineno
        tb = tb.tb_next
    if path != own:
        return Loc(rel(Path(path)), line, 1)
    return _template_loc(source, line)


def _compiled(source: LocStr, compile: Callable):
    """A template or expression compiled, or the reason it cannot be, at its place."""
    try:
        return compile()
    except jinja2.TemplateSyntaxError as exc:
        raise BindError(f"template: {exc.message}", _template_loc(source, exc.lineno or 1)) from None
    except RecursionError:  # ((((…)))) ten thousand deep
        raise BindError(str(budgets.nested()), source.loc) from None
    except ValueError as exc:
        if "integer string conversion" not in str(exc):
            raise
        # jinja reads a number literal of more than Python's 4300 digits
        digits = sys.get_int_max_str_digits()
        raise BindError(str(budgets.too_large(f"a number literal of more than {digits} digits")), source.loc) from None


def _check_printed(text: str, loc: Loc, document: bool) -> None:
    if len(text) > budgets.FRAME_TEXT:
        most, part = budgets.text_budget(document)
        if len(text) > most:
            raise BindError(str(budgets.printed_too_much(most, part)), loc)


def _describe(exc: Exception) -> str:
    if isinstance(exc, BudgetError):
        return str(exc)
    if isinstance(exc, RecursionError):
        return str(budgets.nested())
    if isinstance(exc, jinja2.UndefinedError | jinja2.TemplateSyntaxError):  # the latter: in a template it imports
        return f"template: {_shortened(_plain_types(exc.message))}"
    if isinstance(exc, SecurityError):
        return f"template: not allowed in the sandbox: {_shortened(str(exc))}"
    if isinstance(exc, jinja2.TemplateRuntimeError):  # said in words already (fill's, say): no class name
        return f"template: {_shortened(str(exc))}"
    return f"template: {type(exc).__name__}: {_shortened(str(exc))}"


# what jinja calls kitpress's own types ('kitpress.content.yamlio.YMap object'), as a designer knows them
_TYPE_NAMES = {"YMap": "a record of the content", "YList": "a list of the content", "LocStr": "a text of the content"}
_TYPE = re.compile(r"'(?:[\w.]+\.)?(" + "|".join(_TYPE_NAMES) + r") object'")


def _plain_types(text: str | None) -> str:
    """jinja's message without the names of kitpress's classes: "a record of the content has no attribute 'titel'"."""
    return _TYPE.sub(lambda found: _TYPE_NAMES[found.group(1)], text or "")


def _shortened(text: str | None, most: int = 200) -> str:
    """A message quotes what the template named: a key of a million characters is cut short."""
    text = text or ""
    return text if len(text) <= most else text[: most - 1] + "…"


def problem(exc: BindError) -> Problem:
    return Problem("error", str(exc), exc.loc)

"""The only jinja2 door: layout text rendered in the sandbox against game content.

Templates run in jinja2's ImmutableSandboxedEnvironment with StrictUndefined and autoescape,
so content can neither run code nor change what other templates see. Every content string a
template prints is recorded, so a later overflow or glyph problem names its source line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import jinja2
from jinja2.sandbox import ImmutableSandboxedEnvironment, SecurityError
from markupsafe import Markup, escape

from . import __version__, files, usercache
from .errors import KitpressError, Loc, Problem, rel
from .textfmt import fill as fill_text
from .textfmt import number, signed
from .textfmt import thousands as _thousands
from .yamlio import LocStr

_BOLD = re.compile(r"\*\*(.+?)\*\*")
TEMPLATE_SUFFIXES = (".j2", ".jinja", ".jinja2")


class BindError(Exception):
    def __init__(self, message: str, loc: Loc):
        super().__init__(message)
        self.loc = loc


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
    return jinja2.FileSystemBytecodeCache(str(root)) if root else None  # None: compile every time


_COMPILED = _template_cache()
# compiled code depends on jinja and on how kitpress sets it up, not only on the template's text
_SETTINGS = f"kitpress-{__version__}-jinja-{jinja2.__version__}-sandbox-autoescape-trim-lstrip"


class Binder:
    def __init__(self, search_dirs: list[Path]):
        """Templates may import helpers (*.j2) from these folders, and nothing else."""
        loader = _CheckedLoader([d for d in search_dirs if d.is_dir()])
        self.env = ImmutableSandboxedEnvironment(
            autoescape=True,
            undefined=jinja2.StrictUndefined,
            finalize=self._finalize,
            loader=loader,
            trim_blocks=True,
            lstrip_blocks=True,
        )
        self.env.filters.update(
            fill=_fill, plural=_plural, signed=signed, number=number, shouted=shouted, indexed=self._indexed, thousands=_grouped
        )
        self.env.globals.update(share_coins=share_out, tally=tally, dot=dot)
        self._printed = Printed()
        self._cache: dict = {}

    # -- compiling --------------------------------------------------------------------------
    def template(self, source: LocStr) -> jinja2.Template:
        key = (source.loc, str(source))
        if key not in self._cache:
            name = source.loc.path
            bucket = _COMPILED.get_bucket(self.env, f"{_SETTINGS}:{source.loc}", name, str(source)) if _COMPILED else None
            code = bucket.code if bucket else None
            if code is None:
                try:
                    code = self.env.compile(str(source), name=name, filename=name)
                except jinja2.TemplateSyntaxError as exc:
                    raise BindError(f"template: {exc.message}", _template_loc(source, exc.lineno or 1)) from None
                if bucket:
                    bucket.code = code
                    _COMPILED.set_bucket(bucket)
            # globals as a plain dict: jinja copies them into every render's context, and copying
            # its usual ChainMap key by key was a fifth of composing a card
            self._cache[key] = self.env.template_class.from_code(self.env, code, dict(self.env.globals), None)
        return self._cache[key]

    def expression(self, source: LocStr):
        """A compiled expression (a `when`, say), compiled once per text: a deck evaluates the
        same few expressions for every card."""
        key = ("expression", str(source))
        if key not in self._cache:
            try:
                self._cache[key] = self.env.compile_expression(str(source), undefined_to_none=False)
            except jinja2.TemplateSyntaxError as exc:
                raise BindError(f"template: {exc.message}", source.loc) from None
        return self._cache[key]

    # -- rendering --------------------------------------------------------------------------
    def render(self, source: LocStr, context: dict) -> tuple[str, Printed]:
        """Render a template string; return the text and the content strings it printed."""
        if "{" not in source:
            return str(source), Printed()
        template = self.template(source)
        self._printed = Printed()
        try:
            text = template.render(context)
        except KitpressError:
            raise
        except Exception as exc:  # noqa: BLE001 - every template failure is the author's, with a place
            raise BindError(_describe(exc), _error_loc(exc, source)) from None
        return text, self._printed

    def value(self, source, context: dict):
        """A layout value that may be a template ('{{ role.class.color }}'); else as written."""
        if isinstance(source, LocStr) and "{{" in source:
            return self.render(source, context)[0].strip()
        return source

    def _indexed(self, text, terms):
        """Content text with an index mark after each term it mentions (first time per text)."""
        parts = re.split(r"(<[^>]+>)", str(self._finalize(text)))  # text between tags only
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


def _describe(exc: Exception) -> str:
    if isinstance(exc, jinja2.UndefinedError):
        return f"template: {exc.message}"
    if isinstance(exc, SecurityError):
        return f"template: not allowed in the sandbox: {exc}"
    return f"template: {type(exc).__name__}: {exc}"


def _fill(text, **values):
    out, missing = fill_text(str(text), values)
    if missing:
        raise jinja2.TemplateRuntimeError(f"placeholder {{{missing[0]}}} was not given a value in {text!r}")
    return LocStr(out, text.loc, text.field) if isinstance(text, LocStr) else out


def _plural(forms, n):
    """English-style plural forms: {one: '{n} sheet', other: '{n} sheets'}."""
    if isinstance(forms, str):
        return _fill(forms, n=n)
    return _fill(forms["one"] if n == 1 else forms["other"], n=n)


def share_out(total: int, pattern) -> list[int]:
    """Share `total` coins out in rounds of `pattern` (3, 2, 1) until nothing is left."""
    shares = [0] * len(pattern)
    left = int(total)
    if sum(pattern) <= 0:
        return shares
    while left > 0:
        for index, coins in enumerate(pattern):
            given = min(int(coins), left)
            shares[index] += given
            left -= given
    return shares


_SHOUT = re.compile(r"(?:\b(?:[A-Z][A-Z'’]+[a-z]*|[AI])\b[\s,;:\-\"“”()]*){3,}(?:[.!?][\"”]?)?")


def shouted(text) -> list[str]:
    """The sentences a text prints in capitals (Class Struggle's Beginners Rules)."""
    runs = []
    for match in _SHOUT.finditer(str(text)):
        run = match.group(0).strip().lstrip("(").rstrip(",;:-( ")
        if run.endswith(")") and "(" not in run:
            run = run[:-1]
        if run.count('"') % 2:
            run = run.rstrip('"') if run.endswith('"') else run + '"'
        if sum(ch.isalpha() for ch in run) >= 12:
            runs.append(run)
    return runs


@jinja2.pass_context
def _grouped(context, value) -> str:
    """A whole number with the kit language's thousands separator: 1,000 · 1.000 · 1 000."""
    kit = context.get("kit") or {}
    return _thousands(value, str(kit.get("lang") or "en") if isinstance(kit, dict) else "en")


def tally(items, attribute: str) -> dict:
    """How many items have each value of `attribute`: roles by class, say."""
    counts: dict = {}
    for item in items:
        key = str(item[attribute])
        counts[key] = counts.get(key, 0) + 1
    return counts


def dot(weights, counts) -> int:
    """Sum of weight × count over the keys of `weights` (tax rates × players per class)."""
    return sum(value * counts.get(str(key), 0) for key, value in weights.items())


def problem(exc: BindError) -> Problem:
    return Problem("error", str(exc), exc.loc)

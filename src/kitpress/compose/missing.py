"""What a template names that the content does not have, said in the author's words: which
record lacks which field, the field it has that looks like it, and the file to add it to. A
shared layout (layouts/common) that needs a label names the label the game lacks, not itself."""

from __future__ import annotations

import jinja2
from jinja2.utils import missing

from kitpress.content.yamlio import YList, YMap
from kitpress.errors import did_you_mean, rel


class MissingError(jinja2.UndefinedError):
    """jinja's UndefinedError, knowing what was asked of what."""

    def __init__(self, message: str, owner, name):
        super().__init__(message)
        self.owner, self.name = owner, name


class Missing(jinja2.StrictUndefined):
    """StrictUndefined whose failures say what was missing from what (MissingError)."""

    __slots__ = ()

    def _fail_with_undefined_error(self, *args, **kwargs):
        if self._undefined_hint or self._undefined_exception is not jinja2.UndefinedError:
            raise self._undefined_exception(self._undefined_message)  # the sandbox's refusal, as it says it
        raise MissingError(self._undefined_message, self._undefined_obj, self._undefined_name)


# every operation StrictUndefined refuses refuses with a MissingError here (jinja binds them to
# its own function, so overriding the method alone would not reach `str()` or `+`)
for _name, _value in vars(jinja2.Undefined).items() | vars(jinja2.StrictUndefined).items():
    if _value is jinja2.Undefined._fail_with_undefined_error:
        setattr(Missing, _name, Missing._fail_with_undefined_error)


def described(exc: MissingError, context: dict) -> str:
    """"card has no 'titel' (did you mean 'title'?)", "labels has no 'translation': add it where
    labels is written, content/…/labels.yaml:3"; the variable is named when the context holds
    the record itself."""
    owner, name = exc.owner, exc.name
    asked = _quoted(name)
    if owner is missing:
        return f"{asked} is not defined here{_hint(name, [k for k in context if not k.startswith('_')])}"
    called = next((key for key, value in context.items() if value is owner and not key.startswith("_")), None)
    what = called or _kind(owner)
    if isinstance(owner, dict):
        hint = _hint(name, owner.keys())
        where = _written_at(owner)
        add = f": add it where {what} is written, {where}" if where and not hint else ""
        return f"{what} has no {asked}{hint}{add}"
    if isinstance(owner, list) and isinstance(name, int):
        return f"{what} has no item {name} (it has {len(owner)})"
    if isinstance(owner, str) and not called:
        return f"a text ({_quoted(owner, 40)}) has no {asked}{_looked_up(owner, name, context)}"
    return f"{what} has no {asked}"


def _looked_up(text: str, name, context: dict) -> str:
    """A reference (`ref(groups)`) stays its id: when the text is the id of a record, say how
    to reach the record."""
    for key, value in context.items():
        by_id = getattr(value, "by_id", None)
        if not key.startswith("_") and isinstance(by_id, dict) and text in by_id:
            return f"; it is the id of one of {key}: look the record up, {key}[{text!r}].{name}"
    return ""


def _quoted(name, most: int = 60) -> str:
    """What the template named, quoted; a key of a million characters is cut short."""
    text = str(name)
    return repr(text if len(text) <= most else text[: most - 1] + "…")


def _hint(name, choices) -> str:
    if not isinstance(name, str) or len(name) > 100:  # no near miss for a long text
        return ""
    return did_you_mean(name, choices)


def _kind(owner) -> str:
    if isinstance(owner, YMap):
        return "a record of the content"
    if isinstance(owner, YList):
        return "a list of the content"
    if isinstance(owner, str):
        return "a text"
    if owner is None:
        return "nothing (an empty value)"
    return f"a {type(owner).__name__}"


def _written_at(owner) -> str | None:
    """The content file and line a record was written at (labels: content/…/labels.yaml:3)."""
    loc = getattr(owner, "loc", None)
    if loc is not None and loc.line and loc.sheet:  # a row of a workbook's sheet: its first cell
        return str(loc)
    if loc is None or not str(loc.path).endswith((".yaml", ".csv")):
        return None
    return f"{rel(loc.path)}:{loc.line}"

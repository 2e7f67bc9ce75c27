"""Translations: language files overlay a game's text by stable key, never its numbers.

A language file, `content/<game>/locales/<lang>.yaml`, is plain key → string YAML (what
translate-toolkit, Weblate and Pootle read): the keys are the paths of the game's `text` fields
(`roles.student.flavour`), an empty string is a missing translation. Beside it,
`<lang>.lock.yaml` records a hash of the source text each translation was confirmed against: a
translation with no entry there is unconfirmed, one whose source changed since is stale.

This package's names are what the loader, the build and `kitpress i18n` use; each is made in
one of its modules: `catalogue` (reading a language's files), `gametexts` (finding and
replacing a game's texts, the pseudo-translation), `status` (how complete a translation is, and
how that is told), `writing` (the files `kitpress i18n` writes) and `scripts` (whether kitpress
can print a language at all).
"""

from kitpress.content.i18n.catalogue import (
    Catalogue,
    available,
    chain,
    languages,
    load_catalogue,
    locales_dir,
    placeholder_change,
    read_lock,
)
from kitpress.content.i18n.gametexts import map_texts, overlay, pseudo, pseudo_catalogue, texts
from kitpress.content.i18n.plurals import category as plural_category
from kitpress.content.i18n.plurals import wanted as plural_forms_wanted
from kitpress.content.i18n.scripts import Script, check_language, script_of
from kitpress.content.i18n.status import (
    COUNTS,
    Coverage,
    coverage,
    coverage_line,
    coverage_summary,
    language_name,
    percent,
    problems_of,
    source_hash,
)
from kitpress.content.i18n.writing import language_file, lock_file, quote, template, template_path

__all__ = [
    "COUNTS",
    "Catalogue",
    "Coverage",
    "Script",
    "available",
    "chain",
    "check_language",
    "coverage",
    "coverage_line",
    "coverage_summary",
    "language_file",
    "language_name",
    "languages",
    "load_catalogue",
    "locales_dir",
    "lock_file",
    "map_texts",
    "overlay",
    "percent",
    "placeholder_change",
    "plural_category",
    "plural_forms_wanted",
    "problems_of",
    "pseudo",
    "pseudo_catalogue",
    "quote",
    "read_lock",
    "script_of",
    "source_hash",
    "template",
    "template_path",
    "texts",
]

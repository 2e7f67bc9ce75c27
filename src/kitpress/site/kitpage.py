"""The kit page: build/index.html, a static page a teacher opens from disk (no network, no
scripts). It lists every kit found under the build folder (game, language, paper), each
component with a thumbnail of its first page, its pages, its stock, duplex or not, and the
sheets a whole kit takes; a partial translation says how much of it falls back to the source
language. Everything comes from the manifests (`manifests`, into the values of `kits`);
nothing is rebuilt. This module renders the page from its template."""

from __future__ import annotations

import hashlib
from pathlib import Path

import jinja2
from jinja2.sandbox import ImmutableSandboxedEnvironment

from kitpress import usercache
from kitpress.files import write_atomic
from kitpress.site.kits import group, paper_order
from kitpress.site.manifests import load_kit, manifests

TEMPLATES = Path(__file__).resolve().parent / "templates"
TEMPLATE = "index.html.j2"


def write_index(build_root: Path) -> Path:
    """Scan build_root/<game>/<lang>/<paper>/manifest.json, render a first-page thumbnail of
    every PDF into <paper>/thumbs/, write build_root/index.html (atomically); return its path."""
    root = Path(build_root)
    kits = [load_kit(root, path) for path in manifests(root)]
    games = group(kits)
    papers = sorted({kit.paper for kit in kits}, key=paper_order)
    columns = [next((paper, k.paper_name, k.paper_size) for k in kits if k.paper == paper) for paper in papers]
    combined = any(kit.combined for kit in kits)
    page_lang = _page_language(kits)
    html = _environment().get_template(TEMPLATE).render(
        games=games, papers=columns, combined=combined, words=_words, page_lang=page_lang
    )
    target = root / "index.html"
    write_atomic(target, html.encode("utf-8"))
    return target


# the compiled page depends on these settings too, not only on the template's text
_SETTINGS = dict(
    autoescape=True, undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True
)


def _page_language(kits) -> str:
    """The page's own language: its kits' when they all share one kitpress speaks, else English
    (each kit's section speaks its own)."""
    from kitpress.content.i18n.own import languages

    found = {kit.lang.split("-")[0].lower() for kit in kits}
    only = next(iter(found)) if len(found) == 1 else "en"
    return only if only in languages() else "en"


def _words(lang: str):
    """The words of a kit's section, in the kit's language (English where kitpress has none)."""
    from kitpress.site.words import Words

    return Words(lang.split("-")[0].lower())


def _environment() -> ImmutableSandboxedEnvironment:
    """The kit page's template, compiled once into the user's cache (25 ms of every build)."""
    folder = usercache.folder("templates")
    tag = hashlib.sha256(f"{jinja2.__version__}{sorted(_SETTINGS.items())}".encode()).hexdigest()[:12]
    cache = jinja2.FileSystemBytecodeCache(str(folder), f"__kitpage_{tag}_%s.cache") if folder else None
    env = ImmutableSandboxedEnvironment(loader=jinja2.FileSystemLoader(str(TEMPLATES)), bytecode_cache=cache, **_SETTINGS)
    env.filters["plural"] = lambda n, one, many=None: one if n == 1 else (many or one + "s")
    env.filters["thousands"] = lambda n: f"{n:,}"
    return env

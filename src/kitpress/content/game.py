"""Load one game folder: game.yaml, schema.yaml and the content files it declares.

Every problem is collected with its place; the game is returned only when there are none.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from kitpress import files
from kitpress.content import collections as content_files, i18n, yamlio
from kitpress.content.schema import CheckedItems, Checker, Records, SchemaParser, Type
from kitpress.content.textfmt import FORMATS, PLACEHOLDER, format_value
from kitpress.content.yamlio import LocStr, YMap
from kitpress.errors import KitpressError, Loc, Problem, Problems, did_you_mean, fail, rel

KINDS = ("document", "sheet", "board", "page", "cards")  # page: a designed face at paper size
STOCKS = ("paper", "card")
_GAME_SCHEMA = """
id: id
title: text
subtitle: text?
edition: text?
author: text?
website: str?
licence: str?
language: str
sources: sources?    # what the kit is made from and what it adds: printed in its rulebook or guide
components:
  - id: id
    kind: str
    title: text
    layout: str?
    layouts: "[str]?"
    decks: "[deck]?"
    share_sheets: bool?   # its decks (of one card size) printed one after another on shared sheets
    front_note: text?
    back_note: text?
    stock: str?
"""
_GAME_TYPES = {
    "sources": """
summary: text      # one line: the print plan and the kit page show it
source: text       # the document the kit is made from, and what of it the kit prints
added: "[addition]"
""",
    "addition": """
what: text         # what the kit adds
why: text          # and why
covers: "[str]?"   # the collections, or collection.id records, it speaks for (each marked invented)
""",
    "deck": """
id: id?
title: str?        # what the deck is called on its cards (`deck.title`)
collection: str?   # a collection of the content, every item a card
cards: str?        # or an expression choosing them: chance_cards | selectattr('deck', 'eq', 'workers')
copies: str?       # the field that says how many of each card to print
blanks: str?       # an expression: how many blank cards to add (their `card` is none)
front: str | layout_ref   # a layout's name, or {layout: NAME, with: {PARAM: VALUE}}
back: str | layout_ref?
""",
    "layout_ref": """
layout: str
with: "map(str | number | bool)?"   # values for the parameters the layout declares
per_card: bool?   # a back: one for each card, bound to the card it backs (else one for the deck)
""",
}


@dataclass(frozen=True)
class Component:
    id: str
    kind: str
    title: str
    layouts: tuple[str, ...]
    decks: tuple  # YMaps with collection, front, back
    loc: Loc
    front_note: str = ""  # printed in the margin of card fronts / backs sheets
    back_note: str = ""
    stock: str = "paper"  # what to print it on: paper or card
    layout_loc: Loc | None = None  # where the layout names are written
    share_sheets: bool = False  # its decks one after another on the same sheets, not each on its own


@dataclass(frozen=True)
class Game:
    id: str
    root: Path
    meta: YMap
    components: tuple[Component, ...]
    data: dict  # collection name -> validated value; what templates read
    lang: str = "en"
    coverage: object = None  # i18n.Coverage of a translated build
    translators: tuple = ()
    texts: dict = None  # key -> source text, every translatable string
    layout_lang: str = ""  # the language the layouts are set for, if not `lang`: Hebrew's for --pseudo-rtl

    def component(self, ident: str) -> Component:
        return next(c for c in self.components if c.id == ident)


def find_games(content_dir: Path) -> list[str]:
    return sorted(p.parent.name for p in content_dir.glob("*/game.yaml"))


def source_language(root: Path) -> str:
    """The language a game is written in, read from game.yaml alone (a build loads the rest)."""
    shown = rel(root)
    game_file = root / "game.yaml"
    if not files.exists(game_file):
        raise KitpressError(Problem("error", "no game.yaml in this game folder", Loc(shown)))
    meta = yamlio.load_file(game_file, f"{shown}/game.yaml", within=[root])
    language = meta.get("language") if isinstance(meta, dict) else None
    return language if isinstance(language, str) else "en"


def load_game(
    root: Path,
    lang: str | None = None,
    pseudo: bool | str = False,
    lang_at: Loc = Loc("--lang"),
    reread: yamlio.Reread | None = None,
    checked: CheckedItems | None = None,
) -> Game:
    """Load and check a game; with `lang`, its text overlaid by that translation (and what fell
    back listed); with `pseudo`, every text turned into accented, longer pseudo-text (`"rtl"`:
    in Hebrew letters, the layouts set right to left). `lang_at`
    is where the language was asked for: a bad one is reported there. `reread`: the files a
    running process parsed before, to parse again only what changed; `checked`: the items it
    checked before, to check again only what changed."""
    read = reread.load_file if reread is not None else yamlio.load_file
    problems = Problems()
    shown = rel(root)
    game_file = root / "game.yaml"
    if not files.exists(game_file):
        raise KitpressError(Problem("error", "no game.yaml in this game folder", Loc(shown)))
    meta = _validate_meta(read(game_file, f"{shown}/game.yaml", within=[root]), problems, f"{shown}/game.yaml")
    source_lang = str(meta.get("language") or "en")
    if isinstance(meta.get("language"), str):  # the game's own language: a mistake in game.yaml
        try:
            i18n.check_language(source_lang, meta.loc_of("language"))
        except KitpressError as exc:
            problems.items.extend(exc.problems)
    collections, declared_at = _load_schema(root, shown, problems, read)
    problems.raise_if_errors()
    if checked is not None:
        checked.start()
    data, _ = content_files.load(root, shown, collections, problems, declared_at, read, checked)
    data["game"] = meta
    data["components"] = Records(list(meta.get("components") or []), meta.loc)
    problems.raise_if_errors()
    _resolve_refs(data, problems)
    braced: set[str] = set()  # where the texts as written may hold a placeholder
    known = i18n.texts({k: v for k, v in data.items() if k != "components"}, braced)
    coverage = None
    if lang and lang != source_lang:
        i18n.check_language(lang, lang_at, i18n.available(root, source_lang))
        wanted = i18n.plural_forms_wanted(known, lang)  # the game's texts, and the plural forms the language has
        catalogue = i18n.load_catalogue(root, lang, wanted, problems, lang_at, source_lang)
        problems.raise_if_errors()
        coverage = i18n.coverage(wanted, catalogue)
        i18n.overlay(data, catalogue)
        meta = data["game"]
        meta_translators = tuple(catalogue.translators)
    else:
        meta_translators = ()
    if pseudo:
        i18n.overlay(data, i18n.pseudo_catalogue(known, rtl=pseudo == "rtl"))
        meta = data["game"]
    components = _components(meta, problems)
    data["components"] = Records(list(meta["components"]), meta.loc)
    translated = coverage is not None or pseudo  # texts of a catalogue: any of them may hold one
    _fill_placeholders(data, problems, lang or source_lang, None if translated else braced)
    meta = data["game"]  # filled: a copy of what held a placeholder (checked content is never changed)
    data["components"] = Records(list(meta["components"]), meta.loc)
    problems.raise_if_errors()
    layout_lang = "he" if pseudo == "rtl" else ""
    return Game(str(meta["id"]), root, meta, tuple(components), data, lang or source_lang, coverage, meta_translators, known, layout_lang)


def load_collection(root: Path, name: str) -> tuple[object, Type, Loc]:
    """One collection as checked, its text as written (no placeholder filled, no translation):
    what `kitpress convert` moves; with its type and where it is defined. The game's other
    collections are read and checked against their types too: one with a mistake stops it."""
    problems = Problems()
    shown = rel(root)
    collections, declared_at = _load_schema(root, shown, problems)
    problems.raise_if_errors()
    if name not in collections:
        raise fail(f"no collection '{name}' in this game{did_you_mean(name, collections)}", Loc(f"{shown}/schema.yaml"))
    data, where = content_files.load(root, shown, collections, problems, declared_at)
    problems.raise_if_errors()
    return data[name], collections[name], where[name]


def _validate_meta(raw, problems: Problems, shown: str) -> YMap:
    checker = Checker(problems)
    game_type = _game_type()
    where = raw.loc if hasattr(raw, "loc") else Loc(shown, 1, 1)
    meta = checker.check(raw, game_type, "game", where)
    return meta if isinstance(meta, YMap) else YMap(loc=where)


@lru_cache(maxsize=1)
def _game_type() -> Type:
    """game.yaml's own type, parsed once a process (kitpress's own text: it has nothing to report)."""
    problems = Problems()
    game_type = SchemaParser(_parsed(_GAME_TYPES), problems).parse(yamlio.load_text(_GAME_SCHEMA, "<game schema>"), Loc("<game schema>"))
    problems.raise_if_errors()
    return game_type


def _parsed(named: dict) -> dict:
    return {name: yamlio.load_text(text, "<game schema>") for name, text in named.items()}


def _components(meta: YMap, problems: Problems) -> list[Component]:
    out = []
    for comp in meta.get("components") or []:
        if not isinstance(comp, YMap) or "kind" not in comp:
            continue
        kind = str(comp["kind"])
        if kind not in KINDS:
            problems.error(f"unknown component kind '{kind}'{did_you_mean(kind, KINDS)}", comp.loc_of("kind"))
            continue
        layouts = tuple(comp.get("layouts") or ([comp["layout"]] if comp.get("layout") else []))
        decks = tuple(comp.get("decks") or ())
        if kind == "cards" and not decks:
            problems.error(f"component '{comp['id']}' of kind cards needs 'decks'", comp.loc)
        for deck in decks:
            if bool(deck.get("collection")) == bool(deck.get("cards")):
                problems.error("a deck names its cards with either 'collection' or 'cards'", deck.loc)
        if kind != "cards" and not layouts:
            problems.error(f"component '{comp['id']}' needs 'layout' (or 'layouts')", comp.loc)
        if kind in ("document", "sheet") and len(layouts) > 1:
            problems.error(f"component '{comp['id']}' of kind {kind} prints one layout", comp.loc_of("layouts"))
        notes = (str(comp.get("front_note") or ""), str(comp.get("back_note") or ""))
        stock = str(comp.get("stock") or ("card" if kind in ("cards", "board", "page") else "paper"))
        if stock not in STOCKS:
            problems.error(f"stock '{stock}': use {' or '.join(STOCKS)}{did_you_mean(stock, STOCKS)}", comp.loc_of("stock"))
        where = comp.loc_of("layouts" if "layouts" in comp else "layout")
        shared = bool(comp.get("share_sheets"))
        out.append(Component(str(comp["id"]), kind, comp["title"], layouts, decks, comp.loc, *notes, stock, where, shared))
    return out


def _load_schema(root: Path, shown: str, problems: Problems, read=yamlio.load_file) -> tuple[dict[str, Type], dict[str, Loc]]:
    """The declared collections' types, and where each is declared."""
    path = root / "schema.yaml"
    if not files.exists(path):
        problems.error("no schema.yaml: declare the game's collections there", Loc(f"{shown}/game.yaml"))
        return {}, {}
    raw = read(path, f"{shown}/schema.yaml", within=[root])
    if not isinstance(raw, YMap):
        problems.error(
            "schema.yaml is a mapping with 'types' and 'collections'", getattr(raw, "loc", Loc(f"{shown}/schema.yaml", 1, 1))
        )
        return {}, {}
    for key in raw:
        if key not in ("types", "collections"):
            problems.error(f"unknown key '{key}' in schema.yaml{did_you_mean(key, ['types', 'collections'])}", raw.key_loc(key))
    parser = SchemaParser(raw.get("types") or {}, problems)
    decls = raw.get("collections") or YMap(loc=raw.loc)
    collections = {name: parser.parse(spec, decls.loc_of(name)) for name, spec in decls.items()}
    return collections, {name: decls.key_loc(name) for name in decls}


def _resolve_refs(data: dict, problems: Problems) -> None:
    for target, ident, loc in data.pop("__refs__", []):
        pool = data.get(target)
        if not isinstance(pool, Records):
            problems.error(f"reference to '{target}', which is not a collection of records", loc)
        elif str(ident) not in pool.by_id:
            hint = did_you_mean(ident, pool.by_id)
            problems.error(f"unknown {target} id '{ident}'{hint}", loc)


def lookup(data: dict, path: str):
    """Follow a dotted path through the content: keys, ids, indexes, `count` of a list, and
    `number` of a record (its position in its list, from 1: how rules are numbered)."""
    value, position = data, None
    for part in path.split("."):
        if part == "number" and position is not None and not (isinstance(value, dict) and "number" in value):
            value, position = position, None
            continue
        position = None
        if isinstance(value, Records) and part in value.by_id:
            position = list(value.by_id).index(part) + 1
            value = value.by_id[part]
        elif isinstance(value, list) and part == "count":
            value = len(value)
        elif isinstance(value, list) and part.isdigit() and int(part) < len(value):
            value = value[int(part)]
        elif isinstance(value, dict) and part in value:
            value = value[part]
        else:
            raise KeyError(part)
    return value


def _keys_before(data: dict, path: str, missing: str) -> list[str]:
    """The names there are where a placeholder's path found nothing, for "did you mean"."""
    parts = path.split(".")
    try:
        owner = lookup(data, ".".join(parts[: parts.index(missing)])) if parts.index(missing) else data
    except (KeyError, ValueError):
        return []
    if isinstance(owner, Records):
        return [*owner.by_id, "count"]
    return [str(key) for key in owner] if isinstance(owner, dict) else []


def _fill_placeholders(data: dict, problems: Problems, lang: str, only: set[str] | None = None) -> None:
    """Each text's placeholders filled; `only`: the names of `data` whose texts may hold one."""
    roots = set(data)
    labels = data.get("labels")
    sign = labels.get("currency") if isinstance(labels, dict) else None

    def fix(text: LocStr) -> LocStr:
        def one(match: re.Match) -> str:
            path, fmt = match.group(1), match.group(2)
            root = path.split(".")[0]
            if root not in roots and "." in path:  # a layout fills plain names only ({n}): a typo of a collection
                problems.error(f"placeholder '{match.group(0)}' names nothing: no '{root}'{did_you_mean(root, roots)}", text.loc)
                return match.group(0)
            if root not in roots:
                return match.group(0)  # a name the layout fills, like {n}
            if fmt and fmt not in FORMATS:
                problems.error(f"unknown format '|{fmt}' in '{match.group(0)}'{did_you_mean(fmt, FORMATS)}: use {', '.join(FORMATS)}", text.loc)
                return match.group(0)
            try:
                value = lookup(data, path)
            except KeyError as exc:
                missing = exc.args[0]
                hint = did_you_mean(missing, _keys_before(data, path, missing))
                problems.error(f"placeholder '{match.group(0)}' names nothing: no '{missing}'{hint}", text.loc)
                return match.group(0)
            if isinstance(value, (dict, list)):
                problems.error(f"placeholder '{match.group(0)}' names a group, not a value", text.loc)
                return match.group(0)
            try:
                return format_value(value, fmt, lang, None if sign is None else str(sign))
            except ValueError as exc:
                problems.error(f"placeholder '{match.group(0)}': {exc}", text.loc)
                return match.group(0)

        filled = PLACEHOLDER.sub(one, text)
        return text if filled == text else LocStr(filled, text.loc, text.field)  # unchanged: the same value

    skip = ("components",) if only is None else tuple(name for name in data if name not in only)
    i18n.map_texts(data, lambda text: fix(text) if "{" in text else text, skip=skip)

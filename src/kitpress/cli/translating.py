"""`kitpress i18n export` and `kitpress i18n import`: a game's language as a PO or XLIFF file for
the translators' tools, and back into its language file and the lock of confirmed texts."""

from __future__ import annotations

from pathlib import Path

from kitpress import files
from kitpress.content import i18n
from kitpress.content.game import load_game
from kitpress.content.i18n import exchange
from kitpress.content.i18n.plurals import plural_forms
from kitpress.content.yamlio import MAX_BYTES
from kitpress.errors import KitpressError, Loc, Problem, Problems, rel

SUFFIXES = {"po": ".po", "xliff": ".xlf"}


def export_language(project, game_id: str, lang: str, form: str, out_file: Path | None, out, fail) -> None:
    if form not in exchange.FORMATS:
        fail(KitpressError(Problem("error", f"--format {form[:20]}: use po or xliff", Loc("--format"))))
    try:
        source = load_game(project.game_dir(game_id))
        i18n.check_language(lang, Loc("LANG"))
        translations, unsure = _translations(source, lang)
        notes = _places(project, game_id)
    except KitpressError as exc:
        fail(exc)
    source_lang = str(source.meta.get("language") or "en")
    units = [
        exchange.Unit(key, str(text), translations.get(key, ""), key in unsure,
                      tuple(_form_note(key, lang) + notes.get(key, []) + exchange.placeholder_notes(str(text))), _shown(text.loc))
        for key, text in i18n.plural_forms_wanted(source.texts, lang).items()
    ]  # fmt: skip
    if form == "po":
        written = exchange.to_po(units, lang, source_lang, game_id, plural_forms(lang))
    else:
        written = exchange.to_xliff(units, lang, source_lang, game_id)
    target = out_file or i18n.locales_dir(source.root) / f"{lang}{SUFFIXES[form]}"
    try:
        files.write_atomic(target, written.encode("utf-8"))
    except OSError as exc:
        fail(KitpressError(Problem("error", f"cannot write the file: {exc.strerror or exc}", Loc(rel(target)))))
    out.print(f"wrote {rel(target)}: {len(units)} texts, {_counts(units)}")


def _form_note(key: str, lang: str) -> list[str]:
    """For a form of a plural text, the numbers that take it in the language (CLDR)."""
    from kitpress.content.i18n.plurals import ORDER, examples

    tag = key.rpartition(".")[2]
    if tag not in ORDER:
        return []
    numbers = examples(lang, tag)
    return [f"the '{tag}' form: for {numbers}" if numbers else f"the '{tag}' form: for fractions (1.5) and what no other form takes"]


def _translations(source, lang: str) -> tuple[dict[str, str], set[str]]:
    """The language's translations by key, and the keys not confirmed against today's source."""
    path = i18n.locales_dir(source.root) / f"{lang}.yaml"
    if not files.exists(path):
        return {}, set()  # a language not started: every text untranslated
    problems = Problems()
    source_lang = str(source.meta.get("language") or "en")
    wanted = i18n.plural_forms_wanted(source.texts, lang)
    catalogue = i18n.load_catalogue(source.root, lang, wanted, problems, Loc("LANG"), source_lang)
    problems.raise_if_errors()
    coverage = i18n.coverage(wanted, catalogue)
    unsure = {key for key, _ in coverage.unconfirmed + coverage.stale}
    return {key: str(text) for key, text in catalogue.strings.items()}, unsure


def _places(project, game_id: str) -> dict[str, list[str]]:
    """Where each text prints, from the source game composed (nothing drawn)."""
    from kitpress.build.pipeline import BuildOptions, compose_game
    from kitpress.export.textplaces import places

    _, parts, _ = compose_game(project, game_id, BuildOptions(), fit_text=False)
    return places(parts)


def _shown(loc: Loc | None) -> Loc | None:
    return Loc(rel(loc.path), loc.line, loc.col) if loc is not None and loc.path else None


def import_language(project, game_id: str, path: Path, out, fail) -> None:
    shown = rel(path)
    try:
        text = files.read_text(path, [path.resolve().parent], MAX_BYTES, shown)
        lang, units = exchange.read(text, shown)
        i18n.check_language(lang, Loc(shown, 1, 1))
        source = load_game(project.game_dir(game_id))
        known = i18n.plural_forms_wanted(source.texts, lang)
        _check(units, known, lang)
    except KitpressError as exc:
        fail(exc)
    folder = i18n.locales_dir(source.root)
    language, lock = folder / f"{lang}.yaml", folder / f"{lang}.lock.yaml"
    strings, translators = _current(language, source.root)
    confirmed = i18n.read_lock(lock)
    for unit in units:
        strings[unit.key] = unit.target
        if unit.target and not unit.fuzzy:  # confirmed against the source the translator saw: stale if it has changed
            confirmed[unit.key] = i18n.source_hash(unit.source)
        else:
            confirmed.pop(unit.key, None)
    folder.mkdir(exist_ok=True)
    files.write_atomic(language, i18n.language_file(source.id, lang, known, strings, translators).encode("utf-8"))
    files.write_atomic(lock, i18n.lock_file({k: v for k, v in confirmed.items() if strings.get(k)}).encode("utf-8"))
    out.print(f"imported {shown} into {rel(language)}: {_counts(units)}")


def _counts(units: list[exchange.Unit]) -> str:
    done = sum(1 for u in units if u.target and not u.fuzzy)
    fuzzy = sum(1 for u in units if u.target and u.fuzzy)
    return f"{done} translated, {fuzzy} to review, {len(units) - done - fuzzy} untranslated"


def _check(units: list[exchange.Unit], known: dict, lang: str) -> None:
    """Every unit a text of the game, every translation keeping its source's placeholders."""
    problems = Problems()
    for unit in units:
        if unit.key not in known:
            problems.error(f"unknown key '{unit.key}': not a text of this game (was the file exported from another?)", unit.loc)
        elif unit.target and (change := i18n.placeholder_change(str(known[unit.key]), unit.target)):
            problems.error(f"[{lang}] translation of '{unit.key}' {change}: keep every placeholder of the source text", unit.loc)
    problems.raise_if_errors()


def _current(language: Path, root: Path) -> tuple[dict[str, str], list[str]]:
    """The language file's translations and translators as they are, to keep what the import does not give."""
    from kitpress.content.i18n.catalogue import _TRANSLATOR
    from kitpress.content.i18n.writing import strings_of

    if not files.exists(language):
        return {}, []
    text = files.read_text(language, [root], MAX_BYTES, rel(language))
    return strings_of(text, rel(language)), [name.strip() for name in _TRANSLATOR.findall(text)]


# -- kitpress's own words ------------------------------------------------------------------------
OWN_NOTE = {"kit": "kitpress's own words: printed on the kit's print plan, printer check or table pages",
            "site": "kitpress's own words: on the pages kitpress serve shows teachers"}  # fmt: skip


def export_own_words(lang: str, form: str, out_file: Path | None, out, fail) -> None:
    from kitpress.content.i18n import own

    if form not in exchange.FORMATS:
        fail(KitpressError(Problem("error", f"--format {form[:20]}: use po or xliff", Loc("--format"))))
    try:
        i18n.check_language(lang, Loc("LANG"))
    except KitpressError as exc:
        fail(exc)
    known = _own_known()
    given = own.strings(lang) if lang != own.SOURCE else {}
    units = [
        exchange.Unit(key, str(text), given.get(key, ""), False,
                      tuple([OWN_NOTE[key.partition(".")[0]], *_form_note(key, lang), *exchange.placeholder_notes(str(text))]))
        for key, text in i18n.plural_forms_wanted(known, lang).items()
    ]  # fmt: skip
    written = exchange.to_po(units, lang, own.SOURCE, "kitpress", plural_forms(lang)) if form == "po" else (
        exchange.to_xliff(units, lang, own.SOURCE, "kitpress"))  # fmt: skip
    target = out_file or Path(f"kitpress.{lang}{SUFFIXES[form]}")
    try:
        files.write_atomic(target, written.encode("utf-8"))
    except OSError as exc:
        fail(KitpressError(Problem("error", f"cannot write the file: {exc.strerror or exc}", Loc(rel(target)))))
    out.print(f"wrote {rel(target)}: {len(units)} words, {_counts(units)}")


def import_own_words(path: Path, out, fail) -> None:
    from kitpress.content.i18n import own

    shown = rel(path)
    try:
        text = files.read_text(path, [path.resolve().parent], MAX_BYTES, shown)
        lang, units = exchange.read(text, shown)
        i18n.check_language(lang, Loc(shown, 1, 1))
        known = i18n.plural_forms_wanted(_own_known(), lang)
        _check(units, known, lang)
    except KitpressError as exc:
        fail(exc)
    strings = dict(own.strings(lang))
    strings.update({unit.key: unit.target for unit in units})
    target = own.path(lang)
    try:
        files.write_atomic(target, own.file_text(lang, known, strings).encode("utf-8"))
    except OSError as exc:
        fail(KitpressError(Problem("error", f"cannot write kitpress's words: {exc.strerror or exc}", Loc(str(target)))))
    own.strings.cache_clear()
    out.print(f"imported {shown} into {target}: {_counts(units)}")


def _own_known() -> dict:
    from kitpress.content.i18n import own
    from kitpress.content.yamlio import LocStr

    source = own.path(own.SOURCE)
    return {key: LocStr(text, Loc(f"kitpress/locales/{source.name}"), key) for key, text in own.strings(own.SOURCE).items()}

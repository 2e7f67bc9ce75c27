"""`kitpress i18n …`: start a language, see where it stands, confirm reviewed text, and write
the source template translation platforms start from."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from kitpress.build.pipeline import find_project
from kitpress.cli.console import Console
from kitpress.content import i18n
from kitpress.content.game import load_game
from kitpress.errors import KitpressError, Loc

app = typer.Typer(add_completion=False, no_args_is_help=True, help="Translate a game's text.")
out = Console()
err = Console(stderr=True)


def _fail(exc: KitpressError) -> None:
    for problem in exc.problems:
        err.print(str(problem))
    raise typer.Exit(1)


def _source(game_id: str):
    return load_game(_writable().game_dir(game_id))


def _writable():
    """The project whose games are written into: never the shipped examples."""
    project = find_project()
    if project.examples:
        err.print(
            "no kitpress project here (no kitpress.yaml, nor content/ and layouts/, in this folder or above), and the "
            "shipped examples are not changed: kitpress new NAME --from GAME copies one to translate."
        )
        raise typer.Exit(1)
    return project


@app.command()
def new(game: str, lang: str) -> None:
    """Start a language: write content/GAME/locales/LANG.yaml with every string to translate."""
    try:
        source = _source(game)
        i18n.check_language(lang, Loc("LANG"))
    except KitpressError as exc:
        _fail(exc)
    path = i18n.locales_dir(source.root) / f"{lang}.yaml"
    if path.exists():
        err.print(f"{path}: error: this language file exists already; `kitpress i18n update {game} {lang}` brings it up to the game's texts")
        raise typer.Exit(1)
    path.parent.mkdir(exist_ok=True)
    wanted = i18n.plural_forms_wanted(source.texts, lang)  # with the plural forms the language has
    path.write_text(i18n.language_file(source.id, lang, wanted), encoding="utf-8")
    out.print(f"wrote {path} ({len(wanted)} strings to translate)")


@app.command()
def update(game: str, lang: str) -> None:
    """Bring content/GAME/locales/LANG.yaml up to the game's texts: new keys added empty, each
    translation kept, and keys the game no longer has kept as comments at the end."""
    from kitpress import files
    from kitpress.content.i18n.catalogue import _TRANSLATOR
    from kitpress.content.i18n.writing import strings_of
    from kitpress.content.yamlio import MAX_BYTES
    from kitpress.errors import rel

    try:
        source = _source(game)
        path = i18n.locales_dir(source.root) / f"{lang}.yaml"
        if not path.exists():
            err.print(f"{rel(path)}: error: no language file to update; start one with `kitpress i18n new {game} {lang}`")
            raise typer.Exit(1)
        text = files.read_text(path, [source.root], MAX_BYTES, rel(path))
        strings = strings_of(text, rel(path))
    except KitpressError as exc:
        _fail(exc)
    translators = [name.strip() for name in _TRANSLATOR.findall(text)]
    wanted = i18n.plural_forms_wanted(source.texts, lang)  # with the plural forms the language has
    kept = sum(1 for key in wanted if strings.get(key))
    gone = sum(1 for key, value in strings.items() if key not in wanted and value)
    path.write_text(i18n.language_file(source.id, lang, wanted, strings, translators), encoding="utf-8")
    new_keys = sum(1 for key in wanted if key not in strings)
    out.print(f"updated {rel(path)}: {kept} translations kept, {new_keys} new strings to translate, {gone} no longer in the game (kept as comments)")


@app.command()
def template(game: str) -> None:
    """Write the source template (the source language's strings by key) for translation platforms."""
    try:
        source = _source(game)
    except KitpressError as exc:
        _fail(exc)
    path = i18n.template_path(source)
    path.parent.mkdir(exist_ok=True)
    path.write_text(i18n.template(source), encoding="utf-8")
    out.print(f"wrote {path}")


@app.command()
def status(
    game: Optional[str] = typer.Argument(None),
    lang: Optional[str] = typer.Option(None, help="Only this language."),
    strict: bool = typer.Option(False, help="Exit 1 unless every key is translated and confirmed against its current source."),
) -> None:
    """Per game and language: translated, unconfirmed, stale and missing (falling back) strings, with their places."""
    project = find_project()
    games = [game] if game else project.games()
    incomplete = False
    for game_id in games:
        try:
            source = load_game(project.game_dir(game_id))
            langs = [lang] if lang else i18n.languages(source)
            for code in langs:
                translated = load_game(project.game_dir(game_id), code)
                cov = translated.coverage
                counts = ", ".join(f"{len(getattr(cov, state))} {state}" for state in i18n.COUNTS)
                total = sum(len(getattr(cov, state)) for state in i18n.COUNTS)  # the game's texts, and plural forms its language adds
                out.print(f"{game_id} [{code}]: {counts} of {total}")
                for problem in i18n.problems_of(cov):
                    err.print(f"  {problem}")  # warnings, with the errors: stdout keeps the counts
                incomplete = incomplete or bool(cov.unconfirmed or cov.stale or cov.missing)
        except KitpressError as exc:
            _fail(exc)
    if strict and incomplete:
        raise typer.Exit(1)


@app.command()
def confirm(
    game: str, lang: str, key: list[str] = typer.Option([], help="Only these keys (default: every translated key).")
) -> None:
    """Record that the translations match their current source text (clears 'unconfirmed' and 'stale')."""
    project = _writable()
    try:
        source = load_game(project.game_dir(game))
        translated = load_game(project.game_dir(game), lang, lang_at=Loc("LANG"))
    except KitpressError as exc:
        _fail(exc)
    cov = translated.coverage
    catalogue_keys = set(cov.translated) | {k for k, _ in cov.unconfirmed + cov.stale}
    chosen = set(key) or catalogue_keys
    unknown = chosen - catalogue_keys
    if unknown:
        err.print(f"--key: no translation for {', '.join(sorted(unknown))}")
        raise typer.Exit(1)
    lock = i18n.locales_dir(source.root) / f"{lang}.lock.yaml"
    confirmed = i18n.read_lock(lock)
    wanted = i18n.plural_forms_wanted(source.texts, lang)  # a plural form the source lacks stands for its `other`
    for k in chosen:
        confirmed[k] = i18n.source_hash(wanted[k])
    lock.write_text(i18n.lock_file(confirmed), encoding="utf-8")
    out.print(f"confirmed {len(chosen)} translation(s) in {lock}")


@app.command("export")
def export_(
    game: str,
    lang: str,
    format: str = typer.Option("po", "--format", metavar="[po|xliff]", help="PO (Poedit, Weblate) or XLIFF 1.2."),
    out_file: Optional[Path] = typer.Option(None, "--out", help="The file to write (default: locales/LANG.po or .xlf)."),
) -> None:
    """Write LANG's translations as a PO or XLIFF file, each text with its key, notes and state."""
    from kitpress.cli.translating import export_language

    export_language(_writable(), game, lang, format, out_file, out, _fail)


@app.command("import")
def import_(game: str, file: Path) -> None:
    """Read a PO or XLIFF file back into the game's language file (and its lock of confirmed texts)."""
    from kitpress.cli.translating import import_language

    import_language(_writable(), game, file, out, _fail)


@app.command("export-own")
def export_own(
    lang: str,
    format: str = typer.Option("po", "--format", metavar="[po|xliff]", help="PO (Poedit, Weblate) or XLIFF 1.2."),
    out_file: Optional[Path] = typer.Option(None, "--out", help="The file to write (default: ./kitpress.LANG.po or .xlf)."),
) -> None:
    """Write kitpress's own words (the kit's own pages, kitpress serve's pages) in LANG as PO or XLIFF."""
    from kitpress.cli.translating import export_own_words

    export_own_words(lang, format, out_file, out, _fail)


@app.command("import-own")
def import_own(file: Path) -> None:
    """Read a PO or XLIFF file of kitpress's own words back into kitpress/locales/LANG.yaml."""
    from kitpress.cli.translating import import_own_words

    import_own_words(file, out, _fail)

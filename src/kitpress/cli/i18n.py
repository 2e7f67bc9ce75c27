"""`kitpress i18n …`: start a language, see where it stands, confirm reviewed text, and write
the source template translation platforms start from."""

from __future__ import annotations

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
        err.print(f"{path}: error: this language file exists already; edit it, or see `kitpress i18n status`")
        raise typer.Exit(1)
    path.parent.mkdir(exist_ok=True)
    path.write_text(i18n.language_file(source.id, lang, source.texts), encoding="utf-8")
    out.print(f"wrote {path} ({len(source.texts)} strings to translate)")


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
                out.print(f"{game_id} [{code}]: {counts} of {len(source.texts)}")
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
    for k in chosen:
        confirmed[k] = i18n.source_hash(source.texts[k])
    lock.write_text(i18n.lock_file(confirmed), encoding="utf-8")
    out.print(f"confirmed {len(chosen)} translation(s) in {lock}")

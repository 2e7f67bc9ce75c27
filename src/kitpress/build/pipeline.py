"""A build, top to bottom: load and compose the game, render its parts and the kit's own files
into a staging folder, write the manifest, and move the kit into place. Nothing in the output
folder changes unless all of it succeeds; what is unchanged since the last build is kept."""

from __future__ import annotations

import errno
import os
import shutil
import tempfile
from pathlib import Path
from typing import Callable, NamedTuple

from kitpress import files
from kitpress.build import batches, publish
from kitpress.build.incremental import Incremental
from kitpress.build.fits import deck_fits
from kitpress.build.warm import Warm
from kitpress.build.kitpages import kit_files, printer_check, write_manifest
from kitpress.build.parts import made_for, render_parts
from kitpress.build.discovery import examples, find_game, find_project
from kitpress.build.project import BuildOptions, Project, apply_settings, check_options, strictly
from kitpress.build.manifest import Entry
from kitpress.compose.composer import Composer, Options
from kitpress.compose.scene import Part
from kitpress.content.game import Game, load_game
from kitpress.errors import KitpressError, Loc, Problem, Problems, rel
from kitpress.typeset.groups import fit_groups
from kitpress.typeset.stage import typeset
from kitpress.units import MM

__all__ = ["BuildOptions", "Built", "Project", "build_game", "cannot_write", "compose_game", "examples", "find_game", "find_project"]


class Built(NamedTuple):
    """A built kit: its folder, its manifest entries, and what changed since the last build
    (None for a first build; [] when nothing did)."""

    folder: Path
    entries: list[Entry]
    changes: list[str] | None


def compose_game(
    project: Project,
    game_id: str,
    options: BuildOptions,
    fit_text: bool = True,
    lazy_decks: bool = False,
    warm: Warm | None = None,
) -> tuple[Game, list[Part], Composer]:
    """Load, compose and typeset a game, every problem raised at once. Frames are set here too
    unless the caller draws them straight away (`fit_text=False`: a build sets each frame where
    it draws it);
    `lazy_decks`: a big deck's cards are composed when drawn, by the worker drawing them;
    `warm`: what this process keeps between builds (the layouts and the faces composed with them)."""
    check_options(options)
    project.use_fonts()
    kept = {"reread": warm.files, "checked": warm.checked} if warm else {}
    if options.settings:  # a teacher's --set changes a checked value in place: each build checks anew
        kept.pop("checked", None)
    game = load_game(project.game_dir(game_id), options.lang, options.pseudo, **kept)
    apply_settings(game, options.settings)
    lazy_sheets = batches.SHEETS_PER_BATCH if lazy_decks else 0  # more than a batch: the workers compose it
    settings = Options(options.paper, options.backs, options.edge * MM, lazy_sheets)
    layouts, memo = warm.layouts(project, game, options.ink_saver) if warm else (project.layouts(game, options.ink_saver), None)
    composer = Composer(game, layouts, settings, memo)
    parts, grouped = fit_groups(composer.compose())  # a deck's grouped frames share one size
    found = grouped + typeset(parts, composer.paper, composer.tag, frames=fit_text)
    # composing's warnings and fitting's, each said once (a frame on every card warns alike)
    every = strictly(list(dict.fromkeys([*composer.problems.items, *found])), options.strict)
    Problems(every).raise_if_errors()
    composer.problems.items[:] = every  # the warnings, for the caller to show
    return game, parts, composer


def build_game(
    project: Project,
    game_id: str,
    options: BuildOptions,
    progress: Callable[[str], None] = lambda _: None,
    warm: Warm | None = None,
) -> Built:
    """Build one game's kit, each file announced to `progress` as it is finished. `warm`: what a
    running process keeps between its builds; its decks are composed here, with the faces kept,
    not by the workers, and only the batches with a changed card are drawn."""
    check_options(options)
    last = Incremental(project, game_id, options, warm.hashes if warm else None)
    kept = last.kept()
    if kept is not None:  # nothing it is made from has changed: not even composed again
        return _kept(*kept, progress)
    game, parts, composer = compose_game(project, game_id, options, fit_text=False, lazy_decks=warm is None, warm=warm)
    final = (options.out or project.build_root) / game.id / game.lang / options.paper
    staging = _staging(final, options)
    last.at(final)
    try:
        check, check_task = printer_check(game, composer, options, staging, last)
        entries, drawn = render_parts(parts, game, composer, options, staging, last, progress, [check_task])
        check["pages"] = check.get("pages") or drawn[staging / "calibration.pdf"]
        entries = kit_files(game, composer, options, staging, final, entries, progress, check, last)
        write_manifest(staging, game, composer, options, last.inputs, entries, tuple(deck_fits(parts, composer)))
        report = last.report(entries, staging)
        publish.publish(staging, final, entries, last.previous, report)
    except batches.WorkerDied as died:
        raise _died(died, final) from None
    except OSError as exc:  # a full disk, a folder that turned read-only: nothing is moved into place
        raise cannot_write(exc, final) from None
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return Built(final, entries, report)


def _kept(final: Path, entries: list[Entry], progress: Callable[[str], None]) -> Built:
    """The last kit, kept whole: nothing it is made from has changed."""
    publish.sweep(final.parent)
    for entry in entries:
        progress(f"{entry.file}  unchanged")
    return Built(final, [entry.but(kept=True) for entry in entries], [])


def _died(died: batches.WorkerDied, final: Path) -> KitpressError:
    unfinished = sorted({made_for(path) for path in died.unfinished})
    names = ", ".join(unfinished[:3]) + (f" and {len(unfinished) - 3} more" if len(unfinished) > 3 else "")
    message = f"a drawing process died while drawing {names} (stopped by the system: out of memory?); the last kit is as it was"
    return KitpressError(Problem("error", message, Loc(rel(final))))


def cannot_write(exc: OSError, near: Path) -> KitpressError:
    """A located error for a file or folder kitpress could not write, at the place to fix: for
    a file in the way of a folder (`--out /dev/null`), that file."""
    place = Path(exc.filename) if exc.filename else near
    if exc.errno in (errno.EEXIST, errno.ENOTDIR):
        while not files.exists(place) and place != place.parent:
            place = place.parent
        return KitpressError(Problem("error", "cannot write the kit: this is a file, where a folder must be", Loc(rel(place))))
    why = _WHY.get(exc.errno, exc.strerror or str(exc))
    return KitpressError(Problem("error", f"cannot write the kit: {why}", Loc(rel(place))))


_WHY = {
    errno.ENOSPC: "the disk is full; free some space and build again",
    errno.EDQUOT: "the disk quota is used up; free some space and build again",
    errno.EROFS: "the disk is read-only; build with --out on one you can write to",
    errno.EACCES: "no permission to write here; build with --out in a folder of yours",
    errno.EPERM: "no permission to write here; build with --out in a folder of yours",
    errno.EFBIG: "the file would be larger than this system allows",
}


def _staging(final: Path, options: BuildOptions) -> Path:
    """A new, empty folder beside the kit's, to build it in; a located error if the kit cannot
    go where it should (a file in the way, a read-only disk, a full disk)."""
    if files.exists(final) and not final.is_dir():
        message = "is in the way of the kit's folder (it is not a folder): move it, or build with --out elsewhere"
        raise KitpressError(Problem("error", message, Loc(rel(final))))
    try:
        final.parent.mkdir(parents=True, exist_ok=True)
        publish.sweep(final.parent)
        return Path(tempfile.mkdtemp(prefix=f".{options.paper}-{os.getpid()}-", dir=final.parent))
    except OSError as exc:
        raise cannot_write(exc, final) from None

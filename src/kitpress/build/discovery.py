"""Which project a command works in, and which game a name on the command line means.

A project is the nearest folder, from the working directory up, holding a `kitpress.yaml`
(the marker `kitpress new` writes) or both `content/` and `layouts/`. There is no other
fallback: with no project around, the games are kitpress's shipped examples and the kits are
written to ./build of the working folder. A game is named by its id (a folder of the project's
content/, or of the shipped examples when there is no project) or by a path: a game folder
(holding game.yaml) or a project folder."""

from __future__ import annotations

from pathlib import Path

from kitpress import files, shipped
from kitpress.build.project import Project
from kitpress.errors import KitpressError, Loc, Problem

MARKER = "kitpress.yaml"


def is_project(folder: Path) -> bool:
    return (folder / MARKER).is_file() or ((folder / "content").is_dir() and (folder / "layouts").is_dir())


def project_folder(start: Path) -> Path | None:
    """The nearest project folder at or above `start`, or None."""
    here = start.resolve()
    return next((folder for folder in (here, *here.parents) if is_project(folder)), None)


def examples(where: Path | None = None) -> Project:
    """No project: kitpress's shipped games, their kits written to `where` (the working folder)/build."""
    return Project((where or Path.cwd()).resolve(), shipped.CONTENT, shipped.LAYOUTS, own=False)


def find_project(start: Path | None = None) -> Project:
    """The project around `start` (the working directory), or the shipped examples."""
    folder = project_folder(start or Path.cwd())
    return _with_fonts(Project(folder) if folder is not None else examples(start))


def _with_fonts(project: Project) -> Project:
    """The project, its fonts registered before anything needs one (a translation's script)."""
    try:
        project.use_fonts()
    except KitpressError:
        pass  # a font missing or broken: composing the game reports it, at its place
    return project


def find_game(name: str, start: Path | None = None) -> tuple[Project, str]:
    """The project and game id a name on the command line means: one of the project's games,
    else a folder (a game folder, or a project folder), else the project's (or, with no
    project, the shipped examples') game of that name, which says what there is if none."""
    here = (start or Path.cwd()).resolve()
    folder = project_folder(here)
    project = Project(folder) if folder is not None else examples(here)
    if not (folder is not None and name in project.games()):
        path = here / name
        if files.name_problem(name) is None and path.is_dir():
            project, name = game_at(path.resolve(), here)
    return _with_fonts(project), name


def game_at(path: Path, here: Path) -> tuple[Project, str]:
    """The game at a folder: a game folder holding game.yaml (in its project's content/, or on
    its own: then its kits go to ./build), or a project folder (its game of the folder's name,
    or its only game)."""
    if files.exists(path / "game.yaml"):
        owner = project_folder(path.parent)
        if owner is not None and Project(owner).content.resolve() == path.parent:
            return Project(owner), path.name
        return Project(here, path.parent, path.parent / "layouts", own=False), path.name
    if is_project(path):
        project = Project(path)
        games = project.games()
        if path.name in games or len(games) == 1:
            return project, path.name if path.name in games else games[0]
        said = f"its games: {', '.join(games)}; name one: kitpress build {path}/content/GAME" if games else "it has no game"
        raise KitpressError(Problem("error", f"{path} is a project folder, not one game: {said}", Loc(str(path))))
    message = "no game in this folder: a game folder holds game.yaml, a project folder kitpress.yaml or content/ and layouts/"
    raise KitpressError(Problem("error", message, Loc(str(path))))

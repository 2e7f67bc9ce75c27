"""kitpress serve: a game's kit kept built by one warm process, shown live in the browser."""

from __future__ import annotations

import ipaddress
from typing import Optional

import typer

from kitpress import collector
from kitpress.build.pipeline import BuildOptions
from kitpress.cli.app import PAPER, app, err, fail, out, targets
from kitpress.errors import KitpressError, Loc, Problem


@app.command()
def serve(
    game: Optional[str] = typer.Argument(None, help="A game to keep built and show live (its name, or a path to its folder)."),
    paper: str = PAPER,
    lang: Optional[str] = typer.Option(None, help="Language."),
    port: int = typer.Option(8000, help="The port to listen on (0: any free one)."),
    host: str = typer.Option(
        "127.0.0.1", help="The address to listen on; anything but this computer's own is open to the network."
    ),
    editor: str = typer.Option(
        "vscode",
        help="Where a problem's link opens its file: vscode, vscodium, idea, sublime, none, or a {path}:{line}:{col} pattern.",
    ),
    browser: bool = typer.Option(True, "--browser/--no-browser", help="Open the page in the default browser."),
) -> None:
    """A local page to print kits from (/print: choose a game, its language, the paper…), and with
    GAME, that game's kit kept built and shown live: every save rebuilds it, the page shows each
    build, its changes and its problems, with their lines (Ctrl-C to stop)."""
    from kitpress.site.live import Live
    from kitpress.site.printing import Jobs
    from kitpress.site.server import serve as run

    if game is None:
        project, game_id = targets(None, True)[0], None
    else:
        project, (game_id,) = targets(game, False)
    if not _loopback(host):
        message = f"listening on {host}: anyone who can reach this computer on port {port} sees the kit and its files"
        err.print(str(Problem("warning", message, Loc("--host"))))
    live = Live(project, game_id, BuildOptions(paper=paper.lower(), lang=lang)) if game_id else None

    def opened(url: str) -> None:
        out.print(f"kitpress serve: {url}  (Ctrl-C to stop)")
        if browser:
            import webbrowser

            webbrowser.open(url)

    collector.stays_running()
    try:
        run(live, Jobs(project, None), host, port, editor, opened)
    except OSError as exc:  # the port taken, say
        why = str(exc.strerror or exc).split(" (while")[0]
        fail(KitpressError(Problem("error", f"cannot listen on {host}:{port}: {why}", Loc("--port"))), "nothing was served")


def _loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False

"""`kitpress serve`: one warm local process that keeps a game's kit built and shows it live.

The page lists the kit's files as the kit page does (a picture of each first page, its stock and
sides, how many sheets), what the last save changed, and every problem with its place, the
line it points at and a link that opens it in the editor. Every save of the game's content,
layouts or fonts rebuilds the kit (site/live), and the page is told at once (server-sent
events) and shows the new build without being reloaded. Without scripts it is still whole:
reloading it shows the last build.

Safe by construction: bound to 127.0.0.1 unless asked otherwise; only GET requests, so nothing
a page elsewhere makes a browser send can change anything; a file is served only from the
kit's build folder, checked after every link is resolved and never from a hidden folder (a
build's staging folder, its batches); the game's text is escaped by the template."""

from __future__ import annotations

import contextlib
import json
import socket
import threading
from collections.abc import Callable
from pathlib import Path
from urllib.parse import quote

import anyio
import jinja2
from jinja2.sandbox import ImmutableSandboxedEnvironment
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, PlainTextResponse, Response, StreamingResponse
from starlette.routing import Route

from kitpress.site.kits import Kit
from kitpress.site.live import Live, State
from kitpress.site.manifests import load_kit

TEMPLATES = Path(__file__).resolve().parent / "templates"
HEARTBEAT = 15.0  # seconds between the comments that keep an idle event stream open
EDITORS = {  # how a problem's link opens its file: {path}, {line}, {col}
    "vscode": "vscode://file{path}:{line}:{col}",
    "vscodium": "vscodium://file{path}:{line}:{col}",
    "idea": "idea://open?file={path}&line={line}&column={col}",
    "sublime": "subl://open?url=file://{path}&line={line}&column={col}",
    "none": "",
}


def app(live: Live, editor: str = "vscode", heartbeat: float = HEARTBEAT, watch: bool = True) -> Starlette:
    """The server of one live kit; `watch`: rebuild it on every save (tests build by hand)."""
    page = _environment().get_template("live.html.j2")
    link = EDITORS.get(editor, editor)  # a name, or a pattern of one's own
    stop = threading.Event()

    def render(state: State, fragment: bool) -> str:
        kit = _kit(state)
        return page.render(state=state, kit=kit, game=live.game, paper=live.options.paper, fragment=fragment, editor=link)

    async def index(request: Request) -> Response:
        return HTMLResponse(render(live.state, fragment=False))

    async def fragment(request: Request) -> Response:
        return HTMLResponse(render(live.state, fragment=True))

    async def events(request: Request) -> Response:
        async def stream():
            seen = -1
            while True:
                state = await anyio.to_thread.run_sync(live.wait, seen, heartbeat, abandon_on_cancel=True)
                if state.version > seen:
                    seen = state.version
                    yield f"event: build\ndata: {json.dumps(_summary(state))}\n\n"
                else:
                    yield ": still here\n\n"
                if await request.is_disconnected():
                    return

        return StreamingResponse(stream(), media_type="text/event-stream", headers={"Cache-Control": "no-store"})

    async def kit_file(request: Request) -> Response:
        path = _inside(live.state, request.path_params["path"])
        if path is None:
            return PlainTextResponse("not a file of this kit", status_code=404)
        return FileResponse(path, headers={"Cache-Control": "no-store"})

    def watching() -> None:
        from watchfiles import watch as changes_of

        for _ in changes_of(*live.folders(), debounce=300, stop_event=stop):
            live.rebuild()

    @contextlib.asynccontextmanager
    async def lifespan(_app):
        worker = None
        if watch:
            await anyio.to_thread.run_sync(live.rebuild)  # the page has a kit to show from the start
            worker = threading.Thread(target=watching, name="kitpress-watch", daemon=True)
            worker.start()
        yield
        stop.set()
        if worker is not None:
            worker.join(timeout=2)

    routes = [
        Route("/", index),
        Route("/live", fragment),
        Route("/events", events),
        Route("/kit/{path:path}", kit_file),
    ]
    return Starlette(routes=routes, lifespan=lifespan)


def _kit(state: State) -> Kit | None:
    """The last good kit, as the kit page shows it (None before the first good build)."""
    folder = state.folder
    if folder is None or not (folder / "manifest.json").is_file():
        return None
    root = folder.parents[2]
    try:
        return load_kit(root, folder / "manifest.json")
    except Exception:  # noqa: BLE001 - a manifest being replaced this instant: shown at the next event
        return None


def _summary(state: State) -> dict:
    """What an event says: enough for the page to know it must show a new build."""
    return {"version": state.version, "built": state.built, "problems": len(state.problems), "changes": state.changes or []}


def _inside(state: State, asked: str) -> Path | None:
    """The file `asked` names inside the kit's build folder (game/lang/paper/…), or None: nothing
    outside it once links are resolved, nothing in a hidden folder, nothing that is not a file."""
    if state.folder is None:
        return None
    root = state.folder.parents[2].resolve()
    parts = Path(asked).parts
    if not parts or any(part in ("..", "") or part.startswith(".") for part in parts):
        return None
    path = (root / Path(*parts)).resolve()
    if not path.is_relative_to(root) or not path.is_file():
        return None
    if any(part.startswith(".") for part in path.relative_to(root).parts):
        return None
    return path


def _environment() -> ImmutableSandboxedEnvironment:
    env = ImmutableSandboxedEnvironment(
        loader=jinja2.FileSystemLoader(str(TEMPLATES)),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["plural"] = lambda n, one, many=None: one if n == 1 else (many or one + "s")
    env.filters["url"] = lambda text: quote(str(text), safe="/")
    env.filters["editor_link"] = lambda shown, pattern: (
        pattern.format(path=quote(shown.file, safe="/"), line=shown.line, col=shown.col) if pattern and shown.file else ""
    )
    return env


def serve(live: Live, host: str, port: int, editor: str, opened: Callable[[str], None] | None = None) -> None:
    """Run the server until Ctrl-C; `opened(url)` once it listens. OSError if it cannot listen
    there (the port taken, say): the socket is bound here, so that is said before anything runs."""
    import uvicorn

    listening = socket.create_server((host, port), family=socket.AF_INET6 if ":" in host else socket.AF_INET)
    config = uvicorn.Config(app(live, editor), log_level="warning", lifespan="on")
    server = uvicorn.Server(config)
    if opened is not None:
        def announce() -> None:
            while not server.started and not server.should_exit:
                threading.Event().wait(0.05)
            if server.started:
                shown = "127.0.0.1" if host in ("0.0.0.0", "") else f"[{host}]" if ":" in host else host
                opened(f"http://{shown}:{listening.getsockname()[1]}/")

        threading.Thread(target=announce, daemon=True).start()
    server.run(sockets=[listening])

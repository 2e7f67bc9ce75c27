"""`kitpress serve`: one warm local process that keeps a game's kit built and shows it live.

The page lists the kit's files as the kit page does (a picture of each first page, its stock and
sides, how many sheets), what the last save changed, every problem with its place, the line it
points at and a link that opens it in the editor, and every page of the kit, the pieces the last
save changed boxed (site/pages). Every save of the game's content,
layouts or fonts rebuilds the kit (site/live), and the page is told at once (server-sent
events) and shows the new build without being reloaded. Without scripts it is still whole:
reloading it shows the last build.

Safe by construction: bound to 127.0.0.1 unless asked otherwise; the two requests that change
something (an order, a printer saved) are taken only from this server's own page (their Origin),
so nothing a page elsewhere makes a browser send can change anything; a file is served only from the
kit's build folder, checked after every link is resolved and never from a hidden folder (a
build's staging folder, its batches); the game's text is escaped by the template."""

from __future__ import annotations

import contextlib
import json
import socket
import threading
from collections.abc import Callable
from pathlib import Path
from urllib.parse import parse_qs, quote

import anyio
import jinja2
from jinja2.sandbox import ImmutableSandboxedEnvironment
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, PlainTextResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Route

from kitpress import files
from kitpress.build import printers
from kitpress.errors import KitpressError
from kitpress.site import pages, printing
from kitpress.site.kits import PAPER_NAMES, Kit
from kitpress.site.printing import Jobs
from kitpress.site.words import Words, browser_language
from kitpress.site.live import Live, State
from kitpress.site.manifests import load_kit

TEMPLATES = Path(__file__).resolve().parent / "templates"
ENGLISH = Words("en")  # the designer's live page: kitpress's own language, as its messages are
HEARTBEAT = 15.0  # seconds between the comments that keep an idle event stream open
EDITORS = {  # how a problem's link opens its file: {path}, {line}, {col}
    "vscode": "vscode://file{path}:{line}:{col}",
    "vscodium": "vscodium://file{path}:{line}:{col}",
    "idea": "idea://open?file={path}&line={line}&column={col}",
    "sublime": "subl://open?url=file://{path}&line={line}&column={col}",
    "none": "",
}


def app(
    live: Live | None,
    editor: str = "vscode",
    heartbeat: float = HEARTBEAT,
    watch: bool = True,
    jobs: Jobs | None = None,
) -> Starlette:
    """The server: `live`, a game's kit kept built and shown (rebuilt on every save if `watch`;
    tests build by hand); `jobs`, the kits teachers order from its form (`/print`)."""
    env = _environment()
    page, printing_page = env.get_template("live.html.j2"), env.get_template("print.html.j2")
    link = EDITORS.get(editor, editor)  # a name, or a pattern of one's own
    stop = threading.Event()
    pictures = pages.Pages()
    root = (live.options.out or live.project.build_root) if live else (jobs.out or jobs.project.build_root)

    def render(state: State, fragment: bool) -> str:
        kit = _kit(state.folder)
        files = pictures.view(Path(root), state.folder, kit, bool(state.built and state.changes)) if kit else []
        shown = {"game": live.game, "paper": live.options.paper, "fragment": fragment, "editor": link, "say": ENGLISH}
        return page.render(state=state, kit=kit, files=files, widths=pages.WIDTHS, **shown)

    async def index(request: Request) -> Response:
        if live is None:
            return RedirectResponse("/print", status_code=303)
        return HTMLResponse(await anyio.to_thread.run_sync(render, live.state, False))  # reads PDFs: off the event loop

    async def fragment(request: Request) -> Response:
        if live is None:
            return PlainTextResponse("no game is shown live", status_code=404)
        return HTMLResponse(await anyio.to_thread.run_sync(render, live.state, True))

    async def page_picture(request: Request) -> Response:
        """Page n of a kit's PDF as PNG, at one of WIDTHS; kept by the browser while its address
        (which carries the file's stamp) is the same."""
        path = _inside(root, request.path_params["path"])
        number, width = _number(request.query_params.get("n", "")), _number(request.query_params.get("w", ""))
        if path is None or path.suffix != ".pdf" or width not in pages.WIDTHS:
            return PlainTextResponse("not a page of a kit", status_code=404)
        try:
            data = await anyio.to_thread.run_sync(pictures.png, path, number, width)
        except IndexError:
            return PlainTextResponse("no such page", status_code=404)
        except Exception:  # noqa: BLE001 - a PDF being replaced this instant, or not one pdfium reads
            return PlainTextResponse("this page cannot be drawn now", status_code=503, headers={"Retry-After": "1"})
        cache = "private, max-age=86400, immutable" if request.query_params.get("v") == pages.stamp(path) else "no-store"
        return Response(data, media_type="image/png", headers={"Cache-Control": cache})

    async def events(request: Request) -> Response:
        if live is None:
            return PlainTextResponse("no game is shown live", status_code=404)

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
        path = _inside(root, request.path_params["path"])
        if path is None:
            return PlainTextResponse("not a file of a kit", status_code=404)
        return FileResponse(path, headers={"Cache-Control": "no-store"})

    # -- the teachers' side --------------------------------------------------------------------
    def order_page(request: Request, status: int = 200, refused: str = "", saved: str = "") -> Response:
        offered = printing.choices(jobs.project)
        say = Words(browser_language(request.headers.get("accept-language", "")))
        html = printing_page.render(
            view="form", games=offered, papers=PAPER_NAMES, printers=printers.names(), refused=refused, saved=saved,
            most=printing.MOST_TABLES, say=say,
        )  # fmt: skip
        return HTMLResponse(html, status_code=status)

    async def print_form(request: Request) -> Response:
        return order_page(request, saved=request.query_params.get("saved", "")[:64])

    async def print_order(request: Request) -> Response:
        form = await _form(request)
        if form is None:
            return PlainTextResponse("refused: this page's own forms only", status_code=403)
        try:
            job = jobs.start(printing.order(jobs.project, form))
        except printing.Refused as exc:
            return order_page(request, 400, refused=str(exc))
        return RedirectResponse(f"/print/jobs/{job.number}", status_code=303)

    async def print_job(request: Request) -> Response:
        job = jobs.get(_number(request.path_params["number"]))
        if job is None:
            return PlainTextResponse("no such job", status_code=404)
        say = Words(printing.kit_language(jobs.project, job.order))  # the page speaks the kit's language
        return HTMLResponse(printing_page.render(view="job", job=job, kit=_kit(job.folder) if job.done else None, say=say))

    async def job_events(request: Request) -> Response:
        job = jobs.get(_number(request.path_params["number"]))
        if job is None:
            return PlainTextResponse("no such job", status_code=404)

        async def stream():
            seen = _number(request.query_params.get("seen", "0"))
            while True:
                lines, done = await anyio.to_thread.run_sync(jobs.wait, job, seen, heartbeat, abandon_on_cancel=True)
                for line in lines:
                    yield f"event: line\ndata: {json.dumps(line)}\n\n"
                seen += len(lines)
                if done:
                    yield "event: done\ndata: {}\n\n"
                    return
                if not lines:
                    yield ": still here\n\n"
                if await request.is_disconnected():
                    return

        return StreamingResponse(stream(), media_type="text/event-stream", headers={"Cache-Control": "no-store"})

    async def save_printer(request: Request) -> Response:
        form = await _form(request)
        if form is None:
            return PlainTextResponse("refused: this page's own forms only", status_code=403)
        name = str(form.get("name", "")).strip()
        try:
            read = printers.parse_offset(f"{_reading(form.get('dx'))},{_reading(form.get('dy'))}")
            flip = printers.parse_flip(str(form.get("flip", "long")))
            base = printers.load(str(form["base"])).back_offset if form.get("base") else (0.0, 0.0)
            # The cross shows where the backs land: they move as far the other way, from where they were.
            offset = printers.parse_offset(f"{base[0] - read[0]:.2f},{base[1] - read[1]:.2f}")
            printers.save(name, printers.Printer(offset, flip))
        except KitpressError as exc:
            return order_page(request, 400, refused=exc.problems[0].message)
        return RedirectResponse(f"/print?saved={quote(name)}", status_code=303)

    def watching() -> None:
        from watchfiles import watch as changes_of

        for _ in changes_of(*live.folders(), debounce=300, stop_event=stop):
            live.rebuild()

    @contextlib.asynccontextmanager
    async def lifespan(_app):
        worker = None
        if watch and live is not None:
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
        Route("/page/{path:path}", page_picture),
    ]
    if jobs is not None:
        routes += [
            Route("/print", print_form),
            Route("/print", print_order, methods=["POST"]),
            Route("/print/jobs/{number}", print_job),
            Route("/print/jobs/{number}/events", job_events),
            Route("/print/printer", save_printer, methods=["POST"]),
        ]
    return Starlette(routes=routes, lifespan=lifespan)


MAX_FORM = 16 * 1024  # bytes of a form: its fields are a few short choices


async def _form(request: Request) -> dict | None:
    """A form posted by this server's own page (its Origin is this server), as {name: value};
    None for one from anywhere else, or one that is not a small urlencoded form."""
    origin, host = request.headers.get("origin"), request.headers.get("host")
    if not origin or not host or origin not in (f"http://{host}", f"https://{host}"):
        return None
    if request.headers.get("content-type", "").split(";")[0].strip() != "application/x-www-form-urlencoded":
        return None
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_FORM:
            return None
    return {key: values[-1] for key, values in parse_qs(body.decode("utf-8", "replace"), keep_blank_values=True).items()}


def _reading(value) -> str:
    """A number typed into the printer form as the teacher writes it: 1,5 as well as 1.5; blank is 0."""
    return str(value or "").strip().replace(",", ".") or "0"


def _number(text: str) -> int:
    return int(text) if text.isdigit() and len(text) < 12 else 0


def _kit(folder: Path | None) -> Kit | None:
    """A kit in its folder, as the kit page shows it (None before the first good build)."""
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


def _inside(root: Path, asked: str) -> Path | None:
    """The file `asked` names inside the build folder (game/lang/paper/…), or None: nothing in a
    hidden folder, and through the files door, nothing outside the folder once links are
    resolved and nothing that is not a plain file."""
    parts = Path(asked).parts
    if not parts or any(part in ("..", "") or part.startswith(".") for part in parts):
        return None
    try:
        return files.checked(Path(root) / Path(*parts), [Path(root)])
    except KitpressError:
        return None


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


def serve(
    live: Live | None, jobs: Jobs, host: str, port: int, editor: str, opened: Callable[[str], None] | None = None
) -> None:
    """Run the server until Ctrl-C; `opened(url)` once it listens. OSError if it cannot listen
    there (the port taken, say): the socket is bound here, so that is said before anything runs."""
    import uvicorn

    listening = socket.create_server((host, port), family=socket.AF_INET6 if ":" in host else socket.AF_INET)
    config = uvicorn.Config(app(live, editor, jobs=jobs), log_level="warning", lifespan="on")
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

"""kitpress convert: one collection of a game written as a CSV file, an XLSX workbook or YAML, to
move it between a spreadsheet and YAML with nothing lost (content/tablewriter reads what it wrote
back, and refuses what would not come back the same)."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from kitpress import files
from kitpress.cli.app import app, err, fail, out, targets
from kitpress.errors import KitpressError, Loc, Problem, did_you_mean, rel


@app.command()
def convert(
    game: str = typer.Argument(..., help="The game: its id, or the path to its folder."),
    collection: str = typer.Argument(..., help="The collection, as schema.yaml names it."),
    to: str = typer.Option(..., "--to", metavar="[csv|xlsx|yaml]", help="The format to write it in."),
    out_file: Optional[Path] = typer.Option(None, "--out", help="The file to write (a new one); without it, print it."),
) -> None:
    """Write one collection of a game as CSV, XLSX or YAML, checked to read back the same."""
    from kitpress.content.game import load_collection
    from kitpress.content.tablewriter import FORMATS, write

    if to not in FORMATS:
        fail(_problem(f"--to {to}: use {', '.join(FORMATS)}{did_you_mean(to, FORMATS)}", "--to"))
    if out_file is None and to == "xlsx":
        fail(_problem("an XLSX workbook is not text to print: give the file to write, --out NAME.xlsx", "--out"))
    if out_file is not None and out_file.suffix.lower() != f".{to}":
        fail(_problem(f"--out {out_file.name}: a {to} file's name ends in .{to}", "--out"))
    if out_file is not None and files.exists(out_file):
        message = f"--out {rel(out_file)}: there is a file there already; convert writes a new file, never over one"
        fail(_problem(message, "--out"))
    project, (game_id,) = targets(game, False)
    try:
        value, kind, where = load_collection(project.game_dir(game_id), collection)
        data = write(value, kind, collection, to, where)
    except KitpressError as exc:
        fail(exc)
    if out_file is None:
        out.print(data.decode("utf-8").removesuffix("\n"))
        return
    try:
        files.write_atomic(out_file, data)
    except OSError as exc:
        fail(KitpressError(Problem("error", f"cannot write the file: {exc.strerror or exc}", Loc(rel(out_file)))))
    out.print(f"wrote {rel(out_file)}: {collection}, {len(value)} records, from {where.file}")
    if _defines(out_file, collection, project.game_dir(game_id)):
        message = f"collection '{collection}' is now defined twice, here and at {where}: delete one"
        err.print(str(Problem("warning", message, Loc(rel(out_file)))))


def _problem(message: str, option: str) -> KitpressError:
    """A mistake in the command's options, said at the option."""
    return KitpressError(Problem("error", message, Loc(option)))


def _defines(path: Path, collection: str, game_dir: Path) -> bool:
    """Whether a file just written is read as that collection by the game: a CSV file named after
    it, a workbook (its sheet is), a YAML file, in the game's folder."""
    try:
        inside = path.resolve().parent == game_dir.resolve()
    except OSError:
        return False
    return inside and (path.suffix.lower() != ".csv" or path.stem == collection)

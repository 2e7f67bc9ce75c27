"""kitpress export: a game's cards as pictures (--to png), as Tabletop Simulator's saved
objects (--to tts), or as a print shop's files (--to print-shop), from the same composed faces
the kit prints."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from kitpress.build.pipeline import BuildOptions, compose_game
from kitpress.cli.app import app, err, fail, out, targets
from kitpress.errors import KitpressError, Loc, Problem, rel

FORMATS = ("png", "tts", "print-shop")


@app.command()
def export(
    game: str = typer.Argument(..., help="The game: its name, or a path to its folder."),
    to: str = typer.Option(
        ..., "--to", metavar="[png|tts|print-shop]", help="png: every card face as a picture; tts: Tabletop Simulator; print-shop."
    ),
    shop: str = typer.Option("pdfx4", "--shop", help="The print shop (--to print-shop): pdfx4, drivethrucards, the-game-crafter, …"),
    cmyk: bool = typer.Option(False, "--cmyk", help="Colours in CMYK, text and greys in black ink alone (--to print-shop)."),
    strict: bool = typer.Option(False, "--strict", help="Fail on warnings too (a size or a bleed the shop does not take)."),
    lang: Optional[str] = typer.Option(None, help="Language."),
    dpi: int = typer.Option(300, help="Pixels an inch of the pictures (--to png)."),
    base_url: Optional[str] = typer.Option(
        None, "--base-url", help="Where the pictures will be online (--to tts); without it, their local paths."
    ),
    out_dir: Optional[Path] = typer.Option(None, "--out", help="The folder to write to (default: build/GAME/LANG/png or tts)."),
) -> None:
    """Export a game's cards: PNG pictures at trim and bleed, Tabletop Simulator's saved objects, or a print shop's files."""
    from dataclasses import replace

    from kitpress.export import cardimages, printshop, shops, tabletop
    from kitpress.render.canvas import Meta

    if to not in FORMATS:
        fail(KitpressError(Problem("error", f"--to {to[:20]}: use {' or '.join(FORMATS)}", Loc("--to"))))
    low, high = cardimages.DPI_RANGE
    if not low <= dpi <= high:
        fail(KitpressError(Problem("error", f"--dpi {dpi}: give a number from {low} to {high}", Loc("--dpi"))))
    if base_url is not None and not base_url.startswith(("https://", "http://")):
        fail(KitpressError(Problem("error", f"--base-url {base_url[:60]!r}: give a web address, https://…", Loc("--base-url"))))
    project, (game_id,) = targets(game, False)
    try:
        chosen = shops.load(shop, Path(project.root)) if to == "print-shop" else None
        built, parts, composer = compose_game(project, game_id, BuildOptions(lang=lang), fit_text=False)  # fitted where drawn
    except KitpressError as exc:
        fail(exc)
    if chosen is not None and cmyk and chosen.standard == "png":
        fail(KitpressError(Problem("error", f"{chosen.name} takes pictures, which are RGB; leave --cmyk out", Loc("--cmyk"))))
    if chosen is not None and cmyk:
        chosen = replace(chosen, cmyk=True)
    folder = out_dir or project.build_root / game_id / built.lang / (f"print-shop/{chosen.id}" if chosen else to)
    if chosen is not None:  # what does not suit the shop, said before anything is written
        warnings = printshop.unsuited(parts, composer, chosen)
        if strict and warnings:
            fail(KitpressError([Problem("error", p.message, p.loc) for p in warnings]))
        for warning in warnings:
            err.print(str(warning))
    meta = Meta(str(built.meta["title"]), str(built.meta.get("author") or ""), "", built.lang)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        if to == "png":
            written = cardimages.export_png(parts, folder, meta, dpi)
        elif to == "tts":
            written = tabletop.export_tts(parts, folder, meta, base_url)
        else:
            written = printshop.export_print_shop(parts, chosen, folder, meta)
    except printshop.ShopRefused as exc:
        fail(KitpressError(Problem("error", f"{chosen.name}: {exc}", Loc("--shop"))))
    except OSError as exc:
        fail(KitpressError(Problem("error", f"cannot write the export: {exc.strerror or exc}", Loc(rel(folder)))))
    out.print(f"{len(written)} files in {folder}")
    if to == "tts":
        out.print("Copy the .json files into Tabletop Simulator's Saves/Saved Objects folder; see the README.")

"""What each template sees, as data for the reference: the names the composer puts in a
template's context (composer.context, decks, placed, frames), where each is there, its keys.
tests/test_reference.py composes the fixture game and checks that every name and key a template
is given is here, and that nothing here is never given."""

from __future__ import annotations

from dataclasses import dataclass

EVERYWHERE = "every template"
FACES = "every face layout (cards, backs, boards, pages, spaces, die faces, embedded faces)"


@dataclass(frozen=True)
class Variable:
    name: str
    where: str
    meaning: str
    keys: tuple = ()  # (key, meaning) of a mapping


VARIABLES = (
    Variable("game", EVERYWHERE, "game.yaml: title, subtitle, edition, author, website, licence, language, sources, components…"),
    Variable("components", EVERYWHERE, "the components of game.yaml, by id: components['rules'].title"),
    Variable(
        "COLLECTION",
        EVERYWHERE,
        "each collection schema.yaml declares, by its name (`cards`, `rules`, `labels`…): a list answers to ids "
        "(`rules['setup']`, `rules.setup`) and `| length`",
    ),
    Variable(
        "kit",
        EVERYWHERE,
        "the kit being built",
        (
            ("paper", "the paper's name: a4, letter…"),
            ("sheets", "sheets each component takes, by component id"),
            ("backs", "whether backs are printed (false with --no-backs)"),
            ("lang", "the kit's language code"),
            ("translators", "the translation's translators (a list; empty in the source language)"),
        ),
    ),
    Variable(
        "component",
        "the faces and documents of a component (empty in a `cards:` expression; not in an embedded face)",
        "the component of game.yaml being printed",
        (("id", "its id"), ("title", "its title")),
    ),
    Variable("params", FACES, "the layout's parameters: its `params:` defaults, with what the deck gave (`with:`)"),
    Variable("card", "a deck's card fronts, and its backs when they are one a card (`per_card: true`)", "the card's record (none on a blank card)"),
    Variable(
        "deck",
        "a deck's card fronts and its back",
        "the deck",
        (
            ("name", "its id (or its collection's name)"),
            ("id", "the same: its id (or its collection's name)"),
            ("title", "the deck's own `title:` in game.yaml ('' without one)"),
            ("count", "how many cards it has, copies and blanks included"),
            ("index", "the card's place in the deck, from 0 (a card's front, and its back when one a card)"),
        ),
    ),
    Variable(
        "sheet",
        "the faces of a board or a page component",
        "which of the component's layouts this is",
        (("n", "its number, from 1"), ("total", "how many the component has")),
    ),
    Variable("item", "a track's spaces, a die net's faces, an embedded `<face item=…>`", "the item this face is bound to"),
    Variable("index", "a track's spaces, a die net's faces", "the item's place, from 0"),
    Variable("count", "a track's spaces, a die net's faces", "how many items the track or net has"),
    Variable(
        "space",
        "a track's spaces",
        "where the space lies",
        (("side", "a loop's edge it is on: top, right, bottom or left (none on a serpentine)"), ("corner", "whether it is a loop's corner")),
    ),
)

"""The kitpress command makes a click command of the one command a run names, not of all of them
(cli/main._narrowed): what every command says - its help, its usage mistakes - must be what the
whole app says."""

import pytest
from typer.main import get_command_name
from typer.testing import CliRunner

from kitpress.cli.main import _narrowed, app

NAMES = [c.name or get_command_name(c.callback.__name__) for c in app.registered_commands] + [g.name for g in app.registered_groups]


def said(typer_app, args: list[str]) -> tuple[int, str]:
    done = CliRunner().invoke(typer_app, args)
    return done.exit_code, done.output


def test_every_command_and_group_is_found_by_its_name():
    assert len(NAMES) == len(set(NAMES)) >= 14 and {"build", "watch", "i18n", "list"} <= set(NAMES)
    for name in NAMES:
        narrowed = _narrowed([name, "whatever"])
        assert narrowed is not app
        kept = [c.callback for c in narrowed.registered_commands] + [g.typer_instance for g in narrowed.registered_groups]
        assert len(kept) == 1, name
    assert app.registered_commands and len(app.registered_commands) + len(app.registered_groups) == len(NAMES)  # untouched


@pytest.mark.parametrize("name", NAMES)
def test_a_commands_help_is_the_whole_apps(name):
    whole = said(app, [name, "--help"])
    assert whole[0] == 0 and "Usage: " in whole[1]
    assert said(_narrowed([name, "--help"]), [name, "--help"]) == whole


@pytest.mark.parametrize("args", [["build", "--bogus"], ["build", "--paper"], ["i18n", "nosuch"], ["check", "a", "b", "c"]])
def test_a_mistake_in_a_command_is_said_as_ever(args):
    whole = said(app, args)
    assert whole[0] == 2 and "Error" in whole[1]
    assert said(_narrowed(args), args) == whole


@pytest.mark.parametrize("args", [[], ["--help"], ["--version"], ["buidl"], ["-x", "build"]])
def test_help_a_mistyped_command_and_options_first_get_the_whole_app(args):
    assert _narrowed(args) is app

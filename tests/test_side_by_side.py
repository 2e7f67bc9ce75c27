"""Kits built side by side (cli/side_by_side): what each says is said in the order they were
asked for, whichever finishes first, and the first failure in that order ends the command with
its code once the kits already started are done."""

import os
import signal
import sys
import time

import pytest
import typer

from kitpress.cli import side_by_side


@pytest.fixture(autouse=True)
def two_at_once(monkeypatch):
    monkeypatch.setenv("KITPRESS_JOBS", "2")


def saying(name: str, wait: float = 0.0, code: int = 0, started: str | None = None):
    def build() -> None:
        if started:  # a file each build leaves, to see which ran
            open(os.path.join(started, name), "w").close()
        time.sleep(wait)
        print(f"{name} says")
        print(f"{name} warns", file=sys.stderr)
        if code:
            raise typer.Exit(code)  # what cli.app.fail raises

    return build


def test_what_each_says_comes_in_the_order_asked_whichever_finishes_first(capfd):
    builds = [saying("slow", 0.6), saying("quick"), saying("last", 0.1)]
    began = time.perf_counter()
    assert side_by_side.run(builds, [1, 3, 2]) == 0
    took = time.perf_counter() - began
    out, err = capfd.readouterr()
    assert out.splitlines() == ["slow says", "quick says", "last says"]
    assert err.splitlines() == ["slow warns", "quick warns", "last warns"]
    assert took < 0.6 + 0.1 + 0.5  # side by side: the quick ones ran while the slow one did


def test_the_first_failure_in_order_is_the_exit_code_and_nothing_starts_after_it(tmp_path, capfd):
    ran = str(tmp_path)
    builds = [saying("a", 0.3, started=ran), saying("b", code=3, started=ran), saying("c", started=ran), saying("d", started=ran)]
    assert side_by_side.run(builds) == 3
    out, _ = capfd.readouterr()
    assert out.splitlines()[:2] == ["a says", "b says"]
    assert "d" not in os.listdir(ran)  # b had failed before a was done: no kit started after that


def test_a_build_that_breaks_says_why_and_fails_the_command(capfd):
    def broken() -> None:
        raise ValueError("a bug")

    assert side_by_side.run([broken, saying("after")]) == 1
    _, err = capfd.readouterr()
    assert "ValueError: a bug" in err


def test_a_build_process_that_dies_is_said_and_fails_the_command(capfd):
    def killed() -> None:
        os.kill(os.getpid(), signal.SIGKILL)

    assert side_by_side.run([saying("first"), killed]) == 1
    out, err = capfd.readouterr()
    assert "first says" in out
    assert "a build process died before it finished" in err


def test_one_core_builds_one_kit_after_another_in_this_process(monkeypatch, capfd):
    monkeypatch.setenv("KITPRESS_JOBS", "1")
    pid = []
    assert side_by_side.run([lambda: pid.append(os.getpid()), lambda: pid.append(os.getpid())]) == 0
    assert pid == [os.getpid(), os.getpid()]


def test_build_all_says_every_kit_in_order_and_fails_on_the_broken_one(mini_project):
    """The command a teacher runs: the good kit is built and said, the broken one's error is
    said at its place, and the command fails."""
    import shutil
    import subprocess
    from pathlib import Path

    game = mini_project / "content"
    shutil.copytree(game / "mini", game / "zz-broken")
    (game / "zz-broken/game.yaml").write_text((game / "zz-broken/game.yaml").read_text().replace("id: mini", "id: zz-broken", 1))
    cards = game / "zz-broken/cards.yaml"
    cards.write_text(cards.read_text().replace("title: North wind", "titel: North wind", 1))
    kitpress = Path(sys.executable).with_name("kitpress")
    run = subprocess.run([str(kitpress), "build", "--all", "--out", str(mini_project / "out")], capture_output=True, text=True)
    assert run.returncode == 1
    assert run.stdout.index("mini · source language · a4") < run.stdout.index("zz-broken · source language · a4")
    assert (mini_project / "out/mini/en/a4/kit.pdf").is_file()
    assert "content/zz-broken/cards.yaml:2:" in run.stderr and "unknown key 'titel'" in run.stderr

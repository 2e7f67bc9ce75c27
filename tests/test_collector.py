"""When the cycle collector runs (kitpress.collector): off for a command run once, as it was for
a program that imports kitpress, and no cycle in what a build makes by the thousand."""

from __future__ import annotations

import gc
import subprocess
import sys
import weakref

from kitpress import collector
from kitpress.layout import markuplang


def _python(code: str) -> str:
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_importing_kitpress_leaves_the_collector_as_it_was():
    """A program (or a test) that imports kitpress's command line keeps its collector running."""
    assert _python("import kitpress.cli.main, gc; print(gc.isenabled())") == "True"
    assert _python("import gc; gc.disable(); import kitpress.cli.main; print(gc.isenabled())") == "False"


def test_a_command_runs_with_no_automatic_pass_and_its_imports_frozen():
    """`kitpress …` itself: nothing collected automatically while it runs; what the imports made
    is never walked again."""
    code = (
        "import gc, sys; from kitpress.cli import main; sys.argv = ['kitpress', '--help'];"
        "main.app = lambda args=None: print(gc.isenabled(), gc.get_freeze_count() > 50_000);"
        "main.main()"
    )
    assert _python(code) == "False True"


def test_paused_restores_the_collector_as_it_was():
    was = gc.isenabled()
    try:
        gc.enable()
        with collector.paused():
            assert not gc.isenabled()
            with collector.paused():
                assert not gc.isenabled()
            assert not gc.isenabled()  # the outer block is not over
        assert gc.isenabled()
        gc.disable()
        with collector.paused():
            pass
        assert not gc.isenabled()
    finally:
        (gc.enable if was else gc.disable)()


def test_between_builds_collects_only_where_nothing_else_does():
    was = gc.isenabled()
    passes = []

    def count(phase, info):
        if phase == "start":
            passes.append(info["generation"])

    gc.callbacks.append(count)
    try:
        gc.enable()
        collector.between_builds()
        assert passes == []
        gc.disable()
        collector.between_builds()
        assert passes == [2]
    finally:
        gc.callbacks.remove(count)
        (gc.enable if was else gc.disable)()


def test_parsed_markup_is_freed_without_the_collector():
    """Markup is parsed for every frame of every card: a cycle there kept each tree until a pass
    of the collector, and with no pass, until the end of the build."""
    with collector.paused():
        tree = markuplang.parse("<p>one <b>two</b></p>\n<p>three</p>")
        root = weakref.ref(tree.root)
        del tree
        assert root() is None
    with collector.paused():  # and when the markup is not well formed
        try:
            markuplang.parse("<p>one <b>two</p>")
        except markuplang.MarkupError:
            pass
        leftover = gc.collect()
    assert leftover < 10, f"{leftover} objects were left in cycles"

"""reportlab's web address pattern, compiled the quick way (kitpress/webaddress): the same
characters in each class, the same matches for the whole pattern."""

import ast
import inspect
import re
import subprocess
import sys

import pytest
import reportlab.platypus.paragraph as paragraph

from kitpress.webaddress import QUICKER, quicker

EVERY_CHARACTER = "".join(map(chr, range(0x110000))).replace("\n", "")  # \n: findall reads it apart


def reportlabs_pattern() -> tuple[str, int]:
    """The pattern as reportlab's source writes it, read from that source."""
    for node in ast.walk(ast.parse(inspect.getsource(paragraph))):
        if isinstance(node, ast.Assign) and [getattr(t, "id", None) for t in node.targets] == ["uri_pat"]:
            return ast.literal_eval(node.value.args[0]), re.IGNORECASE
    raise AssertionError("reportlab no longer names its pattern uri_pat")


@pytest.mark.parametrize("slow", list(QUICKER))
def test_each_class_holds_the_characters_reportlabs_holds(slow):
    theirs = re.compile(slow, re.IGNORECASE).findall(EVERY_CHARACTER)
    ours = re.compile(QUICKER[slow], re.IGNORECASE).findall(EVERY_CHARACTER)
    assert len(theirs) > 60_000 and ours == theirs


def test_kitpress_has_reportlab_compile_the_same_pattern_the_quick_way():
    pattern, flags = reportlabs_pattern()
    assert sum(pattern.count(slow) for slow in QUICKER) == 5  # what the module was written for
    asked = "import kitpress.cli.main, reportlab.platypus.paragraph as p; print(ascii(p.uri_pat.pattern), p.uri_pat.flags)"
    done = subprocess.run([sys.executable, "-c", asked], capture_output=True, text=True, timeout=120)
    compiled, compiled_flags = done.stdout.rsplit(" ", 1)  # what a kitpress process has reportlab compile
    assert ast.literal_eval(compiled) == quicker(pattern) != pattern and int(compiled_flags) & re.IGNORECASE
    quick, theirs = re.compile(quicker(pattern), flags), re.compile(pattern, flags)
    words = [
        "https://example.com/a/b/c", "HTTP://EXAMPLE.COM/Path?q=1#x", "ftp://user:pw@host.example.org:21/x",
        "http://127.0.0.1:8080/", "http://[::1]/x", "https://xn--bcher-kva.example/", "https://bücher.example/ä",
        "https://ÆRØ.dk/", "https://ſtraße.de/", "https://Kelvin\u212a.example/", "http://localhost/a",
        "https://a-.example/", "https://-a.example/", "http://example", "https://ex_ample.com/", "word",
        "prisoner-built", "https://𝔢xample.com/", "www.example.com/x/y", "https://a.b-c.de/f", "Straße",
        "https://" + "a" * 70 + ".com/", "https://example.co1/", "https://example.c-m/", "https://exa mple.com/",
    ]  # fmt: skip
    matched = 0
    for word in words:
        mine, expected = quick.match(word), theirs.match(word)
        assert (mine and mine.groups()) == (expected and expected.groups()), word
        matched += expected is not None
    assert matched >= 10  # the words try both ways

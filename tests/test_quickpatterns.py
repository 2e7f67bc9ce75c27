"""Libraries' slow character classes, compiled the quick way (kitpress/quickpatterns): the same
characters in each class, the classes still in the libraries, and the same matches for
reportlab's whole web address pattern."""

import ast
import importlib
import inspect
import re
import subprocess
import sys

import pytest
import reportlab.platypus.paragraph as paragraph

from kitpress.quickpatterns import MODULES, QUICKER, quicker

EVERY_CHARACTER = "".join(map(chr, range(0x110000))).replace("\n", "")  # \n: findall reads it apart


def source_pattern(module, name: str) -> tuple[str, int]:
    """A pattern as a library's source writes it (`name = re.compile(pattern[, flags])`), read
    from that source, with whether it ignores case."""
    for node in ast.walk(ast.parse(inspect.getsource(module))):
        if isinstance(node, ast.Assign) and [getattr(t, "id", None) for t in node.targets] == [name]:
            flag = node.value.args[1] if len(node.value.args) > 1 else None  # re.I, re.UNICODE
            return ast.literal_eval(node.value.args[0]), getattr(re, flag.attr) if isinstance(flag, ast.Attribute) else 0
    raise AssertionError(f"{module.__name__} no longer names its pattern {name}")


def reportlabs_pattern() -> tuple[str, int]:
    return source_pattern(paragraph, "uri_pat")


@pytest.mark.parametrize("slow", list(QUICKER), ids=ascii)
def test_each_class_holds_the_characters_the_librarys_holds(slow):
    quick, ignoring_case = QUICKER[slow]
    flags = re.IGNORECASE if ignoring_case else 0
    theirs = re.compile(slow, flags).findall(EVERY_CHARACTER)
    ours = re.compile(quick, flags).findall(EVERY_CHARACTER)
    assert len(theirs) > 2_000 and ours == theirs


LIBRARIES = {"yaml.reader": "Reader.NON_PRINTABLE", "reportlab.lib.textsplit": "rx"}  # and reportlab's paragraph, below


@pytest.mark.parametrize("name", list(LIBRARIES))
def test_a_kitpress_process_has_the_library_compile_its_class_the_quick_way(name):
    """The class is still in the library's source (else it gains nothing here), and a kitpress
    process has it compiled the quick way."""
    pattern, flags = source_pattern(importlib.import_module(name), LIBRARIES[name].rsplit(".", 1)[-1])
    assert quicker(pattern, flags) != pattern
    asked = f"import kitpress.cli.main, {name} as library; print(ascii(library.{LIBRARIES[name]}.pattern))"
    done = subprocess.run([sys.executable, "-c", asked], capture_output=True, text=True, timeout=120)
    assert ast.literal_eval(done.stdout.strip()) == quicker(pattern, flags), done.stderr


def test_kitpress_has_reportlab_compile_the_same_pattern_the_quick_way():
    pattern, flags = reportlabs_pattern()
    assert sum(pattern.count(slow) for slow in QUICKER) == 5  # what the classes were written for
    asked = "import kitpress.cli.main, reportlab.platypus.paragraph as p; print(ascii(p.uri_pat.pattern), p.uri_pat.flags)"
    done = subprocess.run([sys.executable, "-c", asked], capture_output=True, text=True, timeout=120)
    compiled, compiled_flags = done.stdout.rsplit(" ", 1)  # what a kitpress process has reportlab compile
    assert ast.literal_eval(compiled) == quicker(pattern, flags) != pattern and int(compiled_flags) & re.IGNORECASE
    quick, theirs = re.compile(quicker(pattern, flags), flags), re.compile(pattern, flags)
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

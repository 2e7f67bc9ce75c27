"""Regular expressions compiled once and kept (kitpress/keptpatterns): a process that finds them
kept compiles none of them again and gets the same patterns, and a kept file that is damaged is
not used."""

import json
import marshal
import os
import subprocess
import sys
import zlib

# a new process: how many patterns importing kitpress compiled, then patterns of its own (the same
# text with other flags, groups by name, bytes, a verbose one) and how they match
KITPRESS = r"""
import json, re, threading
from re import _compiler
import kitpress.build.pipeline
kept = _compiler.compile.__self__
made_by_kitpress, compiled = [repr(key) for key in kept.handed if key not in kept.last], lambda: kept.new
"""
# the same probe with Python's own re, no kitpress imported
ALONE = """
import json, re, threading
made_by_kitpress, compiled = [], lambda: 0
"""
PROBE = KITPRESS + r"""
texts = [
    (r"(?P<word>\w+)-(\d+)", 0),
    (r"(?P<word>\w+)-(\d+)", re.IGNORECASE),
    (r"straße", re.IGNORECASE),
    (r"straße", 0),
    (r'''  (?P<n> [0-9]+ )  # a number
           \s* (px|pt)      # its unit''', re.VERBOSE),
    (rb"\x00(?P<b>[\x80-\xff]+)", 0),
]
samples = ["Word-12 word-3", "WORD-7", "STRASSE Straße STRAßE", "12 pt, 3px", "x-1"]
seen = []
for text, flags in texts:
    p = re.compile(text, flags)
    row = [p.pattern if isinstance(p.pattern, str) else p.pattern.hex(), p.flags, p.groups, sorted(p.groupindex.items())]
    for sample in samples:
        subject = sample.encode("latin-1", "replace") + b"\x00\xe9\xff" if isinstance(text, bytes) else sample
        row.append([m.span() for m in p.finditer(subject)])
    seen.append(row)
# patterns compiled from many threads at once: each gets its own
found = {}
def compile_in_thread(i):
    found[i] = re.compile(f"(a{{{i}}})(?P<t{i}>b)").fullmatch("a" * i + "b").groupdict()
threads = [threading.Thread(target=compile_in_thread, args=(i,)) for i in range(1, 40)]
[t.start() for t in threads]
[t.join() for t in threads]
assert all(found[i] == {f"t{i}": "b"} for i in range(1, 40)), found
import sys, uuid
extra = sys.argv[1:] and re.compile(f"{uuid.uuid4().hex}-(x+)")  # a pattern no process compiled before
print(json.dumps([made_by_kitpress, compiled(), seen]))
"""


def _probe(cache, *args) -> tuple[list, int, list]:
    """What importing kitpress compiled, how many patterns the process compiled, how the probe's matched."""
    env = {**os.environ, "XDG_CACHE_HOME": str(cache)}
    out = subprocess.run([sys.executable, "-c", PROBE, *args], env=env, capture_output=True, text=True, check=True).stdout
    made, total, seen = json.loads(out)
    return made, total, seen


def _kept(cache):
    (path,) = (cache / "kitpress" / "patterns").glob("*.marshal")
    return path


def test_a_process_after_the_first_compiles_nothing_it_did_and_matches_alike(tmp_path):
    made, total, seen = _probe(tmp_path)
    assert len(made) > 100 and total > len(made) + 40  # kitpress's and its libraries', then the probe's own
    again, total_again, seen_again = _probe(tmp_path)
    # compiled again: only what a library writes from a set, in another order each time (reportlab's
    # safe-eval names; Babel's plural operators, when it is imported), never a pattern kept before
    assert len(again) == total_again <= 2 and not set(again) & set(made)
    assert seen_again == seen
    # and what the probe found is what Python finds without kitpress
    alone = PROBE.replace(KITPRESS, ALONE)
    fresh = subprocess.run([sys.executable, "-c", alone], capture_output=True, text=True, check=True).stdout
    assert json.loads(fresh)[2] == seen
    (case_blind, case_kept) = (seen[2], seen[3])
    assert case_blind[6] != case_kept[6]  # the same text, other flags: another pattern ("Straße")


def test_what_is_kept_is_what_re_hands_its_engine(tmp_path):
    _probe(tmp_path)
    data = _kept(tmp_path).read_bytes()
    version, generation, handed, last = marshal.loads(data[4:])
    assert len(handed) > 150
    import re
    from re import _compiler

    import kitpress.keptpatterns  # noqa: F401 - installed by kitpress

    kept = _compiler.compile.__self__
    for (text, flags), given in list(handed.items())[:60]:
        kept.engine.handed()
        kept.original(text, flags)  # re's own compiler, recorded
        fresh = kept.engine.handed()
        assert given == tuple(list(x) if type(x) is list else x for x in fresh)
        assert re.compile(text, flags).pattern == text


def test_a_damaged_file_is_not_used_and_is_written_anew(tmp_path):
    _, _, seen = _probe(tmp_path)
    path = _kept(tmp_path)
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0xFF
    path.write_bytes(bytes(data))
    made, _, again = _probe(tmp_path)
    assert len(made) > 100 and again == seen  # compiled again: nothing of the damaged file was handed on
    fixed = path.read_bytes()
    assert fixed[:4] == zlib.crc32(fixed[4:]).to_bytes(4, "big")
    assert _probe(tmp_path)[1] <= 1


def test_a_file_of_another_format_is_not_used(tmp_path):
    _probe(tmp_path)
    path = _kept(tmp_path)
    version, *rest = marshal.loads(path.read_bytes()[4:])
    data = marshal.dumps((version + 1, *rest))
    path.write_bytes(zlib.crc32(data).to_bytes(4, "big") + data)
    made, _, _ = _probe(tmp_path)
    assert len(made) > 100


def test_what_no_recent_process_compiled_is_dropped(tmp_path):
    _probe(tmp_path)
    for _ in range(11):
        _probe(tmp_path, "and one pattern of its own")
    _, _, handed, last = marshal.loads(_kept(tmp_path).read_bytes()[4:])
    own = [text for text, _ in handed if isinstance(text, str) and text.endswith("-(x+)")]
    assert len(own) == 8  # the last eight processes', not eleven
    assert handed.keys() == last.keys() and max(last.values()) == 12
    assert ("(?P<word>\\w+)-(\\d+)", 0) in handed  # what every process compiles stays


def test_code_the_engine_refuses_is_compiled_anew(tmp_path):
    _, _, seen = _probe(tmp_path)
    path = _kept(tmp_path)
    version, generation, handed, last = marshal.loads(path.read_bytes()[4:])
    for key, (pattern, flags, code, *rest) in handed.items():
        handed[key] = (pattern, flags, [0xFFFF] * len(code), *rest)  # no operation of the engine's
    data = marshal.dumps((version, generation, handed, last))
    path.write_bytes(zlib.crc32(data).to_bytes(4, "big") + data)  # whole, as far as its CRC tells
    _, compiled, again = _probe(tmp_path)
    assert compiled > 150 and again == seen  # every pattern compiled by re, and none the worse

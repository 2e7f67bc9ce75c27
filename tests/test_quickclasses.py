"""The methods dataclasses writes, compiled once and kept (kitpress/quickclasses): a process that
finds them kept makes the same classes without compiling, and a kept file that is damaged, or
of another Python, is not used."""

import marshal
import os
import subprocess
import sys
import zlib

# a new process: what importing kitpress compiled, and a class of its own made and used
PROBE = """
import dataclasses, kitpress.build.pipeline
compiled = dataclasses.exec.__self__
made_by_kitpress = compiled.new

@dataclasses.dataclass(frozen=True)
class Point:
    x: float
    label: str = "origin"
    tags: tuple = dataclasses.field(default=(), compare=False)

p = Point(1.5)
assert p == Point(1.5, tags=("a",)) and p != Point(2.0) and hash(p) == hash(Point(1.5))
assert repr(p) == "Point(x=1.5, label='origin', tags=())"
try:
    p.x = 3
except dataclasses.FrozenInstanceError:
    pass
else:
    raise AssertionError("a frozen class took a new value")
print(made_by_kitpress, compiled.new)
"""


def _probe(cache) -> tuple[int, int]:
    env = {**os.environ, "XDG_CACHE_HOME": str(cache)}
    out = subprocess.run([sys.executable, "-c", PROBE], env=env, capture_output=True, text=True, check=True).stdout
    made, total = map(int, out.split())
    return made, total


def _kept(cache):
    (path,) = (cache / "kitpress" / "classes").glob("*.marshal")
    return path


def test_a_process_after_the_first_compiles_nothing(tmp_path):
    made, total = _probe(tmp_path)
    assert made > 50 and total > made  # kitpress's classes, then the probe's own
    assert _probe(tmp_path) == (0, 0)


def test_what_is_kept_is_what_compiling_the_text_gives(tmp_path):
    _probe(tmp_path)
    data = _kept(tmp_path).read_bytes()
    version, code = marshal.loads(data[4:])
    assert len(code) > 50
    for text, kept in code.items():
        assert kept == compile(text, "<string>", "exec", dont_inherit=True)


def test_a_damaged_file_is_not_used_and_is_written_anew(tmp_path):
    _probe(tmp_path)
    path = _kept(tmp_path)
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0xFF
    path.write_bytes(bytes(data))
    made, _ = _probe(tmp_path)
    assert made > 50  # compiled again: nothing of the damaged file was run
    fixed = path.read_bytes()
    assert fixed[:4] == zlib.crc32(fixed[4:]).to_bytes(4, "big")
    assert _probe(tmp_path) == (0, 0)


# -- set_by_slots -------------------------------------------------------------------------------
import dataclasses  # noqa: E402

import pytest  # noqa: E402

from kitpress.quickclasses import set_by_slots  # noqa: E402


def _pair():
    """The same class twice: as dataclasses makes it, and with set_by_slots."""
    made = []
    for quick in (False, True):

        @dataclasses.dataclass(frozen=True, slots=True, order=True)
        class Frame:
            id: str
            box: tuple
            size: float = 9.5
            blame: object = dataclasses.field(default=None, compare=False, repr=False)
            digest: str = dataclasses.field(default="", init=False, compare=False)

        made.append(set_by_slots(Frame) if quick else Frame)
    return made


def test_a_class_set_by_slots_is_the_class_dataclasses_makes():
    theirs, ours = _pair()
    for args, kw in [(("a", (1, 2)), {}), (("b", (3,), 12.0), {"blame": "x"}), ((), {"id": "c", "box": ()})]:
        a, b = theirs(*args, **kw), ours(*args, **kw)
        assert dataclasses.astuple(a) == dataclasses.astuple(b) and repr(a) == repr(b).replace(ours.__qualname__, theirs.__qualname__)
        assert (a.blame, a.digest) == (b.blame, b.digest)
        assert hash(b) == hash(ours(*args, **kw)) and b == ours(*args, **kw)
        with pytest.raises(dataclasses.FrozenInstanceError):
            b.size = 1.0
    assert ours("a", ()) < ours("b", ())
    for wrong in [(), ("a",), ("a", (), 1.0, None, "extra")]:
        with pytest.raises(TypeError) as theirs_error:
            theirs(*wrong)
        with pytest.raises(TypeError) as ours_error:
            ours(*wrong)
        assert str(ours_error.value) == str(theirs_error.value)
    with pytest.raises(TypeError):
        ours("a", (), digest="set")  # not a parameter, as in dataclasses' own


@pytest.mark.parametrize("options, extra", [
    ({"frozen": True}, {}),  # no slots
    ({"slots": True}, {}),  # not frozen
    ({"frozen": True, "slots": True}, {"tags": dataclasses.field(default_factory=list)}),
    ({"frozen": True, "slots": True, "kw_only": True}, {}),
])
def test_what_set_by_slots_does_not_cover_is_refused(options, extra):
    namespace = {"__annotations__": {"id": str, **{name: list for name in extra}}, **extra}
    cls = dataclasses.dataclass(**options)(type("Odd", (), namespace))
    with pytest.raises(TypeError):
        set_by_slots(cls)

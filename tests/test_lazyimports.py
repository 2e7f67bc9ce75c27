"""kitpress.lazyimports: Pillow's Image module runs when first used, not when reportlab is imported;
a deferred module runs once, whichever threads ask for it first."""

import subprocess
import sys
import threading

import pytest

from kitpress import lazyimports

NEW_PROCESS = """
import sys
import kitpress.cli.main
from reportlab.lib import utils
image = sys.modules["PIL.Image"]
print("ran" if "open" in vars(image) else "waiting", "PIL.ExifTags" in sys.modules, utils.Image is image)
from PIL import Image
print(Image is image, Image.open.__module__, utils._isPILImage(Image.new("RGB", (2, 2))), "open" in vars(image))
"""


def test_pillows_image_module_runs_at_first_use_and_reportlab_holds_the_same_module():
    done = subprocess.run([sys.executable, "-c", NEW_PROCESS], capture_output=True, text=True, check=True)
    assert done.stdout.split("\n")[:2] == ["waiting False True", "True PIL.Image True True"]


@pytest.fixture
def slow_module(tmp_path, monkeypatch):
    """A module that takes a while to run and counts its runs in a file."""
    (tmp_path / "kp_slow_module.py").write_text(
        "import time, pathlib\n"
        f"counter = pathlib.Path({str(tmp_path / 'runs')!r})\n"
        "counter.write_text(str(int(counter.read_text() or 0) + 1) if counter.exists() else '1')\n"
        "time.sleep(0.2)\n"
        "ANSWER = 42\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    yield tmp_path
    sys.modules.pop("kp_slow_module", None)


def test_threads_asking_at_once_wait_for_one_run(slow_module):
    lazyimports.defer("kp_slow_module")
    module = sys.modules["kp_slow_module"]
    assert not (slow_module / "runs").exists()  # nothing ran yet
    got, failed = [], []

    def ask():
        try:
            got.append(module.ANSWER)
        except Exception as exc:  # noqa: BLE001 - what a thread met is the finding
            failed.append(exc)

    threads = [threading.Thread(target=ask) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failed == [] and got == [42] * 8
    assert (slow_module / "runs").read_text() == "1"
    with pytest.raises(AttributeError, match="has no attribute 'QUESTION'"):
        module.QUESTION  # noqa: B018
    assert "__getattr__" not in vars(module)  # the module is an ordinary one now


def test_a_module_already_imported_is_left_as_it_is(slow_module):
    import kp_slow_module

    lazyimports.defer("kp_slow_module")
    assert sys.modules["kp_slow_module"] is kp_slow_module and "__getattr__" not in vars(kp_slow_module)

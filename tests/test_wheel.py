"""kitpress as a package: the wheel built from this checkout, installed alone into a fresh
virtual environment, works from empty folders (its fonts, common layouts, kit-page template,
scaffold and example games inside it). Slow: it builds the wheel and several kits."""

import json
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest
from pypdf import PdfReader

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def venv(tmp_path_factory) -> Path:
    """A virtual environment holding only the wheel; the dependencies resolve through a .pth
    line naming this interpreter's site-packages (whose own .pth files, the editable kitpress
    among them, are not run: only the wheel's kitpress can be imported)."""
    tmp = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "-q", "-w", str(tmp / "dist")], check=True, env=_env()
    )
    (wheel,) = (tmp / "dist").glob("kitpress-*.whl")
    env = tmp / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(env)], check=True)
    python = env / "bin" / "python"
    purelib = subprocess.run(
        [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], capture_output=True, text=True, check=True
    ).stdout.strip()
    (Path(purelib) / "dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n", encoding="utf-8")
    pip = [sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps", "-q", str(wheel)]
    subprocess.run(pip, check=True, env=_env())
    where = subprocess.run([python, "-c", "import kitpress; print(kitpress.__file__)"], capture_output=True, text=True, env=_env())
    assert Path(where.stdout.strip()).is_relative_to(env), where  # the wheel's kitpress, not the checkout's
    return env


def _env(**more) -> dict:
    """No PYTHONPATH (it would put the checkout's src/ before the wheel), a cache of its own."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "KITPRESS_JOBS")}
    return {**env, **more}


def kitpress(venv: Path, folder: Path, *args: str) -> subprocess.CompletedProcess:
    env = _env(XDG_CACHE_HOME=str(venv.parent / "cache"), KITPRESS_JOBS="1")
    run = subprocess.run([str(venv / "bin" / "kitpress"), *args], cwd=folder, capture_output=True, text=True, env=env)
    assert run.returncode == 0, f"kitpress {' '.join(args)}\n{run.stdout}\n{run.stderr}"
    return run


def pages(pdf: Path) -> int:
    return len(PdfReader(pdf).pages)


def test_the_version_from_an_empty_folder(venv, tmp_path):
    assert kitpress(venv, tmp_path, "--version").stdout.strip() == "kitpress 0.1.0"


def test_a_new_game_builds_at_once(venv, tmp_path):
    kitpress(venv, tmp_path, "new", "mygame")
    kitpress(venv, tmp_path, "build", "mygame")
    kit = tmp_path / "mygame" / "build" / "mygame" / "en" / "a4"
    for name in ("cards.pdf", "board.pdf", "rules.pdf", "kit.pdf"):
        assert pages(kit / name) >= 1, name
    assert pages(kit / "cards.pdf") == 2  # a sheet of fronts and its backs


def test_a_shipped_game_builds_in_an_empty_folder_into_its_build(venv, tmp_path):
    listed = kitpress(venv, tmp_path, "list").stdout
    assert "shipped examples" in listed and "state-in-class" in listed and "soviet-system" in listed
    kitpress(venv, tmp_path, "build", "state-in-class", "--paper", "letter")
    kit = tmp_path / "build" / "state-in-class" / "en" / "letter"
    assert pages(kit / "cards.pdf") > 2 and pages(kit / "rules.pdf") == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["build"]


def _fixture_game(folder: Path) -> None:
    """Only content/mini/ and layouts/mini/: its rules extend the common document layout."""
    for part in ("content", "layouts"):
        shutil.copytree(ROOT / "tests" / "fixture" / part / "mini", folder / part / "mini")


def test_a_game_folder_of_its_own_builds_with_the_shipped_layouts_and_fonts(venv, tmp_path):
    _fixture_game(tmp_path)
    kitpress(venv, tmp_path, "build", "mini")
    kit = tmp_path / "build" / "mini" / "en" / "a4"
    assert pages(kit / "rules.pdf") >= 1 and pages(kit / "cards.pdf") >= 2
    assert "The test fixture" in PdfReader(kit / "rules.pdf").pages[0].extract_text()  # the common header


def test_a_project_overriding_one_common_file_gets_the_rest_shipped(venv, tmp_path):
    _fixture_game(tmp_path)
    common = tmp_path / "layouts" / "common"
    common.mkdir()
    shipped = (ROOT / "layouts" / "common" / "document.yaml").read_text(encoding="utf-8")
    assert "{{ game.subtitle }}" in shipped
    (common / "document.yaml").write_text(shipped.replace("{{ game.subtitle }}", "Our own header"), encoding="utf-8")
    kitpress(venv, tmp_path, "build", "mini")  # styles.yaml, sizes.yaml, fonts: kitpress's
    text = PdfReader(tmp_path / "build" / "mini" / "en" / "a4" / "rules.pdf").pages[0].extract_text()
    assert "Our own header" in text and "The test fixture" not in text


def test_a_shipped_game_exports_for_tabletop_simulator_and_a_print_shop_from_the_installed_package(venv, tmp_path):
    """The shops travel in the wheel (layouts/common/shops/), as the layouts and fonts do."""
    kitpress(venv, tmp_path, "export", "class-struggle", "--to", "tts")
    saved = json.loads((tmp_path / "build/class-struggle/en/tts/capitalists.json").read_text(encoding="utf-8"))
    assert saved["ObjectStates"][0]["Name"] == "DeckCustom" and len(saved["ObjectStates"][0]["ContainedObjects"]) == 10
    listed = kitpress(venv, tmp_path, "export", "class-struggle", "--to", "print-shop", "--shop", "the-game-crafter")
    assert "files in" in listed.stdout
    assert (tmp_path / "build/class-struggle/en/print-shop/the-game-crafter/capitalists/cia-assassination-front.png").is_file()

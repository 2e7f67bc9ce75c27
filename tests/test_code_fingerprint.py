"""What kitpress's own code is, for every fingerprint (render/fingerprints.code): every .py file
of the package and its site templates, nothing else, found as pathlib's rglob found them."""

from pathlib import Path

from kitpress.render import fingerprints


def test_the_code_is_every_python_file_and_the_site_templates(tmp_path):
    for name in ("a.py", "sub/b.py", "sub/deeper/c.py", "sub/notes.txt", "site/templates/index.html.j2", "site/style.css",
                 "a-b/d.py", "__pycache__/a.cpython-311.pyc"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(name)
    found = sorted(fingerprints._code_files(str(tmp_path)), key=lambda name: name.split("/"))
    assert found == ["a-b/d.py", "a.py", "site/templates/index.html.j2", "sub/b.py", "sub/deeper/c.py"]


def test_the_packages_code_is_what_rglob_lists_in_the_same_order():
    """The same files in the same order as before: an unchanged kitpress keeps its fingerprint."""
    package = Path(fingerprints.__file__).resolve().parents[1]
    before = [str(p.relative_to(package)) for p in sorted([*package.rglob("*.py"), *package.glob("site/templates/*")])]
    found = sorted(fingerprints._code_files(str(package)), key=lambda name: name.split("/"))
    assert found == before and len(found) > 100

"""manifest.json's values: an `Entry` for each file of a kit, and the `Manifest` of the whole
kit. The file is public (teachers' tools and the kit page read it): its keys, their order and
their values are the same as they always were; these classes write and read exactly that."""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field
from pathlib import Path

from kitpress import files
from kitpress.errors import KitpressError

MAX_MANIFEST_BYTES = 16 * 1024 * 1024


@dataclass(frozen=True)
class Entry:
    """One file of a kit, as the manifest's "files" list has it. The optional fields are left
    out of the file when None: a kit's own files (plan, printer check, kit.pdf) have no batches
    and no items; a component has no `combined`."""

    file: str
    component: str
    title: str
    kind: str
    pages: int
    paper: str
    trim_mm: tuple[float, float] | None
    duplex: bool
    stock: str
    sha256: str
    batches: tuple[str, ...] | None = None  # a component's: the batches of a big deck, joined
    fingerprint: str | None = None  # everything it is made from: same fingerprint, same bytes
    items: dict[str, str] | None = None  # a component's printed pieces by id, and their digests
    warnings: tuple[str, ...] | None = None  # what drawing it found
    combined: bool | None = None  # kit.pdf: every other file in one
    cut: str | None = None  # "circle": every piece of a cards file is round, cut on its circle
    places: str | None = None  # where its warnings point (build/changes.places): kept only while they still do
    # a big deck's: for each batch, what it was composed from (build/batchinputs), or None
    batch_inputs: tuple[list | None, ...] | None = None
    kept: bool = field(default=False, compare=False)  # not in the file: this build kept the last one's

    def to_json(self) -> dict:
        """The entry as manifest.json has it, key for key in its order."""
        out: dict = {}
        for each in dataclasses.fields(self):
            value = getattr(self, each.name)
            if each.name == "kept" or (value is None and each.name in _OPTIONAL):
                continue
            out[each.name] = list(value) if isinstance(value, tuple) else dict(value) if isinstance(value, dict) else value
        return out

    @classmethod
    def from_json(cls, data: dict) -> Entry:
        """An entry read back from a manifest; TypeError or ValueError if it is not one."""
        if not isinstance(data, dict) or not files.plain_name(data.get("file")):
            raise ValueError("not a manifest entry")  # a name like ../../x is no file of this kit's
        known = {f.name for f in dataclasses.fields(cls)} - {"kept"}
        values = {key: value for key, value in data.items() if key in known}
        for key in ("trim_mm", "batches", "warnings", "batch_inputs"):
            if isinstance(values.get(key), list):
                values[key] = tuple(values[key])
        if values.get("items") is not None and not isinstance(values["items"], dict):
            raise ValueError("a manifest entry's items are not a mapping")
        return cls(**{key: values.get(key) for key in known if key in values or key not in _OPTIONAL})

    def but(self, **changes) -> Entry:
        return dataclasses.replace(self, **changes)


_OPTIONAL = {"batches", "fingerprint", "items", "warnings", "combined", "cut", "places", "batch_inputs"}


@dataclass(frozen=True)
class Manifest:
    """manifest.json whole: what the kit is, what it is made from (`inputs`, the digest of
    every file and option), and its files. `extra` holds the keys after "files" (sources,
    translation), in their order."""

    game: str
    title: str
    lang: str
    paper: str
    paper_mm: tuple[float, float]
    flip: str
    inputs: str
    warnings: tuple[str, ...]
    files: tuple[Entry, ...]
    extra: dict = field(default_factory=dict)

    def entry(self, name: str) -> Entry | None:
        return next((e for e in self.files if e.file == name), None)

    def to_json(self) -> dict:
        head = {f.name: getattr(self, f.name) for f in dataclasses.fields(self) if f.name not in ("files", "extra")}
        head = {k: list(v) if isinstance(v, tuple) else v for k, v in head.items()}
        return {**head, "files": [e.to_json() for e in self.files], **self.extra}

    def write(self, folder: Path) -> None:
        text = json.dumps(self.to_json(), indent=2, ensure_ascii=False) + "\n"
        (folder / "manifest.json").write_text(text, encoding="utf-8")

    @classmethod
    def read(cls, folder: Path) -> Manifest | None:
        """The manifest in `folder`, if it is one: anything else there is built over."""
        try:
            data = json.loads(files.read_text(folder / "manifest.json", [folder], MAX_MANIFEST_BYTES))
            if not isinstance(data, dict) or not isinstance(data.get("files"), list):
                return None
            entries = tuple(Entry.from_json(e) for e in data["files"])
        except (KitpressError, ValueError, TypeError):
            return None
        head = {f.name: data.get(f.name) for f in dataclasses.fields(cls) if f.name not in ("files", "extra")}
        head = {k: tuple(v) if isinstance(v, list) else v for k, v in head.items()}
        extra = {k: v for k, v in data.items() if k not in head and k != "files"}
        return cls(**head, files=entries, extra=extra)

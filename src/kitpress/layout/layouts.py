"""Layout templates: YAML geometry and styles, jinja2 text. Looked up in the game's own
`content/<game>/layouts/`, then `layouts/<game>/`, then `layouts/common/`; `extends` is
resolved with a cycle guard, frames and shapes merged by id."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from kitpress import files
from kitpress.content import yamlio
from kitpress.content.schema import Checker, SchemaParser, Type
from kitpress.content.yamlio import YList, YMap
from kitpress.errors import Loc, Problems, did_you_mean, fail, rel, shown
from kitpress.layout import folders, language, oldforms, sizes
from kitpress.layout.specs import DocumentSpec, FaceSpec, read_document, read_face
from kitpress.fontfiles import FAMILIES
from kitpress.layout.stylesheet import ALIGNS, STYLE_KEYS, STYLE_NUMBERS, StyleSheet, merge_specs, style_number

# the checker's schema, made from the language's table of keys (layout/language.py)
_SCHEMA = language.schema_text(language.LAYOUT)
_TYPES = {kind: language.schema_text(keys) for kind, keys in language.ITEMS.items()}
# what styles.yaml holds, as a layout holds it
_STYLES_FILE = {"styles": "map(map(str | number | bool))", "colors": "map(str)"}
KINDS = ("face", "document")


@dataclass(frozen=True)
class Layout:
    name: str
    kind: str
    spec: YMap  # merged with what it extends
    loc: Loc


@lru_cache(maxsize=1)
def _layout_type() -> Type:
    """A layout file's own type, parsed once a process (it was parsed again for every layout
    file read, a fiftieth of `make kit`); kitpress's own text, it has nothing to report."""
    problems = Problems()
    parser = SchemaParser({k: yamlio.load_text(v, "<layout schema>") for k, v in _TYPES.items()}, problems)
    layout_type = parser.parse(yamlio.load_text(_SCHEMA, "<layout schema>"), Loc("<layout schema>"))
    problems.raise_if_errors()
    return layout_type


class Layouts:
    def __init__(self, dirs: list[Path], project_root: Path, lang: str = "", ink_saver: bool = False):
        self.dirs = [d for d in dirs if d.is_dir()]
        self.root = project_root
        self.lang = lang
        self.ink_saver = ink_saver
        self._cache: dict[str, Layout] = {}
        self._raw: dict[str, YMap] = {}
        self._sheets: dict[str, StyleSheet] = {}
        self._faces: dict[str, FaceSpec] = {}
        self._documents: dict[str, DocumentSpec] = {}
        self.deprecated = Problems()  # old forms found in the layout files read, each once
        self.sheet = self._stylesheet()
        self.sizes = sizes.load(self.dirs, project_root)  # papers and card trims by name

    def search_dirs(self) -> list[Path]:
        return self.dirs

    @property
    def right_to_left(self) -> bool:
        """Whether the kit's language is written right to left: its tracks run mirrored."""
        if not self.lang or self.lang == "en":
            return False
        from kitpress.content.i18n.scripts import script_of

        script = script_of(self.lang)
        return bool(script and script.right_to_left)

    def get(self, name: str, used_at: Loc) -> Layout:
        if name not in self._cache:
            spec = self._merged(name, used_at, ())
            kind = str(spec.get("kind") or "face")
            if kind not in KINDS:
                raise fail(f"unknown layout kind '{kind}'{did_you_mean(kind, KINDS)}", spec.loc_of("kind"))
            self._cache[name] = Layout(name, kind, spec, spec.loc)
        return self._cache[name]

    def face(self, layout: Layout) -> FaceSpec:
        """A face layout's typed spec, read the first time it is asked for."""
        if layout.name not in self._faces:
            self._faces[layout.name] = read_face(layout.spec, self.right_to_left)
        return self._faces[layout.name]

    def document(self, layout: Layout) -> DocumentSpec:
        """A document layout's typed spec, read the first time it is asked for."""
        if layout.name not in self._documents:
            self._documents[layout.name] = read_document(layout.spec)
        return self._documents[layout.name]

    def _find(self, name: str, used_at: Loc) -> Path:
        if files.name_problem(name) or "/" in name or "\\" in name or name.startswith("."):
            raise fail(f"no layout named '{shown(name)}': a layout's name is the name of a file in a layout folder", used_at)
        for d in self.dirs:
            path = d / f"{name}.yaml"
            if files.exists(path):
                return path
        known = sorted({p.stem for d in self.dirs for p in d.glob("*.yaml")})
        raise fail(f"no layout named '{name}'{did_you_mean(name, known)}", used_at)

    def _load(self, name: str, used_at: Loc) -> YMap:
        if name not in self._raw:
            path = self._find(name, used_at)
            raw = yamlio.load_file(path, rel(path, self.root), within=self.dirs)
            problems = Problems()
            Checker(problems).check(raw, _layout_type(), "layout", raw.loc)
            problems.raise_if_errors()
            self.deprecated.items.extend(oldforms.warnings(raw))
            self._raw[name] = raw
        return self._raw[name]

    def _merged(self, name: str, used_at: Loc, seen: tuple) -> YMap:
        raw = self._load(name, used_at)
        parent_name = raw.get("extends")
        if not parent_name:
            return raw
        if parent_name in seen + (name,):
            raise fail(f"layout '{name}' extends itself through '{parent_name}'", raw.loc_of("extends"))
        parent = self._merged(str(parent_name), raw.loc_of("extends"), seen + (name,))
        return _merge(parent, raw)

    def _stylesheet(self) -> StyleSheet:
        specs: dict = {}
        colors: dict = {}
        problems = Problems()
        for path in folders.layered(self.dirs, "styles.yaml"):  # common first, the game's own last
            raw = yamlio.load_file(path, rel(path, self.root), within=self.dirs)
            for key in raw:
                if key not in _STYLES_FILE:
                    problems.error(
                        f"unknown key '{key}' in styles.yaml{did_you_mean(key, ['styles', 'colors'])}", raw.key_loc(key)
                    )
            found = Problems()
            for key, kind in _STYLES_FILE.items():
                if raw.get(key) is not None:
                    Checker(found).check(raw[key], SchemaParser({}, found).parse(kind, raw.loc), key, raw.loc_of(key))
            problems.items.extend(found.items)
            if found.errors:  # a list where a mapping belongs: nothing more to read in this file
                continue
            colors.update(raw.get("colors") or {})
            for name, spec in (raw.get("styles") or {}).items():
                _check_style(spec, problems)
                specs[name] = {**specs.get(name, {}), **spec}
        problems.raise_if_errors()
        self._raw_specs = specs  # before `extends` is resolved, so a layout's override cascades
        return StyleSheet(merge_specs(specs), colors, self.lang, self.ink_saver)

    def sheet_for(self, layout: Layout) -> StyleSheet:
        """The shared style sheet, with the layout's own styles and colours on top."""
        own = layout.spec.get("styles")
        own_colors = layout.spec.get("colors")
        if not own and not own_colors:
            return self.sheet
        if layout.name not in self._sheets:
            problems = Problems()
            for spec in (own or {}).values():
                _check_style(spec, problems)
            problems.raise_if_errors()
            base = self._raw_specs
            specs = {**base, **{k: {**base.get(k, {}), **v} for k, v in (own or {}).items()}}
            self._sheets[layout.name] = StyleSheet(
                merge_specs(specs), {**self.sheet.colors, **(own_colors or {})}, self.lang, self.ink_saver
            )
        return self._sheets[layout.name]


def _check_style(spec: YMap, problems: Problems) -> None:
    """A style's properties, each at its place: what reportlab is given is never an error there."""
    for key in spec:
        if key not in STYLE_KEYS:
            problems.error(f"unknown style property '{key}'{did_you_mean(key, STYLE_KEYS)}", spec.key_loc(key))
        elif key in STYLE_NUMBERS:
            try:
                style_number(spec, key)
            except ValueError as exc:
                problems.error(str(exc), spec.loc_of(key))
    font = spec.get("font")
    if font is not None and str(font) not in FAMILIES:
        problems.error(
            f"unknown font '{font}'{did_you_mean(font, FAMILIES)} (bundled: {', '.join(FAMILIES)})", spec.loc_of("font")
        )
    align = spec.get("align")
    if align is not None and str(align) not in ALIGNS:
        problems.error(f"align '{align}': use {', '.join(ALIGNS)}", spec.loc_of("align"))


def _merge(parent: YMap, child: YMap) -> YMap:
    out = YMap(parent, loc=child.loc, key_locs={**parent.key_locs, **child.key_locs})
    out.value_locs = {**parent.value_locs, **child.value_locs}
    for key, value in child.items():
        if key in ("frames", "shapes") and isinstance(parent.get(key), YList):
            out[key] = _merge_by_id(parent[key], value)
        elif key in ("styles", "colors") and isinstance(parent.get(key), YMap):
            merged = YMap(parent[key], loc=value.loc, key_locs={**parent[key].key_locs, **value.key_locs})
            merged.update(value)
            out[key] = merged
        elif key != "extends":
            out[key] = value
    return out


def _merge_by_id(parent: YList, child: YList) -> YList:
    out = YList(list(parent), loc=child.loc)
    index = {item.get("id"): i for i, item in enumerate(out) if item.get("id")}
    for item in child:
        ident = item.get("id")
        if ident and ident in index:
            out[index[ident]] = item
        else:
            out.append(item)
    return out

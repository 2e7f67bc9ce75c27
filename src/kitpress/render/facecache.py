"""Faces drawn once: what drawing a face wrote, kept in the user's cache under the face's
content digest and written again into any PDF that prints the same face (the same card on
another paper, in another batch, in the next build) without fitting or drawing it again.

This works because the bundled fonts write every character as the same bytes in every document
(typeset/stablefont), so a face's drawing operators do not depend on the document they were
first drawn into. What else a face's drawing leaves behind is kept beside them: the characters
each font must embed for it, and the problems its frames reported (a shrink, an overflow),
which are reported again where the face is printed. A face whose problems point at other places
than this one's (the same card written twice) is drawn again, to point at its own.

Kept: faces whose operators name nothing but those fonts. Drawn every time: faces with pictures
(their image objects belong to one document) and anything else a document numbers.

The store is one SQLite file (~/.cache/kitpress/faces/faces.sqlite), safe for the worker
processes to share, trimmed to MAX_BYTES by dropping the faces least recently printed. Without a
writable cache, or with KITPRESS_FACE_CACHE=0, every face is drawn.

A cold build writes every face it draws, so writing must cost little: an entry is its marshalled
tuple behind a CRC-32 (zlib halved its size for 20-30 µs a face), and SQLite does not wait for
the disk at each commit (`synchronous=OFF`); together 8 % of a cold 5,000-card build. A forked
worker makes and writes its entries when it ends (`Store.until_exit`), while the main process
joins and writes the kit, not between its batches: 20,000 cards 0.941×, 5,000 0.973× of the
wall time (paired); the command still ends only once they are written. What a
crash of the machine may then leave: an entry that fails its CRC is drawn again, and a file that
is not a database, or a damaged one, is removed by the process that finds it.
"""

from __future__ import annotations

import marshal
import os
import re
import sqlite3
import time
from pathlib import Path

from reportlab.pdfbase import pdfmetrics

from kitpress import usercache
from kitpress.compose.scene import Face
from kitpress.digest import digest
from kitpress.errors import Loc, Problem
from kitpress.render import fingerprints
from kitpress.typeset import fit, stablefont

FORMAT = 3  # the layout of a kept entry; a new one makes every old entry a miss
MAX_BYTES = 256 * 1024 * 1024
_KEYS_A_QUERY = 500  # under SQLite's least limit on a statement's parameters (999)
_TOUCH_AFTER = 24 * 3600  # a face printed again is marked used at most once a day
_OTHER_RESOURCES = re.compile(r" (?:Do|gs|sh|BI)\b")  # XObjects, graphics states, shadings, inline images
_FONT_SET = re.compile(r"/([^\s/+]+)(?:\+\d+)? \S+ Tf")


class Store:
    """The SQLite file, opened lazily in each process (a connection must not cross a fork)."""

    def __init__(self, path: Path | None):
        self.path, self._db, self._pid = path, None, None
        self._new: list[tuple[str, bytes, int]] = []
        self._drawn: list[tuple[str, tuple]] = []  # faces drawn, their entries not made yet (see `drawn`)
        self._touched: list[str] = []
        self._fetched: dict[str, tuple[bytes, int] | None] = {}  # rows looked up ahead (fetch), by key
        self._until_exit = False

    def _connection(self) -> sqlite3.Connection | None:
        if self.path is None:
            return None
        if self._pid != os.getpid():
            self._db, self._pid, self._new, self._drawn, self._touched, self._fetched = None, os.getpid(), [], [], [], {}
            for attempt in range(_OPENING_ATTEMPTS):
                try:
                    self._db = _opened(self.path)
                    break
                except sqlite3.OperationalError as exc:
                    # two workers opening a new file at once: one of them is refused the switch to
                    # WAL ("database is locked", which SQLite does not wait out); measured, 18 of
                    # 400 workers kept nothing for a whole build before this
                    if attempt == _OPENING_ATTEMPTS - 1:
                        self._failed(exc)
                    time.sleep(0.005 * (attempt + 1))
                except sqlite3.Error as exc:
                    self._failed(exc)
                    break
        return self._db

    def create(self) -> None:
        """Make the file now if it is new, in the process about to fork the workers, which then
        open one already in WAL mode: two workers making it at once took turns (one was refused
        the switch to WAL and slept 5-15 ms of its first batch, in every build on a new cache)."""
        if self.path is None or self.path.exists():
            return
        try:
            _opened(self.path).close()
        except sqlite3.Error:
            pass  # each worker tries again, and says nothing either: a cache never fails a build

    def _failed(self, exc: sqlite3.Error) -> None:
        """A locked, full or broken cache: this process draws everything. A file that is not a
        database, or a damaged one, is removed: the next process starts a new one."""
        if self.path is not None and type(exc) is sqlite3.DatabaseError:  # not a locked or full one (OperationalError)
            for suffix in ("", "-wal", "-shm"):
                self.path.with_name(self.path.name + suffix).unlink(missing_ok=True)
        self.path, self._db = None, None

    def fetch(self, keys: set[str]) -> None:
        """Look up the rows of faces about to be drawn in one query a few hundred keys, which
        `get` then gives without asking: a query a face took a tenth of writing it."""
        db = self._connection()
        if db is None or not keys:
            return
        keys, found = sorted(keys), {}
        try:
            for start in range(0, len(keys), _KEYS_A_QUERY):
                chunk = keys[start : start + _KEYS_A_QUERY]
                query = f"SELECT key, data, used FROM faces WHERE key IN ({', '.join('?' * len(chunk))})"
                found.update((key, (data, used)) for key, data, used in db.execute(query, chunk))
        except sqlite3.OperationalError:
            return  # busy: each face asks for itself
        except sqlite3.Error as exc:
            self._failed(exc)
            return
        self._fetched = {key: found.get(key) for key in keys}

    def get(self, key: str) -> bytes | None:
        db = self._connection()
        if db is None:
            return None
        if key in self._fetched:
            row = self._fetched.pop(key)
        else:
            try:
                row = db.execute("SELECT data, used FROM faces WHERE key = ?", (key,)).fetchone()
            except sqlite3.OperationalError:
                return None  # busy: drawn this time
            except sqlite3.Error as exc:
                self._failed(exc)
                return None
        if row is None:
            return None
        if row[1] < time.time() - _TOUCH_AFTER:
            self._touched.append(key)
        return row[0]

    def put(self, key: str, data: bytes) -> None:
        """Keep an entry already made, as it is to be written (what `drawn` leaves becomes one)."""
        if self._connection() is not None:
            self._new.append((key, data, int(time.time())))

    def drawn(self, key: str, left: tuple) -> None:
        """Keep what drawing a face left (see `draw`): its entry is made when it is written."""
        if self._connection() is not None:
            self._drawn.append((key, left))

    def until_exit(self) -> None:
        """From now on this process (a forked worker) writes what it drew when it ends, while
        the main process joins and writes the kit: making and writing the entries of a cold
        build's faces was a tenth of drawing them."""
        from multiprocessing import util

        self._until_exit = True
        util.Finalize(None, self._at_exit, exitpriority=10)

    def _at_exit(self) -> None:
        self._until_exit = False
        self.flush()

    def flush(self) -> None:
        """Write what this process drew (one transaction), and trim the file if it grew too big;
        in a worker that writes when it ends (`until_exit`), nothing yet."""
        db = self._connection()
        if db is None or self._until_exit:
            return
        now = int(time.time())
        self._new += [(key, entry, now) for key, entry in map(_made, self._drawn) if entry is not None]
        self._drawn = []
        if not (self._new or self._touched):
            return
        try:
            # one transaction: the connection commits each statement of its own (isolation_level=None),
            # and a row each was 20 µs of writes and locks, against 8 µs
            db.execute("BEGIN IMMEDIATE")
            try:
                db.executemany("INSERT OR REPLACE INTO faces VALUES (?, ?, ?)", self._new)
                db.executemany("UPDATE faces SET used = ? WHERE key = ?", [(now, key) for key in self._touched])
                db.execute("COMMIT")
            except BaseException:
                try:
                    db.execute("ROLLBACK")
                except sqlite3.Error:
                    pass  # SQLite ended it already: what went wrong is said below
                raise
            # the pages in use: a file never shrinks, the pages a trim frees are reused
            pages, free, size = (db.execute(f"PRAGMA {name}").fetchone()[0] for name in ("page_count", "freelist_count", "page_size"))
            if (pages - free) * size > MAX_BYTES:  # the least recently printed quarter goes; SQLite reuses its pages
                db.execute("DELETE FROM faces WHERE used <= (SELECT used FROM faces ORDER BY used LIMIT 1 OFFSET (SELECT COUNT(*) / 4 FROM faces))")
        except sqlite3.OperationalError:
            pass  # a busy or full cache: these faces are drawn again next time
        except sqlite3.Error as exc:
            self._failed(exc)
        self._new, self._touched = [], []


_OPENING_ATTEMPTS = 6


def _opened(path: Path) -> sqlite3.Connection:
    db = sqlite3.connect(path, timeout=10, isolation_level=None)
    try:
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=OFF")  # a cache: safe from a crash of kitpress; one of the machine: see above
        db.execute("CREATE TABLE IF NOT EXISTS faces (key TEXT PRIMARY KEY, data BLOB NOT NULL, used INTEGER NOT NULL)")
    except BaseException:
        db.close()
        raise
    return db


def _default_path() -> Path | None:
    if os.environ.get("KITPRESS_FACE_CACHE", "1") == "0":
        return None
    folder = usercache.folder("faces")
    return folder / "faces.sqlite" if folder is not None else None


_STORE: Store | None = None


def store() -> Store:
    global _STORE
    if _STORE is None:
        _STORE = Store(_default_path())
    return _STORE


def fetch(faces, clip: bool = True) -> None:
    """Look up, together, what the faces a PDF is about to draw wrote when they were drawn before."""
    kept = store()
    if fit.sink() is not None and kept.path is not None:
        kept.fetch({_key(face, clip) for face in faces if _keepable(face)})


def draw(c, face: Face, clip: bool, draw_face) -> None:
    """`draw_face(c, face, clip)`, or what it wrote the last time this face was drawn."""
    problems = fit.sink()
    kept = store()
    key = _key(face, clip) if problems is not None and kept.path is not None and _keepable(face) else None
    if key is not None:
        data = kept.get(key)
        if data is not None and _replay(c, face, data, problems):
            return
    start, reported = len(c._code), len(problems.items) if problems is not None else 0
    version, c._doc._pdfVersion = c._doc._pdfVersion, (1, 3)  # what this face needs: transparency makes 1.4
    try:
        with stablefont.recording() as texts:
            draw_face(c, face, clip)
    finally:
        needs, c._doc._pdfVersion = c._doc._pdfVersion, max(version, c._doc._pdfVersion)
    if key is None:
        return
    found = problems.items[reported:]
    kept.drawn(
        key,
        (
            c._code[start:],
            texts,
            stable_names(c, texts),
            tuple(needs),
            tuple((p.level, p.message, p.loc.path, p.loc.line, p.loc.col) for p in found),
            _blame(face) if found else "",
        ),
    )


def _made(pending: tuple[str, tuple]) -> tuple[str, bytes | None]:
    """A drawn face's entry, sealed; None if what it wrote names anything but the stable fonts
    (a picture, a font of reportlab's own): something its document numbered."""
    key, (code, texts, stable, needs, found, blame) = pending
    drawn = kept_form(code, texts, stable)
    if drawn is None:
        return key, None
    return key, usercache.sealed(marshal.dumps((FORMAT, drawn[0], needs, drawn[1], found, blame)))


def _replay(c, face: Face, data: bytes, problems) -> bool:
    packed = usercache.unsealed(data)
    if packed is None:
        return False  # damaged, or an entry of an older kitpress
    try:
        version, code, needs, fonts_used, found, blame = marshal.loads(packed)
    except (ValueError, EOFError, TypeError):
        return False
    if version != FORMAT or not isinstance(code, str) or (found and blame != _blame(face)):
        return False
    if not use_fonts(c, fonts_used):
        return False
    c._code.append(code)
    c._doc._pdfVersion = max(c._doc._pdfVersion, tuple(needs))
    problems.items.extend(Problem(level, message, Loc(path, line, col)) for level, message, path, line, col in found)
    return True


def stable_names(c, texts: list[tuple[str, str]]) -> frozenset[str]:
    """The names `c`'s document gives the fonts that wrote `texts` (stablefont.recording): its
    font mapping holds them as `/NAME` from the first text each wrote."""
    mapping = c._doc.fontMapping
    return frozenset([mapping.get(font, "/")[1:] for font in {font for font, _ in texts}])


def kept_form(operators, texts: list[tuple[str, str]], stable: frozenset[str]) -> tuple[str, tuple] | None:
    """What a drawing wrote, `operators`, as one text, and the characters each font wrote
    (`texts`, from stablefont.recording) in the order first used: the order fonts are written
    in; None if it names anything but the stable fonts (a picture, a graphics state), which
    belong to one document."""
    code = "\n".join(operators)
    if _OTHER_RESOURCES.search(code) or not stable.issuperset(_FONT_SET.findall(code)):
        return None
    by_font: dict[str, list[str]] = {}
    for font, text in texts:
        by_font.setdefault(font, []).append(text)
    return code, tuple((font, "".join(sorted(set("".join(written))))) for font, written in by_font.items())


def use_fonts(c, fonts_used: tuple) -> bool:
    """Embed in `c`'s document the characters a drawing written again uses (False if a font is
    not a stable one: the drawing cannot be written again)."""
    used = [(pdfmetrics.getFont(name), chars) for name, chars in fonts_used]
    if not all(isinstance(font, stablefont.StableFont) for font, _ in used):
        return False
    for font, chars in used:
        font.use(c._doc, chars)
        stablefont.note(font.fontName, chars)
    return True


def _key(face: Face, clip: bool) -> str:
    """The face's entry: asked for when a PDF's faces are fetched, and again when each is drawn."""
    made_with = (fingerprints.code(), fingerprints.fonts(), fingerprints.digest_face(face), clip)
    key = _keys.get(made_with)
    if key is None:
        if len(_keys) >= _MOST_KEYS:
            _keys.clear()
        key = _keys[made_with] = digest(made_with[0], made_with[1], "kept face", FORMAT, *made_with[2:])
    return key


_keys: dict[tuple, str] = {}
_MOST_KEYS = 100_000


def _keepable(face: Face) -> bool:
    """No picture on it, on the faces placed on it, or on those its text embeds."""
    if any(shape.kind == "image" for shape in face.shapes) or any(shape.kind == "image" for shape in face.overlays):
        return False
    return all(_keepable(placed.face) for placed in face.children) and all(_keepable(inner) for inner in face.faces.values())


def _blame(face: Face) -> str:
    """Where this face's problems point: the places of its frames' markup and printed texts."""
    places = []
    stack = [face]
    while stack:
        current = stack.pop()
        for frame in current.frames:
            blame = frame.blame
            if blame is not None:
                places.append((blame.tag, blame.where, blame.frame, _loc(blame.markup), [_loc(t) for t in blame.printed]))
        stack += [placed.face for placed in current.children] + list(current.faces.values())
    return digest(places)


def _loc(text) -> tuple:
    loc = getattr(text, "loc", None)
    return (loc.path, loc.line, loc.col) if loc is not None else ()

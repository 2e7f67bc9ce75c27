"""Writing the site's files whole: a reader (a browser, a build drawing thumbnails at the same
time) never sees half a file."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_atomic(target: Path, data: bytes) -> None:
    """A temporary file in the same folder, then os.replace: readers never see half a file."""
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}-", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.chmod(tmp, 0o644)
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise

"""kitpress's terminal output: each message one line, as it is. A problem stays one
`path:line:col: error:` line whatever the terminal's width, and `[es]` is a language, not
markup. (rich did this too, for 15 ms of import on every command.)"""

from __future__ import annotations

import sys


class Console:
    def __init__(self, stderr: bool = False):
        self.stderr = stderr

    def print(self, text: str = "") -> None:
        print(text, file=sys.stderr if self.stderr else sys.stdout, flush=True)

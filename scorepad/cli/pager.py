"""Long output through the user's pager on a terminal, as git and man do: ``$PAGER``, else ``less -R``.

Only when standard output is a terminal and the text is longer than the
screen; a pipe, a file or ``--no-pager`` get the lines straight. The lines
are written to the pager as they are made, so a long history starts showing
at once. The pager quitting early (``q`` in less) ends the output quietly:
the reader has seen what they wanted.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
from collections.abc import Iterable
from contextlib import suppress

DEFAULT = "less -R"


def through_pager(lines: Iterable[str], count: int, pager: bool = True) -> None:
    """Print ``lines`` (``count`` of them), through the pager when they do not fit a terminal's screen."""
    if pager and sys.stdout.isatty() and count > shutil.get_terminal_size().lines - 1:
        command = shlex.split(os.environ.get("PAGER") or DEFAULT)
        if command and _paged(command, lines):
            return
    write = sys.stdout.write
    for line in lines:
        write(line + "\n")


def _paged(command: list[str], lines: Iterable[str]) -> bool:
    """Write ``lines`` into the pager ``command``; False when it cannot be started (then they are printed)."""
    try:
        pager = subprocess.Popen(command, stdin=subprocess.PIPE, text=True, encoding=sys.stdout.encoding or "utf-8")
    except OSError:
        return False
    assert pager.stdin is not None
    try:
        for line in lines:
            pager.stdin.write(line + "\n")
    except BrokenPipeError:  # the reader quit the pager before the end
        pass
    finally:
        with suppress(OSError):
            pager.stdin.close()
        _wait(pager)
    return True


def _wait(pager: subprocess.Popen) -> None:
    """Wait for the reader to leave the pager; a Ctrl-C there is the pager's, not the end of scorepad's output."""
    while True:
        try:
            pager.wait()
            return
        except KeyboardInterrupt:
            continue

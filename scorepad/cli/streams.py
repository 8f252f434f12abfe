"""Standard output and error as a command finds them: closed (``>&-``), full (``> /dev/full``), or a reader gone.

Python starts with ``sys.stdout`` None when the shell closed it, and the next
file the command opens would take its number. ``take_streams`` gives a
closed one ``/dev/null``; standard output's is opened read-only, so that
writing to it fails as writing to any stream that cannot take it does, and
the command says so rather than claim it is done.

Standard output becomes an ``Output``, which keeps the error it met: how a
command that failed tells output that could not be written from a defect of
its own (``common.refusals``).
"""

from __future__ import annotations

import io
import os
import sys


class Output(io.TextIOWrapper):
    """Standard output, which keeps the first error a write or a flush met."""

    failure: OSError | None = None
    closed_at_start = False  #: the shell closed it: an error here means nothing could be written

    def write(self, text: str) -> int:
        try:
            return super().write(text)
        except OSError as error:
            self.failure = self.failure or error
            raise

    def flush(self) -> None:
        try:
            super().flush()
        except OSError as error:
            self.failure = self.failure or error
            raise


def take_streams() -> None:
    """Once, before the command runs: a closed standard stream gets ``/dev/null``, standard output an ``Output``."""
    if sys.stdin is None:
        _fill(0, os.O_RDONLY)  # sys.stdin stays None: a command that reads it says the input is closed
    if sys.stderr is None:
        sys.stderr = open(_fill(2, os.O_WRONLY), "w", encoding="utf-8", errors="backslashreplace")  # noqa: SIM115
    stdout = sys.stdout
    if stdout is None:
        raw = open(_fill(1, os.O_RDONLY), "wb")  # noqa: SIM115 - standard output's, open as long as the process
        sys.stdout = Output(raw, encoding="utf-8", errors="backslashreplace", newline="\n")
        sys.stdout.closed_at_start = True
    elif isinstance(stdout, io.TextIOWrapper) and not isinstance(stdout, Output):
        stdout.flush()
        sys.stdout = Output(
            stdout.detach(),
            encoding=stdout.encoding,
            errors="backslashreplace",  # a name the terminal cannot show must not fail a command after its write
            newline=None if os.name == "nt" else "\n",  # as Python made it: \r\n on Windows
            line_buffering=stdout.line_buffering,
            write_through=stdout.write_through,
        )


def _fill(fd: int, flags: int) -> int:
    """Open ``/dev/null`` as the closed descriptor ``fd``."""
    opened = os.open(os.devnull, flags)
    if opened != fd:
        os.dup2(opened, fd)
        os.close(opened)
    return fd


def output_failure() -> OSError | None:
    """The error writing to standard output met during this command, if any."""
    return getattr(sys.stdout, "failure", None)


def forget_failure() -> None:
    """After a failure is reported: what is left for standard output goes nowhere, so the flush at exit cannot fail again."""
    stdout = sys.stdout
    try:
        fd = stdout.fileno()
    except (AttributeError, OSError, ValueError):  # not a real stream (a test's)
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fd)
    os.close(devnull)

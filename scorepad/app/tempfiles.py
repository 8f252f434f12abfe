"""The temporary file an export is written under, and how none is left behind.

``export.write_file`` writes ``.NAME.PID-RANDOM.tmp`` beside its target, then
moves it into place. An error or Ctrl-C removes it as the write unwinds;
SIGTERM and SIGHUP are caught for as long as the file exists, to remove it
before the process ends of the signal. SIGKILL or a power cut cannot be
caught: the next write into the same folder removes what they left.
"""

from __future__ import annotations

import os
import re
import signal
import stat
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

#: ``.all-20261129T201503Z.csv.4711-e2f53955.tmp``; before the process number was in
#: the name, ``.all-20261129T201503Z.csv.e2f53955.tmp``, which is scorepad's too.
PATTERN = re.compile(r"\..+\.(?:(?P<pid>[0-9]+)-)?[0-9a-f]{8}\.tmp")

# A temporary file is stale, and removed, when no export can still be writing it. A
# live export writes its file from start to end and moves it into place as soon as
# the last byte is synced, so its modification time is never more than seconds old.
#: The process that made it is gone (on this machine) and it has not changed for a
#: minute: the minute spares a live export from another machine sharing the folder,
#: whose process numbers mean nothing here.
ORPHANED_AFTER_S = 60
#: Whoever made it, it has not changed for an hour: a process number still in use may
#: have been given to another process since (after a restart), and the older name has none.
STALE_AFTER_S = 3600

#: The signals that end a process politely: the ones an export can clean up after.
STOPS = tuple(s for s in (getattr(signal, "SIGTERM", None), getattr(signal, "SIGHUP", None)) if s is not None)


def temporary_for(target: Path) -> Path:
    """A new temporary name beside ``target``, naming this process (os, not secrets: keeps --help light)."""
    return target.with_name(f".{target.name}.{os.getpid()}-{os.urandom(4).hex()}.tmp")


def remove_stale(folder: Path, now: float | None = None) -> list[Path]:
    """Remove the temporary files that earlier writes into ``folder`` left; return them.

    Only regular files named as scorepad names them, and only stale ones
    (see ``ORPHANED_AFTER_S``); whatever cannot be looked at or removed is left.
    """
    now = time.time() if now is None else now
    removed: list[Path] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        found = PATTERN.fullmatch(entry.name)
        if found is None:
            continue
        try:
            info = entry.stat(follow_symlinks=False)
            if not stat.S_ISREG(info.st_mode):
                continue
            idle = now - info.st_mtime
            pid = int(found["pid"]) if found["pid"] else None
            if idle >= STALE_AFTER_S or (idle >= ORPHANED_AFTER_S and pid is not None and _gone(pid)):
                os.unlink(entry.path)
                removed.append(Path(entry.path))
        except OSError:  # removed meanwhile by another export, or not ours to remove
            continue
    return removed


def _gone(pid: int) -> bool:
    """Whether no process has this number on this machine."""
    if pid <= 0 or os.name != "posix":  # 0 and below name process groups; on Windows, os.kill kills
        return False
    try:
        os.kill(pid, 0)  # signal 0: only asks whether the process exists
    except ProcessLookupError:
        return True
    except (OSError, OverflowError):  # another user's process; a number too big: left to the hour
        return False
    return False


class _Stopped(BaseException):
    """A stopping signal arrived while the temporary file existed (a BaseException, as KeyboardInterrupt)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


@contextmanager
def removed_if_stopped(temporary: Path) -> Iterator[None]:
    """Remove ``temporary`` if Ctrl-C, SIGTERM or SIGHUP comes while the block runs.

    Ctrl-C goes on as the KeyboardInterrupt it is. A stopping signal is
    caught only to unwind and remove the file; then it is given again, as it
    would have been, and the process ends of it: whoever sent it sees what
    they expect. A signal that was ignored stays ignored; outside the main
    thread Python cannot catch signals, and nothing is changed.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught = {}
    for signum in STOPS:
        previous = signal.getsignal(signum)
        if previous is signal.SIG_IGN or previous is None:  # ignored, or set outside Python: left alone
            continue
        caught[signum] = previous
        signal.signal(signum, _stop)
    try:
        yield
    except (KeyboardInterrupt, _Stopped) as stopped:
        _restore(caught)
        caught = {}
        temporary.unlink(missing_ok=True)  # again: the signal may have come before the writer's own unlink
        if isinstance(stopped, _Stopped):
            os.kill(os.getpid(), stopped.signum)  # the process ends here, unless it has a handler of its own
            raise KeyboardInterrupt from None  # that handler let it live: stop the write all the same
        raise
    finally:
        _restore(caught)


def _stop(signum: int, _frame: object) -> None:
    raise _Stopped(signum)


def _restore(caught: dict) -> None:
    for signum, previous in caught.items():
        signal.signal(signum, previous)

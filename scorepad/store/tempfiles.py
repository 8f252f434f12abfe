"""The files scorepad builds beside their place before moving them there, and how none is left behind.

An export is written as ``.NAME.scorepad-HOST-PID-RANDOM.tmp`` beside its
file and moved into place once synced (``app.export``); a new store is built
as ``.NAME.scorepad-HOST-PID-RANDOM.new``, with SQLite's ``-wal`` and ``-shm``
beside it, and linked into place once its first transaction has committed
(``sqlite_file``). An error or Ctrl-C removes the file as the write unwinds;
SIGTERM and SIGHUP are caught for as long as it exists, to remove it before
the process ends of the signal. SIGKILL or a power cut cannot be caught: the
next write of the same kind into the folder removes what they left, and only
that (``remove_left``):

- a name only scorepad gives: its own word, the machine's name, the number
  of the process writing it and eight random hex digits;
- a regular file, of the user who runs scorepad;
- whose process is gone: the machine named is this one, and no process has
  that number here.

So a user's own ``.budget.20261130.tmp``, another program's temporary file
(even one named like scorepad's, while its process lives), another user's
file, and one that another machine sharing the folder is writing all stay.
"""

from __future__ import annotations

import os
import re
import signal
import stat
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from enum import StrEnum
from pathlib import Path


class Kind(StrEnum):
    """What is built under a temporary name, as the name's last part says."""

    EXPORT = "tmp"  #: an export, written then moved into place
    STORE = "new"  #: a new store, built then linked into place


#: ``.all-20261129T201503Z.csv.scorepad-clubpc-4711-e2f53955.tmp``, ``.k2.db.scorepad-clubpc-4711-e2f53955.new``,
#: and SQLite's files beside a new store (``-wal``, ``-shm``, ``-journal``).
NAME = re.compile(
    r"\.(?P<target>.+)\.scorepad-(?P<host>.+)-(?P<pid>[0-9]+)-[0-9a-f]{8}\.(?P<kind>tmp|new)(?:-wal|-shm|-journal)?"
)

#: The signals that end a process politely: the ones a write can clean up after.
STOPS = tuple(s for s in (getattr(signal, "SIGTERM", None), getattr(signal, "SIGHUP", None)) if s is not None)


def _host() -> str:
    """This machine's name as a file name may hold it (a long one cut short)."""
    name = os.uname().nodename if hasattr(os, "uname") else os.environ.get("COMPUTERNAME", "")
    return re.sub(r"[^A-Za-z0-9.-]+", "_", name)[:32] or "_"


def temporary_for(target: Path, kind: Kind) -> Path:
    """A new name beside ``target`` to build it under (os, not secrets: keeps --help light)."""
    return target.with_name(f".{target.name}.scorepad-{_host()}-{os.getpid()}-{os.urandom(4).hex()}.{kind}")


def remove_left(folder: Path, kind: Kind, target: str | None = None) -> list[Path]:
    """Remove what stopped writes of ``kind`` (of ``target`` alone, if given) left in ``folder``; return them.

    Whatever cannot be looked at or removed is left.
    """
    removed: list[Path] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    host = _host()
    for entry in entries:
        found = NAME.fullmatch(entry.name)
        if found is None or found["kind"] != kind or target not in (None, found["target"]):
            continue
        try:
            if _left_behind(entry, found, host):
                os.unlink(entry.path)
                removed.append(Path(entry.path))
        except OSError:  # removed meanwhile by another scorepad, or not ours to remove
            continue
    return removed


def _left_behind(entry: os.DirEntry[str], found: re.Match[str], host: str) -> bool:
    """Whether a file named as scorepad names them is this user's, and its process is gone from this machine ``host``."""
    info = entry.stat(follow_symlinks=False)
    if not stat.S_ISREG(info.st_mode) or not hasattr(os, "getuid") or info.st_uid != os.getuid():
        return False
    return found["host"] == host and _gone(int(found["pid"]))


def _gone(pid: int) -> bool:
    """Whether no process has this number on this machine."""
    if pid <= 0 or os.name != "posix":  # 0 and below name process groups; on Windows, os.kill kills
        return False
    try:
        os.kill(pid, 0)  # signal 0: only asks whether the process exists
    except ProcessLookupError:
        return True
    except (OSError, OverflowError):  # another user's process; a number too big for one
        return False
    return False


class _Stopped(BaseException):
    """A stopping signal arrived while the temporary file existed (a BaseException, as KeyboardInterrupt)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


@contextmanager
def removed_if_stopped(*temporary: Path) -> Iterator[None]:
    """Remove the ``temporary`` files if Ctrl-C, SIGTERM or SIGHUP comes while the block runs.

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
        for path in temporary:  # again: the signal may have come before the writer's own unlink
            path.unlink(missing_ok=True)
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

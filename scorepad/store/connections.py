"""The store files this process holds SQLite connections to: none of them is opened by hand meanwhile.

POSIX keeps one set of locks per process and file, however many descriptors
the process has of it, and closing any one of them drops them all, SQLite's
included (SQLite's "How To Corrupt An SQLite Database File", 2.2). A
connection whose lock on the store is gone no longer counts as a reader:
another process's last connection then copies the ``-wal`` into the store and
deletes ``-wal`` and ``-shm`` from under it. From then on this process reads
an index nobody else writes (the live board showed old totals for as long as
a table's ``play`` kept the new ``-wal`` alive) and writes where nobody reads.

So every connection scorepad makes is counted here, by the file SQLite
opened, from its opening to its closing (``sqlite_file.Connection``); and
while one is, no file of that store, itself or its ``-wal``, ``-shm`` and
``-journal``, is opened by hand: ``sqlite_file.examine`` reads the header
before the first connection and takes what it read then afterwards, and a
file named as a command's input is refused (``app.inputs``); ``is_file_of``
tells the store's files, for that and for an output never to replace one of
them (``db.Store.owns_file``). ``LOCK`` is held
across both a connection's opening and its counting, and across any opening
by hand, so that neither comes between the other's two steps in another thread.

Only the standard library: reading a command's input costs no ``sqlite3``.
"""

from __future__ import annotations

import os
import threading
from collections import Counter
from contextlib import suppress

#: A file as the system knows it, whatever its name: its device and inode.
Identity = tuple[int, int]
#: Reentrant: a connection collected unclosed inside a held block releases itself through it.
LOCK = threading.RLock()
_count: Counter[Identity] = Counter()
_names: dict[Identity, str] = {}  #: each file's name as SQLite gave it: where its -wal, -shm and -journal are
SIDES = ("-wal", "-shm", "-journal")


def identity(info: os.stat_result) -> Identity:
    return info.st_dev, info.st_ino


def hold(name: str) -> Identity | None:
    """Count a connection to the file SQLite names ``name``; None if no file has that name any more.

    Call it holding ``LOCK``, from the connection's opening on.
    """
    try:
        key = identity(os.stat(name))
    except OSError:  # gone meanwhile: no name leads to it, so nothing can open it by hand
        return None
    with LOCK:
        _count[key] += 1
        _names[key] = name
    return key


def release(key: Identity) -> None:
    """A connection counted by ``hold`` is closed."""
    with LOCK:
        _count[key] -= 1
        if _count[key] <= 0:
            del _count[key], _names[key]


def connected(key: Identity) -> bool:
    """Whether a connection to the file may be open in this process: hold ``LOCK`` until it is opened by hand."""
    with LOCK:
        return key in _count


def in_use(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` is a file of a store this process may hold a connection to: the store or a file beside it."""
    try:
        key = identity(os.stat(path))
    except OSError:
        return False  # nothing there to open: the caller's opening says so
    with LOCK:  # the file a connection holds, whatever its name now, or one beside a store's
        return key in _count or any(is_file_of(name, path) for name in _names.values())


def is_file_of(store: str | os.PathLike[str], path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` is the store file ``store`` or its ``-wal``, ``-shm`` or ``-journal``, none of them opened.

    Only looked at: opening one by hand and closing it would drop this
    process's locks on the store (see above). An existing file is told by
    its identity, whatever name leads to it; a file SQLite has not made yet, by
    the name it will have, beside the file the store's name resolves to.
    """
    real = os.path.realpath(store)
    files = [real, *(real + suffix for suffix in SIDES)]
    try:
        key = identity(os.stat(path))
    except OSError:
        key = None
    if key is not None:
        for file in files:
            with suppress(OSError):  # a file not there is told by its name below
                if identity(os.stat(file)) == key:
                    return True
    return os.path.realpath(path) in files

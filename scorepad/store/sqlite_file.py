"""A SQLite store's file: looked at before SQLite opens it, and a new one made whole or not at all.

SQLite takes an empty file for a new database, and scorepad's connections put
what they open into WAL mode: opened blindly, a store cut short, a text file or
another program's database would be replaced or changed by a mere ``status``.
So ``examine`` reads the header and the table names first, without writing a
byte, and refuses whatever is not a scorepad store.

A new store is built under a temporary name beside its place (``tempfiles``)
and linked there once its first transaction has committed (``new_file``):
nobody ever finds it empty or half made, and a refused ``new`` leaves neither
a file nor a folder.

In WAL mode SQLite keeps ``NAME-wal`` and ``NAME-shm`` beside the store, and
cannot open it at all where it may not create them: a store in a read-only
folder is read as immutable instead, which SQLite allows when no change is
pending beside it, and any write is refused with the folder named.

Reading the header by hand closes a descriptor of the file, which drops every
lock this process holds on it (``connections``): so ``examine`` reads it only
while no connection to the file is open here, and every connection scorepad
makes is a ``Connection``, counted while it is open.
"""

from __future__ import annotations

import os
import sqlite3
import stat
import weakref
from collections.abc import Iterator
from contextlib import closing, contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

from ..core.errors import os_reason
from ..core.language import N_, Counted, Phrase
from . import connections
from .errors import StoreError, reason
from .schema import VERSION_TABLE

#: The oldest SQLite scorepad runs on: it needs RETURNING and DROP COLUMN.
MIN_SQLITE = (3, 35)
MAGIC = b"SQLite format 3\x00"
HEADER = 100  #: bytes: SQLite's file header, all of it on the first page
WAL_FORMAT = 2  #: header byte 18 of a database in WAL mode


def side(path: Path, suffix: str) -> Path:
    """One of SQLite's files beside the store: ``-wal``, ``-shm`` or ``-journal``."""
    return path.with_name(path.name + suffix)


def _stamp(path: Path) -> tuple[int, int, int]:
    found = path.stat()
    return found.st_ino, found.st_size, found.st_mtime_ns


@dataclass(frozen=True)
class Found:
    """An existing scorepad store file, as ``examine`` found it."""

    path: Path
    wal: bool  #: its header says WAL mode (an immutable read cannot ask SQLite)
    frozen: bool  #: its folder cannot be written and nothing is pending: read as immutable, never written
    pending: bool  #: changes wait beside it (a ``-wal`` or ``-journal``): it cannot be read as immutable
    stamp: tuple[int, int, int]  #: inode, size and change time, to notice a writer under an immutable read


class Connection(sqlite3.Connection):
    """An SQLite connection counted by ``connections`` from its opening to its closing, or to its end unclosed.

    Give it as ``factory`` to ``sqlite3.connect``: every connection to a store is one.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        with connections.LOCK:  # no file is opened by hand between SQLite's opening of it and its count
            super().__init__(*args, **kwargs)
            (name,) = [file for _, schema, file in self.execute("PRAGMA database_list") if schema == "main"]
            key = connections.hold(name) if name else None  # no name: in memory, nothing to open by hand
        self._released = weakref.finalize(self, connections.release, key) if key else None

    def close(self) -> None:
        super().close()
        if self._released is not None:
            self._released()  # once: a finalizer does nothing when called again


def connect(database: str, timeout: float) -> Connection:
    """A counted connection to ``database``, a ``file:`` URI."""
    return sqlite3.connect(database, uri=True, timeout=timeout, factory=Connection)


def check_version() -> None:
    """Refuse an SQLite library older than scorepad needs."""
    if sqlite3.sqlite_version_info < MIN_SQLITE:
        wanted = ".".join(map(str, MIN_SQLITE))
        raise StoreError(
            N_("scorepad needs SQLite {wanted} or newer; this Python has {found}"),
            wanted=wanted,
            found=sqlite3.sqlite_version,
        )


def examine(path: Path, timeout: float, may_freeze: bool = True) -> Found:
    """The store file at ``path``, checked without writing a byte; a StoreError unless it is a scorepad store."""
    try:
        found = path.stat()
        if not stat.S_ISREG(found.st_mode):
            raise StoreError(N_("{path} is not a file: scorepad leaves it alone"), path=path)
        head, now = _header(path, found)
    except OSError as error:
        raise StoreError(N_("cannot read {path}: {reason}"), path=path, reason=os_reason(error)) from None
    stamp = found.st_ino, found.st_size, found.st_mtime_ns
    # Changes waiting beside the file (a crashed writer's, or a live one's) are part of the store.
    pending = side(path, "-wal").exists() or side(path, "-journal").exists()
    # A header read before this process connected may count fewer pages or more than the file has now.
    damage = _damage(head, stamp[1], pending or not now)
    if damage:
        raise StoreError(
            N_("{path}: this file is not a scorepad database ({damage}): scorepad leaves it alone"),
            path=path,
            damage=damage,
        )
    frozen = may_freeze and not pending and folder_note(path) is not None
    tables = _tables(path, timeout, immutable=not pending)
    if VERSION_TABLE not in tables:
        if tables:
            raise StoreError(N_("{path} is a database of another program: scorepad leaves it alone"), path=path)
        raise StoreError(
            N_(
                "{path}: this file is not a scorepad database (an SQLite database with no tables): scorepad leaves it alone"
            ),
            path=path,
        )
    return Found(path, head[18] == WAL_FORMAT, frozen, pending, stamp)


#: The header of each file ``examine`` read by hand: what it finds while connections to the file are open.
_headers: dict[connections.Identity, bytes] = {}


def _header(path: Path, found: os.stat_result) -> tuple[bytes, bool]:
    """The file's first bytes, and whether they were read now: never while a connection to it is open here.

    A connection to an existing store follows its examination in the same
    process (``db``, ``quick`` and ``_tables`` examine first; a new store's
    connections are closed before it takes its name), so a file connected to
    was read before. What tells a store in the header (its magic, page size
    and WAL mode) stays as it was read: scorepad never vacuums a store or
    changes its journal mode.
    """
    key = connections.identity(found)
    with connections.LOCK:
        if connections.connected(key):
            return _headers[key], False
        with path.open("rb") as file:
            head = file.read(HEADER)
        _headers[key] = head
    return head, True


def _damage(head: bytes, size: int, pending: bool) -> Phrase | None:
    """What makes a file no SQLite database, or one cut short; None for a whole one.

    ``pending``: the file's size says nothing of its pages (changes wait beside it, or the header is old).
    """
    if size == 0:
        return Phrase(N_("it is empty"))
    if not head.startswith(MAGIC):
        return _short(size) if MAGIC.startswith(head) else Phrase(N_("it is not an SQLite database"))
    if len(head) < HEADER:
        return _short(size)
    page = int.from_bytes(head[16:18], "big")
    page = 65536 if page == 1 else page
    if page < 512 or page & (page - 1):
        return Phrase(N_("its header is damaged"))
    if pending:  # pages not yet copied into the file live in the -wal: the file's size says nothing
        return None
    pages = int.from_bytes(head[28:32], "big")
    counted = head[24:28] == head[92:96]  # SQLite's own test that the page count above is current
    if counted and pages * page > size:
        return _short(size, of=pages * page)
    if size % page:
        return _short(size)
    return None


def _short(size: int, of: int | None = None) -> Phrase:
    """A file cut short to ``size`` bytes, of the ``of`` its header counts when it is known."""
    if of is None:
        return Counted("it is cut short to {size} byte", "it is cut short to {size} bytes", size, size=size)
    return Counted(
        "it is cut short to {size} byte of {total}",
        "it is cut short to {size} bytes of {total}",
        size,
        size=size,
        total=of,
    )


def _tables(path: Path, timeout: float, immutable: bool) -> set[str]:
    """The names of the file's tables, read with a read-only connection.

    Without changes pending beside the file, the read is immutable: it creates
    no ``-wal`` or ``-shm`` (a refused file's folder is left as it was) and
    works in a read-only folder.
    """
    uri = f"file:{quote(str(path))}?mode=ro" + ("&immutable=1" if immutable else "")
    try:
        with closing(connect(uri, timeout)) as conn:
            return {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    except sqlite3.Error as error:
        raise StoreError(N_("{path}: {reason}"), path=path, reason=trouble(path, str(error))) from None


def connect_frozen(path: Path, timeout: float) -> Connection:
    """A read-only, immutable connection: what SQLite allows in a folder where it may not create ``-shm``."""
    return connect(f"file:{quote(str(path))}?mode=ro&immutable=1", timeout)


def check_still(found: Found) -> None:
    """After an immutable read: refuse it if the file changed meanwhile (a writer with rights to the folder)."""
    try:
        changed = _stamp(found.path) != found.stamp or side(found.path, "-wal").exists()
    except OSError:
        changed = True
    if changed:
        raise StoreError(N_("{path} changed while scorepad read it: run the command again"), path=found.path)


def folder_note(path: Path) -> Phrase | None:
    """Why SQLite cannot keep its ``-wal`` and ``-shm`` files beside the store; None when it can."""
    folder = path.parent
    if os.access(folder, os.W_OK | os.X_OK):
        return None
    return Phrase(
        N_(
            "its folder {folder} is read-only, and SQLite must create {name}-wal and {name}-shm beside"
            " the store to write it (or to read changes pending in {name}-wal): make the folder writable,"
            " or move the store to a folder that is"
        ),
        folder=folder,
        name=path.name,
    )


def trouble(path: Path, message: str) -> Phrase | str:
    """SQLite's error in words; where opening or writing failed in a read-only folder, the folder is why."""
    note = folder_note(path) if "unable to open" in message or "readonly" in message else None
    if note is None:
        return reason(message)
    if "unable to open" in message:  # a read too, when changes wait in the -wal: they need the -shm
        return Phrase(N_("SQLite cannot open the store: {note}"), note=note)
    return Phrase(N_("the store cannot be written: {note}"), note=note)


# Making a new store.


@contextmanager
def new_file(path: Path) -> Iterator[Path]:
    """An empty file, its owner's only, under a temporary name beside ``path``: the new store.

    Build the store in it within the block, closing every connection before the
    block ends; the file then takes its place at ``path``. On any error it is
    removed, and so is every folder made for it.
    """
    from .tempfiles import Kind, remove_left, removed_if_stopped, temporary_for  # here: status needs none of it

    made = _make_folders(path)
    remove_left(path.parent, Kind.STORE, path.name)  # what stopped attempts to make this store left
    temporary = temporary_for(path, Kind.STORE)
    try:
        os.close(os.open(temporary, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
    except OSError as error:
        _remove(None, made)
        raise StoreError(N_("cannot create {path}: {reason}"), path=path, reason=os_reason(error)) from None
    with removed_if_stopped(temporary, *_sides(temporary)):
        try:
            yield temporary
            _put_in_place(temporary, path)
        except BaseException:
            _remove(temporary, made)
            raise


def _make_folders(path: Path) -> list[Path]:
    """Make the folders missing on the way to ``path``, owner-only; the ones this call made, outermost first."""
    missing = []
    folder = path.parent
    while not folder.exists() and folder != folder.parent:
        missing.append(folder)
        folder = folder.parent
    made: list[Path] = []
    for folder in reversed(missing):
        try:
            folder.mkdir(mode=0o700)
        except FileExistsError:
            continue  # another scorepad made it a moment ago: not this one's to remove
        except OSError as error:
            _remove(None, made)
            raise StoreError(
                N_("cannot create {path}: {reason}: {folder}"),
                path=path,
                reason=os_reason(error),
                folder=error.filename,
            ) from None
        made.append(folder)
    return made


def _put_in_place(temporary: Path, path: Path) -> None:
    """Give the finished store its name, unless a file of that name appeared meanwhile."""
    appeared = StoreError(
        N_("cannot create {path}: a file of that name appeared meanwhile (another scorepad?): nothing was written"),
        path=path,
    )
    try:
        os.link(temporary, path)  # fails, rather than replace, if the name is taken
    except FileExistsError:
        raise appeared from None
    except OSError:  # a file system without hard links
        if os.path.lexists(path):
            raise appeared from None
        os.replace(temporary, path)
    else:
        os.unlink(temporary)
    try:  # the new name itself survives a power cut
        fd = os.open(path.parent, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # not every file system syncs a folder; the store's own data is synced already
    finally:
        os.close(fd)


def _sides(path: Path) -> tuple[Path, ...]:
    return tuple(side(path, suffix) for suffix in ("-wal", "-shm", "-journal"))


def _remove(temporary: Path | None, made: list[Path]) -> None:
    """Take away a store that was never finished, and the folders made for it (while empty)."""
    if temporary is not None:
        for name in (temporary, *_sides(temporary)):
            with suppress(OSError):  # not there (most of them), or beyond reach: the refusal matters more
                name.unlink()
    for folder in reversed(made):
        try:
            folder.rmdir()
        except OSError:
            break  # someone else put something there meanwhile: it stays, and so do its parents

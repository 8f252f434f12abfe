"""Opening the store: where it is, how SQLite is set up, transactions, migrations.

SQLite runs in WAL mode with ``synchronous=FULL`` (an acknowledged entry
survives a power cut) and a busy timeout; every write command holds one
``BEGIN IMMEDIATE`` transaction, so two people entering at once wait for each
other instead of meeting "database is locked", and a crash leaves nothing
half-written. PostgreSQL writers lock the match row instead (see ``matches.load``).

SQLAlchemy is imported when a store is first opened, not with this module: a
``Store`` that is never opened costs nothing, as when ``status`` finds all it
needs through the quick reader (``quick``).
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from ..core.language import N_, Phrase
from . import connections, sqlite_file
from .errors import NoStoreYet, StoreError, reason
from .location import ambiguous_credentials, describe, file_of, hide_password
from .schema import HEAD, VERSION_COLUMN, VERSION_TABLE

if TYPE_CHECKING:
    import sqlite3

    from sqlalchemy import Connection
    from sqlalchemy.engine import URL, Engine
    from sqlalchemy.exc import DBAPIError
    from sqlalchemy.pool import ConnectionPoolEntry

    from .upgrade_copy import Upgrade

__all__ = ["HEAD", "NoStoreYet", "Store", "StoreError", "revisions"]
BUSY_TIMEOUT_S = 60
MIGRATION_LOCK = 0x5C0E9AD  # any fixed number: the advisory lock taken while migrating PostgreSQL


@functools.cache
def revisions() -> tuple[str, ...]:
    """Every schema revision this code knows, oldest first; the last is ``HEAD``, what it writes.

    The migration scripts are the list (``0003_state_once.py`` is revision 0003): reading the
    folder costs far less than importing Alembic, and is done only for a store not at ``HEAD``.
    """
    versions = Path(__file__).parent / "migrations" / "versions"
    return tuple(sorted(p.name.split("_", 1)[0] for p in versions.glob("[0-9]*.py")))


@functools.cache
def _quiet_sqlalchemy() -> None:
    """SQLAlchemy's log records go nowhere: scorepad says what failed in one line of its own.

    SQLAlchemy logs what it meets while it takes a connection back (a rollback
    that fails when memory runs out, under ``prlimit --as``) with a traceback,
    and with no handler of the program's, logging's last resort writes it on
    stderr, beside scorepad's one line.
    """
    import logging

    logging.getLogger("sqlalchemy").addHandler(logging.NullHandler())


def _setup_sqlite(engine: Engine) -> None:
    from sqlalchemy import event

    @event.listens_for(engine, "connect")
    def on_connect(dbapi_connection: sqlite3.Connection, _record: ConnectionPoolEntry) -> None:
        # Let SQLAlchemy's "begin" event decide how transactions start.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_S * 1000}")
        cursor.execute("PRAGMA journal_mode = WAL")
        cursor.execute("PRAGMA synchronous = FULL")
        cursor.execute("PRAGMA foreign_keys = ON")
        cursor.close()

    @event.listens_for(engine, "begin")
    def on_begin(connection: Connection) -> None:
        # A writer takes the write lock at once, so it never has to upgrade a
        # read lock half-way (the cause of "database is locked" under WAL).
        write = connection.get_execution_options().get("scorepad_write", False)
        connection.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")


class Store:
    """One store, opened for the length of a command.

    Nothing is created or read until the first transaction: a command refused
    before it touches the store leaves no new file behind.
    """

    def __init__(self, location: Path | str, on_upgrade: Callable[[Upgrade], None] | None = None) -> None:
        self.location = location  #: a SQLite file's path, or an SQLAlchemy URL (``location.store_location``)
        self.on_upgrade = on_upgrade  #: told once, before a migration changes the store, where its copy is
        self.is_sqlite = isinstance(location, Path) or location.startswith("sqlite")
        self.wrote = False  #: whether a write transaction has committed: the command's change is in the store
        self.engine: Engine | None = None
        self.found: sqlite_file.Found | None = None  #: an existing SQLite store file, once examined
        self.keep = False  #: whether transactions share one connection (``keep_open``)
        self._kept: Connection | None = None

    @functools.cached_property
    def where(self) -> str:
        """The store in messages: the file opened, or the server's URL without its password."""
        return describe(self.location)

    def owns_file(self, path: str | os.PathLike[str]) -> bool:
        """Whether ``path`` is one of this store's files: its SQLite file, or the ``-wal``, ``-shm`` or
        ``-journal`` beside it, made yet or not. A store on a server has none.

        So that a file written at a path someone names never replaces one of them,
        nor takes a name SQLite would read as one. Nothing is opened to tell.
        """
        file, _ = file_of(self.location)  # None on a server, or in memory
        return file is not None and connections.is_file_of(file, path)

    def _url(self) -> URL:
        """The store's SQLAlchemy URL: a path is its database as it is, never text read as a URL."""
        from sqlalchemy.engine import URL, make_url

        if isinstance(self.location, Path):
            return URL.create("sqlite", database=str(self.location))
        return make_url(self.location)

    def _open(self) -> Engine:
        """The engine of the existing store, its file examined first and its schema brought up to date."""
        if self.engine is not None:
            return self.engine
        _quiet_sqlalchemy()
        if self.is_sqlite:
            sqlite_file.check_version()
            path, by_uri = file_of(self.location)
            # lexists: a link that loops is a store that cannot be opened (examine says why), not no store
            if path is not None and not by_uri and not os.path.lexists(path):
                raise NoStoreYet()
            if path is not None and os.path.lexists(path):
                self.found = sqlite_file.examine(path, BUSY_TIMEOUT_S, may_freeze=not by_uri)
            engine = self._sqlite_engine(self._url())
        else:
            engine = self._server_engine()
        self.engine = engine
        try:
            self._ensure_schema()
        except BaseException:
            self.close()
            raise
        return engine

    def _sqlite_engine(self, url: URL) -> Engine:
        from sqlalchemy import create_engine

        found = self.found
        if found is not None and found.frozen:
            engine = create_engine(url, creator=lambda: sqlite_file.connect_frozen(found.path, BUSY_TIMEOUT_S))
        else:
            # Counted connections: no file of the store is opened by hand while one is open (sqlite_file).
            engine = create_engine(url, connect_args={"timeout": BUSY_TIMEOUT_S, "factory": sqlite_file.Connection})
        _setup_sqlite(engine)
        return engine

    def _server_engine(self) -> Engine:
        assert isinstance(self.location, str)
        if ambiguous_credentials(self.location):
            raise StoreError(
                N_("{store}: the URL has more than one '@': write an '@' in the user name or password as %40"),
                store=self.where,
            )
        from sqlalchemy import create_engine

        try:
            return create_engine(self.location)
        except (ImportError, ModuleNotFoundError) as error:
            raise StoreError(
                N_("cannot open {store}: {reason} (for PostgreSQL: pip install 'scorepad[postgres]')"),
                store=self.where,
                reason=error,
            ) from None
        except Exception as error:  # noqa: BLE001 - a malformed URL fails anywhere in a dialect's own code
            # The dialect's own words (English), with the password hidden wherever it shows.
            raise StoreError(
                N_("cannot open {store}: {reason}"),
                store=hide_password(self.where, self.location),
                reason=hide_password(str(error), self.location),
            ) from None

    def open(self, create: bool = False) -> Store:
        """Open the store now (making a new SQLite one if ``create``), bringing its schema up to date."""
        if create and self._new_file() is not None:
            with self.write(create=True):
                pass  # the schema alone
        self._open()
        return self

    def _new_file(self) -> Path | None:
        """Where a new SQLite store would be made: its file, when there is none yet."""
        if not self.is_sqlite or self.engine is not None:
            return None
        path, by_uri = file_of(self.location)
        return path if path is not None and not by_uri and not os.path.lexists(path) else None

    @contextmanager
    def write(self, create: bool = False) -> Iterator[Connection]:
        """One write transaction: committed at the end, rolled back on any error.

        ``create`` makes a new SQLite store where there is no file yet (``scorepad new``).
        """
        path = self._new_file() if create else None
        if path is not None:
            with self._write_new(path) as conn:
                yield conn
            self.wrote = True
            return
        engine = self._open()
        self._check_writable()
        with self._guard(), self._connection(engine, write=True) as conn:
            with conn.begin():
                yield conn
            self.wrote = True

    @contextmanager
    def _write_new(self, path: Path) -> Iterator[Connection]:
        """The first transaction of a new SQLite store, built aside and put at ``path`` once committed."""
        sqlite_file.check_version()
        with sqlite_file.new_file(path) as temporary:
            self.engine = self._sqlite_engine(self._url().set(database=str(temporary)))
            try:
                self._ensure_schema()
                with self._guard(), self.engine.connect() as conn:
                    conn = conn.execution_options(scorepad_write=True)
                    with conn.begin():
                        yield conn
            finally:
                self.close()  # every connection closed: SQLite folds its -wal into the file
                self.engine = None  # the next transaction opens the store at its own name

    @contextmanager
    def read(self) -> Iterator[Connection]:
        engine = self._open()
        with self._guard(), self._connection(engine, write=False) as conn, conn.begin():
            yield conn
        if self.found is not None and self.found.frozen:
            sqlite_file.check_still(self.found)

    def keep_open(self) -> None:
        """From now on, run every transaction on one connection, kept open until ``close``.

        For the table mode, which writes one short transaction per deal: taking a
        connection from the pool and handing it back costs more than the deal's SQL.
        """
        self.keep = True

    @contextmanager
    def _connection(self, engine: Engine, write: bool) -> Iterator[Connection]:
        if self.keep and self._kept is None:
            self._kept = engine.connect()
        if self._kept is None or self._kept.in_transaction():  # not kept, or a transaction inside another
            with engine.connect() as conn:
                yield conn.execution_options(scorepad_write=True) if write else conn
            return
        kept = self._kept
        if kept.get_execution_options().get("scorepad_write", False) != write:
            kept.execution_options(scorepad_write=write)
        try:
            yield kept
        except BaseException:
            # Back to the pool, as every connection went before: it rolls back whatever a
            # failed commit left behind. The next transaction takes a fresh one.
            self._kept = None
            kept.close()
            raise

    def _check_writable(self) -> None:
        """Refuse a write SQLite cannot make, before it starts: a store read as immutable."""
        if self.found is not None and self.found.frozen:
            note = sqlite_file.folder_note(self.found.path) or Phrase(N_("its folder is read-only"))
            raise StoreError(N_("{store}: the store cannot be written: {note}"), store=self.where, note=note)

    @contextmanager
    def _guard(self) -> Iterator[None]:
        """Turn the database's own errors into one clear sentence."""
        from sqlalchemy.exc import DBAPIError

        try:
            yield
        except DBAPIError as error:
            raise StoreError(N_("{store}: {reason}"), store=self.where, reason=self._reason(error)) from None

    def _reason(self, error: DBAPIError) -> Phrase | str:
        message = str(error.orig) if error.orig else str(error)
        if self.is_sqlite and self.found is not None:
            return sqlite_file.trouble(self.found.path, message)
        said = reason(message)
        return (
            hide_password(said, str(self.location)) if isinstance(said, str) else said
        )  # scorepad's own words hold none

    def _ensure_schema(self) -> None:
        """Check the recorded schema version cheaply; import Alembic only for an upgrade."""
        from sqlalchemy import text

        with self._guard():
            version = self._version()
            if version == HEAD:
                return
            if version is not None and version not in revisions():
                raise StoreError(
                    N_("{store} was written by a newer scorepad (schema {version}): upgrade scorepad"),
                    store=self.where,
                    version=version,
                )
            self._check_writable()
            with self._opened.connect() as conn, conn.execution_options(scorepad_write=True).begin():
                if not self.is_sqlite:
                    # Two first commands on a new PostgreSQL store must not both migrate it.
                    conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
                current = self._version(conn)
                if current != HEAD:
                    from .migrate import upgrade

                    self._keep_copy(current)
                    upgrade(conn)

    def _keep_copy(self, version: str | None) -> None:
        """Before a migration changes a store written at ``version``: copy its file beside it (a server's,
        ``pg_dump`` copies), and say so. A store being made has nothing to keep."""
        from .upgrade_copy import Upgrade, copy_beside

        if version is None:
            return
        known = revisions()
        before = known[known.index(version) + 1]
        copy = None
        if self.is_sqlite:
            path, _ = file_of(self.location)
            if path is None:  # in memory: nothing outlives the command anyway
                return
            copy = copy_beside(path, before, BUSY_TIMEOUT_S, self.where)
        if self.on_upgrade is not None:
            self.on_upgrade(Upgrade(self.where, version, HEAD, copy))

    @property
    def _opened(self) -> Engine:
        assert self.engine is not None, "open the store first"
        return self.engine

    def _version(self, conn: Connection | None = None) -> str | None:
        from sqlalchemy import text
        from sqlalchemy.exc import OperationalError, ProgrammingError

        if conn is None:
            with self._opened.connect() as fresh, fresh.begin():
                return self._version(fresh)
        try:
            with conn.begin_nested():
                found = conn.execute(text(f"SELECT {VERSION_COLUMN} FROM {VERSION_TABLE}")).scalars().all()
        except (OperationalError, ProgrammingError) as error:
            if VERSION_TABLE in str(error.orig) or "no such table" in str(error.orig):
                return None
            raise
        if len(found) != 1 or not found[0]:  # Alembic writes its one row with the first tables
            raise StoreError(
                N_("{store}: its schema version (table {table}) is blank or unclear: scorepad leaves the store alone"),
                store=self.where,
                table=VERSION_TABLE,
            )
        return str(found[0])

    def close(self) -> None:
        if self._kept is not None:
            self._kept.close()
            self._kept = None
        if self.engine is not None:
            self.engine.dispose()

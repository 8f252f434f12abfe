"""Opening the store: where it is, how SQLite is set up, transactions, migrations.

SQLite runs in WAL mode with ``synchronous=FULL`` (an acknowledged entry
survives a power cut) and a busy timeout; every write command holds one
``BEGIN IMMEDIATE`` transaction, so two people entering at once wait for each
other instead of meeting "database is locked", and a crash leaves nothing
half-written. PostgreSQL writers lock the match row instead (see ``matches.load``).
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import Connection, create_engine, event, text
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.exc import DBAPIError, OperationalError, ProgrammingError

from ..core.errors import ScorepadError, UnknownNameError
from .location import describe

#: Every schema revision this code knows, oldest first; the last is what it writes. The
#: migration scripts are the list (``0003_state_once.py`` is revision 0003): reading the
#: folder costs far less than importing Alembic, which only an upgrade needs.
REVISIONS = tuple(
    sorted(p.name.split("_", 1)[0] for p in (Path(__file__).parent / "migrations" / "versions").glob("[0-9]*.py"))
)
HEAD = REVISIONS[-1]
BUSY_TIMEOUT_S = 60
MIN_SQLITE = (3, 35)
MIGRATION_LOCK = 0x5C0E9AD  # any fixed number: the advisory lock taken while migrating PostgreSQL


class StoreError(ScorepadError):
    """The store cannot be opened, read or written as it is."""


class NoStoreYet(StoreError, UnknownNameError):
    """Nothing has been written yet: the SQLite file does not exist."""


def _missing_sqlite_file(url: str) -> bool:
    database = make_url(url).database
    if not database or database == ":memory:" or database.startswith("file:"):
        return False
    return not Path(database).exists()


def _prepare_sqlite_file(url: str) -> None:
    """Create a new SQLite file, and its folder, readable and writable by its owner only."""
    database = make_url(url).database
    if not database or database == ":memory:" or database.startswith("file:"):
        return
    path = Path(database)
    if path.exists():
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        fd = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
    except OSError as error:
        if path.is_file():
            return  # another scorepad created it a moment ago
        # A folder on the way is a file, or may not be written: a refusal, not a traceback.
        raise StoreError(f"cannot create {path}: {error.strerror}: {error.filename}") from None
    os.close(fd)


def _setup_sqlite(engine: Engine) -> None:
    @event.listens_for(engine, "connect")
    def on_connect(dbapi_connection, _record) -> None:
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

    def __init__(self, url: str) -> None:
        self.url = url
        self.where = describe(url)
        self.is_sqlite = url.startswith("sqlite")
        self.engine: Engine | None = None

    def _open(self, create: bool) -> Engine:
        if self.engine is not None:
            return self.engine
        if self.is_sqlite:
            if sqlite3.sqlite_version_info < MIN_SQLITE:  # RETURNING and DROP COLUMN
                wanted = ".".join(map(str, MIN_SQLITE))
                raise StoreError(f"scorepad needs SQLite {wanted} or newer; this Python has {sqlite3.sqlite_version}")
            if not create and _missing_sqlite_file(self.url):
                raise NoStoreYet("there is no match yet: start one with 'scorepad new --players A,B,C'")
            _prepare_sqlite_file(self.url)
            engine = create_engine(self.url, connect_args={"timeout": BUSY_TIMEOUT_S})
            _setup_sqlite(engine)
        else:
            try:
                engine = create_engine(self.url)
            except (ImportError, ModuleNotFoundError) as error:
                raise StoreError(
                    f"cannot open {self.where}: {error} (for PostgreSQL: pip install 'scorepad[postgres]')"
                ) from None
            except Exception as error:  # noqa: BLE001 - a malformed URL fails anywhere in a dialect's own code
                raise StoreError(f"cannot open {self.where}: {error}") from None
        self.engine = engine
        try:
            self._ensure_schema()
        except BaseException:
            self.close()
            raise
        return engine

    def open(self, create: bool = False) -> Store:
        """Open the store now (making a new SQLite one if ``create``), bringing its schema up to date."""
        self._open(create)
        return self

    @contextmanager
    def write(self, create: bool = False) -> Iterator[Connection]:
        """One write transaction: committed at the end, rolled back on any error.

        ``create`` makes a new SQLite store where there is none (``scorepad new``).
        """
        engine = self._open(create)
        with self._guard(), engine.connect() as conn:
            conn = conn.execution_options(scorepad_write=True)
            with conn.begin():
                yield conn

    @contextmanager
    def read(self) -> Iterator[Connection]:
        engine = self._open(create=False)
        with self._guard(), engine.connect() as conn, conn.begin():
            yield conn

    @contextmanager
    def _guard(self) -> Iterator[None]:
        """Turn the database's own errors into one clear sentence."""
        try:
            yield
        except DBAPIError as error:
            raise StoreError(f"{self.where}: {_reason(error)}") from None

    def _ensure_schema(self) -> None:
        """Check the recorded schema version cheaply; import Alembic only for an upgrade."""
        with self._guard():
            version = self._version()
            if version == HEAD:
                return
            if version is not None and version not in REVISIONS:
                raise StoreError(f"{self.where} was written by a newer scorepad (schema {version}): upgrade scorepad")
            if version is None and self.is_sqlite and self._has_tables():
                raise StoreError(f"{self.where} is a database of another program: scorepad leaves it alone")
            with self._opened.connect() as conn, conn.execution_options(scorepad_write=True).begin():
                if not self.is_sqlite:
                    # Two first commands on a new PostgreSQL store must not both migrate it.
                    conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
                if self._version(conn) != HEAD:
                    from .migrate import upgrade

                    upgrade(conn)

    @property
    def _opened(self) -> Engine:
        assert self.engine is not None, "open the store first"
        return self.engine

    def _has_tables(self) -> bool:
        with self._opened.connect() as conn, conn.begin():
            return bool(conn.exec_driver_sql("SELECT count(*) FROM sqlite_master WHERE type = 'table'").scalar())

    def _version(self, conn: Connection | None = None) -> str | None:
        if conn is None:
            with self._opened.connect() as fresh, fresh.begin():
                return self._version(fresh)
        try:
            with conn.begin_nested():
                return conn.execute(text("SELECT version_num FROM alembic_version")).scalar()
        except (OperationalError, ProgrammingError) as error:
            if "alembic_version" in str(error.orig) or "no such table" in str(error.orig):
                return None
            raise

    def close(self) -> None:
        if self.engine is not None:
            self.engine.dispose()


def _reason(error: DBAPIError) -> str:
    message = str(error.orig).strip().splitlines()[0] if error.orig else str(error)
    if "file is not a database" in message:
        return "this file is not a scorepad database"
    if "readonly" in message or "read-only" in message:
        return "the store cannot be written (read-only)"
    if "disk is full" in message or "database or disk is full" in message:
        return "the disk is full: nothing was written"
    if "unable to open" in message:
        return "cannot open the database file"
    return message

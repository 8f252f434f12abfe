"""A read-only look at a SQLite store with the standard ``sqlite3`` module alone.

``status``, ``matches`` and shell completion read only what the match rows
keep (the fold's snapshot, the seats), yet importing SQLAlchemy and SQLModel
costs them several times the rest of the command. So where the store is a
plain SQLite file at the schema this code writes, they read it here, through
``mode=ro`` and, with no change pending beside the file, as immutable (which
leaves no ``-wal`` or ``-shm`` behind).

Anything unusual answers None, and the caller goes the full way (``db``),
which upgrades the schema, or says what is wrong in its own words: a server
URL or a ``file:`` URI, a file ``sqlite_file.examine`` refuses, a folder SQLite
may not write, an older or newer schema, a match with no snapshot, a file
changed while it was read, any error at all.

The figures this reader holds are tests.bench's "status --json, 10,000 deals
vs import typer" and "matches --json, 500 matches vs import typer".
"""

from __future__ import annotations

import sqlite3
from collections import namedtuple
from collections.abc import Callable
from contextlib import closing
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar
from urllib.parse import quote

from . import sqlite_file
from .errors import StoreError
from .schema import HEAD, MATCH, NIGHT, NIGHT_PLAYER, NIGHT_TABLE, SEAT, VERSION_COLUMN, VERSION_TABLE
from .schema import MatchColumn as M
from .schema import NightColumn as N
from .schema import NightPlayerColumn as NP
from .schema import NightTableColumn as NT
from .schema import SeatColumn as S

if TYPE_CHECKING:
    from .night_rows import StoredNight
    from .rows import MatchSummary, StoredMatch

T = TypeVar("T")

#: Seconds to wait for a lock; a store that busy is left to the full path, which waits longer.
TIMEOUT_S = 1

_VERSION = f"SELECT {VERSION_COLUMN} FROM {VERSION_TABLE}"
# What ``rows.match_of`` reads of a match row, and what ``rows.summary_of`` does.
_MATCH_COLUMNS = f"""{M.ID}, {M.UID}, {M.NAME}, {M.RULES}, {M.FORMAT_KIND}, {M.FORMAT_VALUE}, {M.FIRST_DEALER},
    {M.CREATED_AT}, {M.ABANDONED_AT}, {M.WINNER}, {M.DEALS_PLAYED}, {M.STATE}"""
_SUMMARY_COLUMNS = (
    f"{M.ID}, {M.NAME}, {M.RULES}, {M.CREATED_AT}, {M.ABANDONED_AT}, {M.WINNER}, {M.DEALS_PLAYED}, {M.STATE}"
)
_MATCH = f"SELECT {_MATCH_COLUMNS} FROM {MATCH} WHERE {M.ID} = ?"
_LATEST = f"SELECT {_MATCH_COLUMNS} FROM {MATCH} ORDER BY {M.TOUCHED} DESC, {M.ID} DESC LIMIT 1"
_NEWEST_FIRST = f"SELECT {_SUMMARY_COLUMNS} FROM {MATCH} ORDER BY {M.CREATED_AT} DESC, {M.ID} DESC"
_SEATS = f"SELECT {S.NAME} FROM {SEAT} WHERE {S.MATCH_ID} = ? ORDER BY {S.POSITION}"
_ALL_SEATS = f"SELECT {S.MATCH_ID}, {S.NAME} FROM {SEAT} ORDER BY {S.MATCH_ID}, {S.POSITION}"
_LINES = f"""
    SELECT m.{M.ID}, m.{M.NAME}, m.{M.WINNER}, m.{M.ABANDONED_AT},
           (SELECT group_concat({S.NAME}, ',') FROM
              (SELECT {S.NAME} FROM {SEAT} WHERE {S.MATCH_ID} = m.{M.ID} ORDER BY {S.POSITION}))
    FROM {MATCH} AS m ORDER BY m.{M.TOUCHED} DESC, m.{M.ID} DESC
"""

# A night: what ``night_rows.night_of`` reads of its rows, and its tables' matches (by the night's id).
_NIGHT_COLUMNS = f"""{N.ID}, {N.UID}, {N.NAME}, {N.RULES}, {N.TABLE_SIZE}, {N.ROUNDS}, {N.DEALS_PER_PLAYER},
    {N.MOVEMENT}, {N.SEATING}, {N.SEED}, {N.CREATED_AT}, {N.TOUCHED}, {N.PLANNED},
    {N.MIN_ROUNDS}, {N.CUTS}"""
_NIGHT = f"SELECT {_NIGHT_COLUMNS} FROM {NIGHT} WHERE {N.ID} = ?"
_LATEST_NIGHT = f"SELECT {_NIGHT_COLUMNS} FROM {NIGHT} ORDER BY {N.TOUCHED} DESC, {N.ID} DESC LIMIT 1"
_NIGHT_PLAYERS = f"""SELECT {NP.NAME}, {NP.JOINED_ROUND}, {NP.LEFT_ROUND} FROM {NIGHT_PLAYER}
    WHERE {NP.NIGHT_ID} = ? ORDER BY {NP.POSITION}"""
_NIGHT_TABLES = f"""SELECT {NT.ROUND}, {NT.NUMBER}, {NT.MATCH_ID}, {NT.PLAYERS}, {NT.FIRST_DEALER} FROM {NIGHT_TABLE}
    WHERE {NT.NIGHT_ID} = ? ORDER BY {NT.ROUND}, {NT.NUMBER}"""
_OF_NIGHT = f"(SELECT {NT.MATCH_ID} FROM {NIGHT_TABLE} WHERE {NT.NIGHT_ID} = ?)"
_NIGHT_MATCHES = f"SELECT {_MATCH_COLUMNS} FROM {MATCH} WHERE {M.ID} IN {_OF_NIGHT}"
_NIGHT_SEATS = f"""SELECT {S.MATCH_ID}, {S.NAME} FROM {SEAT} WHERE {S.MATCH_ID} IN {_OF_NIGHT}
    ORDER BY {S.MATCH_ID}, {S.POSITION}"""
_NIGHT_LINES = f"""
    SELECT n.{N.ID}, n.{N.NAME}, n.{N.ROUNDS},
           (SELECT count(*) FROM {NIGHT_PLAYER} WHERE {NP.NIGHT_ID} = n.{N.ID}),
           (SELECT max({NT.ROUND}) FROM {NIGHT_TABLE} WHERE {NT.NIGHT_ID} = n.{N.ID})
    FROM {NIGHT} AS n ORDER BY n.{N.TOUCHED} DESC, n.{N.ID} DESC
"""

#: Every statement of this module, for the test that runs them against the models' tables.
STATEMENTS = (
    *(_VERSION, _MATCH, _LATEST, _NEWEST_FIRST, _SEATS, _ALL_SEATS, _LINES),
    *(_NIGHT, _LATEST_NIGHT, _NIGHT_PLAYERS, _NIGHT_TABLES, _NIGHT_MATCHES, _NIGHT_SEATS, _NIGHT_LINES),
)


def sqlite_path(location: Path | str) -> Path | None:
    """The file of a SQLite store given as a path or as a plain ``sqlite:///`` URL, or None for any other store.

    In a URL, a ``?`` or ``%`` would make SQLAlchemy read it otherwise (query
    options, escapes), and a ``file:`` URI carries its own: none of them is plain.
    """
    if isinstance(location, Path):
        return location
    if not location.startswith("sqlite:///"):
        return None
    database = location[len("sqlite:///") :]
    if not database or "?" in database or "%" in database or database.startswith("file:"):
        return None
    return Path(database)


def _read(location: Path | str, read: Callable[[sqlite3.Connection], T | None], any_revision: bool = False) -> T | None:
    """What ``read`` finds in the SQLite store at ``location``; None where the full store must answer instead.

    ``any_revision``: any schema will do (``read`` uses only columns every revision has).
    """
    path = sqlite_path(location)
    if path is None or not path.is_file() or sqlite_file.side(path, "-journal").exists():
        return None  # no store yet, a server, or a hot journal: a write cut short, which only a writer rolls back
    try:
        sqlite_file.check_version()
        if sqlite_file.folder_note(path) is not None:
            return None  # SQLite may not keep its files beside the store: the full path knows what it can do
        found = sqlite_file.examine(path, TIMEOUT_S)
    except StoreError:
        return None
    immutable = not found.pending
    uri = f"file:{quote(str(path))}?mode=ro" + ("&immutable=1" if immutable else "")
    try:
        with closing(sqlite_file.connect(uri, TIMEOUT_S)) as conn:
            if not any_revision and conn.execute(_VERSION).fetchall() != [(HEAD,)]:
                return None
            result = read(conn)
        if immutable:
            sqlite_file.check_still(found)  # an immutable read saw no writer: make sure there was none
    except Exception:  # noqa: BLE001 - any surprise at all: the full path reads the store, and says what is wrong
        return None
    return result


def _named(conn: sqlite3.Connection, statement: str, *values: object) -> list[Any]:
    """The rows a statement selects, each with its columns as attributes, as ``rows`` reads them."""
    cursor = conn.execute(statement, values)
    return list(map(_row_type([column[0] for column in cursor.description])._make, cursor))


def _row_type(columns: list[str]) -> type[Any]:
    return namedtuple("Row", columns)


def stored_match(location: Path | str, match_id: int | None) -> StoredMatch | None:
    """The match asked for (else the latest used) with its stored snapshot; None: ask the full store."""

    def read(conn: sqlite3.Connection) -> StoredMatch | None:
        from .rows import match_of

        found = _named(conn, _LATEST) if match_id is None else _named(conn, _MATCH, match_id)
        if not found:
            return None  # the full path words the refusal
        row = found[0]
        names = tuple(name for (name,) in conn.execute(_SEATS, (row.id,)))
        match = match_of(row, names, snapshot=True)
        return match if match.snapshot is not None else None  # no snapshot yet: the entries must be folded

    return _read(location, read)


def match_summaries(location: Path | str) -> list[MatchSummary] | None:
    """Every match, newest first, as ``matches.list_matches`` lists them; None: ask the full store."""

    def read(conn: sqlite3.Connection) -> list[MatchSummary] | None:
        from .rows import names_by_match, summary_of

        players = names_by_match(conn.execute(_ALL_SEATS))
        found = []
        for row in _named(conn, _NEWEST_FIRST):
            summary = summary_of(row, players)
            if summary is None:
                return None  # a row whose fold must be worked out again from its entries
            found.append(summary)
        return found

    return _read(location, read)


class MatchLine(NamedTuple):
    """A match as completion shows it."""

    id: int
    name: str | None
    players: list[str]
    state: str  #: playing, finished or abandoned


def match_lines(location: Path | str) -> list[MatchLine]:
    """Every match of the store, latest used first, for shell completion; nothing when it cannot be read so.

    The shell runs scorepad on every TAB press: this reads columns every schema
    revision has, and never falls back to the full store.
    """

    def read(conn: sqlite3.Connection) -> list[MatchLine]:
        return [
            MatchLine(
                match_id,
                name,
                players.split(",") if players else [],
                "abandoned" if abandoned_at else "finished" if winner is not None else "playing",
            )
            for match_id, name, winner, abandoned_at, players in conn.execute(_LINES)
        ]

    return _read(location, read, any_revision=True) or []


def stored_night(location: Path | str, night_id: int | None) -> StoredNight | None:
    """The night asked for (else the latest used), its tables' matches from their snapshots; None: ask the full store.

    Every table's match of a big night is read here in one query: the full
    store would cost a night's status more than the rest of it.
    """

    def read(conn: sqlite3.Connection) -> StoredNight | None:
        from .night_rows import night_of
        from .rows import match_of, names_by_match

        found = _named(conn, _LATEST_NIGHT) if night_id is None else _named(conn, _NIGHT, night_id)
        if not found:
            return None  # the full path words the refusal
        row = found[0]
        names = names_by_match(conn.execute(_NIGHT_SEATS, (row.id,)))
        states = {}
        for match_row in _named(conn, _NIGHT_MATCHES, row.id):
            match = match_of(match_row, tuple(names.get(match_row.id, ())), snapshot=True)
            if match.snapshot is None:
                return None  # a match whose entries must be folded
            states[match.id] = match.state()
        return night_of(row, _named(conn, _NIGHT_PLAYERS, row.id), _named(conn, _NIGHT_TABLES, row.id), states)

    return _read(location, read)


class NightLine(NamedTuple):
    """A night as completion shows it."""

    id: int
    name: str | None
    players: int
    round: int  #: the round in play, or the last
    rounds: int


def night_lines(location: Path | str) -> list[NightLine]:
    """Every night of the store, latest used first, for shell completion; nothing when it cannot be read so."""

    def read(conn: sqlite3.Connection) -> list[NightLine]:
        return [
            NightLine(night_id, name, players, seated or 0, rounds)
            for night_id, name, rounds, players, seated in conn.execute(_NIGHT_LINES)
        ]

    return _read(location, read, any_revision=True) or []

"""Reading and writing one match: rows in, core values out, and back.

Plain SQL expressions over the SQLModel tables, one query per table, and no
ORM object per entry: a club's match can hold thousands of them (the list of
matches comes as typed rows). Columns are encoded and decoded by ``encoding``
alone, and a match row becomes a value in ``rows``, as the quick reader's do.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from datetime import UTC, datetime
from typing import Any, TypeVar

from sqlalchemy import Connection, Table, bindparam, exists, func, insert, select, update
from sqlmodel import Session, col
from sqlmodel import select as select_rows
from sqlmodel.sql.expression import SelectOfScalar

from ..core.errors import UnknownNameError
from ..core.language import N_
from ..core.match import Entry, MatchState, NextDeal, Settings, Step
from .encoding import Cuts, columns_hold, decode_entry, encode_cuts, encode_rules, entry_columns, state_columns
from .entry_source import phone_table
from .errors import NoMatchYet
from .models import EntryRow, MatchRow, NightTableRow, SeatRow
from .rows import UNDECODABLE, MatchSummary, StoredEntry, StoredMatch, damaged_if, match_of, names_by_match, summary_of
from .schema import REPLACED, STANDING, UNDONE

T = TypeVar("T")

# The tables as SQL expressions: the hot paths build statements, not ORM objects.
M: Table = MatchRow.__table__  # type: ignore[attr-defined]
S: Table = SeatRow.__table__  # type: ignore[attr-defined]
E: Table = EntryRow.__table__  # type: ignore[attr-defined]
NT: Table = NightTableRow.__table__  # type: ignore[attr-defined]


def now() -> str:
    """The time of a write: ISO-8601 in UTC with its offset, to the second."""
    return datetime.now(UTC).replace(microsecond=0).isoformat()


def night_of_match(conn: Connection, match_id: int) -> int | None:
    """The night one of whose tables plays this match, if any (nights.nights_of_matches asks it of many, for a
    backup; this one is asked on a write, whose path loads no module of the nights)."""
    found: int | None = conn.execute(select(NT.c.night_id).where(NT.c.match_id == match_id)).scalar()
    return found


def ended_round_of(conn: Connection, match_id: int) -> tuple[int, int] | None:
    """The night and round this match is a table of, when that night has seated a later round since: the round
    has ended, counted in the standings and the movement. None for any other match."""
    later = NT.alias("later")
    seated_since = exists().where(later.c.night_id == NT.c.night_id, later.c.round > NT.c.round)
    found = conn.execute(select(NT.c.night_id, NT.c.round).where(NT.c.match_id == match_id, seated_since)).first()
    return None if found is None else (found.night_id, found.round)


def given_or_latest(conn: Connection, table: Table, given: int | None) -> int | None:
    """The id ``given`` if ``table`` holds it; without one, that of the row most recently created or written to.

    None when there is no such row: the caller knows which refusal that is.
    """
    if given is not None:
        return conn.execute(select(table.c.id).where(table.c.id == given)).scalar()
    return conn.execute(select(table.c.id).order_by(table.c.touched.desc(), table.c.id.desc()).limit(1)).scalar()


def touches_below(conn: Connection, table: Table, count: int) -> range:
    """``count`` values of ``table``'s write counter below every row's, lowest first; from 1 in an empty table.

    Rows restored from a backup take them: what a command last wrote to stays
    the default, and among themselves they keep the backup's order of use.
    """
    lowest = conn.execute(select(func.min(table.c.touched))).scalar()
    start = 1 if lowest is None else lowest - count
    return range(start, start + count)


def resolve_match_id(conn: Connection, match_id: int | None) -> int:
    """The match asked for, or the one most recently created or written to."""
    if (found := given_or_latest(conn, M, match_id)) is None:
        raise NoMatchYet() if match_id is None else UnknownNameError(N_("there is no match {match}"), match=match_id)
    return found


def typed_rows(conn: Connection, query: SelectOfScalar[T]) -> Iterator[T]:
    """The SQLModel rows a query selects, read on the command's own connection and transaction.

    For reads that are not on a measured hot path: the rows come typed, at the
    cost of one ORM object each. The hot paths select columns instead.
    """
    with Session(bind=conn) as session:
        yield from session.exec(query)


def load(conn: Connection, match_id: int, lock: bool = False, entries: bool = True) -> StoredMatch:
    """A match with the entries that stand. ``lock`` serialises writers of one match.

    With ``entries=False`` only the match row and seats are read, and the state
    comes from the stored snapshot (or from the entries, for a match that has none yet).
    """
    query = select(M).where(M.c.id == match_id)
    if lock:
        query = query.with_for_update()  # PostgreSQL row lock; SQLite already holds the write lock
    row = conn.execute(query).one()
    names = tuple(conn.execute(select(S.c.name).where(S.c.match_id == match_id).order_by(S.c.position)).scalars())
    match = match_of(row, names, snapshot=not entries)
    if match.snapshot is None:
        with damaged_if(UNDECODABLE, match_id, names):
            match.entries = _stored_entries(conn.execute(_STANDING, {"b_match": match_id}))
    return match


#: The columns of a stored entry, in the order ``_stored_entries`` reads them.
_STORED = select(E.c.id, E.c.position, E.c.number, E.c.dealer, E.c.recorded_at, E.c.replaces, E.c.source).add_columns(
    E.c.kind, E.c.scores, E.c.cards, E.c.renege, E.c.slam, E.c.seat, E.c.player
)


_STANDING = _STORED.where(E.c.match_id == bindparam("b_match"), E.c.state == STANDING).order_by(E.c.position)


def _stored_entries(rows: Iterable[Sequence[Any]]) -> list[StoredEntry]:
    """Rows of ``_STORED``'s columns as the entries they hold."""
    return [
        StoredEntry(
            row_id,
            position,
            number,
            dealer,
            recorded_at,
            decode_entry(*columns),
            replaces is not None,
            phone_table(source),
        )
        for row_id, position, number, dealer, recorded_at, replaces, source, *columns in rows
    ]


def create(conn: Connection, settings: Settings, name: str | None, uid: str, cuts: Cuts | None) -> int:
    """A new match, with no entry yet."""
    start = MatchState.start(settings)
    return insert_match(
        conn, settings, start, uid=uid, name=name, cuts=cuts, created_at=now(), touched=next_touch(conn)
    )


_LAST_TOUCH = select(func.max(M.c.touched))


def next_touch(conn: Connection) -> int:
    """The write counter's next value: the match written last is the default one."""
    return (conn.execute(_LAST_TOUCH).scalar() or 0) + 1


def restored_touches(conn: Connection, count: int) -> range:
    """Where ``count`` matches restored from a backup go in the order of use: behind every match of the store."""
    return touches_below(conn, M, count)


def insert_match(
    conn: Connection,
    settings: Settings,
    state: MatchState,
    *,
    uid: str,
    name: str | None,
    cuts: Cuts | None,
    created_at: str,
    touched: int,
    abandoned_at: str | None = None,
) -> int:
    """A match's row and seats, for a new match or a restored one (which keeps its times).

    ``settings`` are the match's as it was created, its first players in the seats; ``state`` is its fold.
    """
    values = {
        "uid": uid,
        "name": name,
        "rules": encode_rules(settings.rules),
        "format_kind": settings.format.kind.value,
        "format_value": settings.format.value,
        "first_dealer": settings.first_dealer,
        "cuts": encode_cuts(cuts),
        "created_at": created_at,
        "touched": touched,
        "abandoned_at": abandoned_at,
    } | state_columns(state)
    match_id: int = conn.execute(insert(M).values(**values).returning(M.c.id)).scalar_one()
    seats = [{"match_id": match_id, "position": i, "name": n} for i, n in enumerate(settings.players)]
    conn.execute(insert(S), seats)
    return match_id


# Statements on the path of every deal are built once: building one costs more than running it.
# A new entry stands after the last that stands, whatever the caller has loaded.
_NEXT_POSITION = (
    select(func.coalesce(func.max(E.c.position), 0) + 1)
    .where(E.c.match_id == bindparam("b_owner"), E.c.state == STANDING)
    .scalar_subquery()
)
_APPEND = insert(E).values(position=_NEXT_POSITION).returning(E.c.id, E.c.position)
_EVERY_MATCH = M.alias("every_match")
#: The write counter goes one past the highest of the store: the match written last is the default one.
_SUMMARY = (
    update(M)
    .where(M.c.id == bindparam("b_match"))
    .values(touched=select(func.max(_EVERY_MATCH.c.touched) + 1).scalar_subquery())
    .returning(M.c.touched)
)


def append(
    conn: Connection, match: StoredMatch, deal: NextDeal, entry: Entry, source: str | None = None
) -> StoredEntry:
    """Write one more entry of ``match`` and add it to ``match.entries`` too, as it now stands.

    ``source``: who wrote it, when not the command line (``table 2, phone``).
    """
    stamp = now()
    values = {"match_id": match.id, "b_owner": match.id, "number": deal.number, "dealer": deal.dealer}
    values |= {"recorded_at": stamp, "state": STANDING, "source": source} | entry_columns(entry)
    row_id, position = conn.execute(_APPEND, values).one()
    stored = StoredEntry(row_id, position, deal.number, deal.dealer, stamp, entry, phone_table=phone_table(source))
    match.entries.append(stored)
    return stored


def undo_last(conn: Connection, match: StoredMatch, by: str | None = None) -> StoredEntry:
    last = match.entries[-1]
    conn.execute(update(E).where(E.c.id == last.id).values(state=UNDONE, ended_at=now(), ended_by=by))
    match.entries.pop()
    return last


def replace_entry(conn: Connection, match: StoredMatch, index: int, steps: list[Step]) -> None:
    """Mark entry ``index`` replaced by ``steps[index]``'s, at the same place in the match.

    ``steps`` is the whole match replayed after the change: an entry after it
    whose deal number or dealer the change moved (a misdeal of a tie-break deal
    now played by others) is brought up to date, so no stored number goes stale.
    """
    old = match.entries[index]
    stamp = now()
    conn.execute(update(E).where(E.c.id == old.id).values(state=REPLACED, ended_at=stamp))
    step = steps[index]
    values: dict[str, object] = {"match_id": match.id, "position": old.position, "number": step.number}
    values |= {"dealer": step.dealer, "recorded_at": stamp, "state": STANDING, "replaces": old.id}
    conn.execute(insert(E).values(**values, **entry_columns(step.entry)))
    _restamp(conn, match.entries[index + 1 :], steps[index + 1 :])


def _restamp(conn: Connection, entries: list[StoredEntry], steps: list[Step]) -> None:
    """Bring the stored deal number and dealer of these entries in line with a new replay."""
    for stored, later in zip(entries, steps, strict=True):
        if (stored.number, stored.dealer) != (later.number, later.dealer):
            conn.execute(update(E).where(E.c.id == stored.id).values(number=later.number, dealer=later.dealer))


def last_fix(conn: Connection, match: StoredMatch) -> tuple[int, StoredEntry] | None:
    """The fix that was the match's last change, if it was one: where it stands, and the entry it replaced.

    The last change is the entry that stands and was written last; it is a fix
    when it replaced another (an appended entry replaces none).
    """
    query = select(E.c.id, E.c.replaces).where(E.c.match_id == match.id, E.c.state == STANDING)
    last = conn.execute(query.order_by(E.c.id.desc()).limit(1)).first()
    if last is None or last.replaces is None:
        return None
    index = next(i for i, stored in enumerate(match.entries) if stored.id == last.id)
    query = _STORED.where(E.c.id == last.replaces)
    return index, _stored_entries(conn.execute(query))[0]


def undo_fix(
    conn: Connection, match: StoredMatch, index: int, replaced: StoredEntry, steps: list[Step], by: str | None = None
) -> None:
    """Take back the fix at ``index``: the entry it replaced stands again; ``steps`` replay the match after."""
    fix = match.entries[index]
    conn.execute(update(E).where(E.c.id == fix.id).values(state=UNDONE, ended_at=now(), ended_by=by))
    conn.execute(update(E).where(E.c.id == replaced.id).values(state=STANDING, ended_at=None))
    match.entries[index] = replaced
    _restamp(conn, match.entries, steps)


def summarise(conn: Connection, match_id: int, state: MatchState, abandoned_at: str | None = None) -> int:
    """Keep the match row's snapshot and write order up to date after a write; the new write counter."""
    values = {"b_match": match_id} | state_columns(state)
    if abandoned_at:
        values["abandoned_at"] = abandoned_at
    return conn.execute(_SUMMARY, values).scalar_one()


def summary_agrees(conn: Connection, match_id: int, state: MatchState) -> bool:
    """Whether the match row keeps ``state`` as its fold, as ``summarise`` writes it (for ``doctor``)."""
    row = conn.execute(select(M.c.winner, M.c.deals_played, M.c.state).where(M.c.id == match_id)).one()
    return columns_hold(state, row.winner, row.deals_played, row.state)


def rename(conn: Connection, match_id: int, seat: int, name: str) -> None:
    """Rename the player who first sat in ``seat``."""
    conn.execute(update(S).where(S.c.match_id == match_id, S.c.position == seat).values(name=name))


def rename_substitute(conn: Connection, entry: StoredEntry, name: str) -> None:
    """Rename the substitute whom the seat change ``entry`` seated."""
    conn.execute(update(E).where(E.c.id == entry.id).values(player=name))


def list_matches(conn: Connection) -> list[MatchSummary]:
    """Every match, newest first, from the snapshot kept on the match row, or from its entries
    where the row's cannot be right."""
    query = select_rows(MatchRow).order_by(col(MatchRow.created_at).desc(), col(MatchRow.id).desc())
    players = seat_names(conn)
    rows = [r for r in typed_rows(conn, query) if r.id is not None]
    return [summary_of(r, players) or _healed(conn, r, players) for r in rows]


def _healed(conn: Connection, row: MatchRow, players: dict[int, list[str]]) -> MatchSummary:
    """The line of a match whose row keeps a fold that cannot be right: worked out again from its entries."""
    assert row.id is not None
    summary = summary_of(row, players, load(conn, row.id).state())
    assert summary is not None, "load refuses a match whose rules do not decode"
    return summary


def seat_names(conn: Connection, match_id: int | None = None) -> dict[int, list[str]]:
    """Each match's player names in seat order."""
    query = select(S.c.match_id, S.c.name).order_by(S.c.match_id, S.c.position)
    if match_id is not None:
        query = query.where(S.c.match_id == match_id)
    return names_by_match(conn.execute(query))


def match_names(conn: Connection, match_id: int | None = None) -> dict[int, str | None]:
    """Each match's name, of one match or of all."""
    query = select(M.c.id, M.c.name)
    if match_id is not None:
        query = query.where(M.c.id == match_id)
    return dict(conn.execute(query).all())  # rows, not the result: a result has keys() and would read as a mapping


# A read the table mode needs and the one-shot commands do not.

_TOUCHED = select(M.c.touched).where(M.c.id == bindparam("match_id"))
# Locked, it serialises writers on PostgreSQL, as load(lock=True) does.
_TOUCHED_LOCKED = _TOUCHED.with_for_update()


def touched(conn: Connection, match_id: int, lock: bool = False) -> int:
    """The match row's write counter, which every write of the match bumps."""
    value = conn.execute(_TOUCHED_LOCKED if lock else _TOUCHED, {"match_id": match_id}).scalar()
    if value is None:
        raise UnknownNameError(N_("there is no match {match} any more"), match=match_id)
    return value

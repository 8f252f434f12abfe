"""Reading and writing matches: rows in, core values out, and back.

Plain SQL expressions over the SQLModel tables, one query per table, and no
ORM object per row: a club's match can hold thousands of entries.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime, timezone

from sqlalchemy import Connection, bindparam, func, insert, select, update

from ..core.cards import Card
from ..core.errors import UnknownNameError
from ..core.match import Entry, EntryKind, Format, FormatKind, MatchState, NextDeal, Settings
from ..core.rules import RuleSet
from ..core.scoring import Outcome
from .models import REPLACED, STANDING, UNDONE, EntryRow, MatchRow, SeatRow

M, S, E = MatchRow.__table__, SeatRow.__table__, EntryRow.__table__


def now() -> str:
    """The time of a write: ISO-8601 in UTC with its offset, to the second."""
    return datetime.now(timezone.utc).replace(microsecond=0).isoformat()


@dataclass
class StoredEntry:
    """An entry that stands, with what the store knows beside the rules."""

    id: int
    position: int
    number: int
    dealer: int
    recorded_at: str
    entry: Entry


@dataclass
class StoredMatch:
    id: int
    uid: str
    name: str | None
    created_at: str
    abandoned_at: str | None
    settings: Settings
    entries: list[StoredEntry] = field(default_factory=list)

    @property
    def core_entries(self) -> list[Entry]:
        return [e.entry for e in self.entries]

    snapshot: dict | None = None  #: the fold as last written, when loaded without entries

    def state(self) -> MatchState:
        if self.snapshot is not None:
            state = MatchState.from_snapshot(self.settings, self.snapshot)
        else:
            state = MatchState.start(self.settings)
            for stored in self.entries:
                state = state.apply(stored.entry)
        return state.abandon() if self.abandoned_at else state


def resolve_match_id(conn: Connection, match_id: int | None) -> int:
    """The match asked for, or the one most recently created or written to."""
    if match_id is not None:
        found = conn.execute(select(M.c.id).where(M.c.id == match_id)).scalar()
        if found is None:
            raise UnknownNameError(f"there is no match {match_id}")
        return found
    found = conn.execute(select(M.c.id).order_by(M.c.touched.desc(), M.c.id.desc()).limit(1)).scalar()
    if found is None:
        raise UnknownNameError("there is no match yet: start one with 'scorepad new --players A,B,C'")
    return found


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
    settings = Settings(
        players=names,
        rules=RuleSet.from_json(json.loads(row.rules)),
        format=Format(FormatKind(row.format_kind), row.format_value),
        first_dealer=row.first_dealer,
    )
    match = StoredMatch(row.id, row.uid, row.name, row.created_at, row.abandoned_at, settings)
    if not entries and row.state:
        match.snapshot = json.loads(row.state)
    else:
        query = (
            select(E.c.id, E.c.position, E.c.kind, E.c.number, E.c.dealer, E.c.scores, E.c.cards)
            .add_columns(E.c.renege, E.c.slam, E.c.recorded_at)
            .where(E.c.match_id == match_id, E.c.state == STANDING)
            .order_by(E.c.position)
        )
        match.entries = [_stored_entry(r) for r in conn.execute(query)]
    return match


def _stored_entry(row) -> StoredEntry:
    kind = EntryKind(row.kind)
    outcome = None
    if kind is not EntryKind.MISDEAL:
        cards = json.loads(row.cards) if row.cards else {}
        outcome = Outcome(
            scores={int(seat): points for seat, points in json.loads(row.scores).items()},
            renege=row.renege,
            slam=row.slam,
            cards={int(seat): tuple(Card.parse(c) for c in hand) for seat, hand in cards.items()},
        )
    return StoredEntry(row.id, row.position, row.number, row.dealer, row.recorded_at, Entry(kind, outcome))


def create(conn: Connection, settings: Settings, name: str | None, uid: str, cuts: list | None) -> int:
    """A new match, with no entry yet."""
    start = MatchState.start(settings)
    return insert_match(conn, start, uid=uid, name=name, cuts=cuts, created_at=now(), touched=next_touch(conn))


_LAST_TOUCH = select(func.max(M.c.touched))


def next_touch(conn: Connection) -> int:
    """The write counter's next value: the match written last is the default one."""
    return (conn.execute(_LAST_TOUCH).scalar() or 0) + 1


def entry_values(match_id: int, position: int, deal: NextDeal, entry: Entry, recorded_at: str) -> dict:
    """The row of one entry, for the deal it was entered for."""
    return {
        "match_id": match_id,
        "position": position,
        "number": deal.number,
        "dealer": deal.dealer,
        "recorded_at": recorded_at,
        "state": STANDING,
    } | entry_columns(entry)


def entry_columns(entry: Entry) -> dict:
    """What an entry itself puts in its row: kind, scores, cards, renege, slam."""
    outcome = entry.outcome
    return {
        "kind": entry.kind.value,
        "scores": json.dumps({str(s): p for s, p in outcome.scores.items()}) if outcome else "{}",
        "cards": (
            json.dumps({str(s): [c.ascii() for c in hand] for s, hand in outcome.cards.items()})
            if outcome and outcome.cards
            else None
        ),
        "renege": outcome.renege if outcome else None,
        "slam": outcome.slam if outcome else None,
    }


# Statements on the path of every deal are built once: building one costs more than running it.
_INSERT_ENTRY = insert(E)
_SUMMARY = update(M).where(M.c.id == bindparam("b_match"))


def append(conn: Connection, match: StoredMatch, deal: NextDeal, entry: Entry) -> StoredEntry:
    """Write one more entry of ``match`` and add it to ``match.entries`` too, as it now stands."""
    position = match.entries[-1].position + 1 if match.entries else 1
    stamp = now()
    written = conn.execute(_INSERT_ENTRY, entry_values(match.id, position, deal, entry, stamp))
    stored = StoredEntry(written.inserted_primary_key[0], position, deal.number, deal.dealer, stamp, entry)
    match.entries.append(stored)
    return stored


def undo_last(conn: Connection, match: StoredMatch) -> StoredEntry:
    last = match.entries[-1]
    conn.execute(update(E).where(E.c.id == last.id).values(state=UNDONE, ended_at=now()))
    match.entries.pop()
    return last


def replace_entry(conn: Connection, match: StoredMatch, index: int, deal: NextDeal, entry: Entry) -> None:
    """Mark one entry replaced and add its successor at the same place in the match."""
    old = match.entries[index]
    stamp = now()
    conn.execute(update(E).where(E.c.id == old.id).values(state=REPLACED, ended_at=stamp))
    values = entry_values(match.id, old.position, deal, entry, stamp) | {"replaces": old.id}
    conn.execute(insert(E).values(**values))


def summary_columns(state: MatchState) -> dict:
    """What the match row keeps of a state: a summary for listings and the snapshot for status."""
    return {
        "finished": state.finished,
        "winner": state.winner,
        "deals_played": state.deals_played,
        "state": json.dumps(state.snapshot()),
    }


def summarise(conn: Connection, match_id: int, state: MatchState, abandoned_at: str | None = None) -> int:
    """Keep the match row's summary, snapshot and write order up to date after a write; the new write counter."""
    touch = next_touch(conn)
    values = {"b_match": match_id, "touched": touch} | summary_columns(state)
    if abandoned_at:
        values["abandoned_at"] = abandoned_at
    conn.execute(_SUMMARY, values)
    return touch


def rename(conn: Connection, match_id: int, seat: int, name: str) -> None:
    conn.execute(update(S).where(S.c.match_id == match_id, S.c.position == seat).values(name=name))


def list_matches(conn: Connection) -> list[dict]:
    """Every match, newest first, from the summary kept on the match row."""
    rows = conn.execute(select(M).order_by(M.c.created_at.desc(), M.c.id.desc())).all()
    players = seat_names(conn)
    return [
        {
            "match": r.id,
            "name": r.name,
            "players": players.get(r.id, []),
            "created_at": r.created_at,
            "finished": bool(r.finished),
            "winner": players[r.id][r.winner] if r.winner is not None else None,
            "abandoned": r.abandoned_at is not None,
            "deals_played": r.deals_played,
            "rules": json.loads(r.rules)["preset"],
        }
        for r in rows
    ]


# Bulk reading and writing for export, backup and restore: one query per table,
# plain rows, no ORM object per row (a club's store can hold 100,000 deals).


def match_rows(conn: Connection, match_id: int | None = None) -> list:
    """The match rows, of one match or of all, oldest first."""
    query = select(M).order_by(M.c.id)
    if match_id is not None:
        query = query.where(M.c.id == match_id)
    return conn.execute(query).all()


def seat_names(conn: Connection, match_id: int | None = None) -> dict[int, list[str]]:
    """Each match's player names in seat order."""
    query = select(S.c.match_id, S.c.name).order_by(S.c.match_id, S.c.position)
    if match_id is not None:
        query = query.where(S.c.match_id == match_id)
    return _names_by_match(conn.execute(query))


def _names_by_match(rows) -> dict[int, list[str]]:
    names: dict[int, list[str]] = {}
    for owner, name in rows:
        names.setdefault(owner, []).append(name)
    return names


def standing_rows(conn: Connection, match_id: int | None = None):
    """The entries that stand, match by match in the order they were played, as a lazy result."""
    query = (
        select(E.c.match_id, E.c.kind, E.c.number, E.c.dealer, E.c.scores, E.c.recorded_at)
        .where(E.c.state == STANDING)
        .order_by(E.c.match_id, E.c.position)
    )
    if match_id is not None:
        query = query.where(E.c.match_id == match_id)
    return conn.execute(query.execution_options(yield_per=2000))  # fetched in batches, not row by row


def trail_rows(conn: Connection, match_id: int | None = None):
    """Every entry ever written, standing or not, match by match in the order written."""
    query = select(E).order_by(E.c.match_id, E.c.id)
    if match_id is not None:
        query = query.where(E.c.match_id == match_id)
    return conn.execute(query)


def match_ids_by_uid(conn: Connection, uids: list[str]) -> dict[str, int]:
    """The matches of the store among these unique ids."""
    found: dict[str, int] = {}
    for start in range(0, len(uids), 500):  # stay under the database's limit of bound parameters
        query = select(M.c.uid, M.c.id).where(M.c.uid.in_(uids[start : start + 500]))
        found.update((uid, id_) for uid, id_ in conn.execute(query))
    return found


def insert_match(
    conn: Connection,
    state: MatchState,
    *,
    uid: str,
    name: str | None,
    cuts: list | None,
    created_at: str,
    touched: int,
    abandoned_at: str | None = None,
) -> int:
    """A match's row and seats, for a new match or a restored one (which keeps its times)."""
    settings = state.settings
    values = {
        "uid": uid,
        "name": name,
        "rules": json.dumps(settings.rules.to_json()),
        "format_kind": settings.format.kind.value,
        "format_value": settings.format.value,
        "first_dealer": settings.first_dealer,
        "cuts": json.dumps(cuts) if cuts else None,
        "created_at": created_at,
        "touched": touched,
        "abandoned_at": abandoned_at,
    } | summary_columns(state)
    match_id = conn.execute(insert(M).values(**values)).inserted_primary_key[0]
    seats = [{"match_id": match_id, "position": i, "name": n} for i, n in enumerate(settings.players)]
    conn.execute(insert(S), seats)
    return match_id


def insert_trail(conn: Connection, rows: list[dict], replaces: dict[int, int]) -> None:
    """A match's whole trail in its order; ``replaces`` maps a row's index to the index it replaces."""
    if not rows:
        return
    # The database numbers the rows; a replacement can point at its predecessor
    # only once both have their numbers.
    returning = insert(E).returning(E.c.id, sort_by_parameter_order=True)
    ids = conn.execute(returning, rows).scalars().all()
    if replaces:
        links = [{"row_id": ids[i], "old_id": ids[j]} for i, j in replaces.items()]
        conn.execute(update(E).where(E.c.id == bindparam("row_id")).values(replaces=bindparam("old_id")), links)


# Club-wide reading for stats and ratings (scorepad.stats, scorepad.ratings):
# the same one-query-per-table rule, filtered in SQL by when a match was created.


def _created_between(since: str | None, until: str | None) -> list:
    """Conditions on the match table: created on or after ``since``, before ``until`` (ISO texts)."""
    # created_at is ISO-8601 UTC text of one width, so text order is time order.
    conditions = []
    if since is not None:
        conditions.append(M.c.created_at >= since)
    if until is not None:
        conditions.append(M.c.created_at < until)
    return conditions


def club_matches(conn: Connection, since: str | None = None, until: str | None = None, finished: bool = False) -> list:
    """Match rows (id, rules, created_at, winner, abandoned_at) in creation order.

    ``finished`` keeps only the matches that ended with a winner.
    """
    query = (
        select(M.c.id, M.c.rules, M.c.created_at, M.c.winner, M.c.abandoned_at)
        .where(*_created_between(since, until))
        .order_by(M.c.created_at, M.c.id)
    )
    if finished:
        query = query.where(M.c.winner.is_not(None), M.c.abandoned_at.is_(None))
    return conn.execute(query).all()


def club_seats(conn: Connection, since: str | None = None, until: str | None = None) -> dict[int, list[str]]:
    """The player names, in seat order, of the matches ``club_matches`` would list."""
    query = select(S.c.match_id, S.c.name).order_by(S.c.match_id, S.c.position)
    conditions = _created_between(since, until)
    if conditions:
        query = query.join(M, M.c.id == S.c.match_id).where(*conditions)
    return _names_by_match(conn.execute(query))


def club_deals(conn: Connection, since: str | None = None, until: str | None = None, finished: bool = False):
    """The scored entries that stand (deals and tie-break deals), match by match in order, as a lazy result."""
    query = (
        select(E.c.match_id, E.c.kind, E.c.scores, E.c.cards, E.c.renege, E.c.slam)
        .where(E.c.state == STANDING, E.c.kind != EntryKind.MISDEAL.value)
        .order_by(E.c.match_id, E.c.position)
    )
    conditions = _created_between(since, until)
    if finished:
        conditions += [M.c.winner.is_not(None), M.c.abandoned_at.is_(None)]
    if conditions:
        query = query.join(M, M.c.id == E.c.match_id).where(*conditions)
    return conn.execute(query)


# A read the table mode needs and the one-shot commands do not.

_TOUCHED = select(M.c.touched).where(M.c.id == bindparam("match_id"))
_TOUCHED_LOCKED = _TOUCHED.with_for_update()  # serialises writers on PostgreSQL, as load(lock=True) does
def touched(conn: Connection, match_id: int, lock: bool = False) -> int:
    """The match row's write counter, which every write of the match bumps."""
    value = conn.execute(_TOUCHED_LOCKED if lock else _TOUCHED, {"match_id": match_id}).scalar()
    if value is None:
        raise UnknownNameError(f"there is no match {match_id} any more")
    return value

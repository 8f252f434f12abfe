"""Reading and writing matches: rows in, core values out, and back.

Plain SQL expressions over the SQLModel tables, one query per table, and no
ORM object per row: a club's match can hold thousands of entries.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime, timezone

from sqlalchemy import Connection, func, insert, select, update

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

    def state(self) -> MatchState:
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
    """A match with the entries that stand. ``lock`` serialises writers of one match."""
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
    if entries:
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
    stamp = now()
    match_id = conn.execute(
        insert(M).values(
            uid=uid,
            name=name,
            rules=json.dumps(settings.rules.to_json()),
            format_kind=settings.format.kind.value,
            format_value=settings.format.value,
            first_dealer=settings.first_dealer,
            cuts=json.dumps(cuts) if cuts else None,
            created_at=stamp,
            touched=_next_touch(conn),
            finished=False,
            winner=None,
            deals_played=0,
        )
    ).inserted_primary_key[0]
    conn.execute(insert(S), [{"match_id": match_id, "position": i, "name": n} for i, n in enumerate(settings.players)])
    return match_id


def _next_touch(conn: Connection) -> int:
    return (conn.execute(select(func.max(M.c.touched))).scalar() or 0) + 1


def entry_values(match_id: int, position: int, deal: NextDeal, entry: Entry, recorded_at: str) -> dict:
    """The row of one entry, for the deal it was entered for."""
    outcome = entry.outcome
    return {
        "match_id": match_id,
        "position": position,
        "kind": entry.kind.value,
        "number": deal.number,
        "dealer": deal.dealer,
        "scores": json.dumps({str(s): p for s, p in outcome.scores.items()}) if outcome else "{}",
        "cards": (
            json.dumps({str(s): [c.ascii() for c in hand] for s, hand in outcome.cards.items()})
            if outcome and outcome.cards
            else None
        ),
        "renege": outcome.renege if outcome else None,
        "slam": outcome.slam if outcome else None,
        "recorded_at": recorded_at,
        "state": STANDING,
    }


def append(conn: Connection, match: StoredMatch, deal: NextDeal, entry: Entry) -> None:
    position = match.entries[-1].position + 1 if match.entries else 1
    conn.execute(insert(E).values(**entry_values(match.id, position, deal, entry, now())))


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


def summarise(conn: Connection, match_id: int, state: MatchState, abandoned_at: str | None = None) -> None:
    """Keep the match row's summary and write order up to date after a write."""
    values = {
        "touched": _next_touch(conn),
        "finished": state.finished,
        "winner": state.winner,
        "deals_played": state.deals_played,
    }
    if abandoned_at:
        values["abandoned_at"] = abandoned_at
    conn.execute(update(M).where(M.c.id == match_id).values(**values))


def rename(conn: Connection, match_id: int, seat: int, name: str) -> None:
    conn.execute(update(S).where(S.c.match_id == match_id, S.c.position == seat).values(name=name))


def list_matches(conn: Connection) -> list[dict]:
    """Every match, newest first, from the summary kept on the match row."""
    rows = conn.execute(select(M).order_by(M.c.created_at.desc(), M.c.id.desc())).all()
    seats = conn.execute(select(S.c.match_id, S.c.name).order_by(S.c.match_id, S.c.position)).all()
    players: dict[int, list[str]] = {}
    for match_id, name in seats:
        players.setdefault(match_id, []).append(name)
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

"""Reading many matches at once, for export, backup, restore and the club's figures.

One query per table and decoded values out. Entries are read as plain rows,
no ORM object each (a club's store can hold 100,000 deals); the match rows,
a few hundred at most, come as typed SQLModel rows. Club-wide reads filter in
SQL by when a match was created: ``created_at`` is ISO-8601 UTC text of one
width, so text order is time order.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import groupby
from typing import Any, NamedTuple

from sqlalchemy import Connection, bindparam, insert, select, update
from sqlmodel import col
from sqlmodel import select as select_rows

from ..core.match import Entry, EntryKind, MatchState, Settings
from ..core.rules import RuleSet
from .encoding import Cuts, decode_cuts, decode_entry, decode_scores, entry_columns
from .errors import DamagedMatch
from .matches import E, M, S, insert_match, load, seat_names, typed_rows
from .models import MatchRow
from .rows import UNDECODABLE, names_by_match, rules_of, settings_of, sound_summary
from .schema import STANDING


@dataclass(frozen=True)
class MatchRecord:
    """Everything the match row holds besides the fold: what a backup keeps of a match."""

    id: int
    uid: str
    name: str | None
    settings: Settings
    cuts: Cuts | None
    created_at: str
    abandoned_at: str | None
    touched: int


@dataclass(frozen=True)
class TrailItem:
    """One entry ever written for a match, standing or not."""

    state: str  #: standing, undone or replaced (``schema``)
    position: int
    number: int
    dealer: int
    entry: Entry
    recorded_at: str
    ended_at: str | None
    replaces: int | None  #: the index, in the same trail, of the entry this one replaced


def match_records(conn: Connection, match_id: int | None = None) -> list[MatchRecord]:
    """The matches, one or all, oldest first."""
    query = select_rows(MatchRow).order_by(col(MatchRow.id))
    if match_id is not None:
        query = query.where(MatchRow.id == match_id)
    players = seat_names(conn, match_id)
    return [
        MatchRecord(
            r.id,
            r.uid,
            r.name,
            settings_of(r, tuple(players.get(r.id, ()))),
            decode_cuts(r.cuts),
            r.created_at,
            r.abandoned_at,
            r.touched,
        )
        for r in typed_rows(conn, query)
        if r.id is not None
    ]


def trails(conn: Connection, match_id: int | None = None) -> dict[int, list[TrailItem]]:
    """Every entry ever written, match by match in the order written."""
    query = select(E).order_by(E.c.match_id, E.c.id)
    if match_id is not None:
        query = query.where(E.c.match_id == match_id)
    found: dict[int, list[TrailItem]] = {}
    for owner, group in groupby(conn.execute(query), lambda r: r.match_id):
        rows = list(group)
        place = {row.id: index for index, row in enumerate(rows)}
        try:
            found[owner] = [
                TrailItem(
                    r.state,
                    r.position,
                    r.number,
                    r.dealer,
                    decode_entry(r.kind, r.scores, r.cards, r.renege, r.slam, r.seat, r.player),
                    r.recorded_at,
                    r.ended_at,
                    place[r.replaces] if r.replaces is not None else None,
                )
                for r in rows
            ]
        except UNDECODABLE as error:
            raise _damaged(conn, owner, error) from None
    return found


def _damaged(conn: Connection, match_id: int, error: Exception) -> DamagedMatch:
    """The refusal of a match with an entry that does not decode (a store edited by hand)."""
    return DamagedMatch(match_id, seat_names(conn, match_id).get(match_id, []), error)


class ScoredDeal(NamedTuple):
    """A scored entry that stands (a deal or a tie-break deal), or a seat change, as export reads it."""

    match_id: int
    kind: EntryKind
    number: int
    dealer: int
    scores: dict[int, int]  #: seat -> points, the deal's players only (none for a seat change)
    recorded_at: str
    seat: int | None  #: a seat change's seat, played by ``player`` from then on
    player: str | None


#: Every entry that stands but misdeals: a seat change says who plays the deals after it.
_SCORED = (
    select(E.c.match_id, E.c.kind, E.c.number, E.c.dealer, E.c.scores, E.c.recorded_at, E.c.seat, E.c.player)
    .where(E.c.state == STANDING, E.c.kind != EntryKind.MISDEAL.value)
    .order_by(E.c.match_id, E.c.position)
)


def scored_deals(conn: Connection, match_id: int | None = None) -> Iterator[ScoredDeal]:
    """The scored entries that stand and the seat changes, match by match in the order they were played, read
    as they are asked for (a club's store can hold 100,000 deals)."""
    query = _SCORED if match_id is None else _SCORED.where(E.c.match_id == match_id)
    rows = conn.execute(query.execution_options(yield_per=2000))
    kinds = {kind.value: kind for kind in EntryKind}
    owner = 0
    try:
        for owner, kind, number, dealer, scores, recorded_at, seat, player in rows:
            yield ScoredDeal(
                owner,
                kinds.get(kind) or EntryKind(kind),
                number,
                dealer,
                decode_scores(scores),
                recorded_at,
                seat,
                player,
            )
    except UNDECODABLE as error:
        raise _damaged(conn, owner, error) from None


# Club-wide reading for stats and ratings.


@dataclass(frozen=True)
class ClubMatch:
    id: int
    rules: RuleSet
    players: list[str]  #: who sat in each seat first: ``club_deals``' seat changes say who came after
    winner: int | None  #: seat
    abandoned: bool

    @property
    def won(self) -> bool:
        """Finished with a winner: abandoned matches have none."""
        return self.winner is not None and not self.abandoned


def _created_between(since: str | None, until: str | None) -> list[Any]:
    """Conditions on the match table: created on or after ``since``, before ``until`` (ISO texts)."""
    conditions = []
    if since is not None:
        conditions.append(M.c.created_at >= since)
    if until is not None:
        conditions.append(M.c.created_at < until)
    return conditions


_WON = (M.c.winner.is_not(None), M.c.abandoned_at.is_(None))


def club_matches(
    conn: Connection, since: str | None = None, until: str | None = None, won: bool = False
) -> list[ClubMatch]:
    """The matches created between the dates, in creation order; ``won``: only those with a winner.

    A match row whose winner cannot be right has it worked out again from its entries.
    """
    conditions = _created_between(since, until) + (list(_WON) if won else [])
    query = select(M.c.id, M.c.rules, M.c.winner, M.c.deals_played, M.c.state, M.c.abandoned_at)
    seats = select(S.c.match_id, S.c.name).order_by(S.c.match_id, S.c.position)
    if conditions:
        seats = seats.join(M, M.c.id == S.c.match_id).where(*conditions)
    names = names_by_match(conn.execute(seats))
    found = []
    for r in conn.execute(query.where(*conditions).order_by(M.c.created_at, M.c.id)).all():
        players = names.get(r.id, [])
        winner = r.winner if sound_summary(r, len(players)) else load(conn, r.id).state().winner
        if winner is not None or not won:
            found.append(ClubMatch(r.id, rules_of(r.id, r.rules, players), players, winner, r.abandoned_at is not None))
    return found


@dataclass(frozen=True)
class ClubDeal:
    """A scored deal that stands, with what the club's figures count; or a seat change (``EntryKind.SEAT``)."""

    match_id: int
    kind: EntryKind
    entry: Entry


def club_deals(
    conn: Connection, since: str | None = None, until: str | None = None, won: bool = False
) -> Iterator[ClubDeal]:
    """The scored entries and seat changes that stand of the matches ``club_matches`` would list, match by match
    in order."""
    query = (
        select(E.c.match_id, E.c.kind, E.c.scores, E.c.cards, E.c.renege, E.c.slam, E.c.seat, E.c.player)
        .where(E.c.state == STANDING, E.c.kind != EntryKind.MISDEAL.value)
        .order_by(E.c.match_id, E.c.position)
    )
    conditions = _created_between(since, until) + (list(_WON) if won else [])
    if conditions:
        query = query.join(M, M.c.id == E.c.match_id).where(*conditions)
    owner = 0
    try:
        for owner, *columns in conn.execute(query):
            entry = decode_entry(*columns)
            yield ClubDeal(owner, entry.kind, entry)
    except UNDECODABLE as error:
        raise _damaged(conn, owner, error) from None


# Restoring.


def match_ids_by_uid(conn: Connection, uids: Sequence[str]) -> dict[str, int]:
    """The matches of the store among these unique ids."""
    found: dict[str, int] = {}
    for start in range(0, len(uids), 500):  # stay under the database's limit of bound parameters
        query = select(M.c.uid, M.c.id).where(M.c.uid.in_(uids[start : start + 500]))
        found.update((uid, id_) for uid, id_ in conn.execute(query))
    return found


def restore_match(
    conn: Connection, match: MatchRecord, state: MatchState, trail: Sequence[TrailItem], touched: int
) -> int:
    """Write a match from a backup as it was (its times, its whole trail) at ``touched`` in the order of use."""
    match_id = insert_match(
        conn,
        match.settings,
        state,
        uid=match.uid,
        name=match.name,
        cuts=match.cuts,
        created_at=match.created_at,
        touched=touched,
        abandoned_at=match.abandoned_at,
    )
    if not trail:
        return match_id
    rows = [
        {
            "match_id": match_id,
            "position": item.position,
            "number": item.number,
            "dealer": item.dealer,
            "recorded_at": item.recorded_at,
            "state": item.state,
            "ended_at": item.ended_at,
            "replaces": None,
        }
        | entry_columns(item.entry)
        for item in trail
    ]
    # The database numbers the rows; a replacement can point at its predecessor
    # only once both have their numbers.
    ids = conn.execute(insert(E).returning(E.c.id, sort_by_parameter_order=True), rows).scalars().all()
    links = [
        {"row_id": ids[i], "old_id": ids[item.replaces]} for i, item in enumerate(trail) if item.replaces is not None
    ]
    if links:
        conn.execute(update(E).where(E.c.id == bindparam("row_id")).values(replaces=bindparam("old_id")), links)
    return match_id

"""Reading and writing club nights: a night's row, who came and went, the tables of its rounds.

Each table's match is an ordinary match (``matches``); a night refers to it by
its id. Rows are decoded in ``night_rows``, as the quick reader's are. A
night's writers lock its row, as a match's writers lock the match row: on
PostgreSQL two organisers cannot seat the same round twice.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple, TypeVar

from sqlalchemy import Column, Connection, Table, delete, func, insert, select, update

from ..core.errors import UnknownNameError
from ..core.language import N_
from ..core.match import MatchState
from ..core.night.corrections import Correction, CorrectionKind
from ..core.night.seating import Cuts
from ..core.night.seating import Table as NightTable
from ..core.night.state import Attendance, NightSettings
from ..core.rules import RuleSet
from . import matches
from .encoding import encode_rules
from .matches import NT
from .models import NightChangeRow, NightPlayerRow, NightRow
from .night_rows import (
    NoNightYet,
    Planned,
    StoredNight,
    encode_cuts,
    encode_planned,
    night_of,
    player_rows,
    settings_fields,
    table_row,
)
from .rows import match_of, names_by_match

N: Table = NightRow.__table__  # type: ignore[attr-defined]
NP: Table = NightPlayerRow.__table__  # type: ignore[attr-defined]
NC: Table = NightChangeRow.__table__  # type: ignore[attr-defined]
T = TypeVar("T")


def resolve_night_id(conn: Connection, night_id: int | None) -> int:
    """The night asked for, or the one most recently created or written to."""
    if (found := matches.given_or_latest(conn, N, night_id)) is None:
        raise NoNightYet() if night_id is None else UnknownNameError(N_("there is no night {night}"), night=night_id)
    return found


def next_touch(conn: Connection) -> int:
    """The nights' write counter's next value: the night written last is the default one."""
    return (conn.execute(select(func.max(N.c.touched))).scalar() or 0) + 1


def restored_touches(conn: Connection, count: int) -> range:
    """Where ``count`` nights restored from a backup go in the order of use: behind every night of the store."""
    return matches.touches_below(conn, N, count)


def create(
    conn: Connection,
    settings: NightSettings,
    rules: RuleSet,
    *,
    uid: str,
    name: str | None,
    created_at: str,
    touched: int | None = None,
) -> int:
    """A new night's row, with nobody and no round yet: a new one, or one restored (which keeps its times)."""
    values = settings_fields(settings) | {
        "rules": encode_rules(rules),
        "uid": uid,
        "name": name,
        "created_at": created_at,
    }
    values["touched"] = touched if touched is not None else next_touch(conn)
    night_id: int = conn.execute(insert(N).values(**values).returning(N.c.id)).scalar_one()
    return night_id


def save(
    conn: Connection,
    night_id: int,
    attendance: Sequence[Attendance],
    planned: Planned,
    touch: bool = True,
    cuts: Cuts = (),
) -> None:
    """Keep who came and went, the rounds drawn ahead and the cuts of ties; ``touch``: the night becomes the one used last."""
    conn.execute(delete(NP).where(NP.c.night_id == night_id))
    conn.execute(insert(NP), player_rows(night_id, attendance))
    values: dict[str, object] = {"planned": encode_planned(planned), "cuts": encode_cuts(cuts)}
    if touch:
        values["touched"] = next_touch(conn)
    conn.execute(update(N).where(N.c.id == night_id).values(**values))


def seat_round(conn: Connection, night_id: int, round_: int, tables: Sequence[tuple[NightTable, int]]) -> None:
    """The tables of a round, each with its match's id."""
    conn.execute(insert(NT), [table_row(night_id, round_, table, match_id) for table, match_id in tables])


def reseat(conn: Connection, night_id: int, round_: int, number: int, players: Sequence[str]) -> None:
    """A table's players in seat order, as a correction changed them (its match's seats are ``matches``')."""
    row = table_row(night_id, round_, NightTable(number, tuple(players)), 0)
    query = update(NT).where(NT.c.night_id == night_id, NT.c.round == round_, NT.c.number == number)
    conn.execute(query.values(players=row["players"]))


def add_change(conn: Connection, night_id: int, change: Correction) -> None:
    """One more correction in the night's trail."""
    position = conn.execute(select(func.count()).select_from(NC).where(NC.c.night_id == night_id)).scalar_one()
    conn.execute(
        insert(NC).values(
            night_id=night_id,
            position=position,
            kind=change.kind.value,
            round=change.round,
            first=change.first,
            second=change.second,
            recorded_at=change.recorded_at,
        )
    )


def changes(conn: Connection, night_id: int) -> list[Correction]:
    """The night's corrections, in the order they were made."""
    rows = conn.execute(select(NC).where(NC.c.night_id == night_id).order_by(NC.c.position))
    return [Correction(CorrectionKind(r.kind), r.round, r.first, r.second, r.recorded_at) for r in rows]


def load(conn: Connection, night_id: int, lock: bool = False) -> StoredNight:
    """A night with the state of each of its tables' matches. ``lock`` serialises the night's writers.

    Locked, the matches of its last round are locked too: a round is not ended
    while one of its tables is entering a deal.
    """
    query = select(N).where(N.c.id == night_id)
    row = conn.execute(query.with_for_update() if lock else query).one()
    players = conn.execute(select(NP).where(NP.c.night_id == night_id).order_by(NP.c.position)).all()
    tables = conn.execute(select(NT).where(NT.c.night_id == night_id).order_by(NT.c.round, NT.c.number)).all()
    if lock and tables:
        last = [t.match_id for t in tables if t.round == tables[-1].round]
        conn.execute(select(matches.M.c.id).where(matches.M.c.id.in_(last)).with_for_update()).all()
    return night_of(row, players, tables, match_states(conn, [t.match_id for t in tables]))


def every_night(conn: Connection) -> list[StoredNight]:
    """Every night of the store, oldest first."""
    return [load(conn, night_id) for night_id in night_ids(conn)]


def night_ids(conn: Connection) -> list[int]:
    """The id of every night of the store, oldest first."""
    return list(conn.execute(select(N.c.id).order_by(N.c.id)).scalars())


def match_states(conn: Connection, match_ids: Sequence[int]) -> dict[int, MatchState]:
    """Where each of these matches stands: from the snapshot its row keeps, or from its entries."""
    M, S = matches.M, matches.S
    states: dict[int, MatchState] = {}
    for start in range(0, len(match_ids), 500):  # under the database's limit of bound parameters
        chosen = match_ids[start : start + 500]
        seats = select(S.c.match_id, S.c.name).where(S.c.match_id.in_(chosen)).order_by(S.c.match_id, S.c.position)
        names = names_by_match(conn.execute(seats))
        for row in conn.execute(select(M).where(M.c.id.in_(chosen))):
            stored = match_of(row, tuple(names.get(row.id, ())), snapshot=True)
            if stored.snapshot is None:  # its fold must be worked out from its entries
                stored = matches.load(conn, row.id)
            states[row.id] = stored.state()
    return states


class NightSummary(NamedTuple):
    """A line of the list of nights."""

    id: int
    name: str | None
    players: list[str]  #: in the order they came
    round: int  #: the round in play, or the last
    rounds: int
    movement: str
    created_at: str
    over: bool  #: the last round seated is the night's last, and every table of it is over


def list_nights(conn: Connection) -> list[NightSummary]:
    """Every night, newest first."""
    seated = (
        select(NT.c.night_id, func.max(NT.c.round).label("seated")).group_by(NT.c.night_id).subquery("seated_rounds")
    )
    query = (
        select(N.c.id, N.c.name, N.c.rounds, N.c.movement, N.c.created_at, seated.c.seated)
        .outerjoin(seated, seated.c.night_id == N.c.id)
        .order_by(N.c.created_at.desc(), N.c.id.desc())
    )
    players = names_by_match(conn.execute(select(NP.c.night_id, NP.c.name).order_by(NP.c.night_id, NP.c.position)))
    M = matches.M
    open_tables = (
        select(NT.c.night_id, NT.c.round)
        .join(M, M.c.id == NT.c.match_id)
        .where(M.c.winner.is_(None), M.c.abandoned_at.is_(None))
    )
    playing: dict[int, set[int]] = {}
    for night_id, round_ in conn.execute(open_tables):
        playing.setdefault(night_id, set()).add(round_)
    return [
        NightSummary(
            r.id,
            r.name,
            players.get(r.id, []),
            r.seated or 0,
            r.rounds,
            r.movement,
            r.created_at,
            r.seated == r.rounds and r.rounds not in playing.get(r.id, ()),
        )
        for r in conn.execute(query)
    ]


def nights_of_matches(conn: Connection, match_ids: Sequence[int]) -> dict[int, int]:
    """Which of these matches are a table's match of a night already: match id -> night id."""
    return _pairs(conn, NT.c.match_id, NT.c.night_id, match_ids)


def night_ids_by_uid(conn: Connection, uids: Sequence[str]) -> dict[str, int]:
    """The nights of the store among these unique ids."""
    return _pairs(conn, N.c.uid, N.c.id, uids)


def _pairs(conn: Connection, key: Column, value: Column, keys: Sequence[T]) -> dict[T, int]:
    """``{key: value}`` of the rows whose ``key`` is one of ``keys``, asked a few hundred at a time."""
    found: dict[T, int] = {}
    for start in range(0, len(keys), 500):  # under the database's limit of bound parameters
        found.update(conn.execute(select(key, value).where(key.in_(keys[start : start + 500]))).all())
    return found

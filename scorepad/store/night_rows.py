"""What the store hands out about a club night, decoded from its rows: one decoding for both readers.

``nights`` reads a night's rows through SQLAlchemy, ``quick`` through the
standard ``sqlite3`` module; both turn them into a ``StoredNight`` here. The
night keeps its tables as they were seated, with the names it knows its
players by, and who came and went (``core.night.Attendance``): with the
results of its tables' matches, what ``NightState.resume`` needs, so that no
round is drawn again to read a night. A row is anything with the columns as
attributes.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from ..core.errors import ScorepadError, UnknownNameError
from ..core.language import N_
from ..core.match import MatchState
from ..core.movement import Movement
from ..core.night import Attendance, NightSettings
from ..core.rules import RuleSet
from ..core.seating import Seating, Table
from .encoding import decode_rules
from .errors import StoreError

#: The tables drawn ahead by mixed movement: rounds of tables of names.
Planned = tuple[tuple[tuple[str, ...], ...], ...]


class StoredTable(NamedTuple):
    """A table of a round as the night seated it, and its match."""

    table: Table
    match_id: int


@dataclass(frozen=True)
class StoredNight:
    """A night as the store keeps it, with where each of its tables' matches stands."""

    id: int
    uid: str
    name: str | None
    rules: RuleSet  #: every table's match's
    settings: NightSettings
    created_at: str
    touched: int
    attendance: tuple[Attendance, ...]
    rounds: tuple[tuple[StoredTable, ...], ...]  #: every round seated, round 1 first
    planned: Planned
    matches: Mapping[int, MatchState]  #: the state of each table's match, by its id


class NoNightYet(UnknownNameError):
    """No night to name: none has been made."""

    def __init__(self) -> None:
        super().__init__(N_("there is no night yet"))


class DamagedNight(StoreError):
    """A night whose rows scorepad never wrote so: edited by hand, or cut short."""

    def __init__(self, night_id: int, problem: object) -> None:
        super().__init__(N_("night {night} is damaged in the store: {problem}"), night=night_id, problem=problem)


def night_of(row: Any, players: Iterable[Any], tables: Iterable[Any], matches: Mapping[int, MatchState]) -> StoredNight:
    """A night's row, its players' rows in the order they came and its tables' rows in order, as a value."""
    try:
        attendance = tuple(Attendance(p.name, p.joined_round, p.left_round) for p in players)
        rules = decode_rules(row.rules)
        settings = settings_of(row, attendance, rules)
        rounds: dict[int, list[StoredTable]] = {}
        for t in tables:
            table = Table(t.number, tuple(json.loads(t.players)), t.first_dealer)
            rounds.setdefault(t.round, []).append(StoredTable(table, t.match_id))
        kept = tuple(tuple(rounds[number]) for number in range(1, len(rounds) + 1))
        planned = decode_planned(row.planned)
    except (ScorepadError, ValueError, TypeError, KeyError, AttributeError) as problem:
        raise DamagedNight(row.id, problem) from None
    return StoredNight(
        row.id, row.uid, row.name, rules, settings, row.created_at, row.touched, attendance, kept, planned, matches
    )


def settings_of(source: Any, attendance: Sequence[Attendance], rules: RuleSet) -> NightSettings:
    """A night's settings from where they are kept by name (its row, or its part of a backup file)."""
    return NightSettings(
        players=tuple(line.name for line in attendance if line.joined is None),
        table_size=source.table_size,
        rounds=source.rounds,
        movement=Movement(source.movement),
        seating=Seating(source.seating),
        seed=source.seed,
        decks=rules.decks,
        deals_per_player=source.deals_per_player,
    )


def settings_fields(settings: NightSettings) -> dict[str, Any]:
    """A night's settings as its row and its part of a backup file keep them, but for its players and rules."""
    return {
        "table_size": settings.table_size,
        "rounds": settings.rounds,
        "deals_per_player": settings.deals_per_player,
        "movement": settings.movement.value,
        "seating": settings.seating.value,
        "seed": settings.seed,
    }


def player_rows(night_id: int, attendance: Sequence[Attendance]) -> list[dict[str, Any]]:
    return [
        {"night_id": night_id, "position": at, "name": line.name, "joined_round": line.joined, "left_round": line.left}
        for at, line in enumerate(attendance)
    ]


def table_row(night_id: int, round_: int, table: Table, match_id: int) -> dict[str, Any]:
    return {
        "night_id": night_id,
        "round": round_,
        "number": table.number,
        "match_id": match_id,
        "players": json.dumps(list(table.players)),
        "first_dealer": table.first_dealer,
    }


def encode_planned(planned: Planned) -> str | None:
    return json.dumps([[list(table) for table in tables] for tables in planned]) if planned else None


def decode_planned(text: str | None) -> Planned:
    if not text:
        return ()
    return tuple(tuple(tuple(table) for table in tables) for tables in json.loads(text))

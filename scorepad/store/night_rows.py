"""What the store hands out about a club night, decoded from its rows: one decoding for both readers.

``nights`` reads a night's rows through SQLAlchemy, ``quick`` through the
standard ``sqlite3`` module; both turn them into a ``StoredNight`` here. It is
not part of ``nights`` because it imports no SQLAlchemy, which would cost the
quick reader more than the rest of its command (``rows`` is the same for a
match). The night keeps its tables as they were seated, with the names it knows its
players by, and who came and went (``core.night.state.Attendance``): with the
results of its tables' matches, what ``NightState.resume`` needs, so that no
round is drawn again to read a night. A row is anything with the columns as
attributes.

``night_of`` is the one gate of a night out of the store: it decodes the rows
(a column holds what scorepad writes there, or the night is damaged) and asks
``core.night.kept.checked_night`` to fold them and check the rest, so every reader of a night, and
``doctor``, meets a damaged one as a ``DamagedNight`` naming it.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from ..core.errors import RuleError, ScorepadError, UnknownNameError
from ..core.language import N_
from ..core.match import MatchState
from ..core.night.kept import checked_night
from ..core.night.movement import Movement
from ..core.night.seating import Cuts, Planned, Seating, Table
from ..core.night.state import Attendance, NightSettings, NightState
from ..core.rules import RuleSet
from .encoding import decode_rules
from .errors import StoreError


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
    state: NightState  #: the night folded from these parts, as its commands read it


class NoNightYet(UnknownNameError):
    """No night to name: none has been made."""

    def __init__(self) -> None:
        super().__init__(N_("there is no night yet"))


class DamagedNight(StoreError):
    """A night whose rows scorepad never wrote so: edited by hand, or cut short. Says the first of its ``problems``."""

    def __init__(self, night_id: int, problems: Sequence[object]) -> None:
        self.night_id, self.problems = night_id, tuple(problems)
        super().__init__(N_("night {night} is damaged in the store: {problem}"), night=night_id, problem=problems[0])


def night_of(row: Any, players: Iterable[Any], tables: Iterable[Any], matches: Mapping[int, MatchState]) -> StoredNight:
    """A night's row, its players' rows in the order they came and its tables' rows in order, as a value.

    ``matches`` holds the state of every table's match the store has. DamagedNight, with every fault found,
    unless the night is one scorepad could have written.
    """
    try:
        attendance = tuple(
            Attendance(
                p.name,
                _whole(p.joined_round, "joined_round", empty=True),
                _whole(p.left_round, "left_round", empty=True),
            )
            for p in players
        )
        rules = decode_rules(row.rules)
        settings = settings_of(row, attendance, rules)
        rounds = _rounds(tables)
        planned = decode_planned(row.planned)
        cuts = decode_cuts(row.cuts)
    except (ScorepadError, ValueError, TypeError, KeyError, AttributeError) as problem:
        raise DamagedNight(row.id, [problem]) from None
    state, faults = checked_night(settings, rules, attendance, rounds, planned, matches, cuts)
    if state is None:
        raise DamagedNight(row.id, faults)
    return StoredNight(
        row.id, row.uid, row.name, rules, settings, row.created_at, row.touched, attendance, rounds, planned, matches,
        state,
    )  # fmt: skip


def _rounds(rows: Iterable[Any]) -> tuple[tuple[StoredTable, ...], ...]:
    """The tables' rows, in order, as the rounds they seat: numbered from 1, one after another."""
    rounds: dict[int, list[StoredTable]] = {}
    for row in rows:
        round_, number = _whole(row.round, "round"), _whole(row.number, "number")
        table = Table(number, _seats(row.players, round_, number), _whole(row.first_dealer, "first_dealer"))
        rounds.setdefault(round_, []).append(StoredTable(table, _whole(row.match_id, "match_id")))
    numbers = sorted(rounds)
    if numbers != list(range(1, len(numbers) + 1)):
        raise RuleError(
            N_("its tables are seated in rounds {numbers}, not in rounds numbered from 1 on"),
            numbers=", ".join(map(str, numbers)),
        )
    return tuple(tuple(rounds[number]) for number in numbers)


def _seats(text: str, round_: int, number: int) -> tuple[str, ...]:
    """A table's players in seat order, from the JSON list of names its row keeps."""
    try:
        seats = json.loads(text)
    except ValueError:
        seats = None
    if not isinstance(seats, list) or not all(isinstance(name, str) for name in seats):
        raise RuleError(
            N_("round {round}, table {table}: its seats {seats} are not players' names"),
            round=round_,
            table=number,
            seats=text,
        )
    return tuple(seats)


def _whole(value: object, column: str, empty: bool = False) -> Any:
    """A column's whole number as scorepad writes it (or None, when ``empty`` may be): SQLite keeps any value."""
    if type(value) is int or (empty and value is None):
        return value
    raise RuleError(N_("{column} holds {value}, not a whole number"), column=column, value=repr(value))


def settings_of(source: Any, attendance: Sequence[Attendance], rules: RuleSet) -> NightSettings:
    """A night's settings from where they are kept by name (its row, or its part of a backup file)."""
    return NightSettings(
        players=tuple(line.name for line in attendance if line.joined is None),
        table_size=_whole(source.table_size, "table_size"),
        rounds=_whole(source.rounds, "rounds"),
        movement=Movement(source.movement),
        seating=Seating(source.seating),
        seed=_whole(source.seed, "seed"),
        decks=rules.decks,
        deals_per_player=_whole(source.deals_per_player, "deals_per_player"),
        min_rounds=_whole(source.min_rounds, "min_rounds", empty=True),
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
        "min_rounds": settings.min_rounds,
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
    rounds = json.loads(text)
    if not (
        isinstance(rounds, list)
        and all(isinstance(tables, list) for tables in rounds)
        and all(isinstance(table, list) for tables in rounds for table in tables)
        and all(isinstance(name, str) for tables in rounds for table in tables for name in table)
    ):
        raise RuleError(N_("the rounds drawn ahead are not tables of the night's players"))
    return tuple(tuple(tuple(table) for table in tables) for tables in rounds)


def encode_cuts(cuts: Cuts) -> str | None:
    """The cuts of a night's ties as its row keeps them: ``[{"round": 1, "tables": [["Ann", ...], ...]}, ...]``."""
    return json.dumps(cuts_json(cuts)) if cuts else None


def cuts_json(cuts: Cuts) -> list[dict[str, Any]]:
    return [{"round": number, "tables": [list(order) for order in orders]} for number, orders in cuts]


def decode_cuts(text: str | None) -> Cuts:
    return cuts_of(json.loads(text)) if text else ()


def cuts_of(kept: object) -> Cuts:
    """The cuts from their JSON (a row's, or a backup's); RuleError when it is not what ``cuts_json`` writes."""
    if not (
        isinstance(kept, list)
        and all(isinstance(cut, dict) and set(cut) == {"round", "tables"} for cut in kept)
        and all(type(cut["round"]) is int and isinstance(cut["tables"], list) for cut in kept)
        and all(isinstance(order, list) for cut in kept for order in cut["tables"])
        and all(isinstance(name, str) for cut in kept for order in cut["tables"] for name in order)
    ):
        raise RuleError(N_("the cuts of its ties are not rounds of players' names"))
    return tuple((cut["round"], tuple(tuple(order) for order in cut["tables"])) for cut in kept)

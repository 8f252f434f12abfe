"""Club nights: a new night, where it stands, the next round, players leaving and joining; each one transaction.

A night's rules are the core's (``core.night``); its tables' matches are
ordinary matches, made here in the night's rules with one deal per player
and round (or ``deals_per_player``), the first seat dealing first. A round
counts in the standings once every one of its tables is over; ``next_round``
ends it and seats the next. The store keeps each round's tables as they were
seated (``store.nights``): reading a night draws nothing again.

``night_status`` is the one reading of a night: the status of the command
line and the board of the room are both made from what it returns.
"""

from __future__ import annotations

import random
import uuid
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ..core.errors import RuleError
from ..core.language import N_, Phrase
from ..core.match import EntryKind, MatchState, Settings
from ..core.names import check_match_name, check_names
from ..core.night.kept import counted_rounds
from ..core.night.movement import WAYS, Movement
from ..core.night.scores import NightStanding, TableResult, minimum_rounds, night_standings
from ..core.night.seating import Seating, Table
from ..core.night.state import (
    MAX_SEED,
    Joined,
    Left,
    Move,
    NightEvent,
    NightOver,
    NightSettings,
    NightState,
    RoundPlayed,
)
from ..core.rules import RuleSet
from ..store import quick
from ..store.night_rows import NoNightYet, StoredNight

if TYPE_CHECKING:
    from ..core.night.movement.progressive import Climb
    from ..store.db import Connection, Store
    from ..store.nights import NightSummary

#: The table size of a night when none is given: a table of four, or of eight with two decks.
DEFAULT_TABLE_SIZE = {1: 4, 2: 8}


@dataclass(frozen=True)
class TableStatus:
    """A table of the round in play: who sits where (as the night names them), and its match."""

    number: int
    match_id: int
    players: tuple[str, ...]  #: in seat order
    first_dealer: int  #: the seat of who deals the match's first deal
    state: MatchState

    @property
    def dealer(self) -> str:
        return self.players[self.first_dealer]

    @property
    def over(self) -> bool:
        """The match has a winner or was abandoned: a tie-break still due is not over."""
        return self.state.finished

    @property
    def result(self) -> TableResult:
        """The players in finishing order with their totals, so far or final."""
        return TableResult.of_match(self.state, self.players)

    @property
    def deals(self) -> int:
        """The deals of the round's format: each player deals ``deals_per_player`` times."""
        return self.state.settings.format.value


@dataclass(frozen=True)
class NightStatus:
    """Where a night stands: its round in play, every table of it, and the night's standings."""

    night_id: int
    name: str | None
    settings: NightSettings
    rules: RuleSet
    round: int  #: the round in play, or the last once the night is over
    tables: tuple[TableStatus, ...]
    standings: tuple[NightStanding, ...]  #: over every round whose tables are all over
    leaving: tuple[str, ...] = ()  #: players who leave after this round
    joining: tuple[str, ...] = ()  #: players who join from the next round
    notes: tuple[Phrase, ...] = ()  #: what the command did, to tell the organiser
    moves: tuple[Move, ...] = ()  #: every player whose table is not the one they had the round before
    why: Climb | None = None  #: progressive movement: why the round in play sits so (the cuts, who stays)
    minimum: int = 0  #: the rounds a player must have played to be ranked with the others, as counted now

    @property
    def round_over(self) -> bool:
        return all(table.over for table in self.tables)

    @property
    def over(self) -> bool:
        return self.round == self.settings.rounds and self.round_over


class TableNotOver(RuleError):
    """A round cannot end while a table, ``table``, plays on: the refusal names the deal due there."""

    def __init__(self, table: TableStatus) -> None:
        self.table = table
        deal = table.state.next
        assert deal is not None  # not over: a deal is due
        if deal.kind is EntryKind.TIEBREAK:
            due = Phrase(N_("tie-break deal {number} is next"), number=deal.number)
        else:
            due = Phrase(N_("deal {number} of {deals} is next"), number=deal.number, deals=table.deals)
        super().__init__(
            N_("table {table} (match {match}) is not over: {due}"), table=table.number, match=table.match_id, due=due
        )


class NightOverWithStandings(NightOver):
    """The night's last round is over: there is no next one. ``status`` holds the final standings."""

    def __init__(self, status: NightStatus) -> None:
        self.status = status
        super().__init__()


class NoSuchTable(RuleError):
    """The round in play has fewer tables than the one asked for."""

    def __init__(self, round_: int, table: int) -> None:
        super().__init__(N_("round {round} has no table {table}"), round=round_, table=table)


# Reading.


def night_status(store: Store, night_id: int | None) -> NightStatus:
    """The night asked for, or the one most recently created or written to."""
    return _status(_read(store, night_id))[1]


def read_night(store: Store, night_id: int | None) -> StoredNight:
    """The night as the store keeps it, folded: its rounds seated, their matches, and its state."""
    return _read(store, night_id)


def _read(store: Store, night_id: int | None) -> StoredNight:
    """A night, from a SQLite file through the quick reader when it can, else from the store."""
    night = quick.stored_night(store.location, night_id)
    if night is not None:
        return night
    from ..store import nights

    with _opened(store) as conn:
        return nights.load(conn, nights.resolve_night_id(conn, night_id))


@contextmanager
def _opened(store: Store, write: bool = False) -> Iterator[Connection]:
    """A transaction on a store that holds nights: a store not made yet holds none."""
    from ..store.errors import NoStoreYet

    try:
        with store.write() if write else store.read() as conn:
            yield conn
    except NoStoreYet:
        raise NoNightYet() from None


def _status(night: StoredNight) -> tuple[NightState, NightStatus]:
    """The night as the core folds it (the store handed out a night that folds), and as it is shown."""
    state = night.state
    counted = night.rounds[: counted_rounds(night.rounds, night.matches)]
    results = (_result(night, table, match_id) for tables in counted for table, match_id in tables)
    minimum = minimum_rounds(len(counted), night.settings.min_rounds)
    standings = night_standings(state.players, results, minimum)
    why = WAYS[night.settings.movement].why
    tables = tuple(
        TableStatus(table.number, match_id, table.players, table.first_dealer, night.matches[match_id])
        for table, match_id in night.rounds[-1]
    )
    return state, NightStatus(
        night.id, night.name, night.settings, night.rules, state.round, tables, tuple(standings),
        state.leaving, state.joining, moves=state.moves(), why=why(state) if why else None, minimum=minimum,
    )  # fmt: skip


def _result(night: StoredNight, table: Table, match_id: int) -> TableResult:
    return TableResult.of_match(night.matches[match_id], table.players)


@dataclass(frozen=True)
class PlayedTable:
    """A table of a round that counts, with its match's finishing order."""

    round: int
    table: Table
    match_id: int
    result: TableResult


def night_results(store: Store, night_id: int | None) -> tuple[int, list[PlayedTable], tuple[NightStanding, ...]]:
    """The night's id, every table of the rounds that count, round by round, and the night's standings."""
    night = _read(store, night_id)
    played = [
        PlayedTable(number, table, match_id, _result(night, table, match_id))
        for number, tables in enumerate(night.rounds[: counted_rounds(night.rounds, night.matches)], start=1)
        for table, match_id in tables
    ]
    return night.id, played, _status(night)[1].standings


def nights(store: Store) -> list[NightSummary]:
    """Every night, newest first."""
    from ..store import nights as stored
    from ..store.errors import NoStoreYet

    try:
        with store.read() as conn:
            return stored.list_nights(conn)
    except NoStoreYet:
        return []


# Writing.


def new_night(
    store: Store,
    players: Sequence[str],
    rules: RuleSet,
    *,
    table_size: int | None = None,
    rounds: int = 4,
    deals_per_player: int = 1,
    movement: Movement = Movement.PROGRESSIVE,
    seating: Seating = Seating.RANDOM,
    seed: int | None = None,
    name: str | None = None,
    min_rounds: int | None = None,
) -> NightStatus:
    """A new night, its first round seated: a match at every table."""
    from ..store import matches, nights

    name = check_match_name(name)
    settings = NightSettings(
        check_names(players),  # as kept: NightSettings checks them, a night read back included, but keeps them as given
        DEFAULT_TABLE_SIZE[rules.decks] if table_size is None else table_size,
        rounds=rounds,
        movement=movement,
        seating=seating,
        seed=random.SystemRandom().randint(0, MAX_SEED) if seed is None else seed,
        decks=rules.decks,
        deals_per_player=deals_per_player,
        min_rounds=min_rounds,
    )
    state = NightState.start(settings)
    with store.write(create=True) as conn:
        night_id = nights.create(conn, settings, rules, uid=uuid.uuid4().hex, name=name, created_at=matches.now())
        _seat(conn, night_id, name, rules, state)
        return _status(nights.load(conn, night_id))[1]


def next_round(store: Store, night_id: int | None) -> NightStatus:
    """End the round in play and seat the next. TableNotOver while a table plays on; NightOverWithStandings after the last."""
    from ..store import nights

    with _opened(store, write=True) as conn:
        night = nights.load(conn, nights.resolve_night_id(conn, night_id), lock=True)
        state, status = _status(night)
        if status.over:
            raise NightOverWithStandings(status)
        for table in status.tables:
            if not table.over:
                raise TableNotOver(table)
        after = state.apply(RoundPlayed(tuple(table.result for table in status.tables)))
        _seat(conn, night.id, night.name, night.rules, after)
        return _status(nights.load(conn, night.id))[1]


def _seat(conn: Connection, night_id: int, name: str | None, rules: RuleSet, state: NightState) -> None:
    """Make the matches of the round the night has just seated, and keep its tables and who plays."""
    from ..store import matches, nights

    label = name or f"#{night_id}"
    tables = []
    for table in state.tables:
        settings = Settings(table.players, rules, state.settings.table_format(len(table.players)), table.first_dealer)
        title = _match_name(label, state.round, table.number)
        tables.append((table, matches.create(conn, settings, title, uuid.uuid4().hex, None)))
    nights.seat_round(conn, night_id, state.round, tables)
    nights.save(conn, night_id, state.attendance(), state.planned, cuts=state.cuts)


def _match_name(night: str, round_: int, table: int) -> str:
    """``Clubavond 2.3``: the night's name, the round and the table; within the length of a match's name."""
    tail = f" {round_}.{table}"
    most = 100 - len(tail)
    return (night if len(night) <= most else night[: most - 1] + "…") + tail


def leave(store: Store, night_id: int | None, name: str) -> NightStatus:
    """``name`` leaves the night after the round in play."""
    return _between_rounds(store, night_id, Left(name))


def join(store: Store, night_id: int | None, name: str) -> NightStatus:
    """``name`` joins the night from the next round."""
    return _between_rounds(store, night_id, Joined(name))


def _between_rounds(store: Store, night_id: int | None, event: NightEvent) -> NightStatus:
    from ..store import nights

    with _opened(store, write=True) as conn:
        night = nights.load(conn, nights.resolve_night_id(conn, night_id), lock=True)
        state, _ = _status(night)
        after = state.apply(event)
        nights.save(conn, night.id, after.attendance(), after.planned, cuts=after.cuts)
        status = _status(nights.load(conn, night.id))[1]
    return replace(status, notes=(_change(state, after),))


def _change(before: NightState, after: NightState) -> Phrase:
    """What a player leaving or joining changed, for the organiser to hear."""
    joined = [name for name in after.joining if name not in before.joining]
    if joined:
        return Phrase(N_("{player} joins from round {round}"), player=joined[0], round=after.round + 1)
    leaving = [name for name in after.leaving if name not in before.leaving]
    if leaving:
        return Phrase(N_("{player} leaves after round {round}"), player=leaving[0], round=after.round)
    gone = [name for name in before.joining if name not in after.joining]
    return Phrase(N_("{player} will not join after all"), player=gone[0])


# Following a table from round to round (``scorepad play --night``).


@dataclass(frozen=True)
class FollowedTable:
    """Table ``number`` of the latest round seated: its match, or None when that round has fewer tables."""

    night_id: int
    number: int
    round: int
    rounds: int
    match_id: int | None


def followed_table(store: Store, night_id: int | None, number: int) -> FollowedTable:
    """Where table ``number`` plays now: the match of the latest round seated.

    The night is read whole, as its status reads it: a damaged night is refused here too.
    """
    night = _read(store, night_id)
    match_id = next((match_id for table, match_id in night.rounds[-1] if table.number == number), None)
    return FollowedTable(night.id, number, len(night.rounds), night.settings.rounds, match_id)

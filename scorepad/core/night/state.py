"""A club night as a fold over its events, as a match is a fold over its entries.

A night is its settings (players, table size, rounds, movement, seating, seed,
decks) plus what happened since: each round's results, and the players who
left or joined between rounds. The seating of every round is a pure function
of that list: the first round from the seating and the seed, every other from
the round before it, its results, who left and who joined, by the movement.
So a night read back from the store is seated exactly as it was played.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

from ..errors import RuleError, UnknownNameError
from ..language import N_
from ..match import Format, FormatKind
from ..names import check_name, check_names, name_key
from ..numbers import MAX_DIGITS
from ..rules import parse_decks
from ..text import quoted
from .movement import WAYS, Movement
from .scores import NightStanding, TableResult, minimum_rounds, night_standings
from .seating import Cuts, Planned, Seating, Table, check_table_size, first_round, table_bounds, table_sizes

#: The most players a night seats: 50 tables of 4, as a large club's hall holds.
MAX_PLAYERS = 200
#: The most rounds of a night. A round is a whole match at every table, and the
#: mixed movement plans all the rounds to come at once: this bounds that work.
MAX_ROUNDS = 20
#: A seed has at most as many digits as any number scorepad stores.
MAX_SEED = 10**MAX_DIGITS - 1
#: The most deals each player deals in a round: a round's match is a few deals round the table.
MAX_DEALS_PER_PLAYER = 10


class NightOver(RuleError):
    """A change to a night whose last round is over: no round is played after it, nobody joins or leaves."""

    def __init__(self) -> None:
        super().__init__(N_("the night is over"))


@dataclass(frozen=True)
class NightSettings:
    """What is fixed when a night is created. Checked when made: a value is a night that can be seated."""

    players: tuple[str, ...]
    table_size: int
    rounds: int = 4
    movement: Movement = Movement.PROGRESSIVE
    seating: Seating = Seating.RANDOM
    seed: int = 0
    decks: int = 1
    deals_per_player: int = 1  #: each table's match deals this many times round the table
    #: The rounds a player must play to be ranked with the others (``--min-rounds``); None: half the rounds played.
    min_rounds: int | None = None

    def table_format(self, players: int) -> Format:
        """How a table's match of ``players`` ends: once each of them has dealt ``deals_per_player`` times."""
        return Format(FormatKind.DEALS, self.deals_per_player * players)

    def __post_init__(self) -> None:
        parse_decks(self.decks)
        check_names(self.players)
        check_count(len(self.players), self.decks)
        table_sizes(len(self.players), self.table_size, self.decks)
        if not 1 <= self.rounds <= MAX_ROUNDS:
            raise RuleError(N_("a night has 1 to {most} rounds, not {count}"), most=MAX_ROUNDS, count=self.rounds)
        if not 0 <= self.seed <= MAX_SEED:
            raise RuleError(N_("a seed is a whole number from 0 to {most}, not {seed}"), most=MAX_SEED, seed=self.seed)
        if not 1 <= self.deals_per_player <= MAX_DEALS_PER_PLAYER:
            raise RuleError(
                N_("a round has 1 to {most} deals per player, not {count}"),
                most=MAX_DEALS_PER_PLAYER,
                count=self.deals_per_player,
            )
        if self.min_rounds is not None and not 1 <= self.min_rounds <= self.rounds:
            raise RuleError(
                N_("the minimum of rounds is 1 to the night's {rounds}, not {count}"),
                rounds=self.rounds,
                count=self.min_rounds,
            )


def check_count(players: int, decks: int) -> None:
    """Refuse a night of too few or too many players for its decks."""
    least = table_bounds(decks)[0]
    if not least <= players <= MAX_PLAYERS:
        raise RuleError(
            N_("a night has {least} to {most} players, not {count}"), least=least, most=MAX_PLAYERS, count=players
        )


@dataclass(frozen=True)
class RoundPlayed:
    """The results of the round in play, one per table in table order: the round ends, the next is seated."""

    results: tuple[TableResult, ...]


@dataclass(frozen=True)
class Left:
    """A player leaves the night from the next round on."""

    name: str


@dataclass(frozen=True)
class Joined:
    """A new player joins the night from the next round on."""

    name: str


NightEvent = RoundPlayed | Left | Joined


@dataclass(frozen=True)
class Move:
    """A player whose table changed from the round before: ``source`` None for a player who joined."""

    name: str
    source: int | None
    to: int


@dataclass(frozen=True)
class Attendance:
    """One player's part in a night: the round they joined from (None: from the first) and the last they play (None: to the end)."""

    name: str
    joined: int | None = None
    left: int | None = None

    def plays(self, round_: int) -> bool:
        return (self.joined or 1) <= round_ and (self.left is None or round_ <= self.left)


@dataclass(frozen=True)
class NightState:
    """Where a night stands after some events. Apply events with ``apply``."""

    settings: NightSettings
    rounds: tuple[tuple[Table, ...], ...]  #: the tables of every round seated, round 1 first; the last is in play
    results: tuple[tuple[TableResult, ...], ...] = ()  #: the results of every round played
    leaving: tuple[str, ...] = ()  #: players who leave after the round in play, in the order of ``players``
    joining: tuple[str, ...] = ()  #: players who join from the next round
    joined: tuple[str, ...] = ()  #: every player who joined the night, in the order they came
    #: With a movement that plans the night whole (mixed, stay), the tables of the rounds after the one in
    #: play, planned again when someone leaves or joins: the rounds to come are drawn together.
    planned: Planned = field(default=(), repr=False)
    #: Progressive movement: each round's finishing orders as the cut settled its ties, by the round they were read
    #: from (a night kept before the cut was has none).
    cuts: Cuts = field(default=(), repr=False)

    @classmethod
    def start(cls, settings: NightSettings) -> NightState:
        # Here, not in NightSettings: a night that an earlier scorepad began at tables of 7 (which
        # seated 8 players at two tables of 4) is still read back, and seated, as it was.
        check_table_size(settings.table_size, settings.decks)
        tables = first_round(settings.players, settings.table_size, settings.decks, settings.seating, settings.seed)
        return cls(settings, rounds=(tables,)).replanned()

    @classmethod
    def resume(
        cls,
        settings: NightSettings,
        rounds: Sequence[tuple[Table, ...]],
        results: Sequence[tuple[TableResult, ...]],
        attendance: Sequence[Attendance],
        planned: Planned = (),
        cuts: Cuts = (),
    ) -> NightState:
        """The night as it was kept (``attendance`` and ``planned`` as this state gave them), without seating it again.

        Mixed movement draws its rounds with a search that takes up to a second
        for a big night: a night read back takes its tables as they were seated.
        RuleError when the parts do not make a night that could have been played.
        """
        played = len(results)
        if not 1 <= len(rounds) <= settings.rounds or played not in (len(rounds) - 1, settings.rounds):
            raise RuleError(
                N_("a night of {rounds} rounds cannot have {seated} seated and {played} played"),
                rounds=settings.rounds,
                seated=len(rounds),
                played=played,
            )
        current = len(rounds)
        state = cls(
            settings,
            rounds=tuple(rounds),
            results=tuple(results),
            leaving=tuple(line.name for line in attendance if line.left == current and played < current),
            joining=tuple(line.name for line in attendance if line.joined == current + 1),
            joined=tuple(line.name for line in attendance if line.joined is not None),
            planned=planned,
            cuts=cuts,
        )
        _check_kept(state, attendance)
        return state

    @property
    def round(self) -> int:
        """The number of the round in play (or of the last round, once the night is over)."""
        return len(self.rounds)

    @property
    def tables(self) -> tuple[Table, ...]:
        """The tables of the round in play."""
        return self.rounds[-1]

    @property
    def over(self) -> bool:
        return len(self.results) == self.settings.rounds

    @property
    def players(self) -> tuple[str, ...]:
        """Every player of the night, in the order they came: those who left too, and those about to join."""
        return self.settings.players + self.joined

    @property
    def seated(self) -> tuple[str, ...]:
        """The players of the round in play, table after table, seat after seat."""
        return tuple(name for table in self.tables for name in table.players)

    def attendance(self) -> tuple[Attendance, ...]:
        """Who plays which rounds, in the order they came: with the tables, what a night is ``resume``d from."""
        seated: dict[str, list[int]] = {}
        for number, tables in enumerate(self.rounds, start=1):
            for table in tables:
                for name in table.players:
                    seated.setdefault(name, []).append(number)
        lines = []
        for name in self.players:
            rounds = seated.get(name, [self.round + 1])  # only a player about to join has sat nowhere yet
            joined = None if name in self.settings.players else rounds[0]
            left = self.round if name in self.leaving else rounds[-1] if rounds[-1] < self.round else None
            lines.append(Attendance(name, joined, left))
        return tuple(lines)

    def moves(self) -> tuple[Move, ...]:
        """Every player of the round in play whose table is not the one they had in the round before, table by table."""
        if self.round < 2:
            return ()
        had = {name: table.number for table in self.rounds[-2] for name in table.players}
        return tuple(
            Move(name, had.get(name), table.number)
            for table in self.tables
            for name in table.players
            if had.get(name) != table.number
        )

    def standings(self) -> list[NightStanding]:
        minimum = minimum_rounds(len(self.results), self.settings.min_rounds)
        return night_standings(self.players, (result for played in self.results for result in played), minimum)

    def apply(self, event: NightEvent) -> NightState:
        """The night after one more event."""
        if isinstance(event, RoundPlayed):
            return self._played(event.results)
        if isinstance(event, Left):
            return self._left(event.name)
        return self._joined(event.name)

    # Ending a round and seating the next.

    def _played(self, results: tuple[TableResult, ...]) -> NightState:
        if self.over:
            raise NightOver()
        if len(results) != len(self.tables):
            raise RuleError(
                N_("round {round} has {count} tables, not {given}"),
                round=self.round,
                count=len(self.tables),
                given=len(results),
            )
        for table, result in zip(self.tables, results, strict=True):
            if sorted(result.names) != sorted(table.players):
                raise RuleError(
                    N_("table {table} seats {players}, not {given}"),
                    table=table.number,
                    players=", ".join(table.players),
                    given=", ".join(result.names),
                )
        played = replace(self, results=(*self.results, tuple(results)))
        return played if played.over else played._seat_next()

    def next_players(self) -> list[str]:
        """Who plays the next round: the players of this one but those who leave, then those who join."""
        return [name for name in self.seated if name not in self.leaving] + list(self.joining)

    def replanned(self) -> NightState:
        """The night with the rounds after the one in play planned again, by a movement that plans ahead.

        The rounds seated stay as they are: only the rounds to come are drawn, after them.
        """
        plan = WAYS[self.settings.movement].plan
        if plan is None or self.round >= self.settings.rounds:
            return self
        return replace(self, planned=plan(self))

    def _seat_next(self) -> NightState:
        seated = WAYS[self.settings.movement].seat(self)
        cuts = (*self.cuts, (self.round, seated.ladder)) if seated.ladder else self.cuts
        return replace(
            self, rounds=(*self.rounds, seated.tables), leaving=(), joining=(), planned=seated.planned, cuts=cuts
        )

    # Between rounds: players leave and join.

    def _left(self, name: str) -> NightState:
        self._require_next_round()
        player = self._named(name)
        if player in self.joining:  # joined and leaves before playing: as if they never came
            left = replace(self, joining=_without(self.joining, player), joined=_without(self.joined, player))
        else:
            # In the night's order, not the order they said so: nothing hangs on it, and a night read back is the same.
            left = replace(self, leaving=tuple(name for name in self.players if name in {*self.leaving, player}))
        left._check_next(N_("{player} cannot leave: {problem}"), player)
        return left.replanned()

    def _joined(self, name: str) -> NightState:
        self._require_next_round()
        name = check_name(name)
        for player in self.players:
            if name_key(player) == name_key(name):
                raise RuleError(N_("{player} is a player of this night already"), player=player)
        joined = replace(self, joining=(*self.joining, name), joined=(*self.joined, name))
        joined._check_next(N_("{player} cannot join: {problem}"), name)
        return joined.replanned()

    def _require_next_round(self) -> None:
        if self.over:
            raise NightOver()
        if self.round == self.settings.rounds:
            raise RuleError(N_("round {round} is the night's last: nobody joins or leaves after it"), round=self.round)

    def _named(self, name: str) -> str:
        """The player of the next round by that name, ignoring case; a refusal for anyone else."""
        wanted = name_key(name.strip())
        for player in self.players:
            if name_key(player) != wanted:
                continue
            if player in self.leaving:
                raise RuleError(N_("{player} leaves after this round already"), player=player)
            if player not in self.seated and player not in self.joining:
                raise RuleError(N_("{player} has left the night"), player=player)
            return player
        raise UnknownNameError(
            N_("no player {name} in this night ({players})"),
            name=quoted(name),
            players=", ".join(self.next_players()),
        )

    def _check_next(self, refusal: str, player: str) -> None:
        """Refuse (with ``refusal``, naming the player and the problem) when the next round could not be seated."""
        try:
            check_count(len(self.next_players()), self.settings.decks)
            WAYS[self.settings.movement].check(self)
        except RuleError as problem:
            raise RuleError(refusal, player=player, problem=problem) from None


def _check_kept(state: NightState, attendance: Sequence[Attendance]) -> None:
    """Refuse a night read back whose rounds do not seat exactly the players it says played them, at tables in bounds."""
    players = state.settings.players
    if tuple(line.name for line in attendance if line.joined is None) != players:
        raise RuleError(N_("the night's players from round 1 are not {players}"), players=", ".join(players))
    least, most = table_bounds(state.settings.decks)
    for number, tables in enumerate(state.rounds, start=1):
        seated = [name for table in tables for name in table.players]
        playing = [line.name for line in attendance if line.plays(number)]
        if sorted(seated) != sorted(playing):
            raise RuleError(
                N_("round {round} seats {seated}, not the night's players then: {players}"),
                round=number,
                seated=", ".join(seated),
                players=", ".join(playing),
            )
        for at, table in enumerate(tables, start=1):
            if (
                table.number != at
                or not least <= len(table.players) <= most
                or not 0 <= table.first_dealer < len(table.players)
            ):
                raise RuleError(
                    N_("round {round}: table {table} ({players}) is not a table the night could seat"),
                    round=number,
                    table=at,
                    players=", ".join(table.players),
                )
    for number, played in enumerate(state.results, start=1):
        if [sorted(table.players) for table in state.rounds[number - 1]] != [sorted(r.names) for r in played]:
            raise RuleError(N_("the results of round {round} are not those of its tables"), round=number)
    for groups in state.planned:
        drawn = [name for group in groups for name in group]
        if len(set(drawn)) != len(drawn) or any(not least <= len(group) <= most for group in groups):
            raise RuleError(N_("the rounds drawn ahead are not tables of the night's players"))
    _check_cuts(state)
    if state.attendance() != tuple(attendance):
        raise RuleError(N_("who joined and left the night does not agree with its rounds"))


def _check_cuts(state: NightState) -> None:
    """Refuse kept cuts that are not the finishing orders of rounds that seated another, ties apart."""
    for number, orders in state.cuts:
        if not 1 <= number < len(state.rounds) or number > len(state.results):
            raise RuleError(N_("the cut of round {round} is not that of a round played"), round=number)
        results = state.results[number - 1]
        places = {finish.name: finish.place for result in results for finish in result.finishes}
        if [sorted(order) for order in orders] != [sorted(result.names) for result in results] or any(
            [places[name] for name in order] != sorted(places[name] for name in order) for order in orders
        ):
            raise RuleError(N_("the cut of round {round} is not its finishing order"), round=number)


def _without(names: tuple[str, ...], name: str) -> tuple[str, ...]:
    return tuple(other for other in names if other != name)


def fold_night(settings: NightSettings, events: Iterable[NightEvent]) -> NightState:
    """The state of a night after all its events."""
    state = NightState.start(settings)
    for event in events:
        state = state.apply(event)
    return state

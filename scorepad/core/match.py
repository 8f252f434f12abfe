"""A match as a fold over its entries.

A match is its settings plus the entries that stand: scored deals, tie-break
deals, misdeals and seat changes (a substitute taking a seat). Dealer, eldest,
totals, who sits where, the end of the match and the tie-break state are a
pure function of that list, so undo is "drop the last entry", a correction is
"replace one and fold again", and the table mode applies one entry at a time
without reloading anything.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, replace
from functools import cache, cached_property

from .cards import Card
from .errors import MatchClosed, RuleError, UnknownNameError
from .language import N_
from .names import check_name, name_key
from .rules import Direction, RuleSet
from .scoring import Outcome, ScoreInput, check_outcome, check_scores, renege_outcome
from .seats import eldest, next_left, pass_direction, pass_targets
from .standings import add_deal
from .text import quoted


class FormatKind(enum.Enum):
    """How a match ends."""

    DEALS = "deals"  #: after a fixed number of deals, a multiple of the number of players
    OVER = "over"  #: after the deal in which some total goes over the value
    REACH = "reach"  #: after the deal in which some total reaches the value


@dataclass(frozen=True, slots=True)
class Format:
    """How a match ends: its kind, and the number of deals or the total that ends it."""

    kind: FormatKind
    value: int

    def check(self, players: int) -> None:
        if self.value < 1:
            raise RuleError(N_("the match format needs a positive number, not {value}"), value=self.value)
        if self.kind is FormatKind.DEALS and self.value % players:
            # docs/rules.md: with four players 9 is refused and 12 or 16 offered.
            higher = self.value - self.value % players + players
            raise RuleError(
                N_("{deals} deals do not go round {count} players equally: try {higher} or {next}"),
                deals=self.value,
                count=players,
                higher=higher,
                next=higher + players,
            )

    def ended(self, totals: Iterable[int], deals_played: int) -> bool:
        if self.kind is FormatKind.DEALS:
            return deals_played >= self.value
        # Asked after every deal: the highest total decides (and none, of no totals).
        if self.kind is FormatKind.OVER:
            return max(totals, default=self.value) > self.value
        return max(totals, default=self.value - 1) >= self.value

    def to_json(self) -> dict:
        return {"kind": self.kind.value, "value": self.value}


def default_format(players: int, rules: RuleSet) -> Format:
    """Three rounds of deals with one deck; one round with two, whose deals are long (docs/rules.md)."""
    rounds = 1 if rules.decks == 2 else 3
    return Format(FormatKind.DEALS, rounds * players)


class EntryKind(enum.Enum):
    DEAL = "deal"
    TIEBREAK = "tiebreak"
    MISDEAL = "misdeal"
    SEAT = "seat"  #: a substitute takes a seat: no deal, no number of its own


#: The kinds of entry that are deals with scores, numbered 1, 2, 3...
SCORED = frozenset({EntryKind.DEAL, EntryKind.TIEBREAK})


@dataclass(frozen=True, slots=True)
class Substitute:
    """From the next deal on, ``player`` plays ``seat``: its total goes on, the deals before stay its old player's."""

    seat: int
    player: str


@dataclass(frozen=True, slots=True)
class Entry:
    """One entry that stands in a match: a scored deal, a tie-break deal, a misdeal or a seat change."""

    kind: EntryKind
    outcome: Outcome | None = None  #: None for a misdeal and a seat change
    substitute: Substitute | None = None  #: a seat change's

    @classmethod
    def misdeal(cls) -> Entry:
        return cls(EntryKind.MISDEAL)

    @classmethod
    def seat(cls, seat: int, player: str) -> Entry:
        return cls(EntryKind.SEAT, substitute=Substitute(seat, player))


@dataclass(frozen=True)
class Settings:
    """What is fixed when a match is created; ``MatchState.settings`` has the seats' players now."""

    players: tuple[str, ...]
    rules: RuleSet
    format: Format
    first_dealer: int = 0

    def __post_init__(self) -> None:
        self.rules.check_table(len(self.players))
        self.format.check(len(self.players))

    @cached_property
    def names(self) -> dict[int, str]:
        return dict(enumerate(self.players))

    @cached_property
    def seats(self) -> tuple[int, ...]:
        return tuple(range(len(self.players)))

    @cached_property
    def _seat_by_name(self) -> dict[str, int]:
        seats: dict[str, int] = {}
        for seat, player in enumerate(self.players):
            seats.setdefault(name_key(player), seat)
        return seats

    def seat_of(self, name: str) -> int:
        """The seat of a player, by name, ignoring case."""
        seat = self._seat_by_name.get(name_key(name.strip()))
        if seat is not None:
            return seat
        raise UnknownNameError(
            N_("no player {name} in this match ({players})"), name=quoted(name), players=", ".join(self.players)
        )


@dataclass(frozen=True, slots=True)
class NextDeal:
    """Everything the table needs before dealing: who deals, leads, plays, passes to whom."""

    kind: EntryKind  #: DEAL or TIEBREAK
    number: int
    dealer: int
    eldest: int
    players: tuple[int, ...]
    direction: Direction
    pass_to: Mapping[int, int]
    removed: tuple[Card, ...]
    deal_total: int
    round: int | None = None  #: the tie-break round, 1 for the first
    decks: int = 1  #: 2 only from six players of a two-deck match
    cards_each: int = 0


@dataclass(frozen=True, slots=True)
class Turn:
    """Who deals the next deal and who plays it: all that folding an entry needs of it."""

    kind: EntryKind  #: DEAL or TIEBREAK
    dealer: int
    players: tuple[int, ...]
    round: int | None = None  #: the tie-break round, 1 for the first


@cache  # the same for every deal of a table: worked out once
def _dealt(rules: RuleSet, players: int) -> tuple[tuple[Card, ...], int, int, int]:
    """What a deal for that many players is dealt from: the cards taken out, the deal total, decks, cards each."""
    return rules.removed(players), rules.deal_total(players), rules.decks_for(players), rules.cards_each(players)


@dataclass(frozen=True)
class MatchState:
    """Where a match stands after some entries. Apply entries with ``apply``."""

    settings: Settings
    totals: tuple[int, ...]
    deals_played: int = 0  #: scored deals before any tie-break
    scored: int = 0  #: scored deals including tie-break deals: the last deal's number
    last_dealer: int | None = None
    tiebreak: tuple[tuple[int, ...], int] | None = None  #: (tied seats, round) when one is due
    winner: int | None = None
    abandoned: bool = False
    #: (seat, player) of each player who gave up a seat to a substitute, in order; ``settings`` has who sits now
    former: tuple[tuple[int, str], ...] = ()

    @classmethod
    def start(cls, settings: Settings) -> MatchState:
        return cls(settings, totals=(0,) * len(settings.players))

    @property
    def finished(self) -> bool:
        return self.winner is not None or self.abandoned

    @property
    def rules(self) -> RuleSet:
        return self.settings.rules

    @property
    def _turn(self) -> Turn | None:
        """The turn of the next deal, or None when the match is over: cheap to work out, so not kept."""
        if self.finished:
            return None
        seats = len(self.settings.players)
        if self.tiebreak is None:
            dealer = (self.settings.first_dealer + self.deals_played) % seats
            return Turn(EntryKind.DEAL, dealer, self.settings.seats)
        players, round_ = self.tiebreak
        assert self.last_dealer is not None  # a tie-break is due only after a deal
        return Turn(EntryKind.TIEBREAK, next_left(self.last_dealer, players, seats), players, round_)

    @cached_property
    def next(self) -> NextDeal | None:
        """The deal the table plays next, or None when the match is over."""
        turn = self._turn
        if turn is None:
            return None
        players = turn.players
        number = self.scored + 1
        direction = pass_direction(self.rules.pass_rule, len(players), number)
        removed, deal_total, decks, cards_each = _dealt(self.rules, len(players))
        return NextDeal(
            kind=turn.kind,
            number=number,
            dealer=turn.dealer,
            eldest=eldest(turn.dealer, players, len(self.settings.players)),
            players=players,
            direction=direction,
            pass_to=pass_targets(direction, players),
            removed=removed,
            deal_total=deal_total,
            round=turn.round,
            decks=decks,
            cards_each=cards_each,
        )

    def _due(self) -> NextDeal:
        self._require_turn()
        assert self.next is not None  # there is a turn
        return self.next

    def _require_turn(self) -> Turn:
        turn = self._turn
        if turn is None:
            raise MatchClosed(self.abandoned)
        return turn

    # Entering: turn what the table says into a checked Entry for the next deal.

    def enter(self, scores: Mapping[int, ScoreInput]) -> Entry:
        deal = self._due()
        outcome = check_scores(self.rules, deal.players, scores, self.settings.names)
        return Entry(deal.kind, outcome)

    def enter_renege(self, offender: int) -> Entry:
        deal = self._due()
        if offender not in deal.players:
            raise RuleError(N_("{player} does not play this deal"), player=self.settings.players[offender])
        return Entry(deal.kind, renege_outcome(self.rules, deal.players, offender))

    def enter_misdeal(self) -> Entry:
        self._due()
        return Entry.misdeal()

    def enter_seat(self, old: str, new: str) -> Entry:
        """``new`` takes the seat of ``old``, a player now, from the next deal on."""
        self._require_turn()
        entry = Entry.seat(self.seat_of(old), check_name(new.strip()))
        self._seated(entry.substitute)  # refused here, before anything is written, as the fold would refuse it
        return entry

    def seat_of(self, name: str) -> int:
        """The seat of a player now, by name, ignoring case; a player who gave up their seat is told so."""
        try:
            return self.settings.seat_of(name)
        except UnknownNameError:
            for seat, player in reversed(self.former):
                if name_key(player) == name_key(name.strip()):
                    raise RuleError(
                        N_("{player} no longer plays: {now} took their seat"),
                        player=player,
                        now=self.settings.players[seat],
                    ) from None
            raise

    @property
    def everyone(self) -> tuple[str, ...]:
        """Every player the match has had, each once: each seat's player now, then those who gave up a seat, in order."""
        return tuple(dict.fromkeys([*self.settings.players, *(player for _seat, player in self.former)]))

    def replaced(self, seat: int) -> tuple[str, ...]:
        """Whom the player of ``seat`` now replaced there: its earlier players, each once, oldest first."""
        now = name_key(self.settings.players[seat])
        return tuple(dict.fromkeys(p for s, p in self.former if s == seat and name_key(p) != now))

    # Folding.

    def apply(self, entry: Entry, strict: bool = False) -> MatchState:
        """The state after one more entry. ``strict`` checks its scores against the rules again."""
        return self._apply(entry, self._require_turn(), strict)

    def _apply(self, entry: Entry, turn: Turn, strict: bool) -> MatchState:
        number = self.scored + 1
        if entry.kind is EntryKind.MISDEAL:
            return self
        if entry.kind is EntryKind.SEAT:
            if strict and entry.substitute is not None:
                check_name(entry.substitute.player)
            return self._seated(entry.substitute)
        if entry.kind is not turn.kind:  # a deal where a tie-break deal is due, or the other way round
            if turn.kind is EntryKind.TIEBREAK:
                raise RuleError(N_("deal {number} must be a tie-break deal, not a deal"), number=number)
            raise RuleError(N_("deal {number} must be a deal, not a tiebreak"), number=number)
        outcome = entry.outcome
        if outcome is None or outcome.scores.keys() != set(turn.players):
            raise RuleError(N_("deal {number} has scores for the wrong players"), number=number)
        if strict:
            check_outcome(self.rules, turn.players, outcome, self.settings.names)
        if turn.kind is EntryKind.TIEBREAK:
            assert turn.round is not None  # a tie-break deal has its round
            state = replace(self, scored=number, last_dealer=turn.dealer)
            return state._settle(outcome.scores, round_=turn.round + 1)
        totals = add_deal(self.totals, outcome.scores)
        state = replace(self, totals=totals, deals_played=self.deals_played + 1, scored=number, last_dealer=turn.dealer)
        if not self.settings.format.ended(totals, state.deals_played):
            return state
        return state._settle(dict(enumerate(totals)), round_=1)

    def _settle(self, scores: Mapping[int, int], round_: int) -> MatchState:
        """The lowest wins alone, or those tied for lowest play a tie-break deal."""
        low = min(scores.values())
        tied = tuple(sorted(s for s, v in scores.items() if v == low))
        if len(tied) == 1:
            return replace(self, winner=tied[0], tiebreak=None)
        return replace(self, tiebreak=(tied, round_))

    def _seated(self, substitute: Substitute | None) -> MatchState:
        """The state once ``substitute`` sits in their seat: refused when they play in the match now."""
        players = list(self.settings.players)
        if substitute is None or not 0 <= substitute.seat < len(players):
            raise RuleError(N_("a seat change needs a seat of the match and its new player"))
        seat, player = substitute.seat, substitute.player
        for sitting in players:
            if name_key(sitting) == name_key(player):
                raise RuleError(N_("{player} already plays in this match"), player=sitting)
        gone, players[seat] = players[seat], player
        return replace(
            self, settings=replace(self.settings, players=tuple(players)), former=(*self.former, (seat, gone))
        )

    def abandon(self) -> MatchState:
        return replace(self, abandoned=True, tiebreak=None)

    # A snapshot is the fold's result kept beside the entries, so that reading
    # where a long match stands needs none of them. It is the same fold: the
    # store writes it after every entry and ``scorepad doctor`` folds again to check.
    # The seats' players now and those who left are kept only once a substitute came
    # in: a match that never had one keeps the snapshot it always had.

    def snapshot(self) -> dict:
        kept = {
            "totals": list(self.totals),
            "deals_played": self.deals_played,
            "scored": self.scored,
            "last_dealer": self.last_dealer,
            "tiebreak": [list(self.tiebreak[0]), self.tiebreak[1]] if self.tiebreak else None,
            "winner": self.winner,
        }
        if self.former:
            kept |= {"players": list(self.settings.players), "former": [list(left) for left in self.former]}
        return kept

    @classmethod
    def from_snapshot(cls, settings: Settings, data: Mapping) -> MatchState:
        """The state a snapshot keeps, ``settings`` being the match's as it was created."""
        tiebreak = data["tiebreak"]
        former = tuple((seat, player) for seat, player in data.get("former", ()))
        if former:
            settings = replace(settings, players=tuple(data["players"]))
        return cls(
            settings,
            totals=tuple(data["totals"]),
            deals_played=data["deals_played"],
            scored=data["scored"],
            last_dealer=data["last_dealer"],
            tiebreak=(tuple(tiebreak[0]), tiebreak[1]) if tiebreak else None,
            winner=data["winner"],
            former=former,
        )


@dataclass(frozen=True, slots=True)
class Step:
    """One entry of a replayed match: the deal's number and dealer, and the state after it."""

    entry: Entry
    number: int  #: a misdeal carries the number of the deal dealt again
    dealer: int
    after: MatchState


def fold_steps(settings: Settings, entries: Iterable[Entry], strict: bool = False) -> Iterator[Step]:
    """Fold the entries one at a time, yielding each with its deal's number and dealer and the state after it."""
    state = MatchState.start(settings)
    for entry in entries:
        turn = state._require_turn()
        number = state.scored + 1
        state = state._apply(entry, turn, strict)
        yield Step(entry, number, turn.dealer, state)


def fold(settings: Settings, entries: Iterable[Entry], strict: bool = False) -> MatchState:
    """The state of a match after all its entries."""
    state = MatchState.start(settings)
    for entry in entries:
        state = state.apply(entry, strict=strict)
    return state


def deal_index(entries: list[Entry], number: int) -> int:
    """Where scored deal ``number`` stands in the list of entries."""
    count = 0
    for index, entry in enumerate(entries):
        if entry.kind in SCORED:
            count += 1
            if count == number:
                return index
    raise UnknownNameError(N_("there is no deal {number} (deals so far: {count})"), number=number, count=count)


def correct(
    settings: Settings, entries: list[Entry], number: int, make: Callable[[MatchState], Entry]
) -> tuple[list[Entry], MatchState]:
    """Replace scored deal ``number`` by ``make(state before it)`` and fold again.

    Refused when an entry after it would stop being valid: the match would have
    ended earlier, or a tie-break deal would no longer be due or be played by others.
    """
    index = deal_index(entries, number)
    state = MatchState.start(settings)
    changed = list(entries)
    for i, entry in enumerate(entries):
        if i == index:
            changed[i] = entry = make(state)
        try:
            state = state.apply(entry)
        except RuleError as error:
            if i <= index:
                raise
            raise later_entries_first(number, error) from None
    return changed, state


def later_entries_first(number: int, problem: RuleError) -> RuleError:
    """The refusal of a change to deal ``number`` that an entry after it would no longer follow (``problem``)."""
    return RuleError(N_("undo the entries after deal {number} first: then {problem}"), number=number, problem=problem)

"""Seats and turns: the cut for first dealer, rotation, the eldest hand, passing.

Seats are numbered 0.. in clockwise order, so "to the left" is the next seat.
Functions take the seats that play a deal (all of them, or the tied players of
a tie-break deal) so one rule serves both.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .cards import ENGLISH, Card, Letters
from .errors import NotationError, RuleError
from .language import N_, Phrase, and_list
from .names import name_key
from .rules import Direction, PassRule


def next_left(seat: int, among: Sequence[int], seats: int) -> int:
    """The first of ``among`` found going clockwise (left) from ``seat``, never seat itself."""
    for step in range(1, seats + 1):
        candidate = (seat + step) % seats
        if candidate in among and candidate != seat:
            return candidate
    raise RuleError(N_("no other player to pass the deal to"))


def cut_winner(cuts: Sequence[Mapping[int, Card]], seats: int, names: Mapping[int, str], decks: int = 1) -> int:
    """The first dealer from rounds of cutting: lowest rank deals, ties cut again among themselves.

    A card may be cut as often as the decks hold it. Raises RuleError
    "recut: NAMES" when the last round still ties for lowest.
    """
    if not cuts:
        raise RuleError(N_("no cut given"))
    cutting = list(range(seats))
    for number, round_ in enumerate(cuts, start=1):
        if sorted(round_) != cutting:
            expected = ", ".join(names[s] for s in cutting)
            given = ", ".join(names[s] for s in sorted(round_)) or Phrase(N_("none"))
            if number == 1:
                raise RuleError(
                    N_("the cut must give a card for each of {players} (got {given})"), players=expected, given=given
                )
            raise RuleError(
                N_("recut {number} must give a card for each of {players} (got {given})"),
                number=number - 1,
                players=expected,
                given=given,
            )
        seen: dict[Card, list[int]] = {}
        for seat, card in round_.items():
            cutters = seen.setdefault(card, [])
            cutters.append(seat)
            if len(cutters) > decks:
                who = and_list(names[s] for s in cutters)
                if len(cutters) == 2:
                    raise RuleError(N_("{card} is cut twice ({players})"), card=card, players=who)
                raise RuleError(
                    N_("{card} is cut {count} times ({players})"), card=card, count=len(cutters), players=who
                )
        lowest = min(card.rank for card in round_.values())
        cutting = sorted(s for s, card in round_.items() if card.rank == lowest)
        if len(cutting) == 1:
            if number < len(cuts):
                raise RuleError(N_("{player} already cut lowest: there is no recut"), player=names[cutting[0]])
            return cutting[0]
    raise RuleError(N_("recut: {players}"), players=",".join(names[s] for s in cutting))


def eldest(dealer: int, players: Sequence[int], seats: int) -> int:
    """The player of the deal left of the dealer, who leads the first trick."""
    return next_left(dealer, players, seats)


def pass_direction(rule: PassRule, players: int, number: int) -> Direction:
    """Which way the cards go in deal ``number`` (1-based) with that many players."""
    if rule is PassRule.RIGHT:
        return Direction.RIGHT
    if rule is PassRule.LEFT:
        return Direction.LEFT
    cycle = _ROTATE_EVEN if players % 2 == 0 else _ROTATE_ODD
    return cycle[(number - 1) % len(cycle)]


_ROTATE_EVEN = (Direction.RIGHT, Direction.LEFT, Direction.ACROSS, Direction.NONE)
_ROTATE_ODD = (Direction.RIGHT, Direction.LEFT, Direction.NONE)


def pass_targets(direction: Direction, players: Sequence[int]) -> dict[int, int]:
    """Whom each player of the deal passes to; empty on a deal without passing."""
    count = len(players)
    if direction is Direction.RIGHT:
        step = -1
    elif direction is Direction.LEFT:
        step = 1
    elif direction is Direction.ACROSS:
        step = count // 2
    else:
        return {}
    return {seat: players[(i + step) % count] for i, seat in enumerate(players)}


def parse_cut(text: str, letters: Letters = ENGLISH) -> dict[str, Card]:
    """Read one round of the cut: ``Ann=7H,Bob=3C,Cat=KD``, the cards in English or the table's ``letters``."""
    round_: dict[str, Card] = {}
    for part in text.split(","):
        name, sep, card = part.partition("=")
        if not sep or not name.strip() or not card.strip():
            raise NotationError(N_("not a cut: {text} (write NAME=CARD,NAME=CARD,...)"), text=repr(part.strip()))
        if name_key(name.strip()) in {name_key(n) for n in round_}:
            raise RuleError(N_("{player} cuts twice in one round"), player=name.strip())
        round_[name.strip()] = Card.parse(card, letters)
    return round_

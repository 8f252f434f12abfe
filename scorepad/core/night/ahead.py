"""The seating of every round a night knows: what ``night plan`` reads out, and the cards print.

A progressive night knows only the round in play: the next is cut from its
results. A night whose movement plans it whole (mixed, stay) knows every round:
those seated, as they were, and each round to come as the movement will seat
it when its turn comes, seats and first dealer included, nobody leaving or
joining in between.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .movement import WAYS
from .movement.mixed import repeats
from .seating import Table
from .state import NightState


@dataclass(frozen=True)
class KnownRound:
    """A round the night knows: its number and its tables, players in seat order."""

    number: int
    tables: tuple[Table, ...]


def known_rounds(night: NightState) -> tuple[KnownRound, ...]:
    """Every round of a night its movement plans whole, seated or to come; else the round in play alone."""
    way = WAYS[night.settings.movement]
    if not way.draws_ahead:
        return (KnownRound(night.round, night.tables),)
    known = [KnownRound(number, tables) for number, tables in enumerate(night.rounds, start=1)]
    state = night
    while not state.over and state.round < state.settings.rounds:
        seated = way.seat(state)  # a movement that plans ahead reads no results: the round need not be played
        state = replace(state, rounds=(*state.rounds, seated.tables), leaving=(), joining=(), planned=seated.planned)
        known.append(KnownRound(state.round, seated.tables))
    return tuple(known)


def known_repeats(rounds: tuple[KnownRound, ...]) -> int:
    """How often a pair meets again over these rounds: once for every meeting after its first."""
    return repeats([table.players for table in known.tables] for known in rounds)

"""The rounds of a night known before they are played: what its table cards are printed for.

A movement whose seating reads no results (``Way.known_ahead``: mixed, stay)
seats every round to come as it will be seated, from the round in play and
who leaves or joins after it: the same seeded draws, so the same tables and
seats. A progressive night's next round hangs on the results: none is known.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from .movement import WAYS

if TYPE_CHECKING:
    from .seating import Table
    from .state import NightState


def rounds_ahead(night: NightState) -> tuple[tuple[Table, ...], ...]:
    """The tables of every round after the one in play, as they will be seated; none when they hang on results.

    Only the players who leave or join after the round in play so far are
    counted: one who leaves or joins later changes the rounds after it.
    """
    way = WAYS[night.settings.movement]
    if not way.known_ahead:
        return ()
    found: list[tuple[Table, ...]] = []
    state = night
    while state.round < night.settings.rounds:
        seated = way.seat(state)
        # As NightState seats the next round, the results aside: the movement does not read them.
        state = replace(state, rounds=(*state.rounds, seated.tables), leaving=(), joining=(), planned=seated.planned)
        found.append(seated.tables)
    return tuple(found)

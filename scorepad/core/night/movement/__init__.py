"""How the players of a club night move between rounds: each movement is one function, and ``WAYS`` maps each to it.

A movement seats the next round of a night whose round in play has just been
played (its results are the night's last). A new movement is a member of
``Movement``, its function in a module here, and its line in ``WAYS``: nothing
else in scorepad tells one movement from another.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...language import N_
from ..seating import NextRound, Planned, table_sizes
from .mixed import plan_mixed, seat_mixed
from .progressive import seat_progressive
from .stay import seat_stay

if TYPE_CHECKING:
    from ..state import NightState


class Movement(enum.Enum):
    """How a night's players change tables after each round."""

    PROGRESSIVE = "progressive"  #: winners move up a table, losers down: the ladder of the round just played
    MIXED = "mixed"  #: tables drawn afresh, so that as few pairs as possible meet again
    STAY = "stay"  #: the same tables every round, the first deal one seat further left each time


def fresh_tables(night: NightState) -> None:
    """Refuse players of the next round who cannot be cut into tables (a movement that seats them afresh)."""
    settings = night.settings
    table_sizes(len(night.next_players()), settings.table_size, settings.decks)


@dataclass(frozen=True)
class Way:
    """What a movement does: seat the next round, and refuse beforehand a change of players it could not seat."""

    seat: Callable[[NightState], NextRound]
    description: str  #: how a night's plan describes it, a message for the catalog
    #: Run when a player joins or leaves (the round in play not yet played): a RuleError refuses the change.
    check: Callable[[NightState], object] = fresh_tables
    draws_ahead: bool = False  #: it keeps the tables it drew for the rounds to come (``NextRound.planned``)
    #: The rounds after round 1, planned when the night starts (a movement that draws ahead).
    plan: Callable[[NightState], Planned] | None = None
    #: Its seating reads no results: the rounds to come are known before they are played (``core.night.ahead``).
    known_ahead: bool = False


#: Each movement's way, as python-chess lists each variant's board class: the one place that tells them apart.
WAYS: dict[Movement, Way] = {
    Movement.PROGRESSIVE: Way(seat_progressive, N_("winners move up a table, losers down")),
    Movement.MIXED: Way(
        seat_mixed, N_("tables drawn afresh each round"), draws_ahead=True, plan=plan_mixed, known_ahead=True
    ),
    Movement.STAY: Way(seat_stay, N_("the same tables every round"), check=seat_stay, known_ahead=True),
}

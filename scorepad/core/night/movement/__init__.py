"""How the players of a club night move between rounds: each movement is one function, and ``WAYS`` maps each to it.

A movement seats the next round of a night whose round in play has just been
played (its results are the night's last). A new movement is a member of
``Movement`` (in ``seating``, beside ``Seating``: the command line's help names
both without loading the movements), its function in a module here, and its
line in ``WAYS``: nothing else in scorepad tells one movement from another.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...language import N_
from ..seating import Movement, NextRound, Planned, table_sizes
from .mixed import plan_mixed, seat_mixed
from .progressive import Climb, climb, seat_progressive
from .stay import plan_stay, seat_stay

if TYPE_CHECKING:
    from ..state import NightState


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
    #: The rounds after the one in play (a movement that draws ahead): planned when the night starts,
    #: and again when a player leaves or joins or two players change places.
    plan: Callable[[NightState], Planned] | None = None
    #: Why the round in play is seated so, for the plan to say (progressive movement: the cuts, who stays and why).
    why: Callable[[NightState], Climb | None] | None = None


#: Each movement's way, as python-chess lists each variant's board class: the one place that tells them apart.
WAYS: dict[Movement, Way] = {
    Movement.PROGRESSIVE: Way(seat_progressive, N_("winners move up a table, losers down"), why=climb),
    Movement.MIXED: Way(seat_mixed, N_("tables drawn afresh each round"), draws_ahead=True, plan=plan_mixed),
    Movement.STAY: Way(seat_stay, N_("the same tables every round"), check=seat_stay, draws_ahead=True, plan=plan_stay),
}

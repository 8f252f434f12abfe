"""A night's plan: the seating of every round it knows ahead, and its trail of corrections.

A ``mixed`` or ``stay`` night is planned whole (``core.night.ahead``): its
plan holds every round, those seated with their matches. A ``progressive``
night knows the round in play alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..core.night.ahead import KnownRound, known_repeats, known_rounds
from ..core.night.corrections import Correction
from ..core.night.state import NightSettings
from ..core.rules import RuleSet
from .nights import _opened

if TYPE_CHECKING:
    from ..store.db import Store


@dataclass(frozen=True)
class NightPlan:
    """The rounds a night knows, its round in play, and the corrections made to it, oldest first."""

    night_id: int
    name: str | None
    settings: NightSettings
    rules: RuleSet
    round: int  #: the round in play, or the last once the night is over
    over: bool
    rounds: tuple[KnownRound, ...]
    matches: Mapping[tuple[int, int], int]  #: the match of each table seated, by (round, table)
    corrections: tuple[Correction, ...]

    @property
    def repeats(self) -> int:
        """Pair meetings beyond the first over the rounds of the plan."""
        return known_repeats(self.rounds)


def night_plan(store: Store, night_id: int | None) -> NightPlan:
    """The plan of the night asked for, or of the one most recently created or written to."""
    from ..store import nights

    with _opened(store) as conn:
        night = nights.load(conn, nights.resolve_night_id(conn, night_id))
        corrections = tuple(nights.changes(conn, night.id))
    state = night.state
    seated = {
        (number, table.number): match_id
        for number, tables in enumerate(night.rounds, start=1)
        for table, match_id in tables
    }
    return NightPlan(
        night.id, night.name, night.settings, night.rules, state.round, state.over, known_rounds(state), seated,
        corrections,
    )  # fmt: skip

"""Stay movement: the same tables every round, the first deal one seat further left each time."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...errors import RuleError
from ...language import N_
from ..seating import NextRound, Planned, Table, table_bounds

if TYPE_CHECKING:
    from ..state import NightState


def seat_stay(night: NightState) -> NextRound:
    """The same tables again, the first deal passing to the next player left of the last round's first dealer.

    A player who leaves frees their seat; one who joins takes the last seat of the
    table with the fewest players (the first of them), and so deals in turn, after
    the seat before theirs. RuleError when a table would have too few or too many
    players. It reads nothing of the round's results, so it also tells, before a
    round is played, whether a change of players can be seated. The rounds after
    the next are its tables again, nobody moving: the night is planned whole.
    """
    seated = [[name for name in table.players if name not in night.leaving] for table in night.tables]
    for name in night.joining:
        min(seated, key=len).append(name)
    least, most = table_bounds(night.settings.decks)
    for table, players in zip(night.tables, seated, strict=True):
        if not least <= len(players) <= most:
            raise RuleError(
                N_("table {table} would have {count} players: a table has {least} to {most} players"),
                table=table.number,
                count=len(players),
                least=least,
                most=most,
            )
    tables = tuple(
        Table(table.number, tuple(players), players.index(_next_dealer(table, players)))
        for table, players in zip(night.tables, seated, strict=True)
    )
    after = max(night.settings.rounds - night.round - 1, 0)
    return NextRound(tables, (tuple(table.players for table in tables),) * after)


def plan_stay(night: NightState) -> Planned:
    """The tables of every round after the one in play: the next as ``seat_stay`` seats it, and the same after it."""
    if night.round >= night.settings.rounds:
        return ()
    seated = seat_stay(night)
    return (tuple(table.players for table in seated.tables), *seated.planned)


def _next_dealer(table: Table, seated: Sequence[str]) -> str:
    """The first player left of the table's first dealer who sits at it next round.

    Those who joined sit after the table's last seat, so the deal reaches them in
    turn; a seat freed by a player who left is passed over.
    """
    around = [*table.players, *(name for name in seated if name not in table.players)]
    for step in range(1, len(around) + 1):
        name = around[(table.first_dealer + step) % len(around)]
        if name in seated:
            return name
    return seated[0]  # not reached: every player seated is around the table

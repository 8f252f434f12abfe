"""Stay movement: the same tables every round, the first deal one seat further left each time."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...errors import RuleError
from ...language import N_
from ..seating import NextRound, Table, table_bounds

if TYPE_CHECKING:
    from ..state import NightState


def seat_stay(night: NightState) -> NextRound:
    """The same tables again, the first deal passing to the next player left of the last round's first dealer.

    A player who leaves frees their seat; one who joins takes the last seat of the
    table with the fewest players (the first of them). RuleError when a table would
    have too few or too many players. It reads nothing of the round's results, so it
    also tells, before a round is played, whether a change of players can be seated.
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
    return NextRound(
        tuple(
            Table(table.number, tuple(players), players.index(_next_dealer(table, players)))
            for table, players in zip(night.tables, seated, strict=True)
        )
    )


def _next_dealer(table: Table, staying: Sequence[str]) -> str:
    """The first player left of the table's first dealer who is still at the table."""
    count = len(table.players)
    for step in range(1, count + 1):
        name = table.players[(table.first_dealer + step) % count]
        if name in staying:
            return name
    return staying[0]  # everyone before has left: the table starts again from its first seat

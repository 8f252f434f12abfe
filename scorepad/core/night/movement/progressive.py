"""Progressive movement: winners move up a table, losers down, by the ladder of the round just played."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..seating import NextRound, cut, draw, seat_drawn, table_sizes

if TYPE_CHECKING:
    from ..state import NightState


def seat_progressive(night: NightState) -> NextRound:
    """The next round's tables from each table's finishing order: the ladder climbed, cut again, seats drawn.

    Players who leave are taken out of the ladder, and those who join are added at its end.
    """
    finished = [result.names for result in night.results[-1]]
    ladder = climbed([name for order in finished for name in order], [len(order) for order in finished])
    ladder = [name for name in ladder if name not in night.leaving] + list(night.joining)
    settings = night.settings
    tables = cut(ladder, table_sizes(len(ladder), settings.table_size, settings.decks))
    return NextRound(seat_drawn(tables, draw(settings.seed, night.round + 1, "seats")))


def climbed(ladder: Sequence[str], sizes: Sequence[int]) -> list[str]:
    """The ladder after neighbouring tables swapped: the last of table t with the first of table t + 1.

    ``ladder`` is every table's players in finishing order, table 1 first, cut
    into tables of ``sizes``: the winner of table t + 1 moves up, the loser of
    table t moves down; the winner of table 1 and the loser of the last table stay.
    """
    order, edge = list(ladder), 0
    for size in sizes[:-1]:
        edge += size
        order[edge - 1], order[edge] = order[edge], order[edge - 1]
    return order

"""How the players of a club night move between rounds: up and down the ladder, or staying at their tables.

The third way, ``mixed``, draws the tables afresh: ``core.mixing``.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Collection, Sequence

from .errors import RuleError
from .language import N_
from .seating import Table, cut, seat_drawn, table_bounds, table_sizes


class Movement(enum.Enum):
    """How a night's players change tables after each round."""

    PROGRESSIVE = "progressive"  #: winners move up a table, losers down: the ladder of the round just played
    MIXED = "mixed"  #: tables drawn afresh, so that as few pairs as possible meet again
    STAY = "stay"  #: the same tables every round, the first deal one seat further left each time


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


def progressive(
    finished: Sequence[Sequence[str]],
    leaving: Collection[str],
    joining: Sequence[str],
    size: int,
    decks: int,
    stream: random.Random,
) -> tuple[Table, ...]:
    """The next round's tables from each table's finishing order: the ladder climbed, cut again, seats drawn.

    Players who leave are taken out of the ladder, and those who join are added at its end.
    """
    ladder = climbed([name for order in finished for name in order], [len(order) for order in finished])
    ladder = [name for name in ladder if name not in leaving] + list(joining)
    return seat_drawn(cut(ladder, table_sizes(len(ladder), size, decks)), stream)


def stay(tables: Sequence[Table], leaving: Collection[str], joining: Sequence[str], decks: int) -> tuple[Table, ...]:
    """The same tables again, the first deal passing to the next player left of the last round's first dealer.

    A player who leaves frees their seat; one who joins takes the last seat of the
    table with the fewest players (the first of them). RuleError when a table would
    have too few or too many players.
    """
    seated = [[name for name in table.players if name not in leaving] for table in tables]
    for name in joining:
        min(seated, key=len).append(name)
    least, most = table_bounds(decks)
    for table, players in zip(tables, seated, strict=True):
        if not least <= len(players) <= most:
            raise RuleError(
                N_("table {table} would have {count} players: a table has {least} to {most} players"),
                table=table.number,
                count=len(players),
                least=least,
                most=most,
            )
    return tuple(
        Table(table.number, tuple(players), players.index(_next_dealer(table, players)))
        for table, players in zip(tables, seated, strict=True)
    )


def _next_dealer(table: Table, staying: Sequence[str]) -> str:
    """The first player left of the table's first dealer who is still at the table."""
    count = len(table.players)
    for step in range(1, count + 1):
        name = table.players[(table.first_dealer + step) % count]
        if name in staying:
            return name
    return staying[0]  # everyone before has left: the table starts again from its first seat

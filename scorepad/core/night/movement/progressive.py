"""Progressive movement: winners move up a table, losers down, by the ladder of the round just played.

Players tied for a place at their table (equal totals, no tie-break between
them) are ordered for the ladder by a cut: a seeded draw, one stream a round,
kept with the night (``NightState.cuts``) so that the plan can say it later as
it was made. ``climb`` tells the plan why each player sits where they do.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import groupby
from typing import TYPE_CHECKING

from ..seating import Ladder, NextRound, cut, draw, seat_drawn, shuffled, table_sizes

if TYPE_CHECKING:
    from ..scores import TableResult
    from ..state import NightState


def seat_progressive(night: NightState) -> NextRound:
    """The next round's tables from each table's finishing order: ties cut, the ladder climbed, cut again, seats drawn.

    Players who leave are taken out of the ladder, and those who join are added at its end.
    """
    settings = night.settings
    finished = cut_ties(night.results[-1], draw(settings.seed, night.round, "cut"))
    ladder = climbed([name for order in finished for name in order], [len(order) for order in finished])
    ladder = [name for name in ladder if name not in night.leaving] + list(night.joining)
    tables = cut(ladder, table_sizes(len(ladder), settings.table_size, settings.decks))
    return NextRound(seat_drawn(tables, draw(settings.seed, night.round + 1, "seats")), ladder=finished)


def cut_ties(results: Sequence[TableResult], stream: random.Random) -> Ladder:
    """Each table's players in finishing order, players tied for a place put in an order drawn from ``stream``.

    Tables are cut in table order, and within a table its ties from the top:
    the same results and seed give the same cut.
    """
    orders = []
    for result in results:
        order: list[str] = []
        for _, tied in groupby(result.finishes, key=lambda finish: finish.place):
            names = [finish.name for finish in tied]
            order += shuffled(names, stream) if len(names) > 1 else names
        orders.append(tuple(order))
    return tuple(orders)


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


# Why everyone sits where they do: what the plan reads out.


@dataclass(frozen=True)
class TieCut:
    """Players tied for a place at a table whom the cut sent to different tables."""

    table: int
    players: tuple[str, ...]  #: in the cut's order
    place: int  #: the place they tied for
    first: bool  #: they tied for the table's first place
    last: bool  #: they tied for its last place
    up: tuple[str, ...]  #: those the cut sent up a table or more
    down: tuple[str, ...]  #: those it sent down


@dataclass(frozen=True)
class Kept:
    """A table's winner who does not move up, or its loser who does not move down: the tables were cut again."""

    name: str
    table: int
    won: bool  #: the table's winner (else its last)


@dataclass(frozen=True)
class Climb:
    """Why the round in play is seated so, after a progressive round: the cuts that decided, and who came and went."""

    ties: tuple[TieCut, ...]
    left: tuple[str, ...]  #: players of the round before who play no more
    joined: tuple[str, ...]  #: players new to this round
    kept: tuple[Kept, ...]  #: winners and losers who stay at their table: the tables were cut again

    @property
    def cut_again(self) -> bool:
        """A player left or joined, so the ladder was cut into tables of other sizes."""
        return bool(self.left or self.joined)


def climb(night: NightState) -> Climb | None:
    """Why the round in play sits as it does; None for round 1, which no round before it seats."""
    if night.round < 2:
        return None
    played, before, after = night.results[night.round - 2], night.rounds[-2], night.tables
    orders = dict(night.cuts).get(night.round - 1) or tuple(result.names for result in played)
    to = {name: table.number for table in after for name in table.players}
    ties = tuple(tie for number, result in enumerate(played, start=1) for tie in _ties(number, result, orders, to))
    last = len(before)
    kept = []
    for number, order in enumerate(orders, start=1):
        if number > 1 and to.get(order[0]) == number:
            kept.append(Kept(order[0], number, won=True))
        if number < last and to.get(order[-1]) == number:
            kept.append(Kept(order[-1], number, won=False))
    was = {name for table in before for name in table.players}
    return Climb(
        ties,
        tuple(name for table in before for name in table.players if name not in to),
        tuple(name for name in night.seated if name not in was),
        tuple(kept),
    )


def _ties(number: int, result: TableResult, orders: Ladder, to: dict[str, int]) -> list[TieCut]:
    """The ties at table ``number`` whose players the cut sent to different tables (those still playing)."""
    order = orders[number - 1]
    ties = []
    for place, finishes in groupby(result.finishes, key=lambda finish: finish.place):
        names = {finish.name for finish in finishes}
        tied = [name for name in order if name in names]
        playing = [name for name in tied if name in to]
        if len(tied) < 2 or len({to[name] for name in playing}) < 2:
            continue
        ties.append(
            TieCut(
                number,
                tuple(tied),
                place,
                first=place == 1,
                last=tied[-1] == order[-1],
                up=tuple(name for name in playing if to[name] < number),
                down=tuple(name for name in playing if to[name] > number),
            )
        )
    return ties

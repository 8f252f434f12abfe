"""Seating a club night: how many tables and of what sizes, the seeded draw, who sits where and deals first.

A night's draws come from its seed through ``draw``, one stream per round and
purpose, and use only ``random()``: the one method whose numbers Python promises
to keep for a seed, so the same seed seats the same tables on any machine and
any Python from 3.11 on (``shuffle`` and ``randrange`` carry no such promise).
"""

from __future__ import annotations

import enum
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

from ..cards import MAX_DECK_PLAYERS, TWO_DECKS_FROM
from ..errors import RuleError
from ..language import N_
from ..rules import MIN_TABLE

T = TypeVar("T")


class Movement(enum.Enum):
    """How a night's players change tables after each round."""

    PROGRESSIVE = "progressive"  #: winners move up a table, losers down: the ladder of the round just played
    MIXED = "mixed"  #: tables drawn afresh, so that as few pairs as possible meet again
    STAY = "stay"  #: the same tables every round, the first deal one seat further left each time


class Seating(enum.Enum):
    """How the tables of a night's first round are filled."""

    RANDOM = "random"  #: the players drawn from the night's seed
    LISTED = "listed"  #: the players in the order given, table after table, seat after seat


@dataclass(frozen=True)
class Table:
    """One table of a round: its number (1 the top table), its players in clockwise seat order, who deals first."""

    number: int
    players: tuple[str, ...]
    first_dealer: int = 0  #: the seat, 0 the first

    @property
    def dealer(self) -> str:
        """The player who deals the table's first deal."""
        return self.players[self.first_dealer]


#: Rounds of tables drawn ahead, each table its players' names (mixed movement).
Planned = tuple[tuple[tuple[str, ...], ...], ...]


#: A round's finishing orders as a movement read them, table by table, each best first (ties put in order by a cut).
Ladder = tuple[tuple[str, ...], ...]
#: The ladders a night kept, each with the number of the round it was read from.
Cuts = tuple[tuple[int, Ladder], ...]


@dataclass(frozen=True)
class NextRound:
    """A round as a movement seats it: its tables, any it drew for the rounds after it, and the ladder it read."""

    tables: tuple[Table, ...]
    planned: Planned = ()
    ladder: Ladder = ()  #: progressive movement: the round's finishing orders, its ties cut


def table_bounds(decks: int) -> tuple[int, int]:
    """The fewest and most players a table of the night seats: 3 to 6 with one deck, 6 to 10 with two."""
    least = TWO_DECKS_FROM if decks == 2 else MIN_TABLE
    return least, MAX_DECK_PLAYERS[decks]


def check_table_size(size: int, decks: int) -> None:
    """Refuse a night's table size that no table of its decks seats (``table_bounds``), whatever tables it would give."""
    least, most = table_bounds(decks)
    if not least <= size <= most:
        raise RuleError(N_("a table has {least} to {most} players, not {size}"), least=least, most=most, size=size)


def table_sizes(players: int, size: int, decks: int = 1) -> tuple[int, ...]:
    """The sizes of the tables for that many players at tables of ``size``, larger first; RuleError when one breaks the bounds.

    There are ceil(players / size) tables, as equal as possible: 14 players at tables of 4 give 4, 4, 3, 3.
    """
    least, most = table_bounds(decks)
    if size < 1:  # no tables at all; a size beyond the bounds is refused when a night starts (check_table_size)
        raise RuleError(N_("a table has {least} to {most} players, not {size}"), least=least, most=most, size=size)
    tables = max(1, -(-players // size))  # ceil(players / size); no players still make a table, of 0
    small, larger = divmod(players, tables)
    sizes = (small + 1,) * larger + (small,) * (tables - larger)
    wrong = [count for count in sizes if not least <= count <= most]
    if len(wrong) > 1:
        raise RuleError(
            N_("{count} players at tables of {size} gives {sizes}: a table has {least} to {most} players"),
            count=players,
            size=size,
            sizes=", ".join(map(str, sizes)),
            least=least,
            most=most,
        )
    if wrong:
        raise RuleError(
            N_("{count} players at tables of {size} gives a table of {wrong}: a table has {least} to {most} players"),
            count=players,
            size=size,
            wrong=wrong[0],
            least=least,
            most=most,
        )
    return sizes


def draw(seed: int, round_: int, purpose: str) -> random.Random:
    """The random stream of one draw of a night: its own for each round and purpose, so that none shifts another."""
    return random.Random(f"{seed}:{round_}:{purpose}")


def shuffled(items: Sequence[T], stream: random.Random) -> list[T]:
    """The items in a random order (Fisher and Yates), drawn with ``random()`` alone: see the module's note."""
    order = list(items)
    for last in range(len(order) - 1, 0, -1):
        pick = int(stream.random() * (last + 1))
        order[last], order[pick] = order[pick], order[last]
    return order


def cut(players: Sequence[T], sizes: Sequence[int]) -> list[tuple[T, ...]]:
    """The players cut in order into groups of those sizes: table after table, seat after seat."""
    groups: list[tuple[T, ...]] = []
    start = 0
    for count in sizes:
        groups.append(tuple(players[start : start + count]))
        start += count
    return groups


def seat_drawn(groups: Sequence[Sequence[str]], stream: random.Random) -> tuple[Table, ...]:
    """Numbered tables of those groups, the seats at each drawn at random: who moved does not decide who deals."""
    return tuple(Table(number, tuple(shuffled(group, stream))) for number, group in enumerate(groups, start=1))


def first_round(players: Sequence[str], size: int, decks: int, seating: Seating, seed: int) -> tuple[Table, ...]:
    """The tables of round 1: the players drawn from the seed, or as listed; the first seat deals first."""
    sizes = table_sizes(len(players), size, decks)
    order = shuffled(players, draw(seed, 1, "seating")) if seating is Seating.RANDOM else list(players)
    return tuple(Table(number, group) for number, group in enumerate(cut(order, sizes), start=1))

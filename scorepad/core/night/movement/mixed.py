"""Mixed movement: the tables of the rounds to come, drawn so that as few pairs as possible meet again.

A pair that met in an earlier round counts once each time it meets again. The
rounds still to come are drawn together, not one at a time: a round that looks
best alone can leave no good round after it.

Where a known design seats the night's players at its tables with no pair
meeting twice (``designs``), its rounds come first: the players are put on its
points by the seeded draw, so that the round just played is one of its rounds
and two seeds give two different nights. The rounds the design lacks, or all of
them where none fits, are drawn greedily (``greedy``). If that leaves repeats
the bound (below) does not force, a small night is searched exactly for rounds
without any (``no_repeats``), and then the rounds are improved by a local search
(``tabu``) whose work grows with the night. Whatever it finds is compared with
100 plain random draws, and the best is kept: the search never does worse.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from itertools import combinations
from typing import TYPE_CHECKING, TypeVar

from ..seating import NextRound, Planned, T, cut, draw, seat_drawn, shuffled, table_sizes
from .designs import known_design
from .greedy import greedy_rounds
from .no_repeats import Groups, without_repeats
from .tabu import Search, effort

if TYPE_CHECKING:
    from ..state import NightState

Seat = TypeVar("Seat", str, int)  #: a player by name, or by number

#: The plain random draws that the rounds found are measured against.
PLAIN_DRAWS = 100


def seat_mixed(night: NightState) -> NextRound:
    """The next round's tables, seats drawn, and the tables drawn for the rounds after it.

    The rounds planned are kept while the players are the same; after a leave or join the rounds
    to come are planned again (``plan_mixed``), the rounds played kept as they were.
    """
    players = night.next_players()
    planned = night.planned
    if not planned or {name for table in planned[0] for name in table} != set(players):
        planned = plan_mixed(night)
    return NextRound(seat_drawn(planned[0], draw(night.settings.seed, night.round + 1, "seats")), planned[1:])


def plan_mixed(night: NightState) -> Planned:
    """The tables of every round after the one in play, as if it were played: a night is planned whole.

    A night is planned when it starts (round 1 drawn, the rest planned after it) and again when
    someone leaves or joins; both draw from the same seeded stream, that of the round to come.
    """
    players, settings = night.next_players(), night.settings
    sizes = table_sizes(len(players), settings.table_size, settings.decks)
    played = ([table.players for table in tables] for tables in night.rounds)
    stream = draw(settings.seed, night.round + 1, "mixed")
    return tuple(
        tuple(tables) for tables in mixed_rounds(players, sizes, settings.rounds - night.round, played, stream)
    )


def repeats(rounds: Iterable[Iterable[Sequence[Seat]]]) -> int:
    """How often a pair meets again over these rounds of tables: once for every meeting after its first."""
    seen: set[tuple[Seat, Seat]] = set()
    count = 0
    for tables in rounds:
        for table in tables:
            for pair in combinations(sorted(table), 2):
                count += pair in seen
                seen.add(pair)
    return count


def random_rounds(
    players: Sequence[T], sizes: Sequence[int], rounds: int, stream: random.Random
) -> list[list[tuple[T, ...]]]:
    """A plain random draw of that many rounds: the players shuffled and cut into tables of those sizes, each round."""
    return [cut(shuffled(players, stream), sizes) for _ in range(rounds)]


def mixed_rounds(
    players: Sequence[str],
    sizes: Sequence[int],
    rounds: int,
    played: Iterable[Iterable[Sequence[str]]],
    stream: random.Random,
) -> list[list[tuple[str, ...]]]:
    """The tables of the next ``rounds`` rounds (each cut to ``sizes``), after the tables ``played`` so far.

    Planning again after a leave or join is this too: the rounds played stay as they were, and only
    the rounds to come are drawn, with the fewest repeats over the whole night that can be found.
    """
    number = {name: seat for seat, name in enumerate(players)}
    history = [[[number[name] for name in table if name in number] for table in tables] for tables in played]
    best = _drawn(len(players), sizes, rounds, history, stream)
    return [[tuple(players[seat] for seat in table) for table in tables] for tables in best]


def _drawn(count: int, sizes: Sequence[int], rounds: int, history: list[Groups], stream: random.Random) -> list[Groups]:
    """The rounds to come, players by number, after the rounds ``history`` (those who joined since sit in none)."""
    search = Search(count, sizes, rounds)
    least = 0  #: the fewest repeats any one round to come makes with some round played
    for groups in history:
        for group in groups:
            search.meet(group, +1)
        alone = count - sum(map(len, groups))  # joined since: each a group of one
        least = max(least, least_repeats(sizes, [len(group) for group in groups] + [1] * alone))
    bound = _bound(search, sizes, rounds, least)
    start = designed_rounds(count, sizes, rounds, history, stream)
    start += greedy_rounds(_met_after(search.met, start), sizes, rounds - len(start), stream)
    if _cost(history, start) <= bound:
        return start
    exact = without_repeats(search.met, sizes, rounds, stream) if bound == 0 else None
    if exact:
        return exact
    search.start(start)
    best = search.run(stream, bound, effort(count, rounds))
    if _cost(history, best) <= bound:
        return best
    plain = [random_rounds(range(count), sizes, rounds, stream) for _ in range(PLAIN_DRAWS)]
    return min(
        [best, *([list(map(list, tables)) for tables in draw] for draw in plain)],
        key=lambda drawn: _cost(history, drawn),
    )


def _bound(search: Search, sizes: Sequence[int], rounds: int, least: int) -> int:
    """The fewest repeats any rounds to come can make: ``least`` each, and at least the pairs the rounds
    seat beyond the pairs yet to meet, as each pair that meets is a new pair or a repeat."""
    players = len(search.met)
    new = sum(1 for a, b in combinations(range(players), 2) if not search.met[a][b])
    slots = sum(size * (size - 1) // 2 for size in sizes) * rounds
    return max(least * rounds, slots - new)


def _met_after(met: list[list[int]], rounds: list[Groups]) -> list[list[int]]:
    after = [list(row) for row in met]
    for tables in rounds:
        for table in tables:
            for a, b in combinations(table, 2):
                after[a][b] += 1
                after[b][a] += 1
    return after


def _cost(history: list[Groups], drawn: Sequence[Sequence[Sequence[int]]]) -> int:
    """The repeats the rounds ``drawn`` add to those of ``history``."""
    return repeats([*history, *drawn]) - repeats(history)


def designed_rounds(
    count: int, sizes: Sequence[int], rounds: int, history: list[Groups], stream: random.Random
) -> list[Groups]:
    """Up to ``rounds`` rounds of the known design for the night (``designs``), or [] where none fits.

    The seeded draw puts the players on the design's points, so that the one round played (if
    any) is one of the design's rounds: a random round of it, its tables drawn onto the tables
    played, its points onto their players. The rounds to come are others of the design, drawn.
    """
    design = known_design(count, sizes[0]) if len(set(sizes)) == 1 and len(history) <= 1 else []
    order = shuffled(range(len(design)), stream)
    if history:
        if len(design) < 2 or sorted(map(len, history[0])) != list(sizes) or sum(sizes) != count:
            return []
        player_of: dict[int, int] = {}
        for block, table in zip(shuffled(design[order.pop()], stream), shuffled(history[0], stream), strict=True):
            player_of.update(zip(block, shuffled(table, stream), strict=True))
    else:
        player_of = dict(enumerate(shuffled(range(count), stream)))
    return [[[player_of[point] for point in block] for block in design[at]] for at in order[:rounds]]


def least_repeats(sizes: Sequence[int], groups: Sequence[int]) -> int:
    """The fewest pairs that tables of ``sizes`` seat from one group of a round played (groups of those sizes).

    Each table is filled alone, a player at a time from a group it holds fewest of:
    a bound, as tables do not compete for a group's players here.
    """
    fewest = 0
    for size in sizes:
        taken = [0] * len(groups)
        for _ in range(size):
            group = min((at for at in range(len(groups)) if taken[at] < groups[at]), key=taken.__getitem__)
            fewest += taken[group]
            taken[group] += 1
    return fewest

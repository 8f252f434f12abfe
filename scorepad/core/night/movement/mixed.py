"""Mixed movement: the tables of the rounds to come, drawn so that as few pairs as possible meet again.

A pair that met in an earlier round counts once each time it meets again. The
rounds still to come are drawn together, not one at a time: a round that looks
best alone can leave no good round after it.

Where the bound (below) leaves room for a draw without any repeat, a small night
is first searched exactly for one (``no_repeats``). Otherwise, or when that
finds none, the search starts from a plain random draw of those rounds (so it
never does worse than one) and improves it by tabu search: in a round where
someone meets a player again, make the swap of such a player with someone at
another table that removes the most repeats, and keep both from going back at
once. A run that stops improving starts again from a new random draw, and the
best draw of all runs is kept. The search ends when no draw could do better
(the bound of ``_Search.run``) or after a fixed amount of work, never after a
time: the same seed must give the same tables on every machine.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from itertools import combinations
from typing import TYPE_CHECKING

from ..seating import NextRound, T, cut, draw, seat_drawn, shuffled, table_sizes
from .no_repeats import Groups, without_repeats

if TYPE_CHECKING:
    from ..state import NightState

#: The most work a search does, counted in players looked at: a fixed amount, so that every
#: machine stops at the same draw.
WORK = 400_000
#: A search that found nothing better for this many swaps starts again from a new random draw.
STALL = 60
#: For how many steps (this many, up to twice as many) a player may not go back to the table they left.
TENURE = 3


def seat_mixed(night: NightState) -> NextRound:
    """The next round's tables, seats drawn, and the tables drawn for the rounds after it.

    The rounds drawn before are kept while the players are the same: the rounds to come are drawn together.
    """
    players = night.next_players()
    settings, number = night.settings, night.round + 1
    planned = night.planned
    if not planned or {name for table in planned[0] for name in table} != set(players):
        sizes = table_sizes(len(players), settings.table_size, settings.decks)
        played = ([table.players for table in tables] for tables in night.rounds)
        drawn = mixed_rounds(
            players, sizes, settings.rounds - night.round, played, draw(settings.seed, number, "mixed")
        )
        planned = tuple(tuple(tables) for tables in drawn)
    return NextRound(seat_drawn(planned[0], draw(settings.seed, number, "seats")), planned[1:])


def repeats(rounds: Iterable[Iterable[Sequence[str]]]) -> int:
    """How often a pair meets again over these rounds of tables: once for every meeting after its first."""
    seen: set[tuple[str, str]] = set()
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
    """The tables of the next ``rounds`` rounds (each cut to ``sizes``), after the tables ``played`` so far."""
    number = {name: seat for seat, name in enumerate(players)}
    search = _Search(len(players), sizes, rounds)
    least = 0  #: the fewest repeats any one round to come makes with some round played
    for tables in played:
        groups = [[number[name] for name in table if name in number] for table in tables]
        for group in groups:
            search.meet(group, +1)
        alone = len(players) - sum(map(len, groups))  # joined since: each a group of one
        least = max(least, least_repeats(sizes, [len(group) for group in groups] + [1] * alone))
    best = search.run(stream, least * rounds)
    return [[tuple(players[seat] for seat in table) for table in tables] for tables in best]


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


class _Search:
    """Rounds being drawn, players by number, with how often each pair meets over them and the rounds played."""

    def __init__(self, players: int, sizes: Sequence[int], rounds: int) -> None:
        self.players, self.sizes = players, sizes
        self.met = [[0] * players for _ in range(players)]
        self.rounds: list[Groups] = []
        self.where = [[0] * players for _ in range(rounds)]  #: the table of each player in each round drawn
        #: per round and player, the step until which each table is barred to them
        self.tabu = [[[0] * len(sizes) for _ in range(players)] for _ in range(rounds)]
        self.cost = self.before = 0

    def meet(self, table: Sequence[int], step: int) -> None:
        for a, b in combinations(table, 2):
            self.met[a][b] += step
            self.met[b][a] += step

    def _repeats(self) -> int:
        return sum(count - 1 for row in self.met for count in row if count > 1) // 2

    def run(self, stream: random.Random, bound: int) -> list[Groups]:
        """The rounds with the fewest repeats found. No draw makes fewer than ``bound``: reaching it ends the search.

        The bound rises to the pairs the rounds seat beyond the pairs yet to meet,
        as each pair that meets is a new pair or a repeat.
        """
        self.before = self._repeats()
        new = sum(1 for a, b in combinations(range(self.players), 2) if not self.met[a][b])
        slots = sum(size * (size - 1) // 2 for size in self.sizes) * len(self.where)
        bound = max(bound, slots - new)
        exact = without_repeats(self.met, self.sizes, len(self.where), stream) if bound == 0 else None
        if exact:
            return exact
        work, step = WORK, 0
        self._place(random_rounds(range(self.players), self.sizes, len(self.where), stream))
        best, fewest = self._copy(), self.cost  # the plain random draw: never worse than that
        while True:
            lowest, since = self.cost, 0
            while since < STALL and fewest > bound and work > 0:
                step += 1
                swap, spent = self._best_swap(step, fewest - self.cost, stream)
                work -= spent
                if swap is not None:
                    self._make(swap, step, stream)
                since = 0 if self.cost < lowest else since + 1
                lowest = min(lowest, self.cost)
                if self.cost < fewest:
                    best, fewest = self._copy(), self.cost
            if fewest <= bound or work <= 0:
                return best
            self._place(random_rounds(range(self.players), self.sizes, len(self.where), stream))

    def _place(self, rounds: Sequence[Sequence[Sequence[int]]]) -> None:
        """Draw these rounds instead of the ones drawn so far."""
        for tables in self.rounds:
            for table in tables:
                self.meet(table, -1)
        self.rounds = [[list(table) for table in tables] for tables in rounds]
        for number, tables in enumerate(self.rounds):
            for at, table in enumerate(tables):
                self.meet(table, +1)
                for player in table:
                    self.where[number][player] = at
        self.cost = self._repeats() - self.before

    def _make(self, swap: tuple[int, int, int, int], step: int, stream: random.Random) -> None:
        """Swap two players of a round; neither goes back to the table they left for a few steps."""
        number, player, other, change = swap
        where, tabu = self.where[number], self.tabu[number]
        tabu[player][where[player]] = step + TENURE + int(stream.random() * TENURE)
        tabu[other][where[other]] = step + TENURE + int(stream.random() * TENURE)
        home, away = self.rounds[number][where[player]], self.rounds[number][where[other]]
        self._meet_one(player, home, -1)
        self._meet_one(other, away, -1)
        home[home.index(player)], away[away.index(other)] = other, player
        where[player], where[other] = where[other], where[player]
        self._meet_one(other, home, +1)
        self._meet_one(player, away, +1)
        self.cost += change

    def _best_swap(self, step: int, better: int, stream: random.Random) -> tuple[tuple[int, int, int, int] | None, int]:
        """(round, player, other, change in repeats) of the best swap in a round drawn at random, and the work it took.

        The round is the first from a random one on where someone meets a player
        again; only such a player moves, with anyone at another table of that
        round, the swap that removes the most repeats (ties drawn at random). No
        one goes back to a table they left lately, unless that beats the best
        draw yet (``change < better``).
        """
        met, least, work = self.met, 0, 0
        choices: list[tuple[int, int, int]] = []
        first = int(stream.random() * len(self.rounds))
        for number in [*range(first, len(self.rounds)), *range(first)]:
            tables, where, tabu = self.rounds[number], self.where[number], self.tabu[number]
            again = [sum(met[player][other] > 1 for other in tables[where[player]]) for player in range(self.players)]
            known: dict[int, list[int]] = {}  #: for a table, how many of its players each player has met
            work += self.players
            for player in range(self.players):
                if not again[player]:
                    continue
                home, row = where[player], met[player]
                into = [sum(row[other] > 0 for other in table) for table in tables]
                if home not in known:
                    known[home] = [sum(met[other][mate] > 0 for mate in tables[home]) for other in range(self.players)]
                back = known[home]
                for other in range(self.players):
                    away = where[other]
                    if away == home:
                        continue
                    change = into[away] + back[other] - 2 * (row[other] > 0) - again[player] - again[other]
                    if change >= better and (tabu[player][away] >= step or tabu[other][home] >= step):
                        continue
                    if not choices or change < least:
                        least, choices = change, [(number, player, other)]
                    elif change == least:
                        choices.append((number, player, other))
                work += self.players
            if choices:
                return (*choices[int(stream.random() * len(choices))], least), work
        return None, work

    def _meet_one(self, player: int, table: Sequence[int], step: int) -> None:
        """``player`` meets (or, with a step of -1, no longer meets) everyone else at ``table``."""
        for other in table:
            if other != player:
                self.met[player][other] += step
                self.met[other][player] += step

    def _copy(self) -> list[Groups]:
        return [[list(table) for table in tables] for tables in self.rounds]

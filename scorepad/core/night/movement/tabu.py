"""The local search of mixed movement: rounds with repeats improved by swaps, tabu search.

In a round where someone meets a player again, the search makes the swap of
such a player with someone at another table that removes the most repeats, and
keeps both from going back at once (the tabu). A run that stops improving
starts again from the best rounds found, shaken by a few random swaps: the
rounds it starts from (a design's, a greedy draw) are already good, and a new
random draw would throw that away. The search ends when no draw could do better
(the bound given) or after an amount of work that grows with the night, never
after a time: the same seed must give the same tables on every machine.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations

Groups = list[list[int]]  #: the tables of one round, players by number

#: The work of a search, counted in players looked at, for each player and round to draw
#: (``effort``): a night twice as large searches twice as long.
WORK_PER_SEAT = 12_000
#: The most work of any search: about a second and a half on a laptop of 2020.
MOST_WORK = 3_000_000
#: A search that found nothing better for this many swaps starts again from the best rounds, shaken.
STALL = 60
#: For how many steps (this many, up to twice as many) a player may not go back to the table they left.
TENURE = 3


def effort(players: int, rounds: int) -> int:
    """The work a search of that many players and rounds to draw may do."""
    return min(MOST_WORK, WORK_PER_SEAT * players * rounds)


class Search:
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

    def repeats(self) -> int:
        """The repeats over the rounds played and drawn."""
        return sum(count - 1 for row in self.met for count in row if count > 1) // 2

    def start(self, rounds: Sequence[Sequence[Sequence[int]]]) -> None:
        """Draw these rounds first; the rounds played are met already (``meet``)."""
        self.before = self.repeats()
        self._place(rounds)

    def run(self, stream: random.Random, bound: int, work: int) -> list[Groups]:
        """The rounds with the fewest repeats found, from the ones ``start`` drew. Reaching ``bound`` ends it."""
        best, fewest, step = self._copy(), self.cost, 0
        while fewest > bound and work > 0:
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
            self._place(best)
            for _ in range(len(self.rounds)):
                self._shake(stream, step)
            self.cost = self.repeats() - self.before
        return best

    def _shake(self, stream: random.Random, step: int) -> None:
        """Swap two players at different tables of a round drawn at random (the cost is counted after)."""
        number = int(stream.random() * len(self.rounds))
        player, other = int(stream.random() * self.players), int(stream.random() * self.players)
        if self.where[number][player] != self.where[number][other]:
            self._make((number, player, other, 0), step, stream)

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
        self.cost = self.repeats() - self.before

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

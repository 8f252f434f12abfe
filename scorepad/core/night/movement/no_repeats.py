"""The exact search for the rounds of a mixed night in which no pair meets again.

A depth-first search fills one table at a time: it starts each table with the
player who has fewest others left to sit with (the one most likely to be left
over), tries each table size still needed, and adds only players who have met
none of the table yet. Where no such rounds exist, the first round that cannot
be filled usually shows it at once. Where they exist, most orders of the
players find them in a few thousand steps but a few wander for a hundred
thousand, so an attempt that runs long starts again from a new order. A fixed
number of steps bounds it all (never a time: every machine must stop at the
same draw); the local search of ``tabu`` takes over when this one
finds nothing.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations

from ..seating import shuffled

#: The most tables and players one attempt tries before it starts again from a new
#: order, and the most all attempts try. 22 players at tables of 5, 5, 4, 4, 4 over 4
#: rounds, the hardest night of up to 24 players: an attempt succeeds 6 times in 10.
ATTEMPT, STEPS = 20_000, 200_000
#: The nights searched: those the contract promises a draw without repeats for when
#: one exists (up to 24 players, 4 rounds: 3 to draw after the first). Larger nights
#: have more room, which the local search uses well; longer ones rarely have such a
#: draw, and searching for one in vain would only cost time.
MOST_PLAYERS, MOST_ROUNDS = 24, 3

Groups = list[list[int]]  #: the tables of one round, players by number


class _OutOfSteps(Exception):
    """An attempt tried ``ATTEMPT`` tables and players without an answer."""


def without_repeats(
    met: list[list[int]], sizes: Sequence[int], rounds: int, stream: random.Random
) -> list[Groups] | None:
    """Rounds of tables of ``sizes`` in which no pair meets that has met (``met``), or None if none is found.

    ``met`` counts the meetings of each pair of players, by number. Each round's tables come larger first.
    """
    if len(met) > MOST_PLAYERS or rounds > MOST_ROUNDS:
        return None
    for _ in range(STEPS // ATTEMPT):
        search = _DepthFirst([list(row) for row in met], sorted(sizes, reverse=True), rounds, stream)
        try:
            found = search.round(0)
        except _OutOfSteps:
            continue
        return [sorted(tables, key=len, reverse=True) for tables in search.found] if found else None
    return None


class _DepthFirst:
    """One attempt: the rounds filled so far, table by table, and the meetings they add to ``met``."""

    def __init__(self, met: list[list[int]], sizes: list[int], rounds: int, stream: random.Random) -> None:
        self.met, self.sizes, self.rounds, self.stream = met, sizes, rounds, stream
        self.placed = [False] * len(met)
        self.order: list[int] = []  #: the players in the order the round in hand tries them
        self.found: list[Groups] = []
        self.steps = 0

    def round(self, number: int) -> bool:
        """Fill round ``number`` and every one after it."""
        if number == self.rounds:
            return True
        self.order = shuffled(range(len(self.met)), self.stream)
        self.placed = [False] * len(self.met)
        self.found.append([])
        if self.table(number, self.sizes):
            return True
        self.found.pop()
        return False

    def table(self, number: int, sizes: list[int]) -> bool:
        """Fill the tables of ``sizes`` still empty in round ``number``, then the rounds after it."""
        if not sizes:
            return self._next_round(number)
        free = [player for player in self.order if not self.placed[player]]
        anchor = min(free, key=lambda player: sum(not self.met[player][other] for other in free))
        self.placed[anchor] = True
        others = [player for player in free if player != anchor and not self.met[anchor][player]]
        for size in dict.fromkeys(sizes):  # each size once: tables of one size are alike
            left = list(sizes)
            left.remove(size)
            if self.extend(number, left, [anchor], size, others):
                return True
        self.placed[anchor] = False
        return False

    def extend(self, number: int, sizes: list[int], table: list[int], size: int, others: list[int]) -> bool:
        """Add players of ``others`` (each new to all of ``table``) until it seats ``size``; then fill the rest."""
        self.steps += 1
        if self.steps > ATTEMPT:
            raise _OutOfSteps
        need = size - len(table)
        if not need:
            self.found[number].append(table)
            if self.table(number, sizes):
                return True
            self.found[number].pop()
            return False
        for at, player in enumerate(others):
            if len(others) - at < need:
                break
            rest = [other for other in others[at + 1 :] if not self.met[player][other]]
            if len(rest) < need - 1:
                continue
            self.placed[player] = True
            if self.extend(number, sizes, [*table, player], size, rest):
                return True
            self.placed[player] = False
        return False

    def _next_round(self, number: int) -> bool:
        tables, order = self.found[number], self.order
        self._meet(tables, +1)
        if self.round(number + 1):
            return True
        self._meet(tables, -1)
        self.order, self.placed = order, [True] * len(self.met)  # back in this round, filled
        return False

    def _meet(self, tables: Groups, step: int) -> None:
        for table in tables:
            for a, b in combinations(table, 2):
                self.met[a][b] += step
                self.met[b][a] += step

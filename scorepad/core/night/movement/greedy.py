"""A greedy draw of a mixed night's rounds: where the local search of ``tabu`` starts when no design fits.

Round after round, table after table, each seat goes to the first player (in
a seeded order) who has met none of the table, or else to the one who has met
fewest of it. On a night of many players and few rounds that alone meets no
pair twice; elsewhere it leaves the search far less to mend than a random draw.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations

from ..seating import shuffled

Groups = list[list[int]]  #: the tables of one round, players by number


def greedy_rounds(
    met: Sequence[Sequence[int]], sizes: Sequence[int], rounds: int, stream: random.Random
) -> list[Groups]:
    """That many rounds of tables of ``sizes``, players by number, after the meetings ``met`` (left as they are)."""
    counts = [list(row) for row in met]
    drawn: list[Groups] = []
    for _ in range(rounds):
        free = shuffled(range(len(counts)), stream)
        tables: Groups = []
        for size in sizes:
            table = [free.pop()]
            while len(table) < size:
                table.append(free.pop(_fittest(counts, table, free)))
            tables.append(table)
            for a, b in combinations(table, 2):
                counts[a][b] += 1
                counts[b][a] += 1
        drawn.append(tables)
    return drawn


def _fittest(met: list[list[int]], table: list[int], free: list[int]) -> int:
    """Where in ``free`` the player is who has met fewest of ``table``: the last such, as ``free`` is taken from its end."""
    fewest, found = len(table) + 1, len(free) - 1
    for at in range(len(free) - 1, -1, -1):
        clash = sum(met[free[at]][player] > 0 for player in table)
        if clash < fewest:
            fewest, found = clash, at
            if not clash:
                break
    return found

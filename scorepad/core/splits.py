"""Whether a list of deal scores can come from real cards.

The question is an assignment problem: can the deal's scoring cards be shared
out among the players so that each one's cards add up to their score? Cards of
equal value are interchangeable (every classic heart is worth 1), so the search
runs over counts of each value, not over the cards themselves, and memoises the
counts still to be shared out. Small enough to be exact for every preset.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from functools import cache


def split_possible(values: Iterable[int], scores: Sequence[int]) -> bool:
    """True when cards worth ``values`` can be shared out to give exactly ``scores``."""
    groups = sorted(Counter(values).items(), key=lambda item: -abs(item[0]))
    worth = tuple(value for value, _ in groups)
    if sum(v * n for v, n in groups) != sum(scores):
        return False
    if len(scores) <= 1:
        return True
    # Small targets have few ways to be made: settle them first, the largest last.
    targets = tuple(sorted(scores, key=abs))
    return _solver(worth)(targets, tuple(n for _, n in groups))


def _solver(worth: tuple[int, ...]):
    @cache
    def solve(targets: tuple[int, ...], counts: tuple[int, ...]) -> bool:
        if len(targets) == 1:
            return True  # the sums agree, so whatever is left is exactly theirs
        first, rest = targets[0], targets[1:]
        return any(solve(rest, left) for left in _takes(worth, counts, first))

    return solve


def _takes(worth: tuple[int, ...], counts: tuple[int, ...], target: int) -> Iterator[tuple[int, ...]]:
    """Every way to take cards adding up to ``target``: yields the counts left over."""
    # What the groups from i on can still add, at the least and at the most.
    low = [0] * (len(worth) + 1)
    high = [0] * (len(worth) + 1)
    for i in range(len(worth) - 1, -1, -1):
        amount = worth[i] * counts[i]
        low[i] = low[i + 1] + min(amount, 0)
        high[i] = high[i + 1] + max(amount, 0)
    left = list(counts)

    def walk(i: int, need: int) -> Iterator[tuple[int, ...]]:
        if not low[i] <= need <= high[i]:
            return
        if i == len(worth):
            yield tuple(left)
            return
        for taken in range(counts[i] + 1):
            left[i] = counts[i] - taken
            yield from walk(i + 1, need - taken * worth[i])
        left[i] = counts[i]

    yield from walk(0, target)

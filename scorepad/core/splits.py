"""Whether a list of deal scores can come from real cards.

The question is an assignment problem: can the deal's scoring cards be shared
out among the players so that each one's cards add up to their score? Cards of
equal value are interchangeable (every classic heart is worth 1), so the search
runs over counts of each value, not over the cards themselves, and memoises the
counts still to be shared out. Once two players are left, the question is only
whether the first one's score can be made from what is left (the second takes
the rest): that is answered for every sum at once. Small enough to be exact for
every preset.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache

#: Counts of cards of each value still to be shared out, in the order of the values.
Counts = tuple[int, ...]


def split_possible(values: Iterable[int], scores: Sequence[int]) -> bool:
    """True when cards worth ``values`` can be shared out to give exactly ``scores``."""
    worth, counts, total = _grouped(tuple(values))
    if total != sum(scores):
        return False
    if len(scores) <= 1:
        return True
    # Small targets have few ways to be made: settle them first, the largest last.
    targets = tuple(sorted(scores, key=abs))
    return _Search(worth).possible(targets, counts)


@lru_cache(maxsize=1024)  # a table's deals share a few sets of values: every scoring card, or those not listed
def _grouped(values: tuple[int, ...]) -> tuple[tuple[int, ...], Counts, int]:
    """The distinct values, the largest (either way) first; how many cards have each; what they add up to."""
    groups = sorted(Counter(values).items(), key=lambda item: -abs(item[0]))
    return tuple(value for value, _ in groups), tuple(n for _, n in groups), sum(values)


class _Search:
    """The search over one set of card values, with what it has settled so far."""

    def __init__(self, worth: tuple[int, ...]) -> None:
        self.worth = worth
        self.known: dict[tuple[tuple[int, ...], Counts], bool] = {}

    def possible(self, targets: tuple[int, ...], counts: Counts) -> bool:
        if len(targets) == 2:  # the sums agree: what the first does not take is exactly the second's
            return _can_make(self.worth, counts, targets[0])
        found = self.known.get((targets, counts))
        if found is None:
            rest = targets[1:]
            found = _take(self.worth, counts, targets[0], lambda left: self.possible(rest, left))
            self.known[targets, counts] = found
        return found


def _can_make(worth: tuple[int, ...], counts: Counts, target: int) -> bool:
    """Whether some of the cards add up to exactly ``target``.

    Every sum the cards can make is one bit of a number, shifted up by what the
    negative cards can take away, so that one shift adds some cards to all the
    sums at once. The copies of a value go in batches of 1, 2, 4 ... and the
    rest: any number of them is some of those batches.
    """
    offset = -sum(v * n for v, n in zip(worth, counts, strict=True) if v < 0)
    if target + offset < 0:
        return False
    sums = 1 << offset
    for value, count in zip(worth, counts, strict=True):
        batch = 1
        while count:
            batch = min(batch, count)
            shift = value * batch
            sums |= sums << shift if shift >= 0 else sums >> -shift
            count -= batch
            batch *= 2
    return bool(sums >> (target + offset) & 1)


def _take(worth: tuple[int, ...], counts: Counts, target: int, then: Callable[[Counts], bool]) -> bool:
    """Whether some way to take cards adding up to ``target`` leaves counts for which ``then`` holds.

    The ways are tried one at a time, fewest of the first value first, and the
    search stops at the first that ``then`` accepts.
    """
    # What the groups from i on can still add, at the least and at the most.
    last = len(worth)
    low = [0] * (last + 1)
    high = [0] * (last + 1)
    for i in range(last - 1, -1, -1):
        amount = worth[i] * counts[i]
        low[i], high[i] = (low[i + 1] + amount, high[i + 1]) if amount < 0 else (low[i + 1], high[i + 1] + amount)
    if not low[0] <= target <= high[0]:
        return False
    left = list(counts)

    def walk(i: int, need: int) -> bool:
        if i == last:  # need is 0: the bounds below saw to it
            return then(tuple(left))
        value, count, least, most = worth[i], counts[i], low[i + 1], high[i + 1]
        # Take only as many as leave a need the groups after this one can still meet.
        if value > 0:
            lowest, highest = -((most - need) // value), (need - least) // value
        elif value < 0:
            lowest, highest = -((need - least) // -value), (most - need) // -value
        else:
            lowest, highest = (0, count) if least <= need <= most else (1, 0)
        for taken in range(lowest if lowest > 0 else 0, (highest if highest < count else count) + 1):
            left[i] = count - taken
            if walk(i + 1, need - taken * value):
                return True
        left[i] = count
        return False

    return walk(0, target)

"""Resolvable designs developed from one base round over Z_n: where a night's players cannot all meet.

Some nights have more rounds than any design in which everyone meets everyone
allows, yet a schedule in which no pair meets twice exists: each player meets
all but a few others, the same few all night. Such a schedule is a resolvable
group divisible design (Colbourn and Dinitz, Handbook of Combinatorial
Designs, 2nd ed., 2007, IV.5): the players fall into groups whose members never
meet, and every two players of different groups meet exactly once.

The one built here is developed from a base round: its points are Z_n x levels
and a few fixed points, and round g + 1 is the base round shifted by g (the
point (x, level) to (x + g mod n, level), the fixed points staying), n rounds in
all. Each pair of points falls in a class that the shift keeps: two points of
one level by their difference up to sign, two of two levels by their
difference mod n, a fixed point and a level by the level. If the base round
holds exactly one pair of each class but those of the groups, each pair of
players of two groups meets exactly once over the n rounds.

- 24 players at tables of 4 for 7 rounds, a resolvable 4-GDD of type 3^8: the
  points Z_7 x {0, 1, 2} and three fixed points; the groups are the three
  levels' points of each x, and the fixed points. Every player meets 21 of the
  23 others. The base round was found by a search of our own, 2026 (an exact
  cover of the 24 points and the 36 classes of pairs by the base round's
  tables, as Knuth's Algorithm X, in under a second); checked by
  tests/test_night_designs.py.

The player (x, level) is numbered level * n + x, the fixed point i after them
all, as levels * n + i.
"""

from __future__ import annotations

from dataclasses import dataclass

Groups = list[list[int]]  #: the tables of one round, players by number
Point = tuple[int, int]  #: (x, level), or (i, FIXED) for the fixed point i

FIXED = -1  #: the level of the points that no shift moves


@dataclass(frozen=True)
class Developed:
    """A design developed from one base round: ``modulus`` rounds of tables of ``size``."""

    modulus: int
    levels: int
    fixed: int
    base: tuple[tuple[Point, ...], ...]

    @property
    def players(self) -> int:
        return self.modulus * self.levels + self.fixed


#: 24 players at tables of 4, 7 rounds: groups {(x, 0), (x, 1), (x, 2)} and the fixed points.
_TYPE_3_8 = Developed(
    modulus=7,
    levels=3,
    fixed=3,
    base=(
        ((0, 0), (4, 1), (5, 2), (0, FIXED)),
        ((1, 0), (3, 1), (0, 2), (1, FIXED)),
        ((6, 0), (0, 1), (2, 2), (2, FIXED)),
        ((2, 0), (4, 0), (5, 0), (6, 2)),
        ((3, 0), (1, 1), (2, 1), (6, 1)),
        ((5, 1), (1, 2), (3, 2), (4, 2)),
    ),
)

DESIGNS = (_TYPE_3_8,)


def developed(players: int, size: int) -> list[Groups]:
    """The rounds of the design developed here for ``players`` at tables of ``size``, or [] if none."""
    for design in DESIGNS:
        if design.players == players and len(design.base[0]) == size:
            return [_shifted(design, shift) for shift in range(design.modulus)]
    return []


def _shifted(design: Developed, shift: int) -> Groups:
    n = design.modulus
    return [
        [n * design.levels + x if level == FIXED else level * n + (x + shift) % n for x, level in table]
        for table in design.base
    ]

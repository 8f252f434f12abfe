"""Resolvable designs developed from one base round over Z_n.

A design of this kind is given by one round, its base round: its points are
Z_n x levels and a few fixed points, and round g + 1 is the base round shifted
by g (the point (x, level) to (x + g mod n, level), the fixed points staying).
Each pair of points falls in a class that the shift keeps: two points of one
level by their difference up to sign, two of two levels by their difference
mod n, a fixed point and a level by the level. If the base round holds exactly
one pair of each class, each pair meets exactly once over the n rounds.

Where the shift of r, a divisor of n, keeps the base round (its tables fall
in orbits of n / r under that shift), the shifts 0 to r - 1 give every round
once, r rounds in all, and the base round holds, of each class, as many pairs
as the class has divided by r. Such a design with one fixed point is called
1-rotational.

- Kirkman triple systems, in which every player meets every other once at
  tables of 3 (Colbourn and Dinitz, Handbook of Combinatorial Designs, 2nd ed.,
  2007, II.7): 33 players for 16 rounds, over Z_32 and one fixed point, its
  base round kept by the shift of 16; 39 for 19, over Z_19 x {0, 1} and one
  fixed point.
- Resolvable designs with tables of 4 in which every player meets every other
  once (II.7 too): 28 players for 9 rounds, over Z_9 x {0, 1, 2} and one fixed
  point; 40 for 13, over Z_13 x {0, 1, 2} and one; 52 for 17 and 76 for 25,
  over Z_51 and Z_75 and one fixed point, their base rounds kept by the shifts
  of 17 and 25.
- 24 players at tables of 4 for 7 rounds, where no design lets everyone meet:
  each meets all but a few others, the same few all night. That is a resolvable
  group divisible design (IV.5): the players fall into groups whose members
  never meet, and every two players of different groups meet exactly once. The
  base round holds one pair of each class but those of the groups. This one
  is a 4-GDD of type 3^8: the points Z_7 x {0, 1, 2} and three fixed points; the
  groups are the three levels' points of each x, and the fixed points. Every
  player meets 21 of the 23 others.

The base rounds were found by searches of our own, 2026, in seconds: an exact
cover of the points and the classes of pairs by the base round's tables, as
Knuth's Algorithm X (for the 52 and the 76, of the classes and the shift's orbits of
points by the orbits of tables; for the 33, a SAT solver).
tests/test_night_designs.py checks every one.

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
    """A design developed from one base round over Z_``modulus``: its ``rounds`` shifts, ``rounds`` dividing it.

    ``base`` holds one table of each orbit of the base round's tables under the shift of ``rounds``: the
    others are its shifts by multiples of ``rounds`` (a table the shift keeps is its own orbit).
    """

    modulus: int
    levels: int
    fixed: int
    rounds: int
    base: tuple[tuple[Point, ...], ...]

    @property
    def players(self) -> int:
        return self.modulus * self.levels + self.fixed


#: 24 players at tables of 4, 7 rounds: groups {(x, 0), (x, 1), (x, 2)} and the fixed points.
_TYPE_3_8 = Developed(
    modulus=7,
    levels=3,
    fixed=3,
    rounds=7,
    base=(
        ((0, 0), (4, 1), (5, 2), (0, FIXED)),
        ((1, 0), (3, 1), (0, 2), (1, FIXED)),
        ((6, 0), (0, 1), (2, 2), (2, FIXED)),
        ((2, 0), (4, 0), (5, 0), (6, 2)),
        ((3, 0), (1, 1), (2, 1), (6, 1)),
        ((5, 1), (1, 2), (3, 2), (4, 2)),
    ),
)

#: 33 players at tables of 3, 16 rounds: Z_32 and one fixed point, the base round kept by the shift of 16.
_KIRKMAN_33 = Developed(
    modulus=32,
    levels=1,
    fixed=1,
    rounds=16,
    base=(
        ((0, 0), (8, 0), (13, 0)),
        ((1, 0), (17, 0), (0, FIXED)),
        ((2, 0), (19, 0), (31, 0)),
        ((4, 0), (6, 0), (10, 0)),
        ((5, 0), (27, 0), (28, 0)),
        ((7, 0), (14, 0), (25, 0)),
    ),
)

#: 39 players at tables of 3, 19 rounds: Z_19 x {0, 1} and one fixed point.
_KIRKMAN_39 = Developed(
    modulus=19,
    levels=2,
    fixed=1,
    rounds=19,
    base=(
        ((0, 0), (1, 0), (5, 1)),
        ((2, 0), (17, 0), (17, 1)),
        ((3, 0), (1, 1), (15, 1)),
        ((4, 0), (13, 0), (3, 1)),
        ((5, 0), (6, 1), (18, 1)),
        ((6, 0), (8, 0), (14, 0)),
        ((7, 0), (12, 0), (9, 1)),
        ((9, 0), (16, 0), (4, 1)),
        ((10, 0), (13, 1), (16, 1)),
        ((11, 0), (2, 1), (0, FIXED)),
        ((15, 0), (18, 0), (7, 1)),
        ((0, 1), (10, 1), (11, 1)),
        ((8, 1), (12, 1), (14, 1)),
    ),
)

#: 28 players at tables of 4, 9 rounds: Z_9 x {0, 1, 2} and one fixed point.
_FOURS_28 = Developed(
    modulus=9,
    levels=3,
    fixed=1,
    rounds=9,
    base=(
        ((0, 0), (6, 1), (3, 2), (0, FIXED)),
        ((1, 0), (4, 1), (8, 1), (8, 2)),
        ((2, 0), (1, 1), (2, 2), (4, 2)),
        ((3, 0), (6, 0), (8, 0), (7, 2)),
        ((4, 0), (5, 0), (5, 1), (1, 2)),
        ((7, 0), (0, 1), (2, 1), (3, 1)),
        ((7, 1), (0, 2), (5, 2), (6, 2)),
    ),
)

#: 40 players at tables of 4, 13 rounds: Z_13 x {0, 1, 2} and one fixed point.
_FOURS_40 = Developed(
    modulus=13,
    levels=3,
    fixed=1,
    rounds=13,
    base=(
        ((0, 0), (7, 0), (4, 1), (7, 1)),
        ((1, 0), (5, 2), (8, 2), (10, 2)),
        ((2, 0), (11, 1), (0, 2), (4, 2)),
        ((3, 0), (8, 1), (2, 2), (9, 2)),
        ((4, 0), (12, 0), (2, 1), (7, 2)),
        ((5, 0), (6, 0), (9, 0), (6, 2)),
        ((8, 0), (10, 0), (3, 1), (9, 1)),
        ((11, 0), (0, 1), (3, 2), (0, FIXED)),
        ((1, 1), (12, 1), (11, 2), (12, 2)),
        ((5, 1), (6, 1), (10, 1), (1, 2)),
    ),
)

#: 52 players at tables of 4, 17 rounds: Z_51 and one fixed point, the base round kept by the shift of 17.
_FOURS_52 = Developed(
    modulus=51,
    levels=1,
    fixed=1,
    rounds=17,
    base=(
        ((0, 0), (17, 0), (34, 0), (0, FIXED)),
        ((1, 0), (2, 0), (7, 0), (15, 0)),
        ((3, 0), (12, 0), (23, 0), (39, 0)),
        ((4, 0), (8, 0), (11, 0), (30, 0)),
        ((9, 0), (27, 0), (48, 0), (50, 0)),
    ),
)


#: 76 players at tables of 4, 25 rounds: Z_75 and one fixed point, the base round kept by the shift of 25.
_FOURS_76 = Developed(
    modulus=75,
    levels=1,
    fixed=1,
    rounds=25,
    base=(
        ((0, 0), (25, 0), (50, 0), (0, FIXED)),
        ((1, 0), (54, 0), (55, 0), (62, 0)),
        ((2, 0), (13, 0), (18, 0), (60, 0)),
        ((3, 0), (6, 0), (21, 0), (41, 0)),
        ((7, 0), (17, 0), (19, 0), (48, 0)),
        ((8, 0), (14, 0), (40, 0), (59, 0)),
        ((11, 0), (20, 0), (24, 0), (47, 0)),
    ),
)


DESIGNS = (_TYPE_3_8, _KIRKMAN_33, _KIRKMAN_39, _FOURS_28, _FOURS_40, _FOURS_52, _FOURS_76)


def developed(players: int, size: int) -> list[Groups]:
    """The rounds of the design developed here for ``players`` at tables of ``size``, or [] if none."""
    for design in DESIGNS:
        if design.players == players and len(design.base[0]) == size:
            tables = _base_round(design)
            return [
                [[_number(design, point, shift) for point in table] for table in tables]
                for shift in range(design.rounds)
            ]
    return []


def _base_round(design: Developed) -> list[tuple[Point, ...]]:
    """Every table of the base round: each of ``base`` and its shifts by multiples of ``rounds``, once."""
    tables: dict[frozenset[Point], tuple[Point, ...]] = {}
    for table in design.base:
        for shift in range(0, design.modulus, design.rounds):
            shifted = tuple(_moved(design, point, shift) for point in table)
            tables.setdefault(frozenset(shifted), shifted)
    return list(tables.values())


def _moved(design: Developed, point: Point, shift: int) -> Point:
    x, level = point
    return point if level == FIXED else ((x + shift) % design.modulus, level)


def _number(design: Developed, point: Point, shift: int) -> int:
    """The player of ``point`` shifted by ``shift``."""
    x, level = _moved(design, point, shift)
    return design.modulus * design.levels + x if level == FIXED else level * design.modulus + x

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

Not found yet: 32 players at tables of 4 for 10 rounds (a resolvable 4-GDD of
type 2^16, which exists). A base round over Z_10 x {0, 1, 2} and two fixed
points (kept or swapped by odd shifts) came within one class of pairs (10
repeats) by a tabu search, but a SAT solver found none in 10 minutes each;
two base rounds over Z_5 stayed at 3 classes (15 repeats); designs kept by
GF(16)'s translations (with or without its fifth roots of unity) do not exist.
A second search (2026, SAT by CaDiCaL 1.5.3 through python-sat, one core) found
none either; below, points Z_2^5 with groups {x, x + d} or Z_32 with groups
{x, x + 16}, and "refuted" means the solver proved there is none:

- The tables of AG(2, 4) on the 16 groups, each line used four times, its
  points lifted to the two members of their group: impossible on paper, as
  the four liftings of a line would be an orthogonal array OA(4, 4, 2, 2),
  which has at most 3 factors.
- k rounds of the affine design (cosets of k disjoint lines of PG(4, 2)
  missing d) kept, the other 10 - k rounds any tables on the pairs left, an
  exact cover: refuted for 30 random partial spreads with k = 7, 200 with
  k = 6, 300 with k = 5; with k = 4 one took 4 minutes to refute.
- Designs kept by all of Z_2^5's translations: a translation that swaps a
  pair keeps its table, so every table is an affine plane; refuted for the
  orbits of rounds 2 * 5, 8 + 1 + 1, 4 + 4 + 1 + 1 and 4 + 2 + 2 + 1 + 1
  (six random stabilisers each, a few failing outright); 8 + 2, 4 + 4 + 2 and 4 + 2 + 2 + 2 fail
  outright (some pair has no table left).
- Kept by a subgroup of order 16 holding d: refuted for 8 + 1 + 1,
  4 + 4 + 1 + 1, 4 + 2 + 2 + 1 + 1, 4 + 2 + 2 + 2 (two random stabilisers
  each, one of the last failing outright);
  8 + 2 and 4 + 4 + 2 fail outright; 2 * 4 + 1 + 1 undecided after 40
  seconds; 2 * 5 refuted in 6 minutes (the other choice fails outright).
- Z_32's translations cannot keep a table, so orbits of rounds would be
  multiples of 4: none. Kept by Z_16 (x to x + 2): refuted for 4 + 4 + 2,
  4 + 2 + 2 + 2 and 2 * 5 in a second; 8 + 2 undecided after 8 minutes. With
  a multiplier x to ux added, u = -1, 3, 5, 7, 9, 13, 15, 25 fail outright and
  u = 17 is refuted.
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

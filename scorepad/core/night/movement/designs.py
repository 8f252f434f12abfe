"""Known resolvable designs: rounds of equal tables in which no pair of players meets twice.

A resolvable design seats v players at tables of k, round after round (its
parallel classes), so that no two meet twice. These are built here, the players
numbered 0 to v - 1:

- The affine space AG(d, q), q a prime power (``fields``): the q^d points of
  GF(q)^d, the lines through them in each direction a round, (q^d - 1)/(q - 1)
  rounds of tables of q. AG(2, q) is the affine plane: q^2 players over q + 1
  rounds, 16 at tables of 4 for 5, 25 at tables of 5 for 6; AG(3, 3) is a
  Kirkman triple system of 27 (13 rounds), AG(3, 4) seats 64 at tables of 4 for 21.
- The transversal design TD(k, q), k < q: the points of the affine plane on k
  parallel lines, cut by the lines of the other q directions, q rounds of
  tables of k; every player meets everyone not on their own line. 20 players at
  tables of 4 for 5 rounds, 24 at tables of 3 for 8.
- Kirkman triple systems of 15 and 21 (``kirkman``), for tables of 3.
- Designs developed from a base round over Z_n (``developed``): Kirkman triple
  systems of 33 and 39, resolvable designs of 28, 40, 52 and 76 at tables of 4
  in which everyone meets everyone, and 24 at tables of 4 for 7 rounds, each
  meeting all but a few others.
- 32 players at tables of 4 for 10 rounds (``partnered``), each meeting all but
  a partner.

The first three are the constructions of the handbooks (Colbourn and Dinitz,
Handbook of Combinatorial Designs, 2nd ed., 2007: II.2 for affine spaces, III.3
for transversal designs, II.7 for Kirkman triple systems); the last two are
designs of the kinds the same handbook lists, their rounds found by searches
of our own, and their modules say how. ``known_design`` takes the one with the
most rounds for a night.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import product

from .developed import developed
from .fields import Field, galois
from .kirkman import kirkman
from .partnered import partnered

Groups = list[list[int]]  #: the tables of one round, players by number


def known_design(players: int, size: int) -> list[Groups]:
    """The rounds of the known design that seats ``players`` at tables of ``size`` the longest, or [] if none."""
    if size < 3 or players % size:
        return []
    found: list[list[Groups]] = [kirkman(players)] if size == 3 else []
    found.append(developed(players, size))
    found.append(partnered(players, size))
    dimension, points = 1, size
    while points < players:
        dimension, points = dimension + 1, points * size
    field = galois(size)
    if points == players and dimension > 1 and field is not None:
        found.append(list(affine_rounds(field, dimension)))
    larger = galois(players // size)
    if larger is not None and size < larger.q:
        found.append(transversal_rounds(larger, size))
    return max(found, key=len, default=[])


def affine_rounds(field: Field, dimension: int) -> Iterator[Groups]:
    """The rounds of AG(``dimension``, q): for each direction, its parallel lines as tables.

    A direction is a nonzero vector whose first nonzero coordinate is 1; a point
    is numbered by its coordinates as digits base q (the first coordinate last).
    """
    q, add, mul = field.q, field.add, field.mul
    points = list(product(range(q), repeat=dimension))
    for direction in points:
        if not any(direction) or direction[next(at for at, x in enumerate(direction) if x)] != 1:
            continue
        seated: set[tuple[int, ...]] = set()
        tables: Groups = []
        for point in points:
            if point in seated:
                continue
            line = [tuple(add[x][mul[t][u]] for x, u in zip(point, direction, strict=True)) for t in range(q)]
            seated.update(line)
            tables.append([_number(spot, q) for spot in line])
        yield tables


def transversal_rounds(field: Field, size: int) -> list[Groups]:
    """The q rounds of TD(``size``, q): player x * q + y is the point (x, y), x below ``size``.

    Round m seats at table c the points on the line y = m x + c: one of each x.
    """
    q, add, mul = field.q, field.add, field.mul
    return [[[x * q + add[mul[m][x]][c] for x in range(size)] for c in range(q)] for m in range(q)]


def _number(point: tuple[int, ...], q: int) -> int:
    number = 0
    for coordinate in point:
        number = number * q + coordinate
    return number

"""Kirkman triple systems of 15 and 21 players: tables of 3, (v - 1)/2 rounds, no pair meeting twice.

Both are cyclic constructions over Z_7 (Colbourn and Dinitz, Handbook of
Combinatorial Designs, 2nd ed., 2007, II.7: Kirkman triple systems), built from
base tables that a short exhaustive search found and the tests check. The player
(x, level) is numbered level * 7 + x.

- KTS(15), Kirkman's schoolgirls: the points Z_7 x {0, 1} and one fixed point
  (numbered 14). Round 1 is the base round below; round g + 1 is it shifted by g
  (x to x + g mod 7, the fixed point staying): 7 rounds.
- KTS(21): the points Z_7 x {0, 1, 2}. Three rounds fixed by the shift, each the
  7 tables {(i, 0), (i + a, 1), (i + b, 2)} for one (a, b) below, and 7 more:
  the base round below shifted by 0 to 6. 10 rounds.

The differences of each base round's pairs (within a level, up to sign; across
two levels, taken mod 7) are all distinct, so each pair meets exactly once.
"""

from __future__ import annotations

Groups = list[list[int]]  #: the tables of one round, players by number

_MOD = 7
_FIXED = 14  #: KTS(15)'s point that no shift moves
#: KTS(15)'s base round, points as (x, level), None the fixed point.
_BASE_15 = (
    (None, (0, 0), (0, 1)),
    ((1, 0), (2, 0), (4, 0)),
    ((3, 0), (1, 1), (5, 1)),
    ((5, 0), (4, 1), (6, 1)),
    ((6, 0), (2, 1), (3, 1)),
)
#: KTS(21): (a, b) of the three rounds the shift fixes, and the base round of the other seven.
_FIXED_21 = ((0, 0), (1, 2), (2, 5))
_BASE_21 = (
    ((0, 0), (1, 0), (3, 0)),
    ((2, 0), (0, 1), (6, 2)),
    ((4, 0), (1, 1), (3, 2)),
    ((5, 0), (4, 1), (1, 2)),
    ((6, 0), (2, 1), (0, 2)),
    ((3, 1), (5, 1), (6, 1)),
    ((2, 2), (4, 2), (5, 2)),
)


def kirkman(players: int) -> list[Groups]:
    """The rounds of the Kirkman triple system of 15 or 21 players built here, or [] for another number."""
    if players == 15:
        return [_shifted(_BASE_15, shift) for shift in range(_MOD)]
    if players == 21:
        fixed = [[[i, _MOD + (i + a) % _MOD, 2 * _MOD + (i + b) % _MOD] for i in range(_MOD)] for a, b in _FIXED_21]
        return fixed + [_shifted(_BASE_21, shift) for shift in range(_MOD)]
    return []


def _shifted(base: tuple[tuple[tuple[int, int] | None, ...], ...], shift: int) -> Groups:
    return [
        [_FIXED if point is None else point[1] * _MOD + (point[0] + shift) % _MOD for point in table] for table in base
    ]

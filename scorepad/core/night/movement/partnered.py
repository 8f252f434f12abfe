"""32 players at tables of 4 for 10 rounds with no pair meeting twice: each player never meets one partner.

Ten rounds is as many as 32 players at tables of 4 can have, as each round
seats a player with 3 others of their 31: after ten, each has met 30, and the
one left is their partner. The schedule is a resolvable group divisible design
with tables of 4 and sixteen groups of 2, the partners (Colbourn and Dinitz,
Handbook of Combinatorial Designs, 2nd ed., 2007, IV.5); it is the Social
Golfer Problem's 32 golfers over 10 weeks, first solved in 2004.

The one built here seats the partners of pair q as players 2q and 2q + 1, and
numbers the pairs by the points q of GF(2)^4 (q as four bits, added by
exclusive or). Each round has a direction, a plane W through 0 of GF(2)^4
(its points 0, u, v and u + v), and a colour c(q), 0 or 1, for each pair. For
each of the four translates q + W of the plane the round has two tables: one
seats the player 2p + c(p) of each pair p of the translate, the other their
partners.

Why no pair meets twice: the pairs q and q + w sit at the same tables only in
the rounds whose direction holds w. The ten directions are two spreads of
GF(2)^4 (five planes through 0 that meet only in 0, so that every w other
than 0 lies in exactly one) with no plane in common: each w lies in the
directions of two rounds, r and s. In round r, two of the four pairs of
players of q and q + w meet: the players 2q + a and 2(q + w) + b with
a + b = c_r(q) + c_r(q + w) (mod 2). The colourings make c_r(q) + c_r(q + w)
and c_s(q) + c_s(q + w) differ for every q and w, so round s seats the other
two pairs, and each of the four meets exactly once.

The colourings were found by a search of our own (2026, a SAT solver, in
under a second) once every round was asked to seat each pair's partners at two
tables of the same translate. The schedules sought before, developed from a
base round over Z_5, Z_10, Z_16 or GF(16), were not found in hours of search.
tests/test_night_designs.py checks the rounds.
"""

from __future__ import annotations

Groups = list[list[int]]  #: the tables of one round, players by number

#: Each round: two points u and v of its direction, and the colour of the pairs 0 to 15 in turn.
#: The first five directions are one spread, the last five the other.
ROUNDS = (
    (1, 2, "0100010011010010"),
    (4, 8, "0111011111100001"),
    (5, 10, "0010001010110100"),
    (6, 11, "0101101001101001"),
    (7, 9, "0000101011110101"),
    (1, 4, "0001111001000100"),
    (2, 8, "0111110100010100"),
    (3, 13, "0111111000010111"),
    (6, 9, "0111110110110001"),
    (7, 11, "0000010100111001"),
)


def partnered(players: int, size: int) -> list[Groups]:
    """The ten rounds for 32 players at tables of 4, or [] for any other night."""
    if (players, size) != (32, 4):
        return []
    return [_round(u, v, colours) for u, v, colours in ROUNDS]


def _round(u: int, v: int, colours: str) -> Groups:
    plane = (0, u, v, u ^ v)
    tables = []
    for q in range(16):
        translate = [q ^ w for w in plane]
        if q == min(translate):  # each translate once, from its least point
            chosen = [2 * p + int(colours[p]) for p in translate]
            tables += [chosen, [player ^ 1 for player in chosen]]
    return tables

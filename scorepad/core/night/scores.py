"""A club night's scores: each table's finishing order, the round score it gives, and the night's standings.

In a round a player scores the share of the others at their table they finished
ahead of, a tie counting half: (ahead + tied / 2) / (table size - 1), as a
percentage, so tables of different sizes compare. The night score is the average
of a player's round scores. Scores are kept as exact fractions, so that equal
scores are equal however they were added up; an output rounds them to two decimals.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from ..errors import RuleError
from ..language import N_
from ..match import MatchState
from ..standings import places


@dataclass(frozen=True)
class Finish:
    """Where one player finished their table's match: their place (equal places tied) and their total."""

    name: str
    place: int
    points: int


@dataclass(frozen=True)
class TableResult:
    """A table's match as the night reads it: its players in finishing order, best first, and its deals played."""

    finishes: tuple[Finish, ...]
    deals: int  #: the deals of the match proper, tie-break deals apart: what points per deal divide by

    def __post_init__(self) -> None:
        shown = [finish.place for finish in self.finishes]
        # As any sports table: 1 first, then each place the one before it (a tie) or its own position.
        if any(place not in {shown[at - 1] if at else 1, at + 1} for at, place in enumerate(shown)):
            raise RuleError(
                N_("places {places} are not a finishing order, such as 1, 2, 3 or 1, 1, 3 for a tie"),
                places=", ".join(map(str, shown)),
            )

    @classmethod
    def of_match(cls, state: MatchState, players: Sequence[str] | None = None) -> TableResult:
        """The finishing order of a match that is over: the tie-break winner first, or an abandoned match's totals.

        ``players`` names the seats as the night knows them (a match's player may have been renamed since).
        """
        players, totals = players or state.settings.players, state.totals
        finishes = (Finish(players[seat], place, totals[seat]) for place, seat in places(totals, state.winner))
        return cls(tuple(finishes), state.deals_played)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(finish.name for finish in self.finishes)

    def round_scores(self) -> dict[str, Fraction]:
        """Each player's round score: the percentage of the others at the table they finished ahead of, ties half."""
        others = len(self.finishes) - 1
        scores = {}
        for finish in self.finishes:
            ahead = sum(other.place > finish.place for other in self.finishes)
            tied = sum(other.place == finish.place for other in self.finishes) - 1
            scores[finish.name] = Fraction(100 * (2 * ahead + tied), 2 * others)
        return scores


@dataclass(frozen=True)
class NightStanding:
    """One player's line of the night's standings."""

    place: int
    name: str
    score: Fraction  #: the average of the round scores, a percentage; 0 before any round
    rounds: int
    firsts: int  #: tables won (a shared first place counts; a table abandoned before its first deal is nobody's)
    points: int
    deals: int
    #: Played the night's minimum of rounds (``minimum_rounds``): a player below it is ranked after all who reached it.
    qualified: bool = True

    @property
    def points_per_deal(self) -> Fraction:
        return Fraction(self.points, self.deals) if self.deals else Fraction(0)


def minimum_rounds(counted: int, least: int | None = None) -> int:
    """The rounds a player must have played to be ranked with the others, after ``counted`` rounds.

    The night's ``--min-rounds`` (``least``), or half the rounds counted, rounded
    up; never more than the rounds counted, so that who played every round so far qualifies.
    """
    wanted = -(-counted // 2) if least is None else least
    return min(wanted, counted)


def night_standings(players: Sequence[str], results: Iterable[TableResult], minimum: int = 0) -> list[NightStanding]:
    """Every player of the night, best first: by score, then more firsts, then fewer points per deal; else a shared place.

    A player who played fewer than ``minimum`` rounds is ranked after every
    player who reached it, in the same order among themselves. Players who
    have played no round yet come last, sharing a place: they have no score to compare.
    A first is a table won: a table abandoned before its first deal gives nobody one.
    """
    scores: dict[str, list[Fraction]] = {name: [] for name in players}
    firsts, points, deals = dict.fromkeys(players, 0), dict.fromkeys(players, 0), dict.fromkeys(players, 0)
    for result in results:
        round_scores = result.round_scores()
        for finish in result.finishes:
            scores[finish.name].append(round_scores[finish.name])
            firsts[finish.name] += finish.place == 1 and result.deals > 0
            points[finish.name] += finish.points
            deals[finish.name] += result.deals
    lines = [
        NightStanding(
            0,
            name,
            sum(had, Fraction(0)) / len(had) if had else Fraction(0),
            len(had),
            firsts[name],
            points[name],
            deals[name],
            len(had) >= minimum,
        )
        for name, had in scores.items()
    ]
    lines.sort(key=_rank)  # stable: players who share a place stay in the night's order
    ranked: list[NightStanding] = []
    for at, line in enumerate(lines):
        shared = at > 0 and _rank(lines[at - 1]) == _rank(line)
        ranked.append(replace(line, place=ranked[-1].place if shared else at + 1))
    return ranked


def _rank(line: NightStanding) -> tuple[bool, bool, Fraction, int, Fraction]:
    """What orders the night's standings: a score at all, the minimum of rounds, the score, more firsts, fewer points per deal."""
    return (not line.rounds, not line.qualified, -line.score, -line.firsts, line.points_per_deal)


def two_decimals(value: Fraction) -> float:
    """A score or an average as every output shows it: two decimals, a half away from zero (12.125 is 12.13)."""
    hundredths = math.floor(abs(value) * 100 + Fraction(1, 2))
    return math.copysign(hundredths / 100, value)

"""Skill ratings from the final standings of finished matches (OpenSkill, Plackett-Luce).

Ratings are recomputed from scratch on every call, replaying the finished
matches in the order they were created: the store is the only source of
truth, so a corrected deal (``scorepad fix``) or an undone ending can never
leave a stale rating behind. Abandoned matches and matches still being played
have no final standing and do not count.

Plackett-Luce rates free-for-all games of any size with ties, which is what a
match of 3 to 6 players is. Players are ordered by a conservative estimate,
``mu - 3 * sigma``: a newcomer with one lucky win does not top the list.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .core.match import EntryKind

#: How many standard deviations the shown rating lies below the estimated skill.
CAUTION = 3.0


@dataclass
class PlayerRating:
    name: str
    mu: float
    sigma: float
    matches: int = 0
    wins: int = 0

    @property
    def rating(self) -> float:
        return self.mu - CAUTION * self.sigma

    def to_json(self) -> dict:
        return {
            "name": self.name,
            "rating": round(self.rating, 3),
            "mu": round(self.mu, 3),
            "sigma": round(self.sigma, 3),
            "matches": self.matches,
            "wins": self.wins,
        }


def final_ranks(totals: Sequence[int], winner: int) -> list[int]:
    """Each seat's place, 1 best: the winner first, the others by total, equal totals sharing a place.

    The winner may be level on total with others: a tie-break deal decided
    between them, and its points say nothing about who came second.
    """
    others = sorted({t for seat, t in enumerate(totals) if seat != winner})
    return [1 if seat == winner else 2 + others.index(t) for seat, t in enumerate(totals)]


def rate(results: Iterable[tuple[Sequence[str], Sequence[int]]]) -> list[PlayerRating]:
    """Ratings, best first, from (player names, places) per match, oldest match first."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    known: dict[str, tuple[PlayerRating, object]] = {}
    for names, places in results:
        seated = []
        for name in names:
            player, skill = known.get(name.casefold()) or (PlayerRating(name, 0.0, 0.0), model.rating(name=name))
            player.name = name  # the latest spelling
            seated.append((player, skill))
        rated = model.rate([[skill] for _, skill in seated], ranks=list(places))
        for (player, _), [skill], place in zip(seated, rated, places):
            player.matches += 1
            player.wins += place == 1
            known[player.name.casefold()] = (player, skill)
    players = []
    for player, skill in known.values():
        player.mu, player.sigma = skill.mu, skill.sigma
        players.append(player)
    return sorted(players, key=lambda p: (-p.rating, -p.mu, p.name.casefold()))


def standings(matches: Iterable, seats: dict[int, list[str]], deals: Iterable) -> list[tuple[list[str], list[int]]]:
    """Each finished match's (names, places), oldest first, from rows as ``repo.club_*`` read them."""
    totals: dict[int, list[int]] = {}
    for row in deals:
        if row.kind != EntryKind.DEAL.value:
            continue  # tie-break points decide the winner, who is on the match row already
        scores = json.loads(row.scores)
        sums = totals.setdefault(row.match_id, [0] * len(seats[row.match_id]))
        for seat, points in scores.items():
            sums[int(seat)] += points
    results = []
    for row in matches:
        names = seats[row.id]
        results.append((names, final_ranks(totals.get(row.id, [0] * len(names)), row.winner)))
    return results


def player_ratings(store) -> list[PlayerRating]:
    """Read the finished matches once and rate every player from scratch."""
    from .store import repo

    from .store.db import NoStoreYet

    try:
        with store.read() as conn:
            matches = repo.club_matches(conn, finished=True)
            seats = repo.club_seats(conn)
            deals = repo.club_deals(conn, finished=True)
            results = standings(matches, seats, deals)
    except NoStoreYet:  # nothing played yet: nobody to rate
        return []
    return rate(results)

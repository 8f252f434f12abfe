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

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..core.match import EntryKind
from ..core.names import name_key
from ..core.standings import add_deal, places

if TYPE_CHECKING:
    from ..store.db import Store
    from ..store.history import ClubDeal, ClubMatch

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


def final_ranks(totals: Sequence[int], winner: int) -> list[int]:
    """Each seat's place as OpenSkill reads it, 1 best: ``standings.places`` without the gaps.

    The winner may be level on total with others: a tie-break deal decided
    between them, and its points say nothing about who came second.
    """
    ranks = [0] * len(totals)
    dense, previous = 0, None
    for shared, seat in places(totals, winner):
        if shared != previous:
            dense, previous = dense + 1, shared
        ranks[seat] = dense
    return ranks


def rate(results: Iterable[tuple[Sequence[str], Sequence[int]]]) -> list[PlayerRating]:
    """Ratings, best first, from (player names, places) per match, oldest match first."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    known: dict[str, tuple[PlayerRating, Any]] = {}
    for names, ranks in results:
        seated = []
        for name in names:
            player, skill = known.get(name_key(name)) or (PlayerRating(name, 0.0, 0.0), model.rating(name=name))
            player.name = name  # the latest spelling
            seated.append((player, skill))
        rated = model.rate([[skill] for _, skill in seated], ranks=list(ranks))
        for (player, _), [skill], place in zip(seated, rated, ranks, strict=True):
            player.matches += 1
            player.wins += place == 1
            known[name_key(player.name)] = (player, skill)
    players = []
    for player, skill in known.values():
        player.mu, player.sigma = skill.mu, skill.sigma
        players.append(player)
    return sorted(players, key=lambda p: (-p.rating, -p.mu, p.name.casefold()))


def standings(matches: Iterable[ClubMatch], deals: Iterable[ClubDeal]) -> list[tuple[list[str], list[int]]]:
    """Each finished match's (names, places), oldest first, from what ``store.history`` reads for the club.

    A seat's place is its player's at the end: a substitute's, where one took it.
    """
    finished = list(matches)
    totals = {match.id: (0,) * len(match.players) for match in finished}
    names = {match.id: list(match.players) for match in finished}
    for deal in deals:
        if deal.match_id not in totals:
            continue
        # Tie-break points decide the winner, who is on the match already.
        if deal.kind is EntryKind.DEAL and deal.entry.outcome is not None:
            totals[deal.match_id] = add_deal(totals[deal.match_id], deal.entry.outcome.scores)
        elif deal.entry.substitute is not None:
            names[deal.match_id][deal.entry.substitute.seat] = deal.entry.substitute.player
    return [(names[m.id], final_ranks(totals[m.id], m.winner)) for m in finished if m.winner is not None]


def player_ratings(store: Store) -> list[PlayerRating]:
    """Read the finished matches once and rate every player from scratch."""
    from ..store import history
    from ..store.db import NoStoreYet

    try:
        with store.read() as conn:
            results = standings(history.club_matches(conn, won=True), history.club_deals(conn, won=True))
    except NoStoreYet:  # nothing played yet: nobody to rate
        return []
    return rate(results)

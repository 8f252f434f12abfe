"""Player statistics across the matches of one preset and number of decks.

A player is a name, ignoring case, across matches. Only matches of one preset
and one number of decks are counted together: a point means something else
under spot-hearts than under classic, and a two-deck deal shares out 86 points
where one deck shares 43, so averages over both would mislead. Unless told,
the preset and decks are those of the latest match (``counted_rules``).

What counts:

- ``matches``: every match of the preset the player sat in, finished or not;
  ``finished`` those that ended with a winner, ``wins`` those the player won.
  An abandoned match counts as a match and for its deals, never as a win.
  A substitute's deals are theirs, the deals before them their seat's
  earlier player's; the match counts for both, and its win for whoever
  holds the winning seat at the end.
- ``deals`` and ``points``: the scored deals of the match proper. A tie-break
  deal only decides the winner (its points never enter a total), so it counts
  for none of the figures here.
- The cards: how often the player took the Q♠, K♠ and A♠ (each copy, with two decks), counted only over
  the deals where that player's cards were entered (``deals_with_cards``); a
  card that scores nothing under the preset cannot be entered, so its count is
  None.
- ``slams``: deals the player won by the slam rule (took every penalty card
  and scored minus the total). Without the slam option taking everything is a
  plain deal of the full total, and no slam (None under slippery-anne, whose
  one penalty card makes no slam). ``reneges``: deals the
  player lost by a renege.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import TYPE_CHECKING

from ..core.cards import ACE_OF_SPADES, KING_OF_SPADES, QUEEN_OF_SPADES, Card
from ..core.match import EntryKind
from ..core.names import name_key
from ..core.rules import Preset, RuleSet

if TYPE_CHECKING:
    from ..store.db import Store
    from ..store.history import ClubDeal, ClubMatch

#: The cards whose takers are counted, by their key in the JSON.
TRACKED = {"queen_of_spades": QUEEN_OF_SPADES, "king_of_spades": KING_OF_SPADES, "ace_of_spades": ACE_OF_SPADES}


@dataclass
class PlayerStats:
    name: str
    matches: int = 0
    finished: int = 0
    wins: int = 0
    deals: int = 0
    points: int = 0
    deals_with_cards: int = 0
    slams: int = 0
    reneges: int = 0
    taken: dict[str, int] = field(default_factory=lambda: dict.fromkeys(TRACKED, 0))  #: by TRACKED key

    @property
    def avg_per_deal(self) -> float | None:
        return round(self.points / self.deals, 2) if self.deals else None


def tally(rules: RuleSet, matches: Iterable[ClubMatch], deals: Iterable[ClubDeal]) -> list[PlayerStats]:
    """Each player's figures in the matches of the rules' preset and decks, lowest average first.

    The matches and deals are what ``store.history`` reads for the club.

    ``matches`` come in creation order, so a player renamed in case only
    (``ann`` then ``Ann``) is shown as most recently spelt.
    """
    players: dict[str, PlayerStats] = {}
    counted = [m for m in matches if m.rules.preset is rules.preset and m.rules.decks == rules.decks]
    sat: dict[int, dict[str, PlayerStats]] = {m.id: {} for m in counted}  #: everyone who played in each match
    seated = {m.id: [_sat(players, sat[m.id], name) for name in m.players] for m in counted}  #: each seat's now
    for deal in deals:
        who = seated.get(deal.match_id)
        if who is None:
            continue
        if deal.kind is EntryKind.DEAL:
            _count_deal(deal, who)
        elif deal.entry.substitute is not None:  # from now on, the seat's deals are the substitute's
            substitute = deal.entry.substitute
            who[substitute.seat] = _sat(players, sat[deal.match_id], substitute.player)
    for match in counted:
        for player in sat[match.id].values():
            player.matches += 1
            player.finished += match.won
        if match.won and match.winner is not None:
            seated[match.id][match.winner].wins += 1
    return sorted(players.values(), key=_order)


def _sat(players: dict[str, PlayerStats], match: dict[str, PlayerStats], name: str) -> PlayerStats:
    """The player called ``name``, counted among those who played in ``match``."""
    player = players.setdefault(name_key(name), PlayerStats(name))
    player.name = name  # the latest spelling
    return match.setdefault(name_key(name), player)


def _order(player: PlayerStats) -> tuple:
    average = player.avg_per_deal
    return (average is None, average if average is not None else 0, -player.wins, player.name.casefold())


def _count_deal(deal: ClubDeal, who: list[PlayerStats]) -> None:
    outcome = deal.entry.outcome
    assert outcome is not None  # a scored deal
    scores = outcome.scores
    cards: dict[int, Counter[Card]] = {seat: Counter(hand) for seat, hand in outcome.cards.items()}
    for seat, player in enumerate(who):
        points = scores.get(seat, 0)
        player.deals += 1
        player.points += points
        player.reneges += outcome.renege == seat
        player.slams += outcome.slam == seat  # marked by the rules core only where the match has the slam rule
        if seat in cards:
            player.deals_with_cards += 1
            for key, card in TRACKED.items():
                player.taken[key] += cards[seat][card]


def date_bounds(since: date | None, until: date | None) -> tuple[str | None, str | None]:
    """The created_at texts a match must lie between: from ``since``, up to the end of ``until``."""
    low = since.isoformat() if since else None
    high = (until + timedelta(days=1)).isoformat() if until else None
    return low, high


def counted_rules(matches: Iterable[ClubMatch], preset: Preset | None, decks: int | None) -> RuleSet:
    """The preset and decks to count: those given, and for the one not given, the latest match's of those given.

    ``matches`` come oldest first. With no match to go by, classic with one deck.
    """
    fitting = [m.rules for m in matches if preset in (None, m.rules.preset) and decks in (None, m.rules.decks)]
    latest = fitting[-1] if fitting else None
    if preset is None:
        preset = latest.preset if latest else Preset.CLASSIC
    if decks is None:
        decks = latest.decks if latest else 1
    return RuleSet.build(preset, decks=decks)


def player_stats(
    store: Store,
    preset: Preset | None = None,
    decks: int | None = None,
    since: date | None = None,
    until: date | None = None,
) -> tuple[RuleSet, list[PlayerStats]]:
    """Read the store once and tally every player of the matches of the preset and decks (by default the
    latest match's, see ``counted_rules``) in the dates given; the rules counted, and the players."""
    from ..store import history
    from ..store.db import NoStoreYet

    low, high = date_bounds(since, until)
    try:
        with store.read() as conn:
            matches = history.club_matches(conn, low, high)
            rules = counted_rules(matches, preset, decks)
            return rules, tally(rules, matches, history.club_deals(conn, low, high))
    except NoStoreYet:  # nothing played yet: no figures, not an error
        return counted_rules([], preset, decks), []

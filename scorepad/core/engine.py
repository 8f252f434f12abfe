"""Audit a deal record trick by trick: replay it, find every breach, score it.

``audit`` returns an ``AuditReport``: a value with the tricks as the engine
replayed them, the breaches in trick order, and the deal's scores. It never
raises for a breach; a record of nonsense tricks gives a report full of them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from .cards import FULL_DECK, Card
from .record import DealRecord
from .replay import Breach, BreachKind, SeatedTrick, check_hands, check_play, deck_of, seat_tricks
from .rules import CLASSIC, RuleSet
from .scoring import renege_outcome, slam_score

__all__ = ["AuditReport", "Breach", "BreachKind", "TrickReport", "audit"]


@dataclass(frozen=True)
class TrickReport:
    """One trick as replayed: cards in the order played, from the leader."""

    number: int
    leader: str
    cards: tuple[Card, ...]
    winner: str | None  #: None only for a trick without cards
    points: int  #: what the cards in it score, the omnibus bonus included

    def to_json(self) -> dict:
        return {
            "number": self.number,
            "leader": self.leader,
            "cards": [card.ascii() for card in self.cards],
            "winner": self.winner,
            "points": self.points,
        }


@dataclass(frozen=True)
class AuditReport:
    """What the audit of one deal record found."""

    players: tuple[str, ...]
    dealer: str
    rules: RuleSet
    tricks: tuple[TrickReport, ...]
    breaches: tuple[Breach, ...]
    scores: dict[str, int]
    deal_total: int
    complete: bool  #: every card of the deck was played

    @property
    def legal(self) -> bool:
        return not self.breaches

    @property
    def renege(self) -> Breach | None:
        """The renege that decides the scores, if any: the first one."""
        return _first_renege(self.breaches)

    def to_json(self) -> dict:
        """The report as ``scorepad audit --json`` prints it."""
        return {
            "legal": self.legal,
            "complete": self.complete,
            "players": list(self.players),
            "dealer": self.dealer,
            "rules": self.rules.to_json(),
            "tricks": [trick.to_json() for trick in self.tricks],
            "breaches": [breach.to_json() for breach in self.breaches],
            "scores": dict(self.scores),
            "deal_total": self.deal_total,
        }


def audit(record: DealRecord, rules: RuleSet | None = None) -> AuditReport:
    """Replay the record under ``rules`` (else its own, else classic) and report."""
    if rules is None:
        rules = record.rules if record.rules is not None else CLASSIC
    tricks, breaches = seat_tricks(record)
    breaches += check_hands(record) + check_play(record, rules, tricks)
    # A hand's breach comes before any trick; a renege seen late goes under its discard.
    breaches.sort(key=lambda b: 0 if b.trick is None else b.trick)
    values = _values(rules)
    reports = tuple(_report(values, trick) for trick in tricks)
    # A genuine play is a card of the deck played for the first time: as many
    # of them as the deck has cards means every card was played.
    genuine = sum(play.genuine for trick in tricks for play in trick.plays)
    return AuditReport(
        players=record.players,
        dealer=record.dealer,
        rules=rules,
        tricks=reports,
        breaches=tuple(breaches),
        scores=_scores(record.players, rules, reports, breaches),
        deal_total=rules.deal_total(len(record.players)),
        complete=genuine == len(deck_of(len(record.players))),
    )


@cache
def _values(rules: RuleSet) -> dict[Card, int]:
    """What each card scores under the rules, looked up once per rule set rather than once per card played."""
    return {card: rules.points(card) for card in FULL_DECK}


def _report(values: dict[Card, int], trick: SeatedTrick) -> TrickReport:
    cards = tuple(play.card for play in trick.plays)
    # A card outside the full deck (a rank no deck has) scores nothing.
    return TrickReport(trick.number, trick.leader, cards, trick.winner, sum(values.get(c, 0) for c in cards))


def _first_renege(breaches: Iterable[Breach]) -> Breach | None:
    return next((b for b in breaches if b.kind is BreachKind.RENEGE), None)


def _scores(
    players: tuple[str, ...], rules: RuleSet, tricks: tuple[TrickReport, ...], breaches: list[Breach]
) -> dict[str, int]:
    """The deal's scores: the renege outcome, else the tricks, with a slam if the rules have one."""
    count = len(players)
    renege = _first_renege(breaches)
    if renege is not None:
        outcome = renege_outcome(rules, range(count), players.index(renege.player))
        return {players[seat]: points for seat, points in outcome.scores.items()}
    scores = dict.fromkeys(players, 0)
    taken: dict[str, set[Card]] = {name: set() for name in players}
    for trick in tricks:
        if trick.winner is not None:
            scores[trick.winner] += trick.points
            taken[trick.winner].update(trick.cards)
    for name in players:
        slam = slam_score(rules, count, taken[name])
        if slam is not None:
            scores[name] = slam
    return scores

"""Audit a deal record trick by trick: replay it, find every breach, score it.

``audit`` returns an ``AuditReport``: a value with the tricks as the engine
replayed them, the breaches in trick order, and the deal's scores. It never
raises for a breach; a record of nonsense tricks gives a report full of them.

With two decks a trick may have no winner (every card of the suit led
cancelled): its cards go to the winner of the next trick that has one, or, if
none has, to the leader of the last trick.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from .cards import MAX_DECK_PLAYERS, Card
from .errors import NotationError
from .language import N_
from .record import DealRecord
from .replay import Breach, BreachKind, TrickReport, check_hands, check_play, seat_tricks
from .rules import CLASSIC, RuleSet
from .scoring import renege_outcome, slam_score

__all__ = ["AuditReport", "Breach", "BreachKind", "TrickReport", "audit", "taken_cards"]


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
    count = len(record.players)
    if count > MAX_DECK_PLAYERS[rules.decks]:
        raise NotationError(N_("a deal of {count} players needs two decks: give its rules decks=2"), count=count)
    tricks, breaches = seat_tricks(record, rules)
    breaches += check_hands(record, rules) + check_play(record, rules, tricks)
    # A hand's breach comes before any trick; a renege seen late goes under its discard.
    breaches.sort(key=lambda b: 0 if b.trick is None else b.trick)
    # A genuine play is a card of the deck played no more often than the deck
    # has it: as many of them as were dealt means every card was played.
    genuine = sum(len(trick.cards) - len(trick.spurious) for trick in tricks)
    complete = genuine == count * rules.cards_each(count)
    reports = _carry(tricks, complete) if rules.decks_for(count) == 2 else tuple(tricks)
    return AuditReport(
        players=record.players,
        dealer=record.dealer,
        rules=rules,
        tricks=reports,
        breaches=tuple(breaches),
        scores=_scores(record.players, rules, reports, breaches),
        deal_total=rules.deal_total(len(record.players)),
        complete=complete,
    )


def _carry(tricks: list[TrickReport], complete: bool) -> tuple[TrickReport, ...]:
    """Who takes the cards of each two-deck trick nobody won.

    The winner of the next trick that has one; when no later trick has a
    winner, the leader of the last trick, once the deal is complete (before
    that the cards are still on the table).
    """
    carried = list(tricks)
    waiting: list[int] = []  # indexes of tricks whose cards lie on the table
    for index, trick in enumerate(tricks):
        if trick.winner is None and trick.cards:
            waiting.append(index)
        elif trick.winner is not None:
            for w in waiting:
                carried[w] = replace(carried[w], taken_by=trick.winner, taken_with=trick.number)
            waiting = []
    if waiting and complete:
        last = tricks[-1]
        for w in waiting:
            carried[w] = replace(carried[w], taken_by=last.leader, taken_with=last.number)
    return tuple(carried)


def taken_cards(players: tuple[str, ...], tricks: Iterable[TrickReport]) -> dict[str, list[Card]]:
    """The cards each player took: their tricks', and with two decks those of tricks nobody won that they took later."""
    taken: dict[str, list[Card]] = {name: [] for name in players}
    for trick in tricks:
        if trick.taken_by is not None:
            taken[trick.taken_by] += trick.cards
    return taken


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
    for trick in tricks:
        if trick.taken_by is not None:
            scores[trick.taken_by] += trick.points
    if rules.slam:
        for name, cards in taken_cards(players, tricks).items():
            slam = slam_score(rules, count, cards)
            if slam is not None:
                scores[name] = slam
    return scores

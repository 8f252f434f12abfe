"""The rules of one table as facts: what ``scorepad rules`` tells a table that disputes one.

Nothing here decides a rule: every fact is read from the ``RuleSet``, the
seats and the format, where each rule has its home. This module only gathers
them for a given number of players, so the words and the JSON say the same.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import QUEEN_OF_SPADES, Card
from .match import Format
from .rules import Direction, RuleSet
from .seats import pass_direction


@dataclass(frozen=True)
class RuleFacts:
    """The rules that apply to a table of ``players`` under ``rules``."""

    rules: RuleSet
    players: int
    format: Format | None  #: None when asked for a preset, without a match

    @property
    def decks(self) -> int:
        return self.rules.decks_for(self.players)

    @property
    def removed(self) -> tuple[Card, ...]:
        return self.rules.removed(self.players)

    @property
    def cards_each(self) -> int:
        return self.rules.cards_each(self.players)

    @property
    def points(self) -> list[tuple[Card, int]]:
        """Every card that scores, with its points, the highest first (each card once, whatever the copies)."""
        cards = self.rules.scoring_cards(self.players)
        return sorted(((c, self.rules.points(c)) for c in cards), key=lambda item: (-item[1], item[0]))

    @property
    def deal_total(self) -> int:
        return self.rules.deal_total(self.players)

    @property
    def penalty_total(self) -> int:
        """What a renege costs, and minus what a slam scores."""
        return self.rules.penalty_total(self.players)

    @property
    def passes(self) -> tuple[Direction, ...]:
        """The passes of successive deals, one cycle of them."""
        cycle: list[Direction] = []
        for number in range(1, 5):
            direction = pass_direction(self.rules.pass_rule, self.players, number)
            if cycle and direction is cycle[0]:
                break
            cycle.append(direction)
        return tuple(cycle)

    @property
    def unpassable(self) -> Card | None:
        return None if self.rules.queen_may_be_passed else QUEEN_OF_SPADES

"""Random deals for the tests: dealt, passed and played at random by the rules.

``random_deal`` plays a legal deal and can plant exactly one breach of a chosen
kind, saying where it is. It does not use the engine: a plant is checked
against the deal by the conditions below, so the tests that find it prove
something. What a planted breach does to the engine's view of the hands:

- renege, hearts-lead, wrong-leader: played so, then play goes on legally.
  Without hands the engine sees a renege or a wrong heart lead only through a
  card of the suit the offender plays later. In a complete deal they always
  do (they held it), so both are found; in a record cut short they may not
  have yet, and then nothing can be found (``shown_later`` tells).
- played-twice, not-in-deck: a card is replaced, in a trick it cannot change
  (same suit, not the winner, not beating it). The replaced card then seems to
  stay in the player's hand, so only a play where that card would matter (a
  discard on its suit, or a heart led from a hand of hearts) rules a spot out.
- not-in-hand: the played card is swapped in the recorded hand for a card of a
  player whose hand is left out, under the same condition for the stranger card.
  Without hands nothing is found.
- wrong-player: a name before a card is changed; wrong-count: the last card of
  the last trick is left out.

With two decks (6 to 10 players) the players lean towards cancelling: a player
who may play the twin of a card already in the trick does so four times in five,
so that many tricks have cancelled cards and some have no winner at all. The
winner of a trick is worked out here, not by the engine.

``records()`` is a hypothesis strategy of any record the notation can write,
legal or not.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from hypothesis import strategies as st

from scorepad.core.cards import FULL_DECK, QUEEN_OF_SPADES, Card, Suit
from scorepad.core.engine import BreachKind
from scorepad.core.errors import NotationError
from scorepad.core.record import DealRecord, RecordedTrick, check_name
from scorepad.core.rules import PASS_SIZE, PRESET_DEFAULTS, HeartsLead, PassRule, RuleSet

NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon")
STRANGER = "Zoe"  #: a name that is no player's
PLAYED = (BreachKind.RENEGE, BreachKind.HEARTS_LEAD, BreachKind.WRONG_LEADER)
PLANTABLE = (
    *PLAYED,
    BreachKind.PLAYED_TWICE,
    BreachKind.NOT_IN_DECK,
    BreachKind.NOT_IN_HAND,
    BreachKind.WRONG_PLAYER,
    BreachKind.WRONG_COUNT,
)
#: Every preset, and options laid over them.
RULE_SETS = (
    *tuple(PRESET_DEFAULTS.values()),
    RuleSet.build("classic", slam=True),
    RuleSet.build("classic", hearts="anytime", pass_rule="rotate"),
    RuleSet.build("omnibus", omnibus="10D", slam=True),
    RuleSet.build("spot-hearts", hearts="anytime", slam=True),
    RuleSet.build("dirty-lady", slam=False, pass_rule="right"),
)
#: The same with two decks: dealt as two decks to 6 to 10 players, as one to fewer.
TWO_DECK_RULE_SETS = tuple(replace(rules, decks=2) for rules in RULE_SETS)


def out_of_deck(players: int, rules: RuleSet) -> list[Card]:
    """The cards of which no copy is dealt to that many players."""
    dealt = rules.deck(players)
    return sorted(set(rules.removed(players)) - set(dealt))


@dataclass(frozen=True)
class Planted:
    """Where a planted breach is."""

    trick: int
    player: str
    kind: BreachKind


@dataclass
class _Trick:
    leader: str
    broken_before: bool  #: hearts were broken when it was led
    plays: list[tuple[str, Card]] = field(default_factory=list)


class _NoSpot(Exception):
    """This deal offers no place for the breach: deal again."""


def random_deal(
    players: int, rules: RuleSet, rng: random.Random, plant: BreachKind | None = None
) -> tuple[DealRecord, Planted | None]:
    """A random legal deal with every hand and name, or with one breach planted."""
    if plant is BreachKind.HEARTS_LEAD and rules.hearts is HeartsLead.ANYTIME:
        raise ValueError("hearts may be led at any time: there is no wrong heart lead")
    if plant is BreachKind.NOT_IN_DECK and not out_of_deck(players, rules):
        raise ValueError(f"no card is out of the deck for {players} players")
    for _ in range(200):
        try:
            return _Deal(players, rules, rng, plant).record()
        except _NoSpot:
            continue
    raise RuntimeError(f"found no place for {plant} in 200 deals")  # pragma: no cover


def without_names(record: DealRecord) -> DealRecord:
    tricks = tuple(RecordedTrick(tuple((None, c) for _, c in t.plays), t.number) for t in record.tricks)
    return replace(record, tricks=tricks)


def without_hands(record: DealRecord) -> DealRecord:
    """The record as most tables write it: the tricks only, no hands."""
    return replace(record, hands={})


def shown_later(record: DealRecord, player: str, trick: int, wanted: Callable[[Card], bool]) -> bool:
    """Whether the named record shows the player playing a wanted card after that trick."""
    return any(n == player and wanted(c) for t in record.tricks[trick:] for n, c in t.plays)


class _Deal:
    def __init__(self, count: int, rules: RuleSet, rng: random.Random, plant: BreachKind | None) -> None:
        self.rules, self.rng, self.plant = rules, rng, plant
        self.two_decks = rules.decks_for(count) == 2
        self.players = NAMES[:count]
        self.dealer = rng.choice(self.players)
        self.hands = self._deal_and_pass()
        self.planted: Planted | None = None
        self.tricks = self._play()

    def _deal_and_pass(self) -> dict[str, list[Card]]:
        count = len(self.players)
        cards = sorted(self.rules.deck(count).elements())  # sorted: set order changes between runs
        self.rng.shuffle(cards)
        size = len(cards) // count
        hands = {name: sorted(cards[i * size : (i + 1) * size]) for i, name in enumerate(self.players)}
        shift = self._pass_shift()
        if shift:
            passed = {}
            for name in self.players:
                free = [c for c in hands[name] if self.rules.queen_may_be_passed or c != QUEEN_OF_SPADES]
                passed[name] = self.rng.sample(free, PASS_SIZE)
            for name in self.players:
                for c in passed[name]:
                    hands[name].remove(c)  # one copy: with two decks a hand may hold the other
            for i, name in enumerate(self.players):
                receiver = self.players[(i + shift) % count]
                hands[receiver] = hands[receiver] + passed[name]
        return {name: sorted(hand) for name, hand in hands.items()}

    def _pass_shift(self) -> int:
        """Seats to the left that cards travel: right is -1, left +1, 0 no pass."""
        count = len(self.players)
        if self.rules.pass_rule is PassRule.RIGHT:
            return -1
        if self.rules.pass_rule is PassRule.LEFT:
            return 1
        return self.rng.choice((-1, 1, 0) + ((count // 2,) if count % 2 == 0 else ()))

    def _play(self) -> list[_Trick]:
        count = len(self.players)
        held = {name: list(hand) for name, hand in self.hands.items()}
        total = len(held[self.players[0]])
        target = self.rng.randint(1, total)  # a played breach goes at the first spot from here
        leader = self.players[(self.players.index(self.dealer) + 1) % count]
        broken = self.rules.hearts is HeartsLead.ANYTIME
        tricks = []
        for number in range(1, total + 1):
            due = number >= target and self.planted is None
            if due and self.plant is BreachKind.WRONG_LEADER:
                leader = self.rng.choice([p for p in self.players if p != leader])
                self.planted = Planted(number, leader, self.plant)
            trick = _Trick(leader, broken)
            start = self.players.index(leader)
            for name in self.players[start:] + self.players[:start]:
                led = trick.plays[0][1].suit if trick.plays else None
                card = self._choose(number, name, held[name], led, broken, due, trick)
                only_hearts = all(c.suit is Suit.HEARTS for c in held[name])
                held[name].remove(card)
                trick.plays.append((name, card))
                # Hearts break when one is discarded on another suit's lead, or led from
                # a hand of hearts only; a planted heart lead breaks nothing (docs/rules.md).
                if card.suit is Suit.HEARTS and (only_hearts if led is None else led is not Suit.HEARTS):
                    broken = True
            tricks.append(trick)
            leader = _winner(trick.plays, self.two_decks) or leader  # nobody won: the leader leads again
        if self.plant in PLAYED and self.planted is None:
            raise _NoSpot
        return tricks

    def _choose(
        self, number: int, name: str, hand: list[Card], led: Suit | None, broken: bool, due: bool, trick: _Trick
    ) -> Card:
        due = due and self.planted is None
        hearts = [c for c in hand if c.suit is Suit.HEARTS]
        others = [c for c in hand if c.suit is not Suit.HEARTS]
        if led is None:
            if due and self.plant is BreachKind.HEARTS_LEAD and not broken and hearts and others:
                self.planted = Planted(number, name, self.plant)
                return self.rng.choice(hearts)
            return self.rng.choice(hand if broken or not others else others)
        follow = [c for c in hand if c.suit is led]
        if due and self.plant is BreachKind.RENEGE and follow and len(follow) < len(hand):
            self.planted = Planted(number, name, self.plant)
            return self.rng.choice([c for c in hand if c.suit is not led])
        allowed = follow or hand
        if self.two_decks and self.rng.random() < 0.8:
            on_table = {c for _, c in trick.plays}
            twins = [c for c in allowed if c in on_table]
            if twins:
                return self.rng.choice(twins)
        return self.rng.choice(allowed)

    def record(self) -> tuple[DealRecord, Planted | None]:
        plays = [list(t.plays) for t in self.tricks]
        hands = {name: tuple(hand) for name, hand in self.hands.items()}
        if self.plant is BreachKind.WRONG_PLAYER:
            number, position = self._spot(lambda number, i, name, card: True)
            seat = plays[number - 1][position][0]
            others = [p for p in self.players if p != seat] if position else []
            plays[number - 1][position] = (self.rng.choice([*others, STRANGER]), plays[number - 1][position][1])
            self.planted = Planted(number, seat, self.plant)
        elif self.plant is BreachKind.WRONG_COUNT:
            name, _ = plays[-1].pop()
            self.planted = Planted(len(plays), name, self.plant)
        elif self.plant in (BreachKind.PLAYED_TWICE, BreachKind.NOT_IN_DECK):
            self._replace_card(plays)
        elif self.plant is BreachKind.NOT_IN_HAND:
            hands = self._swap_in_hands(hands)
        tricks = tuple(
            RecordedTrick(tuple(trick), number if self.rng.random() < 0.5 else None)
            for number, trick in enumerate(plays, 1)
        )
        return DealRecord(self.players, self.dealer, self.rules, hands, tricks), self.planted

    def _spot(self, fits) -> tuple[int, int]:
        """A random (trick number, position) where ``fits(number, position, name, card)``."""
        spots = [
            (number, i)
            for number, trick in enumerate(self.tricks, 1)
            for i, (name, card) in enumerate(trick.plays)
            if fits(number, i, name, card)
        ]
        if not spots:
            raise _NoSpot
        return self.rng.choice(spots)

    def _replace_card(self, plays: list[list[tuple[str, Card]]]) -> None:
        dealt = self.rules.deck(len(self.players))

        def stand_ins(number: int, card: Card) -> list[Card]:
            trick = [c for _, c in self.tricks[number - 1].plays]
            best = _winning_card(self.tricks[number - 1].plays, self.two_decks)
            if best is None or card == best or trick.count(card) > 1:
                return []  # changing it could change the winner, or undo a cancelling pair
            if self.plant is BreachKind.NOT_IN_DECK:
                pool = out_of_deck(len(self.players), self.rules)
            else:  # a card whose every copy was played before this trick
                before = Counter(c for t in self.tricks[: number - 1] for _, c in t.plays)
                pool = [c for c in before if before[c] == dealt[c]]
            # Same suit, no higher than the winner in its suit, and no twin in the trick: it stays as it was.
            return [
                c
                for c in pool
                if c.suit is card.suit and (c.suit is not best.suit or c.rank < best.rank) and c not in trick
            ]

        def fits(number: int, i: int, name: str, card: Card) -> bool:
            return bool(stand_ins(number, card)) and self._harmless(name, card, number)

        number, position = self._spot(fits)
        name, card = plays[number - 1][position]
        plays[number - 1][position] = (name, self.rng.choice(stand_ins(number, card)))
        self.planted = Planted(number, name, self.plant)

    def _swap_in_hands(self, hands: dict[str, tuple[Card, ...]]) -> dict[str, tuple[Card, ...]]:
        # A card the player holds twice would be missing from the hand only at its second play.
        number, position = self._spot(lambda number, i, name, card: hands[name].count(card) == 1)
        name, card = self.tricks[number - 1].plays[position]
        strangers = [(other, c) for other in self.players if other != name for c in hands[other]]
        # Not the other copy of the card itself (two decks): the hand would still hold it.
        strangers = [(other, c) for other, c in strangers if c != card and self._harmless(name, c, 0)]
        if not strangers:
            raise _NoSpot
        other, stranger = self.rng.choice(strangers)
        hands = {n: h for n, h in hands.items() if n != other}
        hands[name] = tuple(stranger if c == card else c for c in hands[name])
        self.planted = Planted(number, name, self.plant)
        return hands

    def _harmless(self, name: str, card: Card, after: int) -> bool:
        """Whether the engine, wrongly thinking the player holds the card after that trick, sees nothing."""
        for trick in self.tricks[after:]:
            lead_name, lead = trick.plays[0]
            if lead_name == name:
                wrong_lead = lead.suit is Suit.HEARTS and not trick.broken_before
                if wrong_lead and card.suit is not Suit.HEARTS:
                    return False
            elif lead.suit is card.suit and dict(trick.plays)[name].suit is not card.suit:
                return False
        return True


def _winning_card(plays: list[tuple[str, Card]], two_decks: bool) -> Card | None:
    """The highest card of the suit led; with two decks, of those not there twice (None if every one is)."""
    led = plays[0][1].suit
    counts = Counter(c for _, c in plays)
    able = [c for _, c in plays if c.suit is led and not (two_decks and counts[c] > 1)]
    return max(able, key=lambda c: c.rank, default=None)


def _winner(plays: list[tuple[str, Card]], two_decks: bool) -> str | None:
    best = _winning_card(plays, two_decks)
    return next(name for name, card in plays if card == best) if best else None


def _is_name(text: str) -> bool:
    try:
        check_name(text)
    except NotationError:
        return False
    return True


names = st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=6).filter(_is_name)
any_card = st.sampled_from(sorted(FULL_DECK))


@st.composite
def records(draw) -> DealRecord:
    """Any record the notation can write: odd names, cards outside the deck, tricks of any size."""
    rules = draw(st.none() | st.sampled_from(RULE_SETS + TWO_DECK_RULE_SETS))
    most = 10 if rules is not None and rules.decks == 2 else 6
    players = tuple(draw(st.lists(names, min_size=2, max_size=most, unique_by=str.casefold)))
    hands = draw(st.dictionaries(st.sampled_from(players), st.lists(any_card, max_size=20).map(tuple)))
    play = st.tuples(st.none() | st.sampled_from(players) | names, any_card)
    lines = draw(st.lists(st.tuples(st.lists(play, max_size=7), st.booleans()), max_size=8))
    # A record spells a player's name as its players line does, whatever the case it was drawn in.
    spelled = {player.casefold(): player for player in players}
    tricks = [
        RecordedTrick(
            tuple((None if name is None else spelled.get(name.casefold(), name), card) for name, card in plays),
            number if numbered or not plays else None,
        )
        for number, (plays, numbered) in enumerate(lines, 1)
    ]
    return DealRecord(players, draw(st.sampled_from(players)), rules, hands, tuple(tricks))

"""The replay behind ``engine.audit``: who played each card, and which plays break a rule.

The replay runs in two passes. ``seat_tricks`` decides who led each trick and
who played each card, and finds the breaches of the record itself (wrong
leader or player, a card outside the deck or played twice, a trick of the wrong
size). ``check_play`` then holds each play against what the player held: the
recorded hand when there is one, else the cards the record shows them playing
later, which they must have held all along.

With two decks every card is there twice and two equal cards in one trick
cancel: neither can win it. A trick whose every card of the suit led is
cancelled has no winner, and its leader leads again.
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import NamedTuple

from .cards import RANKS, Card, Suit
from .record import DealRecord, Play
from .rules import HeartsLead, RuleSet

_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")


@cache
def deck_of(rules: RuleSet, players: int) -> Counter[Card]:
    """The deck of a deal under the rules, built once: ``deck`` makes a new one on every call.

    Shared by every audit of that table: nobody may change it.
    """
    return rules.deck(players)


def _of_suit(suit: Suit) -> Callable[[Card], bool]:
    return lambda card: card.suit is suit


class BreachKind(enum.Enum):
    """What a breach broke; the value is the name used in JSON."""

    RENEGE = "renege"  #: did not follow suit though able
    HEARTS_LEAD = "hearts-lead"  #: led a heart before hearts were broken, holding another suit
    WRONG_LEADER = "wrong-leader"  #: led by someone other than the eldest or the last winner
    WRONG_PLAYER = "wrong-player"  #: a name before a card is not the seat that plays there
    NOT_IN_DECK = "not-in-deck"  #: a card removed for this many players, or no card at all
    PLAYED_TWICE = "played-twice"
    NOT_IN_HAND = "not-in-hand"  #: a card outside the player's recorded hand
    WRONG_COUNT = "wrong-count"  #: a trick or a hand with too few or too many cards


@dataclass(frozen=True)
class Breach:
    """One broken rule: where, by whom, and a sentence for the table."""

    trick: int | None  #: None for a breach that belongs to no trick (a hand)
    player: str | None  #: None when nobody in particular is at fault
    kind: BreachKind
    message: str

    def to_json(self) -> dict:
        return {"trick": self.trick, "player": self.player, "kind": self.kind.value, "message": self.message}


class SeatedPlay(NamedTuple):
    """A card of a trick with the player the rules say played it.

    A named tuple rather than a frozen dataclass: there is one per card played,
    and it is built in half the time.
    """

    trick: int
    player: str
    card: Card
    genuine: bool  #: in the deck and played no more often than it holds the card: proof the player held it


@dataclass(frozen=True)
class SeatedTrick:
    number: int
    leader: str
    plays: tuple[SeatedPlay, ...]
    winner: str | None  #: None for a trick without cards, or (two decks) with every card of the suit led cancelled
    cancelled: tuple[Card, ...] | None = None  #: the pairs of equal cards, with two decks; None with one


def seat_tricks(record: DealRecord, rules: RuleSet) -> tuple[list[SeatedTrick], list[Breach]]:
    """Give every card its player and find the breaches of the record itself."""
    seating = _Seating(record, rules)
    tricks = [seating.seat(number, recorded.plays) for number, recorded in enumerate(record.tricks, 1)]
    return tricks, seating.breaches


class _Seating:
    """Who leads and who plays each card, trick after trick."""

    def __init__(self, record: DealRecord, rules: RuleSet) -> None:
        self.players = players = record.players
        # The order of play from each possible leader, clockwise.
        self.rounds = {name: players[i:] + players[:i] for i, name in enumerate(players)}
        self.in_deck = deck_of(rules, len(record.players))
        self.two_decks = rules.decks_for(len(players)) == 2
        self.first_played: dict[Card, tuple[int, str]] = {}
        self.second_played: dict[Card, tuple[int, str]] = {}  # two decks: the other copy
        self.leader, self.why = record.eldest, f"{record.eldest}, left of the dealer, leads the first trick"
        self.breaches: list[Breach] = []

    def breach(self, number: int, player: str | None, kind: BreachKind, text: str) -> None:
        self.breaches.append(Breach(number, player, kind, f"trick {number}: {text}"))

    def seat(self, number: int, plays: tuple[Play, ...]) -> SeatedTrick:
        count = len(self.players)
        # A named leader who is not the one due is reported once, and the trick
        # is then replayed as the record shows it, led by that player; the winner
        # leads on. Replaying it as if the right player had led would shift
        # every seat and bury the one real finding under a heap of false ones.
        # Records spell every player's name as the players line does.
        named = plays[0][0] if plays and plays[0][0] in self.players else None
        if named is not None and named != self.leader:
            self.breach(number, named, BreachKind.WRONG_LEADER, f"{named} led, but {self.why}")
            self.leader = named
        seats = self.rounds[self.leader]
        seated = []
        for position, (name, card) in enumerate(plays[:count]):
            player = seats[position]
            if name is not None and name != player:
                self._wrong_player(number, position, name, player, card)
            seated.append(SeatedPlay(number, player, card, self._first_time(number, player, card)))
        if len(plays) != count:
            self._wrong_count(number, plays, seats)
        if not self.two_decks:
            winner = _winner(seated)
            cancelled = None
        else:
            winner, cancelled = _cancelling_winner(seated)
            if winner is None and seated:
                self.why = f"{self.leader} led trick {number}, which nobody won, and leads again"
        if winner is not None:
            self.leader, self.why = winner, f"{winner} won trick {number} and leads"
        return SeatedTrick(number, seats[0], tuple(seated), winner, cancelled)

    def _wrong_player(self, number: int, position: int, name: str, player: str, card: Card) -> None:
        if name in self.players:
            text = f"the {_ORDINALS[position]} card of this trick is {player}'s"
        else:
            text = f"{name} is not a player; {player} plays there"
        self.breach(number, player, BreachKind.WRONG_PLAYER, f"{card} is written as {name}'s, but {text}")

    def _first_time(self, number: int, player: str, card: Card) -> bool:
        """Whether the card is in the deck and not played as often as it holds it; report it if not."""
        copies = self.in_deck[card]
        if not copies:
            text = f"{player} played {card}, which is {_outside_deck(card, len(self.players))}"
            self.breach(number, player, BreachKind.NOT_IN_DECK, text)
            return False
        # One lookup: setdefault hands back this very tuple only when the card is new.
        now = (number, player)
        earlier, who = first = self.first_played.setdefault(card, now)
        if first is now:
            return True
        if copies == 2:
            second = self.second_played.setdefault(card, now)
            if second is now:
                return True
            text = f"{player} played {card}, which was already played twice (tricks {earlier} and {second[0]})"
        else:
            when = "in this trick" if earlier == number else f"in trick {earlier}"
            who = "they" if who == player else who
            text = f"{player} played {card}, which {who} already played {when}"
        self.breach(number, player, BreachKind.PLAYED_TWICE, text)
        return False

    def _wrong_count(self, number: int, plays: tuple[Play, ...], seats: tuple[str, ...]) -> None:
        count = len(self.players)
        if len(plays) < count:
            missing = seats[len(plays) :]
            text = f"{_count(len(plays))} for {count} players; no card from {_or(missing)}"
            self.breach(number, missing[0], BreachKind.WRONG_COUNT, text)
        else:
            # The first cards are the trick; what follows is left out of the replay.
            extra = " ".join(str(card) for _, card in plays[count:])
            text = f"{len(plays)} cards for {count} players; {extra} after the {_ORDINALS[count - 1]} card left out"
            self.breach(number, None, BreachKind.WRONG_COUNT, text)


def _count(cards: int) -> str:
    return {0: "no cards", 1: "1 card"}.get(cards, f"{cards} cards")


def _cancelling_winner(plays: list[SeatedPlay]) -> tuple[str | None, tuple[Card, ...]]:
    """The winner of a two-deck trick, and its cancelled cards: every card that is there twice."""
    counts = Counter(play.card for play in plays)
    cancelled = tuple(play.card for play in plays if counts[play.card] > 1)
    if not plays:
        return None, cancelled
    led = plays[0].card.suit
    best: SeatedPlay | None = None
    for play in plays:
        card = play.card
        if card.suit is led and counts[card] == 1 and (best is None or card.rank > best.card.rank):
            best = play
    return (best.player if best else None), cancelled


def _outside_deck(card: Card, players: int) -> str:
    return f"not in the deck for {players} players" if card.rank in RANKS else "no card at all"


def _winner(plays: list[SeatedPlay]) -> str | None:
    """Who played the highest card of the suit led (the first of equals, should a card come twice)."""
    if not plays:
        return None
    best = plays[0].card
    winner = plays[0].player
    for play in plays:
        if play.card.suit is best.suit and play.card.rank > best.rank:
            best, winner = play.card, play.player
    return winner


def _or(names: tuple[str, ...]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


class _Holdings:
    """What each player is known to hold at a given trick."""

    def __init__(self, record: DealRecord, tricks: list[SeatedTrick]) -> None:
        # Players with a recorded hand: the cards of it not yet played (two decks: a card may be there twice).
        self.left = {name: Counter(cards) for name, cards in record.hands.items()}
        # Everybody: the cards they are seen playing, which they held until then.
        # A card outside the deck or played twice proves nothing.
        self.shown: dict[str, list[SeatedPlay]] = {name: [] for name in record.players}
        for trick in tricks:
            for play in trick.plays:
                if play.genuine:
                    self.shown[play.player].append(play)

    def held(self, player: str, trick: int, wanted: Callable[[Card], bool]) -> str | None:
        """A wanted card the player held at that trick, as words, or None if none is known."""
        later = next((p for p in self.shown[player] if p.trick > trick and wanted(p.card)), None)
        if player in self.left:
            cards = sorted(c for c in self.left[player] if wanted(c))
            if not cards:
                return None
            if later is None or later.card not in cards:
                return str(cards[0])
        elif later is None:
            return None
        return f"{later.card}, which they played in trick {later.trick}"

    def play(self, play: SeatedPlay) -> bool:
        """Take the card out of a recorded hand; False if the hand lacks it."""
        hand = self.left.get(play.player)
        if hand is None:
            return True
        if play.card not in hand:
            return False
        hand[play.card] -= 1
        if not hand[play.card]:
            del hand[play.card]  # so that a card played is no longer among the cards held
        return True


def check_hands(record: DealRecord, rules: RuleSet) -> list[Breach]:
    """The recorded hands against the deck: sizes, cards outside it, cards held more often than it has them."""
    count = len(record.players)
    in_deck = deck_of(rules, count)
    size = rules.cards_each(count)
    holders: dict[Card, list[str]] = {}
    breaches = []
    for name in record.players:
        hand = record.hands.get(name)
        if hand is None:
            continue
        if len(hand) != size:
            text = f"{name}'s hand has {_count(len(hand))}; each player holds {size}"
            breaches.append(Breach(None, name, BreachKind.WRONG_COUNT, text))
        for card in hand:
            if card not in in_deck:
                text = f"{name}'s hand holds {card}, which is {_outside_deck(card, count)}"
                breaches.append(Breach(None, name, BreachKind.NOT_IN_DECK, text))
            holders.setdefault(card, []).append(name)
    # A card in more hands than the deck has copies is a hand with a card too many: a wrong count.
    for card, names in holders.items():
        copies = in_deck[card]
        if len(names) > max(copies, 1):
            if len(set(names)) == 1:
                text = f"{names[0]}'s hand holds {card} {_times(len(names))}"
            elif copies < 2:
                text = f"{card} is in both {_both(names)} hands"
            else:
                text = f"{card} is in {_both(names)} hands, {len(names)} times; the decks hold it twice"
            breaches.append(Breach(None, names[-1], BreachKind.WRONG_COUNT, text))
    return breaches


def _times(count: int) -> str:
    return {2: "twice", 3: "three times"}.get(count, f"{count} times")


def _both(names: list[str]) -> str:
    owners = [f"{name}'s" for name in dict.fromkeys(names)]
    return ", ".join(owners[:-1]) + " and " + owners[-1]


def check_play(record: DealRecord, rules: RuleSet, tricks: list[SeatedTrick]) -> list[Breach]:
    """Every play against what its player held: not in hand, hearts lead, renege."""
    holdings = _Holdings(record, tricks)
    broken = rules.hearts is HeartsLead.ANYTIME  # with anytime there is nothing to break
    breaches = []

    def breach(trick: SeatedTrick, player: str, kind: BreachKind, text: str) -> None:
        breaches.append(Breach(trick.number, player, kind, f"trick {trick.number}: {text}"))

    for trick in tricks:
        if not trick.plays:
            continue
        lead = trick.plays[0]
        led = lead.card.suit
        if led is Suit.HEARTS and not broken:
            other = holdings.held(lead.player, trick.number, lambda c: c.suit is not Suit.HEARTS)
            if other:
                text = f"{lead.player} led {lead.card} before hearts were broken while holding {other}"
                breach(trick, lead.player, BreachKind.HEARTS_LEAD, text)
            else:
                # A heart led from a hand of hearts only breaks hearts; one led against
                # the rule does not (RULES.md), so the next wrong heart lead is a breach too.
                broken = True
        for play in trick.plays[1:]:
            if play.card.suit is not led:
                held = holdings.held(play.player, trick.number, _of_suit(led))
                if held:
                    text = f"{play.player} played {play.card} on a {led.noun} lead while holding {held}"
                    breach(trick, play.player, BreachKind.RENEGE, text)
                broken = broken or play.card.suit is Suit.HEARTS
        if not record.hands:
            continue  # no recorded hand for a card to be missing from
        for play in trick.plays:
            # Only a genuine card can be missing from a hand: a card outside the deck
            # or played twice has been reported already, once is enough.
            if not holdings.play(play) and play.genuine:
                text = f"{play.player} played {play.card}, which is not in {play.player}'s recorded hand"
                breach(trick, play.player, BreachKind.NOT_IN_HAND, text)
    return breaches

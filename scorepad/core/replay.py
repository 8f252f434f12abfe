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

No check searches the tricks over and over: a card played too often is traced
to where the deck's copies went once, and ``check_play`` asks about players'
later cards in the order of the tricks, each search going on from the last
answer to the same question. A record costs in proportion to its length,
however many tricks it has.
"""

from __future__ import annotations

import enum
from collections import Counter
from dataclasses import dataclass

from .cards import Card, CardRow, Suit
from .language import N_, Counted, Phrase, and_list, or_list
from .record import DealRecord, Play
from .rules import HeartsLead, RuleSet

_ORDINALS = (
    # TRANSLATORS: the place of a card in a trick, as in "the first card of this trick".
    N_("first"),
    N_("second"),
    N_("third"),
    N_("fourth"),
    N_("fifth"),
    N_("sixth"),
    N_("seventh"),
    N_("eighth"),
    N_("ninth"),
    N_("tenth"),
)
#: Why the leader leads, for the sentence of a trick led by another (marked once, not for every trick).
_ELDEST_LEADS = N_("{player}, left of the dealer, leads the first trick")
_LEADS_AGAIN = N_("{player} led trick {trick}, which nobody won, and leads again")
_WINNER_LEADS = N_("{player} won trick {trick} and leads")
#: A card of one deck played again: by the same player or (``other``) another, in this trick or an earlier one.
_PLAYED_AGAIN = {
    (True, True): N_("{player} played {card}, which they already played in this trick"),
    (True, False): N_("{player} played {card}, which they already played in trick {trick}"),
    (False, True): N_("{player} played {card}, which {other} already played in this trick"),
    (False, False): N_("{player} played {card}, which {other} already played in trick {trick}"),
}
#: A renege's sentence for each suit led, so that every language can word "a club lead" its own way.
_RENEGES = {
    Suit.CLUBS: N_("{player} played {card} on a club lead while holding {held}"),
    Suit.DIAMONDS: N_("{player} played {card} on a diamond lead while holding {held}"),
    Suit.SPADES: N_("{player} played {card} on a spade lead while holding {held}"),
    Suit.HEARTS: N_("{player} played {card} on a heart lead while holding {held}"),
}


_NOT_HEARTS = (Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES)


class BreachKind(enum.Enum):
    """What a breach broke; the value is the name used in JSON."""

    RENEGE = "renege"  #: did not follow suit though able
    HEARTS_LEAD = "hearts-lead"  #: led a heart before hearts were broken, holding another suit
    WRONG_LEADER = "wrong-leader"  #: led by someone other than the eldest or the last winner
    WRONG_PLAYER = "wrong-player"  #: a name before a card is not the seat that plays there
    NOT_IN_DECK = "not-in-deck"  #: a card removed for this many players
    PLAYED_TWICE = "played-twice"
    NOT_IN_HAND = "not-in-hand"  #: a card outside the player's recorded hand
    WRONG_COUNT = "wrong-count"  #: a trick or a hand with too few or too many cards


@dataclass(frozen=True)
class Breach:
    """One broken rule: where, by whom, and a sentence for the table (English in JSON, worded for people)."""

    trick: int | None  #: None for a breach that belongs to no trick (a hand)
    player: str | None  #: None when nobody in particular is at fault
    kind: BreachKind
    message: Phrase

    def to_json(self) -> dict:
        return {"trick": self.trick, "player": self.player, "kind": self.kind.value, "message": str(self.message)}


@dataclass(frozen=True)
class TrickReport:
    """One trick as replayed: cards in the order played, from the leader, and who played each."""

    number: int
    leader: str
    players: tuple[str, ...]  #: who played each card: the seats from the leader, as many as there are cards
    cards: tuple[Card, ...]
    #: the positions of the cards that prove nothing of their player's hand: outside the deck,
    #: or played more often than the deck holds them (every other card is genuine: its player held it)
    spurious: tuple[int, ...]
    winner: str | None  #: None for a trick without cards, or (two decks) with every card of the suit led cancelled
    points: int  #: what the cards in it score, the omnibus bonus included
    cancelled: tuple[Card, ...] | None = None  #: two decks: the equal cards that cancelled; None with one deck
    taken_by: str | None = None  #: who took its points: the winner, or for a trick nobody won a later taker
    taken_with: int | None = None  #: for a trick nobody won, the trick whose taker took its cards

    def to_json(self) -> dict:
        data = {
            "number": self.number,
            "leader": self.leader,
            "cards": [card.code for card in self.cards],
            "winner": self.winner,
            "points": self.points,
        }
        if self.cancelled is not None:  # the one-deck report keeps its shape
            data["cancelled"] = [card.code for card in self.cancelled]
            data["taken_with"] = self.taken_with
            data["taken_by"] = self.taken_by
        return data


def seat_tricks(record: DealRecord, rules: RuleSet) -> tuple[list[TrickReport], list[Breach]]:
    """Give every card its player, score each trick for its winner, and find the breaches of the record itself."""
    seating = _Seating(record, rules)
    for number, recorded in enumerate(record.tricks, 1):
        seating.seat(number, recorded.plays)
    return seating.tricks, seating.breaches


class _Seating:
    """Who leads and who plays each card, trick after trick."""

    def __init__(self, record: DealRecord, rules: RuleSet) -> None:
        self.rules = rules
        self.players = players = record.players
        #: The order of play from each possible leader, clockwise.
        self.rounds = {name: players[i:] + players[:i] for i, name in enumerate(players)}
        # The copies of each card of the deck not played yet: a card with none
        # left is outside the deck, or played more often than the deck holds it.
        self.unplayed = rules.deck(len(players))
        #: Where the deck's copies of a card played too often went: each trick and player.
        self.first_plays: dict[Card, list[tuple[int, str]]] = {}
        self.two_decks = rules.decks_for(len(players)) == 2
        self.leader = record.eldest
        # Why the leader leads: a message, its player and trick, worded only should a trick be led by another.
        self.why = (_ELDEST_LEADS, record.eldest, 1)
        self.tricks: list[TrickReport] = []
        self.breaches: list[Breach] = []

    def breach(self, number: int, player: str | None, kind: BreachKind, text: Phrase) -> None:
        self.breaches.append(Breach(number, player, kind, _in_trick(number, text)))

    def seat(self, number: int, plays: tuple[Play, ...]) -> None:
        count = len(self.players)
        # A named leader who is not the one due is reported once, and the trick
        # is then replayed as the record shows it, led by that player; the winner
        # leads on. Replaying it as if the right player had led would shift
        # every seat and bury the one real finding under a heap of false ones.
        # Records spell every player's name as the players line does (the keys of ``rounds``).
        named = plays[0][0] if plays and plays[0][0] in self.rounds else None
        if named is not None and named != self.leader:
            template, leader, why_trick = self.why
            why = Phrase(template, player=leader, trick=why_trick)
            text = Phrase(N_("{player} led, but {why}"), player=named, why=why)
            self.breach(number, named, BreachKind.WRONG_LEADER, text)
            self.leader = named
        seats = self.rounds[self.leader]
        unplayed, values = self.unplayed, self.rules.card_values
        points = 0
        cards: list[Card] = []
        spurious: list[int] = []
        seen: set[Card] = set()
        twice: set[Card] = set()  #: the cards in the trick more than once: with two decks, they cancel
        # The seats end the trick: cards past the last seat are left out of the replay.
        for player, (name, card) in zip(seats, plays, strict=False):
            if name is not None and name != player:
                self._wrong_player(number, len(cards), name, player, card)
            left = unplayed[card]
            if left:
                unplayed[card] = left - 1
            else:
                self._spurious(number, player, card, seats, cards)
                spurious.append(len(cards))
            if card in seen:
                twice.add(card)
            seen.add(card)
            cards.append(card)
            points += values.get(card, 0)
        if len(plays) != count:
            self._wrong_count(number, plays, seats)
        players = seats[: len(cards)]
        if not self.two_decks:
            cancelled = None
            winner = _winner(players, cards, set())
        else:
            cancelled = tuple(card for card in cards if card in twice) if twice else ()
            winner = _winner(players, cards, twice)
            if winner is None and cards:
                self.why = (_LEADS_AGAIN, self.leader, number)
        if winner is not None:
            self.leader, self.why = winner, (_WINNER_LEADS, winner, number)
        trick = TrickReport(number, seats[0], players, tuple(cards), tuple(spurious), winner, points, cancelled, winner)
        self.tricks.append(trick)

    def _wrong_player(self, number: int, position: int, name: str, player: str, card: Card) -> None:
        if name in self.players:
            text = Phrase(
                N_("{card} is written as {name}'s, but the {ordinal} card of this trick is {player}'s"),
                card=card,
                name=name,
                ordinal=Phrase(_ORDINALS[position]),
                player=player,
            )
        else:
            text = Phrase(
                N_("{card} is written as {name}'s, but {name} is not a player; {player} plays there"),
                card=card,
                name=name,
                player=player,
            )
        self.breach(number, player, BreachKind.WRONG_PLAYER, text)

    def _spurious(self, number: int, player: str, card: Card, seats: tuple[str, ...], cards: list[Card]) -> None:
        """Report a card outside the deck, or played more often than the deck holds it (``cards``: the trick's so far)."""
        copies = self.rules.deck(len(self.players))[card]
        if not copies:
            outside = N_("{player} played {card}, which is not in the deck for {count} players")
            text = Phrase(outside, player=player, card=card, count=len(self.players))
            self.breach(number, player, BreachKind.NOT_IN_DECK, text)
            return
        earlier = self._first_plays(card, number, seats, cards)
        if copies == 2:
            twice = N_("{player} played {card}, which was already played twice (tricks {trick} and {second})")
            text = Phrase(twice, player=player, card=card, trick=earlier[0][0], second=earlier[1][0])
        else:
            trick, who = earlier[0]
            again = _PLAYED_AGAIN[who == player, trick == number]
            text = Phrase(again, player=player, card=card, other=who, trick=trick)
        self.breach(number, player, BreachKind.PLAYED_TWICE, text)

    def _first_plays(self, card: Card, number: int, seats: tuple[str, ...], cards: list[Card]) -> list[tuple[int, str]]:
        """Where the deck's copies of a card went, each trick and player: looked for once, when it is first played
        too often (in trick ``number``, whose cards so far are ``cards``)."""
        if card not in self.first_plays:
            tricks = [(trick.number, trick.players, trick.cards) for trick in self.tricks] + [(number, seats, cards)]
            self.first_plays[card] = [
                (n, who) for n, players, played in tricks for who, c in zip(players, played, strict=False) if c == card
            ]
        return self.first_plays[card]

    def _wrong_count(self, number: int, plays: tuple[Play, ...], seats: tuple[str, ...]) -> None:
        count = len(self.players)
        if len(plays) < count:
            missing = or_list(seats[len(plays) :])
            if not plays:
                text = Phrase(
                    N_("no cards for {players} players; no card from {missing}"), players=count, missing=missing
                )
            else:
                text = Counted(
                    "{count} card for {players} players; no card from {missing}",
                    "{count} cards for {players} players; no card from {missing}",
                    len(plays),
                    players=count,
                    missing=missing,
                )
            self.breach(number, seats[len(plays)], BreachKind.WRONG_COUNT, text)
        else:
            # The first cards are the trick; what follows is left out of the replay.
            text = Phrase(
                N_("{count} cards for {players} players; {extra} after the {ordinal} card left out"),
                count=len(plays),
                players=count,
                extra=CardRow(tuple(card for _, card in plays[count:])),
                ordinal=Phrase(_ORDINALS[count - 1]),
            )
            self.breach(number, None, BreachKind.WRONG_COUNT, text)


def _in_trick(number: int, text: Phrase) -> Phrase:
    """A breach's sentence under the trick it is found in: ``trick 5: Bob played ...``."""
    return Phrase(N_("trick {number}: {problem}"), number=number, problem=text)


def _winner(players: tuple[str, ...], cards: list[Card], cancelled: set[Card]) -> str | None:
    """Who played the highest card of the suit led that is not cancelled (the first of equals,
    should a card of one deck come twice); None when there is none."""
    if not cards:
        return None
    led, best, rank = cards[0].suit, None, 0
    for position, card in enumerate(cards):
        if card.suit is led and card.rank > rank and card not in cancelled:
            best, rank = position, card.rank
    return None if best is None else players[best]


class _Holdings:
    """What each player is known to hold at a given trick."""

    def __init__(self, record: DealRecord, tricks: list[TrickReport]) -> None:
        # Players with a recorded hand: the cards of it not yet played, with their copies
        # (two decks: a card may be there twice).
        self.left = {name: Counter(cards) for name, cards in record.hands.items()}
        # Everybody: the cards they are seen playing, which they held until then.
        self.tricks = tricks
        self.seat = {name: seat for seat, name in enumerate(record.players)}
        #: The last answer for each player and suits: the trick asked about, and the card seen after it.
        self.answers: dict[tuple[str, tuple[Suit, ...]], tuple[int, tuple[int, Card] | None]] = {}

    def held(self, player: str, trick: int, suits: tuple[Suit, ...]) -> Card | Phrase | None:
        """A card of one of these suits the player held at that trick, or where it is seen, or None if none is known."""
        if player in self.left:
            hand = self.left[player]
            held = min((card for card, copies in hand.items() if copies and card.suit in suits), default=None)
            if held is None:
                return None
            later = self._shown_later(player, trick, suits)
            if later is None or not hand[later[1]]:  # a card seen later that is still in the hand
                return held
        else:
            later = self._shown_later(player, trick, suits)
            if later is None:
                return None
        number, card = later
        return Phrase(N_("{card}, which they played in trick {trick}"), card=card, trick=number)

    def _shown_later(self, player: str, trick: int, suits: tuple[Suit, ...]) -> tuple[int, Card] | None:
        """The trick of the first card of these suits the player is seen playing after that trick, and the card.

        A card outside the deck or played once too often proves nothing. The checks ask in the
        order of the tricks: while the card last found for the player and suits is still to come
        it is the answer again, else the search starts at the trick asked about, so that no trick
        is searched twice for one question, however long the record.
        """
        asked, seen = self.answers.get((player, suits), (trick + 1, None))
        if asked <= trick < (len(self.tricks) if seen is None else seen[0]):
            return seen
        seen, seat = None, self.seat[player]
        for index in range(trick, len(self.tricks)):  # trick n is tricks[n - 1]: these come after it
            later = self.tricks[index]
            # Play goes round from the leader, so the player's card is this far into the trick.
            position = (seat - self.seat[later.leader]) % len(self.seat)
            if position < len(later.cards) and later.cards[position].suit in suits and position not in later.spurious:
                seen = later.number, later.cards[position]
                break
        self.answers[player, suits] = (trick, seen)
        return seen

    def take(self, trick: TrickReport) -> list[int]:
        """Take the trick's cards out of the recorded hands; the positions of those a hand lacked."""
        lacked = []
        for position, (player, card) in enumerate(zip(trick.players, trick.cards, strict=True)):
            if player not in self.left:
                continue  # no recorded hand
            hand = self.left[player]
            if hand[card]:
                hand[card] -= 1
            else:
                lacked.append(position)
        return lacked


def check_hands(record: DealRecord, rules: RuleSet) -> list[Breach]:
    """The recorded hands against the deck: sizes, cards outside it, cards held more often than it has them."""
    if not record.hands:
        return []
    count = len(record.players)
    deck = rules.deck(count)
    hands = [(name, record.hands[name]) for name in record.players if name in record.hands]
    breaches = []
    for name, hand in hands:
        breaches += _check_hand(name, hand, count, rules.cards_each(count), deck)
    return breaches + _held_too_often(hands, deck)


def _check_hand(name: str, hand: tuple[Card, ...], count: int, size: int, deck: Counter[Card]) -> list[Breach]:
    """One hand of a deal to ``count`` players, each dealt ``size`` cards: its size, and each card outside the deck."""
    breaches = []
    if len(hand) != size:
        if not hand:
            text = Phrase(N_("{player}'s hand has no cards; each player holds {size}"), player=name, size=size)
        else:
            text = Counted(
                "{player}'s hand has {count} card; each player holds {size}",
                "{player}'s hand has {count} cards; each player holds {size}",
                len(hand),
                player=name,
                size=size,
            )
        breaches.append(Breach(None, name, BreachKind.WRONG_COUNT, text))
    for card in hand:
        if card not in deck:
            outside = N_("{player}'s hand holds {card}, which is not in the deck for {count} players")
            text = Phrase(outside, player=name, card=card, count=count)
            breaches.append(Breach(None, name, BreachKind.NOT_IN_DECK, text))
    return breaches


def _held_too_often(hands: list[tuple[str, tuple[Card, ...]]], deck: Counter[Card]) -> list[Breach]:
    """A card in more hands than the deck has copies: a hand with a card too many, a wrong count."""
    holders: dict[Card, list[str]] = {}  # each card's holders, once for each copy held
    for name, hand in hands:
        for card in hand:
            holders.setdefault(card, []).append(name)
    # Once is never too often: a card outside the deck is reported with its hand.
    return [
        Breach(None, names[-1], BreachKind.WRONG_COUNT, _too_often(card, names, deck[card]))
        for card, names in holders.items()
        if 1 < len(names) > deck[card]
    ]


def _too_often(card: Card, names: list[str], copies: int) -> Phrase:
    """The sentence for a card held by ``names`` (once for each copy held) when the deck has ``copies``."""
    if len(set(names)) == 1:
        sentence = {
            2: N_("{player}'s hand holds {card} twice"),
            3: N_("{player}'s hand holds {card} three times"),
        }.get(len(names), N_("{player}'s hand holds {card} {count} times"))
        return Phrase(sentence, player=names[0], card=card, count=len(names))
    # TRANSLATORS: whose hand, as in "Q♠ is in both Ann's and Bob's hands".
    owners = and_list(Phrase(N_("{player}'s"), player=name) for name in dict.fromkeys(names))
    if copies >= 2:
        both = N_("{card} is in {owners} hands, {count} times; the decks hold it twice")
    elif len(set(names)) == 2:
        both = N_("{card} is in both {owners} hands")
    else:  # "both" would be wrong for three or more
        both = N_("{card} is in {owners} hands")
    return Phrase(both, card=card, owners=owners, count=len(names))


def check_play(record: DealRecord, rules: RuleSet, tricks: list[TrickReport]) -> list[Breach]:
    """Every play against what its player held: not in hand, hearts lead, renege."""
    holdings = _Holdings(record, tricks)
    broken = rules.hearts is HeartsLead.ANYTIME  # with anytime there is nothing to break
    breaches = []

    def breach(trick: TrickReport, player: str, kind: BreachKind, text: Phrase) -> None:
        breaches.append(Breach(trick.number, player, kind, _in_trick(trick.number, text)))

    for trick in tricks:
        if not trick.cards:
            continue
        leader, lead = trick.players[0], trick.cards[0]
        led = lead.suit
        if led is Suit.HEARTS and not broken:
            other = holdings.held(leader, trick.number, _NOT_HEARTS)
            if other:
                text = Phrase(
                    N_("{player} led {card} before hearts were broken while holding {held}"),
                    player=leader,
                    card=lead,
                    held=other,
                )
                breach(trick, leader, BreachKind.HEARTS_LEAD, text)
            else:
                # A heart led from a hand of hearts only breaks hearts; one led against
                # the rule does not (docs/rules.md), so the next wrong heart lead is a breach too.
                broken = True
        for player, card in zip(trick.players, trick.cards, strict=True):
            if card.suit is led:
                continue
            held = holdings.held(player, trick.number, (led,))
            if held:
                text = Phrase(_RENEGES[led], player=player, card=card, held=held)
                breach(trick, player, BreachKind.RENEGE, text)
            broken = broken or card.suit is Suit.HEARTS
        for position in holdings.take(trick) if record.hands else ():
            # Only a genuine card can be missing from a hand: a card outside the deck
            # or played twice has been reported already, once is enough.
            if position not in trick.spurious:
                player, card = trick.players[position], trick.cards[position]
                text = Phrase(
                    N_("{player} played {card}, which is not in {player}'s recorded hand"),
                    player=player,
                    card=card,
                )
                breach(trick, player, BreachKind.NOT_IN_HAND, text)
    return breaches

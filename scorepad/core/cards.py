"""Cards and their notation.

``Card.parse`` accepts what people type (``QS``, ``q♠``, ``10h``, ``TH``);
``str(card)`` writes Unicode suits, ``card.ascii()`` the ASCII form used in
JSON and CSV (``10H``, ``QS``). Parsing either output gives the card back.
"""

from __future__ import annotations

import enum
from functools import total_ordering

from .errors import NotationError, RuleError, ScorepadError
from .language import N_


class Suit(enum.Enum):
    """The four suits; the value is the ASCII letter."""

    CLUBS = "C"
    DIAMONDS = "D"
    SPADES = "S"
    HEARTS = "H"

    @property
    def symbol(self) -> str:
        return _SYMBOLS[self]


_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.SPADES: "♠", Suit.HEARTS: "♥"}
_ASCII_SUITS = str.maketrans({symbol: suit.value for suit, symbol in _SYMBOLS.items()})
_SUIT_BY_TEXT = {s.value: s for s in Suit} | {sym: s for s, sym in _SYMBOLS.items()}
# Some terminals and keyboards give the white suit symbols; accept them too.
_SUIT_BY_TEXT |= {"♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS}

#: Ranks 2..14, ace high.
RANKS = tuple(range(2, 15))
_RANK_NAMES = {10: "10", 11: "J", 12: "Q", 13: "K", 14: "A"}
_RANK_BY_TEXT = {str(r): r for r in range(2, 11)} | {"T": 10, "J": 11, "Q": 12, "K": 13, "A": 14}


def ascii_suits(text: str) -> str:
    """A sentence with its suit symbols written as letters: ``Q♠`` becomes ``QS``."""
    return text.translate(_ASCII_SUITS)


def rank_name(rank: int) -> str:
    return _RANK_NAMES.get(rank, str(rank))


@total_ordering
class Card(enum.Enum):
    """One of the 52 cards: ``Card.of(12, Suit.SPADES)`` is the queen of spades. Orders by suit, then rank.

    A closed set, so an enum: each card exists once, is compared as itself, and
    is hashed as itself too, where an enum's own hash would read its name: the
    audit counts cards by the thousand, and a card hashed by its fields (a frozen
    dataclass) took 2,000 two-deck records from 0.52 to 1.04 s of CPU.
    """

    _ignore_ = "_rank _suit"
    for _suit in Suit:
        for _rank in RANKS:
            vars()[rank_name(_rank) + _suit.value] = (_rank, _suit)

    def __init__(self, rank: int, suit: Suit) -> None:
        self.rank = rank
        self.suit = suit

    __hash__ = object.__hash__

    @classmethod
    def of(cls, rank: int, suit: Suit) -> Card:
        """The card of ``rank`` (2 to 14, ace high) and ``suit``; KeyError for a rank no deck has."""
        return _BY_RANK_AND_SUIT[rank, suit]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``QS``, ``q♠``, ``10h``, ``TH``; raise NotationError otherwise."""
        cleaned = text.strip().upper()
        if len(cleaned) < 2 or cleaned[-1] not in _SUIT_BY_TEXT or cleaned[:-1] not in _RANK_BY_TEXT:
            raise NotationError(N_("not a card: {text} (write e.g. QS, Q♠, 10H or TH)"), text=repr(text.strip()))
        return _BY_RANK_AND_SUIT[_RANK_BY_TEXT[cleaned[:-1]], _SUIT_BY_TEXT[cleaned[-1]]]

    def __str__(self) -> str:
        return rank_name(self.rank) + self.suit.symbol

    def __repr__(self) -> str:
        return f"Card.parse({self.ascii()!r})"

    def ascii(self) -> str:
        return rank_name(self.rank) + self.suit.value

    def text(self, ascii: bool = False) -> str:
        return self.ascii() if ascii else str(self)

    def __lt__(self, other: Card) -> bool:
        return (_SUIT_ORDER[self.suit], self.rank) < (_SUIT_ORDER[other.suit], other.rank)


_SUIT_ORDER = {Suit.SPADES: 0, Suit.HEARTS: 1, Suit.DIAMONDS: 2, Suit.CLUBS: 3}
_BY_RANK_AND_SUIT = {(card.rank, card.suit): card for card in Card}
FULL_DECK = frozenset(Card)

#: A card's ``ascii()`` text, as a function of the card: for ``map`` over many cards.
ascii_text = Card.ascii


def card(text: str) -> Card:
    """Short form of ``Card.parse``, handy in tests and tables."""
    return Card.parse(text)


def cards(text: str) -> list[Card]:
    """Parse a list of cards separated by spaces or commas."""
    return [Card.parse(t) for t in text.replace(",", " ").split()]


QUEEN_OF_SPADES = Card.of(12, Suit.SPADES)
KING_OF_SPADES = Card.of(13, Suit.SPADES)
ACE_OF_SPADES = Card.of(14, Suit.SPADES)
JACK_OF_DIAMONDS = Card.of(11, Suit.DIAMONDS)
TEN_OF_DIAMONDS = Card.of(10, Suit.DIAMONDS)

#: The twos taken out of one deck, in the order they go, as the table grows.
_REMOVED_BY_PLAYERS = {
    2: (),
    3: (Card.of(2, Suit.CLUBS),),
    4: (),
    5: (Card.of(2, Suit.CLUBS), Card.of(2, Suit.DIAMONDS)),
    6: (Card.of(2, Suit.CLUBS), Card.of(2, Suit.DIAMONDS), Card.of(2, Suit.HEARTS), Card.of(2, Suit.SPADES)),
}
#: Two decks lose one copy at a time, lowest first: 2♣ 2♣ 2♦ 2♦ 2♠ 2♠ 2♥ 2♥ 3♣ 3♣ ...
#: (104 cards: at most 9 go, for 6 to 10 players).
_TWO_DECK_ORDER = tuple(
    Card.of(rank, suit)
    for rank in RANKS
    for suit in (Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES, Suit.HEARTS)
    for _ in range(2)
)

MIN_DECK_PLAYERS = 2
#: The most players one deck, and two decks, are dealt to.
MAX_DECK_PLAYERS = {1: 6, 2: 10}
#: Two decks are dealt from this many players on: fewer share one deck.
TWO_DECKS_FROM = 6


def check_player_count(
    count: int, least: int, most: int, refusal: str, error: type[ScorepadError] = RuleError, **fields: object
) -> None:
    """Refuse ``count`` players outside ``least`` to ``most``: a deck, a match and a deal record each seat a range.

    ``refusal`` says it in the caller's words, from ``least``, ``most``, ``count`` and any other ``fields``.
    """
    if not least <= count <= most:
        raise error(refusal, least=least, most=most, count=count, **fields)


def removed_cards(players: int, decks: int = 1) -> tuple[Card, ...]:
    """The cards taken out of ``decks`` (1 or 2) before dealing to that many players, a card twice if both copies go."""
    least = TWO_DECKS_FROM if decks == 2 else MIN_DECK_PLAYERS
    refusal = (
        N_("no deck for {count} players ({least} to {most} with one deck)")
        if decks == 1
        else N_("no deck for {count} players ({least} to {most} with {decks} decks)")
    )
    check_player_count(players, least, MAX_DECK_PLAYERS[decks], refusal, NotationError, decks=decks)
    if decks == 2:
        return _TWO_DECK_ORDER[: 2 * len(FULL_DECK) % players]
    return _REMOVED_BY_PLAYERS[players]

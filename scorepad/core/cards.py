"""Cards and their notation.

``Card.parse`` accepts what people type (``QS``, ``q♠``, ``10h``, ``TH``);
``str(card)`` writes Unicode suits, ``card.ascii()`` the ASCII form used in
JSON, CSV and deal records (``10H``, ``QS``). Parsing either output gives the
card back.

A table may type and read its cards as its country's decks print them
(``Letters``: the Dutch ``VS`` is the queen of spades). The core does not know
which language is in use: the edge gives ``Card.parse`` the table's letters,
and shows a card with them (``present.translation.card_text``).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from functools import cached_property, total_ordering

from .errors import NotationError, RuleError, ScorepadError
from .language import N_, or_list


class Suit(enum.Enum):
    """The four suits; the value is the ASCII letter. Hashed as itself, as a card is (see ``Card``)."""

    CLUBS = "C"
    DIAMONDS = "D"
    SPADES = "S"
    HEARTS = "H"

    __hash__ = object.__hash__

    @property
    def symbol(self) -> str:
        return _SYMBOLS[self]


_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.SPADES: "♠", Suit.HEARTS: "♥"}
# Some terminals and keyboards give the white suit symbols; accept them too.
_SUIT_BY_SYMBOL = {sym: s for s, sym in _SYMBOLS.items()}
_SUIT_BY_SYMBOL |= {"♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS}

#: Ranks 2..14, ace high.
RANKS = tuple(range(2, 15))
_RANK_NAMES = {10: "10", 11: "J", 12: "Q", 13: "K", 14: "A"}
#: The ranks a deck prints as a letter: ace, king, queen, jack, in the order ``Letters`` names them.
_COURT = (14, 13, 12, 11)
#: The suits in the order ``Letters`` names them, as the contract's table does.
_SUIT_ORDER_OF_LETTERS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


def rank_name(rank: int) -> str:
    return _RANK_NAMES.get(rank, str(rank))


@dataclass(frozen=True)
class Letters:
    """The letters a country's decks print, which its tables type and read: ``Letters("A H V B", "S H R K")``.

    ``ranks`` names the ace, king, queen and jack, ``suits`` spades, hearts,
    diamonds and clubs, each as shown; ``also`` gives other letters read for a
    rank (the Dutch K for the king, besides H). Digits name the other ranks
    everywhere, and the suit symbols are read in every language. A letter that
    is both a rank and a suit (the Dutch H, K) is read by its place: the suit
    is the last character, the rank what comes before it.
    """

    ranks: str
    suits: str
    also: tuple[tuple[str, int], ...] = ()

    @cached_property
    def _names(self) -> dict[int, str]:
        return {r: str(r) for r in RANKS} | dict(zip(_COURT, self.ranks.split(), strict=True))

    @cached_property
    def _letters(self) -> dict[Suit, str]:
        return dict(zip(_SUIT_ORDER_OF_LETTERS, self.suits.split(), strict=True))

    @cached_property
    def _rank_by_text(self) -> dict[str, int]:
        named = {name.upper(): rank for rank, name in self._names.items()}
        return named | {text.upper(): rank for text, rank in self.also}

    @cached_property
    def _suit_by_text(self) -> dict[str, Suit]:
        return {letter.upper(): suit for suit, letter in self._letters.items()} | _SUIT_BY_SYMBOL

    def text(self, card: Card, ascii: bool = False) -> str:
        """``card`` as these decks print it: ``V♠``, or ``VS`` with the suit's letter."""
        return self._names[card.rank] + (self._letters[card.suit] if ascii else card.suit.symbol)

    def read(self, text: str) -> Card | None:
        """The card that ``text`` (stripped, in capitals) names in these letters, or None."""
        rank, suit = self._rank_by_text.get(text[:-1]), self._suit_by_text.get(text[-1:])
        return None if rank is None or suit is None else _BY_RANK_AND_SUIT[rank, suit]

    @cached_property
    def _ascii_suits(self) -> dict[int, str]:
        return str.maketrans({symbol: self._letters[suit] for suit, symbol in _SYMBOLS.items()})

    def ascii_suits(self, text: str) -> str:
        """A sentence with its suit symbols written as these letters: ``V♠`` becomes ``VS``."""
        return text.translate(self._ascii_suits)

    def examples(self) -> list[str]:
        """How a refusal shows the queen of spades and the ten of hearts typed: ``QS, Q♠, 10H or TH``."""
        queen, ten = Card.of(12, Suit.SPADES), Card.of(10, Suit.HEARTS)
        hearts = self._letters[Suit.HEARTS]
        return [self.text(queen, ascii=True), self.text(queen), self.text(ten, ascii=True)] + [
            text + hearts for text, rank in self.also if rank == 10
        ]


#: The letters of English decks, read in every language; JSON, CSV and deal records write cards in them.
ENGLISH = Letters("A K Q J", "S H D C", also=(("T", 10),))


@total_ordering
class Card(enum.Enum):
    """One of the 52 cards: ``Card.of(12, Suit.SPADES)`` is the queen of spades. Orders by suit, then rank.

    A closed set, so an enum: each card exists once, is compared as itself, and
    is hashed as itself too, where an enum's own hash would read its name: the
    audit counts cards by the thousand, and a card hashed by its fields (a frozen
    dataclass) took 2,000 two-deck records from 0.52 to 1.04 s of CPU. Each card
    keeps its rank, suit and notation as attributes, set once when the enum makes
    it: a JSON report writes some 140 cards a record.
    """

    _ignore_ = "_rank _suit"
    for _suit in Suit:
        for _rank in RANKS:
            vars()[rank_name(_rank) + _suit.value] = (_rank, _suit)

    def __init__(self, rank: int, suit: Suit) -> None:
        self.rank = rank
        self.suit = suit
        self.code = rank_name(rank) + suit.value  #: ``QS``, ``10H``: as deal records, JSON and CSV write it

    __hash__ = object.__hash__

    @classmethod
    def of(cls, rank: int, suit: Suit) -> Card:
        """The card of ``rank`` (2 to 14, ace high) and ``suit``; KeyError for a rank no deck has."""
        return _BY_RANK_AND_SUIT[rank, suit]

    @classmethod
    def parse(cls, text: str, letters: Letters = ENGLISH) -> Card:
        """Read ``QS``, ``q♠``, ``10h``, ``TH``, or the card in the table's ``letters``; raise NotationError otherwise.

        The English letters are read in every language: a text that they and
        the table's letters read as two cards is refused with both.
        """
        cleaned = text.strip().upper()
        card = letters.read(cleaned)
        if letters is not ENGLISH:
            english = ENGLISH.read(cleaned)
            if card is not None and english not in (None, card):
                raise NotationError(
                    N_("{text} reads two ways: {card} in the table's letters, {other} in the English ones"),
                    text=repr(text.strip()),
                    card=card,
                    other=english,
                )
            if card is None:
                card = english
        if card is None:
            raise NotationError(
                N_("not a card: {text} (write e.g. {examples})"),
                text=repr(text.strip()),
                examples=or_list(letters.examples()),
            )
        return card

    def __str__(self) -> str:
        return rank_name(self.rank) + self.suit.symbol

    def __repr__(self) -> str:
        return f"Card.parse({self.ascii()!r})"

    def ascii(self) -> str:
        return self.code

    def text(self, ascii: bool = False) -> str:
        """The card in English letters, as deal records write it: ``Q♠``, or ``QS``."""
        return self.ascii() if ascii else str(self)

    def __lt__(self, other: Card) -> bool:
        return (_SUIT_ORDER[self.suit], self.rank) < (_SUIT_ORDER[other.suit], other.rank)


_SUIT_ORDER = {Suit.SPADES: 0, Suit.HEARTS: 1, Suit.DIAMONDS: 2, Suit.CLUBS: 3}
_BY_RANK_AND_SUIT = {(card.rank, card.suit): card for card in Card}
FULL_DECK = frozenset(Card)


@dataclass(frozen=True)
class CardRow:
    """Cards in a sentence, one after another (``2♣ 2♦``): English by ``str()``, shown in the table's letters."""

    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return " ".join(map(str, self.cards))


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

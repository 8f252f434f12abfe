"""Card notation and the decks: what people type, what scorepad writes."""

import pickle

import pytest

from scorepad.core.cards import FULL_DECK, Card, Suit, card, removed_cards
from scorepad.core.errors import NotationError, ScorepadError
from scorepad.core.record import parse_record
from scorepad.core.rules import CLASSIC, RuleSet


@pytest.mark.parametrize("text", ["QS", "Q♠", "qs", "q♠", " Qs "])
def test_the_queen_of_spades_in_every_spelling(text):
    assert Card.parse(text) == Card.of(12, Suit.SPADES)


@pytest.mark.parametrize("text", ["10H", "TH", "th", "10♥", "t♥"])
def test_ten_is_10_or_t(text):
    assert Card.parse(text) == Card.of(10, Suit.HEARTS)


def test_cards_round_trip_through_both_notations():
    for c in FULL_DECK:
        assert Card.parse(str(c)) == c
        assert Card.parse(c.ascii()) == c
        assert eval(repr(c), {"Card": Card}) == c
    assert str(card("TH")) == "10♥" and card("TH").ascii() == "10H"


@pytest.mark.parametrize("text", ["", "Q", "1S", "11H", "QX", "QSS", "KS,", "♠"])
def test_what_is_not_a_card(text):
    with pytest.raises(NotationError, match="not a card"):
        Card.parse(text)


@pytest.mark.parametrize(
    "players, removed, each",
    [(2, "", 26), (3, "2C", 17), (4, "", 13), (5, "2C 2D", 10), (6, "2C 2D 2H 2S", 8)],
)
def test_the_deck_for_each_table(players, removed, each):
    assert {c.ascii() for c in removed_cards(players)} == set(removed.split())
    assert len(CLASSIC.deck(players)) == each * players


TWO_DECKS = RuleSet.build(decks=2)


@pytest.mark.parametrize(
    "refuse, said",
    [
        (lambda: CLASSIC.deck(7), "no deck for 7 players (2 to 6 with one deck)"),
        (lambda: removed_cards(5, 2), "no deck for 5 players (6 to 10 with 2 decks)"),
        (lambda: CLASSIC.check_table(2), "a match has 3 to 10 players (6 to 10 with two decks), not 2"),
        (lambda: TWO_DECKS.check_table(11), "a match has 3 to 10 players (6 to 10 with two decks), not 11"),
        (lambda: TWO_DECKS.check_table(5), "two decks are for 6 to 10 players, not 5"),
        (lambda: parse_record("players: Ann\ndealer: Ann\n"), "a deal has 2 to 10 players, not 1: 'Ann'"),
        (
            lambda: parse_record("players: A B C D E F G\ndealer: A\nrules: classic\n"),
            "a deal has 2 to 6 players (2 to 10 with decks=2), not 7: 'A B C D E F G'",
        ),
    ],
)
def test_a_deck_a_match_and_a_deal_record_each_refuse_a_count_outside_their_range(refuse, said):
    with pytest.raises(ScorepadError) as refused:
        refuse()
    assert str(refused.value).endswith(said)


def test_a_card_is_one_of_the_52():
    """Made apart, by rank and suit or by parsing, the queen of spades is one card: the same object, hashed alike."""
    made, parsed = Card.of(12, Suit.SPADES), Card.parse("q♠")
    assert made is parsed and hash(made) == hash(parsed) and len({made, parsed}) == 1
    assert pickle.loads(pickle.dumps(parsed)) is made
    assert made != Card.of(12, Suit.HEARTS) and made < Card.of(12, Suit.HEARTS)  # spades sort first
    assert len(Card) == len(FULL_DECK) == 52 and Card["10H"] is Card.parse("TH")
    with pytest.raises(KeyError):
        Card.of(1, Suit.HEARTS)  # no deck has it, so there is no such card

"""The deal-record notation: what a person types is read, what is written reads back."""

import random
import re
from textwrap import dedent

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorepad.core.cards import card, cards
from scorepad.core.errors import NotationError, RecordErrors
from scorepad.core.record import DealRecord, RecordedTrick, parse_record, write_record
from scorepad.core.rules import CLASSIC, RuleSet
from tests.dealgen import RULE_SETS, random_deal, records, without_hands, without_names

#: The complete deal of docs/deal-record.md, as printed there.
SPEC_EXAMPLE = """\
# Tuesday club, table 2, deal 7
players: Ann Bob Cat Dan                 # seat order, clockwise
dealer: Dan
rules: classic hearts=broken slam=off    # optional; default classic
1. Ann:7S Bob:9S Cat:QS Dan:2S           # a trick, in the order played
2. Cat:4D Dan:8D Ann:JD Bob:2D           # Cat won trick 1, so Cat leads
3. 5C KC 3H 6C                           # names may be left out
"""


def plays(text: str) -> tuple:
    """``Ann:7S 5C`` as the record keeps it: (name or None, card) pairs."""
    return tuple((name or None, card(c)) for name, _, c in (t.rpartition(":") for t in text.split()))


def test_the_spec_example_reads_as_printed():
    record = parse_record(SPEC_EXAMPLE)
    assert record.players == ("Ann", "Bob", "Cat", "Dan")
    assert record.dealer == "Dan"
    assert record.eldest == "Ann"
    assert record.rules == CLASSIC
    assert record.hands == {}
    assert record.tricks == (
        RecordedTrick(plays("Ann:7S Bob:9S Cat:QS Dan:2S"), 1),
        RecordedTrick(plays("Cat:4D Dan:8D Ann:JD Bob:2D"), 2),
        RecordedTrick(plays("5C KC 3H 6C"), 3),
    )


def test_what_a_person_types_at_the_table():
    # Keys in any case, commas, both suit notations in any case, 10 or T,
    # "Bob : KH" spaced out, a hand, unnumbered tricks, a Windows file with a BOM.
    text = (
        "\ufeffPLAYERS: Ann, Bob,Cat   Dan\r\n"
        "\r\n"
        "Dealer : dan   # Dan shuffled\r\n"
        "Rules: Omnibus hearts=Anytime omnibus=td\r\n"
        "HAND bob: 9♠ 2d k♡ th 10C\r\n"
        "ann:7s BOB : 9♠, cat:q♠ dan:2S\r\n"
        "2.4d 8♦ Ann:j♦ 2D\r\n"
    )
    record = parse_record(text)
    assert record.players == ("Ann", "Bob", "Cat", "Dan")
    assert record.dealer == "Dan"
    assert record.rules == RuleSet.build("omnibus", hearts="anytime", omnibus="10D")
    assert record.hands == {"Bob": tuple(cards("9S 2D KH 10H 10C"))}
    assert record.tricks == (
        RecordedTrick(plays("Ann:7S Bob:9S Cat:QS Dan:2S")),
        RecordedTrick(plays("4D 8D Ann:JD 2D"), 2),
    )


def test_keys_and_hands_may_come_in_any_order():
    record = parse_record("hand ann: 3H\n1. Ann:3H\ndealer: Bob\nplayers: Ann Bob\n")
    assert (record.players, record.dealer, dict(record.hands)) == (("Ann", "Bob"), "Bob", {"Ann": (card("3H"),)})
    assert record.rules is None


def test_the_parser_keeps_what_the_engine_reports():
    # A 2♣ in a three-player deal, Cat's name on Bob's card, a stranger's name,
    # a trick short of a card, one with a card too many, a trick number alone.
    record = parse_record(
        """\
        players: Ann Bob Cat
        dealer: Cat
        1. Ann:2C Cat:KC Zed:5C
        2. QS 9S
        3. 4H 5H 6H 7H
        4.
        """.replace("        ", "")
    )
    assert [t.plays for t in record.tricks] == [
        plays("Ann:2C Cat:KC Zed:5C"),
        plays("QS 9S"),
        plays("4H 5H 6H 7H"),
        (),
    ]


@pytest.mark.parametrize(
    ("text", "line", "quoted"),
    [
        ("players: Ann Bob\ndealer: Ann\n1. Ann:7S Bob:XS", 3, "'XS'"),
        ("players: Ann Bob\ndealer: Ann\n\n# cards\n1. Ann:7S 11S", 5, "'11S'"),
        ("players: Ann Bob\ndealer: Ann\nAnn:", 3, "''"),
        ("players: Ann Bob\ndealer: Ann\n:7S", 3, "''"),
        ("players: Ann Bob\ndealer: Ann\nA=n:7S", 3, "'A=n'"),
        ("players: Ann Bob\ndealer: Ann\n2. Ann:7S Bob:8S", 3, "this is trick 1, not '2.'"),
        ("players: Ann Bob\ndealer: Ann\n1. 7S 8S\n1. 9S 10S", 4, "this is trick 2, not '1.'"),
        ("players: Ann Bob\ndealer: Zed", 2, "'Zed'"),
        ("players: Ann Bob\ndealer: Ann Bob", 2, "'Ann Bob'"),
        ("players: Ann\ndealer: Ann", 1, "'Ann'"),
        (
            "players: Ann Bob Cat Dan Eve Fay Gil\ndealer: Ann\nrules: classic",
            1,
            "2 to 6 players (2 to 10 with decks=2)",
        ),
        ("players: A B C D E F G H I J K\ndealer: A", 1, "2 to 10 players, not 11"),
        ("players: Ann Bob ANN\ndealer: Ann", 1, "'Ann'"),
        ("players: Ann Dealer\ndealer: Ann", 1, "'Dealer'"),
        ("players: Ann Bob\nplayers: Ann Bob\ndealer: Ann", 2, "'players: Ann Bob'"),
        ("players: Ann Bob\ndealer: Ann\nrules: classic hearts=sometimes", 3, "'sometimes'"),
        ("players: Ann Bob\ndealer: Ann\nrules: classic slam=maybe", 3, "'maybe'"),
        ("players: Ann Bob\ndealer: Ann\nrules: bridge", 3, "'bridge'"),
        ("players: Ann Bob\ndealer: Ann\nrules: slippery-anne slam=on", 3, "slippery-anne"),
        ("players: Ann Bob\ndealer: Ann\nhand Zed: 3H", 3, "'Zed'"),
        ("players: Ann Bob\ndealer: Ann\nhand Ann: 3H ZZ", 3, "'ZZ'"),
        ("players: Ann Bob\ndealer: Ann\nhand Ann: 3H\nhand ann: 4H", 4, "a second hand for 'ann'"),
        ("players: Ann Bob\n1. 7S 8S\n", 2, "'dealer:'"),
        ("", 1, "'players:'"),
    ],
)
def test_a_line_that_cannot_be_read_is_refused_with_its_number(text, line, quoted):
    with pytest.raises(NotationError, match=f"^line {line}: .*{re.escape(quoted)}"):
        parse_record(text)


def test_the_example_is_written_back_plainly():
    assert write_record(parse_record(SPEC_EXAMPLE)) == dedent(
        """\
        players: Ann Bob Cat Dan
        dealer: Dan
        rules: classic hearts=broken slam=off pass=right
        1. Ann:7S Bob:9S Cat:QS Dan:2S
        2. Cat:4D Dan:8D Ann:JD Bob:2D
        3. 5C KC 3H 6C
        """
    )


def test_unicode_suits_and_hands_on_request():
    record = DealRecord(
        ("Ann", "Bob"), "Bob", None, {"Bob": (), "Ann": tuple(cards("10H QS"))}, (RecordedTrick(plays("10H"), 1),)
    )
    assert write_record(record, ascii=False) == dedent(
        """\
        players: Ann Bob
        dealer: Bob
        hand Ann: 10♥ Q♠
        hand Bob:
        1. 10♥
        """
    )


def test_a_record_read_takes_the_players_spelling_of_their_names():
    record = parse_record("players: Ann Bob\ndealer: ann\nhand BOB:\n1. bob:3H zed:4H\n")
    assert record.dealer == "Ann"
    assert list(record.hands) == ["Bob"]
    assert record.tricks[0].plays == plays("Bob:3H zed:4H")
    assert record == DealRecord(
        ("Ann", "Bob"), "Ann", hands={"Bob": ()}, tricks=(RecordedTrick(plays("Bob:3H zed:4H"), 1),)
    )


@pytest.mark.parametrize(
    "build",
    [
        lambda: DealRecord(("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gil"), "Ann", CLASSIC),
        lambda: DealRecord(tuple("ABCDEFGHIJK"), "A"),
        lambda: DealRecord(("Ann", "Bob"), "Zed"),
        lambda: DealRecord(("Ann", "Bob"), "ann"),  # a record spells its players as its players line
        lambda: DealRecord(("Ann", "Ann Marie"), "Ann"),
        lambda: DealRecord(("Ann", "Bob"), "Ann", hands={"Zed": ()}),
        lambda: DealRecord(("Ann", "Bob"), "Ann", hands={"Ann": (), "ann": ()}),
        lambda: DealRecord(
            ("Ann", "Bob"), "Ann", tricks=(RecordedTrick(plays("3H"), 1), RecordedTrick(plays("4H"), 1))
        ),
        lambda: DealRecord(("Ann", "Bob"), "Ann", tricks=(RecordedTrick(plays("3H"), 2),)),
        lambda: DealRecord(("Ann", "Bob"), "Ann", tricks=(RecordedTrick(plays("Ann#1:3H")),)),
        lambda: RecordedTrick(()),
    ],
)
def test_a_record_the_notation_cannot_write_is_refused(build):
    with pytest.raises(NotationError):
        build()


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(records(), st.booleans())
def test_any_record_written_reads_back_the_same(record, ascii):
    assert parse_record(write_record(record, ascii)) == record


@settings(max_examples=5, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_random_deals_written_read_back_the_same(seed):
    rng = random.Random(seed)
    for _ in range(40):
        record, _ = random_deal(rng.randint(2, 6), rng.choice(RULE_SETS), rng)
        for variant in (record, without_hands(record), without_names(record)):
            assert parse_record(write_record(variant, ascii=rng.random() < 0.5)) == variant


def test_every_unreadable_line_is_reported_at_once_with_what_was_expected():
    text = dedent(
        """\
        players: Ann Bob Cat
        dealer: Zed
        rules: classic hearts=sometimes
        1. 7S 9S XX
        2. 4D Bob:5D 6D
        3. Q 5C 6C
        hand Bob: 2C ZZ
        5. 2S 3S 4S
        """
    )
    with pytest.raises(RecordErrors) as caught:
        parse_record(text)
    lines = [line for line, _ in caught.value.problems]
    assert lines == [2, 3, 4, 6, 7, 8]
    said = dict(caught.value.problems)
    assert "'Zed' is not one of the players: Ann Bob Cat" in said[2]
    assert "hearts is broken|anytime, not 'sometimes'" in said[3]
    assert said[4].startswith("trick 1: not a card: 'XX'")
    assert said[6].startswith("trick 3: not a card: 'Q'")
    assert "not a card: 'ZZ'" in said[7]
    assert said[8] == "this is trick 4, not '5.'"  # trick 3 kept its place though it could not be read
    assert str(caught.value).startswith("line 2: ") and str(caught.value).endswith("(and 5 more)")


def test_a_record_missing_its_keys_says_which():
    with pytest.raises(RecordErrors) as caught:
        parse_record("1. 7S ZZ 9S\n")
    assert caught.value.problems == [
        (1, "trick 1: not a card: 'ZZ' (write e.g. QS, Q♠, 10H or TH)"),
        (1, "the record has no 'players:' line (the players in seat order)"),
        (1, "the record has no 'dealer:' line (who dealt)"),
    ]


def test_a_trick_more_than_the_deck_makes_is_refused_at_its_line():
    record, _ = random_deal(4, CLASSIC, random.Random(1))
    # Players, dealer, rules, then 13 tricks, unnumbered.
    lines = [re.sub(r"^\d+\. ", "", line) for line in write_record(without_hands(record)).splitlines()]
    with pytest.raises(RecordErrors) as caught:
        parse_record("\n".join([*lines, *lines[3:6]]))  # three tricks again
    assert caught.value.problems == [(17, "a trick too many: 4 players hold 13 cards each, so a deal has 13 tricks")]
    with pytest.raises(RecordErrors, match=r"^line 11: a trick too many: 6 players hold 8 cards each"):
        parse_record("players: A B C D E F\ndealer: A\n" + "3S\n" * 9)


def test_the_tricks_a_deck_makes_are_those_of_the_rules_it_is_read_under():
    six = "players: A B C D E F\ndealer: A\n" + "3S\n" * 17
    two_decks = RuleSet.build(decks=2)
    assert len(parse_record(six, two_decks).tricks) == 17  # 102 cards dealt to six
    assert len(parse_record(six + "rules: classic decks=2\n").tricks) == 17
    with pytest.raises(RecordErrors, match=r"^line 20: .* so a deal has 17 tricks"):
        parse_record(six + "3S\n", two_decks)
    with pytest.raises(RecordErrors, match=r"^line 11: .* so a deal has 8 tricks"):
        parse_record(six, CLASSIC)
    # Seven players and one deck: no deck at all, which the engine refuses; the parser counts no tricks.
    assert len(parse_record("players: A B C D E F G\ndealer: A\n" + "3S\n" * 20).tricks) == 20

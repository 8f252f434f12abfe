"""Auditing a deal trick by trick: table stories in card notation, then random deals."""

import json
import random
from collections import Counter
from dataclasses import replace
from textwrap import dedent

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorepad.core.cards import Card, Suit
from scorepad.core.engine import AuditReport, BreachKind, audit
from scorepad.core.record import DealRecord, parse_record
from scorepad.core.rules import HeartsLead, RuleSet
from tests.dealgen import PLANTABLE, RULE_SETS, Planted, random_deal, records, shown_later, without_hands, without_names
from tests.test_record import SPEC_EXAMPLE


def audit_text(text: str, rules: RuleSet | None = None) -> AuditReport:
    return audit(parse_record(dedent(text)), rules)


def found(report: AuditReport) -> list[tuple]:
    return [(b.trick, b.player, b.kind.value) for b in report.breaches]


def test_the_spec_example_gives_the_spec_json():
    report = audit(parse_record(SPEC_EXAMPLE))
    assert report.to_json() == {
        "legal": True,
        "complete": False,
        "players": ["Ann", "Bob", "Cat", "Dan"],
        "dealer": "Dan",
        "rules": {"preset": "classic", "hearts": "broken", "slam": False, "pass": "right", "omnibus": None, "decks": 1},
        "tricks": [
            {"number": 1, "leader": "Ann", "cards": ["7S", "9S", "QS", "2S"], "winner": "Cat", "points": 13},
            {"number": 2, "leader": "Cat", "cards": ["4D", "8D", "JD", "2D"], "winner": "Ann", "points": 0},
            {"number": 3, "leader": "Ann", "cards": ["5C", "KC", "3H", "6C"], "winner": "Bob", "points": 1},
        ],
        "breaches": [],
        "scores": {"Ann": 0, "Bob": 1, "Cat": 13, "Dan": 0},
        "deal_total": 43,
    }
    assert report.legal and not report.complete
    json.dumps(report.to_json())


def test_without_a_rules_line_the_deal_is_classic_unless_the_match_says_otherwise():
    record = parse_record(SPEC_EXAMPLE.replace("rules:", "# rules:"))
    assert record.rules is None
    assert audit(record).rules == RuleSet()
    spot = RuleSet.build("spot-hearts")
    assert audit(record, spot).scores == {"Ann": 0, "Bob": 3, "Cat": 25, "Dan": 0}
    assert audit(parse_record(SPEC_EXAMPLE), spot).deal_total == 146


# Four players. Dan leads a club in trick 5 and Bob throws the 3♦ on it,
# though his 7♣ turns up in trick 9.
BOB_RENEGES = """\
    players: Ann Bob Cat Dan
    dealer: Dan
    1. Ann:7S Bob:9S Cat:QS Dan:2S
    2. Cat:4D Dan:8D Ann:JD Bob:2D
    3. Ann:5C Bob:KC Cat:3H Dan:6C
    4. Bob:6S Cat:10S Dan:KS Ann:8S
    5. Dan:QC Ann:2C Bob:3D Cat:6H
    6. Dan:AD Ann:5D Bob:7D Cat:9D
    7. Dan:10D Ann:6D Bob:KD Cat:QD
    8. Bob:JS Cat:3S Dan:AS Ann:4S
    9. Dan:JC Ann:8C Bob:7C Cat:7H
    """
BOB_HAND = "hand Bob: 9S 2D KC 6S 3D 7D KD JS 7C AH KH QH 9C\n"


@pytest.mark.parametrize("hand", ["", BOB_HAND], ids=["without hands", "with Bob's hand"])
def test_a_renege_seen_later_is_listed_under_the_discard_and_costs_the_deal_total(hand):
    report = audit_text(BOB_RENEGES + hand)
    assert report.to_json()["breaches"] == [
        {
            "trick": 5,
            "player": "Bob",
            "kind": "renege",
            "message": "trick 5: Bob played 3♦ on a club lead while holding 7♣, which they played in trick 9",
        }
    ]
    assert report.scores == {"Ann": 0, "Bob": 43, "Cat": 0, "Dan": 0}
    assert report.renege.player == "Bob" and not report.legal
    # Cat threw hearts on clubs three times and never played a club: she had none.
    assert [t.winner for t in report.tricks] == ["Cat", "Ann", "Bob", "Dan", "Dan", "Dan", "Bob", "Dan", "Dan"]


def test_a_renege_the_record_cannot_prove_needs_the_hand():
    cut = BOB_RENEGES.split("    9.")[0]
    assert audit_text(cut).legal  # the 7♣ never shows
    report = audit_text(cut + BOB_HAND)
    assert str(report.breaches[0].message) == "trick 5: Bob played 3♦ on a club lead while holding 7♣"


def test_of_two_reneges_the_first_counts():
    # Three players, 2♣ out. Bob shows a diamond in trick 3 he did not play in
    # trick 1; Ann a spade in trick 4 she did not play in trick 2.
    report = audit_text(
        """\
        players: Ann Bob Cat
        dealer: Cat
        1. Ann:5D Bob:9H Cat:KD
        2. Cat:3S Ann:2D Bob:8S
        3. Bob:4D Cat:6D Ann:8D
        4. Ann:7S Bob:JS Cat:QS
        """
    )
    assert found(report) == [(1, "Bob", "renege"), (2, "Ann", "renege")]
    assert report.scores == {"Ann": 0, "Bob": 43, "Cat": 0}


def test_six_players_a_renege_costs_42():
    report = audit_text(
        """\
        players: Ann Bob Cat Dan Eve Fay
        dealer: Fay
        1. Ann:3C Bob:KC Cat:4C Dan:5C Eve:6C Fay:4S
        2. Bob:8C Cat:AC Dan:9C Eve:10C Fay:7C Ann:QC
        """
    )
    assert found(report) == [(1, "Fay", "renege")]
    assert report.scores == {"Ann": 0, "Bob": 0, "Cat": 0, "Dan": 0, "Eve": 0, "Fay": 42}


# Four players, hearts unbroken. Bob leads the 4♥ in trick 2 though he holds
# the 5♠ he throws in trick 3. That lead breaks nothing (docs/rules.md, worked case
# 12): no heart is discarded on another suit before trick 4, so Dan's heart
# lead there, holding the Q♣ of trick 5, is a second breach.
BOB_LEADS_A_HEART = """\
    players: Ann Bob Cat Dan
    dealer: Dan
    1. Ann:2C Bob:KC Cat:5C Dan:9C
    2. Bob:4H Cat:7H Dan:AH Ann:3H
    3. Dan:QD Ann:3D Bob:5S Cat:8D
    4. Dan:2H Ann:9H Bob:KH Cat:JH
    5. Bob:10C Cat:JC Dan:QC Ann:4C
    """


@pytest.mark.parametrize("hand", ["", "hand Bob: KC 4H 5S KH 10C 6S 7S 8S 10H QH 6C 7C 8C\n"])
def test_a_heart_led_before_hearts_are_broken(hand):
    report = audit_text(BOB_LEADS_A_HEART + hand)
    assert found(report) == [(2, "Bob", "hearts-lead"), (4, "Dan", "hearts-lead")]
    assert str(report.breaches[0].message) == (
        "trick 2: Bob led 4♥ before hearts were broken while holding 5♠, which they played in trick 3"
    )
    assert str(report.breaches[1].message) == (
        "trick 4: Dan led 2♥ before hearts were broken while holding Q♣, which they played in trick 5"
    )
    assert report.scores == {"Ann": 0, "Bob": 4, "Cat": 0, "Dan": 4}  # no penalty for this breach


def test_with_hearts_anytime_a_heart_may_lead_at_once():
    assert audit_text(BOB_LEADS_A_HEART, RuleSet.build(hearts="anytime")).legal


def test_a_heart_thrown_on_another_suit_breaks_hearts():
    assert audit_text(SPEC_EXAMPLE + "4. Bob:5H Cat:8H Dan:9H Ann:10H\n").legal


# Five players. Eve, eldest, leads hearts at once; the record never shows her
# another suit, so nothing proves she had one.
EVE_LEADS_HEARTS = """\
    players: Ann Bob Cat Dan Eve
    dealer: Dan
    1. Eve:5H Ann:9H Bob:3H Cat:KC Dan:4H
    2. Ann:AH Bob:8H Cat:QC Dan:7H Eve:6H
    """


def test_five_players_a_heart_lead_from_a_hand_of_hearts_is_no_breach():
    report = audit_text(EVE_LEADS_HEARTS)
    assert report.legal
    assert report.scores == {"Ann": 8, "Bob": 0, "Cat": 0, "Dan": 0, "Eve": 0}


def test_five_players_the_hand_shows_the_heart_lead_was_wrong():
    report = audit_text(EVE_LEADS_HEARTS + "hand Eve: 5H 6H 10H JH QH KH 2H AS 3S 4S\n")
    assert found(report) == [(1, "Eve", "hearts-lead")]
    assert str(report.breaches[0].message) == "trick 1: Eve led 5♥ before hearts were broken while holding 3♠"


def test_a_trick_led_out_of_turn_is_reported_and_play_goes_on_from_it():
    report = audit_text(
        """\
        players: Ann Bob Cat Dan
        dealer: Dan
        1. Bob:7S Cat:9S Dan:QS Ann:2S
        2. Dan:4D Ann:8D Bob:JD Cat:2D
        3. Cat:5C Dan:KC Ann:6C Bob:3C
        4. Dan:AD Ann:9D Bob:10D Cat:3D
        """
    )
    assert found(report) == [(1, "Bob", "wrong-leader"), (3, "Cat", "wrong-leader")]
    assert [str(b.message) for b in report.breaches] == [
        "trick 1: Bob led, but Ann, left of the dealer, leads the first trick",
        "trick 3: Cat led, but Bob won trick 2 and leads",
    ]
    assert report.scores == {"Ann": 0, "Bob": 0, "Cat": 0, "Dan": 13}


def test_five_players_a_name_in_the_wrong_seat():
    report = audit_text(
        """\
        players: Ann Bob Cat Dan Eve
        dealer: Eve
        1. Ann:7S Cat:9S Bob:QS Dan:3S Eve:4S
        2. Cat:4D Dan:8D Eve:JD Ann:3D Zed:5D
        """
    )
    assert found(report) == [(1, "Bob", "wrong-player"), (1, "Cat", "wrong-player"), (2, "Bob", "wrong-player")]
    assert [str(b.message) for b in report.breaches] == [
        "trick 1: 9♠ is written as Cat's, but the second card of this trick is Bob's",
        "trick 1: Q♠ is written as Bob's, but the third card of this trick is Cat's",
        "trick 2: 5♦ is written as Zed's, but Zed is not a player; Bob plays there",
    ]
    assert report.tricks[0].winner == "Cat"  # the seat, not the name, played the third card


@pytest.mark.parametrize(
    ("players", "dealer", "trick", "message"),
    [
        ("Ann Bob Cat", "Cat", "Ann:2C Bob:KC Cat:5C", "trick 1: Ann played 2♣, which is not in the deck for 3"),
        ("Ann Bob Cat Dan Eve", "Eve", "Ann:9D Bob:2D Cat:KD Dan:4D Eve:5D", "trick 1: Bob played 2♦"),
        ("Ann Bob Cat Dan Eve Fay", "Fay", "Ann:5S Bob:KS Cat:4S Dan:7S Eve:2H Fay:6S", "trick 1: Eve played 2♥"),
    ],
)
def test_a_two_taken_out_of_the_deck_is_no_card_to_play(players, dealer, trick, message):
    report = audit_text(f"players: {players}\ndealer: {dealer}\n{trick}\n")
    assert [b.kind for b in report.breaches] == [BreachKind.NOT_IN_DECK]
    assert str(report.breaches[0].message).startswith(message)


def test_three_players_a_hand_holding_the_two_of_clubs():
    report = audit_text(
        """\
        players: Ann Bob Cat
        dealer: Cat
        hand Ann: 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC 2D 3D 4D 5D
        1. Ann:3C Bob:KH Cat:QH
        """
    )
    assert found(report) == [(None, "Ann", "not-in-deck")]
    assert str(report.breaches[0].message) == "Ann's hand holds 2♣, which is not in the deck for 3 players"


def test_a_card_played_twice():
    report = audit_text(SPEC_EXAMPLE.replace("Dan:8D", "Dan:QS"))
    assert found(report) == [(2, "Dan", "played-twice")]
    assert str(report.breaches[0].message) == "trick 2: Dan played Q♠, which Cat already played in trick 1"


def test_five_players_a_card_outside_the_recorded_hand():
    report = audit_text(
        """\
        players: Ann Bob Cat Dan Eve
        dealer: Eve
        hand Bob: AS KS 10H 9H 8H 7D 6D 5C 4C 3C
        1. Ann:7S Bob:QS Cat:9S Dan:3S Eve:4S
        2. Bob:7D Cat:JD Dan:QD Eve:KD Ann:AD
        """
    )
    assert found(report) == [(1, "Bob", "not-in-hand")]
    assert str(report.breaches[0].message) == "trick 1: Bob played Q♠, which is not in Bob's recorded hand"


def test_tricks_of_the_wrong_size():
    report = audit_text(
        """\
        players: Ann Bob Cat Dan
        dealer: Dan
        1. Ann:7S Bob:9S Cat:QS
        2. Cat:4D Dan:8D Ann:JD Bob:2D Cat:5D
        3.
        """
    )
    assert found(report) == [(1, "Dan", "wrong-count"), (2, None, "wrong-count"), (3, "Ann", "wrong-count")]
    assert [str(b.message) for b in report.breaches] == [
        "trick 1: 3 cards for 4 players; no card from Dan",
        "trick 2: 5 cards for 4 players; 5♦ after the fourth card left out",
        "trick 3: no cards for 4 players; no card from Ann, Bob, Cat or Dan",
    ]
    replayed = [(t.leader, len(t.cards), t.winner) for t in report.tricks]
    assert replayed == [("Ann", 3, "Cat"), ("Cat", 4, "Ann"), ("Ann", 0, None)]


def test_hands_of_the_wrong_size_come_before_the_tricks():
    report = audit_text(
        """\
        players: Ann Bob Cat Dan
        dealer: Dan
        1. Ann:7S Bob:9S Cat:QS Dan:2S
        hand Dan: 2S 3S 4S 5S 6S 7S 8S 9S 10S JS KS AS
        hand Cat: QS 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH 2S
        """
    )
    assert found(report) == [(None, "Dan", "wrong-count"), (None, "Dan", "wrong-count")]
    assert [str(b.message) for b in report.breaches] == [
        "Dan's hand has 12 cards; each player holds 13",
        "2♠ is in both Cat's and Dan's hands",
    ]


def test_a_card_in_three_hands_is_not_said_to_be_in_both():
    report = audit_text(
        """\
        players: Ann Bob Cat Dan
        dealer: Dan
        hand Bob: 2S 3S 4S 5S 6S 7S 8S 9S 10S JS KS AS 2D
        hand Cat: QS 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH 2D
        hand Dan: 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC 2D
        """
    )
    assert "2♦ is in Bob's, Cat's and Dan's hands" in [str(b.message) for b in report.breaches]


# Six players, 2 of each suit each: clubs, diamonds and spades twice round,
# then Bob, holding only hearts, leads them.
SIX_PLAYERS = """\
    players: Ann Bob Cat Dan Eve Fay
    dealer: Fay
    hand Ann: 3C QC 6D 9D QS 8S 7H JH
    hand Bob: KC 8C 7D 10D 5S AS 3H QH
    hand Cat: 4C AC 3D JD 6S 9S 4H KH
    hand Dan: 5C 9C 4D QD 7S KS AH 8H
    hand Eve: 6C 10C 5D AD 3S 10S 5H 9H
    hand Fay: 7C JC KD 8D 4S JS 6H 10H
    1. Ann:3C Bob:KC Cat:4C Dan:5C Eve:6C Fay:7C
    2. Bob:8C Cat:AC Dan:9C Eve:10C Fay:JC Ann:QC
    3. Cat:3D Dan:4D Eve:5D Fay:KD Ann:6D Bob:7D
    4. Fay:8D Ann:9D Bob:10D Cat:JD Dan:QD Eve:AD
    5. Eve:3S Fay:4S Ann:QS Bob:5S Cat:6S Dan:7S
    6. Ann:8S Bob:AS Cat:9S Dan:KS Eve:10S Fay:JS
    7. Bob:3H Cat:4H Dan:AH Eve:5H Fay:6H Ann:7H
    8. Dan:8H Eve:9H Fay:10H Ann:JH Bob:QH Cat:KH
    """


@pytest.mark.parametrize(
    ("rules", "scores"),
    [
        ("classic", {"Ann": 13, "Bob": 17, "Cat": 6, "Dan": 6, "Eve": 0, "Fay": 0}),
        ("slippery-anne", {"Ann": 13, "Bob": 0, "Cat": 0, "Dan": 0, "Eve": 0, "Fay": 0}),
        ("omnibus", {"Ann": 13, "Bob": 17, "Cat": 6, "Dan": 6, "Eve": -10, "Fay": 0}),
        ("spot-hearts", {"Ann": 25, "Bob": 17, "Cat": 63, "Dan": 39, "Eve": 0, "Fay": 0}),
        ("dirty-lady", {"Ann": 13, "Bob": 0, "Cat": 12, "Dan": 10, "Eve": 0, "Fay": 0}),
    ],
)
def test_six_players_a_whole_deal_under_each_preset(rules, scores):
    report = audit_text(SIX_PLAYERS + f"rules: {rules}\n")
    assert report.legal and report.complete
    assert report.scores == scores
    assert sum(scores.values()) == report.deal_total == RuleSet.build(rules).deal_total(6)
    assert [t.points for t in report.tricks][:4] == [0, 0, 0, -10 if rules == "omnibus" else 0]


# Three players, 2♣ out. Cat wins the first club and takes the J♦ alone;
# after that Ann wins every trick and so every penalty card.
ANN_TAKES_THEM_ALL = """\
    players: Ann Bob Cat
    dealer: Cat
    1. Ann:KC Bob:9C Cat:AC
    2. Cat:JD Ann:2S Bob:6C
    3. Cat:3C Ann:10C Bob:7C
    4. Ann:JC Bob:8C Cat:4C
    5. Ann:QC Bob:2H Cat:5C
    6. Ann:AS Bob:AH Cat:AD
    7. Ann:KS Bob:KH Cat:KD
    8. Ann:QS Bob:QH Cat:QD
    9. Ann:JS Bob:JH Cat:10D
    10. Ann:10S Bob:10H Cat:9D
    11. Ann:9S Bob:9H Cat:8D
    12. Ann:8S Bob:8H Cat:7D
    13. Ann:7S Bob:7H Cat:6D
    14. Ann:6S Bob:6H Cat:5D
    15. Ann:5S Bob:5H Cat:4D
    16. Ann:4S Bob:4H Cat:3D
    17. Ann:3S Bob:3H Cat:2D
    """


@pytest.mark.parametrize(
    ("rules", "ann", "cat"),
    [
        ("classic", 43, 0),
        ("classic slam=on", -43, 0),
        ("omnibus", 43, -10),
        ("omnibus slam=on", -43, -10),  # the bonus is no penalty card: Cat keeps it
        ("spot-hearts", 146, 0),
        ("spot-hearts slam=on", -146, 0),
        ("dirty-lady", -36, 0),  # the slam is part of the preset
        ("dirty-lady slam=off", 36, 0),
        ("slippery-anne", 13, 0),
    ],
)
def test_three_players_a_slam(rules, ann, cat):
    report = audit_text(ANN_TAKES_THEM_ALL + f"rules: {rules}\n")
    assert report.legal and report.complete
    assert report.scores == {"Ann": ann, "Bob": 0, "Cat": cat}


# Four players, a suit each: Ann leads her spades from the ace down and the
# others throw theirs, so she takes every card, the omnibus J♦ too.
SUIT_EACH = """\
    players: Ann Bob Cat Dan
    dealer: Dan
    1. Ann:AS Bob:AH Cat:AD Dan:AC
    2. Ann:KS Bob:KH Cat:KD Dan:KC
    3. Ann:QS Bob:QH Cat:QD Dan:QC
    4. Ann:JS Bob:JH Cat:JD Dan:JC
    5. Ann:10S Bob:10H Cat:10D Dan:10C
    6. Ann:9S Bob:9H Cat:9D Dan:9C
    7. Ann:8S Bob:8H Cat:8D Dan:8C
    8. Ann:7S Bob:7H Cat:7D Dan:7C
    9. Ann:6S Bob:6H Cat:6D Dan:6C
    10. Ann:5S Bob:5H Cat:5D Dan:5C
    11. Ann:4S Bob:4H Cat:4D Dan:4C
    12. Ann:3S Bob:3H Cat:3D Dan:3C
    13. Ann:2S Bob:2H Cat:2D Dan:2C
    """


@pytest.mark.parametrize(
    ("rules", "ann"),
    [("classic", 43), ("classic slam=on", -43), ("omnibus", 33), ("omnibus slam=on", -53), ("dirty-lady", -36)],
)
def test_four_players_a_slam_with_the_bonus_card(rules, ann):
    report = audit_text(SUIT_EACH + f"rules: {rules}\n")
    assert report.legal and report.complete
    assert report.scores == {"Ann": ann, "Bob": 0, "Cat": 0, "Dan": 0}


def test_a_record_of_nonsense_gives_breaches_not_exceptions():
    report = audit_text(
        """\
        players: Ann Bob
        dealer: Ann
        hand Bob: 2H 2H
        1. Bob:AS Bob:AS Ann:AS Zed:AS
        2.
        3. KH
        """
    )
    assert {b.kind for b in report.breaches} == {
        BreachKind.WRONG_COUNT,
        BreachKind.WRONG_PLAYER,
        BreachKind.PLAYED_TWICE,
        BreachKind.NOT_IN_HAND,
    }
    json.dumps(report.to_json())


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(records())
def test_any_record_is_audited_without_an_exception(record):
    report = audit(record)
    assert report.legal == (not report.breaches)
    assert list(report.scores) == list(record.players)
    tricks = [0 if b.trick is None else b.trick for b in report.breaches]
    assert tricks == sorted(tricks)
    json.dumps(report.to_json())


def taken(report: AuditReport) -> dict[str, Counter[Card]]:
    """The cards each player took, with their copies (two decks hold each card twice)."""
    return {name: Counter(c for t in report.tricks if t.taken_by == name for c in t.cards) for name in report.players}


def slammer(report: AuditReport) -> str | None:
    """The player who took every penalty card, if the rules have a slam."""
    penalty = report.rules.penalty_cards(len(report.players))
    return next((n for n, cards in taken(report).items() if report.rules.slam and penalty <= cards), None)


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_random_legal_deals_are_legal_complete_and_score_the_deal_total(seed):
    rng = random.Random(seed)
    for _ in range(200):
        count = rng.randint(2, 6)
        record, _ = random_deal(count, rng.choice(RULE_SETS), rng)
        report = audit(record)
        assert report.legal and report.complete, report.breaches
        rules = report.rules
        bonus = {name: sum(min(rules.points(c), 0) for c in cards) for name, cards in taken(report).items()}
        if (slam := slammer(report)) is None:
            assert sum(report.scores.values()) == report.deal_total
        else:
            assert report.scores == bonus | {slam: bonus[slam] - rules.penalty_total(count)}
        # Without hands and names the record still proves every play.
        assert audit(without_names(without_hands(record))) == report


def held_later(kind: BreachKind, record: DealRecord, planted: Planted) -> bool:
    """Whether the record shows the offender playing the card that makes the breach."""
    led = record.tricks[planted.trick - 1].plays[0][1].suit
    if kind is BreachKind.RENEGE:
        return shown_later(record, planted.player, planted.trick, lambda c: c.suit is led)
    return shown_later(record, planted.player, planted.trick, lambda c: c.suit is not Suit.HEARTS)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from(PLANTABLE))
def test_every_planted_breach_is_found_where_it_was_planted(seed, kind):
    rng = random.Random(seed)
    rule_sets = [r for r in RULE_SETS if kind is not BreachKind.HEARTS_LEAD or r.hearts is HeartsLead.BROKEN]
    for _ in range(15):
        count = rng.choice((3, 5, 6) if kind is BreachKind.NOT_IN_DECK else (3, 4, 5, 6))
        record, planted = random_deal(count, rng.choice(rule_sets), rng, kind)
        where = [(planted.trick, planted.player, kind.value)]
        report = audit(record)
        assert found(report) == where, [str(b.message) for b in report.breaches]
        if kind is BreachKind.RENEGE:
            penalty = report.rules.penalty_total(count)
            assert report.scores == {n: penalty if n == planted.player else 0 for n in record.players}
        assert found(audit(without_hands(record))) == ([] if kind is BreachKind.NOT_IN_HAND else where)
        if kind in (BreachKind.RENEGE, BreachKind.HEARTS_LEAD):
            # Cut short, a record may end before the offender shows what they held:
            # then only the hands can tell.
            cut = replace(record, tricks=record.tricks[: rng.randint(planted.trick, len(record.tricks))])
            assert found(audit(cut)) == where
            assert found(audit(without_hands(cut))) == (where if held_later(kind, cut, planted) else [])

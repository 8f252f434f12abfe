"""Checking a deal's scores: sums, splits real cards can make, renege and slam."""

import re
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorepad.cli.scores import read_scores
from scorepad.core.cards import cards
from scorepad.core.errors import NotationError, RuleError
from scorepad.core.rules import Preset, RuleSet
from scorepad.core.scoring import check_outcome, check_scores, parse_score, renege_outcome

NAMES = dict(enumerate(["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]))


def enter(rules, *scores):
    """Enter one deal as a table would: a score per player, points or cards."""
    seats = tuple(range(len(scores)))
    return check_scores(rules, seats, {s: parse_score(str(v)) for s, v in zip(seats, scores, strict=False)}, NAMES)


CLASSIC = RuleSet.build()


# docs/rules.md worked case 1: six players deal 48 cards, a deal adds up to 42.
def test_six_players_add_up_to_42_not_43():
    assert sum(enter(CLASSIC, 13, 10, 7, 10, 2, 0).scores.values()) == 42
    with pytest.raises(RuleError, match="add up to 43, but this deal's add up to 42"):
        enter(CLASSIC, 10, 10, 10, 10, 3, 0)


# Worked case 2: 6, 6, 6, 25 sums to 43 but nobody on 6 took Q♠, K♠ or A♠.
def test_an_impossible_split_is_refused_though_it_sums_to_43():
    with pytest.raises(RuleError, match="no real deal gives Ann 6, Bob 6, Cat 6, Dan 25"):
        enter(CLASSIC, 6, 6, 6, 25)
    assert enter(CLASSIC, 6, 6, 7, 24).scores == {0: 6, 1: 6, 2: 7, 3: 24}


# Worked case 6: a renege found later costs the offender the whole deal total.
@pytest.mark.parametrize("players, total", [(3, 43), (4, 43), (5, 43), (6, 42)])
def test_a_renege_gives_the_offender_the_total(players, total):
    outcome = renege_outcome(CLASSIC, tuple(range(players)), offender=1)
    assert outcome.scores == {s: (total if s == 1 else 0) for s in range(players)}
    assert outcome.renege == 1


def test_an_omnibus_renege_costs_the_penalty_total():
    assert renege_outcome(RuleSet.build("omnibus"), (0, 1, 2, 3), 2).scores[2] == 43


# Worked case 7: with the slam option, taking every penalty card scores -43.
def test_a_slam_scores_minus_the_total_with_the_option():
    slam = RuleSet.build(slam=True)
    for entered in (43, -43):
        outcome = enter(slam, 0, entered, 0, 0)
        assert outcome.scores == {0: 0, 1: -43, 2: 0, 3: 0} and outcome.slam == 1


def test_without_the_option_the_slammer_simply_scores_43():
    assert enter(CLASSIC, 0, 43, 0, 0).scores[1] == 43
    with pytest.raises(RuleError, match=r"-43: scores are never negative$"):  # no slam to point to
        enter(CLASSIC, 0, -43, 0, 0)


def test_a_slam_by_cards_is_recognised():
    slam = RuleSet.build(slam=True)
    every = "QS,KS,AS," + ",".join(f"{r}H" for r in "23456789TJQKA")
    outcome = enter(slam, "-", every, "-", "-")
    assert outcome.scores[1] == -43 and outcome.slam == 1


def test_omnibus_slam_keeps_the_bonus_apart():
    rules = RuleSet.build("omnibus", slam=True)
    assert enter(rules, 43, -10, 0, 0).scores == {0: -43, 1: -10, 2: 0, 3: 0}
    assert enter(rules, -53, 0, 0, 0).scores == {0: -53, 1: 0, 2: 0, 3: 0}
    every = "QS,KS,AS,JD," + ",".join(f"{r}H" for r in "23456789TJQKA")
    assert enter(rules, every, "-", "-", "-").scores == {0: -53, 1: 0, 2: 0, 3: 0}


def test_omnibus_33_is_an_ordinary_deal_not_a_slam():
    """Ann took all but the K♠, Bob the K♠ and the J♦: 33, 0. Entered as points it must stay that."""
    rules = RuleSet.build("omnibus", slam=True)
    outcome = enter(rules, 33, 0, 0, 0)
    assert outcome.scores == {0: 33, 1: 0, 2: 0, 3: 0} and outcome.slam is None


def test_cards_and_points_mix():
    outcome = enter(CLASSIC, "QS,2H,9H", 10, "KS,AS", 1)
    assert outcome.scores == {0: 15, 1: 10, 2: 17, 3: 1}
    assert outcome.cards[0] == tuple(cards("QS 2H 9H"))


@pytest.mark.parametrize(
    "entries, reason",
    [
        (("QS", "QS", 10, 20), "Q♠ is given twice (Ann, Bob)"),
        (("QS,7C", 10, 10, 10), "7♣ scores nothing"),
        (("QS,KS,AS", "-", "-", "-"), "nobody took"),
        (("2C,QS", 10, 10, 10), None),
    ],
)
def test_card_lists_are_checked(entries, reason):
    if reason is None:  # four players keep the 2♣, but it scores nothing
        reason = "2♣ scores nothing"
    with pytest.raises(RuleError, match=re.escape(reason)):
        enter(CLASSIC, *entries)


def test_a_card_out_of_the_deck_is_refused():
    with pytest.raises(RuleError, match="2♥ is not in the deck with 6 players"):
        enter(CLASSIC, "2H", 10, 10, 10, 10, 0)


@pytest.mark.parametrize("token", ["Ann", "=3", "Ann=", "Ann=QS,,2H", "Ann=1.5", "Ann=Q"])
def test_score_notation_errors(token):
    with pytest.raises(NotationError):
        read_scores([token])


def test_missing_and_extra_players():
    with pytest.raises(RuleError, match="no score for Dan"):
        check_scores(CLASSIC, (0, 1, 2, 3), {0: 43, 1: 0, 2: 0}, NAMES)
    with pytest.raises(RuleError, match="Eve does not play"):
        check_scores(CLASSIC, (0, 1, 2, 3), {0: 43, 1: 0, 2: 0, 3: 0, 4: 0}, NAMES)


# Properties. The oracle below shares nothing with scorepad's solver: it hands
# out the actual cards one by one, so agreement means the solver is right.


def oracle(values: list[int], scores: list[int]) -> bool:
    order = sorted(values, key=lambda v: (v >= 0, -v))  # the bonus first, then the big cards

    @cache
    def place(i: int, left: tuple[int, ...]) -> bool:
        if i == len(order):
            return not any(left)
        value = order[i]
        tried = set()
        for p, room in enumerate(left):
            if room in tried or (value > 0 and room < value):
                continue
            tried.add(room)
            if place(i + 1, (*left[:p], room - value, *left[p + 1 :])):
                return True
        return False

    return place(0, tuple(scores))


PRESETS = st.sampled_from([p.value for p in Preset if p is not Preset.SPOT_HEARTS])
TABLES = st.integers(min_value=3, max_value=6)


@settings(max_examples=300, deadline=None)
@given(preset=PRESETS, slam=st.booleans(), players=TABLES, data=st.data())
def test_every_random_deal_of_real_cards_is_accepted(preset, slam, players, data):
    rules = RuleSet.build(preset, slam=slam and preset != "slippery-anne")
    scoring = sorted(rules.scoring_cards(players))
    takers = data.draw(st.lists(st.integers(0, players - 1), min_size=len(scoring), max_size=len(scoring)))
    scores = [0] * players
    for c, taker in zip(scoring, takers, strict=False):
        scores[taker] += rules.points(c)
    penalty = rules.penalty_cards(players)
    slammer = [p for p in range(players) if all(t == p for c, t in zip(scoring, takers, strict=False) if c in penalty)]
    if rules.slam and slammer:  # the slam outcome: minus the penalty total, the bonus kept
        scores[slammer[0]] -= 2 * rules.penalty_total(players)
    # Entered as the table writes the points (a slam as -T), and as the cards each took.
    assert list(enter(rules, *scores).scores.values()) == scores
    hands = [
        ",".join(c.ascii() for c, t in zip(scoring, takers, strict=False) if t == p) or "-" for p in range(players)
    ]
    assert list(enter(rules, *hands).scores.values()) == scores


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(preset=PRESETS, players=st.integers(3, 5), data=st.data())
def test_the_checker_accepts_exactly_the_splits_real_cards_can_make(preset, players, data):
    rules = RuleSet.build(preset)
    total = rules.deal_total(players)
    low = -10 if rules.omnibus else 0
    scores = data.draw(st.lists(st.integers(low, total + 10), min_size=players - 1, max_size=players - 1))
    scores.append(total - sum(scores))
    values = [rules.points(c) for c in rules.scoring_cards(players)]
    possible = oracle(values, scores)
    try:
        enter(rules, *scores)
        accepted = True
    except RuleError:
        accepted = False
    assert accepted == possible, scores


@settings(max_examples=60, deadline=None)
@given(players=TABLES, data=st.data())
def test_spot_hearts_deals_are_accepted(players, data):
    rules = RuleSet.build("spot-hearts")
    scoring = sorted(rules.scoring_cards(players))
    takers = data.draw(st.lists(st.integers(0, players - 1), min_size=len(scoring), max_size=len(scoring)))
    scores = [sum(rules.points(c) for c, t in zip(scoring, takers, strict=False) if t == p) for p in range(players)]
    assert list(enter(rules, *scores).scores.values()) == scores


def test_a_stored_outcome_is_checked_again_as_entered():
    outcome = enter(RuleSet.build(slam=True), 43, 0, 0, 0)
    assert check_outcome(RuleSet.build(slam=True), (0, 1, 2, 3), outcome, NAMES) == outcome
    forged = type(outcome)({0: 6, 1: 6, 2: 6, 3: 25})
    with pytest.raises(RuleError):
        check_outcome(CLASSIC, (0, 1, 2, 3), forged, NAMES)


def test_a_stored_slam_marker_must_match_the_scores():
    rules = RuleSet.build(slam=True)
    honest = enter(rules, 0, 0, 10, 33)
    with pytest.raises(RuleError, match="marked as a slam"):
        check_outcome(rules, (0, 1, 2, 3), type(honest)(honest.scores, slam=2), NAMES)

"""A club night's scores: the round score from a table's finishing order, and the night's standings."""

from fractions import Fraction

import pytest

from scorepad.core.errors import RuleError
from scorepad.core.match import Entry, EntryKind, Format, FormatKind, MatchState, Settings, fold
from scorepad.core.night.scores import Finish, TableResult, night_standings
from scorepad.core.rules import RuleSet
from scorepad.core.scoring import Outcome
from tests.nights import finished

# The round score and the night's standings.


def test_a_round_scores_the_share_of_the_table_finished_ahead_of():
    assert finished("Ann Bob Cat Dan").round_scores() == {
        "Ann": 100,
        "Bob": Fraction(200, 3),
        "Cat": Fraction(100, 3),
        "Dan": 0,
    }
    assert finished("Ann Bob Cat").round_scores() == {"Ann": 100, "Bob": 50, "Cat": 0}


def test_a_tie_counts_half():
    assert finished("Ann=Bob Cat Dan").round_scores() == {
        "Ann": Fraction(250, 3),  # the contract's 83.33: a shared first place at a table of four
        "Bob": Fraction(250, 3),
        "Cat": Fraction(100, 3),
        "Dan": 0,
    }
    assert finished("Ann Bob=Cat=Dan Eva").round_scores() == {"Ann": 100, "Bob": 50, "Cat": 50, "Dan": 50, "Eva": 0}


def test_the_finishing_order_is_the_matchs_own_tie_break_winner_first():
    settings = Settings(("Ann", "Bob", "Cat"), RuleSet.build(), Format(FormatKind.DEALS, 3))
    deals = [(10, 10, 23), (13, 13, 17), (7, 7, 29)]
    entries = [Entry(EntryKind.DEAL, Outcome(dict(enumerate(scores)))) for scores in deals]
    tied = fold(settings, entries)
    assert tied.tiebreak is not None and not tied.finished
    over = tied.apply(Entry(EntryKind.TIEBREAK, Outcome({0: 23, 1: 20})))  # Bob wins the tie-break deal
    result = TableResult.of_match(over)
    assert result.finishes == (Finish("Bob", 1, 30), Finish("Ann", 2, 30), Finish("Cat", 3, 69))
    assert result.deals == 3  # the tie-break deal is not one of the match's deals
    assert result.round_scores() == {"Bob": 100, "Ann": 50, "Cat": 0}


def test_an_abandoned_match_finishes_by_its_totals_so_far_equal_totals_tied():
    settings = Settings(("Ann", "Bob", "Cat", "Dan"), RuleSet.build(), Format(FormatKind.DEALS, 8))
    state = MatchState.start(settings).apply(Entry(EntryKind.DEAL, Outcome({0: 0, 1: 20, 2: 0, 3: 23}))).abandon()
    result = TableResult.of_match(state)
    assert result.finishes == (Finish("Ann", 1, 0), Finish("Cat", 1, 0), Finish("Bob", 3, 20), Finish("Dan", 4, 23))
    assert result.round_scores()["Ann"] == Fraction(250, 3)
    nothing = TableResult.of_match(MatchState.start(settings).abandon())  # abandoned before any deal: all tied
    assert set(nothing.round_scores().values()) == {50}


@pytest.mark.parametrize("places", [(2, 2, 3), (1, 3, 3), (1, 1, 2), (1, 2, 2, 3)])
def test_places_that_are_no_finishing_order_are_refused(places):
    with pytest.raises(RuleError, match="not a finishing order"):
        TableResult(tuple(Finish(f"P{at}", place, 0) for at, place in enumerate(places)), deals=3)


def test_the_night_score_is_the_average_of_the_round_scores():
    standings = night_standings(
        ["Ann", "Bob", "Cat", "Dan", "Eva"],
        [finished("Ann Bob Cat Dan"), finished("Bob Ann Eva"), finished("Cat Dan Eva")],
    )
    score = {line.name: line.score for line in standings}
    assert score == {
        "Ann": 75,  # 100 and 50
        "Bob": (Fraction(200, 3) + 100) / 2,
        "Cat": (Fraction(100, 3) + 100) / 2,
        "Dan": 25,  # 0 and 50
        "Eva": 0,
    }
    assert [line.name for line in standings] == ["Bob", "Ann", "Cat", "Dan", "Eva"]
    assert [line.rounds for line in standings] == [2, 2, 2, 2, 2]


def test_ties_in_the_night_go_to_more_firsts_then_fewer_points_per_deal_then_share_a_place():
    standings = night_standings(
        ["Ann", "Bob", "Cat", "Dan", "Eva", "Fay"],
        [
            finished("Ann Bob Cat", "10 20 30"),  # Ann 100, Bob 50
            finished("Dan Eva Fay", "5 20 30"),
            finished("Eva Dan Bob", "5 20 30"),
            finished("Cat Ann Fay", "0 20 30"),
        ],
    )
    lines = {line.name: line for line in standings}
    assert lines["Ann"].score == lines["Dan"].score == lines["Eva"].score == 75
    assert (lines["Ann"].firsts, lines["Dan"].firsts, lines["Eva"].firsts) == (1, 1, 1)
    assert lines["Ann"].points_per_deal == Fraction(30, 6)
    assert lines["Dan"].points_per_deal == lines["Eva"].points_per_deal == Fraction(25, 6)
    assert [(line.place, line.name) for line in standings][:3] == [(1, "Dan"), (1, "Eva"), (3, "Ann")]
    assert lines["Cat"].score == 50 and lines["Cat"].firsts == 1 and lines["Bob"].firsts == 0
    assert lines["Cat"].place < lines["Bob"].place  # level on score, Cat won a table


def test_players_who_have_not_played_yet_come_last_sharing_a_place():
    standings = night_standings(["Ann", "Bob", "Cat", "Zoe", "Yan"], [finished("Cat Bob Ann")])
    assert [(line.place, line.name, line.rounds) for line in standings] == [
        (1, "Cat", 1),
        (2, "Bob", 1),
        (3, "Ann", 1),
        (4, "Zoe", 0),
        (4, "Yan", 0),
    ]
    before = night_standings(["Ann", "Bob"], [])
    assert [(line.place, line.score, line.points_per_deal) for line in before] == [(1, 0, 0), (1, 0, 0)]

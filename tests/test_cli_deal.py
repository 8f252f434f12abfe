"""``scorepad deal``: a deal by points or by cards, the scores no real deal gives, and the tie-break it plays
(docs/rules.md, worked cases 3 and 4)."""

from __future__ import annotations

import pytest

from scorepad.cli.scores import as_named, read_scores

from .matches import NO_NEXT_DEAL, history, new, next_deal, play, status, worked_case_3


def test_a_deal_by_points(cli, three):
    data = cli.json("deal", "Ann=10", "Bob=13", "Cat=20")
    assert data["totals"] == {"Ann": 10, "Bob": 13, "Cat": 20}
    assert data["deals_played"] == 1
    assert (data["dealer"], data["eldest"]) == ("Bob", "Cat")


def test_a_deal_by_cards(cli, three):
    """Ann took QS 2H 9H, Bob nothing; Cat's cards follow: the rest, 28."""
    data = cli.json("deal", "Ann=QS,2H,9H", "Bob=-", "Cat=KS,AS,3H,4H,5H,6H,7H,8H,10H,JH,QH,KH,AH")
    assert data["totals"] == {"Ann": 15, "Bob": 0, "Cat": 28}


def test_cards_and_points_mixed(cli, three):
    data = cli.json("deal", "Ann=q♠,2h,9H", "Bob=-", "Cat=28")
    assert data["totals"] == {"Ann": 15, "Bob": 0, "Cat": 28}
    data = cli.json("deal", "Ann=TH,KS", "Bob=20", "Cat=12")
    assert data["totals"] == {"Ann": 26, "Bob": 20, "Cat": 40}


def test_names_in_a_deal_ignore_case(cli, three):
    data = cli.json("deal", "aNN=10", "BOB=13", "cat=20")
    assert data["totals"] == {"Ann": 10, "Bob": 13, "Cat": 20}


def test_a_renege_costs_the_deal_total(cli, three):
    data = cli.json("deal", "--renege", "bob")
    assert data["totals"] == {"Ann": 0, "Bob": 43, "Cat": 0}
    assert history(cli)[0]["renege"] == "Bob"


def test_a_renege_with_six_players_costs_42(cli):
    """docs/rules.md case 6."""
    new(cli, "--players", "A,B,C,D,E,F")
    data = cli.json("deal", "--renege", "C")
    assert data["totals"] == {"A": 0, "B": 0, "C": 42, "D": 0, "E": 0, "F": 0}


def test_six_players_entering_43_is_refused(cli, unchanged):
    """docs/rules.md case 1."""
    new(cli, "--players", "A,B,C,D,E,F")
    with unchanged():
        cli.refused("deal", "A=43", "B=0", "C=0", "D=0", "E=0", "F=0", says="42")
    cli("deal", "A=42", "B=0", "C=0", "D=0", "E=0", "F=0")


@pytest.mark.parametrize("entered", ["43", "-43"])
def test_a_slam_is_recorded_as_minus_the_total_and_the_output_says_so(cli, entered):
    """docs/rules.md case 7, with the slam option."""
    new(cli, "--players", "Ann,Bob,Cat", "--slam")
    result = cli("deal", f"Ann={entered}", "Bob=0", "Cat=0")
    assert "Ann took every penalty card: recorded as -43" in result.stdout
    assert status(cli)["totals"] == {"Ann": -43, "Bob": 0, "Cat": 0}
    assert history(cli)[0]["scores"] == {"Ann": -43, "Bob": 0, "Cat": 0}


def test_a_slam_entered_with_json_says_so_on_stderr(cli):
    new(cli, "--players", "Ann,Bob,Cat", "--slam")
    result = cli("deal", "Ann=43", "Bob=0", "Cat=0", "--json")
    assert "recorded as -43" in result.stderr
    assert "recorded" not in result.stdout


def test_a_slam_entered_by_cards(cli):
    new(cli, "--players", "Ann,Bob,Cat", "--slam")
    every = "QS,KS,AS,2H,3H,4H,5H,6H,7H,8H,9H,10H,JH,QH,KH,AH"
    result = cli("deal", "Ann=-", "Bob=-", f"Cat={every}")
    assert "Cat took every penalty card: recorded as -43" in result.stdout
    assert status(cli)["totals"] == {"Ann": 0, "Bob": 0, "Cat": -43}


def test_without_the_slam_option_taking_everything_scores_the_total(cli, three, unchanged):
    """docs/rules.md case 7, without the option."""
    with unchanged():
        cli.refused("deal", "Ann=-43", "Bob=0", "Cat=0", says="Ann -43: scores are never negative")
    result = cli("deal", "Ann=43", "Bob=0", "Cat=0")
    assert "recorded as" not in result.stdout + result.stderr
    assert status(cli)["totals"] == {"Ann": 43, "Bob": 0, "Cat": 0}


def test_expect_guards_against_entering_a_deal_twice(cli, three, unchanged):
    cli("deal", "--expect", "1", "Ann=10", "Bob=13", "Cat=20")
    with unchanged():
        line = cli.refused("deal", "--expect", "1", "Ann=10", "Bob=13", "Cat=20")
    assert "2" in line
    cli("deal", "--expect", "2", "Ann=10", "Bob=13", "Cat=20")
    assert status(cli)["deals_played"] == 2


@pytest.mark.parametrize(
    ("scores", "says"),
    [
        (["Ann=10", "Bob=13", "Cat=21"], "add up to 44"),  # wrong sum
        (["Ann=QS,2H,9H", "Bob=-", "Cat=27"], "add up to 42"),
        (["Ann=QS", "Bob=QS", "Cat=17"], "twice"),  # a card given twice
        (["Ann=QS,QS", "Bob=13", "Cat=17"], "twice"),
        (["Ann=QS,KS,AS", "Bob=2H", "Cat=-"], "nobody took"),  # cards not given at all
        (["Ann=JD", "Bob=13", "Cat=30"], "scores nothing"),  # a card that scores nothing
        (["Ann=2C", "Bob=13", "Cat=30"], "not in the deck"),  # out with three players
        (["Ann=10", "Bob=13"], "no score for Cat"),  # a missing player
        (["Ann=10", "Bob=13", "Cat=10", "Dan=10"], "Dan"),  # an unknown player
        (["Ann=10", "Bob=13", "Cat=10", "ann=10"], "two scores"),
        (["Ann=XS", "Bob=13", "Cat=20"], "not a card"),
        (["Ann=", "Bob=13", "Cat=30"], "missing"),
        (["Ann=QS,,2H", "Bob=13", "Cat=17"], "not a list of cards"),
        (["Ann", "Bob=13", "Cat=30"], "or every score in seat order without names, not both"),
        ([], "no scores"),
    ],
)
def test_scores_no_real_deal_gives_are_refused(cli, three, unchanged, scores, says):
    with unchanged():
        cli.refused("deal", *scores, says=says)


def test_an_impossible_split_is_refused(cli, unchanged):
    """docs/rules.md case 2: 6, 6, 6, 25 sums to 43, but nobody on 6 can hold a spade that scores."""
    new(cli, "--players", "Ann,Bob,Cat,Dan")
    with unchanged():
        cli.refused("deal", "Ann=6", "Bob=6", "Cat=6", "Dan=25", says="no real deal")
    with unchanged():
        cli.refused("deal", "--renege", "Ann", "Bob=6", says="not both")
    with unchanged():
        cli.refused("deal", "--renege", "Zed", says="Zed")


def test_a_finished_match_takes_no_more_deals(cli, finished, unchanged):
    data = status(cli)
    assert (data["finished"], data["winner"], data["totals"]) == (True, "Ann", {"Ann": 30, "Bob": 31, "Cat": 68})
    with unchanged():
        cli.refused("deal", "Ann=10", "Bob=13", "Cat=20", says=f"match {finished} is finished")
    with unchanged():
        cli.refused("deal", "--renege", "Ann", says=f"match {finished} is finished")
    with unchanged():
        cli.refused("misdeal", says=f"match {finished} is finished")


def test_an_unknown_match_is_refused(cli, three, unchanged):
    with unchanged():
        cli.refused("deal", "--match", "7", "Ann=10", "Bob=13", "Cat=20", says="no match 7")
    with unchanged():
        cli.refused("status", "--match", "7", says="no match 7")


# Scores typed as a table types them: with spaces or a colon.


@pytest.mark.parametrize(
    "typed",
    ["Anke = 13 Bram = 10 Cor = 20", "Anke:13 Bram:10 Cor:20", "Anke= 13 Bram =10 Cor : 20", "Anke=13 Bram: 10 Cor=20"],
)
def test_name_space_equals_space_score_and_name_colon_score_read_as_name_equals_score(typed):
    assert as_named(typed.split()) == ["Anke=13", "Bram=10", "Cor=20"]
    assert read_scores(typed.split()) == (("Anke", 13), ("Bram", 10), ("Cor", 20))


def test_cards_and_the_rest_read_the_same_with_a_colon_or_spaces():
    typed = "Anke : QS,2H Bram = ? Cor:-"
    assert as_named(typed.split()) == ["Anke=QS,2H", "Bram=?", "Cor=-"]
    seat_order = "10 13 20"
    assert as_named(seat_order.split()) == ["10", "13", "20"]  # seat order stays as it is


def test_deal_fix_and_play_take_spaced_scores(cli):
    cli("new", "--players", "Anke,Bram,Cor")
    cli("deal", "Anke", "=", "13", "Bram", "=", "10", "Cor", "=", "20")
    cli("deal", "Anke:10", "Bram:10", "Cor:23")
    cli("fix", "2", "Anke", ":", "13", "Cor:20")
    done = play(cli, "Anke = 0 Bram = 20 Cor = 23\nAnke:7 Bram:7 Cor:29\n")
    assert done.exit_code == 0, done.stderr
    deals = cli.json("history")["deals"]
    assert [d["scores"]["Anke"] for d in deals] == [13, 13, 0, 7]


def test_a_name_without_a_score_is_still_refused_with_a_reason(cli, unchanged):
    cli("new", "--players", "Anke,Bram,Cor")
    with unchanged():
        cli.refused("deal", "Anke", "=", says="a score is missing after '='")
    done = play(cli, "Anke\n")
    assert done.exit_code == 1 and "not an entry: 'Anke'" in done.stderr


# docs/rules.md worked cases 3 and 4: the tie-break deal.


def test_worked_case_3_a_two_player_tie_break(cli):
    match = worked_case_3(cli)
    data = status(cli)
    assert data["totals"] == {"Ann": 30, "Bob": 30, "Cat": 69}
    assert (data["finished"], data["winner"], data["deals_played"]) == (False, None, 3)
    assert data["tiebreak"] == {"players": ["Ann", "Bob"], "round": 1}
    assert next_deal(data) == {
        "dealer": "Ann",  # the next tied player left of Cat, who dealt last
        "eldest": "Bob",
        "deal_players": ["Ann", "Bob"],
        "pass_to": {"Ann": "Bob", "Bob": "Ann"},
        "removed": [],  # two players use the full deck
        "deal_total": 43,
    }
    data = cli.json("deal", "Ann=20", "Bob=23")
    assert data["totals"] == {"Ann": 30, "Bob": 30, "Cat": 69}  # tie-break points do not count
    assert (data["finished"], data["winner"], data["tiebreak"], data["deals_played"]) == (True, "Ann", None, 3)
    assert next_deal(data) == NO_NEXT_DEAL
    assert [(d["number"], d["kind"], d["dealer"]) for d in history(cli)] == [
        (1, "deal", "Ann"),
        (2, "deal", "Bob"),
        (3, "deal", "Cat"),
        (4, "tiebreak", "Ann"),
    ]
    assert history(cli)[3]["scores"] == {"Ann": 20, "Bob": 23}
    assert history(cli)[3]["totals"] == {"Ann": 30, "Bob": 30, "Cat": 69}
    matches = cli.json("matches")["matches"]
    assert (matches[0]["match"], matches[0]["finished"], matches[0]["winner"]) == (match, True, "Ann")


def test_a_player_outside_the_tie_cannot_score_in_the_tie_break(cli, unchanged):
    worked_case_3(cli)
    with unchanged():
        cli.refused("deal", "Ann=20", "Bob=23", "Cat=0", says="Cat")
    with unchanged():
        cli.refused("deal", "Ann=20", "Cat=23", says="")
    with unchanged():
        cli.refused("deal", "--renege", "Cat", says="Cat")
    with unchanged():
        cli.refused("deal", "Ann=20", "Bob=24", says="add up")


def test_worked_case_4_a_three_way_tie_then_a_second_round(cli):
    new(cli, "--players", "Ann,Bob,Cat,Dan", "--deals", "4")
    for _ in range(3):
        cli("deal", "Ann=10", "Bob=10", "Cat=10", "Dan=13")
    data = cli.json("deal", "Ann=0", "Bob=0", "Cat=0", "Dan=43")
    assert data["totals"] == {"Ann": 30, "Bob": 30, "Cat": 30, "Dan": 82}
    assert data["tiebreak"] == {"players": ["Ann", "Bob", "Cat"], "round": 1}
    assert (data["finished"], data["winner"]) == (False, None)
    assert next_deal(data) == {
        "dealer": "Ann",
        "eldest": "Bob",
        "deal_players": ["Ann", "Bob", "Cat"],
        "pass_to": {"Ann": "Cat", "Bob": "Ann", "Cat": "Bob"},
        "removed": ["2C"],
        "deal_total": 43,
    }
    data = cli.json("deal", "Ann=10", "Bob=10", "Cat=23")
    assert data["totals"] == {"Ann": 30, "Bob": 30, "Cat": 30, "Dan": 82}
    assert data["tiebreak"] == {"players": ["Ann", "Bob"], "round": 2}
    assert next_deal(data) == {
        "dealer": "Bob",
        "eldest": "Ann",
        "deal_players": ["Ann", "Bob"],
        "pass_to": {"Ann": "Bob", "Bob": "Ann"},
        "removed": [],
        "deal_total": 43,
    }
    data = cli.json("deal", "Ann=30", "Bob=13")
    assert data["totals"] == {"Ann": 30, "Bob": 30, "Cat": 30, "Dan": 82}
    assert (data["finished"], data["winner"], data["tiebreak"], data["deals_played"]) == (True, "Bob", None, 4)
    deals = history(cli)
    assert [(d["number"], d["kind"], d["dealer"]) for d in deals] == [
        (1, "deal", "Ann"),
        (2, "deal", "Bob"),
        (3, "deal", "Cat"),
        (4, "deal", "Dan"),
        (5, "tiebreak", "Ann"),
        (6, "tiebreak", "Bob"),
    ]
    assert deals[4]["scores"] == {"Ann": 10, "Bob": 10, "Cat": 23}
    assert deals[5]["scores"] == {"Ann": 30, "Bob": 13}
    assert all(d["totals"] == {"Ann": 30, "Bob": 30, "Cat": 30, "Dan": 82} for d in deals[3:])

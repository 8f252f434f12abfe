"""The table flow through the command line, against a real SQLite file.

Each test is a table story: who sits down, what is entered, what scorepad
answers (docs/commands.md) and what the rules say it must be (docs/rules.md).
"""

from __future__ import annotations

import sqlite3

import pytest
from freezegun import freeze_time

from .conftest import dump

CLASSIC = {"preset": "classic", "hearts": "broken", "slam": False, "pass": "right", "omnibus": None, "decks": 1}


def new(cli, *args: str) -> int:
    """Start a match the way a person does; return the id printed on stdout."""
    result = cli("new", *args)
    return int(result.stdout)


def status(cli, *args: str) -> dict:
    return cli.json("status", *args)


def history(cli, *args: str) -> list[dict]:
    return cli.json("history", *args)["deals"]


def trail(store_path) -> list[tuple]:
    """Every entry row the store keeps, in the order written: (number, kind, state, scores)."""
    with sqlite3.connect(store_path) as conn:
        return conn.execute("SELECT number, kind, state, scores FROM entry ORDER BY id").fetchall()


def next_deal(data: dict) -> dict:
    keys = ("dealer", "eldest", "deal_players", "pass_to", "removed", "deal_total")
    return {k: data[k] for k in keys}


NO_NEXT_DEAL = dict.fromkeys(("dealer", "eldest", "deal_players", "pass_to", "removed", "deal_total"))


@pytest.fixture
def three(cli) -> int:
    """Ann, Bob and Cat sit down for a classic match of 9 deals; Ann deals first."""
    return new(cli, "--players", "Ann,Bob,Cat")


def three_deals(cli, last: tuple[str, ...]) -> int:
    """A 3-deal match: 10/10/23 and 13/13/17 as in docs/rules.md case 3, then the ``last`` deal."""
    match = new(cli, "--players", "Ann,Bob,Cat", "--deals", "3")
    cli("deal", "Ann=10", "Bob=10", "Cat=23")
    cli("deal", "Ann=13", "Bob=13", "Cat=17")
    cli("deal", *last)
    return match


@pytest.fixture
def finished(cli) -> int:
    """A 3-deal match that Ann won outright on 30 (Bob 31, Cat 68)."""
    return three_deals(cli, ("Ann=7", "Bob=8", "Cat=28"))


def worked_case_3(cli) -> int:
    """docs/rules.md case 3 up to the tie: Ann and Bob on 30 after three deals."""
    return three_deals(cli, ("Ann=7", "Bob=7", "Cat=29"))


# --- new -----------------------------------------------------------------------------------


def test_new_prints_the_id_on_stdout_and_the_table_on_stderr(cli):
    result = cli("new", "--players", "Ann,Bob,Cat")
    assert result.stdout == "1\n"
    assert "Ann deals" in result.stderr
    assert cli("new", "--players", "Dan,Eve,Fay").stdout == "2\n"


def test_new_json_is_the_status_of_the_new_match(cli):
    data = cli.json("new", "--players", "Ann,Bob,Cat", "--name", "Friday night")
    assert data == {
        "match": 1,
        "name": "Friday night",
        "players": ["Ann", "Bob", "Cat"],
        "format": {"kind": "deals", "value": 9},
        "rules": CLASSIC,
        "deals_played": 0,
        "totals": {"Ann": 0, "Bob": 0, "Cat": 0},
        "finished": False,
        "abandoned": False,
        "winner": None,
        "tiebreak": None,
        "dealer": "Ann",
        "eldest": "Bob",
        "deal_players": ["Ann", "Bob", "Cat"],
        "pass_to": {"Ann": "Cat", "Bob": "Ann", "Cat": "Bob"},
        "removed": ["2C"],
        "deal_total": 43,
        "replaced": {},
    }
    assert status(cli) == data


def test_the_first_player_deals_when_nobody_is_named_or_cut(cli):
    new(cli, "--players", "Cat,Ann,Bob")
    data = status(cli)
    assert (data["dealer"], data["eldest"]) == ("Cat", "Ann")


def test_a_named_first_dealer_deals_first_and_the_deal_passes_left(cli):
    new(cli, "--players", "Ann,Bob,Cat,Dan", "--first-dealer", "cat")
    data = status(cli)
    assert next_deal(data) == {
        "dealer": "Cat",
        "eldest": "Dan",
        "deal_players": ["Ann", "Bob", "Cat", "Dan"],
        "pass_to": {"Ann": "Dan", "Bob": "Ann", "Cat": "Bob", "Dan": "Cat"},
        "removed": [],
        "deal_total": 43,
    }
    cli("deal", "Ann=10", "Bob=10", "Cat=10", "Dan=13")
    assert (status(cli)["dealer"], status(cli)["eldest"]) == ("Dan", "Ann")


def test_an_unknown_first_dealer_is_refused(cli, three, unchanged):
    with unchanged():
        cli.refused("new", "--players", "Ann,Bob,Cat", "--first-dealer", "Dan", says="Dan")


def test_the_lowest_cut_deals(cli):
    """docs/rules.md case 9, first half: 7H, 3C, KD: the 3C deals."""
    new(cli, "--players", "Ann,Bob,Cat", "--cut", "Ann=7H,Bob=3C,Cat=KD")
    assert status(cli)["dealer"] == "Bob"


def test_the_ace_cuts_high(cli):
    new(cli, "--players", "Ann,Bob,Cat", "--cut", "Ann=AS,Bob=2H,Cat=KD")
    assert status(cli)["dealer"] == "Bob"


def test_a_tie_for_lowest_cut_is_refused_until_those_players_cut_again(cli, three, unchanged):
    """docs/rules.md case 9, second half: 3H, 3C, KD: Ann and Bob cut again; suits do not count."""
    with unchanged():
        line = cli.refused("new", "--players", "Ann,Bob,Cat", "--cut", "Ann=3H,Bob=3C,Cat=KD")
    assert line.endswith("recut: Ann,Bob")
    match = new(cli, "--players", "Ann,Bob,Cat", "--cut", "Ann=3H,Bob=3C,Cat=KD", "--cut", "Ann=9S,Bob=4D")
    assert status(cli, "--match", match)["dealer"] == "Bob"


def test_a_recut_that_ties_again_asks_for_another(cli, three, unchanged):
    with unchanged():
        line = cli.refused("new", "-p", "Ann,Bob,Cat", "--cut", "Ann=3H,Bob=3C,Cat=KD", "--cut", "Ann=9S,Bob=9D")
    assert line.endswith("recut: Ann,Bob")
    new(cli, "-p", "Ann,Bob,Cat", "--cut", "Ann=3H,Bob=3C,Cat=KD", "--cut", "Ann=9S,Bob=9D", "--cut", "Ann=5C,Bob=6C")
    assert status(cli)["dealer"] == "Ann"


def test_a_card_cut_twice_is_refused(cli, three, unchanged):
    with unchanged():
        cli.refused("new", "--players", "Ann,Bob,Cat", "--cut", "Ann=3H,Bob=3H,Cat=KD", says="cut twice")


@pytest.mark.parametrize(
    "cut",
    [
        ["Ann=7H,Bob=3C"],  # Cat cut no card
        ["Ann=7H,Bob=3C,Cat=KD", "Ann=9S"],  # Bob already cut lowest: no recut
        ["Ann=3H,Bob=3C,Cat=KD", "Ann=9S,Cat=4D"],  # Cat is not in the recut
        ["Ann=7H,Bob=3C,Cat=XX"],
        ["Ann=7H,Bob=3C,Zed=KD"],
    ],
)
def test_a_cut_that_does_not_fit_the_table_is_refused(cli, three, unchanged, cut):
    args = [a for c in cut for a in ("--cut", c)]
    with unchanged():
        cli.refused("new", "--players", "Ann,Bob,Cat", *args)


def test_a_first_dealer_and_a_cut_together_are_refused(cli, three, unchanged):
    with unchanged():
        cli.refused("new", "-p", "Ann,Bob,Cat", "--first-dealer", "Ann", "--cut", "Ann=7H,Bob=3C,Cat=KD")


@pytest.mark.parametrize(
    ("players", "deals"),
    [("Ann,Bob,Cat", 9), ("Ann,Bob,Cat,Dan", 12), ("Ann,Bob,Cat,Dan,Eve", 15), ("A,B,C,D,E,F", 18)],
)
def test_the_default_format_is_three_deals_per_player(cli, players, deals):
    new(cli, "--players", players)
    assert status(cli)["format"] == {"kind": "deals", "value": deals}


def test_nine_deals_do_not_go_round_four_players(cli, three, unchanged):
    with unchanged():
        line = cli.refused("new", "--players", "Ann,Bob,Cat,Dan", "--deals", "9")
    assert "12 or 16" in line
    new(cli, "--players", "Ann,Bob,Cat,Dan", "--deals", "8")
    assert status(cli)["format"] == {"kind": "deals", "value": 8}


@pytest.mark.parametrize(
    "players, options, says",
    [
        ("Ann,Bob", [], "a match has 3 to 10 players (6 to 10 with two decks), not 2"),
        ("A,B,C,D,E,F,G", [], "7 players need two decks: give --decks 2"),
        ("A,B,C,D,E,F,G,H,I,J,K", ["--decks", "2"], "not 11"),
        ("A,B,C,D,E", ["--decks", "2"], "two decks are for 6 to 10 players, not 5"),
        ("A,B,C,D,E,F", ["--decks", "3"], "decks is 1 or 2, not 3"),
    ],
)
def test_a_match_has_three_to_six_players_or_six_to_ten_with_two_decks(cli, three, unchanged, players, options, says):
    with unchanged():
        cli.refused("new", "--players", players, *options, says=says)


def test_only_one_format_per_match(cli, three, unchanged):
    with unchanged():
        cli.refused("new", "-p", "Ann,Bob,Cat", "--deals", "9", "--until-over", "100")


def test_until_over_ends_after_a_total_goes_over(cli):
    """docs/rules.md case 8: on exactly 50 the match goes on; on 51 it ends after that deal."""
    new(cli, "--players", "Ann,Bob,Cat", "--until-over", "50")
    assert status(cli)["format"] == {"kind": "over", "value": 50}
    cli("deal", "Ann=43", "Bob=0", "Cat=0")
    data = cli.json("deal", "Ann=7", "Bob=13", "Cat=23")
    assert data["totals"] == {"Ann": 50, "Bob": 13, "Cat": 23}
    assert (data["finished"], data["dealer"]) == (False, "Cat")
    data = cli.json("deal", "Ann=1", "Bob=19", "Cat=23")
    assert data["totals"] == {"Ann": 51, "Bob": 32, "Cat": 46}
    assert (data["finished"], data["winner"], data["deals_played"]) == (True, "Bob", 3)
    assert next_deal(data) == NO_NEXT_DEAL


def test_until_reach_ends_on_the_target(cli):
    """docs/rules.md case 8: with "until 50 reached", 50 ends it."""
    new(cli, "--players", "Ann,Bob,Cat", "--until-reach", "50")
    assert status(cli)["format"] == {"kind": "reach", "value": 50}
    cli("deal", "Ann=43", "Bob=0", "Cat=0")
    data = cli.json("deal", "Ann=7", "Bob=13", "Cat=23")
    assert (data["finished"], data["winner"], data["tiebreak"]) == (True, "Bob", None)


@pytest.mark.parametrize(
    ("args", "rules", "deal_total", "pass_to"),
    [
        ([], CLASSIC, 43, {"Ann": "Cat", "Bob": "Ann", "Cat": "Bob"}),
        (["--rules", "slippery-anne"], CLASSIC | {"preset": "slippery-anne"}, 13, None),
        (["--rules", "omnibus"], CLASSIC | {"preset": "omnibus", "omnibus": "JD"}, 33, None),
        (["--rules", "omnibus", "--omnibus", "10D"], CLASSIC | {"preset": "omnibus", "omnibus": "10D"}, 33, None),
        (["--rules", "spot-hearts"], CLASSIC | {"preset": "spot-hearts", "hearts": "anytime"}, 146, None),
        (
            ["--rules", "dirty-lady"],
            CLASSIC | {"preset": "dirty-lady", "slam": True, "pass": "left"},
            36,
            {"Ann": "Bob", "Bob": "Cat", "Cat": "Ann"},
        ),
        (
            ["--rules", "dirty-lady", "--no-slam", "--pass", "right", "--hearts", "anytime"],
            {"preset": "dirty-lady", "hearts": "anytime", "slam": False, "pass": "right", "omnibus": None, "decks": 1},
            36,
            {"Ann": "Cat", "Bob": "Ann", "Cat": "Bob"},
        ),
        (["--slam", "--pass", "rotate"], CLASSIC | {"slam": True, "pass": "rotate"}, 43, None),
    ],
)
def test_presets_and_options_show_in_status(cli, args, rules, deal_total, pass_to):
    data = cli.json("new", "--players", "Ann,Bob,Cat", *args)
    assert data["rules"] == rules
    assert data["deal_total"] == deal_total
    assert status(cli)["rules"] == rules
    if pass_to is not None:
        assert data["pass_to"] == pass_to


def test_rotating_passes_go_right_left_across_then_none(cli):
    new(cli, "--players", "Ann,Bob,Cat,Dan", "--pass", "rotate")
    right = {"Ann": "Dan", "Bob": "Ann", "Cat": "Bob", "Dan": "Cat"}
    assert status(cli)["pass_to"] == right
    seen = [cli.json("deal", "Ann=10", "Bob=10", "Cat=10", "Dan=13")["pass_to"] for _ in range(4)]
    assert seen == [
        {"Ann": "Bob", "Bob": "Cat", "Cat": "Dan", "Dan": "Ann"},
        {"Ann": "Cat", "Bob": "Dan", "Cat": "Ann", "Dan": "Bob"},
        {},
        right,
    ]
    assert cli.json("misdeal")["pass_to"] == right  # dealt again, passed the same way


def test_six_players_deal_48_cards_worth_42(cli):
    data = cli.json("new", "--players", "A,B,C,D,E,F")
    assert data["removed"] == ["2C", "2D", "2H", "2S"]
    assert data["deal_total"] == 42


def test_the_slam_is_refused_with_slippery_anne(cli, three, unchanged):
    with unchanged():
        cli.refused("new", "--players", "Ann,Bob,Cat", "--rules", "slippery-anne", "--slam", says="slam")


@pytest.mark.parametrize(
    ("players", "says"),
    [
        ("Ann Lee,Bob,Cat", "space"),
        ("Ann=,Bob,Cat", "="),
        ("Ann,Bob,Cat:1", ":"),
        ("Ann,Bob,#Cat", "#"),
        ("Ann,Bob,ann", "ignoring case"),
        ("Ann,Bob,BOB", "ignoring case"),
        ("Ann,,Bob", "empty"),
        ("", "empty"),
    ],
)
def test_bad_names_are_refused(cli, three, unchanged, players, says):
    with unchanged():
        cli.refused("new", "--players", players, says=says)


def test_unicode_names_are_fine(cli):
    data = cli.json("new", "--players", "Zoë,李,Ärger")
    assert data["players"] == ["Zoë", "李", "Ärger"]
    data = cli.json("deal", "zoë=10", "李=10", "ärger=23")
    assert data["totals"] == {"Zoë": 10, "李": 10, "Ärger": 23}


# --- deal ----------------------------------------------------------------------------------


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


# --- docs/rules.md worked cases 3 and 4 ----------------------------------------------------------


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


# --- misdeal -------------------------------------------------------------------------------


def test_a_misdeal_is_dealt_again_by_the_same_dealer(cli, three):
    """docs/rules.md case 5: no score is written, and the misdeal carries the number of the deal dealt again."""
    cli("deal", "Ann=10", "Bob=13", "Cat=20")
    result = cli("misdeal")
    assert "Bob" in result.stdout
    data = status(cli)
    assert (data["dealer"], data["eldest"], data["deals_played"]) == ("Bob", "Cat", 1)
    assert data["totals"] == {"Ann": 10, "Bob": 13, "Cat": 20}
    cli("misdeal")
    cli("deal", "Ann=0", "Bob=20", "Cat=23")
    assert status(cli)["dealer"] == "Cat"
    deals = history(cli)
    assert [(d["number"], d["kind"], d["dealer"], d["scores"]) for d in deals] == [
        (1, "deal", "Ann", {"Ann": 10, "Bob": 13, "Cat": 20}),
        (2, "misdeal", "Bob", {}),
        (2, "misdeal", "Bob", {}),
        (2, "deal", "Bob", {"Ann": 0, "Bob": 20, "Cat": 23}),
    ]
    assert deals[1]["totals"] == {"Ann": 10, "Bob": 13, "Cat": 20}
    assert deals[1]["renege"] is None


def test_a_misdeal_in_a_tie_break(cli):
    worked_case_3(cli)
    data = cli.json("misdeal")
    assert data["tiebreak"] == {"players": ["Ann", "Bob"], "round": 1}
    assert (data["dealer"], data["eldest"]) == ("Ann", "Bob")
    assert history(cli)[-1] | {"recorded_at": None} == {
        "number": 4,
        "kind": "misdeal",
        "dealer": "Ann",
        "scores": {},
        "renege": None,
        "totals": {"Ann": 30, "Bob": 30, "Cat": 69},
        "recorded_at": None,
        "corrected": False,
    }


# --- undo ----------------------------------------------------------------------------------


def test_undo_takes_back_the_last_deal_and_gives_its_number_back(cli, three, store_path):
    cli("deal", "Ann=10", "Bob=13", "Cat=20")
    result = cli("undo")
    assert "undone" in result.stdout
    data = status(cli)
    assert (data["deals_played"], data["dealer"], data["totals"]) == (0, "Ann", {"Ann": 0, "Bob": 0, "Cat": 0})
    assert history(cli) == []
    cli("deal", "Ann=0", "Bob=20", "Cat=23")
    assert [(d["number"], d["scores"]) for d in history(cli)] == [(1, {"Ann": 0, "Bob": 20, "Cat": 23})]
    assert [(n, kind, state) for n, kind, state, _ in trail(store_path)] == [
        (1, "deal", "undone"),  # it stays in the trail
        (1, "deal", "standing"),
    ]


def test_undo_takes_back_a_misdeal(cli, three):
    cli("deal", "Ann=10", "Bob=13", "Cat=20")
    cli("misdeal")
    cli("undo")
    assert [d["kind"] for d in history(cli)] == ["deal"]
    assert status(cli)["dealer"] == "Bob"


def test_undo_with_nothing_to_undo_is_refused(cli, three, unchanged):
    with unchanged():
        cli.refused("undo", says="no entry")


def test_undo_reopens_a_finished_match(cli, finished):
    data = cli.json("undo")
    assert (data["finished"], data["winner"], data["deals_played"]) == (False, None, 2)
    assert (data["dealer"], data["deal_total"]) == ("Cat", 43)
    data = cli.json("deal", "Ann=7", "Bob=7", "Cat=29")
    assert data["tiebreak"] == {"players": ["Ann", "Bob"], "round": 1}


def test_undo_takes_back_a_tie_break_deal(cli):
    worked_case_3(cli)
    cli("deal", "Ann=20", "Bob=23")
    data = cli.json("undo")
    assert (data["finished"], data["winner"]) == (False, None)
    assert data["tiebreak"] == {"players": ["Ann", "Bob"], "round": 1}
    assert (data["dealer"], data["eldest"]) == ("Ann", "Bob")
    data = cli.json("deal", "Ann=23", "Bob=20")
    assert (data["winner"], history(cli)[-1]["number"]) == ("Bob", 4)
    cli("undo")
    data = cli.json("undo")  # now the deal that made the tie
    assert (data["tiebreak"], data["deals_played"], data["dealer"]) == (None, 2, "Cat")


def test_undo_takes_back_a_fix_and_says_what_stands_again(cli, three, store_path):
    """docs/commands.md: undo takes back the last change, whatever it was; a fix's replaced scores stand again."""
    cli("deal", "Ann=10", "Bob=13", "Cat=20")
    cli("deal", "Ann=10", "Bob=13", "Cat=20")
    cli("fix", "1", "Ann=20", "Bob=13", "Cat=10")
    result = cli("undo")
    assert "undone: fix of deal 1 (Ann 20, Bob 13, Cat 10); deal 1 is again Ann 10, Bob 13, Cat 20" in result.stdout
    deals = history(cli)
    assert [(d["number"], d["scores"]) for d in deals] == [
        (1, {"Ann": 10, "Bob": 13, "Cat": 20}),
        (2, {"Ann": 10, "Bob": 13, "Cat": 20}),
    ]
    assert "undone: deal 2 (Ann 10, Bob 13, Cat 20)" in cli("undo").stdout  # then the last entry
    with sqlite3.connect(store_path) as conn:  # everything stays in the trail
        trail = conn.execute("SELECT number, state, replaces IS NOT NULL FROM entry ORDER BY id").fetchall()
    assert trail == [(1, "standing", 0), (2, "undone", 0), (1, "undone", 1)]


# --- fix -----------------------------------------------------------------------------------


def test_fix_replaces_the_scores_of_a_deal(cli, three, store_path):
    cli("deal", "Ann=10", "Bob=13", "Cat=20")
    cli("deal", "Ann=0", "Bob=20", "Cat=23")
    data = cli.json("fix", "1", "Ann=QS,2H", "Bob=-", "Cat=29")
    assert data["totals"] == {"Ann": 14, "Bob": 20, "Cat": 52}
    assert (data["deals_played"], data["dealer"]) == (2, "Cat")
    deals = history(cli)
    assert [(d["number"], d["dealer"], d["scores"], d["totals"]) for d in deals] == [
        (1, "Ann", {"Ann": 14, "Bob": 0, "Cat": 29}, {"Ann": 14, "Bob": 0, "Cat": 29}),
        (2, "Bob", {"Ann": 0, "Bob": 20, "Cat": 23}, {"Ann": 14, "Bob": 20, "Cat": 52}),
    ]
    assert [(n, state) for n, _, state, _ in trail(store_path)] == [(1, "replaced"), (2, "standing"), (1, "standing")]


def test_fix_with_a_renege(cli, three):
    cli("deal", "Ann=10", "Bob=13", "Cat=20")
    cli("fix", "1", "--renege", "cat")
    assert history(cli)[0]["scores"] == {"Ann": 0, "Bob": 0, "Cat": 43}
    assert history(cli)[0]["renege"] == "Cat"


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["1", "Ann=10", "Bob=13", "Cat=21"], "add up"),
        (["1", "Ann=QS", "Bob=QS", "Cat=17"], "twice"),
        (["1", "Ann=11"], "the others keep Bob 13, Cat 20, and the scores add up to 44, but this deal's add up to 43"),
        (["1", "Ann=10", "Bob=13"], "deal 1 has these scores already: nothing to fix"),
        (["3", "Ann=10", "Bob=13", "Cat=20"], "no deal 3"),
        (["1"], "no scores"),
        (["1", "--renege", "Ann", "Bob=1"], "not both"),
    ],
)
def test_fix_is_checked_as_a_deal_is(cli, three, unchanged, args, says):
    cli("deal", "Ann=10", "Bob=13", "Cat=20")
    cli("deal", "Ann=0", "Bob=20", "Cat=23")
    with unchanged():
        cli.refused("fix", *args, says=says)


def test_fix_is_refused_when_the_match_would_have_ended_earlier(cli, unchanged):
    new(cli, "--players", "Ann,Bob,Cat", "--until-over", "40")
    cli("deal", "Ann=10", "Bob=10", "Cat=23")
    cli("deal", "Ann=23", "Bob=10", "Cat=10")
    with unchanged():
        cli.refused("fix", "1", "Ann=1", "Bob=0", "Cat=42", says="undo the entries after deal 1 first")
    cli("undo")
    data = cli.json("fix", "1", "Ann=1", "Bob=0", "Cat=42")
    assert (data["finished"], data["winner"]) == (True, "Bob")


def test_fix_is_refused_when_the_tie_break_would_no_longer_be_due(cli, unchanged):
    worked_case_3(cli)
    cli("deal", "Ann=20", "Bob=23")
    with unchanged():
        cli.refused("fix", "3", "Ann=6", "Bob=8", "Cat=29", says="undo the entries after deal 3 first")


def test_fix_is_refused_when_the_tie_break_would_have_other_players(cli, unchanged):
    worked_case_3(cli)
    cli("deal", "Ann=20", "Bob=23")
    with unchanged():  # all three on 43: the tie-break Ann and Bob played is not the one due
        cli.refused("fix", "3", "Ann=20", "Bob=20", "Cat=3", says="undo the entries after deal 3 first")


def test_fix_of_the_last_deal_can_change_the_winner(cli, finished):
    data = cli.json("fix", "3", "Ann=8", "Bob=7", "Cat=28")
    assert (data["finished"], data["winner"]) == (True, "Bob")
    assert cli.json("matches")["matches"][0]["winner"] == "Bob"


def test_fix_of_the_last_deal_can_create_a_tie_break(cli, finished):
    data = cli.json("fix", "3", "Ann=7", "Bob=7", "Cat=29")
    assert (data["finished"], data["winner"]) == (False, None)
    assert data["tiebreak"] == {"players": ["Ann", "Bob"], "round": 1}
    assert (data["dealer"], data["eldest"]) == ("Ann", "Bob")
    assert cli.json("matches")["matches"][0]["finished"] is False


def test_fix_of_a_tie_break_deal_can_change_the_winner(cli):
    worked_case_3(cli)
    cli("deal", "Ann=20", "Bob=23")
    data = cli.json("fix", "4", "Ann=23", "Bob=20")
    assert (data["winner"], data["totals"]) == ("Bob", {"Ann": 30, "Bob": 30, "Cat": 69})
    assert history(cli)[-1]["scores"] == {"Ann": 23, "Bob": 20}


# --- abandon -------------------------------------------------------------------------------


def test_an_abandoned_match_has_no_winner_and_takes_no_more_entries(cli, three, unchanged):
    cli("deal", "Ann=10", "Bob=13", "Cat=20")
    data = cli.json("abandon")
    assert (data["finished"], data["abandoned"], data["winner"], data["tiebreak"]) == (True, True, None, None)
    assert next_deal(data) == NO_NEXT_DEAL
    assert status(cli) == data
    for command in (["deal", "Ann=10", "Bob=13", "Cat=20"], ["misdeal"], ["undo"], ["abandon"]):
        with unchanged():
            cli.refused(*command, says=f"match {three} is")
    assert "abandoned" in cli("status").stdout
    listed = cli.json("matches")["matches"][0]
    assert (listed["finished"], listed["winner"]) == (True, None)


def test_an_abandoned_tie_break_has_no_winner(cli):
    worked_case_3(cli)
    data = cli.json("abandon")
    assert (data["finished"], data["abandoned"], data["winner"], data["tiebreak"]) == (True, True, None, None)


def test_a_finished_match_cannot_be_abandoned(cli, finished, unchanged):
    with unchanged():
        cli.refused("abandon", says="finished")


# --- rename --------------------------------------------------------------------------------


def test_rename_then_score_by_the_new_name(cli, three, unchanged):
    cli("deal", "Ann=10", "Bob=13", "Cat=20")
    data = cli.json("rename", "bob", "Rob")
    assert data["players"] == ["Ann", "Rob", "Cat"]
    assert data["totals"] == {"Ann": 10, "Rob": 13, "Cat": 20}
    with unchanged():
        cli.refused("deal", "Ann=10", "Bob=13", "Cat=20", says="Bob")
    cli("deal", "Ann=10", "ROB=13", "Cat=20")
    assert history(cli)[0]["scores"] == {"Ann": 10, "Rob": 13, "Cat": 20}
    assert cli.json("matches")["matches"][0]["players"] == ["Ann", "Rob", "Cat"]


def test_rename_may_change_only_the_case(cli, three):
    assert cli.json("rename", "ann", "ANN")["players"] == ["ANN", "Bob", "Cat"]


@pytest.mark.parametrize(
    ("old", "new", "says"),
    [
        ("Bob", "cat", "already plays"),
        ("Dan", "Don", "Dan"),
        ("Bob", "Bo b", "space"),
        ("Bob", "Bo=b", "="),
        ("Bob", "", "empty"),
    ],
)
def test_a_bad_rename_is_refused(cli, three, unchanged, old, new, says):
    with unchanged():
        cli.refused("rename", old, new, says=says)


# --- history, matches, which match -----------------------------------------------------------


def test_history_json_shape_and_times(cli):
    with freeze_time("2026-11-29 20:15:03") as clock:
        new(cli, "--players", "Ann,Bob,Cat")
        clock.tick(60)
        cli("deal", "Ann=10", "Bob=13", "Cat=20")
        clock.tick(1)
        cli("misdeal")
        clock.tick(3600)
        cli("deal", "--renege", "Cat")
    assert cli.json("history") == {
        "match": 1,
        "deals": [
            {
                "number": 1,
                "kind": "deal",
                "dealer": "Ann",
                "scores": {"Ann": 10, "Bob": 13, "Cat": 20},
                "renege": None,
                "totals": {"Ann": 10, "Bob": 13, "Cat": 20},
                "recorded_at": "2026-11-29T20:16:03+00:00",
                "corrected": False,
            },
            {
                "number": 2,
                "kind": "misdeal",
                "dealer": "Bob",
                "scores": {},
                "renege": None,
                "totals": {"Ann": 10, "Bob": 13, "Cat": 20},
                "recorded_at": "2026-11-29T20:16:04+00:00",
                "corrected": False,
            },
            {
                "number": 2,
                "kind": "deal",
                "dealer": "Bob",
                "scores": {"Ann": 0, "Bob": 0, "Cat": 43},
                "renege": "Cat",
                "totals": {"Ann": 10, "Bob": 13, "Cat": 63},
                "recorded_at": "2026-11-29T21:16:04+00:00",
                "corrected": False,
            },
        ],
        "substitutes": [],
    }


def test_history_json_of_a_tie_break(cli):
    """docs/rules.md case 3: the tie-break deal holds its players' points only; the totals stand still."""
    with freeze_time("2026-11-29 20:15:03"):
        worked_case_3(cli)
        cli("deal", "Ann=20", "Bob=23")
    at = "2026-11-29T20:15:03+00:00"
    assert cli.json("history") == {
        "match": 1,
        "deals": [
            {
                "number": 1,
                "kind": "deal",
                "dealer": "Ann",
                "scores": {"Ann": 10, "Bob": 10, "Cat": 23},
                "renege": None,
                "totals": {"Ann": 10, "Bob": 10, "Cat": 23},
                "recorded_at": at,
                "corrected": False,
            },
            {
                "number": 2,
                "kind": "deal",
                "dealer": "Bob",
                "scores": {"Ann": 13, "Bob": 13, "Cat": 17},
                "renege": None,
                "totals": {"Ann": 23, "Bob": 23, "Cat": 40},
                "recorded_at": at,
                "corrected": False,
            },
            {
                "number": 3,
                "kind": "deal",
                "dealer": "Cat",
                "scores": {"Ann": 7, "Bob": 7, "Cat": 29},
                "renege": None,
                "totals": {"Ann": 30, "Bob": 30, "Cat": 69},
                "recorded_at": at,
                "corrected": False,
            },
            {
                "number": 4,
                "kind": "tiebreak",
                "dealer": "Ann",
                "scores": {"Ann": 20, "Bob": 23},
                "renege": None,
                "totals": {"Ann": 30, "Bob": 30, "Cat": 69},
                "recorded_at": at,
                "corrected": False,
            },
        ],
        "substitutes": [],
    }


def test_a_fixed_deal_shows_when_it_was_corrected(cli):
    with freeze_time("2026-11-29 20:15:03") as clock:
        new(cli, "--players", "Ann,Bob,Cat")
        cli("deal", "Ann=10", "Bob=13", "Cat=20")
        clock.tick(90)
        cli("fix", "1", "Ann=13", "Bob=10", "Cat=20")
    assert history(cli)[0]["recorded_at"] == "2026-11-29T20:16:33+00:00"
    assert history(cli)[0]["corrected"] is True


def test_history_in_human_form_shows_each_deal(cli, three):
    cli("deal", "Ann=10", "Bob=13", "Cat=20")
    cli("misdeal")
    out = cli("history").stdout
    assert "misdeal" in out and "Ann" in out


def test_matches_are_listed_newest_first(cli):
    with freeze_time("2026-11-29 20:00:00") as clock:
        new(cli, "--players", "Ann,Bob,Cat", "--name", "Friday night", "--deals", "3")
        clock.tick(60)
        new(cli, "--players", "Dan,Eve,Fay,Gus")
        clock.tick(60)
        new(cli, "--players", "Hal,Ivy,Jo")
    cli("deal", "--match", "1", "Ann=10", "Bob=10", "Cat=23")
    cli("deal", "--match", "1", "Ann=13", "Bob=13", "Cat=17")
    cli("deal", "--match", "1", "Ann=7", "Bob=8", "Cat=28")
    cli("abandon", "--match", "3")
    listed = cli.json("matches")["matches"]
    keys = ["match", "name", "players", "created_at", "finished", "winner"]
    assert [[m[k] for k in keys] for m in listed] == [
        [3, None, ["Hal", "Ivy", "Jo"], "2026-11-29T20:02:00+00:00", True, None],  # abandoned
        [2, None, ["Dan", "Eve", "Fay", "Gus"], "2026-11-29T20:01:00+00:00", False, None],
        [1, "Friday night", ["Ann", "Bob", "Cat"], "2026-11-29T20:00:00+00:00", True, "Ann"],
    ]
    assert "Friday" in cli("matches").stdout


def test_matches_on_an_empty_store(cli):
    assert cli.json("matches") == {"matches": []}


def test_the_default_match_is_the_one_most_recently_created_or_written(cli, unchanged):
    first = new(cli, "--players", "Ann,Bob,Cat")
    second = new(cli, "--players", "Dan,Eve,Fay")
    assert status(cli)["match"] == second
    cli("deal", "--match", first, "Ann=10", "Bob=13", "Cat=20")
    assert status(cli)["match"] == first
    cli("deal", "Ann=10", "Bob=13", "Cat=20")  # lands in the first match
    assert status(cli, "--match", first)["deals_played"] == 2
    cli("rename", "--match", second, "Dan", "Don")
    assert status(cli)["match"] == second
    cli("undo", "--match", first)
    assert status(cli)["match"] == first
    cli("misdeal", "--match", second)
    assert history(cli)[0]["kind"] == "misdeal"
    # Reading does not count as writing, and neither does a refused command.
    status(cli, "--match", first)
    with unchanged():
        cli.refused("deal", "--match", first, "Ann=1")
    assert status(cli)["match"] == second
    cli("fix", "1", "--match", first, "Ann=20", "Bob=13", "Cat=10")
    assert status(cli)["match"] == first


def test_the_default_match_may_be_finished(cli, finished):
    new(cli, "--players", "Dan,Eve,Fay")
    cli("undo", "--match", finished)
    cli("deal", "Ann=7", "Bob=8", "Cat=28")
    data = status(cli)
    assert (data["match"], data["finished"]) == (finished, True)


def test_commands_on_an_empty_store_are_refused(cli):
    for command in (["status"], ["history"], ["deal", "Ann=10"], ["misdeal"], ["undo"], ["abandon"]):
        cli.refused(*command, says="no match yet")


# --- no traceback, ever --------------------------------------------------------------------

HUGE = str(10**30)

ODD_INPUTS = [
    ["new", "--players", ""],
    ["new", "--players", ","],
    ["new", "--players", " , , "],
    ["new", "--players", "Ann=,Bob,Cat"],
    ["new", "--players", "Ann,Bob,Cat\x00"],
    ["new", "--players", "Ann,Bob,Cat\t"],
    ["new", "--players", "A" * 200 + ",Bob,Cat"],
    ["new", "--players", "Ann,Bob,Cat", "--deals", HUGE],
    ["new", "--players", "Ann,Bob,Cat", "--until-over", HUGE],
    ["new", "--players", "Ann,Bob,Cat", "--until-reach", HUGE],
    ["new", "--players", "Ann,Bob,Cat", "--deals", "-3"],
    ["new", "--players", "Ann,Bob,Cat", "--deals", "x"],
    ["new", "--players", "Ann,Bob,Cat", "--cut", ""],
    ["new", "--players", "Ann,Bob,Cat", "--cut", "Ann="],
    ["new", "--players", "Ann,Bob,Cat", "--cut", "=QS"],
    ["new", "--players", "Ann,Bob,Cat", "--cut", "Ann=QS,Ann=KS,Cat=2C"],
    ["new", "--players", "Ann,Bob,Cat", "--first-dealer", ""],
    ["new", "--players", "Ann,Bob,Cat", "--omnibus", ""],
    ["new", "--players", "Ann,Bob,Cat", "--rules", "nope"],
    ["new", "--players", "Ann,Bob,Cat", "--pass", "across"],
    ["new"],
    ["deal", "Ann="],
    ["deal", "Ann=QS,,2H", "Bob=-", "Cat=-"],
    ["deal", "Ann=,", "Bob=-", "Cat=-"],
    ["deal", "Ann=-,QS", "Bob=-", "Cat=-"],
    ["deal", "=", "Bob=-", "Cat=-"],
    ["deal", "Ann==3", "Bob=-", "Cat=-"],
    ["deal", "Ann=1e3", "Bob=-", "Cat=-"],
    ["deal", "Ann=+10", "Bob=+13", "Cat=+20"],
    ["deal", f"Ann={HUGE}", "Bob=13", "Cat=20"],
    ["deal", f"Ann={HUGE}", f"Bob=-{HUGE}", "Cat=43"],
    ["deal", "Ann=-1", "Bob=1", "Cat=43"],
    ["deal", "Ann=Q♠", "Bob=q♥", "Cat=10♦"],
    ["deal", "Zoë=10", "李=13", "Cat=20"],
    ["deal", "--expect", HUGE, "Ann=10", "Bob=13", "Cat=20"],
    ["deal", "--match", HUGE, "Ann=10", "Bob=13", "Cat=20"],
    ["deal", "--match", "0", "Ann=10", "Bob=13", "Cat=20"],
    ["deal", "--renege", ""],
    ["fix", HUGE, "Ann=10", "Bob=13", "Cat=20"],
    ["fix", "0", "Ann=10"],
    ["fix", "x"],
    ["status", "--match", HUGE],
    ["status", "--match", "-1"],
    ["history", "--match", HUGE],
    ["undo", "--match", HUGE],
    ["rename", "", "Bob"],
    ["rename", "Ann", "Ann"],
    ["rename", "Ann", "李"],
    ["misdeal", "--match", HUGE],
    ["abandon", "--match", HUGE],
    ["nonsense"],
]


@pytest.mark.parametrize("args", ODD_INPUTS, ids=lambda a: " ".join(a)[:40])
def test_odd_input_is_answered_without_a_traceback_and_refusals_write_nothing(cli, three, args, store_path):
    before = dump(store_path)
    result = cli(*args, code=None)
    assert result.exit_code in (0, 1, 2), (result.exit_code, result.stdout, result.stderr)
    if result.exit_code != 0:
        assert dump(store_path) == before, args
    if result.exit_code == 1:
        assert len(result.stderr.strip().splitlines()) == 1, result.stderr
        # A refusal names what is wrong; an "internal error" is a defect, not bad input.
        assert "internal error" not in result.stderr, result.stderr


def test_names_a_terminal_cannot_show_do_not_fail_a_written_deal(tmp_path, store_path):
    """On a stdout that only knows ASCII, the deal is written, exits 0, and the JSON stays exact."""
    import json
    import os
    import subprocess
    import sys

    env = os.environ | {"PYTHONIOENCODING": "ascii", "PYTHONUTF8": "0", "SCOREPAD_DB": str(store_path)}

    def scorepad(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "scorepad", *args], env=env, capture_output=True, cwd=tmp_path)

    assert scorepad("new", "--players", "Zoë,李,Cat").returncode == 0
    done = scorepad("deal", "Zoë=10", "李=13", "Cat=20", "--json")
    assert (done.returncode, done.stderr) == (0, b"")
    assert json.loads(done.stdout)["totals"] == {"Zoë": 10, "李": 13, "Cat": 20}
    shown = scorepad("history")
    assert (shown.returncode, shown.stderr) == (0, b"")


def test_names_with_brackets_are_shown_as_typed_not_as_markup(cli):
    """Rich reads "[/]" as markup; a player may still be called that, and every view must show it."""
    cli("new", "--players", "[/],x[b]y,Cat", "--name", "[red]")
    cli("deal", "[/]=43", "x[b]y=0", "Cat=0")
    assert "x[b]y" in cli("status").stdout
    assert "[/]" in cli("history").stdout
    assert "[red]" in cli("matches").stdout
    assert cli.json("status")["totals"] == {"[/]": 43, "x[b]y": 0, "Cat": 0}


def test_an_empty_match_name_is_no_name_and_an_empty_first_dealer_no_player(cli, unchanged):
    assert cli.json("new", "--players", "Ann,Bob,Cat", "--name", "")["name"] is None
    with unchanged():
        cli.refused("new", "--players", "Ann,Bob,Cat", "--first-dealer", "", says="no player ''")


def test_an_unknown_match_id_is_refused_as_unknown_not_as_usage(cli):
    cli("new", "--players", "Ann,Bob,Cat")
    for match in ("0", "-1", "99"):
        cli.refused("status", "--match", match, says=f"there is no match {match}")


def test_a_player_name_a_deal_record_would_misread_is_refused(cli, unchanged):
    with unchanged():
        cli.refused("new", "--players", "Ann,Dealer,Cat", says="read it as a key")
        cli.refused("new", "--players", "Ann,12.,Cat", says="trick number")


def test_ascii_refusals_write_suits_as_letters(cli, three):
    assert "QS is given twice" in cli.refused("--ascii", "deal", "Ann=QS", "Bob=QS", "Cat=30")
    assert "Q♠ is given twice" in cli.refused("deal", "Ann=QS", "Bob=QS", "Cat=30")

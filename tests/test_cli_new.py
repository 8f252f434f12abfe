"""``scorepad new``: who sits down, who deals first, the format and the rules of a match, and its rematch."""

from __future__ import annotations

import json

import pytest

from .matches import CLASSIC, NO_NEXT_DEAL, finish, new, next_deal, play, status


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


# A rematch: ``new --like`` and ``play``'s ``again`` number its name.


def test_a_rematch_keeps_the_name_numbered(cli):
    finish(cli, "Clubavond")
    assert cli.json("new", "--like", "1")["name"] == "Clubavond (2)"
    for _ in range(3):
        cli("deal", "0", "20", "23")
    assert cli.json("new", "--like", "2")["name"] == "Clubavond (3)"
    assert cli.json("new", "--like", "1")["name"] == "Clubavond (2)"  # numbered from the match it is like
    assert cli.json("new", "--like", "1", "--name", "Finale")["name"] == "Finale"  # a name given wins


def test_play_again_numbers_the_rematch_as_new_like_does(cli):
    finish(cli, "Clubavond")
    done = play(cli, "again\nstatus\n", "--json")
    assert done.exit_code == 0, done.stderr
    assert json.loads(done.stdout)["name"] == "Clubavond (2)"


def test_a_match_without_a_name_has_a_rematch_without_one_and_a_long_name_stays_within_bounds(cli):
    finish(cli)
    assert cli.json("new", "--like", "1")["name"] is None
    long = "Clubavond van de Zwarte Madam " * 4
    cli("new", "--players", "Anke,Bram,Cor", "--name", long[:100])
    renamed = cli.json("new", "--like", "3")["name"]
    assert renamed == long[:96] + " (2)" and len(renamed) == 100

"""Quicker than a paper pad: what a table needs beyond the rules (spec/CLI.md)."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from scorepad import __version__

SIX = "Annabelle,Bartholomew,Catherine,Dominique,Evangeline,Frederick"


def test_version_prints_the_name_and_number(cli):
    assert cli("--version").stdout == f"scorepad {__version__}\n"
    assert re.fullmatch(r"\d+\.\d+\.\d+", __version__)


def test_output_to_a_file_is_never_cut(cli, tmp_path):
    """Six long names and full times: a file keeps every cell whole and every line unwrapped."""
    cli("new", "--players", SIX, "--deals", "6", "--name", "A very long name for a club night at the hall")
    cli("deal", *(f"{name}={points}" for name, points in zip(SIX.split(","), (13, 10, 7, 6, 3, 3), strict=True)))
    out = subprocess.run(
        [sys.executable, "-m", "scorepad", "history"], capture_output=True, text=True, check=True
    ).stdout
    assert "…" not in out
    assert re.search(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d", out)  # the time is whole
    assert all(name in out for name in SIX.split(","))
    assert "A very long name for a club night at the hall" in out.splitlines()[0]
    assert "tie-break points do not count" in out.splitlines()[-1]  # the key is one line
    for command in (["status"], ["stats"], ["matches"]):
        shown = subprocess.run([sys.executable, "-m", "scorepad", *command], capture_output=True, text=True).stdout
        assert "…" not in shown, command


# Seat order and the rest of the deal total.


def test_scores_in_seat_order(cli):
    cli("new", "--players", "Ann,Bob,Cat,Dan", "--deals", "4")
    cli("deal", "10", "13", "7", "13")
    assert cli.json("status")["totals"] == {"Ann": 10, "Bob": 13, "Cat": 7, "Dan": 13}
    cli("deal", "QS,2H", "-", "20", "?")  # cards, none, points and the rest, in seat order
    assert cli.json("history")["deals"][-1]["scores"] == {"Ann": 14, "Bob": 0, "Cat": 20, "Dan": 9}


def test_a_slam_in_seat_order_is_a_score_not_an_option(cli):
    cli("new", "--players", "Ann,Bob,Cat", "--slam")
    result = cli("deal", "0", "-43", "0")
    assert "Bob took every penalty card: recorded as -43" in result.stdout
    assert cli.json("status")["totals"]["Bob"] == -43


def test_the_rest_of_the_deal_total_is_filled_in_and_said(cli):
    cli("new", "--players", "Ann,Bob,Cat,Dan")
    result = cli("deal", "Ann=10", "Bob=10", "Cat=9", "Dan=?")
    assert "Dan: 14, the rest of 43" in result.stdout
    data = cli.json("deal", "?", "13", "10", "10")
    assert data["totals"] == {"Ann": 20, "Bob": 23, "Cat": 19, "Dan": 24}


def test_a_tie_break_in_seat_order_takes_the_tied_players(cli):
    cli("new", "--players", "Ann,Bob,Cat", "--deals", "3")
    for deal in (("10", "10", "23"), ("13", "13", "17"), ("7", "7", "29")):
        cli("deal", *deal)
    cli("deal", "20", "?")  # Ann and Bob play the tie-break
    assert cli.json("status")["winner"] == "Ann"


@pytest.mark.parametrize(
    "scores, says",
    [
        (["Ann=10", "Bob=?", "Cat=?", "Dan=10"], "once per deal"),
        (["6", "6", "6", "?"], "the rest of 43 would give Dan 25, and no real deal gives"),
        (["?", "40", "40", "0"], "the rest of 43 would give Ann -37, and Ann -37: scores are never negative"),
        (["10", "13", "20"], "3 scores in seat order, but deal 1 has 4 players: Ann, Bob, Cat, Dan"),
        (["Ann=10", "13", "10", "10"], "not both"),
        (["Ann=5,Bob=13,Cat=17,Dan=8"], "one NAME=SCORE per player, separated by spaces"),
        (["Ann=5,", "Bob=13", "Cat=17", "Dan=8"], "separate the scores with spaces, not commas"),
        (["Cat=-7", "Ann=20", "Bob=20", "Dan=10"], "Cat -7: scores are never negative"),
        (["Ann=6", "Bob=6", "Cat=6", "Dan=25"], "nobody on 6 can have taken Q♠, K♠ or A♠, and the three make 30"),
        (["--frobnicate", "1"], "no such option: --frobnicate"),
    ],
)
def test_refusals_say_what_is_wrong_and_how_to_enter_it(cli, unchanged, scores, says):
    cli("new", "--players", "Ann,Bob,Cat,Dan")
    with unchanged():
        cli.refused("deal", *scores, says=says)


def test_a_slam_refused_without_the_option_says_how_it_is_entered_with_it(cli):
    cli("new", "--players", "Ann,Bob,Cat", "--slam")
    cli.refused(
        "deal", "Ann=-7", "Bob=25", "Cat=25", says="Ann -7: scores are never negative (a slam is entered as -43)"
    )


def test_the_pipe_takes_seat_order_and_the_rest(cli, tmp_path):
    cli("new", "--players", "Ann,Bob,Cat", "--deals", "3")
    lines = "10 10 23\nAnn=13 Bob=13 Cat=?\n7 7 ?\nstatus\n"
    done = subprocess.run(
        [sys.executable, "-m", "scorepad", "play", "--json"], input=lines, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert "line 2: Cat: 17, the rest of 43" in done.stderr and "line 3: Cat: 29, the rest of 43" in done.stderr
    assert json.loads(done.stdout)["totals"] == {"Ann": 30, "Bob": 30, "Cat": 69}


def test_three_names_read_as_english(cli):
    cli("new", "--players", "Ann,Bob,Cat,Dan", "--deals", "4")
    for _ in range(3):
        cli("deal", "10", "10", "10", "13")
    out = cli("deal", "0", "0", "0", "43").stdout
    assert "Ann, Bob and Cat tie for lowest" in out and "between Ann, Bob and Cat." in out
    assert "1 match, every entry valid" in cli("doctor").stdout

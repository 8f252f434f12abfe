"""Quicker than a paper pad: what a table needs beyond the rules."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from scorepad import __version__

from .test_play import Table, terminal

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
        (["?", "40", "40", "0"], "the others already make 80, more than this deal's 43"),
        (["10", "13", "20"], "3 scores in seat order, but deal 1 has 4 players: Ann, Bob, Cat, Dan"),
        (["Ann=10", "13", "10", "10"], "not both"),
        (["Ann=5,Bob=13,Cat=17,Dan=8"], "one NAME=SCORE per player, separated by spaces"),
        (["Ann=5,", "Bob=13", "Cat=17", "Dan=8"], "separate the scores with spaces, not commas"),
        (["Cat=-7", "Ann=20", "Bob=20", "Dan=10"], "Cat -7: scores are never negative"),
        (["Ann=6", "Bob=6", "Cat=6", "Dan=25"], "nobody on 6 can have taken Q♠, K♠ or A♠, and the three make 30"),
        (["10,13,7,13"], "separate the scores with spaces, not commas"),
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


# Undo, rematches and the score sheet.


def test_players_may_be_given_one_by_one(cli):
    cli("new", "-p", "Ann", "-p", "Bob", "-p", "Cat,Dan")
    assert cli.json("status")["players"] == ["Ann", "Bob", "Cat", "Dan"]
    assert "'--players' / '-p': name the players" in cli("new", code=2).stderr  # a usage error, exit 2


def test_a_rematch_keeps_players_rules_and_format_and_the_next_player_deals(cli):
    cli("new", "--players", "Ann,Bob,Cat", "--until-over", "50", "--first-dealer", "Cat", "--rules", "omnibus")
    again = cli.json("new", "--like", "1")
    assert again["match"] == 2 and again["players"] == ["Ann", "Bob", "Cat"]
    assert again["format"] == {"kind": "over", "value": 50} and again["rules"]["preset"] == "omnibus"
    assert again["dealer"] == "Ann"  # the player left of match 1's first dealer, Cat
    other = cli.json("new", "--like", "1", "--deals", "6", "--first-dealer", "Bob", "--hearts", "anytime")
    assert (other["format"], other["dealer"]) == ({"kind": "deals", "value": 6}, "Bob")
    assert (other["rules"]["preset"], other["rules"]["hearts"]) == ("omnibus", "anytime")
    cli.refused("new", "--like", "9", says="there is no match 9")
    cli.refused("new", "--like", "1", "--decks", "0", says="decks is 1 or 2, not 0")  # as new refuses it


def play_pipe(lines: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "scorepad", "play", *args], input=lines, capture_output=True, text=True
    )


def test_the_pipe_shows_the_sheet_and_plays_again_once_the_match_is_over(cli):
    cli("new", "--players", "Ann,Bob,Cat", "--deals", "3")
    done = play_pipe("again\n10 10 23\nmisdeal\n13 13 17\nfix 1 renege Cat\nhistory\n7 8 28\nagain\nstatus\n", "--json")
    text = play_pipe("sheet\n", "--match", "1").stdout  # without --json, the sheet as a table
    assert re.search(r"^\s*1\s+Ann\s+0 \(0\)\s+0 \(0\)\s+43 \(43\)\s+renege Cat, corrected\s*$", text, re.M)
    assert re.search(r"^\s*2\s+Bob\s+misdeal\s*$", text, re.M)
    assert re.search(r"^\s*total\s+20\s+21\s+88\s*$", text, re.M)
    assert done.returncode == 1  # the first "again" came before the end
    assert "line 1: match 1 is not over: again starts a rematch once it is" in done.stderr
    sheet, status_line = done.stdout.splitlines()  # with --json a sheet is the object of history --json
    deals = json.loads(sheet)["deals"]
    assert [(d["number"], d["kind"], d["renege"]) for d in deals] == [
        (1, "deal", "Cat"),
        (2, "misdeal", None),
        (2, "deal", None),
    ]
    assert deals[-1]["totals"] == {"Ann": 13, "Bob": 13, "Cat": 60}
    assert "line 8: match 2: a rematch of match 1" in done.stderr
    status = json.loads(status_line)
    assert (status["match"], status["dealer"], status["deals_played"]) == (2, "Bob", 0)


def test_undo_in_the_pipe_takes_back_a_fix(cli):
    cli("new", "--players", "Ann,Bob,Cat", "--deals", "3")
    done = play_pipe("10 10 23\nfix 1 13 13 17\nundo\n")
    assert done.returncode == 0, done.stderr
    assert (
        "line 3: undone: fix of deal 1 (Ann 13, Bob 13, Cat 17); deal 1 is again Ann 10, Bob 10, Cat 23" in done.stderr
    )


def test_export_of_the_score_sheet(cli, tmp_path):
    cli("new", "--players", "Ann,@Bob,Cat", "--deals", "3")
    cli("deal", "10", "10", "23")
    cli("misdeal")
    cli("deal", "--renege", "Cat")
    out = tmp_path / "sheet.csv"
    cli("export", "--layout", "sheet", "--out", out)
    assert out.read_text().splitlines() == [
        "deal,kind,dealer,Ann,'@Bob,Cat,note",
        "1,deal,Ann,10,10,23,",
        "2,misdeal,'@Bob,,,,misdeal",
        "2,deal,'@Bob,0,0,43,renege Cat",
        "total,,,10,10,66,",
    ]
    cli.refused("export", "--all", "--layout", "sheet", says="one match")


@terminal
def test_at_the_terminal_a_deal_is_echoed_the_sheet_marks_the_last_and_tab_offers_who_is_left(cli):
    cli("new", "--players", "Ann,Bob,Cat", "--deals", "3")
    table = Table()
    table.enters("10 13 ?", "deal 2> ")
    assert "deal 1: Ann 10, Bob 13, Cat 20" in table.seen.getvalue()
    table.enters("sheet", "deal 2> ")
    assert re.search(r"1 \| Ann\s+\|\s+10 \(10\) \|\s+13 \(13\) \|\s+20 \(20\) \| <- last", table.seen.getvalue())
    table.child.send("Ann=10 Bob=13 \t")  # Tab: of the names not yet in the line there is one, so it is written
    table.sees("Cat=")
    table.child.sendline("20")
    table.sees("deal 2: Ann 10, Bob 13, Cat 20", "deal 3> ")
    table.child.sendintr()
    table.leaves()


def test_stats_count_a_slam_only_where_the_slam_rule_made_one(cli):
    cli("new", "--players", "Ann,Bob,Cat", "--slam")
    cli("deal", "-43", "0", "0")
    cli("new", "--players", "Ann,Bob,Cat")
    cli("deal", "43", "0", "0")  # every penalty card, without the rule: a plain 43
    ann = next(p for p in cli.json("stats")["players"] if p["name"] == "Ann")
    assert (ann["slams"], ann["points"], ann["deals"]) == (1, 0, 2)


@terminal
def test_a_narrow_terminal_wraps_the_panel_and_a_change_elsewhere_redraws_it(cli):
    cli("new", "--players", "Ann,Bob,Cat", "--deals", "3", "--slam", "--pass", "rotate")
    table = Table(columns=44)
    table.enters("10 13 20", "deal 2> ")
    panel = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", table.seen.getvalue()).split("deal 1: ")[1]  # no styles
    assert max(len(line) for line in panel.splitlines()) <= 44
    flat = " ".join(panel.replace("|", " ").split())  # the panel's lines, read as one text
    assert "slam scores minus the total" in flat and "pass rotate" in flat
    cli("deal", "13", "13", "17")  # another terminal enters deal 2
    table.enters("undo", "deal 3> ")  # refused: it would take back what this table has not seen...
    assert "changed from elsewhere" in table.seen.getvalue()
    assert "Deal 3 of 3:" in table.seen.getvalue().rsplit("changed from elsewhere", 1)[1]  # ...and shown it
    table.child.sendintr()
    table.leaves()


def test_a_line_that_is_no_entry_lists_every_command_of_play():
    from scorepad.cli.command_words import words_of
    from scorepad.cli.protocol import COMMANDS, parse_line
    from scorepad.core.errors import NotationError
    from scorepad.core.languages import LANGUAGES

    with pytest.raises(NotationError) as refused:
        parse_line("shuffle")
    assert str(refused.value) == (
        "not an entry: 'shuffle' (scores as NAME=SCORE or in seat order, or one of: renege, misdeal, undo, fix,"
        " status, sheet, history, rules, again, seat, help, quit)"
    )
    assert set(COMMANDS) <= set(words_of(LANGUAGES["en"]).values())  # every command has its English word


def test_an_unknown_option_to_deal_or_fix_is_a_usage_error_while_a_minus_score_is_a_score(cli, unchanged):
    cli("new", "--players", "Ann,Bob,Cat", "--slam")
    with unchanged():
        for args in (["deal", "--jsn", "10", "10", "23"], ["deal", "-x", "1", "2", "3"], ["fix", "1", "--expct", "2"]):
            option = next(arg for arg in args if arg.startswith("-"))
            said = cli(*args, code=2).stderr  # as Click says it of any option it does not know
            assert said.endswith(f"\nError: No such option: {option}\n"), said
    cli("deal", "-43", "0", "?")  # a slam typed as minus the total still took every penalty card: ? is 0
    assert cli.json("status")["totals"] == {"Ann": -43, "Bob": 0, "Cat": 0}


def test_a_fix_says_how_a_slam_was_recorded_and_a_rematch_of_other_players_takes_their_default(cli):
    cli("new", "--players", "Ann,Bob,Cat", "--slam")
    cli("deal", "10", "10", "23")
    fixed = cli("fix", "1", "43", "0", "0").stdout
    assert "deal 1: Ann 10 → -43, Bob 10 → 0, Cat 23 → 0; Ann took every penalty card: recorded as -43" in fixed
    four = cli.json("new", "--like", "1", "--players", "Ann,Bob,Cat,Dan")
    assert four["format"] == {"kind": "deals", "value": 12} and four["rules"]["slam"] is True
    cli.refused("deal", "", "0", "0", "0", says="an empty score")

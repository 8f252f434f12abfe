"""``scorepad fix``: a deal's scores replaced, checked as a deal is and against what came after it."""

from __future__ import annotations

import pytest

from .matches import history, new, trail, worked_case_3


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

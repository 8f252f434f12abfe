"""``scorepad abandon``: a match ended with no winner."""

from __future__ import annotations

from .matches import NO_NEXT_DEAL, next_deal, status, worked_case_3


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

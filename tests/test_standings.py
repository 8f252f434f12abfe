"""Standings: equal totals share a place, and after a tie-break every view puts its winner first."""

from __future__ import annotations

import re

import pytest

from scorepad.core.standings import places

# docs/rules.md, worked case 4: Ann, Bob and Cat tie on 30, Ann and Bob tie
# again in round 1, and round 2 settles it. Either of them may win it.
CASE_4 = [
    ("Ann=10", "Bob=10", "Cat=10", "Dan=13"),
    ("Ann=10", "Bob=10", "Cat=10", "Dan=13"),
    ("Ann=10", "Bob=10", "Cat=10", "Dan=13"),
    ("Ann=0", "Bob=0", "Cat=0", "Dan=43"),
    ("Ann=10", "Bob=10", "Cat=23"),
]


def standings_lines(text: str) -> list[tuple[str, str, str]]:
    """``(place, name, total)`` of each line of a status standings table."""
    return re.findall(r"^\s*(\d+)\s+(\w+)(?: ★)?\s+(\d+)\s*$", text, flags=re.M)


@pytest.mark.parametrize(
    "last, winner, loser", [(("Ann=30", "Bob=13"), "Bob", "Ann"), (("Ann=13", "Bob=30"), "Ann", "Bob")]
)
def test_after_a_tie_break_every_view_puts_its_winner_first(cli, tmp_path, last, winner, loser):
    cli("new", "--players", "Ann,Bob,Cat,Dan", "--deals", "4")
    for deal in [*CASE_4, last]:
        cli("deal", *deal)
    assert cli.json("status")["winner"] == winner
    # status: the winner first, the other two on 30 share second place, Dan last.
    shown = standings_lines(cli("status").stdout)
    assert shown == [("1", winner, "30"), ("2", loser, "30"), ("2", "Cat", "30"), ("4", "Dan", "82")]
    # The report's table says the same.
    cli("report", "--out", tmp_path / "r.html")
    page = (tmp_path / "r.html").read_text()
    rows = re.findall(
        r"<tr(?: class=\"winner\")?><td>(\d+)</td><td class=\"name\">(\w+)(?: ★)?</td><td>(\d+)</td>", page
    )
    assert rows == shown
    # The ratings rank the winner first too: one match, so the winner's rating is the highest.
    ratings = cli.json("ratings")["players"]
    assert ratings[0]["name"] == winner and ratings[0]["wins"] == 1


def test_places_share_a_place_for_equal_totals_and_put_a_tied_winner_first():
    assert places([30, 30, 30, 82], winner=1) == [(1, 1), (2, 0), (2, 2), (4, 3)]
    assert places([30, 30, 30, 82], winner=None) == [(1, 0), (1, 1), (1, 2), (4, 3)]
    assert places([30, 30, 30, 82], winner=0) == [(1, 0), (2, 1), (2, 2), (4, 3)]

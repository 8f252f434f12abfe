"""``scorepad rename``: a player's name changed for the rest of the match."""

from __future__ import annotations

import pytest

from .matches import history


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

"""``scorepad undo``: the last change taken back, whatever it was."""

from __future__ import annotations

import sqlite3

from .matches import history, status, trail, worked_case_3


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

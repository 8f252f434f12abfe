"""A night damaged by hand in a real SQLite store: every command says so in one line, writes nothing, and
doctor names the night and what is wrong with it."""

from __future__ import annotations

import json

import pytest

from .test_broken_store import checks_of, edit
from .test_night_cli import finish_round, new_night

#: A sound night's store, damaged as someone with the sqlite3 shell would, and what the refusal then says.
#: Match 1 stands alone (Ann, Bob, Cat, Dan); night 1 seated matches 2 and 3 in round 1, 4 and 5 in round 2.
DAMAGES = {
    "a table's match deleted": (
        "DELETE FROM entry WHERE match_id = 2; DELETE FROM seat WHERE match_id = 2; DELETE FROM match WHERE id = 2",
        "round 1, table 1: its match 2 does not exist",
    ),
    "seats as integers": (
        "UPDATE night_table SET players = '[1, 2, 3, 4]' WHERE round = 1 AND number = 1",
        "round 1, table 1: its seats [1, 2, 3, 4] are not players' names",
    ),
    "seats not JSON": (
        "UPDATE night_table SET players = 'Ann' WHERE round = 2 AND number = 2",
        "round 2, table 2: its seats Ann are not players' names",
    ),
    "a player twice, another missing": (
        """UPDATE night_table SET players = '["Ann", "Bob", "Cat", "Eva"]' WHERE round = 1 AND number = 1;
        UPDATE seat SET name = 'Eva' WHERE match_id = 2 AND name = 'Dan'""",
        "round 1 seats Ann, Bob, Cat, Eva, Eva, Fay, Gus, Hal, not the night's players then",
    ),
    "a table pointed at a standalone match": (
        "UPDATE night_table SET match_id = 1 WHERE round = 1 AND number = 1",
        "round 1, table 1: match 1 is not this table's match in the night's rules",
    ),
    "a table pointed at a match of other players": (
        """UPDATE night_table SET match_id = 0 WHERE match_id = 2; UPDATE night_table SET match_id = 2 WHERE match_id = 3;
        UPDATE night_table SET match_id = 3 WHERE match_id = 0""",
        "round 1, table 1: match 3 seats Eva, Fay, Gus, Hal, not the table's Ann, Bob, Cat, Dan",
    ),
    "a round missing": ("DELETE FROM night_table WHERE round = 1", "its tables are seated in rounds 2, not in rounds"),
    "a round as text": (
        "UPDATE night_table SET round = 'two' WHERE round = 2",
        "round holds 'two', not a whole number",
    ),
    "no table at all": ("DELETE FROM night_table", "a night of 3 rounds cannot have 0 seated and 0 played"),
    "a table numbered out of order": (
        "UPDATE night_table SET number = 3 WHERE round = 1 AND number = 2",
        "round 1: table 2 (Eva, Fay, Gus, Hal) is not a table the night could seat",
    ),
    "a match id as text": (
        "UPDATE night_table SET match_id = 'x' WHERE round = 2 AND number = 1",
        "match_id holds 'x', not a whole number",
    ),
    "fewer rounds than seated": ("UPDATE night SET rounds = 1", "a night of 1 rounds cannot have 2 seated"),
    "rounds past the bound": ("UPDATE night SET rounds = 99", "a night has 1 to 20 rounds, not 99"),
    "rounds as text": ("UPDATE night SET rounds = 'four'", "rounds holds 'four', not a whole number"),
    "another number of deals": (
        "UPDATE night SET deals_per_player = 2",
        "round 1, table 1: match 2 is not this table's match in the night's rules",
    ),
    "other rules": (
        "UPDATE night SET rules = replace(rules, 'right', 'left')",
        "round 1, table 1: match 2 is not this table's match in the night's rules",
    ),
    "a player deleted": ("DELETE FROM night_player WHERE name = 'Hal'", "round 1 seats Ann, Bob, Cat, Dan, Eva,"),
    "a player's name twice": (
        "UPDATE night_player SET name = 'ann' WHERE name = 'Hal'",
        "'Ann' and 'ann' are one name",
    ),
    "a round joined as text": ("UPDATE night_player SET joined_round = 'x'", "joined_round holds 'x'"),
    "a player gone too soon": (
        "UPDATE night_player SET left_round = 1 WHERE name = 'Hal'",
        "round 2 seats",
    ),
    "more rounds drawn ahead than to come": (
        """UPDATE night SET planned = '[[["Ann", "Bob", "Cat", "Dan"], ["Eva", "Fay", "Gus", "Hal"]],
        [["Ann", "Bob", "Cat", "Dan"], ["Eva", "Fay", "Gus", "Hal"]]]'""",
        "the rounds drawn ahead (2) outnumber the rounds still to come (1)",
    ),
    "rounds drawn ahead of numbers": (
        "UPDATE night SET planned = '[[[1, 2, 3]]]'",
        "the rounds drawn ahead are not tables of the night's players",
    ),
    "an unknown movement": ("UPDATE night SET movement = 'sideways'", "'sideways' is not a valid Movement"),
}


def two_rounds(cli) -> None:
    """A match of its own, then a night of 3 rounds: round 1 over, round 2 seated, a deal of it entered."""
    cli("new", "--players", "Ann,Bob,Cat,Dan", "--deals", "8")
    new_night(cli, "--rounds", "3")
    finish_round(cli)
    cli("night", "next")
    cli("deal", "--match", "4", "0", "3", "10", "30")


def exported(folder) -> list:
    return sorted(folder.rglob("*.csv"))


@pytest.mark.parametrize("damage", DAMAGES)
def test_a_night_damaged_by_hand_is_refused_in_one_line_by_every_command_and_doctor_names_it(
    cli, store_path, tmp_path, monkeypatch, unchanged, damage
):
    two_rounds(cli)
    monkeypatch.chdir(tmp_path)  # exports/ goes here
    sql, says = DAMAGES[damage]
    edit(store_path, sql)
    line = "night 1 is damaged in the store: "
    with unchanged():
        for command in (
            ["night", "status"],
            ["night", "status", "--json"],
            ["night", "next"],
            ["night", "leave", "Ann"],
            ["night", "join", "Zoe"],
            ["night", "export"],
            ["night", "export", "--out", tmp_path / "night.csv"],
            ["play", "--night", "1", "--table", "1"],
        ):
            refused = cli.refused(*command, says=line)
            assert says in refused, (command, refused)
    assert not exported(tmp_path)
    nights = checks_of(cli)["nights"]
    assert not nights["ok"] and nights["detail"].startswith("night 1: ") and says in nights["detail"]


def test_doctor_lists_every_fault_of_every_night_naming_each(cli, store_path):
    two_rounds(cli)
    new_night(cli, "--name", "Clubavond")
    assert cli.json("doctor")["checks"][-1] == {"check": "nights", "ok": True, "detail": "2 nights, every table sound"}
    edit(
        store_path,
        "DELETE FROM entry WHERE match_id = 2; DELETE FROM seat WHERE match_id = 2; DELETE FROM match WHERE id = 2;"
        " UPDATE night_table SET match_id = 1 WHERE night_id = 1 AND round = 1 AND number = 2;"
        " UPDATE night_table SET players = '[1, 2, 3, 4]' WHERE night_id = 2 AND number = 2",
    )
    assert checks_of(cli)["nights"]["detail"].split("; ") == [
        "night 1: round 1, table 1: its match 2 does not exist",
        "night 1: round 1, table 2: match 1 seats Ann, Bob, Cat, Dan, not the table's Eva, Fay, Gus, Hal",
        "night 2: round 1, table 2: its seats [1, 2, 3, 4] are not players' names",
    ]


def test_a_round_reopened_by_an_older_scorepad_is_named_and_the_deal_taken_back_is_entered_again(
    cli, store_path, monkeypatch, unchanged
):
    """Before the rule, an undo after night next reopened an ended round: the store shows one thing, the night another."""
    from scorepad.store import matches

    two_rounds(cli)
    before = cli("night", "status", "--json").stdout
    with monkeypatch.context() as older:
        older.setattr(matches, "ended_round_of", lambda conn, match_id: None)
        cli("undo", "--match", "3")
    says = "night 1 is damaged in the store: round 1 has ended, but its table 2 (match 3) is not over"
    with unchanged():
        cli.refused("night", "status", says=says)
        cli.refused("abandon", "--match", "3", says="match 3 belongs to round 1 of night 1, which has ended")
    assert checks_of(cli)["nights"]["detail"] == says.replace(" is damaged in the store", "")
    cli("deal", "--match", "3", "0", "3", "10", "30")  # the deal taken back, entered again
    assert cli("night", "status", "--json").stdout == before
    assert json.loads(cli("doctor", "--json").stdout)["ok"]

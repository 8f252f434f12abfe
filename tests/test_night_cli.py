"""Club nights at the command line, told as an evening at the club: seating, rounds, movement, standings."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from .nights import CLUB

EIGHT = ",".join(CLUB[:8])  # Ann Bob Cat Dan | Eva Fay Gus Hal, seated as listed
#: One deal's scores in seat order that keep the seats' finishing order: the first seat wins, the last is last.
IN_SEAT_ORDER = {3: "3 10 30", 4: "0 3 10 30"}


def new_night(cli, *options: str, players: str = EIGHT) -> dict:
    return cli.json("night", "new", "--players", players, "--seating", "listed", "--seed", "7", *options)


def finish_table(cli, table: dict) -> None:
    """Play a table's match out: every deal finishes in seat order, so its first seat wins."""
    for _ in range(table["deals"] - table["deals_played"]):
        cli("deal", "--match", table["match"], *IN_SEAT_ORDER[len(table["players"])].split())


def finish_round(cli, night: int = 1) -> dict:
    for table in cli.json("night", "status", "--night", night)["tables"]:
        finish_table(cli, table)
    return cli.json("night", "status", "--night", night)


def test_a_night_prints_its_id_and_reads_out_the_plan_of_round_1(cli):
    made = cli("night", "new", "-p", EIGHT, "--seating", "listed", "--seed", "7", "--name", "Clubavond")
    assert made.stdout == "1\n"
    assert made.stderr.splitlines() == [
        (
            "Night 1 “Clubavond”: round 1 of 4; winners move up a table, losers down; "
            "classic, hearts broken, no slam, pass right"
        ),
        "Seed 7: the same seed seats the same tables.",
        "Table 1 (match 1): Ann, Bob, Cat, Dan; Ann deals.",
        "Table 2 (match 2): Eva, Fay, Gus, Hal; Eva deals.",
    ]
    # Each table's match is an ordinary match, in the night's rules: everyone deals once.
    match = cli.json("status", "--match", "2")
    assert (match["name"], match["players"], match["format"]) == (
        "Clubavond 1.2",
        ["Eva", "Fay", "Gus", "Hal"],
        {"kind": "deals", "value": 4},
    )


def test_a_night_draws_its_seating_from_a_seed_it_keeps(cli):
    first = cli.json("night", "new", "-p", EIGHT, "--seed", "12345")
    again = cli.json("night", "new", "-p", EIGHT, "--seed", "12345")
    assert [t["players"] for t in first["tables"]] == [t["players"] for t in again["tables"]]
    drawn = cli.json("night", "new", "-p", EIGHT)  # a seed of its own, kept and shown
    assert drawn["seed"] != 12345 and cli.json("night", "status")["seed"] == drawn["seed"]


@pytest.mark.parametrize(
    ("options", "says"),
    [
        (["--players", "Ann,Bob"], "a night has 3 to 200 players, not 2"),
        (
            ["--players", ",".join(CLUB), "--table-size", "6", "--decks", "2"],
            "14 players at tables of 6 gives 5, 5, 4: a table has 6 to 10 players",
        ),
        (["--players", "Ann,Bob,Cat,Dan,Eva", "--table-size", "3"], "gives a table of 2"),
        (["--players", "Ann,Bob,Cat,ann"], "'Ann' and 'ann' are one name"),
        (["--players", EIGHT, "--table-size", "7"], "a table has 3 to 6 players, not 7"),  # though 4 + 4 would do
        (
            ["--players", ",".join(CLUB[:12]), "--table-size", "11", "--decks", "2"],
            "a table has 6 to 10 players, not 11",
        ),
        (["--players", "Zo\u00eb,Ann,Bob,Zoe\u0308"], "'Zoë' and 'Zoë' are one name"),
        (["--players", EIGHT, "--rounds", "21"], "a night has 1 to 20 rounds, not 21"),
        (["--players", EIGHT, "--deals-per-player", "11"], "a round has 1 to 10 deals per player, not 11"),
        (["--players", EIGHT, "--name", "x" * 101], "a match's name has at most 100 characters"),
    ],
)
def test_a_night_that_does_not_fit_is_refused_with_the_reason_and_nothing_is_written(cli, unchanged, options, says):
    with unchanged():
        cli.refused("night", "new", *options, says=says)


def test_night_status_says_where_every_table_stands_as_the_contract_shapes_it(cli):
    new_night(cli, "--name", "Clubavond")
    cli("deal", "--match", "1", "Ann=0", "Bob=3", "Cat=10", "Dan=30")
    status = cli.json("night", "status")
    assert {k: status[k] for k in ("night", "name", "round", "rounds", "movement", "over")} == {
        "night": 1,
        "name": "Clubavond",
        "round": 1,
        "rounds": 4,
        "movement": "progressive",
        "over": False,
    }
    top = status["tables"][0]
    assert {k: top[k] for k in ("table", "match", "players", "over", "deals_played", "deals")} == {
        "table": 1,
        "match": 1,
        "players": ["Ann", "Bob", "Cat", "Dan"],
        "over": False,
        "deals_played": 1,
        "deals": 4,
    }
    assert top["standings"] == [
        {"place": 1, "name": "Ann", "total": 0},
        {"place": 2, "name": "Bob", "total": 3},
        {"place": 3, "name": "Cat", "total": 10},
        {"place": 4, "name": "Dan", "total": 30},
    ]
    assert top["next_deal"] == {"number": 2, "kind": "deal", "dealer": "Bob"}
    # No round is over yet: everyone shares the last place, with no score.
    assert {line["place"] for line in status["standings"]} == {1} and len(status["standings"]) == 8
    shown = cli("night", "status").stdout
    assert "Table 1 (match 1): deal 2 of 4, Bob deals" in shown and "Night standings: no round is over yet." in shown


def test_night_next_is_refused_until_every_table_is_over_then_moves_winners_up_and_losers_down(cli, unchanged):
    new_night(cli)
    with unchanged():
        cli.refused("night", "next", says="table 1 (match 1) is not over: deal 1 of 4 is next")
    finish_table(cli, cli.json("night", "status")["tables"][0])
    cli("deal", "--match", "2", "0", "0", "13", "30")
    for _ in range(3):  # Eva and Fay stay level: a tie for lowest is settled by its tie-break deal
        cli("deal", "--match", "2", "0", "0", "30", "13")
    with unchanged():
        cli.refused("night", "next", says="table 2 (match 2) is not over: tie-break deal 5 is next")
    cli("deal", "--match", "2", "Eva=13", "Fay=30")
    status = cli.json("night", "status")
    assert status["tables"][1]["standings"][:2] == [
        {"place": 1, "name": "Eva", "total": 0},
        {"place": 2, "name": "Fay", "total": 0},
    ]
    # Round 1 counts once every table is over: the winners of both tables score 100.
    assert [(line["name"], line["score"]) for line in status["standings"][:2]] == [("Ann", 100.0), ("Eva", 100.0)]
    seated = cli("night", "next")
    assert seated.stdout.splitlines()[0].startswith("Night 1: round 2 of 4")
    tables = cli.json("night", "status")["tables"]
    # Dan, last at table 1, goes down; Eva, first at table 2, comes up. The seats are drawn again.
    assert [set(t["players"]) for t in tables] == [{"Ann", "Bob", "Cat", "Eva"}, {"Dan", "Fay", "Gus", "Hal"}]
    assert [t["match"] for t in tables] == [3, 4] and not any(t["deals_played"] for t in tables)


def test_an_abandoned_table_counts_as_over(cli):
    new_night(cli)
    finish_table(cli, cli.json("night", "status")["tables"][0])
    cli("deal", "--match", "2", "0", "3", "10", "30")
    cli("abandon", "--match", "2")
    cli("night", "next")
    assert cli.json("night", "status")["round"] == 2


def test_a_round_the_night_has_ended_stands_and_the_round_in_play_is_open_to_corrections(cli, unchanged):
    from scorepad.cli.main import app

    new_night(cli, "--rounds", "2")
    finish_round(cli)
    cli("night", "next")
    ended = "match 1 belongs to round 1 of night 1, which has ended: the night counted its result"
    with unchanged():
        for command in (["undo"], ["fix", "4", "Ann=3", "Bob=0"]):
            cli.refused(*command, "--match", "1", says=ended)
        piped = cli.runner.invoke(app, ["play", "--match", "1"], input="undo\n")  # the table mode alike
        assert piped.exit_code == 1 and f"line 1: {ended}" in piped.stderr
    assert cli.json("status", "--match", "1")["winner"] == "Ann"
    # Round 2 is the round in play: its tables take back and correct as any match; so does the last round
    # once it is over, which opens the night again.
    top = cli.json("night", "status")["tables"][0]
    finish_table(cli, top)
    first, second = top["players"][:2]
    cli("fix", "--match", top["match"], "1", f"{first}=3", f"{second}=0")
    cli("undo", "--match", top["match"])  # takes back the fix
    cli("undo", "--match", top["match"])  # and the last deal
    assert cli.json("night", "status")["tables"][0]["deals_played"] == 3


def test_after_the_last_round_night_next_is_refused_with_the_final_standings(cli):
    new_night(cli, "--rounds", "1")
    status = finish_round(cli)
    assert status["over"] and status["round"] == 1
    refused = cli("night", "next", code=1)
    assert refused.stderr == "scorepad: the night is over\n"
    assert "Night standings after 1 round:" in refused.stdout and "The night is over." in refused.stdout
    standings = status["standings"]
    assert [line["score"] for line in standings] == [100.0, 100.0, 66.67, 66.67, 33.33, 33.33, 0.0, 0.0]
    assert [line["place"] for line in standings] == [1, 1, 3, 3, 5, 5, 7, 7]


def test_players_leave_and_join_between_rounds_and_the_next_round_seats_them(cli, unchanged):
    new_night(cli, players=",".join(CLUB[:9]))  # tables of 3, 3, 3
    assert cli("night", "leave", "bob").stdout == "Bob leaves after round 1\n"
    assert cli("night", "join", "Zoe").stdout == "Zoe joins from round 2\n"
    assert cli("night", "join", "Yan").stdout == "Yan joins from round 2\n"
    assert cli("night", "leave", "Yan").stdout == "Yan will not join after all\n"
    status = cli.json("night", "status")
    assert (status["leaving"], status["joining"]) == (["Bob"], ["Zoe"])
    with unchanged():
        cli.refused("night", "leave", "Zed", says="no player 'Zed' in this night")
        cli.refused("night", "join", "ann", says="Ann is a player of this night already")
        cli.refused("night", "leave", "Bob", says="Bob leaves after this round already")
    finish_round(cli)
    cli("night", "next")
    seated = [name for table in cli.json("night", "status")["tables"] for name in table["players"]]
    assert "Bob" not in seated and "Zoe" in seated and len(seated) == 9
    for name in ("Cat", "Dan", "Eva"):
        cli("night", "leave", name)
    with unchanged():
        cli.refused("night", "leave", "Fay", says="Fay cannot leave: 5 players at tables of 4 gives a table of 2")


def test_a_table_of_a_night_takes_no_substitute_and_no_new_name_the_night_would_not_follow(cli, unchanged):
    """The night seats and scores its players by name: a seat or a name changed in one table's match alone would
    credit the round to a player who did not play it, and seat them again."""
    table = new_night(cli)["tables"][0]
    match, first = table["match"], table["players"][0]
    says = (
        f"match {match} is a table of night 1: its players change between rounds,"
        " with scorepad night leave and scorepad night join"
    )
    with unchanged():
        cli.refused("seat", first, "Max", "--match", match, says=says)
        cli.refused("rename", first, "Maxine", "--match", match, says=says)
    cli("new", "--players", "Ann,Bob,Cat")  # a match of no night takes both as ever
    cli("seat", "Ann", "Max")
    cli("rename", "Max", "Maxine")


def test_the_night_asked_for_is_the_one_created_or_written_to_last(cli):
    new_night(cli)
    new_night(cli)
    assert cli.json("night", "status")["night"] == 2
    cli("night", "join", "Zoe", "--night", "1")
    assert cli.json("night", "status")["night"] == 1
    cli.refused("night", "status", "--night", "9", says="there is no night 9")


def test_without_a_night_the_commands_say_how_to_start_one(cli):
    cli.refused("night", "status", says="there is no night yet: start one with 'scorepad night new --players")
    assert cli.json("nights") == {"nights": []}


def test_nights_lists_every_night_newest_first(cli):
    new_night(cli, "--name", "Tuesday", "--rounds", "1")
    finish_round(cli)
    new_night(cli, "--movement", "stay")
    listed = cli.json("nights")["nights"]
    assert [(n["night"], n["name"], n["round"], n["rounds"], n["movement"], n["over"]) for n in listed] == [
        (2, None, 1, 4, "stay", False),
        (1, "Tuesday", 1, 1, "progressive", True),
    ]
    assert listed[1]["players"] == list(CLUB[:8])
    shown = cli("nights").stdout
    assert "Tuesday" in shown and "1 of 1" in shown and "over" in shown


def test_night_export_writes_a_row_per_player_per_round_that_counts(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    new_night(cli)
    finish_round(cli)
    cli("night", "next")
    finish_table(cli, cli.json("night", "status")["tables"][0])  # round 2 is not over: it does not count yet
    path = Path(cli("night", "export").stdout.strip())
    assert path.parent.name == "exports" and path.name.startswith("night-1-") and path.suffix == ".csv"
    with path.open(encoding="utf-8", newline="") as stream:
        rows = list(csv.reader(stream))
    assert rows[0] == ["round", "table", "match", "player", "seat", "place", "table_size", "points", "round_score"]
    assert rows[1:5] == [
        ["1", "1", "1", "Ann", "1", "1", "4", "0", "100.00"],
        ["1", "1", "1", "Bob", "2", "2", "4", "12", "66.67"],
        ["1", "1", "1", "Cat", "3", "3", "4", "40", "33.33"],
        ["1", "1", "1", "Dan", "4", "4", "4", "120", "0.00"],
    ]
    assert len(rows) == 1 + 8
    out = tmp_path / "night.csv"
    assert cli("night", "export", "--out", out).stdout.strip() == str(out)
    cli.refused("night", "export", "--out", out, says="exists: give --force to replace it")


def test_a_stay_night_of_one_table_is_a_series_of_matches_with_one_set_of_standings(cli):
    night = new_night(cli, "--movement", "stay", "--rounds", "2", "--deals-per-player", "2", players="Ann,Bob,Cat")
    assert night["tables"][0]["deals"] == 6
    finish_round(cli)
    cli("night", "next")
    second = cli.json("night", "status")["tables"][0]
    assert (second["players"], second["first_dealer"]) == (["Ann", "Bob", "Cat"], "Bob")
    assert json.loads(cli("status", "--json", "--match", second["match"]).stdout)["dealer"] == "Bob"


# Issue 34: the plan that says why, moves, and the minimum of rounds.


def test_night_next_says_the_cut_of_a_tie_and_who_moves_and_its_json_carries_the_moves(cli):
    new_night(cli)  # Ann Bob Cat Dan | Eva Fay Gus Hal
    for _ in range(4):
        cli("deal", "--match", "1", "0", "3", "20", "20")  # Cat and Dan tie for last at table 1
    finish_table(cli, cli.json("night", "status")["tables"][1])
    said = cli("night", "next").stdout
    status = cli.json("night", "status")
    down = next(name for name in ("Cat", "Dan") if name in status["tables"][1]["players"])
    assert f"Cat and Dan tied for last at table 1: the cut sends {down} down." in said
    assert "Moving up: Eva to table 1." in said and f"Moving down: {down} to table 2." in said
    assert "Staying at their tables: " in said
    assert sorted(status["moves"], key=lambda move: move["name"]) == [
        {"name": down, "from": 1, "to": 2},
        {"name": "Eva", "from": 2, "to": 1},
    ]


def test_a_player_below_the_minimum_of_rounds_is_ranked_last_and_marked_everywhere(cli):
    new_night(cli, "--min-rounds", "2", "--rounds", "3")
    cli("night", "leave", "Ann")  # Ann wins table 1 and goes home
    cli("night", "join", "Zoe")
    finish_round(cli)
    cli("night", "next")
    finish_round(cli)
    status = cli.json("night", "status")
    below = [line["name"] for line in status["standings"] if not line["qualified"]]
    assert status["min_rounds"] == 2 and sorted(below) == ["Ann", "Zoe"]
    assert [line["name"] for line in status["standings"][-2:]] == below
    text = cli("night", "status").stdout
    assert text.count("1 of 2 rounds") == 2
    assert "A player who played fewer than 2 rounds is ranked after those who played them." in text
    first_table = next(table for table in status["tables"] if "Zoe" in table["players"])
    assert first_table["table"] >= 1 and status["moves"] != []

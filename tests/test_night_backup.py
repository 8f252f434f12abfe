"""A club night in the JSON backup: out with its matches, back in as it was, and a bad night refused whole."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from scorepad.store import quick

from .conftest import Cli, dump
from .nights import CLUB
from .test_night_cli import finish_round, new_night


@pytest.fixture(scope="module")
def evening(tmp_path_factory, monkeypatch_module):
    """A store with a mixed night two rounds on (a player gone, one come) and a match of its own, and its backup:
    made once, each test starting from a copy."""
    folder = tmp_path_factory.mktemp("evening")
    monkeypatch_module.setenv("SCOREPAD_DB", str(folder / "club.db"))
    cli = Cli()
    cli("new", "--players", "Ann,Bob,Cat")
    new_night(cli, "--movement", "mixed", "--name", "Clubavond", players=",".join(CLUB[:12]))
    finish_round(cli)
    cli("night", "leave", "Bob")
    cli("night", "join", "Zoe")
    cli("night", "next")
    cli("export", "--all", "--format", "json", "--out", folder / "backup.json")
    return folder


@pytest.fixture(scope="module")
def monkeypatch_module():
    with pytest.MonkeyPatch.context() as patch:
        yield patch


@pytest.fixture
def backup(evening, store_path, tmp_path):
    """The evening's store as this test's store, and its backup beside it."""
    shutil.copyfile(evening / "club.db", store_path)
    return Path(shutil.copy(evening / "backup.json", tmp_path / "backup.json"))


def test_the_backup_holds_each_night_by_its_players_and_its_matches_uids(backup):
    data = json.loads(backup.read_text(encoding="utf-8"))
    (night,) = data["nights"]
    uids = {match["uid"] for match in data["matches"]}
    assert (night["name"], night["movement"], night["seed"], night["rounds"]) == ("Clubavond", "mixed", 7, 4)
    assert {"name": "Bob", "joined": None, "left": 1} in night["players"]
    assert {"name": "Zoe", "joined": 2, "left": None} in night["players"]
    assert [(t["round"], t["table"]) for t in night["tables"]] == [(r, t) for r in (1, 2) for t in (1, 2, 3)]
    assert all(table["match"] in uids for table in night["tables"])
    assert len(night["planned"]) == 2  # rounds 3 and 4, drawn with round 2


def test_a_night_comes_back_as_it_was_and_plays_on_alike(cli, backup, tmp_path):
    elsewhere = tmp_path / "elsewhere.db"
    said = cli("--db", elsewhere, "import", backup).stdout
    assert "added night 1 “Clubavond” as night 1" in said
    original = cli.json("night", "status")
    assert cli.json("--db", elsewhere, "night", "status") == original
    finish_round(cli)
    cli("night", "next")
    for table in cli.json("--db", elsewhere, "night", "status")["tables"]:
        for _ in range(table["deals"]):
            cli("--db", elsewhere, "deal", "--match", table["match"], *["0", "3", "10", "30"][: len(table["players"])])
    cli("--db", elsewhere, "night", "next")
    # Round 3 was drawn with round 2: the restored night seats the same tables without drawing them again.
    assert cli.json("--db", elsewhere, "night", "status") == cli.json("night", "status")


def test_a_night_restored_beside_a_night_in_play_leaves_it_the_default(cli, backup, tmp_path, monkeypatch):
    # The latest night is the one a command last wrote to: an old backup restored beside it does not take its place.
    elsewhere = tmp_path / "elsewhere.db"
    cli("--db", elsewhere, "night", "new", "--players", ",".join(CLUB[6:14]), "--name", "Dinsdag")
    tables = cli.json("--db", elsewhere, "night", "status")["tables"]
    cli("--db", elsewhere, "import", backup)
    assert cli.json("--db", elsewhere, "night", "status")["name"] == "Dinsdag"  # read the quick way
    assert cli.json("--db", elsewhere, "status")["match"] == tables[-1]["match"]
    monkeypatch.setattr(quick, "stored_night", lambda location, night_id: None)
    monkeypatch.setattr(quick, "stored_match", lambda location, match_id: None)
    assert cli.json("--db", elsewhere, "night", "status")["name"] == "Dinsdag"  # and the full way
    assert cli.json("--db", elsewhere, "status")["match"] == tables[-1]["match"]


def test_importing_a_night_twice_changes_nothing(cli, backup, tmp_path):
    elsewhere = tmp_path / "elsewhere.db"
    cli("--db", elsewhere, "import", backup)
    before = dump(elsewhere)
    again = cli.json("--db", elsewhere, "import", backup)
    assert (again["added"], again["nights_added"]) == ([], [])
    assert again["nights_present"] == [
        {"night": 1, "uid": again["nights_present"][0]["uid"], "name": "Clubavond", "rounds": 2}
    ]
    assert dump(elsewhere) == before
    dry = cli("import", backup, "--dry-run").stdout
    assert "left alone: night 1 “Clubavond” is already in the store as night 1" in dry


def test_a_dry_run_names_the_nights_it_would_add(cli, backup, tmp_path):
    elsewhere = tmp_path / "elsewhere.db"
    dry = cli.json("--db", elsewhere, "import", backup, "--dry-run")
    assert [n["name"] for n in dry["nights_added"]] == ["Clubavond"] and not elsewhere.exists()


def change(data: dict, how: str) -> None:
    night = data["nights"][0]
    if how == "unknown match":
        night["tables"][4]["match"] = "f" * 32
    elif how == "two tables, one match":
        night["tables"][4]["match"] = night["tables"][3]["match"]
    elif how == "other players":
        night["tables"][0]["players"][1] = "Zed"
    elif how == "rounds out of order":
        night["tables"][0]["round"] = 2
    elif how == "movement":
        night["movement"] = "sideways"
    elif how == "seed":
        night["seed"] = -1
    elif how == "left too early":
        next(p for p in night["players"] if p["name"] == "Ann")["left"] = 1
    elif how == "first dealer":
        night["tables"][1]["first_dealer"] = "Nobody"
    # A bomb: counts far beyond what the night's settings allow, refused before anything is built from them.
    elif how == "rounds drawn ahead":
        night["planned"] = night["planned"][:1] * 5000
    elif how == "drawn ahead, not mixed":
        night["movement"] = "progressive"
    elif how == "drawn ahead, a stranger":
        night["planned"][0][0][0] = "Zed" * 1000
    elif how == "drawn ahead, a big table":
        night["planned"][0][0] = [f"P{i}" for i in range(5000)]
    elif how == "drawn ahead, many tables":
        night["planned"][0] *= 40
    elif how == "a crowded round":
        night["tables"] += [
            dict(night["tables"][0], table=4 + i, players=[f"P{i}x{j}" for j in range(6)]) for i in range(40)
        ]
    elif how == "joiners":
        night["players"] += [{"name": f"P{i}", "joined": 3, "left": None} for i in range(5000)]
    elif how == "first players":
        night["players"] += [{"name": "Ann", "joined": None, "left": None}] * 5000
    elif how == "tables":
        night["tables"] += [dict(night["tables"][-1], table=4 + i) for i in range(5000)]
    elif how == "a big table":
        night["tables"][0]["players"] = ["Ann"] * 5000
    elif how == "a round after the last":
        night["tables"] += [dict(table, round=5) for table in night["tables"][-3:]]


@pytest.mark.parametrize(
    ("how", "says"),
    [
        ("unknown match", "night 1 “Clubavond”, round 2, table 2: its match 'fff"),
        ("two tables, one match", "round 2, table 2: its match"),
        ("other players", "round 1, table 1: match 2 “Clubavond 1.1” is not this table's match"),
        ("rounds out of order", "round 2, table 1: the tables come round by round, from round 1"),
        ("movement", "backup.nights[0].movement is progressive, mixed or stay, not 'sideways'"),
        ("seed", "night 1 “Clubavond”: a seed is a whole number from 0 to"),
        ("left too early", "night 1 “Clubavond”: round 2 seats"),
        ("first dealer", "round 1, table 2: its first dealer 'Nobody' does not sit at it"),
        ("rounds drawn ahead", "night 1 “Clubavond”: at most 2 rounds are left to draw ahead after round 2, not 5000"),
        (
            "drawn ahead, not mixed",
            "night 1 “Clubavond” has rounds drawn ahead, yet its tables are not drawn afresh each round",
        ),
        ("drawn ahead, a stranger", "night 1 “Clubavond”, round 3 drawn ahead: 'ZedZedZed"),
        ("drawn ahead, a big table", "night 1 “Clubavond”, round 3 drawn ahead: a table has 3 to 6 players, not 5000"),
        (
            "drawn ahead, many tables",
            "night 1 “Clubavond”, round 3 drawn ahead: a round has at most 66 tables, not 120",
        ),
        ("a crowded round", "night 1 “Clubavond”, round 1: a night has 3 to 200 players, not 252"),
        ("joiners", "night 1 “Clubavond” has at most 800 players in all (200 a round), not 5013"),
        ("first players", "night 1 “Clubavond”: a night has 3 to 200 players, not 5012"),
        ("tables", "night 1 “Clubavond” has at most 264 tables in all (66 a round), not 5006"),
        ("a big table", "night 1 “Clubavond”, round 1, table 1: a table has 3 to 6 players, not 5000"),
        ("a round after the last", "night 1 “Clubavond”, round 5, table 1: the night's last round is 4"),
    ],
)
def test_a_bad_night_refuses_the_whole_file_naming_the_night_and_its_table(cli, backup, tmp_path, how, says):
    data = json.loads(backup.read_text(encoding="utf-8"))
    change(data, how)
    backup.write_text(json.dumps(data), encoding="utf-8")
    elsewhere = tmp_path / "elsewhere.db"
    cli.refused("--db", elsewhere, "import", backup, says=says)
    assert not elsewhere.exists()


def test_a_night_whose_matches_play_in_another_night_of_the_store_is_refused(cli, backup, unchanged):
    data = json.loads(backup.read_text(encoding="utf-8"))
    data["nights"][0]["uid"] = "0" * 32  # another night, of the same matches
    backup.write_text(json.dumps(data), encoding="utf-8")
    with unchanged():
        cli.refused("import", backup, says="match 2 of the store plays in night 1 already")

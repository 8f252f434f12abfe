"""Small things a table tripped on: scores typed with spaces or a colon, rematch names, stats' default, export names."""

import json
import os
from pathlib import Path

import pytest

from scorepad.cli.main import app
from scorepad.cli.scores import as_named, read_scores


def play(cli, lines: str, *options: str, root: tuple[str, ...] = ()):
    """``scorepad play`` reading ``lines`` from a pipe, in this process; ``root``: options before the command."""
    done = cli.runner.invoke(app, [*root, "play", *options], input=lines)
    assert "Traceback" not in done.stdout + done.stderr
    return done


@pytest.mark.parametrize(
    "typed",
    ["Anke = 13 Bram = 10 Cor = 20", "Anke:13 Bram:10 Cor:20", "Anke= 13 Bram =10 Cor : 20", "Anke=13 Bram: 10 Cor=20"],
)
def test_name_space_equals_space_score_and_name_colon_score_read_as_name_equals_score(typed):
    assert as_named(typed.split()) == ["Anke=13", "Bram=10", "Cor=20"]
    assert read_scores(typed.split()) == (("Anke", 13), ("Bram", 10), ("Cor", 20))


def test_cards_and_the_rest_read_the_same_with_a_colon_or_spaces():
    typed = "Anke : QS,2H Bram = ? Cor:-"
    assert as_named(typed.split()) == ["Anke=QS,2H", "Bram=?", "Cor=-"]
    seat_order = "10 13 20"
    assert as_named(seat_order.split()) == ["10", "13", "20"]  # seat order stays as it is


def test_deal_fix_and_play_take_spaced_scores(cli):
    cli("new", "--players", "Anke,Bram,Cor")
    cli("deal", "Anke", "=", "13", "Bram", "=", "10", "Cor", "=", "20")
    cli("deal", "Anke:10", "Bram:10", "Cor:23")
    cli("fix", "2", "Anke", ":", "13", "Cor:20")
    done = play(cli, "Anke = 0 Bram = 20 Cor = 23\nAnke:7 Bram:7 Cor:29\n")
    assert done.exit_code == 0, done.stderr
    deals = cli.json("history")["deals"]
    assert [d["scores"]["Anke"] for d in deals] == [13, 13, 0, 7]


def test_a_name_without_a_score_is_still_refused_with_a_reason(cli, unchanged):
    cli("new", "--players", "Anke,Bram,Cor")
    with unchanged():
        cli.refused("deal", "Anke", "=", says="a score is missing after '='")
    done = play(cli, "Anke\n")
    assert done.exit_code == 1 and "not an entry: 'Anke'" in done.stderr


def finish(cli, match_name: str | None = None, *more: str):
    cli("new", "--players", "Anke,Bram,Cor", "--deals", "3", *(("--name", match_name) if match_name else ()), *more)
    for _ in range(3):
        cli("deal", "0", "20", "23")


def test_a_rematch_keeps_the_name_numbered(cli):
    finish(cli, "Clubavond")
    assert cli.json("new", "--like", "1")["name"] == "Clubavond (2)"
    for _ in range(3):
        cli("deal", "0", "20", "23")
    assert cli.json("new", "--like", "2")["name"] == "Clubavond (3)"
    assert cli.json("new", "--like", "1")["name"] == "Clubavond (2)"  # numbered from the match it is like
    assert cli.json("new", "--like", "1", "--name", "Finale")["name"] == "Finale"  # a name given wins


def test_play_again_numbers_the_rematch_as_new_like_does(cli):
    finish(cli, "Clubavond")
    done = play(cli, "again\nstatus\n", "--json")
    assert done.exit_code == 0, done.stderr
    assert json.loads(done.stdout)["name"] == "Clubavond (2)"


def test_a_match_without_a_name_has_a_rematch_without_one_and_a_long_name_stays_within_bounds(cli):
    finish(cli)
    assert cli.json("new", "--like", "1")["name"] is None
    long = "Clubavond van de Zwarte Madam " * 4
    cli("new", "--players", "Anke,Bram,Cor", "--name", long[:100])
    renamed = cli.json("new", "--like", "3")["name"]
    assert renamed == long[:96] + " (2)" and len(renamed) == 100


def test_stats_count_the_preset_and_decks_of_the_latest_match_by_default(cli):
    eight = ("--players", "Anke,Bram,Cor,Dirk,Eva,Fien,Gijs,Hans", "--decks", "2")
    for _ in range(2):  # two classic two-deck matches, as the table that tripped had
        cli("new", *eight)
        cli("deal", "10", "10", "10", "10", "10", "10", "13", "13")
    shown = cli.json("stats")
    assert (shown["preset"], shown["decks"]) == ("classic", 2)
    assert {p["name"]: p["matches"] for p in shown["players"]}["Anke"] == 2
    assert "Players, classic matches, two decks" in cli("stats").stdout
    assert "Spelers, partijen met de variant klassiek, twee kaartspellen" in cli("--lang", "nl", "stats").stdout


def test_stats_take_the_option_not_given_from_the_latest_match_that_has_the_one_given(cli):
    cli("new", "--players", "Ann,Bob,Cat", "--rules", "spot-hearts")
    cli("new", "--players", "Anke,Bram,Cor,Dirk,Eva,Fien,Gijs,Hans", "--decks", "2")
    cli("new", "--players", "Ann,Bob,Cat")
    assert (cli.json("stats")["preset"], cli.json("stats")["decks"]) == ("classic", 1)
    assert cli.json("stats", "--preset", "spot-hearts")["decks"] == 1
    assert cli.json("stats", "--decks", "2")["preset"] == "classic"
    assert cli.json("stats", "--preset", "omnibus")["decks"] == 1  # no such match: one deck
    assert "No omnibus match in the store." in cli("stats", "--preset", "omnibus").stdout


def test_the_two_csv_layouts_and_the_backup_get_default_names_that_tell_them_apart(cli, tmp_path, monkeypatch):
    from freezegun import freeze_time

    monkeypatch.chdir(tmp_path)  # exports/ of the folder the command runs in
    cli("new", "--players", "Ann,Bob,Cat")
    cli("deal", "10", "10", "23")
    with freeze_time("2026-12-01 20:15:03"):
        made = [
            cli("export", *args).stdout.strip()
            for args in (
                ("--layout", "sheet"),
                (),
                ("--layout", "long"),
                ("--all",),
                ("--format", "json"),
                ("--all", "--format", "json"),
            )
        ]
    assert [os.path.basename(path) for path in made] == [
        "match-1-sheet-20261201-2015.csv",
        "match-1-long-20261201-2015.csv",
        "match-1-long-20261201-2015-2.csv",  # the same again within the minute: never over the first
        "all-long-20261201-2015.csv",
        "match-1-backup-20261201-2015.json",
        "all-backup-20261201-2015.json",
    ]
    assert Path(made[0]).read_text().startswith("deal,kind,dealer,")
    assert Path(made[1]).read_text().startswith("match,match_name,deal,")

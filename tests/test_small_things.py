"""Small things a table tripped on: scores typed with spaces or a colon, rematch names, stats' default, export names."""

import pytest

from scorepad.cli.main import app
from scorepad.cli.scores import as_named, read_scores


def play(cli, lines: str, *options: str):
    """``scorepad play`` reading ``lines`` from a pipe, in this process."""
    done = cli.runner.invoke(app, [*options, "play"], input=lines)
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
    assert as_named("Anke : QS,2H Bram = ? Cor:-".split()) == ["Anke=QS,2H", "Bram=?", "Cor=-"]
    assert as_named("10 13 20".split()) == ["10", "13", "20"]  # seat order stays as it is


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

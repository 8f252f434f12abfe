"""No traceback, ever: odd input to any command is answered with a refusal that writes nothing."""

from __future__ import annotations

import json
import os

import pytest

from .conftest import dump

HUGE = str(10**30)

ODD_INPUTS = [
    ["new", "--players", ""],
    ["new", "--players", ","],
    ["new", "--players", " , , "],
    ["new", "--players", "Ann=,Bob,Cat"],
    ["new", "--players", "Ann,Bob,Cat\x00"],
    ["new", "--players", "Ann,Bob,Cat\t"],
    ["new", "--players", "A" * 200 + ",Bob,Cat"],
    ["new", "--players", "Ann,Bob,Cat", "--deals", HUGE],
    ["new", "--players", "Ann,Bob,Cat", "--until-over", HUGE],
    ["new", "--players", "Ann,Bob,Cat", "--until-reach", HUGE],
    ["new", "--players", "Ann,Bob,Cat", "--deals", "-3"],
    ["new", "--players", "Ann,Bob,Cat", "--deals", "x"],
    ["new", "--players", "Ann,Bob,Cat", "--cut", ""],
    ["new", "--players", "Ann,Bob,Cat", "--cut", "Ann="],
    ["new", "--players", "Ann,Bob,Cat", "--cut", "=QS"],
    ["new", "--players", "Ann,Bob,Cat", "--cut", "Ann=QS,Ann=KS,Cat=2C"],
    ["new", "--players", "Ann,Bob,Cat", "--first-dealer", ""],
    ["new", "--players", "Ann,Bob,Cat", "--omnibus", ""],
    ["new", "--players", "Ann,Bob,Cat", "--rules", "nope"],
    ["new", "--players", "Ann,Bob,Cat", "--pass", "across"],
    ["new"],
    ["deal", "Ann="],
    ["deal", "Ann=QS,,2H", "Bob=-", "Cat=-"],
    ["deal", "Ann=,", "Bob=-", "Cat=-"],
    ["deal", "Ann=-,QS", "Bob=-", "Cat=-"],
    ["deal", "=", "Bob=-", "Cat=-"],
    ["deal", "Ann==3", "Bob=-", "Cat=-"],
    ["deal", "Ann=1e3", "Bob=-", "Cat=-"],
    ["deal", "Ann=+10", "Bob=+13", "Cat=+20"],
    ["deal", f"Ann={HUGE}", "Bob=13", "Cat=20"],
    ["deal", f"Ann={HUGE}", f"Bob=-{HUGE}", "Cat=43"],
    ["deal", "Ann=-1", "Bob=1", "Cat=43"],
    ["deal", "Ann=Q♠", "Bob=q♥", "Cat=10♦"],
    ["deal", "Zoë=10", "李=13", "Cat=20"],
    ["deal", "--expect", HUGE, "Ann=10", "Bob=13", "Cat=20"],
    ["deal", "--match", HUGE, "Ann=10", "Bob=13", "Cat=20"],
    ["deal", "--match", "0", "Ann=10", "Bob=13", "Cat=20"],
    ["deal", "--renege", ""],
    ["fix", HUGE, "Ann=10", "Bob=13", "Cat=20"],
    ["fix", "0", "Ann=10"],
    ["fix", "x"],
    ["status", "--match", HUGE],
    ["status", "--match", "-1"],
    ["history", "--match", HUGE],
    ["undo", "--match", HUGE],
    ["rename", "", "Bob"],
    ["rename", "Ann", "Ann"],
    ["rename", "Ann", "李"],
    ["misdeal", "--match", HUGE],
    ["abandon", "--match", HUGE],
    ["nonsense"],
]


@pytest.mark.parametrize("args", ODD_INPUTS, ids=lambda a: " ".join(a)[:40])
def test_odd_input_is_answered_without_a_traceback_and_refusals_write_nothing(cli, three, args, store_path):
    before = dump(store_path)
    result = cli(*args, code=None)
    assert result.exit_code in (0, 1, 2), (result.exit_code, result.stdout, result.stderr)
    if result.exit_code != 0:
        assert dump(store_path) == before, args
    if result.exit_code == 1:
        assert len(result.stderr.strip().splitlines()) == 1, result.stderr
        # A refusal names what is wrong; an "internal error" is a defect, not bad input.
        assert "internal error" not in result.stderr, result.stderr


def test_names_a_terminal_cannot_show_do_not_fail_a_written_deal(tmp_path, store_path):
    """On a stdout that only knows ASCII, the deal is written, exits 0, and the JSON stays exact."""
    import subprocess
    import sys

    env = os.environ | {"PYTHONIOENCODING": "ascii", "PYTHONUTF8": "0", "SCOREPAD_DB": str(store_path)}

    def scorepad(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "scorepad", *args], env=env, capture_output=True, cwd=tmp_path)

    assert scorepad("new", "--players", "Zoë,李,Cat").returncode == 0
    done = scorepad("deal", "Zoë=10", "李=13", "Cat=20", "--json")
    assert (done.returncode, done.stderr) == (0, b"")
    assert json.loads(done.stdout)["totals"] == {"Zoë": 10, "李": 13, "Cat": 20}
    shown = scorepad("history")
    assert (shown.returncode, shown.stderr) == (0, b"")


def test_names_with_brackets_are_shown_as_typed_not_as_markup(cli):
    """Rich reads "[/]" as markup; a player may still be called that, and every view must show it."""
    cli("new", "--players", "[/],x[b]y,Cat", "--name", "[red]")
    cli("deal", "[/]=43", "x[b]y=0", "Cat=0")
    assert "x[b]y" in cli("status").stdout
    assert "[/]" in cli("history").stdout
    assert "[red]" in cli("matches").stdout
    assert cli.json("status")["totals"] == {"[/]": 43, "x[b]y": 0, "Cat": 0}


def test_an_empty_match_name_is_no_name_and_an_empty_first_dealer_no_player(cli, unchanged):
    assert cli.json("new", "--players", "Ann,Bob,Cat", "--name", "")["name"] is None
    with unchanged():
        cli.refused("new", "--players", "Ann,Bob,Cat", "--first-dealer", "", says="no player ''")


def test_an_unknown_match_id_is_refused_as_unknown_not_as_usage(cli):
    cli("new", "--players", "Ann,Bob,Cat")
    for match in ("0", "-1", "99"):
        cli.refused("status", "--match", match, says=f"there is no match {match}")


def test_a_player_name_a_deal_record_would_misread_is_refused(cli, unchanged):
    with unchanged():
        cli.refused("new", "--players", "Ann,Dealer,Cat", says="read it as a key")
        cli.refused("new", "--players", "Ann,12.,Cat", says="trick number")


def test_ascii_refusals_write_suits_as_letters(cli, three):
    assert "QS is given twice" in cli.refused("--ascii", "deal", "Ann=QS", "Bob=QS", "Cat=30")
    assert "Q♠ is given twice" in cli.refused("deal", "Ann=QS", "Bob=QS", "Cat=30")

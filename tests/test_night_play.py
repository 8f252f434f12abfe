"""Several laptops, one night: each table's laptop follows its table with play, the organiser runs night next.

Real ``scorepad`` processes, entering from pipes, against a real SQLite file
and a real PostgreSQL server: every deal written by the table that played it,
nothing lost, and no round ended while a table plays on.
"""

from __future__ import annotations

import subprocess
import time
from types import SimpleNamespace

import pytest

from scorepad.app.nights import next_round, night_status
from scorepad.app.reading import history
from scorepad.cli import night_play
from scorepad.cli.main import app
from scorepad.present.night_json import status_json
from scorepad.store.db import Store
from scorepad.store.location import store_location

from .nights import CLUB
from .processes import SCOREPAD, environment, run
from .test_play import Table, terminal

#: Deals in seat order that finish every table in seat order: the first seat wins.
DEAL = "0 3 10 30\n"


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request, tmp_path):
    """The night's store: a SQLite file, or a database of a real PostgreSQL server."""
    if request.param == "sqlite":
        return str(tmp_path / "club.db")
    return request.getfixturevalue("pg_url")


def night(store: str) -> dict:
    """The night's status as ``night status --json`` prints it, read in this process: the test looks often."""
    opened = Store(store_location(store))
    try:
        return status_json(night_status(opened, None))
    finally:
        opened.close()


def until(store: str, holds, seconds: float = 90) -> dict:
    """The night's status, once ``holds(status)``: the tables' laptops are separate processes."""
    deadline = time.monotonic() + seconds
    while True:
        status = night(store)
        if holds(status):
            return status
        assert time.monotonic() < deadline, status
        time.sleep(0.1)


def laptop(store: str, table: int) -> subprocess.Popen:
    """A table's laptop: ``scorepad play --table T``, its lines typed in as the table plays."""
    return subprocess.Popen(
        [*SCOREPAD, "play", "--table", str(table)],
        env=environment(store),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def enter(table: subprocess.Popen, lines: str) -> None:
    assert table.stdin is not None
    table.stdin.write(lines)
    table.stdin.flush()


def deals_played(status: dict) -> list[int]:
    return [table["deals_played"] for table in status["tables"]]


@pytest.mark.slow
def test_each_laptop_follows_its_table_and_the_organiser_ends_a_round_only_when_every_table_is_over(store):
    run(store, "night", "new", "-p", ",".join(CLUB[:12]), "--rounds", "2", "--seating", "listed", "--seed", "3")
    laptops = [laptop(store, number) for number in (1, 2, 3)]
    try:
        for table in laptops[:2]:
            enter(table, DEAL * 4)
        enter(laptops[2], DEAL * 3)  # table 3 is one deal short
        until(store, lambda status: deals_played(status) == [4, 4, 3])
        refused = run(store, "night", "next", check=False)
        assert (refused.returncode, refused.stderr) == (
            1,
            "scorepad: table 3 (match 3) is not over: deal 4 of 4 is next\n",
        )
        assert night(store)["round"] == 1
        enter(laptops[2], DEAL)
        until(store, lambda status: status["round_over"])
        run(store, "night", "next")
        # Each laptop is now on its table's match of round 2: the lines go on there.
        for table in laptops:
            enter(table, DEAL * 4)
        final = until(store, lambda status: status["over"])
        outputs = [table.communicate(timeout=60) for table in laptops]
    finally:
        for table in laptops:
            table.kill()
    assert [table.returncode for table in laptops] == [0, 0, 0], [err for _, err in outputs]
    for number, (_, said) in enumerate(outputs, start=1):
        assert f"The round is over at table {number}: waiting for round 2 (Ctrl-C leaves)." in said
        assert f"Round 2 is seated: table {number} plays match {number + 3}." in said
        assert f"The night's last round is over at table {number}." in said
    # Nothing lost: every deal of both rounds, once each, in the match of the table that played it.
    opened = Store(store_location(store))
    try:
        for match in range(1, 7):
            assert [deal.number for deal in history(opened, match)[1]] == [1, 2, 3, 4]
    finally:
        opened.close()
    assert [line["rounds"] for line in final["standings"]] == [2] * 12
    refused = run(store, "night", "next", check=False)
    assert (refused.returncode, refused.stderr) == (1, "scorepad: the night is over\n")


@pytest.mark.slow
def test_a_laptop_that_died_mid_round_comes_back_where_its_table_is(tmp_path):
    store = str(tmp_path / "club.db")
    run(store, "night", "new", "-p", ",".join(CLUB[:8]), "--rounds", "1", "--seating", "listed", "--seed", "3")
    first = laptop(store, 2)
    enter(first, DEAL * 2)
    until(store, lambda status: deals_played(status) == [0, 2])
    first.kill()  # the laptop's battery: every deal entered was committed
    first.communicate(timeout=60)
    again = laptop(store, 2)
    _, said = again.communicate(DEAL * 2, timeout=60)
    assert again.returncode == 0, said
    assert night(store)["tables"][1]["over"]
    assert said.splitlines()[-2:] == [
        "The night's last round is over at table 2.",
        "match 2: 2 lines written, 0 refused; Eva wins with 0.",
    ]


# --- on a terminal ------------------------------------------------------------------------


def table_of_three(cli) -> None:
    """Six players at two tables of three, two rounds: Ann, Bob, Cat at table 1, as listed."""
    cli("night", "new", "-p", ",".join(CLUB[:6]), "--rounds", "2", "--seating", "listed", "--seed", "3")


@terminal
@pytest.mark.slow
def test_at_a_terminal_the_table_waits_for_the_next_round_and_goes_on_in_its_match(cli):
    table_of_three(cli)
    laptop = Table("--table", "1")
    laptop.sees("Match 1", "Ann deals; Bob (eldest) leads the first trick.", "deal 1> ")
    for prompt in ("deal 2> ", "deal 3> "):
        laptop.enters("3 10 30", prompt)
    laptop.child.sendline("3 10 30")
    laptop.sees("The round is over at table 1: waiting for round 2 (Ctrl-C leaves).")
    for _ in range(3):
        cli("deal", "--match", "2", "3", "10", "30")
    cli("night", "next")
    laptop.sees("Round 2 is seated: table 1 plays match 3.", "Match 3", "deal 1> ")
    players = cli.json("status", "--match", "3")["players"]
    assert "Dan" in players and "Cat" not in players  # the winner of table 2 came up, the loser of table 1 went down
    for prompt in ("deal 2> ", "deal 3> "):
        laptop.enters("3 10 30", prompt)
    laptop.child.sendline("3 10 30")
    laptop.sees("The night's last round is over at table 1.")
    said = laptop.leaves()
    assert (
        "Left the table: every entry so far is saved in match 3; carry on with: scorepad play --night 1 --table 1."
        in " ".join(said.split())
    )
    assert "again starts a rematch" not in said


@terminal
@pytest.mark.slow
def test_ctrl_c_while_the_table_waits_leaves_it(cli):
    table_of_three(cli)
    for _ in range(3):
        cli("deal", "--match", "1", "3", "10", "30")
    laptop = Table("--night", "1", "--table", "1")
    laptop.sees("The round is over at table 1: waiting for round 2 (Ctrl-C leaves).")
    laptop.child.sendintr()
    said = laptop.leaves()
    assert "carry on with: scorepad play --night 1 --table 1." in " ".join(said.split())


def test_play_follows_only_a_table_of_the_night(cli):
    table_of_three(cli)
    cli.refused("play", "--table", "3", says="round 1 has no table 3")
    cli.refused("play", "--night", "1", says="give --table T: the table of the night this laptop follows")
    cli.refused("play", "--match", "1", "--table", "1", says="give --match ID, or --night ID and --table T, not both")
    cli.refused("play", "--night", "4", "--table", "1", says="there is no night 4")


# --- lines after the night holds nothing more for the table -------------------------------


def piped(cli, lines: str, *args: str):
    """``scorepad play ARGS`` with ``lines`` on its standard input, in this process."""
    return cli.runner.invoke(app, ["play", *args], input=lines)


def test_a_deal_after_the_nights_last_round_is_refused_as_plain_play_refuses_it(cli):
    cli("night", "new", "-p", ",".join(CLUB[:6]), "--rounds", "1", "--seating", "listed", "--seed", "3")
    followed = piped(cli, "3 10 30\n" * 3 + "Ann=10 Bob=10 Cat=23\nstatus\n", "--table", "1")
    plain = piped(cli, "\n\n\nAnn=10 Bob=10 Cat=23\n", "--match", "1")
    assert (followed.exit_code, plain.exit_code) == (1, 1)
    refused = "line 4: match 1 is finished\n"
    assert refused in followed.stderr and refused in plain.stderr
    assert followed.stderr.endswith("match 1: 3 lines written, 1 refused; Ann wins with 9.\n")
    assert "Ann" in followed.stdout  # the status line after it is answered, as plain play answers it


def test_a_deal_after_the_table_is_gone_from_the_next_round_is_refused(cli, store_path, monkeypatch):
    """Six players at two tables of three; Fay leaves, and round 2 is one table of five."""
    cli("night", "new", "-p", ",".join(CLUB[:6]), "--table-size", "5", "--rounds", "2", "--seating", "listed")
    for _ in range(3):
        cli("deal", "--match", "1", "3", "10", "30")
    cli("night", "leave", "Fay")

    def organiser_seats_round_2(_seconds: float) -> None:  # while the laptop of table 2 waits for it
        opened = Store(store_location(str(store_path)))
        try:
            next_round(opened, None)
        finally:
            opened.close()

    monkeypatch.setattr(night_play, "time", SimpleNamespace(sleep=organiser_seats_round_2))
    laptop = piped(cli, "3 10 30\n" * 3 + "Dan=10 Eva=10 Fay=23\n", "--table", "2")
    assert laptop.exit_code == 1
    assert laptop.stderr.splitlines()[-3:] == [
        "Round 2 has no table 2.",
        "line 4: match 2 is finished",
        "match 2: 3 lines written, 1 refused; Dan wins with 9.",
    ]

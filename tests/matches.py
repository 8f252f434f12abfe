"""A match at a table, as the command-line tests set it up and read it back: one helper each, shared by the
``test_cli_*`` files (the fixtures ``three`` and ``finished`` are in ``conftest.py``)."""

from __future__ import annotations

import sqlite3

from scorepad.cli.main import app

CLASSIC = {"preset": "classic", "hearts": "broken", "slam": False, "pass": "right", "omnibus": None, "decks": 1}


def new(cli, *args: str) -> int:
    """Start a match the way a person does; return the id printed on stdout."""
    result = cli("new", *args)
    return int(result.stdout)


def status(cli, *args: str) -> dict:
    return cli.json("status", *args)


def history(cli, *args: str) -> list[dict]:
    return cli.json("history", *args)["deals"]


def trail(store_path) -> list[tuple]:
    """Every entry row the store keeps, in the order written: (number, kind, state, scores)."""
    with sqlite3.connect(store_path) as conn:
        return conn.execute("SELECT number, kind, state, scores FROM entry ORDER BY id").fetchall()


def next_deal(data: dict) -> dict:
    keys = ("dealer", "eldest", "deal_players", "pass_to", "removed", "deal_total")
    return {k: data[k] for k in keys}


NO_NEXT_DEAL = dict.fromkeys(("dealer", "eldest", "deal_players", "pass_to", "removed", "deal_total"))


def three_deals(cli, last: tuple[str, ...]) -> int:
    """A 3-deal match: 10/10/23 and 13/13/17 as in docs/rules.md case 3, then the ``last`` deal."""
    match = new(cli, "--players", "Ann,Bob,Cat", "--deals", "3")
    cli("deal", "Ann=10", "Bob=10", "Cat=23")
    cli("deal", "Ann=13", "Bob=13", "Cat=17")
    cli("deal", *last)
    return match


def worked_case_3(cli) -> int:
    """docs/rules.md case 3 up to the tie: Ann and Bob on 30 after three deals."""
    return three_deals(cli, ("Ann=7", "Bob=7", "Cat=29"))


def play(cli, lines: str, *options: str, root: tuple[str, ...] = ()):
    """``scorepad play`` reading ``lines`` from a pipe, in this process; ``root``: options before the command."""
    done = cli.runner.invoke(app, [*root, "play", *options], input=lines)
    assert "Traceback" not in done.stdout + done.stderr
    return done


def finish(cli, match_name: str | None = None, *more: str):
    """A 3-deal match of Anke, Bram and Cor, named ``match_name`` if given, played to its end."""
    cli("new", "--players", "Anke,Bram,Cor", "--deals", "3", *(("--name", match_name) if match_name else ()), *more)
    for _ in range(3):
        cli("deal", "0", "20", "23")

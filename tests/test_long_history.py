"""A long history (issue 36): printed line by line as it is made, and through the pager on a terminal.

The club's season match runs to thousands of deals. ``history`` writes it as
lines of text (no table of every row laid out first), every total whole, and
on a terminal a history longer than the screen goes through ``$PAGER``.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pexpect

from scorepad.present.history_lines import LONG

from .benchtools import build_store

SCOREPAD = Path(sys.executable).parent / "scorepad"


def test_a_long_history_is_every_row_whole_with_its_totals_as_json_has_them(cli, store_path):
    build_store(store_path, LONG + 20)
    lines = cli("history").stdout.splitlines()
    deals = cli.json("history")["deals"]
    title, header, rule, *rows = lines[: 3 + len(deals)]
    assert title.startswith("Match 1") and header.split()[:3] == ["Deal", "Kind", "Dealer"]
    assert set(rule.replace(" ", "")) == {"-"}
    assert len(rows) == len(deals) == LONG + 20
    for line, deal in zip(rows, deals, strict=True):
        cells = line.split()
        assert cells[0] == str(deal["number"]) and cells[2] == deal["dealer"]
        shown = [int(cell.strip("()")) for cell in cells[4:12:2]]
        assert shown == list(deal["totals"].values())  # every running total, whole
    assert {len(line) for line in rows} == {len(rule)}  # the columns line up
    assert lines[-1].startswith("deal scores with running totals")


def _terminal(*args: str, pager: str | None, lines: int = 24) -> str:
    env = dict(os.environ, TERM="dumb", COLUMNS="100", LINES=str(lines), NO_COLOR="1")
    env.pop("PAGER", None)
    if pager is not None:
        env["PAGER"] = pager
    child = pexpect.spawn(str(SCOREPAD), list(args), env=env, encoding="utf-8", timeout=60, dimensions=(lines, 100))
    shown = child.read()
    child.close()
    assert child.exitstatus == 0, shown
    return shown


def test_on_a_terminal_a_history_longer_than_the_screen_goes_through_the_pager(store_path, tmp_path):
    build_store(store_path, 30)  # thirty deals: more lines than a screen of 24
    paged = tmp_path / "paged.txt"
    pager = f"sh -c 'cat > {paged}'"
    assert "Ann" not in _terminal("history", pager=pager)  # all of it went to the pager
    assert paged.read_text().count(" deal ") == 30
    paged.unlink()
    assert _terminal("history", "--no-pager", pager=pager).count(" deal ") == 30 and not paged.exists()
    assert _terminal("history", pager=pager, lines=60).count(" deal ") == 30 and not paged.exists()  # it fits


def test_a_long_history_streams_into_the_pager_and_a_pager_left_early_ends_it_quietly(store_path, tmp_path):
    build_store(store_path, LONG + 20)
    paged = tmp_path / "paged.txt"
    _terminal("history", pager=f"sh -c 'cat > {paged}'")
    assert paged.read_text().count(" deal ") == LONG + 20
    shown = _terminal("history", pager="head -3")  # like quitting less at once: the pipe closes
    assert "Traceback" not in shown and "Error" not in shown


def test_json_never_goes_through_the_pager(store_path, tmp_path):
    build_store(store_path, 30)
    paged = tmp_path / "paged.txt"
    shown = _terminal("history", "--json", pager=f"sh -c 'cat > {paged}'")
    assert len(json.loads(shown)["deals"]) == 30 and not paged.exists()

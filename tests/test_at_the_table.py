"""Quicker than a paper pad: what a table needs beyond the rules (spec/CLI.md)."""

from __future__ import annotations

import re
import subprocess
import sys

from scorepad import __version__

SIX = "Annabelle,Bartholomew,Catherine,Dominique,Evangeline,Frederick"


def test_version_prints_the_name_and_number(cli):
    assert cli("--version").stdout == f"scorepad {__version__}\n"
    assert re.fullmatch(r"\d+\.\d+\.\d+", __version__)


def test_output_to_a_file_is_never_cut(cli, tmp_path):
    """Six long names and full times: a file keeps every cell whole and every line unwrapped."""
    cli("new", "--players", SIX, "--deals", "6", "--name", "A very long name for a club night at the hall")
    cli("deal", *(f"{name}={points}" for name, points in zip(SIX.split(","), (13, 10, 7, 6, 3, 3), strict=True)))
    out = subprocess.run(
        [sys.executable, "-m", "scorepad", "history"], capture_output=True, text=True, check=True
    ).stdout
    assert "…" not in out
    assert re.search(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d", out)  # the time is whole
    assert all(name in out for name in SIX.split(","))
    assert "A very long name for a club night at the hall" in out.splitlines()[0]
    assert "tie-break points do not count" in out.splitlines()[-1]  # the key is one line
    for command in (["status"], ["stats"], ["matches"]):
        shown = subprocess.run([sys.executable, "-m", "scorepad", *command], capture_output=True, text=True).stdout
        assert "…" not in shown, command

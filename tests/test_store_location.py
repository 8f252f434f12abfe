"""``--db PATH`` opens the file PATH names, whatever it holds, and a store that cannot be reached says so in one line."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from scorepad.store import quick
from scorepad.store.location import store_location

from .processes import environment

#: Names where a URL would read a query (?), an escape (%20, %2F) or a fragment (#): each a plain file here.
ODD_NAMES = ["q?dir/s.db", "p%20dir/s.db", "real%2F..%2F..%2Fescaped.db", "h#x.db", "a b/c d.db", "x%/y?z#.db"]


def tree(folder: Path) -> set[str]:
    return {str(p.relative_to(folder)) for p in folder.rglob("*")}


@pytest.mark.parametrize("name", ODD_NAMES)
def test_a_plain_path_is_the_file_it_names(cli, tmp_path, monkeypatch, name):
    work = tmp_path / "a" / "b"
    work.mkdir(parents=True)
    monkeypatch.chdir(work)
    cli("--db", f"odd/{name}", "new", "--players", "Ann,Bob,Cat")
    cli("--db", f"odd/{name}", "deal", "Ann=10", "Bob=10", "Cat=23")
    store = work / "odd" / name
    assert tree(tmp_path) == {
        "a",
        "a/b",
        "a/b/odd",
        *(f"a/b/odd/{p}" for p in Path(name).parents[:-1]),
        f"a/b/odd/{name}",
    }
    # status reads it through the quick reader, history through the full store: the same file
    assert cli.json("--db", f"odd/{name}", "status")["totals"] == {"Ann": 10, "Bob": 10, "Cat": 23}
    assert len(cli.json("--db", f"odd/{name}", "history")["deals"]) == 1
    found = quick.stored_match(store_location(f"odd/{name}"), None)
    assert found is not None and found.state().scored == 1
    assert [line.id for line in quick.match_lines(store_location(f"odd/{name}"))] == [1]
    checks = {check["check"]: check for check in cli.json("--db", f"odd/{name}", "doctor")["checks"]}
    assert checks["opens"]["detail"] == str(store)
    assert checks["permissions"]["ok"]  # found where it is: doctor looked at the file itself


def test_a_message_names_the_file_as_it_is_named(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "p%20dir").mkdir()
    (tmp_path / "p%20dir" / "notes.db").write_text("Ann 10, Bob 13\n")
    said = cli.refused("--db", "p%20dir/notes.db", "status", says="is not a scorepad database")
    assert f"{tmp_path}/p%20dir/notes.db:" in said


def test_an_sqlite_url_is_read_as_sqlalchemy_reads_it(cli, tmp_path, monkeypatch):
    """A URL is a URL: its %20 is an escape, and messages name the file it opens."""
    monkeypatch.chdir(tmp_path)
    cli("--db", f"sqlite:///{tmp_path}/p%20q.db", "new", "--players", "Ann,Bob,Cat")
    assert tree(tmp_path) == {"p q.db"}
    checks = {c["check"]: c for c in cli.json("--db", f"sqlite:///{tmp_path}/p%20q.db", "doctor")["checks"]}
    assert checks["opens"]["detail"] == str(tmp_path / "p q.db")


# A symlink loop.


@pytest.fixture
def loop(tmp_path, monkeypatch) -> Path:
    path = tmp_path / "loop.db"
    path.symlink_to("loop.db")
    monkeypatch.setenv("SCOREPAD_DB", str(path))
    return path


@pytest.mark.parametrize(
    "command",
    [["status"], ["status", "--json"], ["matches"], ["history"], ["deal", "10", "10", "23"], ["new", "-p", "A,B,C"]],
)
def test_a_symlink_loop_as_the_store_is_one_line(cli, loop, command):
    said = cli.refused(*command, says="too many symbolic links")
    assert str(loop) in said
    assert os.readlink(loop) == "loop.db"


def test_doctor_says_a_symlink_loop_cannot_be_opened(cli, loop):
    shown = json.loads(cli("doctor", "--json", code=1).stdout)
    assert shown["checks"] == [
        {"check": "opens", "ok": False, "detail": f"cannot read {loop}: too many symbolic links"}
    ]


def test_completion_stays_silent_on_a_symlink_loop(loop):
    done = subprocess.run(
        [sys.executable, "-m", "scorepad"],
        env=environment(str(loop))
        | {"_SCOREPAD_COMPLETE": "complete_bash", "COMP_WORDS": "scorepad status --match ", "COMP_CWORD": "3"},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert (done.returncode, done.stdout.strip(), done.stderr) == (0, "", "")

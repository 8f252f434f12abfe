"""``scorepad play``: the table mode on a real terminal (pexpect), from a pipe, and its session.

The story is docs/rules.md's worked case 4, told with the slips a real table makes:
Ann, Bob, Cat and Dan play 4 deals from Ann; a misdeal, an impossible entry
refused, a wrong entry undone; Ann, Bob and Cat tie on 30, tie-break round 1
(Ann deals, Bob eldest, 2♣ out) leaves Ann and Bob tied, and round 2 (Bob
deals, Ann eldest) goes to Bob.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

from scorepad.app import entering, reading
from scorepad.app.entering import Renege
from scorepad.app.table import Again, EnterDeal, EnterMisdeal, Fix, MatchChanged, TableSession, Undo
from scorepad.cli.main import app
from scorepad.cli.protocol import Verb, parse_line
from scorepad.core.cards import cards
from scorepad.core.errors import NotationError
from scorepad.core.match import Format, FormatKind
from scorepad.core.rules import Preset, RuleSet
from scorepad.present.descriptions import notes_text
from scorepad.store import matches
from scorepad.store.db import Store, StoreError

SCOREPAD = Path(sys.executable).parent / "scorepad"
TIMEOUT = 20  # seconds for any one answer: generous for a loaded machine, but a hang still fails
terminal = pytest.mark.skipif(not hasattr(pexpect, "spawn"), reason="pexpect needs a pseudo-terminal (not on Windows)")


def environment(**extra: str) -> dict:
    """The test's store (SCOREPAD_DB, set by conftest) and a terminal whose output does not vary."""
    return dict(os.environ, TERM="dumb", COLUMNS="100", LANG="C.UTF-8", NO_COLOR="1", **extra)


def case_4(cli) -> int:
    return int(cli("new", "--players", "Ann,Bob,Cat,Dan", "--deals", "4", "--first-dealer", "Ann").stdout)


def status(cli, *root: str) -> dict:
    """``scorepad [root options] status --json``."""
    return cli.json(*root, "status")


def history(cli, *root: str) -> list[dict]:
    """The entries that stand, without the time each was written."""
    return [{k: v for k, v in d.items() if k != "recorded_at"} for d in cli.json(*root, "history")["deals"]]


# --- on a terminal --------------------------------------------------------------------------


class Table:
    """A person at a terminal running ``scorepad play``."""

    def __init__(self, *args: str, columns: int = 100) -> None:
        self.seen = io.StringIO()
        self.child = pexpect.spawn(
            str(SCOREPAD),
            ["--ascii", "play", *args],
            # A dumb terminal is 80 columns to Rich whatever its size: a narrow one must be a real one.
            env=environment() | ({"COLUMNS": str(columns), "TERM": "vt100"} if columns != 100 else {}),
            encoding="utf-8",
            timeout=TIMEOUT,
            dimensions=(40, columns),
        )
        self.child.logfile_read = self.seen

    def sees(self, *texts: str) -> None:
        for text in texts:
            self.child.expect_exact(text)

    def enters(self, line: str, then: str) -> None:
        """Type a line and wait for the next prompt, ``then``."""
        self.child.sendline(line)
        self.sees(then)

    def leaves(self) -> str:
        self.child.expect_exact(pexpect.EOF)
        self.child.close()
        output = self.seen.getvalue()
        assert "Traceback" not in output, output
        assert self.child.exitstatus == 0, output
        return output


@terminal
def test_a_whole_match_at_the_terminal(cli):
    case_4(cli)
    table = Table()
    table.sees(
        "Deal 1 of 4:",
        "Ann deals; Bob (eldest) leads the first trick.",
        "Take out nothing (full deck): 13 cards each. The scores add up to 43.",
        "Pass 3 cards right: Ann -> Dan, Bob -> Ann, Cat -> Bob, Dan -> Cat.",
        "deal 1> ",
    )
    table.enters("misdeal", "misdeal: Ann deals deal 1 again")
    table.sees("Ann deals; Bob (eldest)", "deal 1> ")
    table.enters("Ann=6 Bob=6 Cat=6 Dan=25", "refused: no real deal gives Ann 6, Bob 6, Cat 6, Dan 25")
    table.sees("deal 1> ")  # asked again, nothing lost
    table.child.send("Da\t")  # TAB completes a player's name, with its '='
    table.child.sendline("13 Ann=10 Bob=10 Cat=10")
    table.sees("Deal 2 of 4:", "Bob deals; Cat (eldest) leads", "deal 2> ")
    table.enters("Ann=13 Bob=10 Cat=10 Dan=10", "deal 3> ")  # a slip...
    table.enters("undo", "undone: deal 2")  # ... taken back
    table.sees("Deal 2 of 4:", "deal 2> ")
    table.enters("help", "fix 2 Ann=13")
    table.enters("Ann=10 Bob=10 Cat=10 Dan=13", "deal 3> ")
    table.enters("Ann=10 Bob=10 Cat=10 Dan=13", "deal 4> ")
    table.enters("status", "Dan deals; Ann (eldest) leads")
    table.enters("Ann=0 Bob=0 Cat=0 Dan=43", "The match is over: Ann, Bob and Cat tie for lowest.")
    table.sees(
        "Tie-break deal 5 (round 1) between Ann, Bob and Cat.",
        "Ann deals; Bob (eldest) leads the first trick.",
        "Take out 2C: 17 cards each. The scores add up to 43.",
        "Pass 3 cards right: Ann -> Cat, Bob -> Ann, Cat -> Bob.",
        "tie-break 5> ",
    )
    table.enters("Dan=0 Ann=10 Bob=10 Cat=23", "refused: Dan does not play this deal")
    table.enters("Ann=10 Bob=10 Cat=23", "Ann and Bob are still tied after round 1.")
    table.sees(
        "Tie-break deal 6 (round 2) between Ann and Bob.",
        "Bob deals; Ann (eldest) leads the first trick.",
        "Take out nothing (full deck): 26 cards each.",
        "Pass 3 cards right: Ann -> Bob, Bob -> Ann.",
        "tie-break 6> ",
    )
    table.enters("Ann=30 Bob=13", "Bob wins with 30 after the tie-break.")
    table.sees("over> ")
    table.child.sendline("quit")
    assert "the match is over" in table.leaves()

    final = status(cli)
    assert final["winner"] == "Bob" and final["finished"]
    assert final["totals"] == {"Ann": 30, "Bob": 30, "Cat": 30, "Dan": 82}
    assert [(d["number"], d["kind"]) for d in history(cli)] == [
        (1, "misdeal"),
        (1, "deal"),
        (2, "deal"),
        (3, "deal"),
        (4, "deal"),
        (5, "tiebreak"),
        (6, "tiebreak"),
    ]


@terminal
@pytest.mark.parametrize("leave", ["ctrl-d", "ctrl-c"])
def test_leaving_mid_match_keeps_everything_entered(cli, leave):
    cli("new", "--players", "Ann,Bob,Cat")
    table = Table()
    table.enters("Ann=10 Bob=10 Cat=23", "deal 2> ")
    table.enters("Ann=QS Bob=KS,AS Cat=-", "refused: nobody took")  # by cards, every card must be someone's
    table.sees("deal 2> ")
    table.enters("Ann=QS Bob=KS,AS Cat=13", "deal 3> ")
    table.child.send("Ann=1")  # typed, not entered: only what was entered counts
    # Its echo shows readline waiting for keys. (A Ctrl-C that lands in the microseconds
    # between the prompt and that wait is only seen at the next key: a CPython limit.)
    table.sees("Ann=1")
    if leave == "ctrl-d":
        table.child.sendcontrol("u")  # readline: Ctrl-D on an empty line is end of input
        table.child.sendeof()
    else:  # Ctrl-C clears the half-typed line; on the empty line that follows it leaves
        table.child.sendintr()
        table.sees("deal 3> ")
        table.child.sendintr()
    table.sees("Left the table: every entry so far is saved in match 1")
    table.leaves()
    data = status(cli)
    assert data["deals_played"] == 2
    assert data["totals"] == {"Ann": 23, "Bob": 27, "Cat": 36}


@terminal
def test_play_on_a_finished_match_shows_the_winner_and_still_undoes(cli):
    cli("new", "--players", "Ann,Bob,Cat", "--deals", "3")
    for line in ("Ann=10 Bob=10 Cat=23", "Ann=13 Bob=13 Cat=17", "Ann=7 Bob=8 Cat=28"):
        cli("deal", *line.split())
    table = Table()
    table.sees("Ann wins with 30.", "over> ")
    table.enters("Ann=10 Bob=10 Cat=23", "refused: match 1 is finished")
    table.enters("undo", "undone: deal 3")
    table.sees("Deal 3 of 3:", "deal 3> ")
    table.child.sendeof()
    table.leaves()
    assert status(cli)["deals_played"] == 2


# --- from a pipe ----------------------------------------------------------------------------

STORY = """\
# Friday: case 4 of docs/rules.md, with the slips of a real table
Ann=10 Bob=10 Cat=10 Dan=13
misdeal

Ann=6 Bob=6 Cat=6 Dan=25
Ann=13 Bob=10 Cat=10 Dan=10   # Ann and Dan swapped...
undo
Ann=10 Bob=10 Cat=10 Dan=13
shuffle
Ann=10 Bob=10 Cat=10 Dan=13
Ann=0 Bob=0 Cat=0 Dan=43
renege
Ann=10 Bob=10 Cat=23
Ann=30 Bob=13
Ann=10 Bob=10 Cat=10 Dan=13
"""
REFUSED = {
    5: "no real deal gives Ann 6, Bob 6, Cat 6, Dan 25",
    9: "not an entry: 'shuffle'",
    12: "write renege NAME",
    15: "match 1 is finished",
}
#: The same accepted entries, one scorepad command each.
COMMANDS = [
    ("deal", "Ann=10", "Bob=10", "Cat=10", "Dan=13"),
    ("misdeal",),
    ("deal", "Ann=13", "Bob=10", "Cat=10", "Dan=10"),
    ("undo",),
    ("deal", "Ann=10", "Bob=10", "Cat=10", "Dan=13"),
    ("deal", "Ann=10", "Bob=10", "Cat=10", "Dan=13"),
    ("deal", "Ann=0", "Bob=0", "Cat=0", "Dan=43"),
    ("deal", "Ann=10", "Bob=10", "Cat=23"),
    ("deal", "Ann=30", "Bob=13"),
]


def pipe(*args: str, input: str | bytes) -> subprocess.CompletedProcess:
    text = isinstance(input, str)
    done = subprocess.run(
        [str(SCOREPAD), "play", *args], input=input, capture_output=True, text=text, env=environment(), timeout=60
    )
    output = done.stdout + done.stderr
    assert ("Traceback" if text else b"Traceback") not in output
    return done


def test_the_pipe_enters_the_story_and_reports_refused_lines_by_number(cli, tmp_path):
    case_4(cli)
    done = pipe(input=STORY)
    assert done.returncode == 1
    assert done.stdout == ""
    reports = {}
    for line in done.stderr.splitlines():
        number, _, reason = line.partition(": ")
        if number.startswith("line "):
            reports[int(number.split()[1])] = reason
    for number, reason in REFUSED.items():
        assert reason in reports.pop(number)
    assert reports == {  # notes, not refusals; an undo says what it took back, with the scores
        3: "misdeal: Bob deals deal 2 again",
        7: "undone: deal 2 (Ann 13, Bob 10, Cat 10, Dan 10)",
    }
    assert "4 refused; Bob wins with 30 after the tie-break" in done.stderr.splitlines()[-1]

    # The same entries made one command at a time give the same match.
    piped, piped_history = status(cli), history(cli)
    cli("--db", tmp_path / "by-hand.db", "new", "--players", "Ann,Bob,Cat,Dan", "--deals", "4")
    for command in COMMANDS:
        cli("--db", tmp_path / "by-hand.db", *command)
    assert status(cli, "--db", tmp_path / "by-hand.db") == piped
    assert history(cli, "--db", tmp_path / "by-hand.db") == piped_history
    assert piped["winner"] == "Bob" and piped["totals"] == {"Ann": 30, "Bob": 30, "Cat": 30, "Dan": 82}


def test_a_clean_pipe_exits_0_and_status_lines_answer_on_stdout(cli):
    cli("new", "--players", "Ann,Bob,Cat")
    done = pipe("--json", input="Ann=10 Bob=10 Cat=23\nstatus\nrenege Bob\n\n  # done\nstatus\nquit\nAnn=1\n")
    assert done.returncode == 0, done.stderr
    first, second = (json.loads(line) for line in done.stdout.splitlines())
    assert first["totals"] == {"Ann": 10, "Bob": 10, "Cat": 23} and first["dealer"] == "Bob"
    assert second["totals"] == {"Ann": 10, "Bob": 53, "Cat": 23} and second["deals_played"] == 2
    assert status(cli)["deals_played"] == 2  # nothing after quit

    text = pipe(input="status\n")
    assert text.returncode == 0 and "Cat deals; Ann (eldest) leads" in text.stdout


def test_the_pipe_corrects_with_fix(cli):
    cli("new", "--players", "Ann,Bob,Cat")
    done = pipe(input="Ann=10 Bob=10 Cat=23\nAnn=13 Bob=13 Cat=17\nfix 1 Ann=23 Bob=10 Cat=10\nfix 9 renege Ann\n")
    assert done.returncode == 1
    assert "line 3: deal 1: Ann 10 → 23, Cat 23 → 10" in done.stderr
    assert "line 4: there is no deal 9" in done.stderr
    assert status(cli)["totals"] == {"Ann": 36, "Bob": 23, "Cat": 27}


def test_bytes_that_are_not_text_refuse_their_line_only(cli):
    cli("new", "--players", "Ann,Bob,Cat")
    done = pipe(input=b"Ann=10 Bob=10 \xff\xfeCat=23\nAnn=10 Bob=10 Cat=23\n")
    assert done.returncode == 1
    assert done.stderr.decode().startswith("line 1: no player")
    assert status(cli)["deals_played"] == 1


@pytest.mark.parametrize(
    "setup, says",
    [((), "there is no match yet"), ((("new", "--players", "Ann,Bob,Cat"), ("abandon",)), "match 1 is abandoned")],
)
def test_play_without_a_match_to_play_is_refused(cli, setup, says):
    for command in setup:
        cli(*command)
    done = pipe(input="Ann=10 Bob=10 Cat=23\n")
    assert done.returncode == 1
    assert done.stderr.strip().splitlines() == [f"scorepad: {says}" + done.stderr.split(says, 1)[1].strip()]


def test_play_help_has_examples(cli):
    result = cli("play", "--help")
    assert "Examples" in result.stdout and "scorepad play --match 3 < friday.txt" in result.stdout


# --- shell completion -----------------------------------------------------------------------


def test_completion_offers_match_ids_without_loading_the_database_layer(cli, store_path):
    cli("new", "--players", "Ann,Bob,Cat", "--name", "Friday")
    cli("new", "--players", "Dan,Eve,Fay")
    code = (
        "import sys, atexit\n"
        "atexit.register(lambda: sys.__stderr__.write('MODULES ' + ' '.join(sys.modules) + '\\n'))\n"
        "sys.argv = ['scorepad']\n"
        "from scorepad.cli.main import run\n"
        "run()\n"
    )
    env = {
        "PATH": os.environ["PATH"],
        "SCOREPAD_DB": str(store_path),
        "_SCOREPAD_COMPLETE": "complete_zsh",
        "_TYPER_COMPLETE_ARGS": "scorepad play --match ",
    }
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60)
    assert '"2":"Dan, Eve, Fay (playing)"' in done.stdout
    assert '"1":"Friday\\\\: Ann, Bob, Cat (playing)"' in done.stdout
    modules = next(x for x in done.stderr.splitlines() if x.startswith("MODULES ")).split()[1:]
    assert not {"sqlalchemy", "sqlmodel", "alembic"} & set(modules)


def test_completion_of_a_store_that_is_not_there_offers_nothing(tmp_path):
    from types import SimpleNamespace

    from scorepad.cli.completion import match_ids

    def context(db):  # what the callback reads of Typer's context: the root's --db
        root = SimpleNamespace(params={"db": str(db)})
        return SimpleNamespace(find_root=lambda: root)

    assert match_ids(context(tmp_path / "none.db"), "") == []
    (tmp_path / "junk.db").write_text("not a database")
    assert match_ids(context(tmp_path / "junk.db"), "") == []
    assert match_ids(context("postgresql+psycopg://host/club"), "") == []


# --- the line protocol ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "line, command",
    [
        ("", None),
        ("   # a comment", None),
        (
            "Ann=10 Bob=QS,2H  Cat=-  # cards and points",
            EnterDeal((("Ann", 10), ("Bob", tuple(cards("QS 2H"))), ("Cat", ()))),
        ),
        ("RENEGE bob", EnterDeal(Renege("bob"))),
        ("misdeal", EnterMisdeal()),
        ("fix 2 Ann=13 Bob=10 Cat=20", Fix(2, (("Ann", 13), ("Bob", 10), ("Cat", 20)))),
        ("fix 3 renege Cat", Fix(3, Renege("Cat"))),
        ("quit", Verb.QUIT),
        ("History  # the sheet by its other name", Verb.SHEET),
        ("again", Again()),
    ],
)
def test_lines_read_as_commands(line, command):
    assert parse_line(line) == command


@pytest.mark.parametrize(
    "line, says",
    [
        ("renege", "renege NAME"),
        ("renege Ann Bob", "renege NAME"),
        ("undo 2", "undo takes nothing"),
        ("fix Ann=10", "fix N"),
        ("fix 0 Ann=10", "fix N"),
        ("fix 2", "needs the deal's scores"),
        ("Ann 10", "not an entry: 'Ann'"),
    ],
)
def test_lines_that_are_no_command_are_refused(line, says):
    with pytest.raises(NotationError, match=says):
        parse_line(line)


EVERY_COMMAND = [
    *("renege ", "misdeal", "undo", "fix ", "status", "sheet", "history", "rules", "again", "seat ", "help", "quit")
]


@pytest.mark.parametrize(
    "before, text, offered",
    [
        ([], "", [*EVERY_COMMAND, "Ann=", "Bob=", "Cat="]),  # a command that reads more comes with its space
        ([], "R", ["renege ", "rules"]),
        (["renege"], "", ["Ann", "Bob", "Cat"]),
        (["fix", "2", "RENEGE"], "c", ["Cat"]),
        (["fix", "2"], "", ["Ann=", "Bob=", "Cat="]),
        (["Bob=13", "ann=10"], "", ["Cat="]),  # only the names not in the line yet, whatever their case
        (["misdeal"], "", []),
    ],
)
def test_tab_completes_the_commands_from_their_table_then_the_players(before, text, offered):
    from scorepad.cli.play import completions

    assert completions(before, ("Ann", "Bob", "Cat"), text) == offered


def test_help_lines_up_what_it_does_under_names_of_wide_letters():
    """王芳 takes four columns of a terminal, not two: every line's description starts in one column all the same."""
    import re

    from rich.cells import cell_len

    from scorepad.cli.protocol import help_text

    listed = help_text(["王芳", "Bob", "Cat"]).splitlines()
    starts = {cell_len(re.match(r"  .*?\S {2,}", line).group()) for line in listed}
    assert len(starts) == 1 and listed[0].startswith("  王芳=10 Bob=13 Cat=20  "), listed


def test_a_language_s_own_words_for_the_commands_are_data_in_their_table(monkeypatch):
    """Help, Tab completion and refusals read the words from the table; English is understood in every language."""
    from dataclasses import replace

    from scorepad.cli.language_choice import choose
    from scorepad.cli.play import completions
    from scorepad.cli.protocol import help_text
    from scorepad.core.languages import LANGUAGES

    words = {"scarta": "renege", "annulla": "undo", "foglio": "sheet"}
    words |= {v.value: v.value for v in Verb if v.value not in words.values()}
    monkeypatch.setitem(LANGUAGES, "it", replace(LANGUAGES["it"], words=words))
    choose("it")
    try:
        assert parse_line("Annulla") == Undo() == parse_line("undo")
        assert parse_line("fix 2 scarta Cat") == Fix(2, Renege("Cat")) == parse_line("fix 2 renege Cat")
        with pytest.raises(NotationError, match="scarta"):  # the usage in the word typed
            parse_line("scarta")
        with pytest.raises(NotationError, match=r"one of: scarta, annulla, foglio, misdeal, fix, status"):
            parse_line("mescola")
        listed = help_text(["Anna", "Bruno", "Carla"]).splitlines()
        assert listed[3].split()[:2] == ["scarta", "Bruno"] and listed[5].split()[0] == "annulla"
        assert listed[7].split()[0] == "foglio" and listed[8].split()[0] == "status"
        assert completions([], ("Anna",), "r") == ["rules"]  # the table's words only: renege is typed, not offered
        assert completions([], ("Anna",), "s") == ["scarta ", "status", "seat "]
    finally:
        choose("en")


# --- the session ----------------------------------------------------------------------------


@pytest.fixture
def stores(cli, store_path):
    """A session on a fresh three-player match, and another store object for 'another terminal'."""
    cli("new", "--players", "Ann,Bob,Cat")
    url = f"sqlite:///{store_path}"
    session, other = TableSession(Store(url), None), Store(url)
    yield session, other
    session.store.close()
    other.close()


def test_the_session_reads_the_match_once_and_applies_entries_in_memory(stores, monkeypatch):
    session, _ = stores
    loads = []
    monkeypatch.setattr(matches, "load", lambda *a, **k: loads.append(a) or pytest.fail("reloaded"))
    for line in ("Ann=10 Bob=10 Cat=23", "misdeal", "Ann=13 Bob=13 Cat=17", "undo", "renege Cat"):
        session.run(parse_line(line))
    assert loads == []
    assert session.state.totals == (10, 10, 66)


def test_a_deal_entered_from_elsewhere_is_noticed_and_nothing_is_entered_twice(stores, cli):
    session, other = stores
    session.run(parse_line("Ann=10 Bob=10 Cat=23"))
    entering.record_deal(other, None, {"Ann": 13, "Bob": 13, "Cat": 17})  # deal 2, from another terminal
    with pytest.raises(MatchChanged, match="changed from elsewhere: reloaded it; nothing was entered"):
        session.run(parse_line("Ann=13 Bob=13 Cat=17"))  # the table meant deal 2 as well
    assert session.state.deals_played == 2  # reloaded: deal 3 is due
    session.run(parse_line("Ann=7 Bob=7 Cat=29"))
    assert status(cli)["totals"] == {"Ann": 30, "Bob": 30, "Cat": 69}
    assert session.state.totals == (30, 30, 69)


def test_a_rename_elsewhere_lets_the_deal_go_ahead_and_says_so(stores, cli):
    session, other = stores
    entering.rename(other, None, "Bob", "Rob")
    result = session.run(parse_line("Ann=10 Rob=10 Cat=23"))
    assert "changed from elsewhere" in notes_text(result.notes)
    assert status(cli)["totals"] == {"Ann": 10, "Rob": 10, "Cat": 23}


def test_an_undo_after_a_change_elsewhere_takes_back_nothing(stores, cli):
    session, other = stores
    session.run(parse_line("Ann=10 Bob=10 Cat=23"))
    entering.record_deal(other, None, {"Ann": 13, "Bob": 13, "Cat": 17})
    with pytest.raises(MatchChanged):
        session.run(Undo())  # it would have taken back the other terminal's deal
    assert status(cli)["deals_played"] == 2
    assert notes_text(session.run(Undo()).notes) == "undone: deal 2 (Ann 13, Bob 13, Cat 17)"  # now seen: may undo it
    assert status(cli)["deals_played"] == 1


def test_status_notices_a_change_elsewhere(stores):
    session, other = stores
    assert session.refresh() is None
    entering.record_deal(other, None, {"Ann": 13, "Bob": 13, "Cat": 17})
    assert "changed from elsewhere" in str(session.refresh())
    assert session.state.deals_played == 1


def fail_second_write(monkeypatch) -> list[int]:
    """From now on, the second commit that writes fails as SQLite's commit fails on a full disk.

    The failure comes from the DB-API connection itself, where SQLAlchemy meets
    it; the transaction is rolled back, as SQLite rolls it back. Returns the
    list of commits that wrote (their changes counts), the failed one included.
    """
    import sqlite3

    from sqlalchemy.dialects.sqlite.pysqlite import SQLiteDialect_pysqlite

    real = SQLiteDialect_pysqlite.do_commit
    changes: dict[int, int] = {}
    writes: list[int] = []

    def commit(self, dbapi_connection):
        raw = dbapi_connection.dbapi_connection  # the pool hands out a new proxy each time
        total = raw.total_changes
        if total != changes.setdefault(id(raw), 0):
            changes[id(raw)] = total
            writes.append(total)
            if len(writes) == 2:
                raise sqlite3.OperationalError("database or disk is full")
        real(self, dbapi_connection)

    monkeypatch.setattr(SQLiteDialect_pysqlite, "do_commit", commit)
    return writes


def test_a_failed_commit_in_the_pipe_is_said_so_and_blames_nobody(cli, monkeypatch):
    cli("new", "--players", "Ann,Bob,Cat")
    writes = fail_second_write(monkeypatch)
    lines = "Ann=10 Bob=10 Cat=23\nAnn=13 Bob=13 Cat=17\nstatus\nundo\nAnn=7 Bob=7 Cat=29\nstatus\n"
    done = cli.runner.invoke(app, ["play", "--json"], input=lines)
    assert done.exit_code == 1 and len(writes) == 4
    assert done.stderr.splitlines() == [
        f"line 2: the write failed: {os.environ['SCOREPAD_DB']}: the disk is full: nothing was written",
        "line 4: undone: deal 1 (Ann 10, Bob 10, Cat 23)",  # the table's own deal 1: no change from elsewhere
        "match 1: 3 lines written, 1 refused; next: deal 2, Bob deals.",
    ]
    first, last = (json.loads(line) for line in done.stdout.splitlines())
    assert first["deals_played"] == 1 and first["totals"] == {"Ann": 10, "Bob": 10, "Cat": 23}
    assert last["totals"] == {"Ann": 7, "Bob": 7, "Cat": 29}
    assert status(cli)["totals"] == {"Ann": 7, "Bob": 7, "Cat": 29}


def test_a_failed_last_line_leaves_the_session_at_the_deal_the_store_holds(cli, monkeypatch):
    cli("new", "--players", "Ann,Bob,Cat")
    fail_second_write(monkeypatch)
    done = cli.runner.invoke(app, ["play"], input="Ann=10 Bob=10 Cat=23\nAnn=13 Bob=13 Cat=17\n")
    assert done.exit_code == 1
    assert done.stderr.splitlines()[1] == "match 1: 1 line written, 1 refused; next: deal 2, Bob deals."


def test_a_write_lost_with_its_postgresql_connection_is_said_so_and_blames_nobody(pg_url):
    """The server ends the session's connection and takes no new ones for a while, as in a restart."""
    import psycopg
    from sqlalchemy import make_url

    from .conftest import postgres_server

    maker = Store(pg_url)
    entering.new_match(maker, ["Ann", "Bob", "Cat"], RuleSet.build(Preset.CLASSIC), Format(FormatKind.DEALS, 3))
    maker.close()
    session, other = TableSession(Store(pg_url), None), Store(pg_url)

    name = make_url(pg_url).database
    admin = psycopg.connect(dbname="postgres", autocommit=True, **postgres_server())

    def server(allow: bool) -> None:
        admin.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS {str(allow).lower()}')

    try:
        session.run(parse_line("Ann=10 Bob=10 Cat=23"))
        server(allow=False)
        ended = admin.execute(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE datname = %s", [name]
        )
        assert ended.fetchone() == (1,)  # the session's one connection
        with pytest.raises(StoreError, match=r"^the write failed: "):
            session.run(parse_line("Ann=13 Bob=13 Cat=17"))
        server(allow=True)
        assert session.run(parse_line("Ann=13 Bob=13 Cat=17")).notes == ()  # reloaded, and nobody blamed
        assert notes_text(session.run(Undo()).notes) == "undone: deal 2 (Ann 13, Bob 13, Cat 17)"
        assert reading.status(other, None).state.totals == (10, 10, 23)
    finally:
        server(allow=True)
        admin.close()
        session.store.close()
        other.close()


def test_the_session_on_postgres(pg_url):
    """The same session against a PostgreSQL store: the row lock, the probes, a change from elsewhere."""
    entering.new_match(Store(pg_url), ["Ann", "Bob", "Cat"], RuleSet.build(Preset.CLASSIC), Format(FormatKind.DEALS, 3))
    session, other = TableSession(Store(pg_url), None), Store(pg_url)
    try:
        session.run(parse_line("Ann=10 Bob=10 Cat=23"))
        session.run(parse_line("misdeal"))
        entering.record_deal(other, None, {"Ann": 13, "Bob": 13, "Cat": 17})
        with pytest.raises(MatchChanged):
            session.run(parse_line("Ann=13 Bob=13 Cat=17"))
        session.run(parse_line("Ann=7 Bob=7 Cat=29"))
        session.run(parse_line("undo"))
        session.run(parse_line("Ann=7 Bob=7 Cat=29"))
        session.run(parse_line("fix 1 Ann=13 Bob=7"))  # Bob would have won outright...
        assert session.state.winner == 1
        session.run(parse_line("fix 1 Ann=10 Bob=10"))  # ... but deal 1 was right after all: the tie stands
        session.run(parse_line("Ann=20 Bob=23"))
        assert reading.status(other, None).state == session.state
        assert session.state.winner == 0 and session.state.totals == (30, 30, 69)
    finally:
        session.store.close()
        other.close()


def test_a_byte_order_mark_before_the_first_line_is_not_part_of_the_entry(cli):
    cli("new", "--players", "Ann,Bob,Cat")
    done = pipe(input="\ufeffAnn=10 Bob=10 Cat=23\n".encode("utf-8"))
    assert done.returncode == 0, done.stderr
    assert cli.json("status")["totals"] == {"Ann": 10, "Bob": 10, "Cat": 23}

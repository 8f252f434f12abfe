"""When the output cannot be written: exit 3 if the change was written, else 1; one line, never a traceback.

A script that retries on exit 1 must never enter a deal twice: ``deal > /dev/full``
writes the deal, then cannot say so, and says that instead (README.md, "When something is wrong").
Each case runs a real process, with standard output full, closed by the shell
(``>&-``), or a pipe whose reader has gone (``| head -0``).
"""

from __future__ import annotations

import os
import resource
import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import pytest

from .processes import SCOREPAD, environment

FULL = Path("/dev/full")

pytestmark = pytest.mark.skipif(not FULL.exists(), reason="no /dev/full to fill")

OUTPUTS = ["full", "closed", "gone"]


def scorepad_to(output: str, store: Path, *args: str, input: str = "", limit: float | None = None):
    """``scorepad ARGS`` with standard output full, closed, read by nobody or read (``pipe``): exit code, stderr lines.

    ``limit``: the bytes of address space the process may use, as ``prlimit --as`` sets it.
    """

    def before() -> None:
        if output == "closed":
            os.close(1)  # as the shell's >&-
        if limit is not None:
            resource.setrlimit(resource.RLIMIT_AS, (int(limit), int(limit)))

    reader, writer = os.pipe()
    if output == "gone":
        os.close(reader)  # the reader has gone before anything was written
    outputs = {"full": FULL.open("wb"), "closed": subprocess.DEVNULL, "gone": writer, "pipe": subprocess.PIPE}
    try:
        done = subprocess.run(
            [*SCOREPAD, *args],
            env=environment(str(store)),
            input=input.encode(),
            stdout=outputs[output],
            stderr=subprocess.PIPE,
            preexec_fn=before,
            timeout=120,
        )
    finally:
        os.close(writer)
        if output != "gone":
            os.close(reader)
        outputs["full"].close()
    said = done.stderr.decode()
    assert "Traceback" not in said, said
    return done.returncode, said.splitlines()


def deals(store: Path) -> int:
    """The entries that stand in the store, read without scorepad."""
    with closing(sqlite3.connect(store)) as conn:
        return conn.execute("SELECT count(*) FROM entry WHERE state = 'standing'").fetchone()[0]


@pytest.fixture
def store(cli, store_path) -> Path:
    cli("new", "--players", "Ann,Bob,Cat", "--deals", "300")
    return store_path


REASONS = {
    "full": "no space left on the device",
    "closed": "standard output is closed",
    "gone": "nothing reads it any more",
}


@pytest.mark.parametrize("output", OUTPUTS)
def test_a_deal_written_whose_output_fails_exits_3_and_says_so(store, output):
    code, said = scorepad_to(output, store, "deal", "10", "10", "23")
    assert (code, said) == (
        3,
        [f"scorepad: the change to match 1 was written, but its output could not be: {REASONS[output]}"],
    )
    assert deals(store) == 1  # written once: a script that retries on exit 1 would enter it twice


@pytest.mark.parametrize("output", OUTPUTS)
def test_a_new_match_whose_output_fails_exits_3(cli, store, output):
    code, said = scorepad_to(output, store, "new", "--players", "Dan,Eve,Fay")
    assert code == 3 and said[-1].startswith(f"scorepad: the change to {store} was written"), said
    assert REASONS[output] in said[-1]
    assert cli.json("status")["match"] == 2


@pytest.mark.parametrize("output", OUTPUTS)
def test_play_from_a_pipe_stops_at_an_answer_it_cannot_write_and_exits_3(store, output):
    code, said = scorepad_to(output, store, "play", input="10 10 23\nstatus\n13 13 17\n")
    assert code == 3 and len(said) == 1 and "was written, but its output could not be" in said[0], said
    assert deals(store) == 1  # the line after the status is not entered


@pytest.mark.parametrize("output", OUTPUTS)
def test_a_read_whose_output_fails_is_exit_1_not_an_internal_error(store, output):
    code, said = scorepad_to(output, store, "status")
    assert code == 1
    # A reader gone is no failure of the command's: it stops quietly, as `| head` expects.
    assert said == ([] if output == "gone" else [f"scorepad: cannot write the output: {REASONS[output]}"])


@pytest.mark.parametrize(
    "args, output",
    [(["--help"], "full"), (["deal", "--help"], "closed"), (["--version"], "full"), (["--version"], "closed")],
)
def test_help_and_version_to_an_output_that_fails_say_so_in_one_line(store, args, output):
    assert scorepad_to(output, store, *args) == (1, [f"scorepad: cannot write the output: {REASONS[output]}"])


def test_a_refused_deal_whose_output_fails_is_still_refused(store):
    code, said = scorepad_to("full", store, "deal", "10", "10", "20")
    assert code == 1 and len(said) == 1 and "43" in said[0]
    assert deals(store) == 0


def test_a_play_that_writes_nothing_to_a_closed_output_is_done(store):
    """The shell closed standard output, and nothing was ever to be written there: nothing failed."""
    code, said = scorepad_to("closed", store, "play", input="10 10 23\n")
    assert code == 0 and said[-1].startswith("match 1: 1 line written"), said


# Memory.


def test_a_memory_error_after_the_write_is_exit_3_and_before_it_exit_1(cli, monkeypatch):
    from scorepad.present import tables
    from scorepad.store import matches

    cli("new", "--players", "Ann,Bob,Cat")

    def no_memory(*args, **kwargs):
        raise MemoryError

    with monkeypatch.context() as patched:
        patched.setattr(tables, "status", no_memory)
        written = cli("deal", "10", "10", "23", code=3)
    assert (
        written.stderr
        == "scorepad: the change to match 1 was written, but its output could not be: not enough memory\n"
    )
    with monkeypatch.context() as patched:
        patched.setattr(matches, "append", no_memory)
        assert cli.refused("deal", "10", "10", "23") == "scorepad: not enough memory: nothing was written"
    assert cli.json("status")["deals_played"] == 1


def test_when_even_saying_it_takes_memory_there_is_none_of_the_line_is_still_one(store):
    """The last resort: the words for the failure failed too (as SystemError, under a real limit)."""
    runner = (
        "import sys\n"
        "import scorepad.cli.common as common, scorepad.cli.main as main, scorepad.present.tables as tables\n"
        "def no_memory(*args, **kwargs): raise MemoryError\n"
        "tables.status = common.unfinished = main.unfinished = no_memory\n"
        "sys.argv = ['scorepad', *sys.argv[1:]]\n"
        "main.run()\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", runner, "deal", "10", "10", "23"], env=environment(str(store)), capture_output=True
    )
    assert (done.returncode, done.stderr) == (3, b"scorepad: out of memory after the change was written\n")
    assert deals(store) == 1


def test_what_fails_after_the_line_is_said_adds_no_second_line(capsys):
    """Under a real memory limit the unwinding after a command's one line can fail too: Click's call
    returned NULL without an exception, a SystemError. The line said and its exit code stand alone."""
    from scorepad.cli import main
    from scorepad.cli.common import RUNNING, fail

    RUNNING.start()
    fail("the change to match 1 was written, but its output could not be: not enough memory", 3)
    with pytest.raises(SystemExit) as ended:
        main._end(SystemError("<function Command.__call__> returned NULL without setting an exception"))
    assert ended.value.code == 3
    assert capsys.readouterr().err.splitlines() == [
        "scorepad: the change to match 1 was written, but its output could not be: not enough memory"
    ]
    RUNNING.start()


#: Runs ``scorepad ARGS`` as ``python -m scorepad`` does, and says the most memory it took (``VmPeak``).
PEAK = (
    "import atexit, runpy, sys\n"
    "atexit.register(lambda: sys.__stderr__.write(next(l for l in open('/proc/self/status') if l.startswith('VmPeak'))))\n"
    "sys.argv = ['scorepad', *sys.argv[1:]]\n"
    "runpy.run_module('scorepad', run_name='__main__')\n"
)


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="no /proc to read a process's memory from")
def test_under_a_real_memory_limit_the_exit_code_says_whether_the_deal_was_written(store):
    """``prlimit --as``: with less memory than a deal takes it fails somewhere; wherever, one line and the right code.

    Just below what it takes, it fails importing, reading, writing, or showing what it wrote (exit 3).
    """
    took = subprocess.run(
        [sys.executable, "-c", PEAK, "deal", "10", "10", "23"],
        env=environment(str(store)),
        capture_output=True,
        text=True,
    )
    assert took.returncode == 0, took.stderr
    peak = int(took.stderr.split()[-2]) * 1024  # "VmPeak:  123456 kB"
    codes = []
    for step in range(1, 7):  # half a MiB at a time below it
        before = deals(store)
        code, said = scorepad_to("pipe", store, "deal", "10", "10", "23", limit=peak - step * (1 << 19))
        assert code in (0, 1, 3) and len(said) <= 1, (step, code, said)
        assert deals(store) - before == (code != 1), (step, code, said)  # 1: nothing was written; 0 and 3: it was
        codes.append(code)
    assert set(codes) - {0}, "the limits never stopped the deal"

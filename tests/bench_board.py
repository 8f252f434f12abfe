"""What the live board's update costs: its data for a night, asked of a running board, against ``night status --json``;
and how soon a deal entered reaches a page that watches, against the board's once-a-second read.

The board reads the night once a second while a screen watches, and each
read is what ``/night.json`` answers: the night read in one short transaction
and worded for the page. The floor is the command an organiser runs for the
same night. The two take turns, a request and a command, so that both meet
the same machine.
"""

from __future__ import annotations

import http.client
import re
import signal
import statistics
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager

from scorepad.web.feed import INTERVAL

from .benchtools import SCOREPAD, run_once


@contextmanager
def _board(env: dict) -> Iterator[http.client.HTTPConnection]:
    """A running ``night board`` of ``env``'s store, and a connection to it; Ctrl-C stops it afterwards."""
    board = subprocess.Popen(
        [*SCOREPAD, "night", "board", "--port", "0"], env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
    )
    try:
        assert board.stdout is not None
        found = re.search(rb"http://(\S+):(\d+)/", board.stdout.readline())
        assert found, "the board printed no address"
        conn = http.client.HTTPConnection(found[1].decode(), int(found[2]), timeout=60)
        yield conn
        conn.close()
    finally:
        board.send_signal(signal.SIGINT)
        board.wait(timeout=60)


def _answer_time(conn: http.client.HTTPConnection) -> float:
    start = time.perf_counter()
    conn.request("GET", "/night.json")
    answer = conn.getresponse()
    body = answer.read()
    took = time.perf_counter() - start
    assert answer.status == 200 and body.startswith(b'{"night"'), (answer.status, body[:200])
    return took


def measure(env: dict, runs: int = 9) -> tuple[float, float]:
    """Median seconds of the board's answer (one connection kept, as a browser keeps it) and of the command."""
    with _board(env) as conn:
        _answer_time(conn)
        run_once([*SCOREPAD, "night", "status", "--json"], env)
        answers, commands = [], []
        for _ in range(runs):
            answers.append(_answer_time(conn))
            commands.append(run_once([*SCOREPAD, "night", "status", "--json"], env))
    return statistics.median(answers), statistics.median(commands)


#: How often the board reads the night while a screen watches: the floor of the push figure, since a deal
#: waits for the next read at most this long.
READ_EVERY = INTERVAL
#: A night of two tables, 4 and 3 players, with the deals the push figure enters, none of which ends a match.
SMALL_NIGHT = ("night", "new", "--players", "Ann,Bob,Cat,Dan,Eva,Fay,Gus", "--seating", "listed")
DEALS = [
    ("deal", "--match", "1", "Ann=0", "Bob=3", "Cat=10", "Dan=30"),
    ("deal", "--match", "2", "Eva=3", "Fay=10", "Gus=30"),
    ("deal", "--match", "1", "Ann=3", "Bob=0", "Cat=30", "Dan=10"),
    ("deal", "--match", "2", "Eva=10", "Fay=3", "Gus=30"),
    ("deal", "--match", "1", "Ann=10", "Bob=30", "Cat=0", "Dan=3"),
]


def _next_event(stream) -> bytes:
    """The data of the next server-sent event on ``stream``."""
    data = b""
    while line := stream.readline():
        if line.startswith(b"data: "):
            data += line[len(b"data: ") :].rstrip(b"\n")
        elif line == b"\n" and data:
            return data
    raise AssertionError("the board ended its stream")


def push_delay(env: dict) -> float:
    """Median seconds from the end of a ``deal`` command to the board's page hearing of it, over ``DEALS``
    entered on a new night of ``SMALL_NIGHT`` (``env`` names a store that does not exist yet)."""
    subprocess.run([*SCOREPAD, *SMALL_NIGHT], env=env, check=True, capture_output=True)
    with _board(env) as conn:
        conn.request("GET", "/events")
        events = conn.getresponse()
        _next_event(events)  # the night as the page opens on it
        delays = []
        for deal in DEALS:  # the board pushes the night only when it changed: the next event is the deal's
            subprocess.run([*SCOREPAD, *deal], env=env, check=True, capture_output=True)
            entered = time.perf_counter()
            _next_event(events)
            delays.append(time.perf_counter() - entered)
    return statistics.median(delays)

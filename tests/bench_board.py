"""What the live board's update costs: its data for a night, asked of a running board, against ``night status --json``.

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

from .benchtools import SCOREPAD, run_once


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
    board = subprocess.Popen(
        [*SCOREPAD, "night", "board", "--port", "0"], env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
    )
    try:
        assert board.stdout is not None
        found = re.search(rb"http://(\S+):(\d+)/", board.stdout.readline())
        assert found, "the board printed no address"
        conn = http.client.HTTPConnection(found[1].decode(), int(found[2]), timeout=60)
        _answer_time(conn)
        run_once([*SCOREPAD, "night", "status", "--json"], env)
        answers, commands = [], []
        for _ in range(runs):
            answers.append(_answer_time(conn))
            commands.append(run_once([*SCOREPAD, "night", "status", "--json"], env))
        conn.close()
    finally:
        board.send_signal(signal.SIGINT)
        board.wait(timeout=60)
    return statistics.median(answers), statistics.median(commands)

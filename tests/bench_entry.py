"""What a table's phone waits for: its deal, from the POST to the board's page showing it, against
``scorepad deal`` of the same deal; and forty tables' phones entering a deal at once, against one.

The board runs with ``--entry`` and is warm, as on a club's evening: the
figure is the phone's whole wait, its request answered (201) and the night
pushed to a page watching ``/events``. The floor is the command a laptop at
the table would run instead. The forty phones each hold a connection of
their own and send together; the floor is one phone's entry alone.
"""

from __future__ import annotations

import http.client
import json
import re
import signal
import statistics
import subprocess
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from .bench_board import _next_event
from .benchtools import SCOREPAD, env_for, run_once

DEAL = "10 13 20 0"  #: in seat order: any table of four may enter it, deal after deal
FOUR = ("night", "new", "--players", "Ann,Bob,Cat,Dan", "--seating", "listed", "--deals-per-player", "10")


@contextmanager
def _entry_board(env: dict, tables: int) -> Iterator[tuple[tuple[str, int], dict[int, str]]]:
    """A running ``night board --entry``: its address, and each table's link path; Ctrl-C stops it afterwards."""
    board = subprocess.Popen(
        [*SCOREPAD, "night", "board", "--entry", "--port", "0"],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )  # fmt: skip
    try:
        assert board.stdout is not None
        found = re.search(r"http://(\S+):(\d+)/", board.stdout.readline())
        assert found, "the board printed no address"
        links = {}
        for _ in range(tables):
            line = re.search(r"(\d+)\D+http://[^/]+(/t/\S+)", board.stdout.readline())
            assert line, "the board printed no table's link"
            links[int(line[1])] = line[2]
        yield (found[1], int(found[2])), links
    finally:
        board.send_signal(signal.SIGINT)
        board.wait(timeout=60)


def _post(conn: http.client.HTTPConnection, link: str, deal: int, key: str) -> None:
    body = json.dumps({"deal": deal, "text": DEAL, "key": key})
    conn.request("POST", f"{link}/entries", body, {"Content-Type": "application/json"})
    answer = conn.getresponse()
    text = answer.read()
    assert answer.status == 201, (answer.status, text)


def phone_deal(folder: Path, runs: int = 9) -> tuple[float, float]:
    """Median seconds of a phone's deal (POST to committed and pushed) and of ``scorepad deal`` of the same deal."""
    phone, laptop = env_for(folder / "phone.db"), env_for(folder / "laptop.db")
    for env in (phone, laptop):
        subprocess.run([*SCOREPAD, *FOUR], env=env, check=True, capture_output=True)
    command = [*SCOREPAD, "deal", "--match", "1", *DEAL.split()]
    with _entry_board(phone, 1) as (address, links):
        watch, conn = http.client.HTTPConnection(*address, timeout=60), http.client.HTTPConnection(*address, timeout=60)
        watch.request("GET", "/events")
        events = watch.getresponse()
        _next_event(events)  # the night as the page opens on it
        phones, commands = [], []
        for deal in range(1, runs + 2):  # the first of each is a warm-up
            start = time.perf_counter()
            _post(conn, links[1], deal, f"bench-phone-{deal}")
            _next_event(events)
            phones.append(time.perf_counter() - start)
            commands.append(run_once(command, laptop))
        watch.close()
        conn.close()
    return statistics.median(phones[1:]), statistics.median(commands[1:])


def forty_phones(folder: Path, runs: int = 5) -> tuple[float, float]:
    """Median seconds until forty tables' phones sending a deal at once are all answered 201 and the board has
    pushed the night with every one of them; and the same for one phone alone.

    A night of 41 tables of four: tables 1 to 40 send together, table 41 alone, in turns.
    """
    players = ",".join(f"P{number:03d}" for number in range(1, 165))
    env = env_for(folder / "forty.db")
    night = ("night", "new", "--players", players, "--seating", "listed", "--deals-per-player", "10")
    subprocess.run([*SCOREPAD, *night], env=env, check=True, capture_output=True)
    with _entry_board(env, 41) as (address, links):
        watch = http.client.HTTPConnection(*address, timeout=120)
        watch.request("GET", "/events")
        events = watch.getresponse()
        _next_event(events)
        conns = {table: http.client.HTTPConnection(*address, timeout=120) for table in links}
        alone, together = [], []
        for deal in range(1, runs + 2):  # the first of each is a warm-up
            start = time.perf_counter()
            _post(conns[41], links[41], deal, f"bench-alone-{deal}")
            _pushed(events, range(41, 42), deal)
            alone.append(time.perf_counter() - start)
            start = time.perf_counter()
            _at_once(conns, links, range(1, 41), deal)
            _pushed(events, range(1, 41), deal)
            together.append(time.perf_counter() - start)
        for conn in (watch, *conns.values()):
            conn.close()
    return statistics.median(together[1:]), statistics.median(alone[1:])


def _pushed(events: http.client.HTTPResponse, tables: range, deal: int) -> None:
    """Read the board's events until one shows ``deal`` entered at each of ``tables`` (each deal makes 43)."""
    while True:
        night = json.loads(_next_event(events))
        sums = {table["table"]: sum(p["total"] for p in table["players"]) for table in night["tables"]}
        if all(sums[table] == 43 * deal for table in tables):
            return


def _at_once(conns: dict[int, http.client.HTTPConnection], links: dict[int, str], tables: range, deal: int) -> None:
    """``tables`` send ``deal`` together, each on its own connection; back when every one is answered 201."""
    ready = threading.Barrier(len(tables))
    failures: list[BaseException] = []

    def send(table: int) -> None:
        ready.wait()
        try:
            _post(conns[table], links[table], deal, f"bench-together-{table}-{deal}")
        except BaseException as error:  # noqa: BLE001 - said after the run, in the main thread
            failures.append(error)

    threads = [threading.Thread(target=send, args=(table,)) for table in tables]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not failures, failures

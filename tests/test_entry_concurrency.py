"""Phones, laptops and the organiser writing one night at once (``night board --entry``): nothing lost, none twice.

Real processes on a real SQLite file and a real PostgreSQL server (skipped
without one, except in CI, where .ci/run starts one): a board serving the
tables' pages, tables' phones as HTTP clients in threads, a table's laptop
running ``scorepad play`` from a pipe, and ``scorepad deal`` from the organiser.
"""

from __future__ import annotations

import subprocess
import threading
from collections.abc import Callable

import pytest

from .boards import Answer, Board, serving
from .processes import SCOREPAD, environment, start_held

PLAYERS = [f"P{number:02}" for number in range(1, 21)]  #: five tables of four: four deals each
DEALS = 4
TIMEOUT = 120


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request, tmp_path, monkeypatch, cli) -> str:
    """The night's store, a SQLite file or a database of a real PostgreSQL server, that ``cli`` uses too."""
    store = str(tmp_path / "club.db") if request.param == "sqlite" else request.getfixturevalue("pg_url")
    monkeypatch.setenv("SCOREPAD_DB", store)
    cli("night", "new", "-p", ",".join(PLAYERS), "--rounds", "1", "--seating", "listed")
    return store


def scores(table: int, deal: int) -> list[int]:
    """Deal ``deal`` of table ``table`` in seat order: a deal no other table, and no other deal, has."""
    return [table, deal, 0, 43 - table - deal]


def seat_order(points: list[int]) -> str:
    return " ".join(map(str, points))


def at_once(*jobs: Callable[[], object]) -> list[object]:
    """Run ``jobs`` in threads, each let go by one barrier at the same moment; what each returned, in order."""
    barrier = threading.Barrier(len(jobs), timeout=TIMEOUT)
    results: list[object] = [None] * len(jobs)
    failures: list[BaseException] = []

    def run_one(index: int) -> None:
        barrier.wait()
        try:
            results[index] = jobs[index]()
        except BaseException as error:  # noqa: BLE001 - raised again in the test's own thread
            failures.append(error)

    threads = [threading.Thread(target=run_one, args=(index,)) for index in range(len(jobs))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(TIMEOUT)
    assert not any(thread.is_alive() for thread in threads), "a job never ended"
    if failures:
        raise failures[0]
    return results


def phone(board: Board, table: int) -> list[tuple[int, int]]:
    """A table's phone entering its whole match, each entry sent twice (its answer taken as lost): the statuses."""
    match = board.state(table)["match"]
    heard = []
    for deal in range(1, DEALS + 1):
        key = f"table{table}-deal{deal}"
        for _ in range(2):
            answer = board.enter(table, deal, seat_order(scores(table, deal)), key, match)
            assert answer.status in (200, 201), (table, deal, answer)
            heard.append((answer.status, answer.json()["deal"]))
    return heard


def laptop(store: str, table: int) -> subprocess.Popen:
    """A table's laptop: ``scorepad play --night 1 --table T``, its lines typed in as the table plays."""
    return subprocess.Popen(
        [*SCOREPAD, "play", "--night", "1", "--table", str(table)],
        env=environment(store),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


@pytest.mark.slow
def test_four_tables_phones_and_a_laptop_enter_a_round_at_once_and_every_deal_stands_once(store, cli):
    """Five tables enter their whole round at the same moment: four from phones (each entry sent twice with its key,
    as after a lost answer) and one from a laptop's ``play``. Every match then holds its own four deals, in order,
    once each: nothing lost, nothing doubled, nothing written into another table's match."""
    with serving(store, "--entry") as board:
        assert sorted(board.tables) == [1, 2, 3, 4, 5]
        seats = {table: board.state(table)["players"] for table in board.tables}
        typist = laptop(store, 5)
        try:
            lines = "".join(seat_order(scores(5, deal)) + "\n" for deal in range(1, DEALS + 1))

            def type_lines() -> tuple[str, str]:
                return typist.communicate(lines, timeout=TIMEOUT)

            *phones, (_, said) = at_once(
                *(lambda table=table: phone(board, table) for table in (1, 2, 3, 4)), type_lines
            )
        finally:
            typist.kill()
        assert typist.returncode == 0, said
        expected_heard = [(status, deal) for deal in range(1, DEALS + 1) for status in (201, 200)]
        assert phones == [expected_heard] * 4
    for table in range(1, 6):
        match = cli.json("night", "status")["tables"][table - 1]["match"]
        deals = cli.json("history", "--match", str(match))["deals"]
        assert [(deal["number"], deal["kind"]) for deal in deals] == [(n, "deal") for n in range(1, DEALS + 1)]
        for deal in deals:
            assert deal["scores"] == dict(zip(seats[table], scores(table, deal["number"]), strict=True)), table


#: Where the organiser's ``deal`` waits for the moment: having read its scores, before it opens the store (the
#: phone's entry tends to land first); and about to begin its write (its own tends to). Either way one lands.
HOLDS = ("scorepad.cli.scores:entered", "scorepad.store.db:Store._check_writable")


def organisers(store: str, match: int, deals: dict[int, list[int]]) -> dict[int, subprocess.Popen]:
    """``scorepad deal --match M --expect N SCORES`` for each deal N, all started at once, and each held at one of
    ``HOLDS`` until its standard input is closed: the processes, once every one is held."""
    started = {
        deal: start_held(
            ["deal", "--match", str(match), "--expect", str(deal), *map(str, points)],
            environment(store),
            HOLDS[deal % 2],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        for deal, points in deals.items()
    }
    for command, report in started.values():
        with report:
            assert report.readline() == "held\n", command.communicate(timeout=TIMEOUT)
    return {deal: command for deal, (command, _) in started.items()}


@pytest.mark.slow
def test_the_organisers_deal_and_a_phones_entry_of_the_same_deal_never_both_land(store, cli):
    """For each deal of a match, ``scorepad deal --expect N`` (held until then, see ``HOLDS``) and a phone's entry of
    deal N are let go by one barrier at the same moment: exactly one lands, the other is refused (the command exits
    1 asking whether it was entered, the phone gets 409 naming the next deal), and the match ends holding each deal
    once, as whichever landed wrote it."""
    by_hand = {deal: [deal, 0, 0, 43 - deal] for deal in range(1, DEALS + 1)}
    by_phone = {deal: [0, deal, 0, 43 - deal] for deal in range(1, DEALS + 1)}
    with serving(store, "--entry") as board:
        match = board.state(1)["match"]
        commands = organisers(store, match, by_hand)
        landed = []
        try:
            for deal, command in commands.items():
                assert command.stdin is not None

                def send(deal: int = deal) -> Answer:
                    return board.enter(1, deal, seat_order(by_phone[deal]), f"phone-deal{deal}", match)

                _, answer = at_once(command.stdin.close, send)
                command.wait(TIMEOUT)  # what it says is a few lines: the pipes hold them
                assert command.stderr is not None and isinstance(answer, Answer)
                refusal = command.stderr.read()
                outcomes = (command.returncode, answer.status)
                assert outcomes in ((0, 409), (1, 201)), (outcomes, refusal, answer)
                if answer.status == 409:
                    assert answer.json()["next_deal"] == deal + 1
                else:  # the last deal finished the match: the command says so rather than asking
                    asks = b"is finished" if deal == DEALS else b"was it entered already?"
                    assert asks in refusal, refusal
                landed.append(by_hand[deal] if command.returncode == 0 else by_phone[deal])
        finally:
            for command in commands.values():
                command.kill()
    players = cli.json("status", "--match", str(match))["players"]
    deals = cli.json("history", "--match", str(match))["deals"]
    assert [deal["scores"] for deal in deals] == [dict(zip(players, points, strict=True)) for points in landed]

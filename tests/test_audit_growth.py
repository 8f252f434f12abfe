"""No record makes the audit quadratic: its cost grows in proportion to the record (issue 27, point 7).

Each hostile shape is audited at two lengths, one four times the other, as
``scorepad audit`` audits a file: read, parsed, replayed, its report made as
JSON and laid out for people. Four times the input may cost about four times
as much, never sixteen. The cost is this process's CPU time, the best of three
runs, so that other work on the machine weighs little.
"""

from __future__ import annotations

import io
import json
import random
import time
from collections.abc import Callable
from dataclasses import replace

import pytest
from rich.console import Console

from scorepad.app.audit import audit_source
from scorepad.core.engine import audit
from scorepad.core.record import DealRecord, write_record
from scorepad.core.rules import CLASSIC
from scorepad.present.audit_report import audit_report
from tests.dealgen import random_deal, without_hands

#: A legal deal of four, its tricks written with names and without numbers.
DEAL, _ = random_deal(4, CLASSIC, random.Random(5))
DEAL = without_hands(replace(DEAL, tricks=tuple(replace(trick, number=None) for trick in DEAL.tricks)))
HEAD = "players: Ann Bob Cat Dan\ndealer: Dan\n"


def deal_played_over(tricks: int) -> DealRecord:
    """The deal's tricks over and over: after the first thirteen every card is played again,
    and a player who discarded may never follow that suit again."""
    return replace(DEAL, tricks=tuple(DEAL.tricks[n % len(DEAL.tricks)] for n in range(tricks)))


def seconds(work: Callable[[], object]) -> float:
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        work()
        best = min(best, time.process_time() - start)
    return best


def audited_as_the_command_does(path) -> Callable[[], object]:
    def work() -> None:
        one = audit_source(str(path))
        json.dumps(one.to_json())
        assert one.errors or one.report is not None
        if one.report is not None:
            people = Console(file=io.StringIO(), width=100)
            for part in audit_report(one, ascii=False):
                people.print(part)

    return work


SHAPES: dict[str, Callable[[int], str]] = {
    # The record: a deal's tricks written over and over.
    "tricks": lambda n: write_record(deal_played_over(n)),
    # One line after another that cannot be read.
    "unreadable lines": lambda n: HEAD + "Ann:XX\n" * n,
    # One hand of many cards, most of them held too often.
    "a long hand": lambda n: HEAD + "hand Ann: " + "QS 2C 7H " * n + "\n",
    # One trick of many cards.
    "a long trick": lambda n: HEAD + "1. " + "Ann:7S Bob:9S Cat:QS Dan:2S " * n + "\n",
}


@pytest.mark.parametrize("shape", SHAPES)
def test_four_times_the_record_costs_about_four_times_as_much(tmp_path, shape):
    costs = []
    for size in (1000, 4000):
        path = tmp_path / f"{size}.txt"
        path.write_text(SHAPES[shape](size), encoding="utf-8")
        costs.append(seconds(audited_as_the_command_does(path)))
    small, large = costs
    assert large < 8 * small + 0.05, f"{shape}: {small:.3f} s, then {large:.3f} s for four times the record"


def test_the_engine_alone_replays_a_long_record_in_proportion_to_its_length():
    """A record made in code is not bounded by the parser: the replay itself must stay linear."""
    costs = [seconds(lambda tricks=tricks: audit(deal_played_over(tricks)).to_json()) for tricks in (500, 2000)]
    small, large = costs
    assert large < 8 * small + 0.05, f"{small:.3f} s, then {large:.3f} s for four times the tricks"

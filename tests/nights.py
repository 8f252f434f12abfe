"""Nights told as table stories: the club's players, and a table's result written as its finishing order."""

from __future__ import annotations

from scorepad.core.night.scores import Finish, TableResult
from scorepad.core.night.state import NightState, RoundPlayed

CLUB = ("Ann", "Bob", "Cat", "Dan", "Eva", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lea", "Max", "Ned")


def finished(order: str, points: str | None = None) -> TableResult:
    """A table's result told as its finishing order, best first (``Ann Bob=Cat Dan``: Bob and Cat tied).

    The totals are ``points`` in that order, or 0, 10, 20 ...; everyone dealt once.
    """
    finishes: list[Finish] = []
    totals = [int(total) for total in points.split()] if points else None
    for group in order.split():
        place = len(finishes) + 1
        for name in group.split("="):
            finishes.append(Finish(name, place, totals[len(finishes)] if totals else 10 * len(finishes)))
    return TableResult(tuple(finishes), deals=len(finishes))


def in_seat_order(state: NightState) -> RoundPlayed:
    """Every table of the round in play finishes in seat order: the first seat wins."""
    return RoundPlayed(tuple(finished(" ".join(table.players)) for table in state.tables))


def groups(state: NightState) -> list[set[str]]:
    """Who sits together at each table of the round in play."""
    return [set(table.players) for table in state.tables]

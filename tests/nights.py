"""Nights told as table stories: the club's players, and a table's result written as its finishing order."""

from __future__ import annotations

from scorepad.core.night_scores import Finish, TableResult

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

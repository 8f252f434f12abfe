"""Where each player stands: running totals and places, one rule for every view.

A scored deal's points add to the totals; a tie-break deal's decide the
winner only. The winner is placed first even when level on total with
others (a tie-break deal settled it), the others follow by total, and equal
totals share a place, as in any sports table: 1, 1, 3.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence


def add_deal(totals: Sequence[int], scores: Mapping[int, int]) -> tuple[int, ...]:
    """The totals after one scored deal of the match proper (not a tie-break deal)."""
    return tuple(total + scores.get(seat, 0) for seat, total in enumerate(totals))


def places(totals: Sequence[int], winner: int | None) -> list[tuple[int, int]]:
    """(place, seat) in standing order, 1 the best."""
    order = sorted(range(len(totals)), key=lambda seat: (seat != winner, totals[seat], seat))
    ranked: list[tuple[int, int]] = []
    previous = None
    for index, seat in enumerate(order):
        key = (seat == winner, totals[seat])
        ranked.append((ranked[-1][0] if key == previous else index + 1, seat))
        previous = key
    return ranked

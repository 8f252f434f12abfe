"""Corrections to a club night, each one transaction: a name put right, two players changing places.

The core says what the night becomes (``core.night.corrections``); here the
store is brought to it: every table whose seats changed, its match's seats (a
table's match names its players as the table does), who came and went, and the
rounds planned ahead. Each correction is kept in the night's trail
(``night_change``), which ``night plan`` shows; each is taken back by its like.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from ..core.errors import RuleError
from ..core.language import N_
from ..core.night.corrections import Correction, CorrectionKind, renamed, said, swapped
from ..core.night.state import NightState
from .nights import NightStatus, _opened, _status

if TYPE_CHECKING:
    from ..store.db import Connection, Store
    from ..store.night_rows import StoredNight

#: A correction as the core makes it: the night after it, and the two names it names.
Corrected = Callable[[NightState], tuple[NightState, str, str]]


def rename(store: Store, night_id: int | None, old: str, new: str) -> NightStatus:
    """Put a mistyped name right in the night and in every match of it; the trail keeps the old one."""
    return _correct(store, night_id, CorrectionKind.RENAME, lambda night: renamed(night, old, new))


def swap(store: Store, night_id: int | None, first: str, second: str) -> NightStatus:
    """Two players of the round in play change places, seat and table, before either table's first deal."""
    return _correct(store, night_id, CorrectionKind.SWAP, lambda night: swapped(night, first, second))


def _correct(store: Store, night_id: int | None, kind: CorrectionKind, correct: Corrected) -> NightStatus:
    from ..store import matches, nights

    with _opened(store, write=True) as conn:
        night = nights.load(conn, nights.resolve_night_id(conn, night_id), lock=True)
        after, first, second = correct(night.state)
        if kind is CorrectionKind.SWAP:
            _not_started(night, first, second)
        _reseat(conn, night, after)
        nights.save(conn, night.id, after.attendance(), after.planned)
        change = Correction(kind, night.state.round, first, second, matches.now())
        nights.add_change(conn, night.id, change)
        status = _status(nights.load(conn, night.id))[1]
    return replace(status, notes=(said(change),))


def _not_started(night: StoredNight, *players: str) -> None:
    """Refuse a change of places at a table of the round in play that has a deal entered, or is over."""
    for table, match_id in night.rounds[-1]:
        state = night.matches[match_id]
        if any(name in table.players for name in players) and (state.scored or state.finished):
            raise RuleError(
                N_("table {table} (match {match}) has started: players change places only before its first deal"),
                table=table.number,
                match=match_id,
            )


def _reseat(conn: Connection, night: StoredNight, after: NightState) -> None:
    """Write every table whose seats the correction changed, and its match's seats with it.

    The match row's snapshot stays: it names a player only as one who gave up a
    seat to a substitute, and a night's table takes none (``entering``).
    """
    from ..store import matches, nights

    for number, (kept, tables) in enumerate(zip(night.rounds, after.rounds, strict=True), start=1):
        for (table, match_id), now in zip(kept, tables, strict=True):
            if now.players == table.players:
                continue
            nights.reseat(conn, night.id, number, table.number, now.players)
            for seat, (old, new) in enumerate(zip(table.players, now.players, strict=True)):
                if old != new:
                    matches.rename(conn, match_id, seat, new)

"""Looking at matches: status, history and the list of matches; each one read transaction.

Status and the list read only the snapshot each match row keeps: from a plain
SQLite file the quick reader (``store.quick``) fetches it without the
database layer; whatever it cannot read so, the store itself does. The list
needs neither the database layer nor the match fold, so both are imported
where they are used.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from ..store import quick
from ..store.errors import NoStoreYet
from ..store.rows import MatchSummary
from .results import HistoryRow, Result

if TYPE_CHECKING:
    from ..store.db import Connection, Store

__all__ = ["MatchSummary", "history", "matches", "status"]


def status(store: Store, match_id: int | None) -> Result:
    match = quick.stored_match(store.location, match_id)
    if match is None:
        from ..store import matches as stored

        with store.read() as conn:  # the stored snapshot: a long match's entries need not be read
            match = stored.load(conn, stored.resolve_match_id(conn, match_id), entries=False)
    return Result(match.id, match.name, match.state())


def history(store: Store, match_id: int | None) -> tuple[Result, list[HistoryRow]]:
    with store.read() as conn:
        return history_in(conn, match_id)


def history_in(conn: Connection, match_id: int | None) -> tuple[Result, list[HistoryRow]]:
    """``history`` inside a transaction the caller holds."""
    with without_collector():
        return _history(conn, match_id)


@contextmanager
def without_collector() -> Iterator[None]:
    """Build many small objects without Python's cycle collector walking all of them again and again.

    A long match's entries, states and rows (a few each per deal, none in a cycle)
    make the collector scan the whole growing heap over and over: a quarter of
    the time of reading a match of 100,000 deals.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _history(conn: Connection, match_id: int | None) -> tuple[Result, list[HistoryRow]]:
    from ..core.match import EntryKind, MatchState
    from ..store import matches as stored

    match = stored.load(conn, stored.resolve_match_id(conn, match_id))
    rows = []
    state = MatchState.start(match.settings)
    kinds = {kind: kind.value for kind in EntryKind}  # a match's every entry: no enum lookup each
    for entry, step in zip(match.entries, match.steps(), strict=True):
        # Every deal is credited to whoever played it: the players of the state it was folded into.
        outcome, substitute, before, state = step.entry.outcome, step.entry.substitute, state, step.after
        players = state.settings.players
        rows.append(
            HistoryRow(
                number=step.number,
                kind=kinds[step.entry.kind],
                dealer=players[step.dealer],
                scores={players[s]: p for s, p in outcome.scores.items()} if outcome else {},
                renege=players[outcome.renege] if outcome and outcome.renege is not None else None,
                totals=dict(zip(players, state.totals, strict=True)),
                recorded_at=entry.recorded_at,
                players=players,
                corrected=entry.corrected,
                left=(substitute.seat, before.settings.players[substitute.seat]) if substitute else None,
                phone_table=entry.phone_table,
            )
        )
    return Result(match.id, match.name, state.abandon() if match.abandoned_at else state), rows


def matches(store: Store) -> list[MatchSummary]:
    found = quick.match_summaries(store.location)
    if found is not None:
        return found
    from ..store import matches as stored

    try:
        with store.read() as conn:
            return stored.list_matches(conn)
    except NoStoreYet:
        return []

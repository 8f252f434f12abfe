"""What the store hands out about a match, decoded from its row: one decoding for both readers.

``matches`` reads rows through SQLAlchemy, ``quick`` through the standard
``sqlite3`` module; both turn them into these values here, so that the two
cannot disagree about what a row means. A row is anything with the columns
as attributes.

The values that are never changed are named tuples: making a dataclass costs
half a millisecond at import, a good part of what ``status`` may spend. For
the same reason the match fold is imported where a match is decoded, not with
this module: the list of matches needs none of it.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple

from .encoding import decode_rules, decode_state

if TYPE_CHECKING:
    from ..core.match import Entry, MatchState, Settings


class StoredEntry(NamedTuple):
    """An entry that stands, with what the store knows beside the rules."""

    id: int
    position: int
    number: int
    dealer: int
    recorded_at: str
    entry: Entry


@dataclass
class StoredMatch:
    """A match as the store holds it: its settings, and its entries or its last snapshot."""

    id: int
    uid: str
    name: str | None
    created_at: str
    abandoned_at: str | None
    settings: Settings
    entries: list[StoredEntry] = field(default_factory=list)
    snapshot: MatchState | None = None  #: the fold as last written, when loaded without entries

    @property
    def core_entries(self) -> list[Entry]:
        return [e.entry for e in self.entries]

    def state(self) -> MatchState:
        from ..core.match import MatchState

        if self.snapshot is not None:
            state = self.snapshot
        else:
            state = MatchState.start(self.settings)
            for stored in self.entries:
                state = state.apply(stored.entry)
        return state.abandon() if self.abandoned_at else state


def settings_of(row: Any, players: tuple[str, ...]) -> Settings:
    """A match row's settings, with its players in seat order."""
    from ..core.match import Format, FormatKind, Settings

    return Settings(
        players=players,
        rules=decode_rules(row.rules),
        format=Format(FormatKind(row.format_kind), row.format_value),
        first_dealer=row.first_dealer,
    )


def match_of(row: Any, players: tuple[str, ...], snapshot: bool) -> StoredMatch:
    """A match row as a match with no entries; with ``snapshot``, with the fold the row keeps (if it keeps one)."""
    settings = settings_of(row, players)
    match = StoredMatch(row.id, row.uid, row.name, row.created_at, row.abandoned_at, settings)
    if snapshot and row.state:
        match.snapshot = decode_state(settings, row.winner, row.deals_played, row.state)
    return match


class MatchSummary(NamedTuple):
    """One line of the list of matches, from the match row alone."""

    id: int
    name: str | None
    players: list[str]
    created_at: str
    winner: str | None
    abandoned: bool
    deals_played: int
    preset: str

    @property
    def finished(self) -> bool:
        return self.winner is not None or self.abandoned


def summary_of(row: Any, players: dict[int, list[str]]) -> MatchSummary:
    """A match row as a line of the list of matches; ``players``: every match's names in seat order."""
    return MatchSummary(  # by position: quicker, for 500 matches, than by keyword
        row.id,
        row.name,
        players.get(row.id, []),
        row.created_at,
        players[row.id][row.winner] if row.winner is not None else None,
        row.abandoned_at is not None,
        row.deals_played,
        _preset(row.rules),
    )


@functools.cache
def _preset(rules: str) -> str:
    """The preset of a match row's rules; decoded once for each text, as a club's matches share a few."""
    return decode_rules(rules).preset.value


def names_by_match(rows: Iterable[Any]) -> dict[int, list[str]]:
    """``(match_id, name)`` rows in seat order, grouped by match."""
    names: dict[int, list[str]] = {}
    for owner, name in rows:
        names.setdefault(owner, []).append(name)
    return names

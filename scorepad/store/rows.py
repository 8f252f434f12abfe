"""What the store hands out about a match, decoded from its row: one decoding for both readers.

``matches`` reads rows through SQLAlchemy, ``quick`` through the standard
``sqlite3`` module; both turn them into these values here, so that the two
cannot disagree about what a row means. A row is anything with the columns
as attributes.

The values that are never changed are named tuples, as ``core`` has it for
rows read from the store. The match fold is imported where a match is
decoded, not with this module: the list of matches needs none of it.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple

from ..core.errors import RuleError
from .encoding import decode_rules, decode_snapshot, decode_state, sound_columns
from .errors import DamagedMatch

if TYPE_CHECKING:
    from ..core.match import Entry, MatchState, Settings, Step
    from ..core.rules import RuleSet

#: What decoding a row edited by hand may raise: such a row can hold anything.
UNDECODABLE = (ValueError, TypeError, KeyError, AttributeError)


class StoredEntry(NamedTuple):
    """An entry that stands, with what the store knows beside the rules."""

    id: int
    position: int
    number: int
    dealer: int
    recorded_at: str
    entry: Entry
    corrected: bool = False  #: it replaced the entry first written for its deal (a fix)
    phone_table: int | None = None  #: the table whose phone wrote it, or None for the command line


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
        """Where the match stands: the snapshot it was loaded with, else the fold of its entries."""
        from ..core.match import fold

        if self.snapshot is not None:
            state = self.snapshot
        else:
            with damaged_if((RuleError,), self.id, self.settings.players):  # entries scorepad never wrote
                state = fold(self.settings, self.core_entries)
        return state.abandon() if self.abandoned_at else state

    def steps(self) -> Iterator[Step]:
        """The entries folded one at a time, each with its deal's number and dealer and the state after it."""
        from ..core.match import fold_steps

        with damaged_if((RuleError,), self.id, self.settings.players):
            yield from fold_steps(self.settings, self.core_entries)


@contextmanager
def damaged_if(raised: tuple[type[Exception], ...], match_id: int, players: Sequence[str]) -> Iterator[None]:
    """Reading a match from the store: any of ``raised`` means the store holds it as scorepad never
    writes one, and is refused in one line naming the match."""
    try:
        yield
    except raised as error:
        raise DamagedMatch(match_id, players, error) from None


def settings_of(row: Any, players: tuple[str, ...]) -> Settings:
    """A match row's settings, with its players in seat order; refused when they do not decode or
    break the rules (a seat too many for the number of deals)."""
    from ..core.match import Format, FormatKind, Settings

    with damaged_if(UNDECODABLE, row.id, players):
        return Settings(
            players=players,
            rules=decode_rules(row.rules),
            format=Format(FormatKind(row.format_kind), row.format_value),
            first_dealer=row.first_dealer,
        )


def rules_of(match_id: int, rules: str, players: Sequence[str]) -> RuleSet:
    """A match row's rules; refused, naming the match, when they do not decode."""
    with damaged_if(UNDECODABLE, match_id, players):
        return decode_rules(rules)


def match_of(row: Any, players: tuple[str, ...], snapshot: bool) -> StoredMatch:
    """A match row as a match with no entries; with ``snapshot``, with the fold the row keeps,
    if it keeps one that can be right (``encoding.decode_snapshot``)."""
    settings = settings_of(row, players)
    match = StoredMatch(row.id, row.uid, row.name, row.created_at, row.abandoned_at, settings)
    if snapshot:
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


def summary_of(row: Any, players: dict[int, list[str]], state: MatchState | None = None) -> MatchSummary | None:
    """A match row as a line of the list of matches; ``players``: every match's names in seat order.

    None when what the row keeps of its fold (winner, deals played, snapshot)
    cannot be right, or its rules do not decode, unless ``state``, worked out
    again from the entries, is given to take the fold's place.
    """
    preset = _preset(row.rules)
    if preset is None:
        return None
    if state is None:
        seats = players_now(row, players.get(row.id, []))
        if seats is None:
            return None
        winner, played = row.winner, row.deals_played
    else:
        seats, winner, played = list(state.settings.players), state.winner, state.deals_played
    return MatchSummary(
        id=row.id,
        name=row.name,
        players=seats,
        created_at=row.created_at,
        winner=seats[winner] if winner is not None else None,
        abandoned=row.abandoned_at is not None,
        deals_played=played,
        preset=preset,
    )


def players_now(row: Any, seats: list[str]) -> list[str] | None:
    """Who plays each seat now, by what a match row keeps of its fold (``seats``: their first players);
    None when that cannot be right (``sound_summary``)."""
    if row.state is None:
        return seats if sound_columns(len(seats), row.winner, row.deals_played) else None
    snapshot = decode_snapshot(len(seats), row.winner, row.deals_played, row.state)
    return None if snapshot is None else snapshot.get("players", seats)


def sound_summary(row: Any, seats: int) -> bool:
    """Whether what a match row keeps of its fold can be right: its snapshot, or without one its two columns."""
    if row.state is None:
        return sound_columns(seats, row.winner, row.deals_played)
    return decode_snapshot(seats, row.winner, row.deals_played, row.state) is not None


@functools.cache
def _preset(rules: str) -> str | None:
    """The preset of a match row's rules (None: they do not decode); decoded once for each text,
    as a club's matches share a few."""
    try:
        return decode_rules(rules).preset.value
    except UNDECODABLE:
        return None


def names_by_match(rows: Iterable[Any]) -> dict[int, list[str]]:
    """``(match_id, name)`` rows in seat order, grouped by match."""
    names: dict[int, list[str]] = {}
    for owner, name in rows:
        names.setdefault(owner, []).append(name)
    return names

"""What the use cases hand back: a match's state after a command, and its history.

Frozen dataclasses, by the core's one rule for values (``scorepad.core``):
made once and never changed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..core.match import MatchState
    from .notes import Note


@dataclass(frozen=True)
class Result:
    """A match after a command: its id, name and state, and what the command noted, in order."""

    match_id: int
    name: str | None
    state: MatchState
    notes: tuple[Note, ...] = ()


@dataclass(frozen=True, slots=True)
class HistoryRow:
    """One entry that stands, with the totals after it, by the name of who played each seat then."""

    number: int
    kind: str  #: deal, tiebreak, misdeal or seat (a substitute took a seat; its number is the next deal's)
    dealer: str
    scores: dict[str, int]
    renege: str | None
    totals: dict[str, int]
    recorded_at: str
    players: tuple[str, ...]  #: who played each seat in this entry (after it, for a seat change)
    corrected: bool  #: a fix replaced the entry first written for this deal
    left: tuple[int, str] | None  #: a seat change's seat, and the player who gave it up
    phone_table: int | None = None  #: the table whose phone entered it, or None for the command line

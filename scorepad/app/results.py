"""What the use cases hand back: a match's state after a command, and its history."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..core.match import MatchState


@dataclass
class Result:
    """A match after a command: its id, name and state, and what the command noted."""

    match_id: int
    name: str | None
    state: MatchState
    note: str | None = None


@dataclass
class HistoryRow:
    """One entry that stands, with the totals after it, by player name."""

    number: int
    kind: str  #: deal, tiebreak or misdeal
    dealer: str
    scores: dict[str, int]
    renege: str | None
    totals: dict[str, int]
    recorded_at: str

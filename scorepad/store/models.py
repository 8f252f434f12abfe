"""The tables of the store.

Rows are written only after the rules core has accepted the input, since
``table=True`` models do not validate. Scores and cards are JSON text keyed by
seat, so a rename touches one row and the trail never needs rewriting: a
seat row's, or a substitute's seat change.
"""

from __future__ import annotations

from sqlalchemy import Index
from sqlmodel import Field, SQLModel

from .schema import ENTRY, MATCH, SEAT, STANDING, EntryColumn, MatchColumn


class MatchRow(SQLModel, table=True):
    __tablename__ = MATCH

    id: int | None = Field(default=None, primary_key=True)
    uid: str = Field(unique=True, max_length=32)  #: stable across stores, for backups
    name: str | None = None
    rules: str  #: RuleSet.to_json() as JSON text (see ``encoding``)
    format_kind: str = Field(max_length=8)
    format_value: int
    first_dealer: int
    cuts: str | None = None  #: the cut rounds that chose the first dealer, as JSON
    created_at: str = Field(max_length=32)
    touched: int = Field(default=0, index=True)  #: grows on every write: picks the default match
    abandoned_at: str | None = Field(default=None, max_length=32)
    # The fold's result, kept with every write so that status and listings read no entries.
    winner: int | None = None  #: seat
    deals_played: int = 0
    state: str | None = None  #: the rest of MatchState.snapshot() as JSON (see ``encoding.state_columns``)


class SeatRow(SQLModel, table=True):
    __tablename__ = SEAT

    match_id: int = Field(foreign_key=f"{MATCH}.{MatchColumn.ID}", primary_key=True)
    position: int = Field(primary_key=True)  #: 0-based, clockwise
    name: str


class EntryRow(SQLModel, table=True):
    """One entry of a match's append-only trail; the ones that stand make the match."""

    __tablename__ = ENTRY
    __table_args__ = (
        Index("ix_entry_match_state_position", EntryColumn.MATCH_ID, EntryColumn.STATE, EntryColumn.POSITION),
    )

    id: int | None = Field(default=None, primary_key=True)
    match_id: int = Field(foreign_key=f"{MATCH}.{MatchColumn.ID}")
    position: int  #: order among the entries that stand; a replacement takes its predecessor's
    kind: str = Field(max_length=8)  #: deal, tiebreak or misdeal
    number: int  #: the deal's number; a misdeal carries the number of the deal dealt again
    dealer: int  #: seat
    scores: str = "{}"  #: {"seat": points} as JSON text
    cards: str | None = None  #: {"seat": ["QS", ...]} for players entered by cards
    renege: int | None = None
    slam: int | None = None
    seat: int | None = None  #: a seat change's seat, which ``player`` plays from the next deal on
    player: str | None = None  #: a seat change's new player (a substitute): the one name an entry holds
    recorded_at: str = Field(max_length=32)
    state: str = Field(default=STANDING, max_length=8)
    ended_at: str | None = Field(default=None, max_length=32)  #: when undone or replaced
    replaces: int | None = Field(default=None, foreign_key=f"{ENTRY}.{EntryColumn.ID}")

"""The tables of the store.

Rows are written only after the rules core has accepted the input, since
``table=True`` models do not validate. Scores and cards are JSON text keyed by
seat, so a rename touches one row and the trail never needs rewriting: a
seat row's, or a substitute's seat change.
"""

from __future__ import annotations

from sqlalchemy import BigInteger, Index
from sqlmodel import Field, SQLModel

from .schema import (
    ENTRY,
    MATCH,
    NIGHT,
    NIGHT_CHANGE,
    NIGHT_LINK,
    NIGHT_PLAYER,
    NIGHT_TABLE,
    PHONE_ENTRY,
    SEAT,
    STANDING,
    EntryColumn,
    MatchColumn,
    NightColumn,
)


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
    #: Who wrote the entry, and who undid or replaced it, when not the command line: ``table 2, phone``.
    source: str | None = Field(default=None, max_length=32)
    ended_by: str | None = Field(default=None, max_length=32)


class NightRow(SQLModel, table=True):
    """A club night: what was fixed when it was made. Its rounds are its tables' rows, each with its match."""

    __tablename__ = NIGHT

    id: int | None = Field(default=None, primary_key=True)
    uid: str = Field(unique=True, max_length=32)  #: stable across stores, for backups
    name: str | None = None
    rules: str  #: every table's match's rules: RuleSet.to_json() as JSON text
    table_size: int
    rounds: int
    deals_per_player: int
    movement: str = Field(max_length=16)
    seating: str = Field(max_length=8)
    seed: int = Field(sa_type=BigInteger)  #: up to 18 digits
    created_at: str = Field(max_length=32)
    touched: int = Field(default=0, index=True)  #: grows on every write of the night: picks the default night
    #: Mixed movement: the tables drawn for the rounds after the one in play, as JSON (``NightState.planned``).
    planned: str | None = None
    #: The rounds a player must play to be ranked with the others; None: half the rounds played, rounded up.
    min_rounds: int | None = None
    #: Progressive movement: each round's finishing orders as the cut settled its ties, as JSON (``NightState.cuts``).
    cuts: str | None = None


class NightPlayerRow(SQLModel, table=True):
    """A player of a night, in the order they came, and the rounds they play (``core.night.state.Attendance``)."""

    __tablename__ = NIGHT_PLAYER

    night_id: int = Field(foreign_key=f"{NIGHT}.{NightColumn.ID}", primary_key=True)
    position: int = Field(primary_key=True)
    name: str
    joined_round: int | None = None  #: None: from the first round
    left_round: int | None = None  #: the last round they play; None: to the end


class NightTableRow(SQLModel, table=True):
    """A table of a round of a night, and its match. The night keeps its own names for the seats,
    so that a name corrected in one match leaves the night's other rounds and standings as they were."""

    __tablename__ = NIGHT_TABLE

    night_id: int = Field(foreign_key=f"{NIGHT}.{NightColumn.ID}", primary_key=True)
    round: int = Field(primary_key=True)
    number: int = Field(primary_key=True)
    match_id: int = Field(foreign_key=f"{MATCH}.{MatchColumn.ID}", unique=True)
    players: str  #: the names in seat order, as a JSON list
    first_dealer: int  #: the seat


class NightLinkRow(SQLModel, table=True):
    """What the links and short codes of a night's tables are made from (``app.table_links``).

    Only a random value: the links are made from it with a key kept outside
    the store, so a stolen store file does not give them. A new value makes
    new links, and the old ones stop working.
    """

    __tablename__ = NIGHT_LINK

    night_id: int = Field(foreign_key=f"{NIGHT}.{NightColumn.ID}", primary_key=True)
    salt: str = Field(max_length=32)  #: 128 random bits, in hex
    key_check: str = Field(max_length=64)  #: tells whether the key at hand is the one the links were made with
    made_at: str = Field(max_length=32)


class PhoneEntryRow(SQLModel, table=True):
    """The answer to an entry a table's phone sent, by the key the phone made for it: sent again, it lands once."""

    __tablename__ = PHONE_ENTRY

    night_id: int = Field(foreign_key=f"{NIGHT}.{NightColumn.ID}", primary_key=True)
    number: int = Field(primary_key=True)  #: the table
    entry_key: str = Field(primary_key=True, max_length=64)
    answer: str  #: the JSON the phone was answered with
    recorded_at: str = Field(max_length=32)


class NightChangeRow(SQLModel, table=True):
    """A correction to a night, in the order made (``core.night.corrections.Correction``): its trail, never rewritten.

    Taken back by its like (a rename back, a swap again), which is a row of its own.
    """

    __tablename__ = NIGHT_CHANGE

    night_id: int = Field(foreign_key=f"{NIGHT}.{NightColumn.ID}", primary_key=True)
    position: int = Field(primary_key=True)
    kind: str = Field(max_length=8)  #: rename or swap
    round: int  #: the round in play when it was made
    first: str  #: a rename's old name; one of the two who changed places
    second: str  #: a rename's new name; the other of the two
    recorded_at: str = Field(max_length=32)

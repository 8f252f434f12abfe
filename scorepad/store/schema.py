"""The names of the store's tables, of the columns read by name, and of the schema revision.

Plain constants, light to import: the SQLModel tables (``models``) and the
quick SQLite reader (``quick``) both take their names from here, and a test
checks every column named here against the models.
"""

MATCH, SEAT, ENTRY = "match", "seat", "entry"

#: The schema revision this code writes: the last migration script's (a test keeps them in step).
#: Known without Alembic, so that the quick reader can tell a store that needs upgrading.
HEAD = "0004"
#: Where Alembic keeps a store's revision.
VERSION_TABLE, VERSION_COLUMN = "alembic_version", "version_num"


class MatchColumn:
    """Columns of ``match`` (``models.MatchRow``)."""

    ID = "id"
    UID = "uid"
    NAME = "name"
    RULES = "rules"
    FORMAT_KIND = "format_kind"
    FORMAT_VALUE = "format_value"
    FIRST_DEALER = "first_dealer"
    CREATED_AT = "created_at"
    TOUCHED = "touched"
    ABANDONED_AT = "abandoned_at"
    WINNER = "winner"
    DEALS_PLAYED = "deals_played"
    STATE = "state"


class SeatColumn:
    """Columns of ``seat`` (``models.SeatRow``)."""

    MATCH_ID = "match_id"
    POSITION = "position"
    NAME = "name"


class EntryColumn:
    """Columns of ``entry`` (``models.EntryRow``) that are named outside the model's fields."""

    ID = "id"
    MATCH_ID = "match_id"
    POSITION = "position"
    STATE = "state"


#: An entry's place in the trail: it stands, or was undone or replaced.
STANDING, UNDONE, REPLACED = "standing", "undone", "replaced"

"""The names of the store's tables, of the columns read by name, and of the schema revision.

Plain constants, light to import: the SQLModel tables (``models``) and the
quick SQLite reader (``quick``) both take their names from here, and a test
checks every column named here against the models.
"""

MATCH, SEAT, ENTRY = "match", "seat", "entry"
#: A club night, who came and went, and the tables of its rounds, each with its match.
NIGHT, NIGHT_PLAYER, NIGHT_TABLE = "night", "night_player", "night_table"
#: What a night's table links are made from, and the answers to the entries its phones sent.
NIGHT_LINK, PHONE_ENTRY = "night_link", "phone_entry"
#: A night's trail of corrections: names put right, players who changed places.
NIGHT_CHANGE = "night_change"

#: The schema revision this code writes: the last migration script's (a test keeps them in step).
#: Known without Alembic, so that the quick reader can tell a store that needs upgrading.
HEAD = "0008"
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


class NightColumn:
    """Columns of ``night`` (``models.NightRow``)."""

    ID = "id"
    UID = "uid"
    NAME = "name"
    RULES = "rules"
    TABLE_SIZE = "table_size"
    ROUNDS = "rounds"
    DEALS_PER_PLAYER = "deals_per_player"
    MOVEMENT = "movement"
    SEATING = "seating"
    SEED = "seed"
    CREATED_AT = "created_at"
    TOUCHED = "touched"
    PLANNED = "planned"
    MIN_ROUNDS = "min_rounds"
    CUTS = "cuts"


class NightPlayerColumn:
    """Columns of ``night_player`` (``models.NightPlayerRow``)."""

    NIGHT_ID = "night_id"
    POSITION = "position"
    NAME = "name"
    JOINED_ROUND = "joined_round"
    LEFT_ROUND = "left_round"


class NightTableColumn:
    """Columns of ``night_table`` (``models.NightTableRow``)."""

    NIGHT_ID = "night_id"
    ROUND = "round"
    NUMBER = "number"
    MATCH_ID = "match_id"
    PLAYERS = "players"
    FIRST_DEALER = "first_dealer"


#: An entry's place in the trail: it stands, or was undone or replaced.
STANDING, UNDONE, REPLACED = "standing", "undone", "replaced"

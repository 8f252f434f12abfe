"""The names of the store's tables and of the values one column holds.

Plain constants, light to import: the SQLModel tables (``models``) and the
quick SQLite reader (``quick``) both take their names from here.
"""

MATCH, SEAT, ENTRY = "match", "seat", "entry"

#: An entry's place in the trail: it stands, or was undone or replaced.
STANDING, UNDONE, REPLACED = "standing", "undone", "replaced"

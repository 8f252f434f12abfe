"""The store: the only code that knows the database and how each column is encoded.

``models`` are the SQLModel tables (the schema; the migrations build the same),
``encoding`` turns core values into column values and back, ``db`` opens a
store (SQLite by default, PostgreSQL for clubs) one transaction a command,
``matches`` reads and writes one match, ``history`` reads many at once,
``nights`` reads and writes club nights (decoded in ``night_rows``),
``night_links`` keeps what a night's tables' links are made from and the
answers given to its phones,
``backup_file`` is the JSON backup's shape, ``quick`` reads a SQLite file with
the standard library alone (status, a night's status, the list of matches,
shell completion),
and ``rows`` turns a match row into a value for both readers; ``sqlite_file``
looks at a SQLite file before SQLite opens it, and ``connections`` counts the
connections open to it meanwhile, so that no file of the store is opened by
hand under them. ``schema``
names the tables and columns, and ``location`` says where the store is (and
the key of the tables' links, which is never in it). Everything handed out is a decoded value (core
settings, entries, states), never JSON text.
"""

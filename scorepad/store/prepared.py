"""The statements of every deal, compiled once and, on SQLite, handed straight to the driver.

A deal entered at the table is one durable commit of a few one-row statements.
SQLite runs each of them in a few microseconds; going through SQLAlchemy's
execution (an execution context, a cursor result, events) costs ten times
that, and in ``scorepad play`` it was most of a deal's time beside the commit
itself. So on SQLite these statements, compiled by SQLAlchemy for SQLite, run on
the DB-API connection of the transaction the store opened, and a database
error comes back as SQLAlchemy's own, for the store to word as any other.
Every other database runs them through SQLAlchemy, as any statement.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from operator import itemgetter
from typing import Any, NamedTuple

from sqlalchemy import Connection, Insert, Select, Update
from sqlalchemy.engine import Dialect
from sqlalchemy.exc import DBAPIError
from sqlalchemy.sql.compiler import SQLCompiler


class Prepared:
    """One statement of the hot path, with the parameters every execution gives."""

    def __init__(self, statement: Insert | Update | Select[Any], *keys: str) -> None:
        self.statement = statement
        self.keys = keys  #: an INSERT's or UPDATE's columns depend on them: it is compiled for these
        self._sqlite: _ForDriver | None = None

    def rows(self, conn: Connection, params: dict[str, Any]) -> list[tuple[Any, ...]]:
        """Run the statement in ``conn``'s transaction: the rows it returns, as tuples."""
        dialect = conn.dialect
        if dialect.name != "sqlite":
            return [tuple(row) for row in conn.execute(self.statement, params)]
        sql, constants, ordered = self._sqlite or self._compile(dialect)
        values = ordered(constants | params)
        try:
            return conn.connection.driver_connection.execute(sql, values).fetchall()  # type: ignore[union-attr]
        except dialect.loaded_dbapi.Error as error:
            raise DBAPIError.instance(sql, values, error, dialect.loaded_dbapi.Error) from error

    def stream(self, conn: Connection, params: dict[str, Any]) -> Iterator[tuple[Any, ...]]:
        """The rows the statement returns, as tuples, read from the database as they are asked for."""
        dialect = conn.dialect
        if dialect.name != "sqlite":
            yield from (tuple(row) for row in conn.execute(self.statement.execution_options(yield_per=2000), params))
            return
        sql, constants, ordered = self._sqlite or self._compile(dialect)
        values = ordered(constants | params)
        try:
            # A loop, not yield from: a reader stopped half-way (Ctrl-C) must not close a cursor
            # whose connection may be gone by the time the generator is thrown away.
            for row in conn.connection.driver_connection.execute(sql, values):  # type: ignore[union-attr]  # noqa: UP028
                yield row
        except dialect.loaded_dbapi.Error as error:
            raise DBAPIError.instance(sql, values, error, dialect.loaded_dbapi.Error) from error

    def _compile(self, dialect: Dialect) -> _ForDriver:
        compiled = self.statement.compile(dialect=dialect, column_keys=list(self.keys))
        assert isinstance(compiled, SQLCompiler) and compiled.positiontup is not None
        # Values go to the driver as they are: right for the integers and text of these tables.
        assert not compiled._bind_processors, "a column that needs converting: not for the driver"
        names = tuple(compiled.positiontup)
        # Each value is a parameter every execution gives, or one the statement holds (``state = 'standing'``).
        constants = {name: compiled.binds[name].effective_value for name in names if name not in self.keys}
        assert all(compiled.binds[name].key == name for name in names if name in self.keys)
        ordered: Callable[[Mapping[str, Any]], tuple[Any, ...]]
        if len(names) > 1:
            ordered = itemgetter(*names)
        else:  # itemgetter of one name gives the value itself, of none nothing at all
            ordered = lambda given: tuple(given[name] for name in names)
        self._sqlite = _ForDriver(compiled.string, constants, ordered)
        return self._sqlite


class _ForDriver(NamedTuple):
    """A statement as the driver takes it: its SQL, and its values in order from the parameters."""

    sql: str
    constants: dict[str, Any]
    ordered: Callable[[Mapping[str, Any]], tuple[Any, ...]]

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

from collections.abc import Mapping
from typing import Any

from sqlalchemy import Connection, Insert, Select, Update
from sqlalchemy.engine import Dialect
from sqlalchemy.exc import DBAPIError
from sqlalchemy.sql.compiler import SQLCompiler


class Prepared:
    """One statement of the hot path, with the parameters every execution gives."""

    def __init__(self, statement: Insert | Update | Select[Any], *keys: str) -> None:
        self.statement = statement
        self.keys = keys  #: an INSERT's or UPDATE's columns depend on them: it is compiled for these
        self._compiled: SQLCompiler | None = None

    def rows(self, conn: Connection, params: Mapping[str, Any]) -> list[tuple[Any, ...]]:
        """Run the statement in ``conn``'s transaction: the rows it returns, as tuples."""
        if conn.dialect.name != "sqlite":
            return [tuple(row) for row in conn.execute(self.statement, dict(params))]
        compiled = self._compiled or self._compile(conn.dialect)
        given = compiled.construct_params(params)
        values = tuple(given[name] for name in compiled.positiontup or ())
        try:
            return conn.connection.driver_connection.execute(compiled.string, values).fetchall()  # type: ignore[union-attr]
        except conn.dialect.loaded_dbapi.Error as error:
            raise DBAPIError.instance(compiled.string, values, error, conn.dialect.loaded_dbapi.Error) from error

    def _compile(self, dialect: Dialect) -> SQLCompiler:
        compiled = self.statement.compile(dialect=dialect, column_keys=list(self.keys))
        assert isinstance(compiled, SQLCompiler)
        # Values go to the driver as they are: right for the integers and text of these tables.
        assert not getattr(compiled, "_bind_processors", None), "a column that needs converting: not for the driver"
        self._compiled = compiled
        return compiled

"""Running the Alembic migrations from code, on SQLite and PostgreSQL alike."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import Connection

MIGRATIONS = Path(__file__).with_name("migrations")


def config(connection: Connection | None = None) -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.attributes["connection"] = connection
    return cfg


def upgrade(connection: Connection, revision: str = "head") -> None:
    """Bring the schema to ``revision`` inside the caller's transaction."""
    command.upgrade(config(connection), revision)

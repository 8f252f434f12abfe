"""Shared fixtures: every test gets its own real SQLite store in tmp_path."""

from __future__ import annotations

import json
import sqlite3

import pytest
from typer.testing import CliRunner

from scorepad.cli.common import OPTIONS
from scorepad.cli.main import app


@pytest.fixture(autouse=True)
def store_path(tmp_path, monkeypatch):
    """Point SCOREPAD_DB at a fresh file, as a user's environment variable would."""
    path = tmp_path / "scorepad.db"
    monkeypatch.setenv("SCOREPAD_DB", str(path))
    monkeypatch.delenv("SCOREPAD_DEBUG", raising=False)
    OPTIONS.db, OPTIONS.ascii = None, False
    return path


class Cli:
    """Runs scorepad commands in-process, as a person would type them."""

    def __init__(self) -> None:
        self.runner = CliRunner()

    def __call__(self, *args: str, code: int | None = 0):
        result = self.runner.invoke(app, [str(a) for a in args])
        if result.exception and not isinstance(result.exception, SystemExit):
            raise result.exception
        if code is not None:
            assert result.exit_code == code, (
                f"scorepad {' '.join(map(str, args))} exited {result.exit_code}, not {code}\n"
                f"stdout: {result.stdout}\nstderr: {result.stderr}"
            )
        assert "Traceback" not in result.stdout + result.stderr
        return result

    def json(self, *args: str):
        return json.loads(self(*args, "--json").stdout)

    def refused(self, *args: str, says: str = "") -> str:
        """Run a command that must be refused: exit 1, one line on stderr containing ``says``."""
        result = self(*args, code=1)
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1, result.stderr
        assert says.lower() in lines[0].lower(), lines[0]
        return lines[0]


@pytest.fixture
def cli() -> Cli:
    return Cli()


def dump(path) -> list[str]:
    """Everything in a SQLite store, as SQL text: two dumps are equal when nothing changed."""
    if not path.exists():
        return []
    with sqlite3.connect(path) as conn:
        return list(conn.iterdump())


@pytest.fixture
def unchanged(store_path):
    """Use as ``with unchanged(): ...`` around a refused command."""
    from contextlib import contextmanager

    @contextmanager
    def check():
        before = dump(store_path)
        yield
        assert dump(store_path) == before, "a refused command changed the store"

    return check

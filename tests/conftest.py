"""Shared fixtures: every test gets its own real SQLite store in tmp_path."""

from __future__ import annotations

import functools
import json
import os
import shutil
import signal
import sqlite3
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.main import get_command
from typer.testing import CliRunner, Result

from scorepad.cli.common import OPTIONS
from scorepad.cli.language_choice import choose
from scorepad.cli.main import app
from scorepad.present.translation import CATALOGS_VARIABLE

from .matches import new, three_deals

#: The click command of a Typer app, made once: it is the same for every run.
command_of = functools.cache(get_command)


class Runner(CliRunner):
    """Typer's test runner, running the app's click command made once.

    ``CliRunner.invoke`` makes the command from the app again on every run,
    which costs more than most commands themselves (4.5 ms here, over the
    suite's 3,950 runs 18 s); this runs the one command as ``invoke`` does, in
    ``isolation``.
    """

    def invoke(self, app: typer.Typer, args: Sequence[str] = (), input: str | None = None, **extra: Any) -> Result:
        command = command_of(app)
        code, exception, exc_info = 0, None, None
        with self.isolation(input=input) as (stdout, stderr, output):
            try:
                command.main(args=list(args), prog_name=self.get_default_prog_name(command), **extra)
            except SystemExit as stop:
                code = 0 if stop.code is None else stop.code if isinstance(stop.code, int) else 1
                exception, exc_info = (stop, sys.exc_info()) if code else (None, None)
            except Exception as error:  # noqa: BLE001 - kept on the result, as invoke keeps it
                code, exception, exc_info = 1, error, sys.exc_info()
            sys.stdout.flush()
            sys.stderr.flush()
            written = stdout.getvalue(), stderr.getvalue(), output.getvalue()
        return Result(self, *written, None, code, exception, exc_info)


def pytest_configure(config: pytest.Config) -> None:
    """Keep what a test run makes out of the source tree, in a folder of the run's own, removed at its end.

    - The message catalogs, compiled as the package build compiles them into the
      wheel: scorepad, in this process and in every one it starts, reads them from
      the folder SCOREPAD_LOCALEDIR names (present.translation).
    - Hypothesis's examples and caches, which it keeps in .hypothesis/ of the folder
      it runs in: HYPOTHESIS_STORAGE_DIRECTORY, unless already set to keep them.
    - The user data folder (XDG_DATA_HOME), where scorepad keeps the key of the
      tables' links: never the user's own.

    And Ctrl-C as a terminal gives it: a run started in the background of a script
    (``cmd &``) has SIGINT ignored, which every scorepad it starts would inherit and
    keep, so the tests of Ctrl-C would see the command run to its end.
    """
    signal.signal(signal.SIGINT, signal.default_int_handler)
    from tools.catalogs import compile_all

    run = Path(tempfile.mkdtemp(prefix="scorepad-tests-"))
    config.add_cleanup(lambda: shutil.rmtree(run, ignore_errors=True))
    compile_all(into=run / "locale")
    os.environ[CATALOGS_VARIABLE] = str(run / "locale")
    os.environ.setdefault("HYPOTHESIS_STORAGE_DIRECTORY", str(run / "hypothesis"))
    # The user data folder, where the key of the tables' links is made (app.table_links): the run's own.
    os.environ["XDG_DATA_HOME"] = str(run / "data")


@pytest.fixture(autouse=True)
def store_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point SCOREPAD_DB at a fresh file, as a user's environment variable would."""
    path = tmp_path / "scorepad.db"
    monkeypatch.setenv("SCOREPAD_DB", str(path))
    monkeypatch.delenv("SCOREPAD_DEBUG", raising=False)
    OPTIONS.db, OPTIONS.ascii = None, False
    # English, whatever the locale of the machine the tests run on; tests of languages set their own.
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANGUAGE", "en")
    choose("en")
    return path


class Cli:
    """Runs scorepad commands in-process, as a person would type them."""

    def __init__(self) -> None:
        self.runner = Runner()

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


def postgres_server() -> dict | None:
    """The PostgreSQL server to test against, from the libpq variables (as pg_virtualenv sets them)."""
    import os

    if not os.environ.get("PGHOST"):
        return None
    return {
        "host": os.environ["PGHOST"],
        "port": os.environ.get("PGPORT", "5432"),
        "user": os.environ.get("PGUSER", "postgres"),
        "password": os.environ.get("PGPASSWORD", ""),
    }


@pytest.fixture
def pg_url():
    """A new, empty PostgreSQL database for one test, as an SQLAlchemy URL; dropped afterwards.

    Skipped without a server, except in CI, where .ci/run starts one: there a
    missing server fails the test rather than hiding it.
    """
    import os
    import uuid

    server = postgres_server()
    if server is None:
        if os.environ.get("CI"):
            pytest.fail("CI must run the PostgreSQL tests: run them under pg_virtualenv")
        pytest.skip("no PostgreSQL server (set PGHOST etc., or run under pg_virtualenv)")
    import psycopg

    name = f"scorepad_test_{uuid.uuid4().hex[:12]}"
    admin = psycopg.connect(dbname="postgres", autocommit=True, **server)
    admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield f"postgresql+psycopg://{server['user']}:{server['password']}@{server['host']}:{server['port']}/{name}"
    finally:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.close()


@pytest.fixture
def three(cli) -> int:
    """Ann, Bob and Cat sit down for a classic match of 9 deals; Ann deals first."""
    return new(cli, "--players", "Ann,Bob,Cat")


@pytest.fixture
def finished(cli) -> int:
    """A 3-deal match that Ann won outright on 30 (Bob 31, Cat 68)."""
    return three_deals(cli, ("Ann=7", "Bob=8", "Cat=28"))

"""The quick reader: status, matches and completion without the database layer, saying what the store says.

``store.quick`` reads a SQLite file's snapshots with ``sqlite3`` alone, and
declines (None) whatever it cannot read so; ``app.reading`` then asks the full
store. Every test here compares the two ways, or shows the quick one declining.
"""

from __future__ import annotations

import os
import random
import sqlite3
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager as ContextManager
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorepad.app import entering, reading
from scorepad.app.entering import Renege
from scorepad.cli.common import json_text
from scorepad.core.errors import ScorepadError
from scorepad.core.match import Format, FormatKind
from scorepad.present.json_shapes import matches_json, status_json
from scorepad.present.translation import CATALOGS_VARIABLE, LANGUAGES
from scorepad.store import quick, rows
from scorepad.store.db import Store, revisions
from scorepad.store.location import store_location
from scorepad.store.schema import (
    HEAD,
    MATCH,
    VERSION_COLUMN,
    VERSION_TABLE,
    EntryColumn,
    MatchColumn,
    SeatColumn,
)

from .test_backup import NAMES, SCRATCH, play_tuesday, random_rules, random_scores


@contextmanager
def full_store() -> Iterator[None]:
    """The full way only: the quick reader declines everything, as it does for a server."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(quick, "stored_match", lambda url, match_id: None)
        patch.setattr(quick, "match_summaries", lambda url: None)
        yield


def printed_the_same_either_way(cli, lang: str, lines: list[list[str]], full: Callable[[], ContextManager]) -> None:
    """Each command line prints the same bytes and exits the same, read the quick way and inside ``full()``."""
    for line in lines:
        quickly = cli("--lang", lang, *line, code=None)
        with full():
            fully = cli("--lang", lang, *line, code=None)
        assert (quickly.exit_code, quickly.stdout, quickly.stderr) == (fully.exit_code, fully.stdout, fully.stderr)


# --- one set of names -----------------------------------------------------------------------


def test_the_names_the_quick_reader_uses_are_the_models_columns(tmp_path):
    from sqlalchemy import create_engine

    from scorepad.store.models import EntryRow, MatchRow, SeatRow, SQLModel

    for names, model in ((MatchColumn, MatchRow), (SeatColumn, SeatRow), (EntryColumn, EntryRow)):
        named = {value for key, value in vars(names).items() if key.isupper()}
        assert named and named <= set(model.__table__.columns.keys()), model  # type: ignore[attr-defined]
    # Every statement the quick reader runs reads tables made from the models alone.
    engine = create_engine(f"sqlite:///{tmp_path / 'models.db'}")
    SQLModel.metadata.create_all(engine)
    engine.dispose()
    with sqlite3.connect(tmp_path / "models.db") as conn:
        conn.execute(f"CREATE TABLE {VERSION_TABLE} ({VERSION_COLUMN} TEXT)")
        for statement in quick.STATEMENTS:
            conn.execute(statement, (1,) * statement.count("?")).fetchall()


# --- the two ways agree ---------------------------------------------------------------------


def shown(store: Store, ids: list[int]) -> list[str]:
    """What ``matches --json`` and every ``status --json`` print, through the app as the commands call it."""
    texts = [json_text(matches_json(reading.matches(store)))]
    return texts + [json_text(status_json(reading.status(store, match_id))) for match_id in (None, *ids)]


def snapshots(location: Path | str) -> dict[int, bool]:
    """Each match of the store, and whether its row keeps a snapshot."""
    path = quick.sqlite_path(location)
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as conn:
        return dict(conn.execute(f"SELECT id, state IS NOT NULL FROM {MATCH}").fetchall())


def agree(store: Store, ids: list[int]) -> None:
    """Both ways show the same; at the head revision the quick one answers wherever a snapshot is kept."""
    quickly = shown(store, ids)
    with full_store():
        assert shown(store, ids) == quickly
    assert quick.match_summaries(store.location) is not None
    for match_id, kept in snapshots(store.location).items():
        assert (quick.stored_match(store.location, match_id) is not None) == kept, match_id


def new_match(store: Store, rnd: random.Random) -> int:
    players = list(NAMES[: rnd.randint(3, 6)])
    rules = random_rules(rnd)
    # Short formats end often, so that tie-breaks come up; a renege ends the last one with everybody else tied.
    total = rules.deal_total(len(players))
    fmt = rnd.choice(
        [Format(FormatKind.DEALS, len(players)), Format(FormatKind.OVER, total), Format(FormatKind.REACH, total)]
    )
    name = rnd.choice([None, "Friday night", "=1+1", "Fredag på Söder"])
    return entering.new_match(store, players, rules, fmt, first_dealer=rnd.choice(players), name=name).match_id


def act(store: Store, match_id: int, rnd: random.Random, seats: bool = True) -> None:
    """One thing a table does: a deal (or tie-break deal), a misdeal, a renege, an undo, a fix, an abandon,
    and with ``seats`` a substitute taking a seat (which a store taken back to an older revision cannot keep)."""
    result = reading.status(store, match_id)
    state, players = result.state, result.state.settings.players
    rules = state.settings.rules
    weights = [10, 2, 2, 3, 3, 0.3, 1 if seats else 0]
    action = rnd.choices(["deal", "misdeal", "renege", "undo", "fix", "abandon", "seat"], weights)[0]
    try:
        if action == "deal" and state.next:
            entering.record_deal(store, match_id, random_scores(rules, [players[s] for s in state.next.players], rnd))
        elif action == "misdeal":
            entering.record_misdeal(store, match_id)
        elif action == "renege" and state.next:
            entering.record_deal(store, match_id, Renege(players[rnd.choice(state.next.players)]))
        elif action == "undo":
            entering.undo(store, match_id)
        elif action == "fix" and state.scored:
            _, done = reading.history(store, match_id)
            row = rnd.choice([r for r in done if r.kind != "misdeal"])
            entering.fix(store, match_id, row.number, random_scores(rules, list(row.scores), rnd))
        elif action == "abandon":
            entering.abandon(store, match_id)
        elif action == "seat":
            entering.seat(store, match_id, rnd.choice(players), rnd.choice(["Zoe", "Yves", *NAMES]))
    except ScorepadError:
        pass  # refused as at a real table: finished, nothing to undo, a fix that breaks later deals


def downgrade(path: Path, revision: str) -> None:
    """Take the store back to ``revision``: its matches as an older scorepad kept them."""
    from alembic import command
    from sqlalchemy import create_engine

    from scorepad.store.migrate import config

    engine = create_engine(f"sqlite:///{path}")
    with engine.begin() as conn:
        command.downgrade(config(conn), revision)
    engine.dispose()


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), revision=st.sampled_from(revisions()))
def test_the_quick_reader_shows_what_the_store_shows_after_every_entry_and_every_migration(seed, revision):
    rnd = random.Random(seed)
    with tempfile.TemporaryDirectory(dir=SCRATCH) as folder:
        path = store_location(str(Path(folder, "club.db")))
        assert isinstance(path, Path)
        store = Store(path)
        try:
            ids: list[int] = []
            for _ in range(rnd.randint(1, 2)):
                ids.append(new_match(store, rnd))
                agree(store, ids)
                for _ in range(rnd.randint(0, 8)):
                    act(store, ids[-1], rnd, seats=revision == HEAD)
                    agree(store, ids)
            if revision != HEAD:
                store.close()
                downgrade(path, revision)
                assert quick.match_summaries(path) is None  # the full store must upgrade it first
                store = Store(path)
                agree(store, ids)  # the first read upgrades it (revision 0001 kept no snapshots)
                for match_id in ids:
                    act(store, match_id, rnd)
                agree(store, ids)
        finally:
            store.close()


def story(cli, store_path: Path) -> None:
    """Three matches: every kind of entry (a misdeal, a fix, an undo, a tie-break, a renege), one abandoned,
    and a name with control characters in it, as an old store may hold."""
    play_tuesday(cli)
    cli("new", "--players", "Dan,Eve,Fay,Gus", "--rules", "omnibus", "--decks", "1")
    cli("deal", "--renege", "Eve")
    cli("new", "--players", "Hal,Ivy,Jo", "--until-over", "50", "--name", "gone")
    cli("abandon")
    with sqlite3.connect(store_path) as conn:
        conn.execute(f"UPDATE {MATCH} SET name = ? WHERE id = 2", ("Fri\x1b]52;c;cHduZWQ=\x07\u202e",))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_status_and_matches_print_the_same_bytes_either_way_in_every_language(cli, store_path, lang):
    story(cli, store_path)
    lines = [
        ["status"], ["status", "--json"], ["status", "--match", "1"], ["status", "--match", "1", "--json"],
        ["status", "--match", "2"], ["--ascii", "status", "--match", "2"], ["status", "--match", "9"],
        ["matches"], ["matches", "--json"],
    ]  # fmt: skip
    printed_the_same_either_way(cli, lang, lines, full_store)
    assert quick.stored_match(f"sqlite:///{store_path}", 1) is not None  # the quick way was taken


# --- what the quick reader declines ---------------------------------------------------------


@pytest.mark.parametrize(
    "url",
    [
        "postgresql+psycopg://host/club",
        "sqlite://",
        "sqlite:///:memory:",
        "sqlite:///file:club.db?mode=ro&uri=true",
        "sqlite:////tmp/a?b.db",  # SQLAlchemy reads /tmp/a, with option b.db
        "sqlite:////tmp/a%20b.db",  # SQLAlchemy reads "/tmp/a b.db"
    ],
)
def test_a_store_that_is_not_a_plain_sqlite_file_is_left_to_the_full_store(url):
    assert quick.stored_match(url, None) is None and quick.match_summaries(url) is None


def test_a_match_without_a_snapshot_is_folded_by_the_full_store(cli, store_path):
    cli("new", "--players", "Ann,Bob,Cat", "--deals", "3")
    cli("deal", "Ann=10", "Bob=10", "Cat=23")
    expected = cli("status", "--json").stdout
    with sqlite3.connect(store_path) as conn:  # as revision 0001 left every match
        conn.execute(f"UPDATE {MATCH} SET state = NULL")
    assert quick.stored_match(f"sqlite:///{store_path}", None) is None
    assert quick.match_summaries(f"sqlite:///{store_path}") is not None  # the list needs no snapshot
    assert cli("status", "--json").stdout == expected


def test_a_file_that_is_no_scorepad_store_is_left_to_the_full_store(cli, store_path):
    store_path.write_bytes(b"Ann 10, Bob 13, Cat 20\n" * 40)
    assert quick.stored_match(f"sqlite:///{store_path}", None) is None
    assert quick.match_lines(f"sqlite:///{store_path}") == []
    cli.refused("status", says="this file is not a scorepad database")


def test_a_store_with_a_rollback_journal_beside_it_is_left_to_the_full_store(cli, store_path):
    cli("new", "--players", "Ann,Bob,Cat")
    (store_path.parent / f"{store_path.name}-journal").write_bytes(b"")
    assert quick.stored_match(f"sqlite:///{store_path}", None) is None


def test_a_file_changed_during_an_immutable_read_is_left_to_the_full_store(cli, store_path):
    cli("new", "--players", "Ann,Bob,Cat")
    real = rows.match_of

    def read_while_written(*args, **kwargs):
        os.utime(store_path, ns=(0, 0))  # what a writer's checkpoint does to the file's change time
        return real(*args, **kwargs)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(rows, "match_of", read_while_written)
        assert quick.stored_match(f"sqlite:///{store_path}", None) is None
    assert quick.stored_match(f"sqlite:///{store_path}", None) is not None


def test_a_store_another_writer_holds_open_is_read_with_its_changes_and_left_as_it_was(cli, store_path):
    cli("new", "--players", "Ann,Bob,Cat")
    writer = sqlite3.connect(store_path)  # scorepad play, say, between two deals
    try:
        writer.execute(f"UPDATE {MATCH} SET name = 'late'")
        writer.commit()
        beside = sorted(os.listdir(store_path.parent))
        assert f"{store_path.name}-wal" in beside
        match = quick.stored_match(f"sqlite:///{store_path}", None)
        assert match is not None and match.name == "late"
        assert sorted(os.listdir(store_path.parent)) == beside
    finally:
        writer.close()


def test_a_quick_read_leaves_the_folder_and_the_file_as_they_were(cli, store_path):
    cli("new", "--players", "Ann,Bob,Cat")
    before = store_path.read_bytes(), sorted(os.listdir(store_path.parent))
    assert quick.stored_match(f"sqlite:///{store_path}", None) is not None
    assert quick.match_summaries(f"sqlite:///{store_path}") is not None
    assert quick.match_lines(f"sqlite:///{store_path}")
    assert (store_path.read_bytes(), sorted(os.listdir(store_path.parent))) == before  # no -wal, no -shm


# --- a real process -------------------------------------------------------------------------


RUNNER = (
    "import sys, atexit\n"
    "atexit.register(lambda: sys.__stderr__.write('MODULES ' + ' '.join(sys.modules) + '\\n'))\n"
    "sys.argv = ['scorepad', *sys.argv[1:]]\n"
    "from scorepad.cli.main import run\n"
    "run()\n"
)


def catalogs() -> dict[str, str]:
    """Where the run's compiled catalogs are (tests/conftest.py), for a process given no other environment."""
    return {CATALOGS_VARIABLE: os.environ[CATALOGS_VARIABLE]}


def run(store: Path, *args: str, **env: str) -> tuple[str, set[str]]:
    """What a real ``scorepad`` process prints, and the modules it had loaded when it exited."""
    done = subprocess.run(
        [sys.executable, "-c", RUNNER, *args],
        capture_output=True,
        text=True,
        env={"PATH": os.environ["PATH"], "SCOREPAD_DB": str(store), "LANGUAGE": "en", **catalogs(), **env},
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    modules = next(x for x in done.stderr.splitlines() if x.startswith("MODULES ")).split()[1:]
    return done.stdout, set(modules)


@pytest.mark.parametrize("args", [("status", "--json"), ("matches", "--json"), ("--lang", "nl", "status")])
def test_status_and_matches_load_no_database_layer_and_print_what_the_store_says(cli, store_path, args):
    story(cli, store_path)
    printed, loaded = run(store_path, *args)
    assert not {"sqlalchemy", "sqlmodel", "alembic"} & loaded
    with full_store():
        assert printed == cli(*args).stdout


def test_completion_loads_no_database_layer_nor_the_rules(cli, store_path):
    story(cli, store_path)
    printed, loaded = run(
        store_path, _SCOREPAD_COMPLETE="complete_bash", COMP_WORDS="scorepad status --match ", COMP_CWORD="3"
    )
    assert printed.split() == ["3", "2", "1"]  # latest used first
    assert not {"sqlalchemy", "sqlmodel", "alembic", "scorepad.core.match"} & loaded


def test_the_quick_reader_agrees_with_the_store(cli, store_path):
    cli("new", "--players", "Ann,Bob,Cat", "--deals", "3", "--name", "Friday")
    cli("new", "--players", "Dan,Eve,Fay", "--deals", "3")
    for _ in range(3):
        cli("deal", "Dan=10", "Eve=10", "Fay=23")
    cli("new", "--players", "Gil,Hal,Ivy")
    cli("abandon")
    full = cli.json("matches")["matches"]
    lines = quick.match_lines(f"sqlite:///{store_path}")
    state = {m["match"]: "abandoned" if m["abandoned"] else "finished" if m["finished"] else "playing" for m in full}
    assert sorted((q.id, q.name, q.players, q.state) for q in lines) == sorted(
        (m["match"], m["name"], m["players"], state[m["match"]]) for m in full
    )
    assert [q.id for q in lines] == [3, 2, 1]  # latest used first

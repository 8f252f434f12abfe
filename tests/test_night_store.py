"""Nights in the store: the migration that makes their tables, and the two readers that must agree."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from scorepad.present.translation import LANGUAGES
from scorepad.store import quick
from scorepad.store.schema import NIGHT, NIGHT_PLAYER, NIGHT_TABLE, NightColumn, NightPlayerColumn, NightTableColumn

from .nights import CLUB
from .test_night_cli import finish_round, finish_table, new_night
from .test_quick_read import printed_the_same_either_way, run


def columns(path, table: str) -> dict[str, tuple[str, bool]]:
    """A table's columns as SQLite holds them: name -> (type, may be null)."""
    with sqlite3.connect(path) as conn:
        return {row[1]: (row[2], not row[3]) for row in conn.execute(f"PRAGMA table_info({table})")}


def test_revision_0004_adds_the_night_tables_beside_the_matches_and_takes_them_away_again(cli, store_path):
    from alembic import command
    from sqlalchemy import create_engine

    from scorepad.store.migrate import config, upgrade

    engine = create_engine(f"sqlite:///{store_path}")
    with engine.begin() as conn:
        upgrade(conn, "0003")
    engine.dispose()
    assert not columns(store_path, NIGHT)
    cli("new", "--players", "Ann,Bob,Cat")  # opening the store brings it to 0004
    assert columns(store_path, NIGHT) == {
        "id": ("INTEGER", False),
        "uid": ("VARCHAR(32)", False),
        "name": ("VARCHAR", True),
        "rules": ("VARCHAR", False),
        "table_size": ("INTEGER", False),
        "rounds": ("INTEGER", False),
        "deals_per_player": ("INTEGER", False),
        "movement": ("VARCHAR(16)", False),
        "seating": ("VARCHAR(8)", False),
        "seed": ("BIGINT", False),
        "created_at": ("VARCHAR(32)", False),
        "touched": ("INTEGER", False),
        "planned": ("VARCHAR", True),
        "min_rounds": ("INTEGER", True),  # revision 0007
        "cuts": ("VARCHAR", True),  # revision 0007
    }
    assert columns(store_path, NIGHT_PLAYER) == {
        "night_id": ("INTEGER", False),
        "position": ("INTEGER", False),
        "name": ("VARCHAR", False),
        "joined_round": ("INTEGER", True),
        "left_round": ("INTEGER", True),
    }
    assert columns(store_path, NIGHT_TABLE) == {
        "night_id": ("INTEGER", False),
        "round": ("INTEGER", False),
        "number": ("INTEGER", False),
        "match_id": ("INTEGER", False),
        "players": ("VARCHAR", False),
        "first_dealer": ("INTEGER", False),
    }
    with sqlite3.connect(store_path) as conn:
        keys = {(row[2], row[3], row[4]) for row in conn.execute(f"PRAGMA foreign_key_list({NIGHT_TABLE})")}
        assert keys == {("night", "night_id", "id"), ("match", "match_id", "id")}
    engine = create_engine(f"sqlite:///{store_path}")
    with engine.begin() as conn:
        command.downgrade(config(conn), "0003")
    engine.dispose()
    assert not columns(store_path, NIGHT) and cli.json("status")["players"] == ["Ann", "Bob", "Cat"]


def test_revision_0007_keeps_a_nights_minimum_and_cuts_and_refuses_to_go_back_losing_a_minimum(cli, store_path):
    from alembic import command
    from sqlalchemy import create_engine

    from scorepad.store.migrate import config

    new_night(cli, "--min-rounds", "2")
    assert {"min_rounds", "cuts"} <= set(columns(store_path, NIGHT))
    engine = create_engine(f"sqlite:///{store_path}")
    with engine.begin() as conn:  # the revisions after 0007 first, each in its own transaction
        command.downgrade(config(conn), "0007")
    with pytest.raises(RuntimeError, match="minimum of rounds"), engine.begin() as conn:
        command.downgrade(config(conn), "0006")
    with sqlite3.connect(store_path) as conn:
        conn.execute("UPDATE night SET min_rounds = NULL")
    with engine.begin() as conn:
        command.downgrade(config(conn), "0006")
    engine.dispose()
    assert not {"min_rounds", "cuts"} & set(columns(store_path, NIGHT))
    assert cli.json("night", "status")["night"] == 1  # opening the store brings it back to the head


def test_the_names_the_quick_reader_uses_for_nights_are_the_models_columns():
    from scorepad.store.models import NightPlayerRow, NightRow, NightTableRow

    for names, model in (
        (NightColumn, NightRow),
        (NightPlayerColumn, NightPlayerRow),
        (NightTableColumn, NightTableRow),
    ):
        named = {value for key, value in vars(names).items() if key.isupper()}
        assert named == set(model.__table__.columns.keys()), model  # type: ignore[attr-defined]


@contextmanager
def full_store() -> Iterator[None]:
    """The full way only: the quick reader declines every night, as it does for a server."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(quick, "stored_night", lambda location, night_id: None)
        yield


def evening(cli) -> None:
    """Two nights: one a round on, a table of it in a tie-break, a player leaving and one joining; one abandoned."""
    new_night(cli, "--name", "Clubavond", players=",".join(CLUB[:11]))
    finish_round(cli)
    cli("night", "next")
    table = cli.json("night", "status")["tables"][0]
    for _ in range(len(table["players"])):
        cli("deal", "--match", table["match"], *["0", "0", "13", "30"][: len(table["players"])])
    cli("night", "leave", "Ann")
    cli("night", "join", "Zoe")
    new_night(cli, "--movement", "mixed")
    cli("abandon")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_night_status_prints_the_same_bytes_from_either_reader_in_every_language(cli, store_path, lang):
    evening(cli)
    lines = [
        ["night", "status"], ["night", "status", "--json"], ["night", "status", "--night", "1"],
        ["night", "status", "--night", "1", "--json"], ["night", "status", "--night", "9"],
    ]  # fmt: skip
    printed_the_same_either_way(cli, lang, lines, full_store)
    assert quick.stored_night(f"sqlite:///{store_path}", 1) is not None  # the quick way was taken
    assert "tie-break" in cli("--lang", "en", "night", "status", "--night", "1").stdout


def test_night_status_loads_no_database_layer_and_prints_what_the_store_says(cli, store_path):
    evening(cli)
    for args in (("night", "status", "--json", "--night", "1"), ("--lang", "nl", "night", "status")):
        printed, loaded = run(store_path, *args)
        assert not {"sqlalchemy", "sqlmodel", "alembic"} & loaded
        with full_store():
            assert printed == cli(*args).stdout


def test_completion_offers_the_nights_latest_used_first_without_the_database_layer(cli, store_path):
    evening(cli)
    cli("night", "join", "Yan", "--night", "1")
    printed, loaded = run(
        store_path,
        _SCOREPAD_COMPLETE="complete_bash",
        COMP_WORDS="scorepad night status --night ",
        COMP_CWORD="4",
    )
    assert printed.split() == ["1", "2"]
    assert not {"sqlalchemy", "sqlmodel", "alembic"} & loaded


def test_a_table_whose_match_keeps_no_snapshot_is_folded_by_the_full_store(cli, store_path):
    new_night(cli)
    cli("deal", "--match", "2", "0", "3", "10", "30")
    expected = cli("night", "status", "--json").stdout
    with sqlite3.connect(store_path) as conn:  # as revision 0001 left every match
        conn.execute("UPDATE match SET state = NULL")
    assert quick.stored_night(f"sqlite:///{store_path}", None) is None
    assert cli("night", "status", "--json").stdout == expected


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (f"UPDATE {NIGHT_TABLE} SET players = 'Ann' WHERE number = 1", "night 1 is damaged in the store: "),
        (f"UPDATE {NIGHT} SET movement = 'sideways'", "night 1 is damaged in the store: 'sideways'"),
        (
            f"""UPDATE {NIGHT} SET planned = '[[["Ann", "Ann", "Bob"]]]'""",
            "night 1 is damaged in the store: the rounds drawn ahead are not tables of the night's players",
        ),
        (
            f"DELETE FROM {NIGHT_PLAYER} WHERE name = 'Hal'",
            "night 1 is damaged in the store: round 1 seats Ann, Bob, Cat, Dan, Eva, Fay, Gus, Hal, not the night's",
        ),
    ],
)
def test_a_night_edited_by_hand_is_refused_in_one_line_by_either_reader(cli, store_path, change, says):
    new_night(cli)
    with sqlite3.connect(store_path) as conn:
        conn.execute(change)
    cli.refused("night", "status", says=says)
    with full_store():
        cli.refused("night", "status", says=says)
    cli.refused("night", "next", says=says)


def test_a_round_is_not_ended_twice_nor_a_table_seated_twice(cli, store_path):
    new_night(cli, "--rounds", "2")
    finish_round(cli)
    cli("night", "next")
    cli.refused("night", "next", says="table 1 (match 3) is not over")
    with sqlite3.connect(store_path) as conn:
        assert conn.execute(f"SELECT count(*) FROM {NIGHT_TABLE}").fetchone() == (4,)
        assert conn.execute("SELECT count(*) FROM match").fetchone() == (4,)
    finish_table(cli, cli.json("night", "status")["tables"][0])

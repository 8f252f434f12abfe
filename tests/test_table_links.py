"""The tables' links and codes: ``night codes``, made from a key outside the store, shown only where asked for.

The night of these tests: eight players at two tables of four, seated as listed.
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
from pathlib import Path

import pytest

from scorepad.app.table_links import CODE_ALPHABET, CODE_LENGTH, TOKEN_LENGTH

NIGHT = ("night", "new", "--players", "Ann,Bob,Cat,Dan,Eva,Fay,Gus,Hal", "--seating", "listed", "--seed", "7")


@pytest.fixture
def night(cli, store_path) -> Path:
    cli(*NIGHT)
    return store_path


def codes(cli, *options: str) -> dict:
    return json.loads(cli("night", "codes", "--json", *options).stdout)


def key_file() -> Path:
    return Path(os.environ["XDG_DATA_HOME"]) / "scorepad" / "night-links.key"


def test_every_table_has_a_link_and_a_code_that_stay_the_same_all_night(cli, night):
    made = codes(cli)
    assert [t["table"] for t in made["tables"]] == [1, 2] and made["night"] == 1
    for table in made["tables"]:
        assert re.fullmatch(rf"/t/[A-Za-z0-9_-]{{{TOKEN_LENGTH}}}", table["link"])
        assert len(table["code"]) == CODE_LENGTH and set(table["code"]) <= set(CODE_ALPHABET)
    assert len({t["code"] for t in made["tables"]}) == 2
    assert codes(cli) == made  # shown again, the same
    text = cli("night", "codes").stdout
    for table in made["tables"]:
        assert table["link"] in text and table["code"] in text
    assert key_file().stat().st_mode & 0o077 == 0  # the key is the user's alone


def test_new_codes_replace_every_link_and_code(cli, night):
    before = codes(cli)
    after = codes(cli, "--new")
    assert {t["link"] for t in before["tables"]}.isdisjoint(t["link"] for t in after["tables"])
    assert {t["code"] for t in before["tables"]}.isdisjoint(t["code"] for t in after["tables"])
    assert codes(cli) == after


def test_the_store_holds_neither_a_link_nor_a_code(cli, night, tmp_path):
    made = codes(cli)
    whole = night.read_bytes() + b"".join(p.read_bytes() for p in night.parent.glob(night.name + "-*"))
    backup = tmp_path / "night.json"
    cli("export", "--format", "json", "--all", "--out", str(backup))
    shown = [
        whole,
        backup.read_bytes(),
        cli("night", "status", "--json").stdout.encode(),
        cli("night", "status").stdout.encode(),
        cli("history", "--match", "1", "--json").stdout.encode(),
    ]
    for table in made["tables"]:
        token = table["link"].removeprefix("/t/").encode()
        for seen in shown:
            assert token not in seen and table["code"].encode() not in seen
    with sqlite3.connect(night) as conn:
        assert conn.execute("SELECT count(*) FROM night_link").fetchone() == (1,)


def test_links_made_with_another_key_are_not_shown_but_can_be_made_again(cli, night):
    codes(cli)
    key_file().write_bytes(os.urandom(32))  # another computer's key, or this one's lost
    refused = cli("night", "codes", code=1)
    assert refused.stdout == ""
    assert "were made on another computer" in refused.stderr and "night codes --new" in refused.stderr
    assert len(refused.stderr.strip().splitlines()) == 1
    assert [t["table"] for t in codes(cli, "--new")["tables"]] == [1, 2]


def test_without_a_night_codes_are_refused(cli, store_path):
    refused = cli("night", "codes", code=1)
    assert "there is no night yet" in refused.stderr and not store_path.exists()

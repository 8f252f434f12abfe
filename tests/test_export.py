"""CSV export: a match's deals for a spreadsheet, written safely under exports/.

The club secretary exports Tuesday's match and opens it in a spreadsheet: one
row per player per scored deal, totals as they stood, and no cell that the
spreadsheet would run as a formula.
"""

from __future__ import annotations

import csv
import io
import os
from pathlib import Path

import pytest
from freezegun import freeze_time
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorepad.app.csv_rows import COLUMNS, escape
from scorepad.app.export import ExportError, write_file
from scorepad.core.text import CONTROL, visible
from scorepad.store.db import Store


def unescape(text: str) -> str:
    """The text a cell written by ``escape`` came from, as the README tells a reader to get it back."""
    return text[1:] if text.startswith("'") else text


FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def read_csv(path: Path) -> list[list[str]]:
    with open(path, encoding="utf-8", newline="") as stream:
        return list(csv.reader(stream))


@pytest.fixture(autouse=True)
def in_tmp(tmp_path, monkeypatch):
    """Exports go under exports/ in the current folder: make that a fresh one."""
    monkeypatch.chdir(tmp_path)


@pytest.fixture
def tuesday(cli):
    """Ann, Bob and Cat play 3 deals with a misdeal, a renege and a tie-break, an hour apart each."""
    with freeze_time("2026-11-29 20:00:00") as clock:
        cli("new", "--players", "Ann,Bob,Cat", "--deals", "3", "--name", "=Tuesday")
        cli("deal", "Ann=10", "Bob=10", "Cat=23")
        clock.move_to("2026-11-29 20:10:00")
        cli("misdeal")  # Bob deals deal 2 again
        clock.move_to("2026-11-29 20:11:00")
        cli("deal", "--renege", "Cat")
        clock.move_to("2026-11-29 20:20:00")
        cli("deal", "Ann=20", "Bob=20", "Cat=2H,3H,4H")
        clock.move_to("2026-11-29 20:30:00")
        cli("deal", "Ann=20", "Bob=23")  # the tie-break: Ann wins
    return 1


def test_one_row_per_player_per_scored_deal_with_totals_as_they_stood(cli, tuesday):
    with freeze_time("2026-11-29 20:40:00"):
        path = cli("export").stdout.strip()
    assert path == os.path.join("exports", "match-1-long-20261129-2040.csv")
    rows = read_csv(Path(path))
    assert rows[0] == list(COLUMNS)
    assert rows[1:] == [
        # match, name, deal, kind, dealer, player, seat, points, total, recorded_at
        ["1", "'=Tuesday", "1", "deal", "Ann", "Ann", "1", "10", "10", "2026-11-29T20:00:00+00:00"],
        ["1", "'=Tuesday", "1", "deal", "Ann", "Bob", "2", "10", "10", "2026-11-29T20:00:00+00:00"],
        ["1", "'=Tuesday", "1", "deal", "Ann", "Cat", "3", "23", "23", "2026-11-29T20:00:00+00:00"],
        # the misdeal has no rows; the renege does
        ["1", "'=Tuesday", "2", "deal", "Bob", "Ann", "1", "0", "10", "2026-11-29T20:11:00+00:00"],
        ["1", "'=Tuesday", "2", "deal", "Bob", "Bob", "2", "0", "10", "2026-11-29T20:11:00+00:00"],
        ["1", "'=Tuesday", "2", "deal", "Bob", "Cat", "3", "43", "66", "2026-11-29T20:11:00+00:00"],
        ["1", "'=Tuesday", "3", "deal", "Cat", "Ann", "1", "20", "30", "2026-11-29T20:20:00+00:00"],
        ["1", "'=Tuesday", "3", "deal", "Cat", "Bob", "2", "20", "30", "2026-11-29T20:20:00+00:00"],
        ["1", "'=Tuesday", "3", "deal", "Cat", "Cat", "3", "3", "69", "2026-11-29T20:20:00+00:00"],
        # the tie-break: its players only, and the totals stay
        ["1", "'=Tuesday", "4", "tiebreak", "Ann", "Ann", "1", "20", "30", "2026-11-29T20:30:00+00:00"],
        ["1", "'=Tuesday", "4", "tiebreak", "Ann", "Bob", "2", "23", "30", "2026-11-29T20:30:00+00:00"],
    ]
    history = cli.json("history")["deals"]
    assert [d["totals"] for d in history if d["kind"] == "deal"][-1] == {"Ann": 30, "Bob": 30, "Cat": 69}
    assert os.listdir("exports") == ["match-1-long-20261129-2040.csv"]  # no temporary file left behind


def test_an_export_never_replaces_an_earlier_one(cli, tuesday):
    cli("new", "--players", "Dan,Eve,Fay")
    with freeze_time("2026-11-29 20:15:03"):
        paths = [cli(*args).stdout.strip() for args in [("export", "-m", "1")] * 3 + [("export", "--all")]]
        paths.append(cli("export", "--all", "--format", "json").stdout.strip())
    assert paths == [
        os.path.join("exports", name)
        for name in (
            "match-1-long-20261129-2015.csv",
            "match-1-long-20261129-2015-2.csv",
            "match-1-long-20261129-2015-3.csv",
            "all-long-20261129-2015.csv",
            "all-backup-20261129-2015.json",
        )
    ]
    assert read_csv(Path(paths[0])) == read_csv(Path(paths[2])) == read_csv(Path(paths[3]))  # match 2 has no deals


def test_the_default_match_is_the_latest_used(cli, tuesday):
    cli("new", "--players", "Dan,Eve,Fay")
    cli("deal", "Dan=43", "Eve=0", "Fay=0")
    assert {row[0] for row in read_csv(Path(cli("export").stdout.strip()))[1:]} == {"2"}
    cli("rename", "Ann", "Anne", "--match", "1")  # now match 1 was written to last
    rows = read_csv(Path(cli("export").stdout.strip()))[1:]
    assert {row[0] for row in rows} == {"1"} and rows[0][4:6] == ["Anne", "Anne"]


def test_an_explicit_out_is_refused_if_it_exists_unless_forced(cli, tuesday, tmp_path):
    out = tmp_path / "tuesday.csv"
    assert cli("export", "--out", out).stdout.strip() == str(out)
    out.write_text("keep me")
    cli.refused("export", "--out", out, says="exists: give --force")
    assert out.read_text() == "keep me"
    cli("export", "--out", out, "--force")
    assert read_csv(out)[0] == list(COLUMNS)
    assert not [name for name in os.listdir(tmp_path) if name.endswith(".tmp")]


@pytest.mark.parametrize(
    "args, says",
    [
        (("--match", "1", "--all"), "give --match ID or --all, not both"),
        (("--match", "9"), "there is no match 9"),
        (("--out", "nowhere/x.csv"), "there is no folder nowhere"),
        (("--out", "backup.json"), "named like a JSON file, but the format is csv"),
        (("--out", "deals.csv", "--format", "json"), "named like a CSV file, but the format is json"),
    ],
)
def test_exports_that_cannot_be_made_are_refused(cli, tuesday, args, says):
    cli.refused("export", *args, says=says)


def test_no_match_yet(cli):
    cli.refused("export", says="there is no match yet")


def test_numbers_stay_numbers(cli):
    cli("new", "--players", "Ann,Bob,Cat", "--slam", "--name", "-43")
    cli("deal", "Ann=43", "Bob=0", "Cat=0")  # Ann took every penalty card: recorded as -43
    text = Path(cli("export").stdout.strip()).read_text(encoding="utf-8")
    assert "1,'-43,1,deal,Ann,Ann,1,-43,-43," in text


# Escaping: lossless, and nothing a spreadsheet would run.


#: Text as a name may now hold it: no control character (core.text.CONTROL).
TEXT = st.text().map(lambda text: CONTROL.sub("", text))


@given(TEXT)
def test_escaping_is_lossless_and_never_starts_a_formula(text):
    escaped = escape(text)
    assert unescape(escaped) == text
    assert not escaped.startswith(FORMULA_START)
    assert escaped == text or escaped == "'" + text


@given(st.text())
def test_a_control_character_an_old_store_may_hold_is_never_written_to_a_cell(text):
    escaped = escape(text)
    assert not CONTROL.search(escaped), escaped
    assert not escaped.startswith(FORMULA_START)
    assert unescape(escaped) == visible(text)


@given(st.lists(TEXT, min_size=1, max_size=5))
def test_escaped_cells_survive_the_csv_module(cells):
    stream = io.StringIO(newline="")
    csv.writer(stream).writerow([escape(c) for c in cells])
    stream.seek(0)
    (row,) = csv.reader(stream)
    assert [unescape(c) for c in row] == cells


# Names through the command line: player names have no spaces, but may start
# with ' + - @; a match's name may hold spaces, quotes and commas, but no control character.
PLAYER = st.text(st.sampled_from("'+-@abcXYZé"), min_size=1, max_size=6)
MATCH_NAME = st.text(st.sampled_from("'=+-@ ,\"aé1\u00a0\u200d"), min_size=1, max_size=8)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(players=st.lists(PLAYER, min_size=3, max_size=3, unique_by=str.casefold), name=MATCH_NAME)
def test_names_come_back_from_the_csv_as_they_were_given(cli, tmp_path, players, name):
    match = int(cli("new", "--players", ",".join(players), "--name", name).stdout)
    cli("deal", "--", f"{players[0]}=10", f"{players[1]}=10", f"{players[2]}=23")
    rows = read_csv(Path(cli("export", "--match", match).stdout.strip()))[1:]
    assert [unescape(r[1]) for r in rows] == [name] * 3
    assert [unescape(r[5]) for r in rows] == players
    assert unescape(rows[0][4]) == players[0]  # the dealer
    assert all(not cell.startswith(FORMULA_START) for r in rows for cell in (r[1], r[4], r[5]))


# Writing safely.


def test_a_failed_write_leaves_no_file_and_the_earlier_one_whole(tmp_path, store_path):
    target, store = tmp_path / "deals.csv", Store(store_path)

    def crash(stream):
        stream.write("match,match_name\n1,half")
        raise OSError(28, "No space left on device")

    with pytest.raises(ExportError, match="no space left on the device"):  # os_reason: the catalog's words
        write_file(target, crash, store)
    assert os.listdir(tmp_path) == []
    target.write_text("the earlier export")
    with pytest.raises(ExportError):
        write_file(target, crash, store, overwrite=True)
    assert target.read_text() == "the earlier export"
    assert os.listdir(tmp_path) == ["deals.csv"]


def test_a_name_taken_meanwhile_is_not_overwritten(tmp_path, monkeypatch, store_path):
    """Another export may take the name between the check and the move: the next free name is used."""
    target, store = tmp_path / "match-1.csv", Store(store_path)

    def write(stream):
        target.write_text("the other export")  # arrives while this one is being written
        stream.write("this export")

    placed = write_file(target, write, store, rename=True)
    assert placed == tmp_path / "match-1-2.csv"
    assert target.read_text() == "the other export" and placed.read_text() == "this export"
    with pytest.raises(ExportError, match="exists"):
        write_file(tmp_path / "late.csv", lambda s: (tmp_path / "late.csv").write_text("first"), store)
    assert (tmp_path / "late.csv").read_text() == "first"


def test_an_export_goes_to_a_file_not_to_standard_output(cli, tmp_path, monkeypatch):
    cli("new", "--players", "Ann,Bob,Cat")
    monkeypatch.chdir(tmp_path)
    cli.refused("export", "--out", "-", says="--out takes a file name")
    assert not (tmp_path / "-").exists()

"""Numbers and times as the country writes them, and a CSV its spreadsheet program opens (issue 25)."""

from __future__ import annotations

import csv
import time

import pytest
from freezegun import freeze_time

from scorepad.present.translation import LANGUAGES

from .test_language import catalog

OTHERS = [code for code in LANGUAGES if code != "en"]
#: Central European Time as a POSIX rule, so that no time zone database is needed: UTC+1, +2 in summer.
AMSTERDAM = "CET-1CEST,M3.5.0,M10.5.0/3"


@pytest.fixture
def in_amsterdam(monkeypatch):
    """The local time zone of a Dutch club, for this process and the ones it starts."""
    monkeypatch.setenv("TZ", AMSTERDAM)
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def _averages(cli) -> None:
    """Three deals of 10, 10 and 23: Ann and Bob average 10,00 a deal, and Cat 23,00; then 11 and 31: 10,33."""
    cli("new", "--players", "Ann,Bob,Cat", "--deals", "3")
    cli("deal", "10", "10", "23")
    cli("deal", "10", "10", "23")
    cli("deal", "11", "31", "1")


@pytest.mark.parametrize("language", OTHERS)
def test_stats_and_ratings_write_decimals_with_the_language_s_mark(cli, language):
    _averages(cli)
    stats = cli("--lang", language, "stats").stdout
    assert "10,33" in stats and "10.33" not in stats
    ratings = cli("--lang", language, "ratings").stdout
    figures = [cell for line in ratings.splitlines()[1:4] for cell in line.split()[2:5]]
    assert len(figures) == 9 and all("," in figure and "." not in figure for figure in figures), ratings
    english = cli("--lang", "en", "stats").stdout
    assert "10.33" in english and "10,33" not in english
    assert cli.json("--lang", language, "stats")["players"][0]["avg_per_deal"] == 10.33  # JSON keeps a number


def test_times_for_people_are_local_and_written_as_the_country_writes_them(cli, tmp_path, in_amsterdam):
    with freeze_time("2026-11-29 23:30:05"):  # half past midnight in Amsterdam: the next day there
        cli("new", "--players", "Ann,Bob,Cat")
        cli("deal", "10", "10", "23")
    nl, sv = catalog("nl").gettext, catalog("sv").gettext
    history = cli("--lang", "nl", "history").stdout
    assert "30-11-2026 00:30:05" in history and nl("Recorded") in history and "UTC" not in history
    assert "2026-11-30 00:30:05" in cli("--lang", "sv", "history").stdout
    matches = cli("--lang", "nl", "matches").stdout
    assert "30-11-2026 00:30" in matches and nl("Created") in matches and "(UTC)" not in matches
    assert sv("Created") in cli("--lang", "sv", "matches").stdout
    page = tmp_path / "report.html"
    cli("--lang", "nl", "report", "--out", page)
    assert "30-11-2026" in page.read_text(encoding="utf-8")

    english = cli("--lang", "en", "history").stdout  # as it always was: the stored time, in UTC
    assert "2026-11-29T23:30:05" in english and "Recorded (UTC)" in english
    assert "2026-11-29 23:30" in cli("matches").stdout
    cli("report", "--out", page, "--force")
    assert "played 2026-11-29" in page.read_text(encoding="utf-8")
    assert cli.json("--lang", "nl", "history")["deals"][0]["recorded_at"] == "2026-11-29T23:30:05+00:00"


# --- spreadsheets ---------------------------------------------------------------------------

#: Names a spreadsheet would split or run: the language's list separator, a formula's start, a letter
#: outside ASCII, which the program reads right only when the file says it is UTF-8.
NAMES = "Anke,Cor;Bert,+Dirk,Jörg"


def _cells(path, separator: str, encoding: str = "utf-8") -> list[list[str]]:
    with path.open(encoding=encoding, newline="") as file:
        return list(csv.reader(file, delimiter=separator))


@pytest.mark.parametrize("language", OTHERS)
@pytest.mark.parametrize("layout", ["long", "sheet"])
def test_a_spreadsheet_csv_opens_as_the_locale_s_dialect_with_every_cell(cli, tmp_path, language, layout):
    cli("new", "--players", NAMES, "--name", "Clubavond; tafel 2")
    cli("deal", "10", "10", "10", "13")
    cli("misdeal")
    cli("deal", "0", "0", "0", "43")
    plain, sheet = tmp_path / "plain.csv", tmp_path / "sheet.csv"
    cli("--lang", language, "export", "--layout", layout, "--out", plain)
    cli("--lang", language, "export", "--layout", layout, "--spreadsheet", "--out", sheet)
    assert sheet.read_bytes().startswith(b"\xef\xbb\xbf") and not plain.read_bytes().startswith(b"\xef\xbb\xbf")
    cells, plain_cells = _cells(sheet, ";", encoding="utf-8-sig"), _cells(plain, ",")
    # every cell, split where it should be and nowhere else: the same shape as the plain CSV's
    assert [len(row) for row in cells] == [len(row) for row in plain_cells]
    assert {len(row) for row in cells} == {len(cells[0])}
    flat = [cell for row in cells for cell in row]
    assert "Cor;Bert" in flat and "'+Dirk" in flat and "Jörg" in flat  # the formula guard still applies
    assert catalog(language).gettext("Dealer") in cells[0]  # the header in the language
    if layout == "long":
        assert "Clubavond; tafel 2" in flat
        assert catalog(language).gettext("deal") in flat and "deal" not in flat
    else:
        assert catalog(language).gettext("misdeal") in flat and catalog(language).gettext("total") in flat


def test_an_english_spreadsheet_keeps_the_comma_and_says_it_is_utf8(cli, tmp_path, in_amsterdam):
    with freeze_time("2026-11-29 23:30:05"):  # half past midnight in Amsterdam
        cli("new", "--players", NAMES)
        cli("deal", "10", "10", "10", "13")
    plain, sheet = tmp_path / "plain.csv", tmp_path / "sheet.csv"
    cli("export", "--out", plain)
    cli("export", "--spreadsheet", "--out", sheet)
    assert sheet.read_bytes().startswith(b"\xef\xbb\xbf")
    cells, plain_cells = _cells(sheet, ",", encoding="utf-8-sig"), _cells(plain, ",")
    assert cells[0] == [
        "Match",
        "Match name",
        "Deal",
        "Kind",
        "Dealer",
        "Player",
        "Seat",
        "Points",
        "Total",
        "Recorded",
    ]
    assert [row[:-1] for row in cells[1:]] == [row[:-1] for row in plain_cells[1:]]
    # local, and as every spreadsheet reads a date and time: no T, no offset
    assert {row[-1] for row in cells[1:]} == {"2026-11-30 00:30:05"}
    assert {row[-1] for row in plain_cells[1:]} == {"2026-11-29T23:30:05+00:00"}


def test_a_spreadsheet_is_a_csv_not_a_backup(cli, tmp_path, unchanged):
    cli("new", "--players", "Ann,Bob,Cat")
    with unchanged():
        cli.refused("export", "--format", "json", "--spreadsheet", "--out", tmp_path / "b.json", says="--spreadsheet")
    assert not (tmp_path / "b.json").exists()

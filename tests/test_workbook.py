"""Workbooks and spreadsheets in the table's words (issue 36): what a club opens, read back as a program reads it.

A Dutch club exports Friday's match as a workbook and opens it: ``+Bea`` and
``007`` are the names they typed, points are numbers, times are local dates,
the header speaks Dutch and stays put. openpyxl reads every file back; once,
LibreOffice itself opens one.
"""

from __future__ import annotations

import csv
import shutil
import subprocess
from datetime import datetime
from pathlib import Path

import openpyxl
import pytest
from freezegun import freeze_time

from .test_language import catalog
from .test_night_cli import finish_round, new_night
from .test_numbers_and_spreadsheets import in_amsterdam  # noqa: F401  (a fixture)

#: Names a spreadsheet would take for a formula or a number, typed by the club as they are.
NAMES = "+Bea,007,@Cor,Dirk"


@pytest.fixture
def friday(cli, in_amsterdam):  # noqa: F811
    """Four players, a deal, a misdeal and another deal, at half past midnight in Amsterdam."""
    with freeze_time("2026-11-29 23:30:05"):
        cli("new", "--players", NAMES, "--name", "=Friday")
        cli("deal", "10", "10", "10", "13")
        cli("misdeal")
        cli("deal", "0", "3", "10", "30")
    return 1


def _rows(sheet) -> list[tuple]:
    return list(sheet.iter_rows(values_only=True))


def test_a_match_s_workbook_has_its_long_rows_and_its_score_sheet_in_the_language(cli, tmp_path, friday):
    nl = catalog("nl").gettext
    out = tmp_path / "friday.xlsx"
    assert cli("--lang", "nl", "export", "--format", "xlsx", "--out", out).stdout.strip() == str(out)
    book = openpyxl.load_workbook(out)
    assert book.sheetnames == [nl("Deals"), nl("Score sheet")]
    deals, sheet = book.worksheets
    rows = _rows(deals)
    assert rows[0] == tuple(nl(h) for h in ("Match", "Match name", "Deal", "Kind", "Dealer", "Player", "Seat", "Points", "Total", "Recorded"))  # fmt: skip
    assert rows[1] == (1, "=Friday", 1, nl("deal"), "+Bea", "+Bea", 1, 10, 10, datetime(2026, 11, 30, 0, 30, 5))
    assert [row[5] for row in rows[1:5]] == ["+Bea", "007", "@Cor", "Dirk"]  # text as typed: no ', no formula
    assert all(deals.cell(row, 6).data_type == "s" for row in range(2, 6))
    assert deals.cell(2, 10).is_date and deals.cell(2, 10).number_format.startswith("dd-mm-yyyy")
    assert [row[8] for row in rows[5:9]] == [10, 13, 20, 43]  # totals: numbers, running
    assert deals.freeze_panes == "A2" and sheet.freeze_panes == "A2"
    widths = {deals.cell(1, column).column_letter: len(str(rows[0][column - 1])) for column in range(1, 11)}
    assert all(deals.column_dimensions[letter].width >= width for letter, width in widths.items())

    shown = _rows(sheet)
    total = nl("Total {player}")
    assert shown[0] == (nl("Deal"), nl("Kind"), nl("Dealer"), *NAMES.split(","), *(total.format(player=p) for p in NAMES.split(",")), nl("Note"))  # fmt: skip
    assert shown[1] == (1, nl("deal"), "+Bea", 10, 10, 10, 13, 10, 10, 10, 13, None)
    assert shown[2] == (2, nl("misdeal"), "007", None, None, None, None, 10, 10, 10, 13, nl("misdeal"))
    assert shown[3] == (2, nl("deal"), "007", 0, 3, 10, 30, 10, 13, 20, 43, None)
    assert shown[4] == (nl("total"), None, None, 10, 13, 20, 43, 10, 13, 20, 43, None)


def test_a_workbook_goes_under_exports_by_default_and_is_no_spreadsheet_csv(cli, tmp_path, monkeypatch, friday):
    monkeypatch.chdir(tmp_path)
    path = Path(cli("export", "--format", "xlsx").stdout.strip())
    assert path.parent.name == "exports" and path.name.startswith("match-1-workbook-") and path.suffix == ".xlsx"
    assert _rows(openpyxl.load_workbook(path).worksheets[0])[0][0] == "Match"  # English: the language in use
    cli.refused("export", "--format", "xlsx", "--spreadsheet", says="--spreadsheet")
    cli.refused("export", "--format", "xlsx", "--out", tmp_path / "a.csv", says="CSV")
    every = Path(cli("export", "--all", "--format", "xlsx").stdout.strip())
    assert openpyxl.load_workbook(every).sheetnames == ["Deals"]  # a score sheet is one match's


def _night(cli) -> None:
    new_night(cli)
    finish_round(cli)


def test_a_night_s_workbook_has_its_standings_and_a_sheet_a_round(cli, tmp_path):
    _night(cli)
    sv = catalog("sv").gettext
    out = tmp_path / "night.xlsx"
    cli("--lang", "sv", "night", "export", "--format", "xlsx", "--out", out)
    book = openpyxl.load_workbook(out)
    assert book.sheetnames == [sv("Standings"), sv("Round {round}").format(round=1)]
    standings, round_1 = (_rows(sheet) for sheet in book.worksheets)
    assert standings[0] == tuple(sv(h) for h in ("Place", "Player", "Score", "Rounds", "Firsts", "Points per deal"))
    assert standings[1][:5] == (1, "Ann", 100, 1, 1) and len(standings) == 1 + 8
    assert book.worksheets[0].cell(2, 3).number_format == "0.00"
    assert round_1[0] == tuple(sv(h) for h in ("Table", "Match", "Player", "Seat", "Place", "Players at the table", "Points", "Round score"))  # fmt: skip
    assert round_1[1:3] == [(1, 1, "Ann", 1, 1, 4, 0, 100), (1, 1, "Bob", 2, 2, 4, 12, 66.67)]
    assert all(sheet.freeze_panes == "A2" for sheet in book.worksheets)


def test_a_night_s_spreadsheet_csv_speaks_the_language_with_two_decimals_always(cli, tmp_path):
    _night(cli)
    out, plain = tmp_path / "night.csv", tmp_path / "plain.csv"
    cli("--lang", "pt", "night", "export", "--spreadsheet", "--out", out)
    cli("--lang", "pt", "night", "export", "--out", plain)
    with out.open(encoding="utf-8-sig", newline="") as stream:
        rows = list(csv.reader(stream, delimiter=";"))
    pt = catalog("pt").gettext
    assert rows[0] == [pt(h) for h in ("Round", "Table", "Match", "Player", "Seat", "Place", "Players at the table", "Points", "Round score")]  # fmt: skip
    assert [row[-1] for row in rows[1:5]] == ["100,00", "66,67", "33,33", "0,00"]
    with plain.open(encoding="utf-8", newline="") as stream:  # the plain CSV as the contract fixes it
        assert [row[-1] for row in csv.reader(stream)][:3] == ["round_score", "100.00", "66.67"]


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("soffice") is None, reason="LibreOffice (soffice) is not installed")
def test_libreoffice_opens_the_workbook_with_every_cell_as_written(cli, tmp_path, friday):
    """LibreOffice itself, headless, converts the workbook to CSV: the names come out as typed."""
    book = tmp_path / "friday.xlsx"
    cli("export", "--format", "xlsx", "--out", book)
    profile = tmp_path / "profile"  # a profile of its own: never the user's, never shared with a running office
    office = ["soffice", f"-env:UserInstallation=file://{profile}", "--headless"]
    subprocess.run(
        [*office, "--convert-to", "csv", "--outdir", tmp_path, book],
        capture_output=True,
        timeout=180,
        check=True,
    )
    with (tmp_path / "friday.csv").open(encoding="utf-8", newline="") as stream:
        rows = list(csv.reader(stream))
    assert rows[0][:3] == ["Match", "Match name", "Deal"]
    assert [row[5] for row in rows[1:5]] == ["+Bea", "007", "@Cor", "Dirk"]
    assert rows[1][9] == "2026-11-30 00:30:05"


def test_more_rows_than_a_sheet_holds_is_refused_and_leaves_no_file(cli, tmp_path, friday, monkeypatch):
    monkeypatch.setattr("scorepad.app.workbook.MOST_ROWS", 3)  # the header and two rows
    out = tmp_path / "out" / "big.xlsx"
    out.parent.mkdir()
    cli.refused("export", "--format", "xlsx", "--out", out, says="export this as CSV")
    assert list(out.parent.iterdir()) == []  # neither the file nor its temporary one

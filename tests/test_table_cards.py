"""``night cards``: the page of table cards to print, its rounds, its QR codes read back, and its pages as printed.

The QR codes are read back by zbar's ``zbarimg`` (Debian's zbar-tools), from
the modules of the SVG in the page; the page is printed to PDF by Debian's
chromium. Each test is skipped where its tool is missing, except in CI (CI is
set), which installs both: there a missing tool fails rather than hides it.
"""

from __future__ import annotations

import base64
import os
import re
import shutil
import struct
import subprocess
import zlib
from pathlib import Path

import pytest

from scorepad.core.night.ahead import known_rounds
from scorepad.core.night.movement import Movement
from scorepad.core.night.state import Joined, NightSettings, NightState

from . import test_board_browser
from .nights import CLUB, in_seat_order

MARKUP = ("<b>Ann</b>", "Bob&Co", '"Cat"', "Dan")
ADDRESS = "http://192.0.2.7:8000"

browser = test_board_browser.browser  # the fixture: Debian's chromium, driven by Selenium


@pytest.mark.parametrize("movement", list(Movement))
def test_the_rounds_known_ahead_are_those_the_night_then_seats(movement):
    night = NightState.start(NightSettings(CLUB[:12], 4, rounds=4, movement=movement, seed=5))
    night = night.apply(Joined("Zoe"))  # a joiner after round 1 is seated in the rounds ahead
    ahead = tuple(known.tables for known in known_rounds(night) if known.number > night.round)
    while not night.over:
        night = night.apply(in_seat_order(night))
    assert ahead == (() if movement is Movement.PROGRESSIVE else night.rounds[1:])


def cards_of(cli, *options: str) -> tuple[Path, str]:
    path = Path(cli("night", "cards", "--address", ADDRESS, *options).stdout.strip())
    return path, path.read_text(encoding="utf-8")


def codes(cli) -> dict[int, dict]:
    return {table["table"]: table for table in cli.json("night", "codes", "--json")["tables"]}


def test_the_cards_show_each_table_its_players_dealers_grid_and_code(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    players = ",".join((*MARKUP, *CLUB[4:14]))  # 14 players: tables of 4, 4, 3, 3
    cli("night", "new", "--players", players, "--seating", "listed", "--deals-per-player", "2", "--name", "<i>Tue</i>")
    path, page = cards_of(cli)
    assert path.parent == Path("exports") and path.name == "night-1-cards.html"
    assert page.count('<section class="sheet four">') == 1 and page.count('<article class="card"') == 4
    assert "<b>" not in page and "<i>" not in page and "&lt;b&gt;Ann&lt;/b&gt;" in page
    assert "Bob&amp;Co" in page and "&quot;Cat&quot;" in page and "&lt;i&gt;Tue&lt;/i&gt;" in page
    for table in codes(cli).values():
        assert f'<div class="code">{table["code"]}</div>' in page
    first = page.split('<article class="card"')[1]
    assert "Table 1" in first and "Round 1 of 4" in first and "Match 1" in first
    dealers = re.findall(r'<td class="dealer">([^<]*)</td>', first)  # the first seat deals first, then clockwise
    assert dealers == ["&lt;b&gt;Ann&lt;/b&gt;", "Bob&amp;Co", "&quot;Cat&quot;", "Dan"] * 2
    assert first.count("<tr>") == 1 + 8 + 1  # the names, a row a deal, the total
    assert "http://192.0.2.7:8000/join" in first
    assert "<script" not in page and "src=" not in page and "href=" not in page  # nothing loaded


def test_a_mixed_or_stay_night_prints_every_round_ahead_and_a_progressive_one_its_round(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    cli("night", "new", "--players", ",".join(CLUB[:8]), "--movement", "stay", "--rounds", "3")
    _, page = cards_of(cli)
    assert page.count('<article class="card"') == 2 * 3
    assert re.findall(r"Round (\d) of 3", page) == ["1", "1", "2", "2", "3", "3"]
    third = page.split('<article class="card"')[5]  # round 3, table 1: the first deal two seats on
    seats = re.findall(r"<li>([^<]*)</li>", third)
    assert re.findall(r'<td class="dealer">([^<]*)</td>', third)[0] == seats[2]
    cli("night", "new", "--players", ",".join(CLUB[:8]), "--rounds", "3")  # progressive: night 2
    _, page = cards_of(cli)
    assert page.count('<article class="card"') == 2 and "Round 1 of 3" in page
    _, page = cards_of(cli, "--night", "1", "--round", "2")
    assert page.count('<article class="card"') == 2 and "Round 2 of 3" in page and "Match" not in page


def test_the_default_address_is_the_one_the_board_prints_first_for_every_phone(cli, tmp_path, monkeypatch):
    from scorepad.app import addresses
    from scorepad.web.listening import addresses as board_addresses
    from scorepad.web.listening import listen

    with listen("0.0.0.0", 0) as sock:  # as night board --host 0.0.0.0 listens
        port = sock.getsockname()[1]
        assert board_addresses(sock)[0] == addresses.board_address(port)
    # A machine whose name is a loopback address (Debian's 127.0.1.1): the route finds the network's.
    monkeypatch.setattr(addresses.socket, "gethostname", lambda: "localhost")
    monkeypatch.setattr(addresses, "_routed", lambda family: "192.0.2.9")
    assert addresses.board_address() == "http://192.0.2.9:8000/"
    monkeypatch.chdir(tmp_path)
    cli("night", "new", "--players", ",".join(CLUB[:8]))
    page = Path(cli("night", "cards").stdout.strip()).read_text(encoding="utf-8")
    assert "http://192.0.2.9:8000/join" in page


@pytest.mark.parametrize(
    ("options", "says"),
    [
        (("--round", "2"), "the tables of round 2 are not known yet: they hang on the results of round 1"),
        (("--round", "0"), "the night has rounds 1 to 4: there is no round 0"),
        (("--address", "192.0.2.7:8000"), "--address takes the board's address as a phone opens it"),
        (("--out", "taken.html"), "taken.html exists: give --force to replace it"),
    ],
)
def test_a_refused_card_page_is_one_line_and_writes_nothing(cli, unchanged, tmp_path, monkeypatch, options, says):
    monkeypatch.chdir(tmp_path)
    cli("night", "new", "--players", ",".join(CLUB[:8]))
    cli("night", "codes")
    Path("taken.html").write_text("mine")
    with unchanged():
        refusal = cli.refused("night", "cards", *options, says=says)
    assert refusal.count("\n") <= 1
    assert not Path("exports").exists() and Path("taken.html").read_text() == "mine"
    assert cli("night", "cards", "--out", "taken.html", "--force").stdout.strip() == "taken.html"


def test_the_page_is_in_the_language_in_use(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    cli("night", "new", "--players", ",".join(CLUB[:8]))
    page = Path(cli("--lang", "sv", "night", "cards").stdout.strip()).read_text(encoding="utf-8")
    assert '<html lang="sv">' in page and "Bord 1" in page and "Round" not in page


# Reading the QR codes back.


def qr_paths(page: str) -> list[str]:
    """The path of each QR code in the page: segno draws each row's dark modules as lines one module high."""
    return re.findall(r'<svg viewBox="0 0 \d+ \d+" class="qr">.*?<path [^>]*d="([^"]+)"', page, re.S)


def modules(path: str) -> set[tuple[int, int]]:
    """The dark modules (column, row) a path draws: ``M x y`` and ``m dx dy`` move, ``h n`` draws n to the right."""
    x = y = 0.0
    dark = set()
    for command, first, second in re.findall(r"([Mmh])\s*(-?[\d.]+)(?:\s+(-?[\d.]+))?", path):
        if command == "M":
            x, y = float(first), float(second)
        elif command == "m":
            x, y = x + float(first), y + float(second)
        else:
            dark |= {(int(x) + step, int(y)) for step in range(int(float(first)))}
            x += float(first)
    return dark


def png(dark: set[tuple[int, int]], size: int, scale: int = 8) -> bytes:
    """A black and white PNG of the modules, each ``scale`` pixels square."""
    rows = b"".join(
        b"\0" + bytes(0 if (x // scale, y // scale) in dark else 255 for x in range(size * scale))
        for y in range(size * scale)
    )

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", size * scale, size * scale, 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


def zbarimg() -> str:
    found = shutil.which("zbarimg")
    if found is None:
        if os.environ.get("CI"):
            pytest.fail("CI must read the QR codes back: apt-get install zbar-tools")
        pytest.skip("no zbarimg (Debian's zbar-tools)")
    return found


@pytest.mark.slow
def test_each_qr_code_reads_back_as_its_tables_link(cli, tmp_path, monkeypatch):
    reader = zbarimg()
    monkeypatch.chdir(tmp_path)
    cli("night", "new", "--players", ",".join(CLUB[:10]), "--table-size", "5")
    _, page = cards_of(cli)
    sizes = [int(size) for size in re.findall(r'<svg viewBox="0 0 (\d+) \d+" class="qr">', page)]
    read = []
    for number, (path, size) in enumerate(zip(qr_paths(page), sizes, strict=True), start=1):
        image = tmp_path / f"table-{number}.png"
        image.write_bytes(png(modules(path), size))
        done = subprocess.run([reader, "--raw", "-q", "--nodbus", str(image)], capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        read.append(done.stdout.strip())
    assert read == [ADDRESS + table["link"] for table in codes(cli).values()]


# Printed by a browser.


SHEETS = [  # a night, and the sheets its cards print on
    ((*(f"P{number:02}" for number in range(24)),), (), 2),  # 6 tables of 4, four to a sheet
    (CLUB[:12], ("--deals-per-player", "3"), 1),  # 3 tables of 12 deals: the most a quarter of a sheet holds
    ((*(f"P{number:02}" for number in range(20)),), ("--decks", "2", "--table-size", "10"), 1),  # two of 10, wide
    (CLUB[:4], ("--deals-per-player", "5", "--rounds", "1"), 1),  # one table of 20 deals: a sheet its own
]


@pytest.mark.slow
@pytest.mark.parametrize(("players", "options", "sheets"), SHEETS)
def test_chromium_prints_the_cards_on_a4_sheets_each_card_whole(
    browser, cli, tmp_path, monkeypatch, players, options, sheets
):
    from selenium.webdriver.common.print_page_options import PrintOptions

    monkeypatch.chdir(tmp_path)
    cli("night", "new", "--players", ",".join(players), *options)
    path, _ = cards_of(cli)
    browser.get(path.resolve().as_uri())
    printing = PrintOptions()
    printing.page_width, printing.page_height = 21.0, 29.7  # A4, in centimetres
    pdf = base64.b64decode(browser.print_page(printing))
    assert pdf.startswith(b"%PDF")
    assert len(re.findall(rb"/Type\s*/Page\b(?!s)", pdf)) == sheets
    spill = browser.execute_script(
        "return [...document.querySelectorAll('.card')].filter(c => c.scrollHeight > c.clientHeight + 1).length"
    )
    assert spill == 0  # every card holds its grid whole
    lowest = browser.execute_script(
        "return Math.min(...[...document.querySelectorAll('.grid tbody tr')].map(r => r.getBoundingClientRect().height))"
    )
    assert lowest >= 3.5 * 96 / 25.4  # 3.5 mm at least, to write a score in


@pytest.mark.slow
def test_the_codes_scan_from_the_page_as_chromium_draws_it(browser, cli, tmp_path, monkeypatch):
    reader = zbarimg()
    monkeypatch.chdir(tmp_path)
    cli("night", "new", "--players", ",".join(CLUB[:12]), "--name", "Scan me")  # 3 tables of 4: one sheet
    path, _ = cards_of(cli)
    metrics = {"width": 800, "height": 1140, "deviceScaleFactor": 2, "mobile": False}  # an A4 sheet at 192 dpi
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
    try:
        browser.get(path.resolve().as_uri())
        shot = tmp_path / "sheet.png"
        assert browser.save_screenshot(str(shot))
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    done = subprocess.run([reader, "--raw", "-q", "--nodbus", str(shot)], capture_output=True, text=True)
    assert sorted(done.stdout.split()) == sorted(ADDRESS + table["link"] for table in codes(cli).values())

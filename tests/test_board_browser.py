"""The live board as a real browser shows it: Debian's chromium, headless, driven by Selenium through chromium-driver.

Skipped where chromium or its driver is missing, except in CI (CI is set),
which installs both: there a missing browser fails rather than hides the test.
"""

from __future__ import annotations

import struct
from itertools import pairwise
from pathlib import Path

import pytest

from .boards import serving
from .browsers import PHONE, WALL, chromium, need_chromium, screen
from .processes import run

pytestmark = pytest.mark.slow  # a real browser: CI runs it (python -m pytest -m slow)

PNG = b"\x89PNG\r\n\x1a\n"
MARKUP = ("<script>alert(1)</script>", "</script>", "<b>Bob</b>", '"Cat"&Dan')


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    need_chromium("the board")
    with chromium(tmp_path_factory.mktemp("profile")) as driver:
        yield driver


def opened(browser, url: str, size: tuple[int, int] = WALL) -> None:
    """The board at ``url`` in a screen of ``size`` CSS pixels, once its table cards are shown."""
    from selenium.webdriver.support.ui import WebDriverWait

    screen(browser, size)
    browser.get(url)
    WebDriverWait(browser, 20).until(lambda b: b.execute_script("return document.querySelectorAll('.table').length"))


def texts(browser, selector: str) -> list[str]:
    return browser.execute_script(f"return [...document.querySelectorAll({selector!r})].map(e => e.textContent)")


def test_a_deal_entered_at_a_table_shows_on_the_page_without_a_reload(browser, cli, store_path):
    from selenium.webdriver.support.ui import WebDriverWait

    cli("night", "new", "--players", "Ann,Bob,Cat,Dan,Eva,Fay,Gus", "--seating", "listed", "--name", "Clubavond")
    with serving(str(store_path)) as board:
        opened(browser, board.url)
        assert texts(browser, ".table .state") == ["deal 1 of 4, Ann deals", "deal 1 of 3, Eva deals"]
        browser.execute_script("window.sameDocument = 'yes'")  # gone if the page were loaded again
        run(str(store_path), "deal", "--match", "2", "Eva=3", "Fay=10", "Gus=30")
        WebDriverWait(browser, 30, poll_frequency=0.05).until(  # how soon is a figure of tests.bench
            lambda b: texts(b, ".table .state")[1] == "deal 2 of 3, Fay deals"
        )
        assert browser.execute_script("return window.sameDocument") == "yes"
        assert texts(browser, ".table:nth-child(2) td.total") == ["3", "10", "30"]
        assert browser.title == "Night 1 “Clubavond” · scorepad"


def test_names_holding_markup_show_as_text_and_run_nothing(browser, cli, store_path):
    night_name = "<img src=x onerror=alert(1)>"
    cli("night", "new", "--players", ",".join(MARKUP), "--seating", "listed", "--name", night_name)
    with serving(str(store_path)) as board:
        opened(browser, board.url)
        assert texts(browser, ".table td.name") == list(MARKUP)
        assert texts(browser, "#title") == [f"Night 1 “{night_name}”: round 1 of 4"]
        made = browser.execute_script("return document.querySelectorAll('img, b, main script').length")
        assert made == 0
        assert browser.execute_script("return document.scripts.length") == 1  # board.js alone
    from selenium.common.exceptions import NoAlertPresentException

    with pytest.raises(NoAlertPresentException):
        browser.switch_to.alert.text  # noqa: B018 - asking is the test: no alert was ever raised


def cards(browser) -> list[dict]:
    return browser.execute_script(
        "return [...document.querySelectorAll('.table')].map(card => card.getBoundingClientRect().toJSON())"
    )


def picture(browser, path: Path) -> tuple[int, int]:
    """A screenshot of the page as it is shown, and its size in pixels (from the PNG's header)."""
    assert browser.save_screenshot(str(path))
    data = path.read_bytes()
    assert data.startswith(PNG) and len(data) > 10_000
    return struct.unpack(">II", data[16:24])


def test_the_cards_sit_side_by_side_on_a_wall_and_stack_on_a_phone(browser, cli, store_path, tmp_path):
    players = [f"P{number:02}" for number in range(40)]  # 10 tables of 4
    cli("night", "new", "--players", ",".join(players), "--seating", "listed", "--name", "Clubavond")
    with serving(str(store_path)) as board:
        opened(browser, board.url, WALL)
        wall = cards(browser)
        total = browser.execute_script(
            "return parseFloat(getComputedStyle(document.querySelector('td.total')).fontSize)"
        )
        wide = browser.execute_script("return document.documentElement.scrollWidth")
        assert picture(browser, tmp_path / "wall.png") == WALL

        opened(browser, board.url, PHONE)
        phone = cards(browser)
        narrow = browser.execute_script("return document.documentElement.scrollWidth")
        assert picture(browser, tmp_path / "phone.png") == PHONE
    assert len(wall) == len(phone) == 10
    first_row = [card for card in wall if card["top"] == wall[0]["top"]]
    assert len(first_row) >= 3, wall  # side by side
    assert all(card["bottom"] <= WALL[1] for card in wall), wall  # every table on the screen at once
    assert all(a["right"] <= b["left"] for a, b in pairwise(first_row))
    assert total >= 30 and wide <= WALL[0]  # numbers read across a room; nothing off the screen
    assert len({card["left"] for card in phone}) == 1  # stacked: one column
    assert all(a["bottom"] <= b["top"] for a, b in pairwise(phone))
    assert all(card["width"] >= PHONE[0] * 0.85 for card in phone) and narrow <= PHONE[0]

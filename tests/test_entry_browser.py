"""A table's phone page (``night board --entry``) as real phones use it: Debian's chromium, headless, at 390x844.

A real board process serves the pages; chromium types into them as a player
would, and the store is read afterwards by ``scorepad history``. Skipped where
chromium or its driver is missing, except in CI (CI is set), which installs
both: there a missing browser fails rather than hides the test.
"""

from __future__ import annotations

import gettext
import json
import re
import socket
import struct
import threading
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field

import pytest

from scorepad.present.translation import DOMAIN, catalog_folder

from .boards import serving
from .browsers import PHONE, chromium, need_chromium, screen
from .processes import run

pytestmark = pytest.mark.slow  # real browsers: CI runs it (python -m pytest -m slow)

NARROW = (360, 800)  #: the narrowest phone the page is made for
PLAYERS = "Ann,Bob,Cat,Dan"  #: one table of four: four deals, 43 points each


@pytest.fixture(scope="module")
def phones(tmp_path_factory) -> Iterator[list]:
    """Two phones: two chromiums, each of its own profile (its own localStorage), on a phone's screen."""
    need_chromium("the tables' pages")
    with (
        chromium(tmp_path_factory.mktemp("phone1"), PHONE) as first,
        chromium(tmp_path_factory.mktemp("phone2"), PHONE) as second,
    ):
        for phone in (first, second):
            screen(phone, PHONE)
        yield [first, second]


def said(language: str):
    """The catalog's word for a message in ``language``."""
    return gettext.translation(DOMAIN, catalog_folder(), languages=[language]).gettext


def waiting(phone, seconds: float = 30):
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(phone, seconds, poll_frequency=0.05)


def opened(phone, url: str) -> None:
    """The table's page at ``url``, once it shows the table's players."""
    phone.get(url)
    waiting(phone).until(lambda p: p.execute_script("return document.querySelectorAll('#players tr').length"))


def typed(phone, line: str) -> None:
    """``line`` typed into the page's box, as a thumb would, the box emptied first."""
    from selenium.webdriver.common.by import By

    box = phone.find_element(By.ID, "text")
    box.clear()
    box.send_keys(line)


def answered(phone, kind: str | None = None) -> tuple[str, str]:
    """The page's answer to what was sent, once it is one (written or refused; or ``kind``): its class and text."""
    kinds = (kind,) if kind else ("written", "refused")
    waiting(phone).until(lambda p: p.execute_script("return document.getElementById('answer').className") in kinds)
    return phone.execute_script("const a = document.getElementById('answer'); return [a.className, a.textContent]")


def totals(phone) -> list[str]:
    return phone.execute_script("return [...document.querySelectorAll('#players td.total')].map(td => td.textContent)")


def box(phone) -> str:
    return phone.execute_script("return document.getElementById('text').value")


def deals(store: str, match: int = 1) -> list[dict]:
    """The match's deals that stand, as ``scorepad history --json`` gives them."""
    return json.loads(run(store, "history", "--match", str(match), "--json").stdout)["deals"]


def test_a_swedish_table_enters_with_its_card_letters_sees_a_wrong_total_refused_and_undoes(phones, cli, store_path):
    """In Swedish: a deal typed with the Swedish letters (D♠ the dam, E♠ the ess) is written and read back in
    Swedish; a wrong total is refused with play's Swedish sentence, the typed line kept in the box and nothing
    written; undo, once its confirm() is accepted, takes the deal back."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions

    sv, phone, store = said("sv"), phones[0], str(store_path)
    cli("night", "new", "--players", PLAYERS, "--rounds", "1", "--seating", "listed")
    with serving(store, "--entry", root=("--lang", "sv")) as board:
        opened(phone, board.tables[1].url)
        assert phone.execute_script("return document.documentElement.lang") == "sv"
        typed(phone, "Ann=D♠ Bob=K♠,E♠ Cat=10 Dan=?")
        phone.find_element(By.ID, "send").click()
        kind, readback = answered(phone)
        assert kind == "written", readback
        assert readback.startswith(sv("deal {number}").format(number=1) + ": Ann 13, Bob 17, Cat 10, Dan 3")
        assert sv("{player}: {points}, the rest of {total}").format(player="Dan", points=3, total=43) in readback
        assert box(phone) == ""
        waiting(phone).until(lambda p: totals(p) == ["13", "17", "10", "3"])
        assert [deal["scores"] for deal in deals(store)] == [{"Ann": 13, "Bob": 17, "Cat": 10, "Dan": 3}]

        wrong = "Ann=DS Bob=KS,ES Cat=12 Dan=0"  # 42: a heart forgotten
        typed(phone, wrong)
        phone.find_element(By.ID, "send").click()
        kind, refusal = answered(phone)
        assert kind == "refused"
        assert (
            sv("the scores add up to {entered}, but this deal's add up to {total}").format(entered=42, total=43)
            in refusal
        )
        assert box(phone) == wrong  # the table corrects its line rather than typing it again
        assert len(deals(store)) == 1

        typed(phone, "")
        phone.find_element(By.ID, "undo").click()
        waiting(phone).until(expected_conditions.alert_is_present())
        phone.switch_to.alert.accept()
        kind, undone = answered(phone, "written")
        assert undone.startswith(sv("undone: {entry}{scores}").split("{")[0]), undone
        waiting(phone).until(lambda p: totals(p) == ["0", "0", "0", "0"])
    assert deals(store) == []


def test_two_phones_racing_for_one_deal_land_one_and_the_other_hears_who_was_first(phones, cli, store_path):
    """Two phones (two browsers) at one table send deal 1 at the same moment: exactly one entry is written, the
    other phone is refused with the 409's sentence, keeps its line, and both end showing the entry that stands."""
    from selenium.webdriver.common.by import By

    store = str(store_path)
    cli("night", "new", "--players", PLAYERS, "--rounds", "1", "--seating", "listed")
    lines = ("Ann=13 Bob=10 Cat=20 Dan=0", "Ann=0 Bob=0 Cat=3 Dan=40")
    with serving(store, "--entry") as board:
        for phone, line in zip(phones, lines, strict=True):
            opened(phone, board.tables[1].url)
            typed(phone, line)
        at_once = threading.Barrier(2, timeout=30)

        def send(phone) -> None:
            button = phone.find_element(By.ID, "send")
            at_once.wait()
            button.click()

        senders = [threading.Thread(target=send, args=(phone,)) for phone in phones]
        for sender in senders:
            sender.start()
        for sender in senders:
            sender.join(timeout=60)
        answers = [answered(phone) for phone in phones]
        kinds = sorted(kind for kind, _ in answers)
        assert kinds == ["refused", "written"], answers
        winner = next(index for index, (kind, _) in enumerate(answers) if kind == "written")
        loser = 1 - winner
        moved = "deal 1 was entered already: the next deal is 2; check what was entered"
        assert moved in answers[loser][1]
        assert box(phones[loser]) == lines[loser]
        stood = [int(part.partition("=")[2]) for part in lines[winner].split()]
        for phone in phones:
            waiting(phone).until(lambda p: totals(p) == [str(points) for points in stood])
    assert [list(deal["scores"].values()) for deal in deals(store)] == [stood]


def test_the_page_fits_the_narrowest_phone_whatever_the_names(phones, cli, store_path):
    """At 360 px the page, with the long names a club may write (no spaces in a name: joined up) and a long refusal shown, is no wider than the
    screen: nothing to scroll sideways to, and nothing the phone must zoom out for (its viewport stays 360 wide)."""
    from selenium.webdriver.common.by import By

    phone, names = phones[0], ("Anna-Kristina_Wachtmeister", "Catharina_von_Rosenberg-Adlercreutz", "Cat", "Dan")
    cli("night", "new", "--players", ",".join(names), "--rounds", "1", "--seating", "listed")
    with serving(str(store_path), "--entry") as board:
        screen(phone, NARROW)
        try:
            opened(phone, board.tables[1].url)
            typed(phone, "10 13 20 1")
            phone.find_element(By.ID, "send").click()
            assert answered(phone)[0] == "refused"
            wide, shown = phone.execute_script("return [document.documentElement.scrollWidth, window.innerWidth]")
            beyond = phone.execute_script(
                "return [...document.querySelectorAll('body *')]"
                f".filter(e => e.getBoundingClientRect().right > {NARROW[0]}).map(e => e.id || e.tagName)"
            )
        finally:
            screen(phone, PHONE)
    assert shown == NARROW[0] and wide <= shown, beyond


@dataclass
class LossyLink:
    """A TCP link between the phone and the board that, while ``losing`` is set, loses the board's answers to
    entries: the request reaches the board, and the phone's connection is reset before a byte of the answer.

    ``sent`` keeps the key of every entry that went through it, ``heard`` the status the board answered each.
    """

    board: tuple[str, int]
    losing: threading.Event = field(default_factory=threading.Event)
    sent: list[str] = field(default_factory=list)
    heard: list[int] = field(default_factory=list)
    listener: socket.socket = field(default_factory=lambda: socket.create_server(("127.0.0.1", 0)))

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.listener.getsockname()[1]}"

    def serve(self) -> None:
        with suppress(OSError):  # the listener closed: the test is over
            while True:
                phone, _ = self.listener.accept()
                board = socket.create_connection(self.board, timeout=60)
                entry = threading.Event()  # set while an entry's answer is awaited on this connection
                threading.Thread(target=self.ask, args=(phone, board, entry), daemon=True).start()
                threading.Thread(target=self.answer, args=(board, phone, entry), daemon=True).start()

    def ask(self, phone: socket.socket, board: socket.socket, entry: threading.Event) -> None:
        with suppress(OSError):
            while data := phone.recv(65536):
                if data.startswith(b"POST ") and b"/entries " in data.split(b"\r\n")[0]:
                    entry.set()
                if key := re.search(rb'"key": ?"([A-Za-z0-9_-]+)"', data):
                    self.sent.append(key[1].decode())
                board.sendall(data)
        board.close()

    def answer(self, board: socket.socket, phone: socket.socket, entry: threading.Event) -> None:
        with suppress(OSError):
            while data := board.recv(65536):
                if entry.is_set() and data.startswith(b"HTTP/1.1 "):
                    entry.clear()
                    self.heard.append(int(data.split()[1]))
                    if self.losing.is_set():  # reset, not closed: the answer is lost, not cut short
                        phone.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                        phone.shutdown(socket.SHUT_RD)  # wakes the other thread's recv: the close goes out now
                        break
                phone.sendall(data)
        phone.close()
        board.close()


@contextmanager
def lossy(board_url: str) -> Iterator[LossyLink]:
    host, _, port = board_url.removeprefix("http://").rstrip("/").partition(":")
    link = LossyLink((host, int(port)))
    threading.Thread(target=link.serve, daemon=True).start()
    try:
        yield link
    finally:
        link.listener.close()


def test_an_entry_whose_answer_was_lost_is_sent_again_with_its_key_and_lands_once(phones, cli, store_path):
    """The board writes an entry but its answer never reaches the phone (the connection is reset): the page says
    the entry is kept, sends it again by itself with the same key, and the board answers 200 with the same
    read-back; the store holds the deal once."""
    from selenium.webdriver.common.by import By

    store, phone = str(store_path), phones[0]
    cli("night", "new", "--players", PLAYERS, "--rounds", "1", "--seating", "listed")
    with serving(store, "--entry") as board, lossy(board.url) as link:
        opened(phone, link.url + board.tables[1].path)
        typed(phone, "10 13 20 0")
        link.losing.set()
        phone.find_element(By.ID, "send").click()
        kept = "No network: what you typed is kept and sent as soon as the network is back."
        waiting(phone).until(lambda p: p.execute_script("return document.getElementById('answer').textContent") == kept)
        assert link.heard[0] == 201  # written, and the phone never heard it
        assert len(deals(store)) == 1
        assert box(phone) == "10 13 20 0"
        link.losing.clear()
        kind, readback = answered(phone)
        assert (kind, readback) == ("written", "deal 1: Ann 10, Bob 13, Cat 20, Dan 0")
        assert link.heard[-1] == 200 and set(link.heard[1:]) == {200}, link.heard
        assert len(link.sent) == len(link.heard) >= 2 and len(set(link.sent)) == 1, link.sent
        assert box(phone) == ""
        assert phone.execute_script("return localStorage.length") == 0  # nothing left to send
    assert [deal["scores"] for deal in deals(store)] == [{"Ann": 10, "Bob": 13, "Cat": 20, "Dan": 0}]

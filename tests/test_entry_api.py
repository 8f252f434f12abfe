"""The tables' entry API: a real ``night board --entry``, asked as a table's phone, a script and an attacker would.

The night of these tests: Ann, Bob, Cat and Dan at table 1 (match 1), Eva,
Fay, Gus and Hal at table 2 (match 2), seated as listed.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

from .boards import Answer, Board, serving
from .conftest import dump
from .processes import run

NIGHT = ("night", "new", "--players", "Ann,Bob,Cat,Dan,Eva,Fay,Gus,Hal", "--seating", "listed", "--seed", "7")
DEAL = "Ann=10 Bob=13 Cat=20 Dan=0"


@dataclass(frozen=True)
class Tables:
    board: Board
    links: dict[int, str]  #: each table's link path, as the board printed it
    codes: dict[int, str]

    def post(self, path: str, body: object, headers: dict[str, str] | None = None) -> Answer:
        data = body if isinstance(body, bytes) else json.dumps(body).encode()
        conn = self.board.connection()
        try:
            conn.request("POST", path, data, {"Content-Type": "application/json", **(headers or {})})
            answer = conn.getresponse()
            return Answer(answer.status, {k.lower(): v for k, v in answer.getheaders()}, answer.read())
        finally:
            conn.close()

    def enter(self, table: int, deal: int, text: str, key: str, **more: object) -> Answer:
        return self.post(f"{self.links[table]}/entries", {"deal": deal, "text": text, "key": key, **more})

    def state(self, table: int) -> dict:
        answer = self.board.ask(f"{self.links[table]}/state")
        assert answer.status == 200, answer
        return answer.json()


@pytest.fixture
def night(cli, store_path) -> str:
    cli(*NIGHT)
    return str(store_path)


@contextmanager
def entering(store: str, *root: str) -> Iterator[Tables]:
    """The board with --entry, and the line it printed for each table (``serving`` reads them)."""
    with serving(store, "--entry", root=root) as board:
        links = {number: table.path for number, table in board.tables.items()}
        codes = {number: table.code for number, table in board.tables.items()}
        assert sorted(links) == [1, 2]
        yield Tables(board, links, codes)


def entries(store: str) -> list[tuple]:
    with sqlite3.connect(store) as conn:
        return conn.execute("SELECT match_id, number, kind, state, source, ended_by FROM entry ORDER BY id").fetchall()


def test_the_board_prints_the_links_and_codes_night_codes_shows(night):
    with entering(night) as tables:
        shown = json.loads(run(night, "night", "codes", "--json").stdout)
    assert {t["table"]: t["link"] for t in shown["tables"]} == tables.links
    assert {t["table"]: t["code"] for t in shown["tables"]} == tables.codes


def test_a_table_enters_its_deal_once_however_often_it_is_sent(night):
    with entering(night) as tables:
        state = tables.state(1)
        assert (state["match"], state["players"], state["next_deal"]) == (1, ["Ann", "Bob", "Cat", "Dan"], 1)
        assert (state["dealer"], state["eldest"], state["deal_total"], state["last"]) == ("Ann", "Bob", 43, None)
        first = tables.enter(1, 1, DEAL, "key-one-1")
        assert first.status == 201
        assert first.json() == {
            "deal": 1,
            "readback": "deal 1: Ann 10, Bob 13, Cat 20, Dan 0",
            "totals": [10, 13, 20, 0],
        }
        again = tables.enter(1, 1, DEAL, "key-one-1")  # the answer was lost: the page sends it again
        assert (again.status, again.body) == (200, first.body)
        other = tables.enter(1, 1, "Ann=0 Bob=0 Cat=0 Dan=43", "key-two-2")  # a second phone, too late
        assert other.status == 409
        assert other.json()["next_deal"] == 2
        assert other.json()["last"] == {"deal": 1, "readback": "deal 1: Ann 10, Bob 13, Cat 20, Dan 0"}
        assert tables.state(1)["totals"] == [10, 13, 20, 0]
    assert entries(night) == [(1, 1, "deal", "standing", "table 1, phone", None)]


def test_history_names_the_table_whose_phone_entered_a_deal(night):
    with entering(night) as tables:
        assert tables.enter(1, 1, DEAL, "key-history-1").status == 201
    run(night, "deal", "--match", "1", "Ann=0", "Bob=0", "Cat=0", "Dan=43")  # the organiser's laptop
    deals = json.loads(run(night, "history", "--match", "1", "--json").stdout)["deals"]
    assert [(d["number"], d["phone_table"]) for d in deals] == [(1, 1), (2, None)]


def test_a_refusal_is_the_sentence_deal_says_and_writes_nothing(night, tmp_path):
    other = tmp_path / "other.db"
    run(str(other), *NIGHT)
    said = run(str(other), "deal", "--match", "1", "Ann=10", "Bob=13", "Cat=20", "Dan=10", check=False)
    with entering(night) as tables:
        before = dump(Path(night))
        refused = tables.enter(1, 1, "Ann=10 Bob=13 Cat=20 Dan=10", "key-wrong-1")
        assert refused.status == 422
        assert said.stderr.strip() == f"scorepad: {refused.json()['error']}"
        assert tables.enter(1, 1, "fix 1 Ann=3", "key-wrong-2").status == 422  # only what a phone may enter
        assert dump(Path(night)) == before


def test_misdeal_renege_and_undo_are_written_with_their_source(night):
    with entering(night) as tables:
        assert tables.enter(2, 1, "misdeal", "key-misdeal").json()["readback"] == "misdeal: Eva deals deal 1 again"
        renege = tables.enter(2, 1, "renege Fay", "key-renege")
        assert renege.status == 201 and renege.json()["totals"] == [0, 43, 0, 0]
        undone = tables.enter(2, 2, "undo", "key-undo-1")
        assert undone.status == 201 and undone.json()["readback"].startswith("undone: deal 1")
        assert tables.state(2)["totals"] == [0, 0, 0, 0] and tables.state(1)["totals"] == [0, 0, 0, 0]
    assert entries(night) == [
        (2, 1, "misdeal", "standing", "table 2, phone", None),
        (2, 1, "deal", "undone", "table 2, phone", "table 2, phone"),
    ]


def test_seat_order_and_the_rest_of_the_total_as_play_takes_them(night):
    with entering(night) as tables:
        answer = tables.enter(1, 1, "10 13 ? 0", "key-seats-1")
        assert answer.status == 201
        assert answer.json()["readback"] == "deal 1: Ann 10, Bob 13, Cat 20, Dan 0; Cat: 20, the rest of 43"


def test_a_link_writes_only_its_own_tables_current_match(night):
    with entering(night) as tables:
        refused = tables.enter(1, 1, DEAL, "key-match-2", match=2)
        assert refused.status == 403
        assert tables.enter(1, 1, "Eva=10 Fay=13 Gus=20 Hal=0", "key-match-3").status == 422  # not its players
    assert entries(night) == []


FORGED = [
    ("GET", "/entries", None, {}, 405),
    ("PUT", "/entries", b"{}", {"Content-Type": "application/json"}, 405),
    ("DELETE", "", None, {}, 405),
    ("POST", "", b"{}", {"Content-Type": "application/json"}, 405),
    ("POST", "/entries", b"deal=1&text=x&key=abcdefgh", {"Content-Type": "application/x-www-form-urlencoded"}, 415),
    ("POST", "/entries", b"deal=1", {"Content-Type": "text/plain"}, 415),
    ("POST", "/entries", b"[1]", {"Content-Type": "application/json"}, 400),
    ("POST", "/entries", b'{"deal": 1, "text": "misdeal", "key": "short"}', {"Content-Type": "application/json"}, 400),
    ("POST", "/entries", b"x" * 5000, {"Content-Type": "application/json"}, 413),
    ("GET", "/other", None, {}, 404),
    ("GET", "/../state", None, {}, 404),
]


def test_other_methods_paths_and_bodies_get_errors_and_write_nothing(night):
    with entering(night) as tables:
        for method, tail, body, headers, status in FORGED:
            conn = tables.board.connection()
            try:
                conn.request(method, tables.links[1] + tail, body, headers)
                answer = conn.getresponse()
                answer.read()
            finally:
                conn.close()
            assert answer.status == status, (method, tail, answer.status)
            assert not any(name.lower().startswith("access-control-") for name, _ in answer.getheaders())
    assert entries(night) == []


def test_a_page_of_another_site_cannot_enter(night):
    body = {"deal": 1, "text": "misdeal", "key": "key-origin"}
    with entering(night) as tables:
        url = tables.board.url.rstrip("/")
        forged = tables.post(f"{tables.links[1]}/entries", body, {"Origin": "http://evil.example"})
        assert forged.status == 403 and "access-control-allow-origin" not in forged.headers
        own = tables.post(f"{tables.links[1]}/entries", body, {"Origin": url})
        assert own.status == 201
    assert len(entries(night)) == 1


def test_a_code_opens_its_tables_link(night):
    with entering(night) as tables:
        assert tables.board.ask("/join").status == 200
        found = tables.board.ask(f"/join?code={tables.codes[2].lower()}")
        assert found.status == 303 and found.headers["location"] == tables.links[2]
        assert tables.board.ask(tables.links[2]).status == 200


def test_a_thousand_guesses_are_turned_away_and_write_nothing(night):
    with entering(night) as tables:
        before = dump(Path(night))
        statuses = []
        for guess in range(1000):
            path = f"/t/{guess:032d}/entries" if guess % 2 else f"/join?code=ZZ{guess:04d}"
            if guess % 2:
                statuses.append(tables.post(path, {"deal": 1, "text": "misdeal", "key": f"key-guess-{guess}"}).status)
            else:
                statuses.append(tables.board.ask(path).status)
        assert statuses[:9] == [404] * 9 and set(statuses[10:]) == {429}
        assert tables.board.ask(tables.links[1]).status == 429  # the right link too, for a minute
        assert dump(Path(night)) == before
        tables.board.process.send_signal(2)
        _, err = tables.board.process.communicate(timeout=30)
    assert err.count("wrong table links or codes within a minute") == 1


def test_without_entry_the_board_has_no_tables_pages(night):
    made = json.loads(run(night, "night", "codes", "--json").stdout)
    with serving(night) as board:
        assert board.ask(made["tables"][0]["link"]).status == 404
        assert board.ask("/join").status == 404

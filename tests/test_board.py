"""The live board: a real ``scorepad night board`` serving a night, asked as a page, a script and an attacker would.

The night of these tests: Ann, Bob, Cat and Dan at table 1 (match 1), Eva, Fay
and Gus at table 2 (match 2), seated as listed, everyone dealing once a round.
"""

from __future__ import annotations

import json
import queue
import signal
import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from .boards import Board, served_here, serving
from .conftest import dump
from .processes import SCOREPAD, environment, run, start

NIGHT = ("night", "new", "--players", "Ann,Bob,Cat,Dan,Eva,Fay,Gus", "--seating", "listed", "--seed", "7")
NIGHT_NAME = "<img src=x onerror=alert(1)>"
MARKUP = ("<script>alert(1)</script>", "</script>", "<b>Bob</b>", '"Cat"&Dan')


def played(store: str, match: int, lines: str) -> None:
    """A table enters its round from a pipe: ``lines`` into ``scorepad play --match``."""
    args = [*SCOREPAD, "play", "--match", str(match)]
    result = subprocess.run(args, input=lines, env=environment(store), capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr


@pytest.fixture
def night(cli, store_path) -> str:
    cli(*NIGHT, "--name", "Clubavond")
    return str(store_path)


def test_the_page_holds_no_name_and_the_data_holds_the_night(night):
    with serving(night) as board:
        page = board.ask("/")
        assert page.status == 200 and page.headers["content-type"] == "text/html; charset=utf-8"
        assert b'<html lang="en">' in page.body and b'<script src="/board.js" defer>' in page.body
        for name in (b"Ann", b"Clubavond"):
            assert name not in page.body
        for path, kind in (("/board.js", "text/javascript"), ("/board.css", "text/css")):
            asset = board.ask(path)
            assert asset.status == 200 and asset.headers["content-type"].startswith(kind)
        data = board.night()
    assert data["name"] == "Night 1 “Clubavond”" and data["title"] == "Night 1 “Clubavond”: round 1 of 4"
    first, second = data["tables"]
    assert (first["heading"], first["match"], first["state"]) == ("Table 1", "match 1", "deal 1 of 4, Ann deals")
    assert [p["name"] for p in first["players"]] == ["Ann", "Bob", "Cat", "Dan"]
    assert [p["total"] for p in second["players"]] == [0, 0, 0] and not second["over"]
    assert data["note"] == "2 tables play on." and data["standings"]["rows"] == []


def test_every_answer_carries_the_security_headers_and_the_data_is_never_cached(night):
    with serving(night) as board:
        answers = {path: board.ask(path) for path in ("/", "/board.js", "/night.json", "/nothing")}
        answers["POST /"] = board.ask("/", "POST", b"x")
    for answer in answers.values():
        csp = answer.headers["content-security-policy"]
        assert "default-src 'none'" in csp and "script-src 'self'" in csp and "unsafe-inline" not in csp
        assert answer.headers["x-content-type-options"] == "nosniff"
        assert "server" not in answer.headers
    assert answers["/night.json"].headers["cache-control"] == "no-store"


OTHER_METHODS = ("POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "CONNECT", "PROPFIND", "BREW")


@pytest.mark.parametrize("path", ["/", "/night.json", "/events", "/board.js"])
def test_every_other_method_is_refused_and_changes_nothing(night, path):
    before = dump(Path(night))
    with serving(night) as board:
        for method in OTHER_METHODS:
            answer = board.ask(path, method, b'{"table": 1}')
            assert answer.status == 405, (method, answer)
            assert set(answer.headers["allow"].split(", ")) == {"GET", "HEAD"} and answer.body == b"Method Not Allowed"
        assert board.ask(path, "HEAD").status == 200
    assert dump(Path(night)) == before


OUTSIDE = [
    "/../",
    "/%2e%2e/",
    "/%2E%2E/%2e%2e/etc/passwd",
    "//etc/passwd",
    "/../../../../etc/passwd",
    "/%2F..%2F..%2Fetc%2Fpasswd",
    "/board.js/../../../etc/passwd",
    "/board.js%2F..%2F..%2Fboard.py",
    "/..%5c..%5cboard.py",
    "/board_assets/board.js",
    "/assets/board.js",
    "/web/assets/board.css",
    "/present/board.py",
    "/night.json/",
    "/events/",
    "/index.html",
    "/favicon.ico",
    "/board.js%00",
    "/" + "a" * 10_000,
    "/" + "%2e%2e/" * 10_000,
]


def test_no_path_outside_the_board_is_served(night):
    with serving(night) as board:
        for path in OUTSIDE:
            answer = board.ask(path)
            assert answer.status == 404 and answer.body == b"Not Found", (path[:40], answer)
        try:  # a path too long for the server's HTTP parser (h11): refused, or the connection closed
            answer = board.ask("/" + "%2e%2e/" * 40_000)
            assert answer.status == 400 and b"root:" not in answer.body, answer
        except ConnectionError:
            pass
        assert board.ask("/").status == 200  # still serving


MISDIRECTED = b"Open the board at an address it printed when it started."


def test_the_board_answers_only_requests_that_name_it(night):
    """A page of another site may point its own name at the laptop (DNS rebinding): the board does not answer it."""
    with serving(night) as board:
        port = board.url.rsplit(":", 1)[1].strip("/")
        for host in (f"127.0.0.1:{port}", "127.0.0.1", f"localhost:{port}", "LOCALHOST", "localhost.", "127.0.0.2"):
            assert board.ask("/night.json", host=host).status == 200, host
        assert board.ask("/night.json", host=socket.gethostname()).status == 200
        for host in ("evil.example", f"evil.example:{port}", "127.0.0.1.nip.io", "localhost.evil.example", "192.0.2.9"):
            for path in ("/", "/night.json", "/events", "/board.js", "/nothing"):
                answer = board.ask(path, host=host)
                assert (answer.status, answer.body) == (421, MISDIRECTED), (host, path)
                assert "default-src 'none'" in answer.headers["content-security-policy"]
        assert board.ask("http://evil.example/night.json").status == 421  # http.client names the URL's host
        assert board.ask("/night.json", host="").status == 421


@pytest.mark.parametrize(
    "host, came_in_at, answered",
    [
        ("192.0.2.7:8000", "192.0.2.7", True),  # a wall screen on the club's network, by the laptop's address
        ("192.0.2.7", "192.0.2.7", True),
        ("192.0.2.8:8000", "192.0.2.7", False),
        ("192.0.2.7:8000", "::ffff:192.0.2.7", True),  # the board on "::" takes IPv4 connections as mapped ones
        ("[2001:db8::7]:8000", "2001:db8::7", True),
        ("[2001:db8::8]:8000", "2001:db8::7", False),
        ("[::1]:8000", "::1", True),
        ("127.0.0.1:8000", "192.0.2.7", True),
        ("clublaptop:8000", "192.0.2.7", True),
        ("ClubLaptop.local", "192.0.2.7", True),
        ("clublaptop.example", "192.0.2.7", False),
        ("evil.example:8000", "127.0.0.1", False),
        ("[::1", "::1", False),
        ("", "127.0.0.1", False),
    ],
)
def test_a_request_is_the_boards_when_it_names_the_address_it_came_in_at_or_this_machine(host, came_in_at, answered):
    from scorepad.web.hosts import answers_to

    names = {"localhost", "clublaptop", "clublaptop.local"}
    assert answers_to(host, (came_in_at, 8000), names) is answered


def test_the_board_answers_to_this_machines_names_and_to_the_name_it_listens_at():
    from scorepad.web.hosts import own_names

    machine = socket.gethostname().lower()
    assert {"localhost", machine} <= own_names("0.0.0.0") and "0.0.0.0" not in own_names("0.0.0.0")
    assert "clublaptop.lan" in own_names("ClubLaptop.lan")


def test_names_holding_markup_are_text_in_the_data_and_absent_from_the_page(cli, store_path):
    cli("night", "new", "--players", ",".join(MARKUP), "--seating", "listed", "--name", NIGHT_NAME)
    with serving(str(store_path)) as board:
        page = board.ask("/").body
        data = board.night()
    from scorepad.present.board import page as skeleton

    assert page == skeleton().encode()  # the same page whatever the night holds: it is made from no name
    assert b"<b>" not in page and b"alert" not in page and b"onerror" not in page and page.count(b"</script>") == 1
    assert [p["name"] for p in data["tables"][0]["players"]] == list(MARKUP)  # as typed, for textContent
    assert data["name"] == f"Night 1 “{NIGHT_NAME}”"


def test_a_deal_entered_at_a_table_is_pushed_to_the_page(night):
    """Pushed, not asked for; how soon is a figure of ``tests.bench``, not an assert (the socket's timeout ends a hang)."""
    with serving(night) as board, board.events() as events:
        kind, first = next(events)
        assert kind == "message" and first["tables"][1]["state"] == "deal 1 of 3, Eva deals"
        run(night, "deal", "--match", "2", "Eva=3", "Fay=10", "Gus=30")
        kind, pushed = next(events)
    assert kind == "message"
    table = pushed["tables"][1]
    assert [(p["name"], p["total"]) for p in table["players"]] == [("Eva", 3), ("Fay", 10), ("Gus", 30)]
    assert table["state"] == "deal 2 of 3, Fay deals" and pushed["tables"][0] == first["tables"][0]


def test_the_board_follows_the_night_to_its_next_round_and_its_standings(night):
    played(night, 1, "0 3 10 30\n" * 4)
    with serving(night) as board:
        data = board.night()
        assert data["tables"][0]["over"] and data["tables"][0]["state"] == "over: Ann wins"
        played(night, 2, "3 10 30\n" * 3)
        over = board.night()
        assert over["note"] == "Every table is over: the next round is seated soon."
        assert over["standings"]["heading"] == "Night standings after 1 round:"
        assert over["standings"]["heads"] == ["Player", "Score", "Rounds", "Firsts", "Points per deal"]
        assert over["standings"]["short"] == ["Player", "Score", "Rounds", "Firsts", "Per deal"]
        assert over["standings"]["rows"][:2] == [
            ["1", "Ann", "100.00", "1", "1", "0.00"],
            ["2", "Eva", "100.00", "1", "1", "3.00"],
        ]
        run(night, "night", "next")
        seated = board.night()
    assert seated["title"] == "Night 1 “Clubavond”: round 2 of 4" and seated["note"] == "2 tables play on."


def test_a_store_that_cannot_be_read_is_said_on_the_page_and_the_board_goes_on(night, store_path):
    aside = store_path.with_name("aside.db")
    with serving(night) as board, board.events() as events:
        assert next(events)[0] == "message"
        store_path.rename(aside)
        kind, problem = next(events)
        answer = board.ask("/night.json")
        aside.rename(store_path)
        kind_after, _ = next(events)
    assert kind == "problem" and problem["problem"].startswith("the board cannot read the night: there is no night")
    assert answer.status == 503 and answer.json() == problem
    assert kind_after == "message"


def test_a_defect_in_reading_the_night_is_said_once_to_the_operator_and_the_page_hears_of_it(
    night, monkeypatch, capsys
):
    from scorepad.store.db import Store
    from scorepad.store.location import store_location
    from scorepad.web import feed as reader

    def broken(status: object) -> object:
        raise RuntimeError("the page's words are missing")

    feed = reader.Feed(Store(store_location(night)), 1, stopping=lambda: False)
    with monkeypatch.context() as patched:
        patched.setattr(reader, "board_json", broken)
        answers = [feed.read(), feed.read()]
    assert feed.read()[0] == 200
    monkeypatch.setattr(reader, "board_json", broken)
    answers.append(feed.read())
    problem = '{"problem": "the board cannot read the night: the board\'s terminal says why"}'
    assert answers == [(503, problem)] * 3
    said = "scorepad: internal error: RuntimeError: the page's words are missing"
    assert capsys.readouterr().err.splitlines() == [said, said]  # once, and once more when it comes back


@pytest.mark.parametrize("kind", ["file", "server"])
def test_a_store_the_board_cannot_read_is_named_to_the_operator_never_on_the_page(night, store_path, kind, capsys):
    from scorepad.store.db import Store
    from scorepad.store.location import store_location
    from scorepad.web.feed import Feed

    if kind == "file":
        store_path.write_bytes(b"not a database" * 100)
        where = str(store_path)
    else:  # nothing listens at port 1: the server cannot be reached
        where = "postgresql://club:s3cret-word@127.0.0.1:1/clubnight"
    feed = Feed(Store(store_location(where)), 1, stopping=lambda: False)
    answers = [feed.read(), feed.read()]
    assert answers == [(503, '{"problem": "the board cannot read the night: the board\'s terminal says why"}')] * 2
    said = capsys.readouterr().err.splitlines()
    assert len(said) == 1 and said[0].startswith("scorepad: the board cannot read the night: ")
    shown = where if kind == "file" else "postgresql://club@127.0.0.1:1/clubnight"
    assert shown in said[0] and "s3cret-word" not in said[0]


def test_no_error_answer_names_the_store_or_the_installation(night, store_path, monkeypatch):
    import scorepad
    from scorepad.web import routes
    from scorepad.web.door import Door

    installed = str(Path(scorepad.__file__).parent)

    def broken(path: str) -> bytes:
        raise FileNotFoundError(2, "No such file or directory", f"{installed}/web/assets/board.js")

    monkeypatch.setattr(routes, "asset", broken)
    with served_here(night, Door()) as board:
        answers = {
            404: board.ask("/nothing"),
            405: board.ask("/", "POST", b"x"),
            421: board.ask("/", host="evil.example"),
            500: board.ask("/board.js"),
        }
        with board.idle() as sock:  # a header line without its colon: h11 refuses the request, and closes
            sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nno colon here\r\n\r\n")
            bad = b"".join(iter(lambda: sock.recv(65536), b""))
        store_path.write_bytes(b"not a database" * 100)
        answers[503] = board.ask("/night.json")
    assert {code: answer.status for code, answer in answers.items()} == {code: code for code in answers}
    assert bad.startswith(b"HTTP/1.1 400 ")
    for body in (*(answer.body for answer in answers.values()), bad):
        for secret in (night, str(store_path.parent), installed, sys.prefix, "Traceback"):
            assert secret.encode() not in body, (secret, body)


#: A laptop's ``play`` as SQLite sees it: a connection open on the store, which it read; it says so, then waits.
LAPTOP = (
    "import sqlite3, sys; conn = sqlite3.connect(sys.argv[1]); conn.execute('SELECT count(*) FROM match').fetchall();"
    " print('started', flush=True); sys.stdin.read()"
)


def test_the_boards_reads_keep_its_connection_a_reader_and_every_deal_shows(night):
    """The board's store keeps a connection once the quick reader has left a read to it (a reader kept
    waiting a second by a writer's checkpoint, a file changed under an immutable read). Its reads every
    second must not drop that connection's locks: a writer elsewhere would take it for gone, fold the -wal
    into the store and delete -wal and -shm from under it, and the board would read an index nobody writes
    for as long as a laptop kept the new -wal alive."""
    from scorepad.store.db import Store
    from scorepad.store.location import store_location
    from scorepad.web.feed import Feed

    store = Store(store_location(night)).open()  # as after a read the quick reader left to the store
    feed = Feed(store, 1, stopping=lambda: False)
    laptop = None
    try:
        assert feed.read()[0] == 200
        run(night, "deal", "--match", "2", "Eva=3", "Fay=10", "Gus=30")
        assert Path(night + "-wal").exists()  # the board's connection still reads: the writer left the -wal to it
        laptop = subprocess.Popen(
            [sys.executable, "-c", LAPTOP, night], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        assert laptop.stdout is not None and laptop.stdout.readline() == "started\n"
        run(night, "deal", "--match", "2", "Eva=30", "Fay=10", "Gus=3")
        code, text = feed.read()
    finally:
        if laptop is not None:
            laptop.communicate(timeout=30)
        store.close()
    assert code == 200
    table = json.loads(text)["tables"][1]
    assert {p["name"]: p["total"] for p in table["players"]} == {"Eva": 33, "Fay": 20, "Gus": 33}
    assert table["state"] == "deal 3 of 3, Gus deals"


def test_ctrl_c_stops_the_board_with_one_line_even_while_a_page_watches(night):
    with serving(night) as board, board.events() as events:
        next(events)
        board.process.send_signal(signal.SIGINT)
        out, err = board.process.communicate(timeout=30)  # a board that waits on the page never stops
    assert board.process.returncode == 0
    assert board.url.startswith("http://127.0.0.1:") and out == ""  # the one line of its address, read by serving
    assert err.splitlines() == ["Ctrl-C stops the board.", "The board has stopped."]


def test_the_board_speaks_the_language_in_use(night):
    with serving(night, root=("--lang", "nl")) as board:
        page = board.ask("/").body.decode()
        data = board.night()
    assert '<html lang="nl">' in page and "Reading the night" not in page
    assert data["tables"][0]["heading"] == "Tafel 1" and data["heads"]["player"] == "Speler"


def test_what_the_board_cannot_serve_is_refused_in_one_line_before_it_listens(night):
    def refused(*options: str) -> str:
        result = run(night, "night", "board", *options, check=False)
        assert result.returncode == 1 and result.stdout == "" and len(result.stderr.splitlines()) == 1, result
        return result.stderr

    before = dump(Path(night))
    assert "there is no night 9" in refused("--night", "9")
    assert "there is no port 70000: a port is a number from 0 to 65535" in refused("--port", "70000")
    assert "cannot listen on 192.0.2.1 port 8000: " in refused("--host", "192.0.2.1")  # not this machine's
    assert "--host takes an address: 127.0.0.1 for this machine only" in refused("--host", "")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert f"cannot listen on 127.0.0.1 port {port}: Address already in use" in refused("--port", str(port))
    assert dump(Path(night)) == before


def test_no_night_no_board_and_no_store_made(cli, store_path):
    cli.refused("night", "board", says="there is no night yet")
    assert not store_path.exists()


def test_the_board_on_every_address_names_this_machines_own():
    from scorepad.web.listening import addresses, listen

    with listen("0.0.0.0", 0) as sock:
        port = sock.getsockname()[1]
        found = addresses(sock)
    assert found[-1] == f"http://127.0.0.1:{port}/" and all(url.endswith(f":{port}/") for url in found)
    with listen("127.0.0.1", 0) as sock:
        assert addresses(sock) == [f"http://127.0.0.1:{sock.getsockname()[1]}/"]


def test_the_board_reads_a_postgresql_store(pg_url, monkeypatch, cli):
    monkeypatch.setenv("SCOREPAD_DB", pg_url)
    cli(*NIGHT)
    with serving(pg_url) as board, board.events() as events:
        assert next(events)[1]["tables"][0]["players"][0]["total"] == 0
        run(pg_url, "deal", "--match", "1", "Ann=0", "Bob=3", "Cat=10", "Dan=30")
        _, pushed = next(events)
        assert board.night() == pushed
    assert [(p["name"], p["total"]) for p in pushed["tables"][0]["players"]][-1] == ("Dan", 30)


def test_a_board_killed_outright_leaves_the_store_as_it_was(night):
    before = dump(Path(night))
    board = start(night, "night", "board", "--port", "0")
    assert board.stdout is not None and "http://" in board.stdout.readline()
    board.kill()
    board.wait(timeout=30)
    assert dump(Path(night)) == before
    assert run(night, "night", "status", "--json").returncode == 0


def closed_by_the_board(sock: socket.socket) -> bool:
    """Whether the board has closed ``sock``: it reads the end of the stream, within the socket's timeout."""
    try:
        return sock.recv(1) == b""
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False


def test_a_full_board_turns_newcomers_away_and_says_so_once(night, capsys):
    from scorepad.web.door import Door

    with served_here(night, Door(most=2, refused=30)) as board:
        watching = [board.idle(), board.idle()]  # accepted first, as the system queued them: the two places
        turned_away = [board.ask("/night.json") for _ in range(3)]
        for sock in watching:
            sock.shutdown(socket.SHUT_WR)
            assert closed_by_the_board(sock)  # the door has counted it out before the board closes it
            sock.close()
        after = board.ask("/night.json")
    assert [(a.status, a.body, a.headers["connection"]) for a in turned_away] == [
        (503, b"Service Unavailable", "close")
    ] * 3
    assert "default-src 'none'" in turned_away[0].headers["content-security-policy"]
    assert after.status == 200
    said = "scorepad: 2 connections are open, the most the board serves at once: it turns more away until some close"
    assert capsys.readouterr().err.splitlines() == [said]


def test_a_connection_that_asks_nothing_or_too_slowly_is_closed_and_a_stream_is_not(night):
    from scorepad.web.door import Door

    with served_here(night, Door(most=3, asking=0.5, refused=0.5)) as board, board.events() as events:
        assert next(events)[0] == "message"  # the stream takes the first place, and keeps it
        quiet, slow, beyond = board.idle(), board.idle(), board.idle()  # the two other places, and one too many
        slow.sendall(b"GET /night.json HTTP/1.1\r\n")  # and never the rest of its head
        assert all(closed_by_the_board(sock) for sock in (quiet, slow, beyond))
        run(night, "deal", "--match", "2", "Eva=3", "Fay=10", "Gus=30")
        assert next(events)[1]["tables"][1]["players"][0]["total"] == 3  # a stream older than all three
        kept = board.connection()
        kept.request("GET", "/board.css")
        assert kept.getresponse().read() and kept.sock is not None
        assert closed_by_the_board(kept.sock)  # quiet after its answer: closed too
    for sock in (quiet, slow, beyond):
        sock.close()


def test_a_board_out_of_open_files_says_so_once_and_serves_again_when_they_close(night):
    """A board that may open 64 files: idle connections run it out of them before its most (200) turns any away."""
    few_files = (
        "import resource\n"
        "resource.setrlimit(resource.RLIMIT_NOFILE, (64, resource.getrlimit(resource.RLIMIT_NOFILE)[1]))\n"
        "from scorepad.cli.main import run\n"
        "run()\n"
    )
    process = subprocess.Popen(
        [sys.executable, "-c", few_files, "night", "board", "--port", "0"],
        env=environment(night),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    said: queue.Queue[str] = queue.Queue()  # each line of its stderr as it comes, read on a thread of its own
    reader = threading.Thread(target=lambda: [said.put(line.rstrip("\n")) for line in process.stderr or ()])
    reader.start()
    idle = []
    try:
        line = process.stdout.readline() if process.stdout else ""
        board = Board(line.rsplit(" ", 1)[-1].strip(), process)
        assert said.get(timeout=30) == "Ctrl-C stops the board."
        idle = [board.idle() for _ in range(100)]  # its backlog holds those it cannot accept
        assert said.get(timeout=30) == (  # and no traceback before it
            "scorepad: the board cannot take more connections for now: too many open files;"
            " it takes them again as others close"
        )
        for sock in idle:
            sock.close()
        assert board.ask("/").status == 200
        process.send_signal(signal.SIGINT)
        assert process.wait(timeout=30) == 0
    finally:
        for sock in idle:
            sock.close()
        process.kill()
        reader.join(timeout=30)
    assert list(said.queue) == ["The board has stopped."]

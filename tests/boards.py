"""A real ``scorepad night board`` process, and a client that asks it as a browser (or anyone) would."""

from __future__ import annotations

import http.client
import json
import re
import signal
import socket
import subprocess
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from .processes import start

if TYPE_CHECKING:
    from scorepad.web.door import Door


@dataclass(frozen=True)
class Answer:
    status: int
    headers: dict[str, str]  #: names in lower case
    body: bytes

    def json(self) -> dict:
        assert self.headers["content-type"].startswith("application/json"), self.headers
        return json.loads(self.body)


@dataclass(frozen=True)
class TableLink:
    """A table's page as ``night board --entry`` prints it: ``Table 2: http://H:P/t/TOKEN  code 7KX4Q2``."""

    url: str
    path: str  #: ``/t/TOKEN``
    code: str


@dataclass(frozen=True)
class Board:
    url: str
    process: subprocess.Popen | None  #: None for a board served by this process (``served_here``)
    tables: dict[int, TableLink] = field(default_factory=dict)  #: with ``--entry``: each table's page, by number

    def connection(self, timeout: float = 30) -> http.client.HTTPConnection:
        where = urlsplit(self.url)
        assert where.hostname is not None and where.port is not None
        return http.client.HTTPConnection(where.hostname, where.port, timeout=timeout)

    def ask(
        self,
        path: str,
        method: str = "GET",
        body: bytes | None = None,
        host: str | None = None,
        headers: dict[str, str] | None = None,
    ) -> Answer:
        """One request, its path sent exactly as given (``/../`` stays ``/../``), naming ``host`` if given."""
        conn = self.connection()
        try:
            conn.putrequest(method, path, skip_host=host is not None, skip_accept_encoding=True)
            if host is not None:
                conn.putheader("Host", host)
            for name, value in (headers or {}).items():
                conn.putheader(name, value)
            if body is not None:
                conn.putheader("Content-Length", str(len(body)))
            conn.endheaders(body)
            answer = conn.getresponse()
            return Answer(answer.status, {k.lower(): v for k, v in answer.getheaders()}, answer.read())
        finally:
            conn.close()

    def state(self, table: int) -> dict:
        """A table's state, as its page reads it: ``GET /t/TOKEN/state``."""
        answer = self.ask(self.tables[table].path + "/state")
        assert answer.status == 200, answer
        return answer.json()

    def enter(self, table: int, deal: int, text: str, key: str, match: int | None = None) -> Answer:
        """One entry sent as a table's page sends it: ``POST /t/TOKEN/entries``, as JSON."""
        body = json.dumps({"deal": deal, "text": text, "key": key, "match": match}).encode()
        return self.ask(
            self.tables[table].path + "/entries", "POST", body, headers={"Content-Type": "application/json"}
        )

    def idle(self) -> socket.socket:
        """A connection that asks nothing, as a phone gone quiet or an attacker's holds one open."""
        where = urlsplit(self.url)
        assert where.hostname is not None and where.port is not None
        return socket.create_connection((where.hostname, where.port), timeout=30)

    def night(self) -> dict:
        answer = self.ask("/night.json")
        assert answer.status == 200, answer
        return answer.json()

    @contextmanager
    def events(self) -> Iterator[Iterator[tuple[str, dict]]]:
        """The page's stream of server-sent events, each as (its kind, its data)."""
        conn = self.connection()
        conn.request("GET", "/events")
        answer = conn.getresponse()
        assert answer.status == 200 and answer.getheader("content-type", "").startswith("text/event-stream")

        def read() -> Iterator[tuple[str, dict]]:
            kind, data = "message", ""
            while line := answer.readline().decode():
                line = line.rstrip("\n")
                if line.startswith("event: "):
                    kind = line[len("event: ") :]
                elif line.startswith("data: "):
                    data += line[len("data: ") :]
                elif not line and data:
                    yield kind, json.loads(data)
                    kind, data = "message", ""

        try:
            yield read()
        finally:
            conn.close()


#: A table's line of ``night board --entry``, in any language: its number, its link and its code.
TABLE_LINE = re.compile(r"\D*(?P<table>\d+)\D*: (?P<url>http://\S+?(?P<path>/t/[A-Za-z0-9_-]+))\s+\S+ (?P<code>\w{6})")


@contextmanager
def serving(store: str, *options: str, root: tuple[str, ...] = ()) -> Iterator[Board]:
    """``scorepad [root] night board [options]`` on a free port of 127.0.0.1, stopped with Ctrl-C (SIGINT) at the end.

    With ``--entry``, the table lines the board prints after its address are read
    too, one for each table ``night codes`` names (the board's links are those).
    """
    process = start(store, *root, "night", "board", "--port", "0", *options)
    try:
        line = process.stdout.readline() if process.stdout else ""
        found = re.search(r"http://\S+", line)
        assert found, f"the board printed {line!r}; stderr: {process.stderr.read() if process.stderr else ''}"
        yield Board(found[0], process, _table_links(store, process, options) if "--entry" in options else {})
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGINT)
        try:
            process.communicate(timeout=30)
        finally:
            process.kill()


def _table_links(store: str, process: subprocess.Popen, options: tuple[str, ...]) -> dict[int, TableLink]:
    """The lines ``night board --entry`` prints after its address: as many as the night has tables' links."""
    from scorepad.app.table_links import night_codes
    from scorepad.present.night_codes import codes_json
    from scorepad.store.db import Store
    from scorepad.store.location import store_location

    night = int(options[options.index("--night") + 1]) if "--night" in options else None
    opened = Store(store_location(store))
    try:  # as ``night codes --json`` prints them, read here: a process more would cost half a second
        codes = codes_json(night_codes(opened, night))
    finally:
        opened.close()
    assert process.stdout is not None
    links = {}
    for _ in codes["tables"]:
        line = process.stdout.readline()
        found = TABLE_LINE.match(line)
        assert found, f"the board printed {line!r} for a table"
        links[int(found["table"])] = TableLink(found["url"], found["path"], found["code"])
    assert [{"table": n, "link": t.path, "code": t.code} for n, t in links.items()] == codes["tables"]
    return links


@contextmanager
def served_here(store: str, door: Door) -> Iterator[Board]:
    """The board of night 1 served by this process, on a thread, behind ``door``: limits a test sets low."""
    from scorepad.store.db import Store
    from scorepad.store.location import store_location
    from scorepad.web.listening import listen
    from scorepad.web.server import board_server

    with listen("127.0.0.1", 0) as sock:
        server = board_server(Store(store_location(store)), 1, "127.0.0.1", door)
        thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]})
        thread.start()  # connections wait in the socket's backlog until it serves them: nothing to wait for
        try:
            yield Board(f"http://127.0.0.1:{sock.getsockname()[1]}/", None)
        finally:
            server.should_exit = True
            thread.join(timeout=30)

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
from dataclasses import dataclass
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
class Board:
    url: str
    process: subprocess.Popen | None  #: None for a board served by this process (``served_here``)

    def connection(self, timeout: float = 30) -> http.client.HTTPConnection:
        where = urlsplit(self.url)
        assert where.hostname is not None and where.port is not None
        return http.client.HTTPConnection(where.hostname, where.port, timeout=timeout)

    def ask(self, path: str, method: str = "GET", body: bytes | None = None, host: str | None = None) -> Answer:
        """One request, its path sent exactly as given (``/../`` stays ``/../``), naming ``host`` if given."""
        conn = self.connection()
        try:
            conn.putrequest(method, path, skip_host=host is not None, skip_accept_encoding=True)
            if host is not None:
                conn.putheader("Host", host)
            if body is not None:
                conn.putheader("Content-Length", str(len(body)))
            conn.endheaders(body)
            answer = conn.getresponse()
            return Answer(answer.status, {k.lower(): v for k, v in answer.getheaders()}, answer.read())
        finally:
            conn.close()

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


@contextmanager
def serving(store: str, *options: str, root: tuple[str, ...] = ()) -> Iterator[Board]:
    """``scorepad [root] night board [options]`` on a free port of 127.0.0.1, stopped with Ctrl-C (SIGINT) at the end."""
    process = start(store, *root, "night", "board", "--port", "0", *options)
    try:
        line = process.stdout.readline() if process.stdout else ""
        found = re.search(r"http://\S+", line)
        assert found, f"the board printed {line!r}; stderr: {process.stderr.read() if process.stderr else ''}"
        yield Board(found[0], process)
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGINT)
        try:
            process.communicate(timeout=30)
        finally:
            process.kill()


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

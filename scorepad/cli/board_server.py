"""The live board's web server: a few fixed routes (Starlette), served by uvicorn.

Only ``scorepad night board`` imports this module, when it runs: no other
command, nor any ``--help``, loads a web server (tests/test_architecture.py).

It only reads, and answers only the requests that name it as it is reached
(``answers_to``: a page of another site cannot point its own name at the
board and read it). ``GET`` (and ``HEAD``) of five fixed paths: the page, its
script and style sheet, the night's data once (``/night.json``, for a script),
and its stream of changes (``/events``, for the page). Any other path gets
404, any other method 405, and no path ever names a file: the script and the
style sheet are the two the package holds. Every answer carries headers that
cost nothing: a Content-Security-Policy that lets the page run its own script
and nothing else, ``nosniff``, and no caching of the data.

Every connection passes the board's door (``Door``): it serves CONNECTIONS at
once and turns more away, closes a connection that does not send a whole
request in time, and the operator hears once, not per connection, that the
board is full or that the system has no more files for connections.

One reader serves every screen. While any screen watches, ``Feed`` reads the
night once a second, each read its own short transaction, and pushes it to
every page when it changed (server-sent events), so the load on the store
does not grow with the phones in the room. Measured on the night of
``tests.bench`` (40 players at 10 tables, SQLite, load average 3 on 2 cores):
a read of it worded for the page takes 12.5 ms, so the board spends 12.5 ms
a second on it however many watch; pages asking every second would cost that
each, a third of a core for 30 phones, and as many transactions a second on
a club's PostgreSQL server.
"""

from __future__ import annotations

import asyncio
import errno
import ipaddress
import socket
import threading
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager, suppress
from typing import TYPE_CHECKING, Any

import uvicorn
from starlette.datastructures import Headers
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response, StreamingResponse
from starlette.routing import Route, Router
from uvicorn.protocols.http.h11_impl import H11Protocol

from ..app.nights import night_status
from ..core.errors import ScorepadError, os_reason
from ..core.language import N_
from ..present.board import ASSETS, asset, board_json, page
from ..present.translation import _, in_language, ngettext
from ..store.errors import StoreError
from .common import complain, internal_error, json_text
from .refusal_words import refusal

if TYPE_CHECKING:
    from collections.abc import Collection

    from starlette.types import ASGIApp, Message, Receive, Scope, Send

    from ..store.db import Store

#: Seconds between two reads of the night while a screen watches: a deal shows within this and a read.
INTERVAL = 1.0
#: Seconds between two looks at whether the server is stopping (Ctrl-C), and at new screens.
TICK = 0.1
#: Seconds after which a quiet stream says it is still there, so a phone gone from the network is noticed.
KEEPALIVE = 15.0

#: The page may run its own script and style sheet, ask the board for data, and nothing else.
POLICY = (
    b"default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
    b"base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
SECURITY = [
    (b"content-security-policy", POLICY),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-resource-policy", b"same-origin"),
]
FRESH = {"Cache-Control": "no-store"}  #: the night's data: always read again
CHECKED = {"Cache-Control": "no-cache"}  #: the page and its files: asked again, so a new scorepad's are used

# The limits of the board's connections. A club's room is some 50 screens, each
# holding one stream open and asking for the page's files now and then; a
# connection that asks nothing, or asks slowly, must not hold a place that a
# phone needs, nor one of the files the system lets the board open.
#: Connections open at once that the board serves; any more are answered 503 and closed. Under the
#: 256 open files macOS allows a program by default, with room for the board's own.
CONNECTIONS = 200
#: Seconds a connection has to send the whole of a request, from its opening or from its last answer.
ASKING = 10.0
#: Seconds a connection beyond CONNECTIONS has to ask, to be told 503, before it is closed unanswered.
REFUSED = 1.0
#: Seconds uvicorn keeps a connection open after an answer, for the next request of the same screen.
KEEP_ALIVE = 5
#: Connections the system holds ready for the board to accept.
BACKLOG = 128
#: Bytes of a request's head that h11 holds while it is incomplete, more being refused (400): a
#: request of the page's is under 1 KiB.
HEAD = 16 * 1024
#: The system's refusals that asyncio meets when it accepts a connection, and stops accepting for a second.
EXHAUSTED = {errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM}


class CannotListen(ScorepadError):
    """The board cannot listen at the host and port given: ``reason`` says why."""


def listen(host: str, port: int) -> socket.socket:
    """A socket listening at ``host`` and ``port`` (0: any free port), or CannotListen saying why not."""
    if not 0 <= port <= 65535:  # the resolver would take 70000 for 4464
        raise CannotListen(N_("there is no port {port}: a port is a number from 0 to 65535"), port=port)
    sock = None
    try:
        family, kind, proto, _name, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
        sock = socket.socket(family, kind, proto)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(BACKLOG)
    except (OSError, UnicodeError) as error:  # no such host, not this machine's address, the port taken
        if sock is not None:
            sock.close()
        reason = error.strerror if isinstance(error, OSError) and error.strerror else error
        raise CannotListen(
            N_("cannot listen on {host} port {port}: {reason}"), host=host, port=port, reason=reason
        ) from None
    return sock


def addresses(sock: socket.socket) -> list[str]:
    """The addresses to open the board at: the one it listens on, or, listening on every one, this machine's."""
    host, port = sock.getsockname()[:2]
    if not ipaddress.ip_address(host).is_unspecified:
        return [_url(host, port)]
    found = {_url("127.0.0.1" if sock.family == socket.AF_INET else "::1", port)}
    try:  # the addresses the machine's name has, as the club's network may know it
        infos = socket.getaddrinfo(socket.gethostname(), port, sock.family, socket.SOCK_STREAM)
    except OSError:
        infos = []
    found |= {_url(str(info[4][0]), port) for info in infos if not ipaddress.ip_address(info[4][0]).is_loopback}
    return sorted(found, key=lambda url: ("127.0.0.1" in url or "[::1]" in url, url))


def _url(host: str, port: int) -> str:
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"


class Feed:
    """The one reader of the night that every screen watching shares; each read one short transaction."""

    def __init__(self, store: Store, night_id: int, stopping: Callable[[], bool]) -> None:
        self._store, self._night_id, self._stopping = store, night_id, stopping
        self._reading = threading.Lock()  # one read at a time: the stream's, or a script's /night.json
        self._event = b""  #: the last event read: the night, or why it could not be read
        self._changed = asyncio.Event()  #: set, and replaced, whenever the event changes
        self._watchers = 0
        self._closed = False
        self._told = ""  #: what the last read told the operator, said once on stderr however many reads meet it

    def read(self) -> tuple[int, str]:
        """The night as the page's data (200), or why it cannot be read now (503), as JSON text.

        The page, which anyone on the club's network may open, hears scorepad's
        own refusals (there is no such night). What the store says of itself
        names its file or its server, and a defect may name files of the
        installation: those the operator hears, on the terminal, once.
        """
        with self._reading:
            told, self._told = self._told, ""
            try:
                return 200, json_text(board_json(night_status(self._store, self._night_id)))
            except StoreError as error:
                self._told = _("the board cannot read the night: {reason}").format(reason=refusal(error))
            except ScorepadError as error:
                return self._problem(refusal(error))
            except Exception as error:  # noqa: BLE001 - a defect too is said on the page, and the board reads on
                self._told = internal_error(error)
            if self._told != told:  # the operator hears of it once, not every second
                complain(self._told)
        return self._problem(_("the board's terminal says why"))

    @staticmethod
    def _problem(reason: str) -> tuple[int, str]:
        return 503, json_text({"problem": _("the board cannot read the night: {reason}").format(reason=reason)})

    async def run(self) -> None:
        """Read the night every INTERVAL while a screen watches, until the server stops; then end every stream."""
        due = 0.0
        while not self._stopping():
            if self._watchers and time.monotonic() >= due:
                due = time.monotonic() + INTERVAL
                code, text = await asyncio.to_thread(self.read)
                event = (b"data: " if code == 200 else b"event: problem\ndata: ") + text.encode() + b"\n\n"
                if event != self._event:
                    self._event = event
                    self._wake()
            await asyncio.sleep(TICK)
        self._closed = True
        self._wake()

    def _wake(self) -> None:
        changed, self._changed = self._changed, asyncio.Event()
        changed.set()

    async def stream(self) -> AsyncIterator[bytes]:
        """The events of one screen: the night as it is, then each change, until the server stops."""
        self._watchers += 1
        try:
            yield b"retry: 1000\n\n"  # after a lost connection the browser tries again in a second
            sent = b""
            while not self._closed:
                changed = self._changed
                if self._event != sent:
                    sent = self._event
                    yield sent
                try:
                    async with asyncio.timeout(KEEPALIVE):
                        await changed.wait()
                except TimeoutError:
                    yield b": still here\n\n"
        finally:
            self._watchers -= 1


Ends = tuple[tuple[str, int] | None, tuple[str, int] | None]  #: a connection's two ends: the board's, the screen's


class Visit:
    """One connection: whether the door serves it, and the timer that closes it when it does not ask in time."""

    def __init__(self, transport: asyncio.BaseTransport, served: bool, wait: float) -> None:
        self.transport, self.served, self._wait = transport, served, wait
        self.ends: Ends = (_end(transport.get_extra_info("sockname")), _end(transport.get_extra_info("peername")))
        self._asking = 0  #: its requests being answered: h11 answers one at a time, yet the next may start first
        self._timer: asyncio.TimerHandle | None = None
        self._expect()

    def _expect(self) -> None:
        self._timer = asyncio.get_running_loop().call_later(self._wait, self.transport.close)

    def asks(self) -> None:
        """A request has come whole: it is answered, however long its stream lasts."""
        self._asking += 1
        self.end()

    def answered(self) -> None:
        """A request is answered: the next must come whole in time, as the first."""
        self._asking -= 1
        if not self._asking and not self.transport.is_closing():
            self._expect()

    def end(self) -> None:
        """No more timer: the connection is being answered, or has closed."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None


class Door:
    """Every connection to the board: the first ``most`` open at once are served, any more told 503.

    uvicorn closes a connection that stays quiet after an answer, but not one
    that never sends a request, or sends it a byte at a time: the door closes
    either after ``asking`` seconds, so that idle connections cannot hold the
    places for long, and one beyond the most after ``refused`` seconds, so that
    they cannot hold every file the system lets the board open. It decides at
    a connection's opening, so a screen it serves stays served. uvicorn's own
    cap (``limit_concurrency``) decides at each request: once it is reached it
    refuses the next request of a screen already watching too, keeps an idle
    connection it refuses open, and logs each refusal, where the operator
    needs to hear once that the board is full. What the operator hears (the
    board is full, the system has no more files for connections) is said
    once, however many connections meet it.
    """

    def __init__(self, most: int = CONNECTIONS, asking: float = ASKING, refused: float = REFUSED) -> None:
        self.most, self.asking, self.refused = most, asking, refused
        self._visits: dict[Ends, Visit] = {}
        self._served = 0
        self._said: set[str] = set()

    def say_once(self, message: str) -> None:
        if message not in self._said:
            self._said.add(message)
            complain(message)

    def opened(self, transport: asyncio.BaseTransport) -> Visit:
        served = self._served < self.most
        if served:
            self._served += 1
        else:
            self.say_once(
                ngettext(
                    "{count} connection is open, the most the board serves at once: it turns more away until it closes",
                    "{count} connections are open, the most the board serves at once:"
                    " it turns more away until some close",
                    self.most,
                ).format(count=self.most)
            )
        visit = Visit(transport, served, self.asking if served else self.refused)
        self._visits[visit.ends] = visit
        return visit

    def closed(self, visit: Visit) -> None:
        visit.end()
        self._visits.pop(visit.ends, None)
        self._served -= visit.served

    def protocol(self) -> type[asyncio.Protocol]:
        """uvicorn's HTTP/1.1 protocol (h11) for each connection, the door told when it opens and closes."""
        door = self

        class Guarded(asyncio.Protocol):
            def __init__(self, **given: Any) -> None:  # what uvicorn gives a connection's protocol
                self._http = H11Protocol(**given)
                self._visit: Visit | None = None

            def connection_made(self, transport: asyncio.BaseTransport) -> None:
                self._visit = door.opened(transport)
                self._http.connection_made(transport)  # type: ignore[arg-type]  # a socket's: a Transport

            def data_received(self, data: bytes) -> None:
                self._http.data_received(data)

            def eof_received(self) -> None:  # as h11's: the connection closes when the screen has sent all
                self._http.eof_received()

            def connection_lost(self, exc: Exception | None) -> None:
                if self._visit is not None:
                    door.closed(self._visit)
                self._http.connection_lost(exc)

            def pause_writing(self) -> None:
                self._http.pause_writing()

            def resume_writing(self) -> None:
                self._http.resume_writing()

        return Guarded

    def guarding(self, app: ASGIApp) -> ASGIApp:
        """``app`` for the connections the door serves, 503 for the others; each request stops its timer."""

        async def guarded(scope: Scope, receive: Receive, send: Send) -> None:
            visit = (
                self._visits.get((_end(scope["server"]), _end(scope["client"]))) if scope["type"] == "http" else None
            )
            if visit is None:  # the lifespan
                await app(scope, receive, send)
                return
            visit.asks()
            try:
                await (app if visit.served else FULL)(scope, receive, send)
            finally:
                visit.answered()

        return guarded

    def trouble(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        """What the event loop meets outside a request: no more files for a connection said once, not per attempt."""
        error = context.get("exception")
        if isinstance(error, OSError) and error.errno in EXHAUSTED:
            self.say_once(
                _(
                    "the board cannot take more connections for now: {reason}; it takes them again as others close"
                ).format(reason=in_language(os_reason(error)))
            )
            return
        loop.default_exception_handler(context)


#: The answer to a connection beyond the door's most, which uvicorn then closes.
FULL = PlainTextResponse("Service Unavailable", 503, headers={"Connection": "close"})


def _end(address: Any) -> tuple[str, int] | None:
    """One end of a connection, its host and port, as uvicorn gives it to the app (``server``, ``client``)."""
    return (str(address[0]), int(address[1])) if address else None


def board_app(feed: Feed, door: Door, names: Collection[str]) -> ASGIApp:
    """The board's routes behind its door, for requests that name it (``answers_to``), each answer secured."""
    html = page()

    async def show_page(request: Request) -> Response:
        return HTMLResponse(html, headers=CHECKED)

    async def show_asset(request: Request) -> Response:
        kind = "text/javascript" if request.url.path.endswith(".js") else "text/css"
        return Response(asset(request.url.path), media_type=f"{kind}; charset=utf-8", headers=CHECKED)

    async def night(request: Request) -> Response:
        code, text = await asyncio.to_thread(feed.read)
        return Response(text, code, media_type="application/json", headers=FRESH)

    async def events(request: Request) -> Response:
        return StreamingResponse(feed.stream(), media_type="text/event-stream", headers=FRESH)

    @asynccontextmanager
    async def reading(app: object) -> AsyncIterator[None]:
        asyncio.get_running_loop().set_exception_handler(door.trouble)
        task = asyncio.create_task(feed.run())
        yield
        task.cancel()
        with suppress(asyncio.CancelledError):
            await task

    routes = [
        Route("/", show_page, methods=["GET"]),
        *(Route(path, show_asset, methods=["GET"]) for path in ASSETS),
        Route("/night.json", night, methods=["GET"]),
        Route("/events", events, methods=["GET"]),
    ]
    # No redirect from /night.json/ to /night.json: a path that is not the board's is an error, never a redirect.
    return _secured(door.guarding(_addressed(Router(routes, redirect_slashes=False, lifespan=reading), names)))


def _secured(app: ASGIApp) -> ASGIApp:
    async def with_headers(scope: Scope, receive: Receive, send: Send) -> None:
        async def send_secured(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", ()), *SECURITY]
            await send(message)

        await app(scope, receive, send_secured)

    return with_headers


def own_names(host: str) -> frozenset[str]:
    """The names the board answers to: localhost, this machine's, and --host's when it is a name."""
    machine = socket.gethostname().lower().rstrip(".")
    names = {"localhost", machine}
    if "." not in machine:  # the name the local network knows it by (mDNS: Bonjour, Avahi)
        names.add(f"{machine}.local")
    if not _is_address(host):
        names.add(host.lower().rstrip("."))
    return frozenset(name for name in names if name)


def answers_to(host: str, server: tuple[str, int] | None, names: Collection[str]) -> bool:
    """Whether a request that names ``host`` (its Host header) and came in at ``server`` is the board's to answer.

    It is when it names the board by one of ``names``, by a loopback address,
    or by the address it came in at: with ``--host 0.0.0.0``, any of this
    machine's addresses, as a wall screen on the club's network knows it. A
    web page of another site that the laptop opens may point a name of its
    own at this machine (DNS rebinding), to read the board as its own site;
    its requests then name that site, and are refused.
    """
    if host.startswith("["):  # an IPv6 address, then its port
        name, closed, _port = host[1:].partition("]")
        if not closed:
            return False
    else:
        name = host.partition(":")[0]
    name = name.lower().rstrip(".")
    if name in names:
        return True
    if not _is_address(name):
        return False
    address = _plain(name)
    return address.is_loopback or (server is not None and address == _plain(server[0]))


def _is_address(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def _plain(address: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address:
    """An address, an IPv4 one as itself even when a socket listening on ``::`` gives it mapped (``::ffff:a.b.c.d``)."""
    found = ipaddress.ip_address(address)
    if isinstance(found, ipaddress.IPv6Address) and found.ipv4_mapped:
        return found.ipv4_mapped
    return found


def _addressed(app: ASGIApp, names: Collection[str]) -> ASGIApp:
    """``app`` for the requests that are the board's to answer (``answers_to``); 421 Misdirected Request for others."""
    misdirected = PlainTextResponse(_("Open the board at an address it printed when it started."), 421)

    async def checked(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and not answers_to(Headers(scope=scope).get("host", ""), scope["server"], names):
            await misdirected(scope, receive, send)
            return
        await app(scope, receive, send)

    return checked


def board_server(store: Store, night_id: int, host: str, door: Door | None = None) -> uvicorn.Server:
    """The night's board, to run on a socket listening at ``host``; uvicorn says nothing but its errors."""
    server: uvicorn.Server | None = None
    feed = Feed(store, night_id, stopping=lambda: server is not None and server.should_exit)
    door = door or Door()
    config = uvicorn.Config(
        board_app(feed, door, own_names(host)),
        http=door.protocol(),
        ws="none",
        lifespan="on",
        log_config=None,
        log_level="error",
        access_log=False,
        server_header=False,
        proxy_headers=False,  # no proxy stands before the board: the door knows each screen by its connection
        timeout_graceful_shutdown=5,
        timeout_keep_alive=KEEP_ALIVE,
        h11_max_incomplete_event_size=HEAD,
        backlog=BACKLOG,
    )
    server = uvicorn.Server(config)
    return server


def serve(sock: socket.socket, store: Store, night_id: int, host: str) -> None:
    """Serve the night's board on ``sock``, listening at ``host``, until Ctrl-C (or SIGTERM)."""
    board_server(store, night_id, host).run(sockets=[sock])

"""The board's door: every connection counted and timed, the first CONNECTIONS served, any more turned away.

A club's room is some 50 screens, each holding one stream open and asking for
the page's files now and then; a connection that asks nothing, or asks
slowly, must not hold a place that a phone needs, nor one of the files the
system lets the board open. The operator hears once, not per connection,
that the board is full or that the system has no more files for connections.
"""

from __future__ import annotations

import asyncio
import errno
from typing import TYPE_CHECKING, Any

from starlette.responses import PlainTextResponse
from uvicorn.protocols.http.h11_impl import H11Protocol

from ..core.errors import os_reason
from ..present.translation import _, in_language, ngettext
from .terminal import tell

if TYPE_CHECKING:
    from starlette.types import ASGIApp, Receive, Scope, Send

#: Connections open at once that the board serves; any more are answered 503 and closed. Under the
#: 256 open files macOS allows a program by default, with room for the board's own.
CONNECTIONS = 200
#: Seconds a connection has to send the whole of a request, from its opening or from its last answer.
ASKING = 10.0
#: Seconds a connection beyond CONNECTIONS has to ask, to be told 503, before it is closed unanswered.
REFUSED = 1.0
#: The system's refusals that asyncio meets when it accepts a connection, and stops accepting for a second.
EXHAUSTED = {errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM}

#: The answer to a connection beyond the door's most, which uvicorn then closes.
FULL = PlainTextResponse("Service Unavailable", 503, headers={"Connection": "close"})

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
            tell(message)

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


def _end(address: Any) -> tuple[str, int] | None:
    """One end of a connection, its host and port, as uvicorn gives it to the app (``server``, ``client``)."""
    return (str(address[0]), int(address[1])) if address else None

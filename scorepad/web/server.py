"""The board's web server: its routes behind its door, served by uvicorn on the socket the command listens on.

It only reads, and answers only the requests that name it as it is reached
(``hosts``). Every connection passes the board's door (``door``), and one
reader of the night serves every screen (``feed``).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress
from typing import TYPE_CHECKING

import uvicorn
from starlette.routing import Router

from .door import Door
from .entry import TablePages, Tables, TableWords
from .feed import Feed
from .hosts import addressed, own_names
from .listening import BACKLOG
from .routes import board_routes, not_found, secured

if TYPE_CHECKING:
    import socket
    from collections.abc import Collection

    from starlette.types import ASGIApp

    from ..store.db import Store

#: The tables' pages of ``--entry``: the night's tables by their links, and how their lines are read.
Entry = tuple[Tables, TableWords]

#: Seconds uvicorn keeps a connection open after an answer, for the next request of the same screen.
KEEP_ALIVE = 5
#: Bytes of a request's head that h11 holds while it is incomplete, more being refused (400): a
#: request of the page's is under 1 KiB.
HEAD = 16 * 1024


def board_app(feed: Feed, door: Door, names: Collection[str], entry: Entry | None = None) -> ASGIApp:
    """The board's routes behind its door, for requests that name it (``hosts.answers_to``), each answer secured;
    with ``entry``, the tables' pages too."""

    @asynccontextmanager
    async def reading(app: object) -> AsyncIterator[None]:
        asyncio.get_running_loop().set_exception_handler(door.trouble)
        task = asyncio.create_task(feed.run())
        yield
        task.cancel()
        with suppress(asyncio.CancelledError):
            await task

    # No redirect from /night.json/ to /night.json: a path that is not the board's is an error, never a redirect.
    routes = board_routes(feed) + ([] if entry is None else TablePages(*entry, feed).routes())
    router = Router(routes, redirect_slashes=False, default=not_found(), lifespan=reading)
    return secured(door.guarding(addressed(router, names)))


def board_server(
    store: Store, night_id: int, host: str, door: Door | None = None, entry: Entry | None = None
) -> uvicorn.Server:
    """The night's board, to run on a socket listening at ``host``; uvicorn says nothing but its errors."""
    server: uvicorn.Server | None = None
    feed = Feed(store, night_id, stopping=lambda: server is not None and server.should_exit)
    door = door or Door()
    config = uvicorn.Config(
        board_app(feed, door, own_names(host), entry),
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


def serve(sock: socket.socket, store: Store, night_id: int, host: str, entry: Entry | None = None) -> None:
    """Serve the night's board on ``sock``, listening at ``host``, until Ctrl-C (or SIGTERM); with ``entry``,
    the tables' pages too."""
    board_server(store, night_id, host, entry=entry).run(sockets=[sock])

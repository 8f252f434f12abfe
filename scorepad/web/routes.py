"""The board's routes: ``GET`` (and ``HEAD``) of fixed paths, and the headers every answer carries.

The page (``present.board``), the pages' scripts and style sheets (``assets/``), the
night's data once (``/night.json``, for a script), and its stream of changes
(``/events``, for the page). Any other path gets 404, any other method 405,
and no path ever names a file: the scripts and style sheets are the five
the package holds. Every answer carries headers that cost nothing: a
Content-Security-Policy that lets the page run its own script and nothing
else, ``nosniff``, and no caching of the data.
"""

from __future__ import annotations

import asyncio
import functools
from importlib import resources
from typing import TYPE_CHECKING

from starlette.responses import HTMLResponse, PlainTextResponse, Response, StreamingResponse
from starlette.routing import Route

from ..present.board import page
from ..present.translation import _

if TYPE_CHECKING:
    from starlette.requests import Request
    from starlette.types import ASGIApp, Message, Receive, Scope, Send

    from .feed import Feed

#: The pages' scripts and style sheets, by the path each page asks for them at: the board's
#: (``present.board.page``) and a table's (``present.table_page.page``, served with ``--entry``).
ASSETS = {
    "/palette.css": "palette.css",
    "/board.js": "board.js",
    "/board.css": "board.css",
    "/table.js": "table.js",
    "/table.css": "table.css",
}

#: The page may run its own script and style sheet, ask the board for data, and nothing else.
POLICY = (
    b"default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
    b"base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
SECURITY = [
    (b"content-security-policy", POLICY),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-resource-policy", b"same-origin"),
]
FRESH = {"Cache-Control": "no-store"}  #: the night's data: always read again
CHECKED = {"Cache-Control": "no-cache"}  #: the page and its files: asked again, so a new scorepad's are used


@functools.cache
def asset(path: str) -> bytes:
    """The script or the style sheet the page links to (a key of ``ASSETS``), as the package holds it."""
    return resources.files(__package__).joinpath("assets", ASSETS[path]).read_bytes()


def board_routes(feed: Feed) -> list[Route]:
    """The board's paths, each for ``GET`` (and so ``HEAD``) alone."""
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

    return [
        Route("/", show_page, methods=["GET"]),
        *(Route(path, show_asset, methods=["GET"]) for path in ASSETS),
        Route("/night.json", night, methods=["GET"]),
        Route("/events", events, methods=["GET"]),
    ]


def not_found() -> Response:
    """The answer to a path that is not the board's, in the language in use (Starlette's says "Not Found")."""
    return PlainTextResponse(_("Not Found"), 404)


def secured(app: ASGIApp) -> ASGIApp:
    """``app`` with the SECURITY headers on every answer it gives, its errors and refusals included."""

    async def with_headers(scope: Scope, receive: Receive, send: Send) -> None:
        async def send_secured(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", ()), *SECURITY]
            await send(message)

        await app(scope, receive, send_secured)

    return with_headers

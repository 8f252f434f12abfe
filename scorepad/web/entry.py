"""The tables' pages (``night board --entry``): a phone page per table, its state, its entries, and ``/join``.

- ``GET /t/TOKEN``: the table's page; ``GET /t/TOKEN/state``: the table as JSON.
- ``POST /t/TOKEN/entries``: one entry, ``{"deal", "text", "key"}`` as JSON;
  201 written, 200 written before (the same key), 409 the deal was entered
  first elsewhere, 422 refused by the rules, 403 another site's page or a
  match that is not the table's now.
- ``GET /join``: a form for the short code; ``GET /join?code=C``: 303 to the table's link.

A wrong link or code is 404, and counted against its address (``guesses``).
The line is read as ``play`` reads it, and refused in its words: the command
that starts the board hands both in (``TableWords``), since the web edge
imports nothing of the command line. Every write runs in a thread, through
``app.table_entry``, in one transaction with the match locked.

The board's own writes queue on a lock in its memory, one at a time: on
SQLite they would otherwise meet at the store's write lock, where a waiting
writer sleeps (1, 2, 5, 10 ms ...) before it tries again. Measured in
tests.bench, forty phones sending a deal at once on SQLite: all answered in
110 ms with the lock, 153 ms without it.
"""

from __future__ import annotations

import asyncio
import json
import re
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from ..app import table_entry
from ..app.table_links import NightLinks, current_links
from ..core.errors import ScorepadError
from ..present.json_text import json_text
from ..present.table_page import join_page, last_json, page, readback, table_json
from ..present.translation import _, in_language, internal_error
from ..store.errors import StoreError
from .guesses import Guesses
from .terminal import tell

if TYPE_CHECKING:
    from starlette.requests import Request

    from ..store.db import Store
    from .feed import Feed

#: The most a request's body may hold: an entry is a line of a few dozen characters.
BODY = 4096
#: A key is made by the page once per typed entry: 8 to 64 of these characters.
KEY = re.compile(r"[A-Za-z0-9_-]{8,64}")
FRESH = {"Cache-Control": "no-store"}
CHECKED = {"Cache-Control": "no-cache"}


@dataclass(frozen=True)
class TableWords:
    """How a table's line is read, and a refusal said: ``play``'s, handed in by the command that starts the board."""

    read: Callable[[str], object | None]  #: a line as ``play`` reads it: an action, a command, or None
    refusal: Callable[[ScorepadError], str]  #: a refusal as the command line says it


class Tables:
    """The night's tables as their links name them, read again when ``night codes --new`` made new ones."""

    def __init__(self, store: Store, night_id: int, key: bytes) -> None:
        self.store, self.night_id, self._key = store, night_id, key
        self._links: NightLinks | None = None

    def links(self) -> NightLinks | None:
        self._links = current_links(self.store, self.night_id, self._key, self._links)
        return self._links


class TablePages:
    """The tables' pages, their data and their entries, and ``/join``: the routes of ``--entry``."""

    def __init__(self, tables: Tables, words: TableWords, feed: Feed) -> None:
        self.tables, self.words, self.feed = tables, words, feed
        self.guesses, self.html = Guesses(), page()
        self._writing = threading.Lock()

    def routes(self) -> list[Route]:
        return [
            Route("/t/{token}", self.show_page, methods=["GET"]),
            Route("/t/{token}/state", self.state, methods=["GET"]),
            Route("/t/{token}/entries", self.entries, methods=["POST"]),
            Route("/join", self.join, methods=["GET"]),
        ]

    async def _table_of(self, request: Request) -> int | Response:
        """The table the request's link names; else the answer to give (404, or 429 to an address turned away)."""
        address = _address(request)
        if self.guesses.locked(address):
            return _turned_away()
        links = await asyncio.to_thread(self.tables.links)
        table = None if links is None else links.table_of_token(request.path_params["token"])
        if table is None:
            self.guesses.wrong(address)
            return _error(404, _("no table has this link: scan the table's card again, or type its code"))
        return table

    async def show_page(self, request: Request) -> Response:
        found = await self._table_of(request)
        return found if isinstance(found, Response) else HTMLResponse(self.html, headers=CHECKED)

    async def state(self, request: Request) -> Response:
        found = await self._table_of(request)
        if isinstance(found, Response):
            return found
        now = await asyncio.to_thread(table_entry.table_now, self.tables.store, self.tables.night_id, found)
        return Response(json_text(table_json(now)), media_type="application/json", headers=FRESH)

    async def entries(self, request: Request) -> Response:
        refused = _foreign(request) or _not_json(request)
        if refused:
            return refused
        found = await self._table_of(request)
        if isinstance(found, Response):
            return found
        body = await _entry_body(request)
        if isinstance(body, Response):
            return body
        answer = await asyncio.to_thread(self._enter_one, found, body)
        if answer.status_code in (200, 201):
            self.feed.soon()
        return answer

    def _enter_one(self, table: int, body: dict[str, Any]) -> Response:
        with self._writing:
            return _enter(self.tables, self.words, table, body)

    async def join(self, request: Request) -> Response:
        """The form for a table's code; with ``?code=``, 303 to the table's link."""
        code = request.query_params.get("code")
        if code is None:
            return HTMLResponse(join_page(), headers=CHECKED)
        address = _address(request)
        if self.guesses.locked(address):
            return _turned_away()
        links = await asyncio.to_thread(self.tables.links)
        token = None if links is None else links.token_of_code(code[:32])
        if token is None:
            self.guesses.wrong(address)
            return HTMLResponse(join_page(wrong=True), 404, headers=CHECKED)
        return RedirectResponse(f"/t/{token}", 303, headers=FRESH)


def _address(request: Request) -> str:
    return request.client.host if request.client else ""


def _turned_away() -> Response:
    return _error(429, _("too many wrong table links or codes: try again in a minute"))


def _error(status: int, message: str, **more: Any) -> Response:
    return JSONResponse({"error": message, **more}, status, headers=FRESH)


def _foreign(request: Request) -> Response | None:
    """403 to a request another site's page sent: its Origin is not the board's own address."""
    origin = request.headers.get("origin")
    if origin is None or origin == f"http://{request.headers.get('host', '')}":
        return None
    return _error(403, _("this board takes entries from its own pages only"))


def _not_json(request: Request) -> Response | None:
    """415 to a body that is not JSON (a form's post), 413 to one too long for an entry."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        return _error(415, _("an entry is sent as JSON"))
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > BODY):
        return _error(413, _("an entry is one line"))
    return None


async def _entry_body(request: Request) -> dict[str, Any] | Response:
    """The entry sent: ``deal`` a whole number, ``text`` a line, ``key`` as KEY, and the ``match`` shown if any."""
    raw = b""
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > BODY:
            return _error(413, _("an entry is one line"))
    try:
        body = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        body = None
    if not (
        isinstance(body, dict)
        and type(body.get("deal")) is int
        and 1 <= body["deal"] <= 10**6
        and isinstance(body.get("text"), str)
        and isinstance(body.get("key"), str)
        and KEY.fullmatch(body["key"])
        and (body.get("match") is None or type(body.get("match")) is int)
    ):
        return _error(400, _('an entry is {"deal": N, "text": "...", "key": "..."}, the key of 8 to 64 letters'))
    return body


def _enter(tables: Tables, words: TableWords, table: int, body: dict[str, Any]) -> Response:
    """Read the line and write it for ``table``; the answer to the phone."""
    try:
        action = words.read(body["text"])
        if not isinstance(action, table_entry.PHONE_ACTIONS):
            return _error(422, _("type a deal's scores, or misdeal, renege NAME or undo"))
        written, answer = table_entry.enter(
            tables.store, tables.night_id, table, body.get("match"), body["deal"], body["key"], action, _worded
        )
    except table_entry.DealMoved as moved:
        state = table_json(moved.now)
        return _error(409, in_language(moved), next_deal=state["next_deal"], last=last_json(moved.now.last))
    except table_entry.NotThisTablesMatch as error:
        return _error(403, in_language(error))
    except StoreError as error:
        tell(_("a table's entry could not be written: {reason}").format(reason=in_language(error)))
        return _error(503, _("the entry could not be written: try again"))
    except ScorepadError as error:
        return _error(422, words.refusal(error))
    except Exception as error:  # noqa: BLE001 - the operator hears of a defect; the phone keeps its line
        tell(internal_error(error))
        return _error(500, _("the board's terminal says why"))
    return Response(answer, 201 if written else 200, media_type="application/json", headers=FRESH)


def _worded(written: table_entry.Written) -> str:
    """The answer to a written entry, as JSON text: kept with the write, and given again to a retry."""
    state = written.result.state
    return json_text({"deal": written.deal, "readback": readback(written), "totals": list(state.totals)})

"""The one reader of the night that every screen watching the board shares.

While any screen watches, ``Feed`` reads the night once a second, each read
its own short transaction, and pushes it to every page when it changed
(server-sent events), so the load on the store does not grow with the phones
in the room. Measured on the night of ``tests.bench`` (40 players at 10
tables, SQLite, load average 3 on 2 cores): a read of it worded for the page
takes 12.5 ms, so the board spends 12.5 ms a second on it however many watch;
pages asking every second would cost that each, a third of a core for 30
phones, and as many transactions a second on a club's PostgreSQL server.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import AsyncIterator, Callable
from typing import TYPE_CHECKING

from ..app.nights import night_status
from ..core.errors import ScorepadError
from ..present.board import board_json
from ..present.json_text import json_text
from ..present.translation import _, in_language, internal_error
from ..store.errors import StoreError
from .terminal import tell

if TYPE_CHECKING:
    from ..store.db import Store

#: Seconds between two reads of the night while a screen watches: a deal shows within this and a read.
INTERVAL = 1.0
#: Seconds between two looks at whether the server is stopping (Ctrl-C), and at new screens.
TICK = 0.1
#: Seconds after which a quiet stream says it is still there, so a phone gone from the network is noticed.
KEEPALIVE = 15.0


class Feed:
    """The one reader of the night that every screen watching shares; each read one short transaction."""

    def __init__(self, store: Store, night_id: int, stopping: Callable[[], bool]) -> None:
        self._store, self._night_id, self._stopping = store, night_id, stopping
        self._reading = threading.Lock()  # one read at a time: the stream's, or a script's /night.json
        self._event = b""  #: the last event read: the night, or why it could not be read
        self._changed = asyncio.Event()  #: set, and replaced, whenever the event changes
        self._watchers = 0
        self._due = 0.0  #: when the next read is due
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
                self._told = _("the board cannot read the night: {reason}").format(reason=in_language(error))
            except ScorepadError as error:
                return self._problem(in_language(error))
            except Exception as error:  # noqa: BLE001 - a defect too is said on the page, and the board reads on
                self._told = internal_error(error)
            if self._told != told:  # the operator hears of it once, not every second
                tell(self._told)
        return self._problem(_("the board's terminal says why"))

    @staticmethod
    def _problem(reason: str) -> tuple[int, str]:
        return 503, json_text({"problem": _("the board cannot read the night: {reason}").format(reason=reason)})

    def soon(self) -> None:
        """A table's phone has written: read the night at the next TICK, not at the next INTERVAL."""
        self._due = 0.0

    async def run(self) -> None:
        """Read the night every INTERVAL while a screen watches, until the server stops; then end every stream."""
        while not self._stopping():
            if self._watchers and time.monotonic() >= self._due:
                self._due = time.monotonic() + INTERVAL
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

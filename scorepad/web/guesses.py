"""Wrong table links and codes, counted by the address they come from: ten in a minute, and it is turned away.

A table's link holds 192 random bits and cannot be guessed; its short code
holds 30, which could be, a guess a request. So an address that sends
``LIMIT`` wrong links or codes within ``WINDOW`` seconds is answered 429 on
every table's page and on ``/join`` for ``LOCKED`` seconds, and the board's
operator hears of it once. The counts live in the board's memory only, for
at most ``ADDRESSES`` addresses: the oldest are forgotten first.
"""

from __future__ import annotations

import time
from collections import OrderedDict, deque
from collections.abc import Callable

from ..present.translation import _
from .terminal import tell

LIMIT = 10
WINDOW = 60.0
LOCKED = 60.0
ADDRESSES = 10_000


class Guesses:
    """The wrong guesses of each address within the last WINDOW seconds, and the addresses turned away."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._wrong: OrderedDict[str, deque[float]] = OrderedDict()
        self._locked: dict[str, float] = {}  #: until when each address is turned away

    def locked(self, address: str) -> bool:
        until = self._locked.get(address)
        if until is None:
            return False
        if self._clock() < until:
            return True
        del self._locked[address]
        return False

    def wrong(self, address: str) -> None:
        """One more wrong link or code from ``address``: at the LIMIT-th within WINDOW, it is turned away."""
        now = self._clock()
        times = self._wrong.pop(address, None) or deque()
        while times and times[0] <= now - WINDOW:
            times.popleft()
        times.append(now)
        if len(times) >= LIMIT:
            self._locked[address] = now + LOCKED
            if len(self._locked) > ADDRESSES:
                del self._locked[next(iter(self._locked))]
            tell(
                _("{address} sent {count} wrong table links or codes within a minute: turned away for a minute").format(
                    address=address, count=len(times)
                )
            )
            times.clear()
        else:
            self._wrong[address] = times
            while len(self._wrong) > ADDRESSES:
                self._wrong.popitem(last=False)

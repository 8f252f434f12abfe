"""Which requests are the board's to answer: those that name it as it is reached, and no other site's.

A web page of another site that the laptop opens may point a name of its own
at this machine (DNS rebinding), to read the board as its own site; its
requests then name that site, and are answered 421 Misdirected Request.
"""

from __future__ import annotations

import ipaddress
import socket
from typing import TYPE_CHECKING

from starlette.datastructures import Headers
from starlette.responses import PlainTextResponse

from ..present.translation import _

if TYPE_CHECKING:
    from collections.abc import Collection

    from starlette.types import ASGIApp, Receive, Scope, Send


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
    machine's addresses, as a wall screen on the club's network knows it.
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


def addressed(app: ASGIApp, names: Collection[str]) -> ASGIApp:
    """``app`` for the requests that are the board's to answer (``answers_to``); 421 Misdirected Request for others."""
    misdirected = PlainTextResponse(_("Open the board at an address it printed when it started."), 421)

    async def checked(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and not answers_to(Headers(scope=scope).get("host", ""), scope["server"], names):
            await misdirected(scope, receive, send)
            return
        await app(scope, receive, send)

    return checked

"""Where the board listens: its socket at the host and port asked for, and the addresses to open it at.

The command listens before it serves, so that a host or port it cannot have
is refused in one line, before anything is printed as the board's address.
"""

from __future__ import annotations

import ipaddress
import socket

from ..app.addresses import network_addresses, url
from ..core.errors import ScorepadError
from ..core.language import N_

#: Connections the system holds ready for the board to accept.
BACKLOG = 128


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
        return [url(host, port)]
    return network_addresses(port, sock.family)

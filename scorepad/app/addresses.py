"""This machine's addresses, as the phones on the club's network reach the board.

The board (``web.listening``) prints them when it listens on every address;
``night cards`` prints the first on the table cards before the board runs.
"""

from __future__ import annotations

import ipaddress
import socket

#: The port the board listens on unless told otherwise (``night board --port``).
BOARD_PORT = 8000


def url(host: str, port: int) -> str:
    """``http://HOST:PORT/``, an IPv6 host in brackets."""
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"


def network_addresses(port: int, family: socket.AddressFamily = socket.AF_INET) -> list[str]:
    """The board's addresses at ``port`` on every address of this machine: the one it reaches the network
    from first, then those its name has there, then the loopback one (the only one on a machine without a network)."""
    found = {url("127.0.0.1" if family == socket.AF_INET else "::1", port)}
    try:  # the addresses the machine's name has, as the club's network may know it
        infos = socket.getaddrinfo(socket.gethostname(), port, family, socket.SOCK_STREAM)
    except OSError:
        infos = []
    found |= {url(str(info[4][0]), port) for info in infos if not ipaddress.ip_address(info[4][0]).is_loopback}
    # Many systems give the machine's name a loopback address (Debian: 127.0.1.1): the route finds the network's.
    routed = _routed(family)
    if routed is not None:
        found.add(url(routed, port))
    first = None if routed is None else url(routed, port)
    return sorted(found, key=lambda address: ("127.0.0.1" in address or "[::1]" in address, address != first, address))


def _routed(family: socket.AddressFamily) -> str | None:
    """This machine's address on the network its traffic goes out to, or None without one.

    Connecting a UDP socket sends nothing: it only picks the route, and so the
    address it would send from. The address aimed at is one kept for
    documentation (RFC 5737, RFC 3849), which nothing answers.
    """
    aimed = ("192.0.2.1", 9) if family == socket.AF_INET else ("2001:db8::1", 9)
    try:
        with socket.socket(family, socket.SOCK_DGRAM) as probe:
            probe.connect(aimed)
            address = ipaddress.ip_address(probe.getsockname()[0])
    except (OSError, ValueError):
        return None
    return None if address.is_loopback or address.is_unspecified or address.is_link_local else str(address)


def board_address(port: int = BOARD_PORT) -> str:
    """The address ``night board --host 0.0.0.0`` prints first: this machine's on its local network."""
    return network_addresses(port)[0]

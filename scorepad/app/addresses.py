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
    """The board's addresses at ``port`` on every address of this machine: those its name has on the
    network first, then the loopback one (the only one on a machine that has no other)."""
    found = {url("127.0.0.1" if family == socket.AF_INET else "::1", port)}
    try:  # the addresses the machine's name has, as the club's network may know it
        infos = socket.getaddrinfo(socket.gethostname(), port, family, socket.SOCK_STREAM)
    except OSError:
        infos = []
    found |= {url(str(info[4][0]), port) for info in infos if not ipaddress.ip_address(info[4][0]).is_loopback}
    return sorted(found, key=lambda address: ("127.0.0.1" in address or "[::1]" in address, address))


def board_address(port: int = BOARD_PORT) -> str:
    """The address ``night board --host 0.0.0.0`` prints first: this machine's on its local network."""
    return network_addresses(port)[0]

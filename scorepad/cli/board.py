"""``scorepad night board``: the live board of a night, for the room's screen and the players' phones.

The command reads its options, opens the store and listens; the web edge
(``scorepad/web/``) serves the board. Only this module imports it, when the
command runs, so no other command, nor any ``--help``, loads a web server.
"""

from contextlib import suppress
from typing import TYPE_CHECKING, Annotated

import typer

from .common import NightOpt, console, open_store, refusals, say
from .helptext import TranslatedCommand
from .numbers import WHOLE

if TYPE_CHECKING:
    from ..store.db import Store
    from ..web.server import Entry


def board(
    night: NightOpt = None,
    host: Annotated[
        str,
        typer.Option(
            "--host", metavar="H", help="The address to listen on: 0.0.0.0 for every phone on the club's network."
        ),
    ] = "127.0.0.1",
    port: Annotated[
        int, typer.Option("--port", metavar="P", parser=WHOLE, help="The port to listen on (0: any free one).")
    ] = 8000,
    entry: Annotated[
        bool,
        typer.Option("--entry", help="Serve each table a page to enter its deals on from a phone, and print its link."),
    ] = False,
) -> None:
    """Serve the night as a web page for the room's screen and the players' phones; Ctrl-C stops it.

    The page shows every table of the round (its players with their totals,
    the deal in play and its dealer, or that the table is over) and the
    night's standings; a deal entered at any table shows within 2 seconds,
    without reloading. It listens on this machine only (127.0.0.1) unless
    --host says otherwise, and prints the address to open. Without --entry it
    only reads the store.

    With --entry, each table also has a page for a phone at its link, which
    takes what play takes (a deal's scores, misdeal, renege NAME, undo), checks
    it by the rules and writes it; the board prints every table's link and
    code (as scorepad night codes shows them), and /join takes a code.

    Examples:

    \b
      scorepad night board
      scorepad night board --host 0.0.0.0 --port 8080
      scorepad night board --entry --host 0.0.0.0
    """
    from ..app.nights import night_status
    from ..present.night_tables import night_label
    from ..present.translation import _
    from ..web.listening import addresses, listen
    from ..web.server import serve

    _check_host(host)
    store = open_store()
    status = night_status(store, night)  # refused here, before listening, when there is no such night
    sock = listen(host, port)
    label, out = night_label(status.night_id, status.name), console(soft_wrap=True)
    found = addresses(sock)
    for address in found:
        out.print(_("The board of {night}: {address}").format(night=label, address=address), markup=False)
    tables = _entry(store, status.night_id, found[0]) if entry else None
    say(_("Ctrl-C stops the board."))
    with suppress(KeyboardInterrupt):  # uvicorn has stopped, and gives the signal back
        serve(sock, store, status.night_id, host, tables)
    say(_("The board has stopped."))


def _check_host(host: str) -> None:
    """An empty --host is refused here: else only when listening, in a line that names no host."""
    from ..core.errors import NotationError
    from ..core.language import N_

    if not host.strip():
        raise NotationError(
            N_(
                "--host takes an address: 127.0.0.1 for this machine only, 0.0.0.0 for every phone on the club's network"
            )
        )


def _entry(store: "Store", night_id: int, address: str) -> "Entry":
    """The tables' pages: their links made if need be and printed, and ``play``'s reading of a line handed in."""
    from ..app.table_links import links_key, night_codes
    from ..present.night_codes import board_lines
    from ..web.entry import Tables, TableWords
    from .protocol import parse_line
    from .refusal_words import refusal

    links = night_codes(store, night_id)
    key = links_key(make=True)
    assert key is not None  # night_codes made it
    console(soft_wrap=True).print("\n".join(board_lines(links, address)), markup=False)
    return Tables(store, night_id, key), TableWords(parse_line, refusal)


def register(app: typer.Typer) -> None:
    app.command(cls=TranslatedCommand)(refusals(board))

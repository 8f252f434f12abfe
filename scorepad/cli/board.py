"""``scorepad night board``: the live board of a night, for the room's screen and the players' phones.

The command reads its options, opens the store and listens; the web edge
(``scorepad/web/``) serves the board. Only this module imports it, when the
command runs, so no other command, nor any ``--help``, loads a web server.
"""

from contextlib import suppress
from typing import Annotated

import typer

from .common import NightOpt, console, open_store, refusals, say
from .helptext import TranslatedCommand
from .numbers import WHOLE


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
) -> None:
    """Serve the night as a web page for the room's screen and the players' phones; Ctrl-C stops it.

    The page shows every table of the round (its players with their totals,
    the deal in play and its dealer, or that the table is over) and the
    night's standings; a deal entered at any table shows within 2 seconds,
    without reloading. It listens on this machine only (127.0.0.1) unless
    --host says otherwise, and prints the address to open. It only reads the
    store.

    Examples:

    \b
      scorepad night board
      scorepad night board --host 0.0.0.0 --port 8080
    """
    from ..app.nights import night_status
    from ..core.errors import NotationError
    from ..core.language import N_
    from ..present.night_tables import night_label
    from ..present.translation import _
    from ..web.listening import addresses, listen
    from ..web.server import serve

    if not host.strip():  # else refused only when listening, in a line that names no host
        raise NotationError(
            N_(
                "--host takes an address: 127.0.0.1 for this machine only, 0.0.0.0 for every phone on the club's network"
            )
        )
    store = open_store()
    status = night_status(store, night)  # refused here, before listening, when there is no such night
    sock = listen(host, port)
    label = night_label(status.night_id, status.name)
    for address in addresses(sock):
        console(soft_wrap=True).print(_("The board of {night}: {address}").format(night=label, address=address))
    say(_("Ctrl-C stops the board."))
    with suppress(KeyboardInterrupt):  # uvicorn has stopped, and gives the signal back
        serve(sock, store, status.night_id, host)
    say(_("The board has stopped."))


def register(app: typer.Typer) -> None:
    app.command(cls=TranslatedCommand)(refusals(board))

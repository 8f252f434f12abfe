"""``scorepad night cards``: the page of table cards to print for a night, written as every export is."""

from typing import Annotated
from urllib.parse import urlsplit

import typer

from .common import NightOpt, open_store, refusals, written_file
from .helptext import TranslatedCommand
from .numbers import WHOLE
from .transfer import ForceOpt

CardsOut = Annotated[
    str | None,
    typer.Option(
        "--out",
        "-o",
        metavar="PATH",
        help="The file to write, or a folder to write it in (default: exports/night-ID-cards.html).",
    ),
]


def cards(
    night: NightOpt = None,
    round_: Annotated[
        int | None,
        typer.Option(
            "--round", metavar="R", parser=WHOLE, help="Only round R's cards (default: every round known ahead)."
        ),
    ] = None,
    address: Annotated[
        str | None,
        typer.Option(
            "--address",
            metavar="URL",
            help="The board's address as the phones reach it (default: this machine's on its network, port 8000).",
        ),
    ] = None,
    out: CardsOut = None,
    force: ForceOpt = False,
) -> None:
    """Write the table cards to print: four to an A4 page; prints the file's path.

    Each card has its table and round, the players in seat order, who deals
    each deal, a grid to keep the scores on paper, and the table's link as a
    QR code with its short code: a phone scans it and enters the table's
    deals while scorepad night board --entry runs. Printed before the
    evening, the page holds every round known ahead: all of a mixed or stay
    night, the round in play of a progressive one. Print again after a
    player leaves or joins: the rounds after it change. Without --out the
    file goes under exports/ with a new name, never over an earlier one.

    Examples:

    \b
      scorepad night cards
      scorepad night cards --round 2 --address http://192.168.1.20:8000
      scorepad night cards --night 2 --out cards.html
    """
    from ..app.addresses import board_address
    from ..app.table_cards import check_out, night_cards, save_cards
    from ..present.table_cards import cards_page

    address = board_address() if address is None else _checked(address)
    store = open_store()
    folder, file = check_out(store, out, force)  # refused before the store is read
    found = night_cards(store, night, round_, address)
    written_file(save_cards(store, found.night_id, round_, cards_page(found), file, folder, force))


def _checked(address: str) -> str:
    """The board's address as typed, if a phone can open it: ``http://HOST[:PORT][/PATH]``."""
    from ..core.errors import NotationError
    from ..core.language import N_

    try:
        parts = urlsplit(address.strip())
        parts.port  # noqa: B018 - a port beyond 65535, or not a number, is refused here
    except ValueError:
        parts = None
    if parts is None or parts.scheme not in ("http", "https") or not parts.hostname or parts.query or parts.fragment:
        raise NotationError(
            N_("--address takes the board's address as a phone opens it, such as http://192.168.1.20:8000")
        )
    return address.strip()


def register(app: typer.Typer) -> None:
    app.command(cls=TranslatedCommand)(refusals(cards))

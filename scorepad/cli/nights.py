"""Club nights on the command line: the ``night`` group of commands, and ``nights``, the list of them."""

from typing import Annotated, ClassVar

import typer

from .commands import CommandGroup
from .common import ListJson, console, open_store, print_json, refusals
from .completion import night_ids
from .helptext import TranslatedCommand
from .numbers import WHOLE

#: The night a command is about: an option of every command of the group.
NightOpt = Annotated[
    int | None,
    typer.Option(
        "--night",
        "-n",
        metavar="ID",
        help="Night id (default: the latest one created or written to).",
        autocompletion=night_ids,
        parser=WHOLE,
    ),
]


class NightGroup(CommandGroup):
    """``scorepad night``: its commands are made when one is used, as the root's are."""

    modules: ClassVar = {"night_commands": ("new", "status", "next", "leave", "join", "export"), "board": ("board",)}


night = typer.Typer(
    name="night",
    cls=NightGroup,
    help=(
        "A club night: several tables, each playing a match every round, players moving between rounds,"
        " and one set of standings.\n\n"
        "Examples:\n\n"
        "\b\n"
        "  scorepad night new --players Ann,Bob,Cat,Dan,Eva,Fay,Gus,Hal --rounds 3\n"
        "  scorepad night status\n"
        "  scorepad night next"
    ),
    no_args_is_help=True,
    rich_markup_mode=None,
)


def nights(as_json: ListJson = False) -> None:
    """Every club night in the store, newest first.

    Examples:

    \b
      scorepad nights
      scorepad nights --json
    """
    from ..app.nights import nights as every_night

    rows = every_night(open_store())
    if as_json:
        from ..present.night_json import nights_json

        print_json(nights_json(rows))
        return
    from ..present.night_tables import nights_table

    console().print(nights_table(rows))


def register(app: typer.Typer) -> None:
    app.add_typer(night, rich_help_panel="The club")
    app.command(cls=TranslatedCommand, rich_help_panel="The club")(refusals(nights))

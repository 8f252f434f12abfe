"""Club nights on the command line: the ``night`` group and its commands, and ``nights``, the list of them.

The root imports this module when ``night`` or ``nights`` is looked up, and
``register`` adds those two; the group's own commands are added by
``register_night`` (``board`` has a module of its own: it starts a web server).
"""

from typing import TYPE_CHECKING, Annotated, ClassVar

import typer

from ..app.export import NightFormat
from ..core.language import N_
from ..core.night.seating import Movement, Seating
from .commands import CommandGroup
from .common import ListJson, NightOpt, console, open_store, print_json, refusals, say, written_file
from .entries import DecksOpt, HeartsOpt, OmnibusOpt, PassOpt, PresetOpt, SlamOpt, rule_options
from .helptext import TranslatedCommand
from .numbers import POSITIVE, WHOLE
from .transfer import ExportOut, ForceOpt, SpreadsheetOpt, for_people

if TYPE_CHECKING:
    from ..app.nights import NightStatus


class NightGroup(CommandGroup):
    """``scorepad night``: its commands are made when one is used, as the root's are."""

    modules: ClassVar = {
        "night_commands:register_night": (
            *("new", "status", "next", "plan", "leave", "join", "rename", "swap", "export", "codes"),
        ),
        "board": ("board",),
        "night_cards": ("cards",),
    }


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
        "  scorepad night next\n"
        "  scorepad night cards"
    ),
    no_args_is_help=True,
    rich_markup_mode=None,
)

NightJson = Annotated[bool, typer.Option("--json", help="Print the night's status as JSON.")]


NightPlayersOpt = Annotated[
    list[str],
    typer.Option("--players", "-p", help="The night's players: Ann,Bob,Cat,... (3 to 200; 6 at least with --decks 2)."),
]
TableSizeOpt = Annotated[
    int | None,
    typer.Option(
        "--table-size",
        metavar="K",
        parser=POSITIVE,
        help="Players a table: 3 to 6 (default 4; 6 to 10, default 8, with --decks 2).",
    ),
]
NightNameOpt = Annotated[str | None, typer.Option("--name", help="A name for the night, e.g. 'Tuesday club'.")]
RoundsOpt = Annotated[int, typer.Option("--rounds", metavar="R", parser=POSITIVE, help="Rounds of the night.")]
DealsPerPlayerOpt = Annotated[
    int,
    typer.Option(
        "--deals-per-player", metavar="M", parser=POSITIVE, help="Each table's match: every player deals M times."
    ),
]
MovementOpt = Annotated[Movement, typer.Option("--movement", help="How players change tables between rounds.")]
SeatingOpt = Annotated[
    Seating, typer.Option("--seating", help="Round 1: tables drawn from the seed, or the players as listed.")
]
MinRoundsOpt = Annotated[
    int | None,
    typer.Option(
        "--min-rounds",
        metavar="N",
        parser=POSITIVE,
        help="Rounds a player must play to be ranked with those who played them (default: half the rounds played, rounded up).",
    ),
]
SeedOpt = Annotated[
    int | None, typer.Option("--seed", metavar="S", parser=WHOLE, help="The seed of every draw (default: a new one).")
]


def new(
    players: NightPlayersOpt,
    table_size: TableSizeOpt = None,
    rounds: RoundsOpt = 4,
    deals_per_player: DealsPerPlayerOpt = 1,
    movement: MovementOpt = Movement.PROGRESSIVE,
    seating: SeatingOpt = Seating.RANDOM,
    seed: SeedOpt = None,
    min_rounds: MinRoundsOpt = None,
    name: NightNameOpt = None,
    rules: PresetOpt = None,
    hearts: HeartsOpt = None,
    slam: SlamOpt = None,
    pass_: PassOpt = None,
    omnibus: OmnibusOpt = None,
    decks: DecksOpt = None,
    as_json: NightJson = False,
) -> None:
    """Start a club night: prints its id, and on stderr the plan of round 1 to read out.

    The players are seated at tables of --table-size (as equal as can be, the
    larger first); each table plays a match in the rules given (the options of
    scorepad new), every player dealing --deals-per-player times. Between
    rounds, progressive movement moves each table's winner up a table and its
    loser down; mixed draws the tables afresh so that as few pairs as possible
    meet again; stay keeps the tables. A player who played fewer rounds than
    --min-rounds is ranked after everyone who reached it, marked "2 of 4 rounds".

    Examples:

    \b
      scorepad night new --players Ann,Bob,Cat,Dan,Eva,Fay,Gus,Hal,Ivy,Jon,Kim,Lea,Max,Ned
      scorepad night new -p Ann,Bob,Cat,Dan,Eva,Fay --table-size 3 --movement mixed --seed 7
      scorepad night new -p Ann,Bob,Cat,Dan --rounds 3 --deals-per-player 2 --movement stay --name Tuesday
      scorepad night new -p Ann,Bob,Cat,Dan,Eva,Fay,Gus,Hal --rounds 4 --min-rounds 3
    """
    from ..app.nights import new_night
    from ..core.rules import Preset, RuleSet

    options = rule_options(hearts, slam, pass_, omnibus, decks)
    rule_set = RuleSet.build(rules or Preset.CLASSIC, **options)
    names = [n.strip() for given in players for n in given.split(",")]
    status = new_night(
        open_store(), names, rule_set, table_size=table_size, rounds=rounds, deals_per_player=deals_per_player,
        movement=movement, seating=seating, seed=seed, name=name, min_rounds=min_rounds,
    )  # fmt: skip
    if as_json:
        _show(status, True)
        return
    print(status.night_id)
    from ..present.night_tables import plan

    say("\n".join(plan(status)))


def status(night: NightOpt = None, as_json: NightJson = False) -> None:
    """Where the night stands: every table of the round, then the night's standings.

    Each table shows its match, its players in finishing order with their
    totals, and the deal due with its dealer, or how it ended. A round counts
    in the standings once every table of it is over.

    Examples:

    \b
      scorepad night status
      scorepad night status --night 2 --json
    """
    from ..app.nights import night_status

    _show(night_status(open_store(), night), as_json)


def next_(night: NightOpt = None, as_json: NightJson = False) -> None:
    """End the round and seat the next one; prints its plan to read out.

    Refused while a table plays on, naming it and the deal due there; an
    abandoned table counts as over. After the last round it is refused: the
    night is over, and its final standings are shown.

    Examples:

    \b
      scorepad night next
      scorepad night next --night 2 --json
    """
    from ..app.nights import NightOverWithStandings, next_round

    try:
        done = next_round(open_store(), night)
    except NightOverWithStandings as over:
        _show(over.status, as_json)
        raise
    if as_json:
        _show(done, True)
        return
    from ..present.night_tables import plan

    console().print("\n".join(plan(done)))


def plan(
    night: NightOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the plan as JSON.")] = False,
) -> None:
    """Show the seating of every round the night knows ahead, and its corrections.

    A mixed or stay night is planned whole: every round, those played and
    those to come, each table's players in seat order with who deals first.
    A progressive night knows only the round in play: the next is seated from
    its results. The plan is drawn again when a player leaves or joins, or
    two players change places, the rounds played kept as they were.

    Examples:

    \b
      scorepad night plan
      scorepad night plan --night 2 --json
    """
    from ..app.night_plan import night_plan

    known = night_plan(open_store(), night)
    if as_json:
        from ..present.night_json import plan_json

        print_json(plan_json(known))
        return
    from ..present.night_tables import plan_lines

    console().print("\n".join(plan_lines(known)))


def leave(
    name: Annotated[str, typer.Argument(metavar="NAME", help="The player who leaves.")], night: NightOpt = None
) -> None:
    """A player leaves the night after the round in play.

    Refused when the next round's tables would break the size rule.

    Example:

    \b
      scorepad night leave Bob
    """
    from ..app.nights import leave as player_leaves

    _said(player_leaves(open_store(), night, name))


def join(name: Annotated[str, typer.Argument(metavar="NAME", help="The new player.")], night: NightOpt = None) -> None:
    """A new player joins the night from the next round.

    Refused when the next round's tables would break the size rule.

    Example:

    \b
      scorepad night join Zoe --night 2
    """
    from ..app.nights import join as player_joins

    _said(player_joins(open_store(), night, name))


def rename(
    old: Annotated[str, typer.Argument(metavar="OLD", help="The name as it was mistyped.")],
    new: Annotated[str, typer.Argument(metavar="NEW", help="The name as it should be.")],
    night: NightOpt = None,
) -> None:
    """Put a mistyped name right, in the night and in every match of it.

    Any player of the night, at any time, one who left too. The night's trail
    keeps the old name (scorepad night plan shows it); renaming back takes
    the correction back.

    Examples:

    \b
      scorepad night rename Anan Anna
      scorepad night rename Anna Anan --night 2
    """
    from ..app.night_corrections import rename as rename_player

    _said(rename_player(open_store(), night, old, new))


def swap(
    first: Annotated[str, typer.Argument(metavar="A", help="A player of the round in play.")],
    second: Annotated[str, typer.Argument(metavar="B", help="The player A changes places with.")],
    night: NightOpt = None,
) -> None:
    """Two players of the round in play change places, seat and table; prints the round's plan.

    Only before their tables' first deal. The night's trail keeps the change
    (scorepad night plan shows it); swapping the two again takes it back. A
    mixed or stay night plans its rounds to come again from the new tables.

    Examples:

    \b
      scorepad night swap Ann Eva
      scorepad night swap Eva Ann --night 2
    """
    from ..app.night_corrections import swap as swap_players

    done = swap_players(open_store(), night, first, second)
    _said(done)
    from ..present.night_tables import plan as round_plan

    console().print("\n".join(round_plan(done)))


def export(
    night: NightOpt = None,
    out: ExportOut = None,
    force: ForceOpt = False,
    fmt: Annotated[
        NightFormat,
        typer.Option("--format", "-f", help="CSV, or a workbook to open (xlsx): the standings and a sheet a round."),
    ] = NightFormat.CSV,
    spreadsheet: SpreadsheetOpt = False,
) -> None:
    """Write the night as CSV, one row per player per round; prints the file's path.

    Columns: round, table, match, player, seat, place, table_size, points,
    round_score. Rounds count once every table of them is over. Without --out
    the file goes under exports/ with a new name, never over an earlier export.
    With --spreadsheet the CSV is written for the spreadsheet program of the
    language in use, as export --spreadsheet writes it, its round scores with
    two decimals; --format xlsx writes a workbook of the night's standings and
    a sheet a round.

    Examples:

    \b
      scorepad night export
      scorepad night export --night 2 --out clubavond.csv
      scorepad night export --format xlsx
      scorepad night export --spreadsheet
    """
    from ..app.night_export import export_night
    from ..core.errors import RuleError

    if spreadsheet and fmt is not NightFormat.CSV:
        raise RuleError(N_("--spreadsheet writes a CSV: not with --format json or xlsx"))
    style, words = for_people(spreadsheet, fmt is NightFormat.XLSX)
    written_file(export_night(open_store(), night, out, force, fmt, style, words))


def codes(
    night: NightOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the links and codes as JSON.")] = False,
    new: Annotated[
        bool, typer.Option("--new", help="Make new links and codes for every table: the old ones stop working.")
    ] = False,
) -> None:
    """Show each table's link and 6-character code, which its phone enters deals with.

    A table's link and code are its own for the whole night, in every round:
    print them on the table cards or read them out. They are made the first
    time they are asked for, from a key kept in your user data folder, never
    in the store: run this on the computer that made them. A lost phone, or a
    link seen by someone it should not have been: --new makes new ones, and
    the old ones stop working at once.

    Examples:

    \b
      scorepad night codes
      scorepad night codes --night 2 --json
      scorepad night codes --new
    """
    from ..app.table_links import night_codes

    links = night_codes(open_store(), night, new)
    if as_json:
        from ..present.night_codes import codes_json

        print_json(codes_json(links))
        return
    from ..present.night_codes import codes_table

    console().print(codes_table(links))


def _show(status: "NightStatus", as_json: bool) -> None:
    if as_json:
        from ..present.night_json import status_json

        print_json(status_json(status))
        return
    from ..present.night_tables import status_view

    out = console()
    out.print(status_view(status))
    out.print(_next_step(status))


def _next_step(status: "NightStatus") -> str:
    """What the organiser does next, in the command line's words."""
    from ..present.translation import _, ngettext

    if status.over:
        return _("The night is over.")
    if status.round_over:
        return _("Every table is over: scorepad night next seats round {round}.").format(round=status.round + 1)
    playing = sum(not table.over for table in status.tables)
    return ngettext(
        "{count} table plays on; then scorepad night next ends the round.",
        "{count} tables play on; then scorepad night next ends the round.",
        playing,
    ).format(count=playing)


def _said(status: "NightStatus") -> None:
    from ..present.translation import in_language

    for note in status.notes:
        console().print(in_language(note))


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
    """The root's commands of this module: the ``night`` group, and ``nights``."""
    app.add_typer(night, rich_help_panel="The club")
    app.command(cls=TranslatedCommand, rich_help_panel="The club")(refusals(nights))


def register_night(app: typer.Typer) -> None:
    """The ``night`` group's commands of this module."""
    for command in (new, status, next_, plan, leave, join, rename, swap, export, codes):
        name = "next" if command is next_ else None
        app.command(name, cls=TranslatedCommand)(refusals(command))

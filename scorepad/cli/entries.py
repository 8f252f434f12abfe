"""Commands that write: new, deal, misdeal, seat, undo, fix, abandon, rename."""

from typing import TYPE_CHECKING, Annotated

import typer

from ..core.language import N_
from ..core.rules import HeartsLead, PassRule, Preset, RuleSet, parse_omnibus
from ..present.translation import _, card_letters
from .common import JsonOpt, MatchOpt, console, open_store, refusals, show, use_ascii
from .completion import match_ids, player_names
from .helptext import TranslatedCommand
from .numbers import POSITIVE, WHOLE

if TYPE_CHECKING:
    from ..core.match import Format

RenegeOpt = Annotated[
    str | None,
    typer.Option(
        "--renege",
        metavar="NAME",
        help="NAME reneged: takes the penalty total, the others 0.",
        autocompletion=player_names,
    ),
]
ScoresArg = Annotated[
    list[str] | None,
    typer.Argument(
        metavar="NAME=SCORE...",
        help=(
            "Each player's points (Ann=10) or penalty cards (Ann=QS,2H; - for none); or the scores in seat order"
            " without names (10 13 7 13); ? for the rest of the deal total, once."
        ),
    ),
]


# The options of a match's format and rules: `new` sets them, `rules` asks what they would make.
DealsOpt = Annotated[
    int | None, typer.Option("--deals", metavar="N", parser=POSITIVE, help="Play N deals (a multiple of the players).")
]
UntilOverOpt = Annotated[
    int | None, typer.Option("--until-over", metavar="T", parser=POSITIVE, help="End after a total goes over T.")
]
UntilReachOpt = Annotated[
    int | None, typer.Option("--until-reach", metavar="T", parser=POSITIVE, help="End after a total reaches T.")
]
HeartsOpt = Annotated[HeartsLead | None, typer.Option("--hearts", help="When hearts may be led.")]
SlamOpt = Annotated[
    bool | None, typer.Option("--slam/--no-slam", help="Taking every penalty card scores minus the total.")
]
PassOpt = Annotated[PassRule | None, typer.Option("--pass", help="Whom to pass 3 cards to.")]
OmnibusOpt = Annotated[str | None, typer.Option("--omnibus", metavar="JD|10D", help="Bonus card worth -10.")]
DecksOpt = Annotated[
    int | None,
    typer.Option(
        "--decks",
        metavar="1|2",
        parser=WHOLE,
        help="2: Cancellation Black Maria, two decks for 6 to 10 players (7 to 10 need it).",
    ),
]


def rule_options(
    hearts: HeartsLead | None, slam: bool | None, pass_: PassRule | None, omnibus: str | None, decks: int | None
) -> dict[str, object]:
    """The rule options given, by the names RuleSet.build takes; the bonus card read in the table's own letters."""
    card = None if omnibus is None else parse_omnibus(omnibus, card_letters())
    return {"hearts": hearts, "slam": slam, "pass_rule": pass_, "omnibus": card, "decks": decks}


def chosen_format(deals: int | None, until_over: int | None, until_reach: int | None) -> "Format | None":
    """The format the options ask for, or None when none is given; two of them are refused."""
    from ..core.errors import RuleError
    from ..core.match import Format, FormatKind

    given = [
        (k, v)
        for k, v in ((FormatKind.DEALS, deals), (FormatKind.OVER, until_over), (FormatKind.REACH, until_reach))
        if v
    ]
    if len(given) > 1:
        raise RuleError(N_("choose one of --deals, --until-over and --until-reach"))
    return Format(*given[0]) if given else None


PlayersOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--players",
        "-p",
        help="Names in clockwise seat order, 3 to 6 (6 to 10 with --decks 2): Ann,Bob,Cat (or -p Ann -p Bob -p Cat).",
    ),
]
LikeOpt = Annotated[
    int | None,
    typer.Option(
        "--like",
        metavar="ID",
        help="A rematch of match ID: its players, rules and format; the next player deals first.",
        autocompletion=match_ids,
        parser=WHOLE,
    ),
]
FirstDealerOpt = Annotated[str | None, typer.Option("--first-dealer", metavar="NAME", help="Who deals first.")]
CutOpt = Annotated[
    list[str] | None,
    typer.Option("--cut", metavar="NAME=CARD,...", help="Each player's cut card; repeat for a recut of those tied."),
]
PresetOpt = Annotated[Preset | None, typer.Option("--rules", help="The preset (default: classic).")]
NameOpt = Annotated[str | None, typer.Option("--name", help="A name for the match, e.g. 'Friday night'.")]


def new(
    players: PlayersOpt = None,
    like: LikeOpt = None,
    first_dealer: FirstDealerOpt = None,
    cut: CutOpt = None,
    deals: DealsOpt = None,
    until_over: UntilOverOpt = None,
    until_reach: UntilReachOpt = None,
    rules: PresetOpt = None,
    hearts: HeartsOpt = None,
    slam: SlamOpt = None,
    pass_: PassOpt = None,
    omnibus: OmnibusOpt = None,
    decks: DecksOpt = None,
    name: NameOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Start a match. Prints its id; the table's first steps go to stderr.

    Examples:

    \b
      scorepad new --players Ann,Bob,Cat
      scorepad new -p Ann,Bob,Cat,Dan --first-dealer Cat --until-over 100
      scorepad new -p Ann,Bob,Cat --cut Ann=3H,Bob=3C,Cat=KD --cut Ann=9S,Bob=4D
      scorepad new -p Ann,Bob,Cat,Dan --rules omnibus --omnibus 10D --slam --pass rotate
      scorepad new -p Ann,Bob,Cat,Dan,Eve,Fay,Gus,Hal --decks 2
      scorepad new --like 3
    """
    from ..app import entering
    from ..core.seats import parse_cut

    fmt = chosen_format(deals, until_over, until_reach)
    options = rule_options(hearts, slam, pass_, omnibus, decks)
    names = [n.strip() for given in players or [] for n in given.split(",")]
    cuts = [parse_cut(c, card_letters()) for c in cut or []]
    store = open_store()
    if like is not None:
        result = entering.rematch(store, like, names, fmt, first_dealer, cuts, name, rules, **options)
    elif not names:
        raise typer.BadParameter(
            _("name the players, or give --like ID for a rematch"), param_hint="'--players' / '-p'"
        )
    else:
        rule_set = RuleSet.build(rules or Preset.CLASSIC, **options)
        result = entering.new_match(store, names, rule_set, fmt, first_dealer, cuts, name)
    if as_json:
        show(result, True)
        return
    print(result.match_id)
    from ..present import tables

    console(stderr=True).print(tables.status(result, use_ascii()))


def deal(
    scores: ScoresArg = None,
    match: MatchOpt = None,
    renege: RenegeOpt = None,
    expect: Annotated[
        int | None, typer.Option("--expect", metavar="N", parser=WHOLE, help="Refuse unless this is deal N.")
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    """Enter one deal's scores: every player of the deal once, as points or as cards.

    Scores may also be given in seat order without names (the deal's players
    in the order of --players), and ? stands for the rest of the deal total.

    Examples:

    \b
      scorepad deal Ann=10 Bob=13 Cat=20
      scorepad deal 10 13 20
      scorepad deal Ann=QS,2H,9H Bob=KS,AS Cat=?
      scorepad deal --renege Bob
      scorepad deal --expect 4 Ann=0 Bob=30 Cat=13
    """
    from ..app import entering
    from .scores import entered

    show(entering.record_deal(open_store(), match, entered(_no_options(scores), renege), expect), as_json)


def misdeal(match: MatchOpt = None, as_json: JsonOpt = False) -> None:
    """Void the current deal: no score, and the same dealer deals again.

    Example:

    \b
      scorepad misdeal
    """
    from ..app import entering

    show(entering.record_misdeal(open_store(), match), as_json)


def seat(
    old: Annotated[
        str, typer.Argument(metavar="OLD", help="The player who leaves the table.", autocompletion=player_names)
    ],
    new: Annotated[str, typer.Argument(metavar="NEW", help="The substitute who takes their seat.")],
    match: MatchOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """A substitute: NEW plays the seat of OLD from the next deal on.

    The seat keeps its total, and every deal stays credited to whoever played
    it. NEW may not be playing in the match already; a player who left may
    come back the same way (scorepad seat NEW OLD). scorepad undo takes it back.

    Example:

    \b
      scorepad seat Cor Eva
    """
    from ..app import entering

    show(entering.seat(open_store(), match, old, new), as_json)


def undo(match: MatchOpt = None, as_json: JsonOpt = False) -> None:
    """Take back the last change: a deal, tie-break deal, misdeal or seat change, or a fix; it stays in the trail.

    Says what it took back, with the scores. A fix taken back leaves the
    scores it replaced standing again. A finished match reopens.

    Example:

    \b
      scorepad undo --match 3
    """
    from ..app import entering

    show(entering.undo(open_store(), match), as_json)


def fix(
    number: Annotated[int, typer.Argument(metavar="N", parser=POSITIVE, help="The deal to correct.")],
    scores: ScoresArg = None,
    match: MatchOpt = None,
    renege: RenegeOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Replace the scores of deal N, checked as a new deal would be; the old ones stay in the trail.

    Name only the players whose scores change: the others keep theirs, and
    the deal as a whole must still add up. Says what changed, old -> new.

    Examples:

    \b
      scorepad fix 2 Ann=13 Bob=10 Cat=20
      scorepad fix 4 Cor=17 Dirk=6
      scorepad fix 5 --renege Cat
    """
    from ..app import entering
    from .scores import entered

    show(entering.fix(open_store(), match, number, entered(_no_options(scores), renege)), as_json)


def abandon(match: MatchOpt = None, as_json: JsonOpt = False) -> None:
    """End a match without a winner; it is kept and shown as abandoned.

    Example:

    \b
      scorepad abandon --match 2
    """
    from ..app import entering

    show(entering.abandon(open_store(), match), as_json)


def rename(
    old: Annotated[str, typer.Argument(metavar="OLD", help="The name as it is.")],
    new: Annotated[str, typer.Argument(metavar="NEW", help="The name as it should be.")],
    match: MatchOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Correct a player's name in a match.

    Example:

    \b
      scorepad rename Bobb Bob
    """
    from ..app import entering

    show(entering.rename(open_store(), match, old, new), as_json)


def _no_options(scores: list[str] | None) -> list[str]:
    """The scores given, where an unknown option is a usage error (exit 2), as Typer would say.

    deal and fix let through what looks like an option, so that a slam in seat
    order (``-43``) is a score; a word like ``--jsn`` or ``-x`` is an option all the same.
    """
    from .clickwords import unknown_option
    from .scores import OPTION

    for given in scores or []:
        if OPTION.match(given) and "=" not in given:  # -Ann=10 is a player called -Ann
            raise unknown_option(given.split("=", 1)[0])
    return scores or []


def register(app: typer.Typer) -> None:
    # A slam in seat order starts with a minus (scorepad deal -43 0 0): a score, not an option.
    scores = {"ignore_unknown_options": True}
    for command in (new, deal, misdeal, seat, undo, fix, abandon, rename):
        settings = scores if command in (deal, fix) else {}
        app.command(cls=TranslatedCommand, rich_help_panel="At the table", context_settings=settings)(refusals(command))

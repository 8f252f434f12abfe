"""Commands for the club: stats, ratings, chart, report."""

from datetime import date
from typing import Annotated

import typer

from ..core.rules import Preset, RuleSet
from ..present.translation import _
from .common import ListJson, MatchOpt, console, open_store, print_json, refusals, use_ascii, written_file
from .helptext import TranslatedCommand
from .numbers import WHOLE
from .transfer import ForceOpt, ReportOut


def _parse_date(text: str) -> date:
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise typer.BadParameter(_("{text} is not a date: write YYYY-MM-DD").format(text=repr(text))) from None


def _date_option(name: str, when: str) -> typer.models.OptionInfo:
    # Parsed here, not as Typer's datetime type: a date is all it is, and Typer
    # matches that type by identity, which freezegun's stand-in for datetime breaks.
    help = f"Only matches created {when} DATE (YYYY-MM-DD, UTC)."
    return typer.Option(name, metavar="DATE", show_default=False, help=help, parser=_parse_date)


def stats(
    preset: Annotated[
        Preset | None,
        typer.Option("--preset", help="Count the matches of this preset only (default: the latest match's)."),
    ] = None,
    decks: Annotated[
        int | None,
        typer.Option(
            "--decks",
            metavar="1|2",
            parser=WHOLE,
            help="Count the matches played with this many decks only (default: the latest match's).",
        ),
    ] = None,
    since: Annotated[date | None, _date_option("--since", "on or after")] = None,
    until: Annotated[date | None, _date_option("--until", "on or before")] = None,
    as_json: ListJson = False,
) -> None:
    """Each player's figures over the matches of one preset and number of decks, lowest average per deal first.

    Without --preset and --decks, those of the latest match; with one of
    them, the other is the latest such match's.

    A player is a name, ignoring case. Points and deals count the scored deals
    of every match, finished, abandoned or still being played; tie-break deals
    only decide who wins. Q♠, K♠ and A♠ are counted over the deals where the
    player's cards were entered (scorepad deal Ann=QS,2H): the "of" column.

    Examples:

    \b
      scorepad stats
      scorepad stats --preset spot-hearts --since 2026-09-01
      scorepad stats --since 2026-11-01 --until 2026-11-30 --json
      scorepad stats --decks 2
    """
    from ..app.stats import player_stats

    rules, players = player_stats(open_store(), preset, decks, since, until)
    if as_json:
        from ..present.json_shapes import stats_json

        print_json(stats_json(rules, since, until, players))
        return
    if not players:
        console().print(_no_match(rules, dated=since is not None or until is not None))
        return
    from ..present.club import stats_table

    console().print(stats_table(players, rules, use_ascii()))


def _no_match(rules: RuleSet, dated: bool) -> str:
    """What ``stats`` says when no match counts: none of the preset and decks, in the dates if some were given."""
    from ..present.preset_names import preset_name

    if rules.decks == 2:
        none = (
            _("No {preset} two-deck match in the store in those dates.")
            if dated
            else _("No {preset} two-deck match in the store.")
        )
    else:
        none = _("No {preset} match in the store in those dates.") if dated else _("No {preset} match in the store.")
    return none.format(preset=preset_name(rules.preset))


def ratings(as_json: ListJson = False) -> None:
    """A skill rating per player from every finished match, best first (OpenSkill, Plackett-Luce).

    Worked out again from scratch on every call from the finished matches in
    the order they were created, so a corrected deal counts at once. A match
    ranks its winner first and the others by total. The rating is mu - 3 sigma:
    the skill scorepad is fairly sure the player has at least.

    Examples:

    \b
      scorepad ratings
      scorepad ratings --json
    """
    from ..app.ratings import player_ratings

    players = player_ratings(open_store())
    if as_json:
        from ..present.json_shapes import ratings_json

        print_json(ratings_json(players))
        return
    if not players:
        console().print(_("No finished match yet: ratings come from final standings."))
        return
    from ..present.club import ratings_table

    console().print(ratings_table(players))


def chart(match: MatchOpt = None) -> None:
    """The match's running totals after each deal as a line chart, one marker letter per player.

    Examples:

    \b
      scorepad chart
      scorepad chart --match 3 | less
    """
    from ..app import reading
    from ..present.chart import match_chart

    result, rows = reading.history(open_store(), match)
    out = console()
    for line in match_chart(result, rows, width=max(40, min(80, out.width))):
        out.print(line, soft_wrap=True)


def report(
    match: MatchOpt = None,
    out: ReportOut = None,
    force: ForceOpt = False,
) -> None:
    """Write the match as one HTML page to share: standings, chart, every deal. Prints its path.

    The page is self-contained (no scripts, nothing fetched) and prints on A4.
    Without --out it goes under exports/, never over an earlier report; --out
    may name a folder to put it in. Like every file scorepad writes, it is
    readable by its owner only: chmod a+r it to serve it from a web folder.

    Examples:

    \b
      scorepad report
      scorepad report --match 3 --out friday.html
    """
    from ..app import reading
    from ..app.export import save_report
    from ..present.report import page

    store = open_store()
    result, rows = reading.history(store, match)
    written_file(save_report(store, page(result, rows), result.match_id, out, force))


def register(app: typer.Typer) -> None:
    for command in (stats, ratings, chart, report):
        app.command(cls=TranslatedCommand, rich_help_panel="The club")(refusals(command))

"""Commands for the club: stats, ratings, chart, report."""

from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from ..core.rules import Preset
from .common import console, open_store, print_json, refusals, use_ascii
from .entries import MatchOpt

if TYPE_CHECKING:
    from rich.text import Text


def _parse_date(text: str | None) -> date | None:
    if text is None:
        return None
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise typer.BadParameter(f"{text!r} is not a date: write YYYY-MM-DD") from None


def _date_option(name: str, when: str):
    # Read as text and parsed here, not as Typer's datetime type: a date is all it is, and
    # Typer matches that type by identity, which freezegun's stand-in for datetime breaks.
    help = f"Only matches created {when} DATE (YYYY-MM-DD, UTC)."
    return typer.Option(name, metavar="DATE", show_default=False, help=help, callback=_parse_date)


ListJson = Annotated[bool, typer.Option("--json", help="Print the list as JSON.")]


def stats(
    preset: Annotated[Preset, typer.Option("--preset", help="Count the matches of this preset only.")] = Preset.CLASSIC,
    since: Annotated[str | None, _date_option("--since", "on or after")] = None,
    until: Annotated[str | None, _date_option("--until", "on or before")] = None,
    as_json: ListJson = False,
) -> None:
    """Each player's figures over the matches of one preset, lowest average per deal first.

    A player is a name, ignoring case. Points and deals count the scored deals
    of every match, finished, abandoned or still being played; tie-break deals
    only decide who wins. Q♠, K♠ and A♠ are counted over the deals where the
    player's cards were entered (scorepad deal Ann=QS,2H): the "of" column.

    Examples:

    \b
      scorepad stats
      scorepad stats --preset spot-hearts --since 2026-09-01
      scorepad stats --since 2026-11-01 --until 2026-11-30 --json
    """
    from ..core.rules import RuleSet
    from ..stats import player_stats

    players = player_stats(open_store(), preset, since, until)  # dates, by the option's callback
    rules = RuleSet.build(preset)
    if as_json:
        print_json(
            {
                "preset": preset.value,
                "since": since.isoformat() if since else None,
                "until": until.isoformat() if until else None,
                "players": [p.to_json(rules) for p in players],
            }
        )
        return
    if not players:
        console().print(f"No {preset.value} match in the store" + (" in those dates." if since or until else "."))
        return
    console().print(_stats_table(players, rules, preset))


def _stats_table(players, rules, preset):
    from rich.table import Table
    from rich.text import Text  # a name is text, never markup: "[b]ob" stays as typed

    from ..stats import TRACKED

    table = Table(
        title=f"Players, {preset.value} matches", title_justify="left", caption_justify="left", box=None, pad_edge=False
    )
    table.add_column("Player")
    # A card that scores nothing under the preset cannot be entered: no column for it.
    cards = [key for key, card in TRACKED.items() if rules.points(card)]
    heads = ["Matches", "Wins", "Deals", "Points", "Avg", *(TRACKED[k].text(use_ascii()) for k in cards), "of"]
    for head in heads + ["Slams", "Reneges"]:
        table.add_column(head, justify="right")
    keys = ["matches", "wins", "deals", "points", "avg_per_deal", *cards, "deals_with_cards", "slams", "reneges"]
    for player in players:
        data = player.to_json(rules)
        table.add_row(Text(player.name), *(_cell(data[k]) for k in keys))
    cards_shown = ", ".join(heads[5:-1])
    table.caption = f"Avg: points per deal. {cards_shown}: times taken, in the deals with the player's cards entered (of)."
    return table


def _cell(value) -> str:
    if value is None:
        return "-"
    return f"{value:.2f}" if isinstance(value, float) else str(value)


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
    from ..ratings import player_ratings

    players = player_ratings(open_store())
    if as_json:
        print_json({"players": [p.to_json() for p in players]})
        return
    if not players:
        console().print("No finished match yet: ratings come from final standings.")
        return
    from rich.table import Table
    from rich.text import Text

    table = Table(box=None, pad_edge=False, caption_justify="left")
    for head in ("#", "Player", "Rating", "mu", "sigma", "Matches", "Wins"):
        table.add_column(head, justify="left" if head == "Player" else "right")
    for place, p in enumerate(players, start=1):
        figures = (f"{p.rating:.2f}", f"{p.mu:.2f}", f"{p.sigma:.2f}", str(p.matches), str(p.wins))
        table.add_row(str(place), Text(p.name), *figures)
    table.caption = "rating = mu - 3 sigma"
    console().print(table)


def chart(match: MatchOpt = None) -> None:
    """The match's running totals after each deal as a line chart, one marker letter per player.

    Examples:

    \b
      scorepad chart
      scorepad chart --match 3 | less
    """
    from .. import services
    from ..chart import legend, line_chart, markers

    result, rows = services.history(open_store(), match)
    players = result.state.settings.players
    scored = [r for r in rows if r.kind == "deal"]
    out = console()
    if not scored:
        out.print(f"Match {result.match_id} has no scored deal yet: nothing to chart.")
        return
    series = [[0] + [r.totals[p] for r in scored] for p in players]
    marks = markers(players)
    width = max(40, min(80, out.width))
    name = f" “{result.name}”" if result.name else ""
    out.print(f"Match {result.match_id}{name}: running totals after each deal", markup=False)
    for line in line_chart(series, marks, width) + legend(players, marks, [s[-1] for s in series], width):
        out.print(_styled(line), soft_wrap=True)


#: A colour per player for terminals that show colour; the markers carry the meaning without it.
PALETTE = ("cyan", "magenta", "green", "yellow", "bright_blue", "red")


def _styled(line) -> "Text":
    from rich.text import Text

    text = Text()
    for part, who in line:
        text.append(part, style=PALETTE[who % len(PALETTE)] if who is not None else None)
    text.rstrip()
    return text


def report(
    match: MatchOpt = None,
    out: Annotated[
        Path | None,
        typer.Option("--out", "-o", metavar="PATH", help="The file to write (default: exports/match-ID-report.html)."),
    ] = None,
    force: Annotated[bool, typer.Option("--force", help="Replace the --out file if it exists.")] = False,
) -> None:
    """Write the match as one HTML page to share: standings, chart, every deal. Prints its path.

    The page is self-contained (no scripts, nothing fetched) and prints on A4.
    Without --out it goes under exports/, never over an earlier report.

    Examples:

    \b
      scorepad report
      scorepad report --match 3 --out friday.html
    """
    from .. import services
    from ..report import page, save

    result, rows = services.history(open_store(), match)
    print(save(page(result, rows), out, result.match_id, force))


def register(app: typer.Typer) -> None:
    for command in (stats, ratings, chart, report):
        app.command(rich_help_panel="The club")(refusals(command))

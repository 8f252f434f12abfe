"""Rich tables of the club's figures: player statistics and ratings."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.console import Group
from rich.table import Table
from rich.text import Text  # a name is text, never markup: "[b]ob" stays as typed

from ..app.stats import TRACKED
from ..core.rules import RuleSet
from .json_shapes import player_stats_json
from .marks import decimal
from .preset_names import preset_name
from .translation import _, card_text

if TYPE_CHECKING:
    from ..app.ratings import PlayerRating
    from ..app.stats import PlayerStats


def stats_table(players: Sequence[PlayerStats], rules: RuleSet, ascii: bool) -> Group:
    """A heading, a row per player, and a key, each a line of its own (never wrapped to the table's width)."""
    table = Table(box=None, pad_edge=False)
    table.add_column(_("Player"))
    # A card that scores nothing under the preset cannot be entered: no column for it.
    cards = [key for key, card in TRACKED.items() if rules.points(card)]
    # TRANSLATORS: "of" heads the column of deals with the player's cards entered, out of which the cards are counted.
    of = _("of")
    shown = [card_text(TRACKED[k], ascii) for k in cards]
    heads = [_("Matches"), _("Wins"), _("Deals"), _("Points"), _("Avg"), *shown, of]
    for head in [*heads, _("Slams"), _("Reneges")]:
        table.add_column(head, justify="right")
    keys = ["matches", "wins", "deals", "points", "avg_per_deal", *cards, "deals_with_cards", "slams", "reneges"]
    for player in players:
        data = player_stats_json(player, rules)
        table.add_row(Text(player.name), *(_cell(data[k]) for k in keys))
    cards_shown = ", ".join(heads[5:-1])
    key = _("Avg: points per deal. {cards}: times taken, in the deals with the player's cards entered ({of}).").format(
        cards=cards_shown, of=of
    )
    heading = (
        _("Players, {preset} matches, two decks") if rules.decks == 2 else _("Players, {preset} matches")
    ).format(preset=preset_name(rules.preset))
    return Group(Text(heading, style="italic"), table, Text(key, style="dim"))


def _cell(value: object) -> str:
    if value is None:
        return "-"
    return decimal(value) if isinstance(value, float) else str(value)


def ratings_table(players: Sequence[PlayerRating]) -> Group:
    table = Table(box=None, pad_edge=False)
    for number, head in enumerate(("#", _("Player"), _("Rating"), "mu", "sigma", _("Matches"), _("Wins"))):
        table.add_column(head, justify="left" if number == 1 else "right")
    for place, p in enumerate(players, start=1):
        figures = (decimal(p.rating), decimal(p.mu), decimal(p.sigma), str(p.matches), str(p.wins))
        table.add_row(str(place), Text(p.name), *figures)
    return Group(table, Text(_("rating = mu - 3 sigma"), style="dim"))

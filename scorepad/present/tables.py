"""Rich output for people: standings, what the table does next, history, match lists."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich import box
from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ..core.cards import QUEEN_OF_SPADES
from ..core.choices import Preset
from ..core.match import FormatKind, MatchState, NextDeal
from ..core.rules import PASS_SIZE, Direction
from ..core.standings import places
from .descriptions import format_words, notes_text, preset_name, rules_words, seated
from .lists import and_list
from .marks import in_utc, moment
from .translation import _, card_text, cards_text, in_language, ngettext

if TYPE_CHECKING:
    from ..app.doctor import Finding
    from ..app.reading import MatchSummary
    from ..app.results import HistoryRow, Result


def title(result: Result, ascii: bool = False) -> str:
    settings = result.state.settings
    name = f" “{result.name}”" if result.name else ""
    return _("Match {match}{name}: {format}, {rules}").format(
        match=result.match_id, name=name, format=format_words(settings.format), rules=rules_words(settings.rules, ascii)
    )


def standings(state: MatchState) -> Table:
    table = Table(show_edge=False, pad_edge=False, box=None)
    table.add_column("#", justify="right")
    table.add_column(_("Player"))
    table.add_column(_("Total"), justify="right")
    for place, seat in places(state.totals, state.winner):
        mark = " ★" if seat == state.winner else ""
        table.add_row(str(place), seated(state, seat) + mark, str(state.totals[seat]))
    return table


def next_deal_lines(state: MatchState, deal: NextDeal, ascii: bool) -> list[str]:
    """What the table needs before dealing, in plain sentences."""
    players = state.settings.players
    arrow = "->" if ascii else "→"
    if deal.round is not None:
        tied = and_list(players[s] for s in deal.players)
        lines = [
            _("Tie-break deal {number} (round {round}) between {players}.").format(
                number=deal.number, round=deal.round, players=tied
            ),
            "  " + _("Its points decide the tie; they do not count in the totals."),
        ]
    else:
        fmt = state.settings.format
        if fmt.kind is FormatKind.DEALS:
            lines = [_("Deal {number} of {deals}:").format(number=deal.number, deals=fmt.value)]
        else:
            lines = [_("Deal {number}:").format(number=deal.number)]
    lines.append(
        "  "
        + _("{dealer} deals; {eldest} (eldest) leads the first trick.").format(
            dealer=players[deal.dealer], eldest=players[deal.eldest]
        )
    )
    if deal.decks == 2:
        lines.append("  " + _("Two decks shuffled together; two equal cards in a trick cancel."))
    removed = cards_text(deal.removed, ascii) if deal.removed else _("nothing (full deck)")
    each = ngettext("{count} card each", "{count} cards each", deal.cards_each).format(count=deal.cards_each)
    lines.append(
        "  "
        + _("Take out {removed}: {each}. The scores add up to {total}.").format(
            removed=removed, each=each, total=deal.deal_total
        )
    )
    if deal.direction is Direction.NONE:
        lines.append("  " + _("No passing this deal."))
    else:
        pairs = ", ".join(f"{players[a]} {arrow} {players[b]}" for a, b in deal.pass_to.items())
        lines.append("  " + _PASSES[deal.direction]().format(count=PASS_SIZE, pairs=pairs))
        if not state.rules.queen_may_be_passed:
            queen = card_text(QUEEN_OF_SPADES, ascii)
            lines.append("  " + _("The {card} may not be passed.").format(card=queen))
    return lines


# A function per direction, so that each sentence is looked up in the language in use when shown.
_PASSES = {
    Direction.RIGHT: lambda: _("Pass {count} cards right: {pairs}."),
    Direction.LEFT: lambda: _("Pass {count} cards left: {pairs}."),
    Direction.ACROSS: lambda: _("Pass {count} cards across: {pairs}."),
}


def verdict(state: MatchState, ascii: bool) -> list[Text]:
    """How the match stands: the winner, or the tie and the tie-break deal, or the next deal."""
    if state.abandoned:
        return [Text(_("The match was abandoned: no winner."))]
    if state.winner is not None:
        players = state.settings.players
        won = (
            _("{player} wins with {total} after the tie-break.")
            if state.tiebreak is None and state.scored > state.deals_played
            else _("{player} wins with {total}.")
        )
        return [Text(won.format(player=players[state.winner], total=state.totals[state.winner]), style="bold")]
    parts = []
    if state.tiebreak is not None:
        tied, round_ = and_list(state.settings.players[s] for s in state.tiebreak[0]), state.tiebreak[1]
        said = (
            _("The match is over: {players} tie for lowest.")
            if round_ == 1
            else _("The match is over: {players} are still tied after round {round}.")
        )
        parts.append(Text(said.format(players=tied, round=round_ - 1), style="bold"))
    assert state.next is not None  # neither abandoned nor won: a deal is due
    parts.append(Text("\n".join(next_deal_lines(state, state.next, ascii))))
    return parts


def status(result: Result, ascii: bool) -> Group:
    parts: list = [Text(title(result, ascii), style="bold"), standings(result.state), *verdict(result.state, ascii)]
    if result.notes:
        parts.insert(0, Text(notes_text(result.notes, ascii), style="italic"))
    return Group(*parts)


def table_panel(result: Result, ascii: bool) -> Panel:
    """What the table sees before each deal in ``scorepad play``: the settings, the deal, then the standings.

    The settings are the body's first line, not the panel's title: on a narrow
    terminal a line wraps, where a title would lose its end.
    """
    settings = result.state.settings
    name = f"“{result.name}”: " if result.name else ""  # in the body too: a narrow title loses its end
    rules = Text(f"{name}{format_words(settings.format)}, {rules_words(settings.rules, ascii)}", style="bold")
    body = Group(rules, *verdict(result.state, ascii), Text(""), standings(result.state))
    heading = Text(_("Match {match}").format(match=result.match_id))
    return Panel(body, title=heading, title_align="left", box=box.ASCII if ascii else box.ROUNDED)


def history(result: Result, rows: Sequence[HistoryRow], ascii: bool = False) -> Group:
    """The title, a row per entry that stands, and a key; the title and key are lines of their own,
    so that a title wider than the table is never wrapped to its width."""
    players = result.state.settings.players
    table = Table()
    table.add_column(_("Deal"), justify="right")
    table.add_column(_("Kind"))
    table.add_column(_("Dealer"))
    for head in seat_heads(result.state):
        table.add_column(head, justify="right")
    table.add_column(_("Recorded (UTC)") if in_utc() else _("Recorded"))
    for row in rows:
        if row.kind == "misdeal":
            cells = [kind_word(row.kind)] + [""] * len(players)
        elif row.left is not None:
            cells = [kind_word(row.kind), *_seat_change(row, ascii)]
        else:
            cells = [kind_word(row.kind)]
            for p in row.players:
                if p not in row.scores:
                    cells.append("")
                    continue
                mark = " R" if row.renege == p else ""
                cell = (
                    f"{row.scores[p]:+d}{mark}"
                    if row.kind == "tiebreak"
                    else f"{row.scores[p]}{mark} ({row.totals[p]})"
                )
                cells.append(cell)
        table.add_row(_number(row), cells[0], row.dealer, *cells[1:], moment(row.recorded_at))
    key = _("deal scores with running totals in brackets; R: renege; tie-break points do not count")
    return Group(Text(title(result, ascii), style="italic"), table, Text(key, style="dim"), *_corrected_key(rows))


def sheet(result: Result, rows: Sequence[HistoryRow], ascii: bool = False, mark_last: bool = False) -> Group:
    """The score sheet as a table keeps it on paper: a row a deal, a column a player, points and total."""
    players = result.state.settings.players
    table = Table(box=box.ASCII if ascii else box.SIMPLE_HEAD, pad_edge=False)
    table.add_column(_("Deal"), justify="right")
    table.add_column(_("Dealer"))
    for head in seat_heads(result.state):
        table.add_column(head, justify="right")
    table.add_column("")
    for index, row in enumerate(rows):
        last = mark_last and index == len(rows) - 1
        if row.kind == "misdeal":
            cells = [""] * len(players) + [kind_word(row.kind)]
        elif row.left is not None:
            cells = [*_seat_change(row, ascii), kind_word(row.kind)]
        else:
            cells = [_sheet_cell(row, p) for p in row.players]
            notes = [kind_word(row.kind)] if row.kind == "tiebreak" else []
            notes += [_("renege {player}").format(player=row.renege)] if row.renege else []
            notes += [_("corrected")] if row.corrected else []
            cells.append(", ".join(notes))
        if last:
            cells[-1] = (cells[-1] + (" <- " if ascii else " ◀ ") + _("last")).strip()
        table.add_row(str(row.number), row.dealer, *cells, style="bold" if last else None)
    totals = [str(t) for t in result.state.totals]
    table.add_row("", _("total"), *totals, "", end_section=True)
    return Group(Text(title(result, ascii), style="italic"), table)


def kind_word(kind: str) -> str:
    """The kind of an entry (``deal``, ``tiebreak``, ``misdeal``, as JSON has it, or ``seat``) in words."""
    return {"deal": _("deal"), "tiebreak": _("tie-break"), "misdeal": _("misdeal"), "seat": _("substitute")}[kind]


def seat_heads(state: MatchState) -> list[str]:
    """A column a seat: its player now, and whom they replaced (``Eva (for Cor)``)."""
    return [seated(state, seat) for seat in state.settings.seats]


def _seat_change(row: HistoryRow, ascii: bool) -> list[str]:
    """A seat change as a row of cells: ``→ Eva`` in the seat's column."""
    assert row.left is not None
    seat, arrow = row.left[0], "->" if ascii else "→"
    return [f"{arrow} {player}" if place == seat else "" for place, player in enumerate(row.players)]


def _number(row: HistoryRow) -> str:
    """A deal's number, marked when it was corrected after it was entered."""
    return f"{row.number}*" if row.corrected else str(row.number)


def _corrected_key(rows: Sequence[HistoryRow]) -> list[Text]:
    """What the mark of a corrected deal means, where one is shown."""
    return [Text(_("*: corrected after it was entered"), style="dim")] if any(r.corrected for r in rows) else []


def _sheet_cell(row: HistoryRow, player: str) -> str:
    if player not in row.scores:
        return ""
    if row.kind == "tiebreak":
        return str(row.scores[player])
    return f"{row.scores[player]} ({row.totals[player]})"


def matches(rows: Sequence[MatchSummary]) -> Table:
    table = Table()
    created = _("Created (UTC)") if in_utc() else _("Created")
    for column in (_("Match"), _("Name"), _("Players"), _("Rules"), created, _("Deals"), _("Result")):
        table.add_column(column)
    for r in rows:
        if r.abandoned:
            result = _("abandoned")
        elif r.winner is not None:
            result = _("{player} won").format(player=r.winner)
        else:
            result = _("playing")
        table.add_row(
            str(r.id),
            r.name or "",
            ", ".join(r.players),
            preset_name(Preset(r.preset)),
            moment(r.created_at, seconds=False),  # to the minute: the table stays within 80 columns
            str(r.deals_played),
            result,
        )
    return table


def findings(checks: Sequence[Finding]) -> Table:
    """What ``scorepad doctor`` found, a check per line."""
    table = Table(show_header=False, box=None)
    for f in checks:
        table.add_row(_("ok") if f.ok else _("PROBLEM"), in_language(f.check.said), in_language(f.detail.said))
    return table

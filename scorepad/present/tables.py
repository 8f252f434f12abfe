"""Rich output for people: standings, what the table does next, history, match lists."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import partial
from typing import TYPE_CHECKING

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text

from ..core.cards import FULL_DECK, QUEEN_OF_SPADES
from ..core.match import FormatKind, MatchState, NextDeal
from ..core.rules import PASS_SIZE, Direction, Preset
from ..core.standings import places
from . import by_player
from .descriptions import format_words, notes_text, preset_name, rules_words, seat_heads, seated
from .fitting import Fitted, Hanging, InColumns, column_widths, short_names, width_of
from .lists import and_list
from .marks import in_utc, moment, titled
from .translation import _, card_text, cards_text, in_language, ngettext

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions, RenderableType

    from ..app.doctor import Finding
    from ..app.reading import MatchSummary
    from ..app.results import HistoryRow, Result


def title(result: Result, ascii: bool = False) -> str:
    settings = result.state.settings
    name = titled(result.name)
    return _("Match {match}{name}: {format}, {rules}").format(
        match=result.match_id, name=name, format=format_words(settings.format), rules=rules_words(settings.rules, ascii)
    )


def standings(state: MatchState) -> Table:
    table = Table(show_edge=False, pad_edge=False, box=None)
    table.add_column("#", justify="right")
    table.add_column(_("Player"))
    table.add_column(_("Total"), justify="right")
    for cells in placed(state):
        table.add_row(*cells)
    return table


def placed(state: MatchState, name: Callable[[str], str] = str) -> list[tuple[str, str, str]]:
    """Each seat's place, its player (and whom they replaced; the winner starred) and total, in finishing order;
    each name as ``name`` gives it."""
    return [
        (str(place), seated(state, seat, name) + (" ★" if seat == state.winner else ""), str(state.totals[seat]))
        for place, seat in places(state.totals, state.winner)
    ]


def next_deal(state: MatchState, deal: NextDeal, ascii: bool) -> list[RenderableType]:
    """What the table needs before dealing, in plain sentences, each indented under the first."""
    players = state.settings.players
    lines: list[RenderableType]
    if deal.round is not None:
        tied = and_list(players[s] for s in deal.players)
        lines = [
            Hanging(
                _("Tie-break deal {number} (round {round}) between {players}.").format(
                    number=deal.number, round=deal.round, players=tied
                ),
                indent=0,
            ),
            Hanging(_("Its points decide the tie; they do not count in the totals.")),
        ]
    else:
        fmt = state.settings.format
        if fmt.kind is FormatKind.DEALS:
            lines = [Text(_("Deal {number} of {deals}:").format(number=deal.number, deals=fmt.value))]
        else:
            lines = [Text(_("Deal {number}:").format(number=deal.number))]
    lines.append(
        Hanging(
            _("{dealer} deals; {eldest} (eldest) leads the first trick.").format(
                dealer=players[deal.dealer], eldest=players[deal.eldest]
            )
        )
    )
    if deal.decks == 2:
        lines.append(Hanging(_("Two decks shuffled together; two equal cards in a trick cancel.")))
    elif state.rules.decks == 2:  # a tie-break of fewer than six, in a match of two decks
        one = _("One deck of {cards} cards for this tie-break: every card is there once.")
        lines.append(Hanging(one.format(cards=len(FULL_DECK))))
    removed = cards_text(deal.removed, ascii) if deal.removed else _("nothing (full deck)")
    each = ngettext("{count} card each", "{count} cards each", deal.cards_each).format(count=deal.cards_each)
    lines.append(
        Hanging(
            _("Take out {removed}: {each}. The scores add up to {total}.").format(
                removed=removed, each=each, total=deal.deal_total
            )
        )
    )
    if deal.direction is Direction.NONE:
        lines.append(Hanging(_("No passing this deal.")))
    else:
        lines.append(_Passing(deal.direction, [(players[a], players[b]) for a, b in deal.pass_to.items()], ascii))
        if not state.rules.queen_may_be_passed:
            queen = card_text(QUEEN_OF_SPADES, ascii)
            lines.append(Hanging(_("The {card} may not be passed.").format(card=queen)))
    return lines


# A function per direction, so that each sentence is looked up in the language in use when shown.
_PASSES = {
    Direction.RIGHT: lambda: _("Pass {count} cards right: {pairs}."),
    Direction.LEFT: lambda: _("Pass {count} cards left: {pairs}."),
    Direction.ACROSS: lambda: _("Pass {count} cards across: {pairs}."),
}
# The same, where the pairs are a block of their own under it.
_PASSES_ABOVE = {
    Direction.RIGHT: lambda: _("Pass {count} cards right:"),
    Direction.LEFT: lambda: _("Pass {count} cards left:"),
    Direction.ACROSS: lambda: _("Pass {count} cards across:"),
}


class _Passing:
    """Whom each player passes to: one sentence where it fits, else the sentence over a block of pairs in columns."""

    def __init__(self, direction: Direction, pairs: list[tuple[str, str]], ascii: bool) -> None:
        self.direction, self.pairs, self.arrow = direction, pairs, "->" if ascii else "→"

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[RenderableType]:
        said = ", ".join(f"{giver} {self.arrow} {taker}" for giver, taker in self.pairs)
        line = "  " + _PASSES[self.direction]().format(count=PASS_SIZE, pairs=said)
        if width_of(line) <= options.max_width:
            yield Text(line)
            return
        yield Hanging(_PASSES_ABOVE[self.direction]().format(count=PASS_SIZE))
        room = options.max_width - _PAIRS_INDENT
        names = [name for pair in self.pairs for name in pair]
        # As in a short panel's standings; and a pair on a line of its own must fit: a giver, the arrow, a taker.
        short = short_names(names, min(SHORT_NAME, (room - width_of(self.arrow) - 2) // 2))
        pairs = [(short[giver], self.arrow, short[taker]) for giver, taker in self.pairs]
        yield InColumns(pairs, ("left", "left", "left"), indent=_PAIRS_INDENT)


_PAIRS_INDENT = 4
#: How many columns a name takes at most where a list is laid out in columns: the pairs who pass, short standings.
SHORT_NAME = 12


def won(state: MatchState, winner: int) -> str:
    """``Ann wins with 30.``, or ``... after the tie-break.``"""
    said = (
        _("{player} wins with {total} after the tie-break.")
        if state.tiebreak is None and state.scored > state.deals_played
        else _("{player} wins with {total}.")
    )
    return said.format(player=state.settings.players[winner], total=state.totals[winner])


def verdict(state: MatchState, ascii: bool) -> list[RenderableType]:
    """How the match stands: the winner, or the tie and the tie-break deal, or the next deal."""
    if state.abandoned:
        return [Text(_("The match was abandoned: no winner."))]
    if state.winner is not None:
        return [Text(won(state, state.winner), style="bold")]
    parts: list[RenderableType] = []
    if state.tiebreak is not None:
        tied, round_ = and_list(state.settings.players[s] for s in state.tiebreak[0]), state.tiebreak[1]
        said = (
            _("The match is over: {players} tie for lowest.")
            if round_ == 1
            else _("The match is over: {players} are still tied after round {round}.")
        )
        parts.append(Text(said.format(players=tied, round=round_ - 1), style="bold"))
    assert state.next is not None  # neither abandoned nor won: a deal is due
    return parts + next_deal(state, state.next, ascii)


def status(result: Result, ascii: bool) -> Group:
    parts: list = [Text(title(result, ascii), style="bold"), standings(result.state), *verdict(result.state, ascii)]
    if result.notes:
        parts.insert(0, Text(notes_text(result.notes, ascii), style="italic"))
    return Group(*parts)


def history(result: Result, rows: Sequence[HistoryRow], ascii: bool = False) -> Group:
    """The title, a row per entry that stands, and a key; the title and key are lines of their own,
    so that a title wider than the table is never wrapped to its width."""
    deal, kind, dealer, recorded = history_heads()
    table = Table()
    table.add_column(deal, justify="right")
    table.add_column(kind)
    table.add_column(dealer)
    for head in seat_heads(result.state):
        table.add_column(head, justify="right")
    table.add_column(recorded)
    cells = partial(history_cells, ascii=ascii)
    body = [cells(row, str) for row in rows]
    for row_cells in body:
        table.add_row(*row_cells)
    headers = [str(column.header) for column in table.columns]
    narrow = by_player.history(result.state, rows, cells, Table, deal=deal, kind=kind, dealer=dealer, recorded=recorded)
    fitted = Fitted(table, Table, column_widths(headers, body), narrow)
    keys = [Text(key, style="dim") for key in history_keys(rows)]
    return Group(Text(title(result, ascii), style="italic"), fitted, *keys)


def history_keys(rows: Sequence[HistoryRow]) -> list[str]:
    """What the history's marks mean: the running totals, a renege, and a corrected deal where one is shown."""
    key = _("deal scores with running totals in brackets; {mark}: renege; tie-break points do not count").format(
        mark=renege_mark()
    )
    return [key, *_corrected_key(rows)]


def history_heads() -> tuple[str, str, str, str]:
    """The heads of the history's columns but the seats': deal, kind, dealer, and when it was recorded."""
    return _("Deal"), _("Kind"), _("Dealer"), _("Recorded (UTC)") if in_utc() else _("Recorded")


def history_cells(row: HistoryRow, name: Callable[[str], str], ascii: bool) -> list[str]:
    """A row of the history: deal, kind, dealer, a cell per seat, when recorded; each name as ``name`` gives it."""
    seats = _seat_cells(row, name, ascii, _history_cell)
    return [_number(row), kind_word(row.kind), name(row.dealer), *seats, moment(row.recorded_at)]


def renege_mark() -> str:
    """The letter after a reneger's score in the history, ``86 R (218)``: the initial of the language's word,
    unless a card of its decks prints that letter (the Dutch V is the vrouw: Dutch writes X)."""
    # TRANSLATORS: one letter after the score of a player who reneged, in the history (86 R (218)): the
    # initial of your word for a renege, as the key under the history says it; another letter if your
    # decks print that one on a card (Dutch: X, as V is the vrouw).
    return _("R")


def _history_cell(row: HistoryRow, player: str) -> str:
    if player not in row.scores:
        return ""
    mark = " " + renege_mark() if row.renege == player else ""
    if row.kind == "tiebreak":
        return f"{row.scores[player]:+d}{mark}"
    return f"{row.scores[player]}{mark} ({row.totals[player]})"


def sheet(result: Result, rows: Sequence[HistoryRow], ascii: bool = False, mark_last: bool = False) -> Group:
    """The score sheet as a table keeps it on paper: a row a deal, a column a player, points and total."""
    style = partial(Table, box=box.ASCII if ascii else box.SIMPLE_HEAD, pad_edge=False)
    deal, dealer = _("Deal"), _("Dealer")
    table = style()
    table.add_column(deal, justify="right")
    table.add_column(dealer)
    for head in seat_heads(result.state):
        table.add_column(head, justify="right")
    table.add_column("")
    last = len(rows) - 1 if mark_last and rows else None
    cells = partial(_sheet_cells, ascii=ascii)
    shown = []
    for index, row in enumerate(rows):
        row_cells = cells(row, str)
        if index == last:
            row_cells[-1] = (row_cells[-1] + (" <- " if ascii else " ◀ ") + _("last")).strip()
        table.add_row(*row_cells, style="bold" if index == last else None)
        shown.append(row_cells)
    totals = [str(t) for t in result.state.totals]
    shown.append(["", _("total"), *totals, ""])
    table.add_row(*shown[-1], end_section=True)
    headers = [str(column.header) for column in table.columns]
    narrow = by_player.sheet(result.state, rows, cells, shown[-1], last, style, deal=deal, dealer=dealer)
    fitted = Fitted(table, style, column_widths(headers, shown), narrow)
    return Group(Text(title(result, ascii), style="italic"), fitted)


def _sheet_cells(row: HistoryRow, name: Callable[[str], str], ascii: bool) -> list[str]:
    """A row of the sheet: deal, dealer, a cell per seat, and what it notes of the entry (a misdeal, a tie-break,
    a substitute, a renege and whose, a correction); each name as ``name`` gives it."""
    notes = [kind_word(row.kind)] if row.kind != "deal" else []
    notes += [_("renege {player}").format(player=name(row.renege))] if row.renege else []
    notes += [_("corrected")] if row.corrected else []
    return [str(row.number), name(row.dealer), *_seat_cells(row, name, ascii, _sheet_cell), ", ".join(notes)]


def _seat_cells(
    row: HistoryRow, name: Callable[[str], str], ascii: bool, cell: Callable[[HistoryRow, str], str]
) -> list[str]:
    """A cell per seat: none for a misdeal, the new player's for a seat change, else ``cell`` of each player."""
    if row.kind == "misdeal":
        return [""] * len(row.players)
    if row.left is not None:
        return _seat_change(row, name, ascii)
    return [cell(row, player) for player in row.players]


def kind_word(kind: str) -> str:
    """The kind of an entry (``deal``, ``tiebreak``, ``misdeal``, as JSON has it, or ``seat``) in words."""
    return {"deal": _("deal"), "tiebreak": _("tie-break"), "misdeal": _("misdeal"), "seat": _("substitute")}[kind]


def _seat_change(row: HistoryRow, name: Callable[[str], str], ascii: bool) -> list[str]:
    """A seat change as a row of cells: ``→ Eva`` in the seat's column."""
    assert row.left is not None
    seat, arrow = row.left[0], "->" if ascii else "→"
    return [f"{arrow} {name(player)}" if place == seat else "" for place, player in enumerate(row.players)]


def _number(row: HistoryRow) -> str:
    """A deal's number, marked when it was corrected after it was entered."""
    return f"{row.number}*" if row.corrected else str(row.number)


def _corrected_key(rows: Sequence[HistoryRow]) -> list[str]:
    """What the mark of a corrected deal means, where one is shown."""
    return [_("*: corrected after it was entered")] if any(r.corrected for r in rows) else []


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

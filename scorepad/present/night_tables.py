"""Club nights for people: the plan of a round to read aloud, where every table stands, the night's standings."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.console import Group
from rich.table import Table
from rich.text import Text

from ..core.match import EntryKind
from ..core.night.movement import WAYS
from ..core.night.scores import two_decimals
from .descriptions import rules_words
from .lists import and_list
from .marks import decimal, in_utc, moment, titled
from .translation import _, ngettext

if TYPE_CHECKING:
    from rich.console import RenderableType

    from ..app.night_plan import NightPlan
    from ..app.nights import NightStatus, NightSummary, TableStatus
    from ..core.night.ahead import KnownRound
    from ..core.night.movement.progressive import Climb, TieCut
    from ..core.night.scores import NightStanding
    from ..core.night.state import Move


def night_label(night_id: int, name: str | None) -> str:
    """``Night 3 “Clubavond”``."""
    return _("Night {night}{name}").format(night=night_id, name=titled(name))


def title(status: NightStatus | NightPlan) -> str:
    """The night, its round, and how it is played."""
    settings = status.settings
    return _("{night}: round {round} of {rounds}; {movement}; {rules}").format(
        night=night_label(status.night_id, status.name),
        round=status.round,
        rounds=settings.rounds,
        movement=_(WAYS[settings.movement].description),
        rules=rules_words(status.rules),
    )


def plan(status: NightStatus) -> list[str]:
    """The round's tables as the organiser reads them out: ``Table 2 (match 13): Bram, Eva, Gijs, Hanna; Eva deals.``"""
    lines = [
        title(status),
        _("Seed {seed}: the same seed seats the same tables.").format(seed=status.settings.seed),
    ]
    for table in status.tables:
        lines.append(
            _("Table {table} (match {match}): {players}; {dealer} deals.").format(
                table=table.number, match=table.match_id, players=", ".join(table.players), dealer=table.dealer
            )
        )
    return lines + climb_lines(status)


def climb_lines(status: NightStatus) -> list[str]:
    """Why a progressive round sits so: tables cut again, ties cut, who moves up, down, stays, joins, and why."""
    why = status.why
    if why is None:
        return []
    lines = [_("The tables were cut again after {change}.").format(change=_change(why))] if why.cut_again else []
    lines += [tie_words(tie) for tie in why.ties]
    moved = [move for move in status.moves if move.source is not None]
    for heading, chosen in (
        (_("Moving up: {moves}."), [move for move in moved if move.to < (move.source or 0)]),
        (_("Moving down: {moves}."), [move for move in moved if move.to > (move.source or 0)]),
    ):
        if chosen:
            lines.append(heading.format(moves=_moves(chosen)))
    staying = [name for name in _seated(status) if name not in {move.name for move in status.moves}]
    if staying:
        lines.append(_("Staying at their tables: {players}.").format(players=and_list(staying)))
    for kept in why.kept:
        if kept.won:
            said = _("{player} won table {table} but stays there: the tables were cut again.")
        else:
            said = _("{player} finished last at table {table} but stays there: the tables were cut again.")
        lines.append(said.format(player=kept.name, table=kept.table))
    joining = [move for move in status.moves if move.source is None]
    if joining:
        lines.append(_("Joining: {moves}.").format(moves=_moves(joining)))
    return lines


def _seated(status: NightStatus) -> list[str]:
    return [name for table in status.tables for name in table.players]


def _moves(moves: Sequence[Move]) -> str:
    # TRANSLATORS: one move of the plan, in a list after "Moving up:" or "Moving down:".
    return ", ".join(_("{player} to table {table}").format(player=move.name, table=move.to) for move in moves)


def _change(why: Climb) -> str:
    """Who left and who joined, after "The tables were cut again after"."""
    left, joined = and_list(why.left), and_list(why.joined)
    if why.left and why.joined:
        # TRANSLATORS: completes "The tables were cut again after {change}."
        return _("{left} left and {joined} joined").format(left=left, joined=joined)
    if why.left:
        # TRANSLATORS: completes "The tables were cut again after {change}."
        return _("{players} left").format(players=left)
    # TRANSLATORS: completes "The tables were cut again after {change}."
    return _("{players} joined").format(players=joined)


def tie_words(tie: TieCut) -> str:
    """``Anna and Ingrid tied for last at table 1: the cut sends Anna down.``"""
    players = and_list(tie.players)
    if tie.first and tie.last:
        tied = _("{players} tied at table {table}").format(players=players, table=tie.table)
    elif tie.first:
        tied = _("{players} tied for first at table {table}").format(players=players, table=tie.table)
    elif tie.last:
        tied = _("{players} tied for last at table {table}").format(players=players, table=tie.table)
    else:
        tied = _("{players} tied for place {place} at table {table}").format(
            players=players, place=tie.place, table=tie.table
        )
    if tie.up and tie.down:
        return _("{tie}: the cut sends {up} up and {down} down.").format(
            tie=tied, up=and_list(tie.up), down=and_list(tie.down)
        )
    if tie.up:
        return _("{tie}: the cut sends {players} up.").format(tie=tied, players=and_list(tie.up))
    return _("{tie}: the cut sends {players} down.").format(tie=tied, players=and_list(tie.down))


def table_state(table: TableStatus) -> str:
    """Where a table's match stands, in a few words: the deal due and its dealer, or how it ended."""
    state, players = table.state, table.players
    if state.abandoned:
        return _("abandoned")
    if state.winner is not None:
        return _("over: {player} wins").format(player=players[state.winner])
    deal = state.next
    assert deal is not None  # neither abandoned nor won
    if deal.kind is EntryKind.TIEBREAK:
        due = _("tie-break deal {number}").format(number=deal.number)
    else:
        due = _("deal {number} of {deals}").format(number=deal.number, deals=table.deals)
    return _("{deal}, {dealer} deals").format(deal=due, dealer=players[deal.dealer])


def table_view(table: TableStatus) -> Group:
    heading = _("Table {table} (match {match}): {state}").format(
        table=table.number, match=table.match_id, state=table_state(table)
    )
    rows = Table(show_edge=False, pad_edge=False, box=None)
    rows.add_column("#", justify="right")
    rows.add_column(_("Player"))
    rows.add_column(_("Total"), justify="right")
    for finish in table.result.finishes:
        rows.add_row(str(finish.place), Text(finish.name), str(finish.points))
    return Group(Text(heading, style="bold"), rows)


def rounds_counted(status: NightStatus) -> int:
    """The rounds the standings count: those before the round in play, and it too once every table of it is over."""
    return status.round if status.round_over else status.round - 1


def standings_heading(counted: int) -> str:
    if not counted:
        return _("Night standings: no round is over yet.")
    return ngettext("Night standings after {count} round:", "Night standings after {count} rounds:", counted).format(
        count=counted
    )


def standings_view(standings: Sequence[NightStanding], counted: int, minimum: int = 0) -> Group:
    """The night's standings over the rounds counted so far; a player below the minimum of rounds marked so."""
    if not counted:
        return Group(Text(standings_heading(counted), style="bold"))
    rows = Table(show_edge=False, pad_edge=False, box=None)
    rows.add_column("#", justify="right")
    player, *numbers = standings_heads()
    rows.add_column(player)
    for head in numbers:
        rows.add_column(head, justify="right")
    for line in standings:
        place, name, *figures = standing_cells(line, counted)
        rows.add_row(place, Text(name), *figures)
    key = Text(standings_key(standings, minimum), style="dim")
    return Group(Text(standings_heading(counted), style="bold"), rows, key)


def standings_heads() -> tuple[str, ...]:
    """The heads of the standings' columns after the place: player, score, rounds, firsts, points per deal."""
    return _("Player"), _("Score"), _("Rounds"), _("Firsts"), _("Points per deal")


def standing_cells(line: NightStanding, counted: int = 0) -> tuple[str, ...]:
    """A line of the night's standings as people read it: its place, then a cell for each of ``standings_heads``.

    A player below the night's minimum of rounds has ``2 of 4 rounds`` for rounds: of the ``counted`` so far.
    """
    score, per_deal = decimal(two_decimals(line.score)), decimal(two_decimals(line.points_per_deal))
    rounds = str(line.rounds) if line.qualified else rounds_mark(line.rounds, counted)
    return str(line.place), line.name, score, rounds, str(line.firsts), per_deal


def rounds_mark(played: int, counted: int) -> str:
    """``2 of 4 rounds``: a player below the night's minimum of rounds, and why they are ranked below the others."""
    return ngettext("{played} of {count} round", "{played} of {count} rounds", counted).format(
        played=played, count=counted
    )


def standings_key(standings: Sequence[NightStanding] = (), minimum: int = 0) -> str:
    """What the score means, and the minimum of rounds when it puts anyone below those who reached it."""
    key = _("Score: the share of the others at the table a player finished ahead of, a tie counting half, on average.")
    if not any(line.rounds and not line.qualified for line in standings):
        return key
    below = ngettext(
        "A player who played fewer than {count} round is ranked after those who played it.",
        "A player who played fewer than {count} rounds is ranked after those who played them.",
        minimum,
    ).format(count=minimum)
    return f"{key} {below}"


def status_view(status: NightStatus) -> Group:
    """The night's round, every table of it, the standings, and who leaves and joins."""
    parts: list[RenderableType] = [Text(title(status), style="bold")]
    for table in status.tables:
        parts += [Text(""), table_view(table)]
    parts += [Text(""), standings_view(status.standings, rounds_counted(status), status.minimum)]
    parts += [Text(line) for line in changes(status)]
    return Group(*parts)


def changes(status: NightStatus) -> list[str]:
    """Who leaves after the round in play, and who joins from the next."""
    said = []
    if status.leaving:
        said.append(_("Leaving after this round: {players}.").format(players=and_list(status.leaving)))
    if status.joining:
        said.append(
            _("Joining from round {round}: {players}.").format(round=status.round + 1, players=and_list(status.joining))
        )
    return said


def nights_table(rows: Sequence[NightSummary]) -> Table:
    table = Table()
    for column in (
        _("Night"),
        _("Name"),
        _("Players"),
        _("Round"),
        _("Created (UTC)") if in_utc() else _("Created"),
        _("Result"),
    ):
        table.add_column(column)
    for night in rows:
        table.add_row(
            str(night.id),
            night.name or "",
            str(len(night.players)),
            _("{round} of {rounds}").format(round=night.round, rounds=night.rounds),
            moment(night.created_at, seconds=False),
            _("over") if night.over else _("playing"),
        )
    return table


def plan_lines(plan: NightPlan) -> list[str]:
    """The night's plan to read out: every round it knows, how often pairs meet again, and its corrections."""
    lines = [title(plan)]
    for known in plan.rounds:
        lines += [round_heading(plan, known), *(f"  {line}" for line in planned_tables(plan, known))]
    if len(plan.rounds) > 1:
        lines.append(
            ngettext(
                "Pairs meet again {count} time in these rounds.",
                "Pairs meet again {count} times in these rounds.",
                plan.repeats,
            ).format(count=plan.repeats)
            if plan.repeats
            else _("No pair meets again in these rounds.")
        )
    elif not plan.over and plan.round < plan.settings.rounds:
        lines.append(_("Round {round} is seated from the results of this one.").format(round=plan.round + 1))
    if plan.corrections:
        from ..core.night.corrections import said
        from .translation import in_language

        lines.append(_("Corrections:"))
        lines += [
            "  " + _("round {round}: {change}").format(round=change.round, change=in_language(said(change)))
            for change in plan.corrections
        ]
    return lines


def round_heading(plan: NightPlan, known: KnownRound) -> str:
    if known.number == plan.round and not plan.over:
        return _("Round {round}, in play:").format(round=known.number)
    if known.number <= plan.round:
        return _("Round {round}, played:").format(round=known.number)
    return _("Round {round}:").format(round=known.number)


def planned_tables(plan: NightPlan, known: KnownRound) -> list[str]:
    """A round's tables: ``Table 2 (match 13): Bram, Eva, Gijs, Hanna; Eva deals.``, the match once seated."""
    lines = []
    for table in known.tables:
        players, match = ", ".join(table.players), plan.matches.get((known.number, table.number))
        if match is None:
            line = _("Table {table}: {players}; {dealer} deals.")
        else:
            line = _("Table {table} (match {match}): {players}; {dealer} deals.")
        lines.append(line.format(table=table.number, match=match, players=players, dealer=table.dealer))
    return lines

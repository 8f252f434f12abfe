"""A match report to share: one self-contained HTML page with an inline SVG chart.

The page loads nothing and runs nothing (a Content-Security-Policy says so to
the browser as well), so it can be mailed, put on a club's website or printed
as it is. Every name comes from people and goes through ``escape``.
``page`` is pure over the match's state and history; ``app.export.save_report`` writes it.
"""

from __future__ import annotations

import html
import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..core.standings import places
from ..core.text import visible
from .chart import nice_step, running_series
from .descriptions import format_words, rules_words, seated
from .lists import and_list
from .marks import day, day_text
from .translation import _, language, ngettext

if TYPE_CHECKING:
    from ..app.results import HistoryRow, Result

#: Colour-blind-safe colours (Okabe and Ito); dashes and markers tell players apart in grey print too.
COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9")
DASHES = ("", "9 4", "2 4", "12 4 3 4", "5 5", "14 3 3 3 3 3")
SHAPES = ("circle", "square", "triangle", "diamond", "cross", "plus")

STYLE = """
body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #222;
       max-width: 60rem; margin: 1.5rem auto; padding: 0 1rem; }
h1 { font-size: 1.6rem; margin: 0 0 .2rem; } h2 { font-size: 1.15rem; margin: 1.6rem 0 .5rem; }
.meta { color: #555; margin: 0; }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; }
th, td { padding: .25rem .55rem; border-bottom: 1px solid #ddd; text-align: right; }
th { background: #f3f3f3; } th.name, td.name, td.note { text-align: left; } th.player { text-align: center; }
td.total { color: #555; } tr.winner td { font-weight: 600; }
tr.misdeal td, tr.seat td { color: #777; font-style: italic; } tr.tiebreak td { background: #fff6e0; }
.verdict { font-weight: 600; } .key { color: #555; font-size: .9rem; }
figure { margin: 0; } svg { width: 100%; height: auto; max-width: 760px; }
svg text { font: 12px system-ui, sans-serif; fill: #222; }
@page { size: A4; margin: 14mm; }
@media print {
  body { font-size: 10pt; margin: 0; max-width: none; color: #000; }
  section { break-inside: avoid; } thead { display: table-header-group; } tr { break-inside: avoid; }
  tr.tiebreak td, th { background: none; }
}
"""


def escape(text: str) -> str:
    """Text from people as HTML: markup escaped, and a control character shown as its escape, never sent."""
    return html.escape(visible(text))


def page(result: Result, rows: Sequence[HistoryRow]) -> str:
    """The whole report as HTML text."""
    state = result.state
    players = state.settings.players
    named = _("Match {match}: {name}") if result.name else _("Match {match}")
    title = named.format(match=result.match_id, name=result.name)
    series = running_series(players, rows)
    nothing = escape(_("No deal has been scored yet."))
    chart = svg_chart(players, series) if len(series[0]) > 1 else f"<p>{nothing}</p>"
    standings, running, deals = escape(_("Standings")), escape(_("Running totals")), escape(_("Deals"))
    key = _(
        "Each player's points in the deal, then their total after it."
        " Tie-break deals decide a tie only: their points are not added to the totals."
    )
    parts = [
        "<!doctype html>",
        f'<html lang="{language().tag}"><head><meta charset="utf-8">',
        # Nothing may be fetched or run: the page must be whole and safe on its own.
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">",
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(title)} · scorepad</title>",
        f"<style>{STYLE}</style></head><body>",
        f"<header><h1>{escape(title)}</h1>",
        f'<p class="meta">{escape(_meta(result, rows))}</p></header>',
        f"<section><h2>{standings}</h2>",
        _standings(result),
        f'<p class="verdict">{escape(_verdict(result))}</p></section>',
        f"<section><h2>{running}</h2><figure>{chart}</figure></section>",
        f"<section><h2>{deals}</h2>",
        _deal_table(result, rows),
        f'<p class="key">{escape(key)}</p></section>',
        _tiebreaks(rows),
        "</body></html>",
    ]
    return "\n".join(p for p in parts if p) + "\n"


def _meta(result: Result, rows: Sequence[HistoryRow]) -> str:
    settings = result.state.settings
    days = [day_text(d) for d in sorted({day(r.recorded_at) for r in rows})]
    if not days:
        said = _("{players}: {format}; {rules}")
    elif len(days) == 1:
        said = _("{players}: {format}; {rules}; played {first}")
    else:
        said = _("{players}: {format}; {rules}; played {first} to {last}")
    return said.format(
        players=", ".join(seated(result.state, seat) for seat in settings.seats),
        format=format_words(settings.format),
        rules=rules_words(settings.rules),
        first=days[0] if days else None,
        last=days[-1] if days else None,
    )


def _standings(result: Result) -> str:
    state = result.state
    place_head, player_head, total_head = escape(_("Place")), escape(_("Player")), escape(_("Total"))
    head = f'<tr><th>{place_head}</th><th class="name">{player_head}</th><th>{total_head}</th></tr>'
    lines = [f'<table class="standings"><thead>{head}</thead><tbody>']
    for place, seat in places(state.totals, state.winner):
        mark = ' class="winner"' if seat == state.winner else ""
        star = " ★" if seat == state.winner else ""
        name = f'<td class="name">{escape(seated(state, seat))}{star}</td>'
        lines.append(f"<tr{mark}><td>{place}</td>{name}<td>{state.totals[seat]}</td></tr>")
    lines.append("</tbody></table>")
    return "\n".join(lines)


def _verdict(result: Result) -> str:
    state = result.state
    players = state.settings.players
    if state.abandoned:
        return _("The match was abandoned: no winner.")
    if state.winner is not None:
        won = (
            _("{player} wins with {total} after the tie-break.")
            if state.scored > state.deals_played
            else _("{player} wins with {total}.")
        )
        return won.format(player=players[state.winner], total=state.totals[state.winner])
    if state.tiebreak is not None:
        tied = and_list(players[s] for s in state.tiebreak[0])
        return _("{players} are tied: a tie-break deal is due.").format(players=tied)
    played = state.deals_played
    return ngettext(
        "Still being played: {count} deal so far.", "Still being played: {count} deals so far.", played
    ).format(count=played)


def _deal_table(result: Result, rows: Sequence[HistoryRow]) -> str:
    players = result.state.settings.players
    head = "".join(
        f'<th colspan="2" class="player">{escape(seated(result.state, s))}</th>' for s in result.state.settings.seats
    )
    # TRANSLATORS: short for "points", the head of a narrow column of the HTML report.
    points, total = escape(_("pts")), escape(_("total"))
    sub = f"<th>{points}</th><th>{total}</th>" * len(players)
    deal, dealer, note = escape(_("Deal")), escape(_("Dealer")), escape(_("Note"))
    lines = [
        '<table class="deals"><thead>',
        f'<tr><th rowspan="2">{deal}</th><th rowspan="2" class="name">{dealer}</th>{head}<th rowspan="2" class="name">{note}</th></tr>',
        f"<tr>{sub}</tr></thead><tbody>",
    ]
    round_ = 0
    for row in rows:
        if row.kind == "misdeal":
            cells = f'<td colspan="{2 * len(players)}">&nbsp;</td>'
            note, kind = _("misdeal: the same dealer deals again"), "misdeal"
        elif row.left is not None:
            cells, note, kind = f'<td colspan="{2 * len(players)}">&nbsp;</td>', _seat_change(row), "seat"
        elif row.kind == "tiebreak":
            round_ += 1
            cells = "".join(f"<td>{row.scores.get(p, '–')}</td><td></td>" for p in row.players)
            note, kind = _("tie-break deal, round {round}").format(round=round_), "tiebreak"
        else:
            cells = "".join(f'<td>{row.scores[p]}</td><td class="total">{row.totals[p]}</td>' for p in row.players)
            note, kind = "", "deal"
        notes = [note] if note else []
        notes += [_("renege by {player}").format(player=row.renege)] if row.renege else []
        notes += [_("corrected")] if row.corrected else []
        note = "; ".join(notes)
        lines.append(
            f'<tr class="{kind}"><td>{row.number}</td><td class="name">{escape(row.dealer)}</td>{cells}'
            f'<td class="note">{escape(note)}</td></tr>'
        )
    lines.append("</tbody></table>")
    return "\n".join(lines)


def _seat_change(row: HistoryRow) -> str:
    """``Eva takes Cor's seat from deal 3 on, and its total of 27``."""
    assert row.left is not None
    seat, gone = row.left
    player = row.players[seat]
    said = _("{new} takes {old}'s seat from deal {number} on, and its total of {total}")
    return said.format(new=player, old=gone, number=row.number, total=row.totals[player])


def _tiebreaks(rows: Sequence[HistoryRow]) -> str:
    deals = [r for r in rows if r.kind == "tiebreak"]
    if not deals:
        return ""
    items = []
    said = _("Round {round} (deal {number}, dealt by {dealer}): {scores}")
    for round_, row in enumerate(deals, start=1):
        scores = ", ".join(f"{p} {points}" for p, points in row.scores.items())
        items.append(
            f"<li>{escape(said.format(round=round_, number=row.number, dealer=row.dealer, scores=scores))}</li>"
        )
    heading = escape(_("Tie-break"))
    # Not a numbered list: each item names its round, as the catalogs word it ("Beslissingsronde 1 ...").
    return f"<section><h2>{heading}</h2><ul>" + "".join(items) + "</ul></section>"


# The chart: running totals after each scored deal, one polyline per player.

WIDTH, PLOT_HEIGHT = 760, 320
LEFT, RIGHT, TOP, BOTTOM = 56, 20, 14, 62  #: room for the axes' numbers and titles
LEGEND_ROW, LEGEND_COLUMNS = 24, 3


def svg_chart(players: Sequence[str], series: Sequence[Sequence[int]]) -> str:
    """An SVG line chart; ``series`` holds each player's totals at deal 0, 1, 2..."""
    last = len(series[0]) - 1
    values = [v for line in series for v in line]
    step = nice_step(max(values) - min(0, *values), 6)
    low = step * math.floor(min(0, *values) / step)
    high = max(step * math.ceil(max(values) / step), low + step)
    plot_w = WIDTH - LEFT - RIGHT
    legend_top = TOP + PLOT_HEIGHT + BOTTOM
    height = legend_top + LEGEND_ROW * math.ceil(len(players) / LEGEND_COLUMNS) + 6

    def x(deal: float) -> float:
        return round(LEFT + plot_w * deal / max(last, 1), 1)

    def y(value: float) -> float:
        return round(TOP + PLOT_HEIGHT * (high - value) / (high - low), 1)

    label = escape(_("Running totals after each deal"))
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" role="img" aria-label="{label}">']
    for value in range(int(low), int(high) + 1, step):  # horizontal grid with the totals
        shade = "#999" if value == 0 else "#e3e3e3"
        out.append(f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(value)}" y2="{y(value)}" stroke="{shade}"/>')
        out.append(f'<text x="{LEFT - 6}" y="{y(value) + 4}" text-anchor="end">{value}</text>')
    every = nice_step(last, 12) if last > 12 else 1
    for deal in range(0, last + 1, every):
        base = TOP + PLOT_HEIGHT
        out.append(f'<line x1="{x(deal)}" x2="{x(deal)}" y1="{base}" y2="{base + 5}" stroke="#555"/>')
        out.append(f'<text x="{x(deal)}" y="{TOP + PLOT_HEIGHT + 19}" text-anchor="middle">{deal}</text>')
    out.append(f'<line x1="{LEFT}" x2="{LEFT}" y1="{TOP}" y2="{TOP + PLOT_HEIGHT}" stroke="#555"/>')
    across, up = escape(_("deal")), escape(_("running total"))  # the axes' titles
    out.append(f'<text x="{LEFT + plot_w / 2}" y="{TOP + PLOT_HEIGHT + 38}" text-anchor="middle">{across}</text>')
    middle = TOP + PLOT_HEIGHT / 2
    out.append(f'<text x="14" y="{middle}" text-anchor="middle" transform="rotate(-90 14 {middle})">{up}</text>')
    for who, (name, line) in enumerate(zip(players, series, strict=True)):
        points = " ".join(f"{x(d)},{y(v)}" for d, v in enumerate(line))
        out.append(f"<g {_look(who)}><title>{escape(name)}</title>")
        out.append(f'<polyline points="{points}" fill="none" stroke-width="2.2"/>')
        out.extend(_marker(who, x(d), y(v)) for d, v in enumerate(line))
        out.append("</g>")
    for who, name in enumerate(players):  # the legend, under the deal numbers
        lx = LEFT + (who % LEGEND_COLUMNS) * (plot_w // LEGEND_COLUMNS)
        ly = legend_top + (who // LEGEND_COLUMNS) * LEGEND_ROW
        out.append(f'<g {_look(who)}><line x1="{lx}" x2="{lx + 36}" y1="{ly}" y2="{ly}" stroke-width="2.2"/>')
        out.append(_marker(who, lx + 18, ly) + "</g>")
        out.append(f'<text x="{lx + 44}" y="{ly + 4}">{escape(name)} ({series[who][-1]})</text>')
    out.append("</svg>")
    return "\n".join(out)


def _look(who: int) -> str:
    colour, dash = COLOURS[who % len(COLOURS)], DASHES[who % len(DASHES)]
    return f'stroke="{colour}" fill="{colour}"' + (f' stroke-dasharray="{dash}"' if dash else "")


def _marker(who: int, cx: float, cy: float, r: float = 4.0) -> str:
    """A small shape of the player's own at one point; solid even when the line is dashed."""
    shape = SHAPES[who % len(SHAPES)]
    solid = 'stroke-dasharray="none"'
    if shape == "circle":
        return f'<circle cx="{cx}" cy="{cy}" r="{r}" {solid}/>'
    if shape == "square":
        return f'<rect x="{cx - r}" y="{cy - r}" width="{2 * r}" height="{2 * r}" {solid}/>'
    if shape == "triangle":
        path = f"M{cx},{cy - r - 1} L{cx + r + 1},{cy + r} L{cx - r - 1},{cy + r} Z"
    elif shape == "diamond":
        path = f"M{cx},{cy - r - 1} L{cx + r + 1},{cy} L{cx},{cy + r + 1} L{cx - r - 1},{cy} Z"
    elif shape == "cross":
        path = f"M{cx - r},{cy - r} L{cx + r},{cy + r} M{cx - r},{cy + r} L{cx + r},{cy - r}"
    else:
        path = f"M{cx - r - 1},{cy} L{cx + r + 1},{cy} M{cx},{cy - r - 1} L{cx},{cy + r + 1}"
    return f'<path d="{path}" stroke-width="2" {solid}/>'

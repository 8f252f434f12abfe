"""Table cards to print: one self-contained HTML page, four cards to an A4 sheet, each with its table's QR code.

A card holds what a table needs on the evening: the table and the round, the
players in seat order, who deals each deal, a grid to keep the scores on
paper should the phone fail (a row a deal, a column a player, a total line),
and the table's link as a QR code (an inline SVG made by ``segno``) with its
short code beside it. The page loads nothing and runs nothing (a
Content-Security-Policy says so to the browser); every name goes through
``escape``. Cards are laid four to a sheet (two by two); a night of more
than six players at a table takes two to a sheet, the width of the page, and
one of more than ``QUARTER_DEALS`` deals at a table one card a sheet. A grid's rows share the height its card
has left, so that a few deals have tall rows to write in.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .night_tables import night_label
from .report import escape
from .translation import _, language

if TYPE_CHECKING:
    from ..app.table_cards import NightCards, TableCard

#: The most deals a card's grid holds on half a sheet's height (rows of 4 mm at least, to write in), and the
#: most players its columns hold on half a sheet's width.
QUARTER_DEALS, QUARTER_PLAYERS = 12, 6

STYLE = """
@page { size: A4; margin: 10mm; }
* { box-sizing: border-box; }
html, body { margin: 0; padding: 0; }
body { font: 9.5pt/1.25 "DejaVu Sans", "Liberation Sans", Arial, sans-serif; color: #000; background: #fff; }
.sheet { width: 190mm; height: 277mm; display: grid; gap: 5mm; overflow: hidden;
         break-after: page; page-break-after: always; }
.sheet:last-child { break-after: auto; page-break-after: auto; }
.sheet.four { grid-template: 1fr 1fr / 1fr 1fr; }
.sheet.two { grid-template: 1fr 1fr / 1fr; }
.sheet.one { grid-template: 1fr / 1fr; }
.card { border: 0.3mm dashed #666; padding: 4mm; display: flex; flex-direction: column; gap: 2.5mm;
        min-height: 0; overflow: hidden; break-inside: avoid; }
.card header { display: flex; justify-content: space-between; align-items: baseline; gap: 3mm; }
.card h2 { font-size: 18pt; margin: 0; white-space: nowrap; }
.round { font-size: 11pt; font-weight: 600; text-align: right; }
.night { font-size: 8pt; color: #444; margin: 0; overflow-wrap: anywhere; }
.top { display: flex; gap: 4mm; align-items: flex-start; }
.seats { flex: 1; margin: 0; padding-left: 5mm; overflow-wrap: anywhere; }
.two .seats { columns: 2; }
.phone { width: 39mm; flex: none; text-align: center; font-size: 7pt; }
.phone .join { font: 6pt "DejaVu Sans Mono", "Liberation Mono", monospace; overflow-wrap: anywhere; }
.phone svg { width: 31mm; height: 31mm; display: block; margin: 0 auto; }
.code { font: 700 13pt/1.2 "DejaVu Sans Mono", "Liberation Mono", monospace; letter-spacing: .08em; }
table.grid { width: 100%; border-collapse: collapse; table-layout: fixed; font-size: 8pt; }
.fill { flex: 1 1 0; min-height: 0; }
table.grid { height: 100%; }  /* its rows share the card's height left: the fewer the deals, the taller */
.grid th, .grid td { border: 0.2mm solid #000; padding: 0 .8mm; overflow: hidden; }
.grid th { font-weight: 600; overflow-wrap: anywhere; line-height: 1.1; }
.grid .deal { width: 10mm; text-align: center; overflow-wrap: normal; font-size: 7pt; }
.grid .dealer { width: 20%; text-align: left; overflow-wrap: anywhere; }
.grid tfoot th { border-top: 0.6mm solid #000; }
@media screen { body { background: #ddd; } .sheet { background: #fff; margin: 5mm auto; padding: 0; } }
"""


def cards_page(night: NightCards) -> str:
    """The whole page of the night's cards as HTML text."""
    title = _("{night}: table cards").format(night=night_label(night.night_id, night.name))
    per_sheet = cards_per_sheet(night.cards)
    layout = {4: "four", 2: "two", 1: "one"}[per_sheet]
    sheets = [night.cards[start : start + per_sheet] for start in range(0, len(night.cards), per_sheet)]
    parts = [
        "<!doctype html>",
        f'<html lang="{language().tag}"><head><meta charset="utf-8">',
        # Nothing may be fetched or run: the page must be whole and safe on its own.
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">",
        f"<title>{escape(title)} · scorepad</title>",
        f"<style>{STYLE}</style></head><body>",
    ]
    for cards in sheets:
        parts.append(f'<section class="sheet {layout}">')
        parts.extend(_card(night, card) for card in cards)
        parts.append("</section>")
    parts.append("</body></html>")
    return "\n".join(parts)


def cards_per_sheet(cards: Sequence[TableCard]) -> int:
    """Four cards to a sheet, unless a table has more players or deals than a quarter of a sheet holds."""
    if any(card.deals > QUARTER_DEALS for card in cards):
        return 1
    return 2 if any(len(card.players) > QUARTER_PLAYERS for card in cards) else 4


def _card(night: NightCards, card: TableCard) -> str:
    heading = escape(_("Table {table}").format(table=card.table))
    when = escape(_("Round {round} of {rounds}").format(round=card.round, rounds=night.rounds))
    if card.match_id is not None:
        when += "<br>" + escape(_("Match {match}").format(match=card.match_id))
    seats = "".join(f"<li>{escape(name)}</li>" for name in card.players)
    return "\n".join(
        [
            '<article class="card">',
            f'<header><h2>{heading}</h2><div class="round">{when}</div></header>',
            f'<p class="night">{escape(night_label(night.night_id, night.name))}</p>',
            f'<div class="top"><ol class="seats">{seats}</ol>{_phone(night, card)}</div>',
            f'<div class="fill">{_grid(card)}</div>',
            "</article>",
        ]
    )


def _phone(night: NightCards, card: TableCard) -> str:
    """The table's link as a QR code, its short code beside it, and what to do with them."""
    how = escape(_("Scan the code to enter the deals on a phone, or open {address} and type the code."))
    join = f'<br><span class="join">{escape(night.address.rstrip("/") + "/join")}</span><br>'
    table = _("Table {table}").format(table=card.table)
    return (
        f'<div class="phone">{qr_svg(card.link, table)}'
        f'<div class="code">{escape(card.code)}</div>'
        f"<div>{how.replace('{address}', join)}</div></div>"
    )


def _grid(card: TableCard) -> str:
    """A row a deal (its number and dealer), a column a player in seat order, and the total line."""
    names = "".join(f"<th>{escape(name)}</th>" for name in card.players)
    blanks = "<td></td>" * len(card.players)
    rows = "".join(
        f'<tr><td class="deal">{number}</td><td class="dealer">{escape(dealer)}</td>{blanks}</tr>'
        for number, dealer in enumerate(card.dealers, start=1)
    )
    deal, dealer, total = (escape(word) for word in (_("Deal"), _("Dealer"), _("Total")))
    return (
        '<table class="grid"><thead><tr>'
        f'<th class="deal">{deal}</th><th class="dealer">{dealer}</th>{names}'
        f"</tr></thead><tbody>{rows}</tbody>"
        f'<tfoot><tr><th class="deal" colspan="2">{total}</th>{blanks}</tr></tfoot></table>'
    )


def qr_svg(text: str, title: str) -> str:
    """``text`` as a QR code, an inline SVG sized by the page's style: error correction M (15 % may be
    smudged), raised where the same size allows, and the quiet zone of four modules the standard asks for."""
    import segno  # here: only the cards need it

    code = segno.make(text, error="m", micro=False)
    return code.svg_inline(scale=1, border=4, omitsize=True, svgclass="qr", lineclass=None, title=title)

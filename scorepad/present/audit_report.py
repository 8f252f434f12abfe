"""An audit report for people: a heading, the tricks as a table, the scores and every breach."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from rich import box
from rich.table import Table
from rich.text import Text

from ..core.language import N_
from .descriptions import rules_words
from .translation import _, ascii_suits, card_text, in_language, spoken

if TYPE_CHECKING:
    from ..app.audit import Audited
    from ..core.engine import TrickReport

# Marked here, looked up where the table is made: the language is chosen after import.
_COLUMNS: tuple[tuple[str, Literal["left", "right"]], ...] = (
    (N_("Trick"), "right"),
    (N_("Leader"), "left"),
    (N_("Cards"), "left"),
    (N_("Winner"), "left"),
    (N_("Points"), "right"),
)


def _won(trick: TrickReport) -> str:
    """The winner; for a trick nobody won (every card of the suit led cancelled), who took it later."""
    if trick.winner is not None or not trick.cards:
        return trick.winner or "-"
    if trick.taken_by is None:
        return _("nobody (cards on the table)")
    return _("nobody; {player} took it with trick {number}").format(player=trick.taken_by, number=trick.taken_with)


def audit_report(audited: Audited, ascii: bool) -> list[Text | Table]:
    """The report as lines of text around one table; each line is a sentence to print unwrapped."""
    report = audited.report
    assert report is not None  # only a file that was audited is shown

    def text(value: str, style: str = "") -> Text:
        # Text, not markup: a name may hold brackets that Rich would read as a style.
        return Text(ascii_suits(value) if ascii else value, style=style)

    # English shows the rules as the record's notation writes them, in English words; another language, in its own.
    rules = report.rules.notation() if spoken() == "en" else rules_words(report.rules)
    heading = _("{file}: {players}; {dealer} deals; {rules}").format(
        file=audited.name, players=", ".join(report.players), dealer=report.dealer, rules=rules
    )
    parts: list[Text | Table] = [text(heading, "bold")]
    table = Table(box=box.ASCII if ascii else box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    for column, justify in _COLUMNS:
        table.add_column(_(column), justify=justify)
    for trick in report.tricks:
        equal = set(trick.cancelled or ())
        cards = " ".join(
            f"[{card_text(card, ascii)}]" if card in equal else card_text(card, ascii) for card in trick.cards
        )
        table.add_row(str(trick.number), text(trick.leader), text(cards), text(_won(trick)), str(trick.points))
    parts.append(table)
    if any(trick.cancelled for trick in report.tricks):  # the key to the brackets, where there are any
        parts.append(text(_("[ ]: two equal cards in one trick cancel: neither can win it (both still score)."), "dim"))

    scores = ", ".join(f"{name} {points}" for name, points in report.scores.items())
    if report.renege is not None:
        offender = report.renege.player
        said = _("Scores: {scores}. {player} reneged: {player} takes the penalty total, the others 0.")
        parts.append(text(said.format(scores=scores, player=offender)))
    else:
        said = _("Scores: {scores} (the deal adds up to {total}).")
        parts.append(text(said.format(scores=scores, total=report.deal_total)))
    if report.complete:
        parts.append(text(_("Complete: every card played.")))
    else:
        played = sum(len(trick.cards) for trick in report.tricks)
        dealt = report.rules.deck(len(report.players)).total()
        parts.append(text(_("Incomplete: {played} of {dealt} cards played.").format(played=played, dealt=dealt)))
    if report.legal:
        parts.append(text(_("No rule broken.")))
    else:
        parts.append(text(_("Rules broken ({count}):").format(count=len(report.breaches)), "bold"))
        parts += [text(f"{in_language(breach.message)}.") for breach in report.breaches]
        if report.renege is None:
            parts.append(text(_("The scores are those of the tricks: the table settles the breach.")))
    parts.append(Text(""))
    return parts

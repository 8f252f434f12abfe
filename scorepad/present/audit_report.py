"""An audit report for people: a heading, the tricks as a table, the scores and every breach."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from rich import box
from rich.table import Table
from rich.text import Text

from ..core.cards import ascii_suits

if TYPE_CHECKING:
    from ..app.audit import Audited
    from ..core.engine import TrickReport

_COLUMNS: tuple[tuple[str, Literal["left", "right"]], ...] = (
    ("Trick", "right"),
    ("Leader", "left"),
    ("Cards", "left"),
    ("Winner", "left"),
    ("Points", "right"),
)


def _won(trick: TrickReport) -> str:
    """The winner; for a trick nobody won (every card of the suit led cancelled), who took it later."""
    if trick.winner is not None or not trick.cards:
        return trick.winner or "-"
    if trick.taken_by is None:
        return "nobody (cards on the table)"
    return f"nobody; {trick.taken_by} took it with trick {trick.taken_with}"


def audit_report(audited: Audited, ascii: bool) -> list[Text | Table]:
    """The report as lines of text around one table; each line is a sentence to print unwrapped."""
    report = audited.report
    assert report is not None  # only a file that was audited is shown

    def text(value: str, style: str = "") -> Text:
        # Text, not markup: a name may hold brackets that Rich would read as a style.
        return Text(ascii_suits(value) if ascii else value, style=style)

    parts: list[Text | Table] = [
        text(f"{audited.name}: {', '.join(report.players)}; {report.dealer} deals; {report.rules.words()}", "bold")
    ]
    table = Table(box=box.ASCII if ascii else box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    for column, justify in _COLUMNS:
        table.add_column(column, justify=justify)
    for trick in report.tricks:
        cards = " ".join(card.text(ascii) for card in trick.cards)
        table.add_row(str(trick.number), text(trick.leader), text(cards), text(_won(trick)), str(trick.points))
    parts.append(table)

    scores = ", ".join(f"{name} {points}" for name, points in report.scores.items())
    if report.renege is not None:
        offender = report.renege.player
        parts.append(text(f"Scores: {scores}. {offender} reneged: {offender} takes the penalty total, the others 0."))
    else:
        parts.append(text(f"Scores: {scores} (the deal adds up to {report.deal_total})."))
    if report.complete:
        parts.append(text("Complete: every card played."))
    else:
        played = sum(len(trick.cards) for trick in report.tricks)
        dealt = report.rules.deck(len(report.players)).total()
        parts.append(text(f"Incomplete: {played} of {dealt} cards played."))
    if report.legal:
        parts.append(text("No rule broken."))
    else:
        parts.append(text(f"Rules broken ({len(report.breaches)}):", "bold"))
        parts += [text(f"{breach.message}.") for breach in report.breaches]
        if report.renege is None:
            parts.append(text("The scores are those of the tricks: the table settles the breach."))
    parts.append(Text(""))
    return parts

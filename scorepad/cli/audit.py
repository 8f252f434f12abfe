"""``scorepad audit``: check deal records trick by trick, and enter one in a match."""

import json
import sys
from typing import TYPE_CHECKING, Annotated

import typer

from .common import console, open_store, print_json, refusals, say, use_ascii
from .completion import match_ids

if TYPE_CHECKING:
    from rich.console import Console

    from ..app.audit import Audited

FilesArg = Annotated[
    list[str], typer.Argument(metavar="FILE|-", help="Deal records to check; - reads one from standard input.")
]
MatchOpt = Annotated[
    int | None,
    typer.Option(
        "--match",
        "-m",
        help="Check under this match's rules (with --record, default: the latest one used).",
        autocompletion=match_ids,
    ),
]
RecordOpt = Annotated[
    bool, typer.Option("--record", help="Enter the audited deal in the match, as scorepad deal would (one record).")
]
JsonOpt = Annotated[
    bool, typer.Option("--json", help="Print the report as JSON; with several files, a list of reports.")
]


def audit(files: FilesArg, match: MatchOpt = None, record: RecordOpt = False, as_json: JsonOpt = False) -> None:
    """Check deal records trick by trick: every play against the rules, then the deal's scores.

    For each record: its tricks (leader, cards, winner, points), the scores,
    whether every card was played, and each broken rule as a sentence. The exit
    code is 0 when every record is complete and breaks no rule, 1 otherwise;
    the reports are printed either way. A file that cannot be read or parsed is
    reported on stderr as "FILE: line N: reason" and the others are still
    checked; with --json it stands in the list as {"file": FILE, "error": reason}.

    With --match the match's rules apply, and a record whose rules: line
    differs is refused. With --record (one record) the deal is entered in the
    match (--match, else the latest) after checking that its players, in seat
    order, and its dealer are those of the match's next deal: a complete record
    that breaks no rule with the cards each player took, a record with a
    renege with the renege's outcome. Any other record is refused and nothing
    is written. Exit 0 when the deal was recorded; the match's status follows
    (with --json the report alone is printed, and the note goes to stderr).

    Examples:

    \b
      scorepad audit deal7.txt
      scorepad audit tuesday/*.txt --json
      scorepad audit - < deal7.txt
      scorepad audit deal7.txt --match 3 --record
    """
    from ..app.audit import audit_source, match_rules, record_audited
    from ..core.errors import RuleError

    if record and len(files) != 1:
        raise RuleError("--record enters one deal: give exactly one record")
    rules = match_id = store = None
    if match is not None or record:
        store = open_store()
        match_id, rules = match_rules(store, match)
    ascii = use_ascii()
    people = None if as_json else console()
    listing = as_json and len(files) > 1
    encode = json.JSONEncoder(ensure_ascii=ascii).encode  # as print_json, without its indent
    passed = True
    for index, source in enumerate(files):
        audited = audit_source(source, rules, match_id)
        passed = passed and audited.passed
        if audited.error is not None:
            sys.stdout.flush()  # keep the error next to the reports around it on a terminal
            sys.stderr.write(f"{audited.name}: {audited.error}\n")
        if listing:
            # Each report goes out as soon as it is made, one per line: a batch of
            # thousands is never held whole, and the C encoder does the work.
            sys.stdout.write(("[\n" if index == 0 else ",\n") + encode(audited.to_json()))
        elif as_json:
            print_json(audited.to_json())
        elif audited.report is not None:
            _print_report(people, audited, ascii)
    if listing:
        sys.stdout.write("\n]\n")
    if record:
        if audited.report is None:
            raise typer.Exit(1)
        from .entries import show

        result = record_audited(store, match_id, audited)
        if as_json:
            say(result.note)
        else:
            show(result, False)
        return
    if not passed:
        raise typer.Exit(1)


def _print_report(out: "Console", audited: "Audited", ascii: bool) -> None:
    """One report for people: a heading, the tricks as a table, the scores and every breach."""
    from rich import box
    from rich.table import Table
    from rich.text import Text

    from ..core.cards import ascii_suits, deck

    report = audited.report

    def text(value: str, style: str = "") -> "Text":
        # Text, not markup: a name may hold brackets that Rich would read as a style.
        return Text(ascii_suits(value) if ascii else value, style=style)

    def line(value: str, style: str = "") -> None:
        out.print(text(value, style), soft_wrap=True)  # a sentence stays on its own line

    line(f"{audited.name}: {', '.join(report.players)}; {report.dealer} deals; {report.rules.words()}", "bold")
    table = Table(box=box.ASCII if ascii else box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    for column, justify in (("Trick", "right"), ("Leader", "left"), ("Cards", "left"), ("Winner", "left")):
        table.add_column(column, justify=justify)
    table.add_column("Points", justify="right")
    for trick in report.tricks:
        cards = " ".join(card.text(ascii) for card in trick.cards)
        table.add_row(str(trick.number), text(trick.leader), text(cards), text(trick.winner or "-"), str(trick.points))
    out.print(table)

    scores = ", ".join(f"{name} {points}" for name, points in report.scores.items())
    if report.renege is not None:
        offender = report.renege.player
        line(f"Scores: {scores}. {offender} reneged: {offender} takes the penalty total, the others 0.")
    else:
        line(f"Scores: {scores} (the deal adds up to {report.deal_total}).")
    if report.complete:
        line("Complete: every card played.")
    else:
        played = sum(len(trick.cards) for trick in report.tricks)
        line(f"Incomplete: {played} of {len(deck(len(report.players)))} cards played.")
    if report.legal:
        line("No rule broken.")
    else:
        line(f"Rules broken ({len(report.breaches)}):", "bold")
        for breach in report.breaches:
            line(f"{breach.message}.")
        if report.renege is None:
            line("The scores are those of the tricks: the table settles the breach.")
    out.print()


def register(app: typer.Typer) -> None:
    app.command(rich_help_panel="Deal records")(refusals(audit))

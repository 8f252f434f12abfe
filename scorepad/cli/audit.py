"""``scorepad audit``: check deal records trick by trick, and enter one in a match."""

from __future__ import annotations

import sys
from contextlib import closing
from typing import TYPE_CHECKING, Annotated

import typer

from ..core.language import N_
from ..present.translation import in_language
from .common import console, json_line, match_option, open_store, refusals, say, show, use_ascii
from .helptext import TranslatedCommand

if TYPE_CHECKING:
    from rich.console import Console

    from ..app.audit import Audited
    from ..core.rules import RuleSet
    from ..store.db import Store

FilesArg = Annotated[
    list[str], typer.Argument(metavar="FILE|-", help="Deal records to check; - reads one from standard input.")
]
MatchRulesOpt = Annotated[
    int | None, match_option("Check under this match's rules (with --record, default: the latest one used).")
]
RecordOpt = Annotated[
    bool, typer.Option("--record", help="Enter the audited deal in the match, as scorepad deal would (one record).")
]
JsonOpt = Annotated[
    bool, typer.Option("--json", help="Print the report as JSON; with several files, a list of reports.")
]


def audit(files: FilesArg, match: MatchRulesOpt = None, record: RecordOpt = False, as_json: JsonOpt = False) -> None:
    """Check deal records trick by trick: every play against the rules, then the deal's scores.

    A deal record is the deal written down one trick per line, each trick's
    cards in the order played from its leader (the notation, with complete
    examples: docs/deal-record.md in scorepad's repository):

    \b
      # Tuesday, table 2, deal 7
      players: Ann Bob Cat Dan          # clockwise
      dealer: Dan                       # Ann, left of Dan, leads trick 1
      rules: classic hearts=broken      # optional; decks=2 for two decks
      hand Ann: 7S 4S JD 5C 3C 9C TC 2H 4H 6H 8H AH 5S   # optional
      1. Ann:7S Bob:9S Cat:QS Dan:2S    # Cat's Q♠ wins: Cat leads next
      2. Cat:4D Dan:8D Ann:JD Bob:2D
      3. 5C KC 3H 6C                    # names may be left out

    For each record: its tricks (leader, cards, winner, points), the scores,
    whether every card was played, and each broken rule as a sentence. The exit
    code is 0 when every record is complete and breaks no rule, 1 otherwise;
    the reports are printed either way. A file that cannot be read or parsed is
    reported on stderr as "FILE: line N: reason", one line for every line it
    cannot read, and the others are still checked; with --json it stands in the
    list as {"file": FILE, "error": reason, "errors": [{"line", "message"}...]}.

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
    from ..core.errors import RuleError

    if record and len(files) != 1:
        raise RuleError(N_("--record enters one deal: give exactly one record"))
    store, match_id, rules = None, None, None
    if match is not None or record:
        from ..app.audit import match_rules

        store = open_store()
        match_id, rules = match_rules(store, match)
    passed, last = _audit_files(files, rules, match_id, as_json)
    if record:
        assert store is not None and match_id is not None  # --record opened the match above
        _enter(store, match_id, last, as_json)
    elif not passed:
        raise typer.Exit(1)


def _audit_files(files: list[str], rules: RuleSet | None, match_id: int | None, as_json: bool) -> tuple[bool, Audited]:
    """Audit the files (a large batch on every core), each report written in the order given as soon as it and
    those before it are made: whether every file passed, and the last."""
    import json

    from ..app import progress
    from ..app.audit_batch import audit_all
    from ..app.progress import Stage
    from .progress_bar import progress_shown

    ascii = use_ascii()
    listing = as_json and len(files) > 1
    encode = json.JSONEncoder(ensure_ascii=ascii).encode  # a report of a list on one line
    people = None if as_json else console()  # JSON for scripts needs no Rich at all
    passed = True
    # Closed at once however the loop ends, so that a large batch's workers stop with it.
    with progress_shown(unless_printed=True), closing(audit_all(files, rules, match_id)) as audits:
        progress.stage(Stage.AUDIT, len(files))
        for index, audited in enumerate(audits):
            progress.advance()
            passed = passed and audited.passed
            if audited.errors:
                sys.stdout.flush()  # keep the error next to the reports around it on a terminal
                sys.stderr.write("".join(f"{audited.name}: {in_language(error)}\n" for error in audited.errors))
            if listing:  # a report a line, each written as soon as it is made: a batch is never held whole
                sys.stdout.write(("[\n" if index == 0 else ",\n") + encode(audited.to_json()))
            elif as_json:
                sys.stdout.write(json_line(audited.to_json()))
            elif people is not None and audited.report is not None:
                _print_report(people, audited, ascii)
    if listing:
        sys.stdout.write("\n]\n")
    return passed, audited


def _enter(store: Store, match_id: int, audited: Audited, as_json: bool) -> None:
    """Enter the audited deal in the match (``--record``); exit 1 for a file that could not be audited."""
    from ..app.audit import record_audited

    if audited.report is None:
        raise typer.Exit(1)
    result = record_audited(store, match_id, audited)
    if as_json:
        from ..present.descriptions import notes_text

        say(notes_text(result.notes))
    else:
        show(result, False)


def _print_report(people: Console, audited: Audited, ascii: bool) -> None:
    # Imported here, when a report is shown: JSON for scripts needs none of Rich's layout.
    from rich.text import Text

    from ..present.audit_report import audit_report

    for part in audit_report(audited, ascii):
        people.print(part, soft_wrap=isinstance(part, Text))  # a sentence stays on its own line


def register(app: typer.Typer) -> None:
    app.command(cls=TranslatedCommand, rich_help_panel="Deal records")(refusals(audit))

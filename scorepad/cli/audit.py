"""``scorepad audit``: check deal records trick by trick, and enter one in a match."""

import gc
import os
import sys
from collections.abc import Generator, Iterator
from contextlib import closing, contextmanager
from typing import TYPE_CHECKING, Annotated, Union

import typer

from ..core.language import N_
from ..present.translation import in_language
from .common import console, json_line, open_store, refusals, say, show, use_ascii
from .completion import match_ids
from .helptext import TranslatedCommand
from .numbers import WHOLE

if TYPE_CHECKING:
    from rich.console import Console

    from ..app.audit import Audited

#: A report for stdout: the text Rich would write, when made in a worker; else the audit,
#: which Rich lays out as it writes it (on a legacy Windows console, through its API).
Report = Union[str, "Audited"]
#: What one file's audit writes: whether it passed, its lines for stderr, its report for stdout.
Written = tuple[bool, str, Report]
#: The fewest reports for people worth a worker process (app.batch.PART_FROM): Rich lays a report
#: out in some 5 ms, 25 times what its audit costs, and 40 reports take 30% less time over two
#: free cores than in one process, and some 7% more when another program keeps a core busy.
REPORTS_FROM = 20

FilesArg = Annotated[
    list[str], typer.Argument(metavar="FILE|-", help="Deal records to check; - reads one from standard input.")
]
MatchOpt = Annotated[
    int | None,
    typer.Option(
        "--match",
        "-m",
        metavar="ID",
        help="Check under this match's rules (with --record, default: the latest one used).",
        autocompletion=match_ids,
        parser=WHOLE,
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
    import json

    from ..app.audit import audit_source, match_rules, record_audited
    from ..app.batch import audit_batch
    from ..core.errors import RuleError

    if record and len(files) != 1:
        raise RuleError(N_("--record enters one deal: give exactly one record"))
    store, match_id, rules = None, None, None
    if match is not None or record:
        store = open_store()
        match_id, rules = match_rules(store, match)
    ascii = use_ascii()
    people = None if as_json else console()  # JSON for scripts needs no Rich at all
    if people is not None:
        from ..present import audit_report  # noqa: F401 - loaded once, before any worker is forked
    listing = as_json and len(files) > 1
    # As print_json, without its indent; a report is a tree, so the encoder need not look for cycles.
    encode = json.JSONEncoder(ensure_ascii=ascii, check_circular=False).encode

    here = os.getpid()  # a worker forked from this process audits in another

    def written(audited: "Audited") -> Written:
        """What one file's audit writes: whether it passed, its lines on stderr, its report on stdout.

        Made where the file is audited, in a worker process for most of a large batch: as
        text, but for a report for people made in this process, which Rich writes itself.
        """
        errors = "".join(f"{audited.name}: {in_language(error)}\n" for error in audited.errors)
        out: Report
        if listing:
            out = encode(audited.to_json())
        elif as_json:
            out = json_line(audited.to_json())
        elif audited.report is not None and people is not None:
            out = audited if os.getpid() == here else _report_text(people, audited, ascii)
        else:
            out = ""
        return audited.passed, errors, out

    passed = True
    with _start_up_left_alone():
        if record:
            audited = audit_source(files[0], rules, match_id)
            batch: Generator[Written, None, None] = (written(one) for one in [audited])
        else:
            batch = audit_batch(files, written, rules, match_id, part_from=None if as_json else REPORTS_FROM)
        with closing(batch):  # whatever stops the loop ends the batch's workers with it
            for index, (ok, errors, out) in enumerate(batch):
                passed = passed and ok
                if errors:
                    sys.stdout.flush()  # keep the error next to the reports around it on a terminal
                    sys.stderr.write(errors)
                if people is not None:
                    _write_report(people, out, ascii)
                    continue
                assert isinstance(out, str)  # JSON is made as text, here or in a worker
                if listing:
                    # Each report goes out as soon as this process has it, one per line: a batch
                    # of thousands is never held whole (a round's at most), and the C encoder
                    # does the work.
                    sys.stdout.write(("[\n" if index == 0 else ",\n") + out)
                else:
                    sys.stdout.write(out)
    if listing:
        sys.stdout.write("\n]\n")
    if record:
        if audited.report is None:
            raise typer.Exit(1)
        assert store is not None and match_id is not None  # --record opened the match above
        result = record_audited(store, match_id, audited)
        if as_json:
            from ..present.descriptions import notes_text

            say(notes_text(result.notes))
        else:
            show(result, False)
        return
    if not passed:
        raise typer.Exit(1)


@contextmanager
def _start_up_left_alone() -> Iterator[None]:
    """Keep the garbage collector off what start-up made while a batch is audited.

    Auditing makes hundreds of short-lived objects a record; each full collection
    would also walk the tens of thousands that importing Typer, Rich and scorepad
    made, which live to the end anyway (about 4% of a batch's time).
    """
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def _print_report(people: "Console", audited: "Audited", ascii: bool) -> None:
    # Imported here, when a report is shown: JSON for scripts needs none of Rich's layout.
    from rich.text import Text

    from ..present.audit_report import audit_report

    for part in audit_report(audited, ascii):
        people.print(part, soft_wrap=isinstance(part, Text))  # a sentence stays on its own line


def _report_text(people: "Console", audited: "Audited", ascii: bool) -> str:
    """The report as ``people`` would print it, escapes for a terminal's styles and all."""
    with people.capture() as captured:
        _print_report(people, audited, ascii)
    return captured.get()


def _write_report(people: "Console", report: "Report", ascii: bool) -> None:
    """Write a report as ``people.print`` would have: laid out here, or the text a worker made, flushed.

    A reader gone (``| head``) ends the command quietly, as every command (``refusals``).
    """
    if not isinstance(report, str):
        _print_report(people, report, ascii)
    elif report:
        people.file.write(report)
        people.file.flush()


def register(app: typer.Typer) -> None:
    app.command(cls=TranslatedCommand, rich_help_panel="Deal records")(refusals(audit))

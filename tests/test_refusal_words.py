"""The edge owns the words: a lower layer's refusal names no option and no command; the command line says them.

Each typed refusal carries its facts and a sentence a Python program reads;
the command line shows the sentence it always showed, naming what to type,
and in another language the translation it always had.
"""

from __future__ import annotations

import gettext
import json
import textwrap

import pytest

from scorepad.app import entering, export
from scorepad.app.errors import NoScores, RestTwice
from scorepad.cli.main import app
from scorepad.core.errors import TwoDecksNeeded
from scorepad.core.rules import RuleSet
from scorepad.present.translation import DOMAIN, catalog_folder
from scorepad.store.db import Store
from scorepad.store.errors import NoMatchYet
from tests.test_engine import BOB_LEADS_A_HEART
from tools import catalogs

NO_MATCH = "there is no match yet: start one with 'scorepad new --players A,B,C'"


def dutch(template: str, **fields: object) -> str:
    return gettext.translation(DOMAIN, catalog_folder(), languages=["nl"]).gettext(template).format(**fields)


def test_no_message_below_the_command_line_names_an_option_or_a_command():
    below = [
        (message.id, place)
        for message in catalogs.extract()
        for place, _ in message.locations
        if message.id and place.startswith(tuple(f"scorepad/{layer}/" for layer in ("core", "store", "app", "present")))
    ]
    assert below  # the check sees the lower layers' messages
    for text, place in below:
        for form in [text] if isinstance(text, str) else text:
            named = [word for word in catalogs.PLACEHOLDER.findall(form) if not word.startswith("{")]
            assert not named, f"{place}: {form!r} names {named}"


def test_a_python_program_reads_the_facts_and_no_command_line_words(store_path, tmp_path):
    store = Store(f"sqlite:///{store_path}")
    with pytest.raises(NoMatchYet) as no_match:
        entering.record_deal(store, None, {"Ann": 10})
    assert str(no_match.value) == "there is no match yet"
    with pytest.raises(TwoDecksNeeded) as seven:
        entering.new_match(store, list("ABCDEFG"), RuleSet.build())
    assert (seven.value.players, str(seven.value)) == (7, "7 players need two decks (Cancellation Black Maria)")
    entering.new_match(store, ["Ann", "Bob", "Cat"], RuleSet.build())
    with pytest.raises(NoScores, match=r"^no scores given$"):
        entering.record_deal(store, None, {})
    with pytest.raises(RestTwice, match=r"^the rest of the deal total stands for one score of a deal"):
        entering.record_deal(store, None, {"Ann": entering.REST, "Bob": entering.REST, "Cat": 10})
    taken = tmp_path / "taken.csv"
    taken.write_text("")
    with pytest.raises(export.WouldReplace) as exists:
        export.export(store, None, False, out=taken)
    assert (exists.value.path, str(exists.value)) == (taken, f"{taken} exists already")


@pytest.mark.parametrize(
    "setup, command, says",
    [
        ((), ("status",), NO_MATCH),
        (
            (),
            ("new", "--players", "A,B,C,D,E,F,G"),
            "7 players need two decks: give --decks 2 (Cancellation Black Maria)",
        ),
        (
            (),
            ("new", "--players", "Ann,Bob,Cat", "--rules", "classic", "--omnibus", "JD"),
            "the bonus card belongs to the omnibus preset: use --rules omnibus, not classic",
        ),
        (("new",), ("deal",), "no scores given: write NAME=POINTS for every player, or --renege NAME"),
        (
            ("new",),
            ("deal", "Ann=?", "Bob=?", "Cat=10"),
            "? stands for the rest of the deal total: give it once per deal, and every other score",
        ),
        (("new",), ("export", "--out", ""), "--out is empty: give a file, or a folder to write in"),
        (
            ("new",),
            ("export", "--layout", "sheet", "--all"),
            "--layout sheet is the CSV score sheet of one match: not with --all or --format json",
        ),
        (
            ("new",),
            ("export", "--out", "x.json"),
            "x.json is named like a JSON file, but the format is csv: give --format",
        ),
    ],
)
def test_the_command_line_says_what_to_type(cli, unchanged, setup, command, says):
    if setup:
        cli("new", "--players", "Ann,Bob,Cat")
    with unchanged():
        assert cli.refused(*command) == f"scorepad: {says}"


def test_a_fix_without_scores_asks_only_for_the_scores_that_change(cli, unchanged):
    cli("new", "--players", "Ann,Bob,Cat")
    cli("deal", "Ann=10", "Bob=13", "Cat=20")
    with unchanged():
        said = cli.refused("fix", "1")
    assert said == "scorepad: no scores given: write NAME=POINTS for each player whose score changes, or --renege NAME"


def test_a_store_with_no_match_yet_is_refused_in_the_same_words(cli, store_path):
    Store(f"sqlite:///{store_path}").open(create=True).close()
    assert cli.refused("status", "--match", "1") == "scorepad: there is no match 1"
    assert cli.refused("history") == f"scorepad: {NO_MATCH}"


def test_an_export_or_a_report_over_a_file_names_force(cli, tmp_path):
    cli("new", "--players", "Ann,Bob,Cat")
    for command, name in (("export", "deals.csv"), ("report", "page.html")):
        taken = tmp_path / name
        taken.write_text("earlier")
        said = cli.refused(command, "--out", taken)
        assert said == f"scorepad: {taken} exists: give --force to replace it, or another --out"
        assert taken.read_text() == "earlier"


def test_the_table_hears_its_own_command_again(cli):
    cli("new", "--players", "Ann,Bob,Cat")
    result = cli.runner.invoke(app, ["play"], input="again\n")
    assert result.exit_code == 1
    assert result.stderr.splitlines()[0] == "line 1: match 1 is not over: again starts a rematch once it is"


def test_a_record_that_breaks_a_rule_is_entered_with_scorepad_deal(cli, tmp_path, unchanged):
    cli("new", "--players", "Ann,Bob,Cat,Dan", "--first-dealer", "Dan")
    record = tmp_path / "deal.txt"
    record.write_text(textwrap.dedent(BOB_LEADS_A_HEART), encoding="utf-8")
    with unchanged():
        said = cli.refused("audit", record, "--record")
    assert said.startswith("scorepad: the record breaks 2 rules (trick 2: Bob led 4♥ before hearts were broken")
    assert said.endswith("): the table settles that first, then enters the deal with scorepad deal")


def test_doctor_tells_a_missing_store_as_every_command_refuses_it(cli):
    checks = json.loads(cli("doctor", "--json", code=1).stdout)["checks"]
    assert checks == [{"check": "opens", "ok": False, "detail": NO_MATCH}]
    assert NO_MATCH in cli("doctor", code=1).stdout


def test_in_dutch_the_translation_moved_with_the_message(cli, tmp_path):
    assert cli.refused("--lang", "nl", "status") == "scorepad: " + dutch(NO_MATCH)
    assert "'scorepad new --players A,B,C'" in dutch(NO_MATCH)  # the command, typed as it is
    cli("new", "--players", "Ann,Bob,Cat")
    taken = tmp_path / "deals.csv"
    taken.write_text("earlier")
    said = cli.refused("--lang", "nl", "export", "--out", taken)
    assert said == "scorepad: " + dutch("{path} exists: give --force to replace it, or another --out", path=taken)
    assert "--force" in said and "give" not in said


def test_inside_a_file_s_refusal_the_command_line_s_remedy_is_not_offered(cli, tmp_path):
    """A backup's match of seven with one deck is the file's fault: no option of import would mend it."""
    cli("new", "--players", "A,B,C,D,E,F", "--decks", "2")
    backup = tmp_path / "club.json"
    cli("export", "--format", "json", "--out", backup)
    data = json.loads(backup.read_text())
    data["matches"][0]["players"].append("G")
    data["matches"][0]["rules"]["decks"] = 1
    backup.write_text(json.dumps(data))
    said = cli.refused("--db", tmp_path / "other.db", "import", backup)
    assert said == f"scorepad: {backup}: match 1: 7 players need two decks (Cancellation Black Maria)"

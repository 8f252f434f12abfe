"""The table's language: messages from gettext catalogs, chosen by --lang or the locale; data never translated."""

from __future__ import annotations

import gettext
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from scorepad.cli.language_choice import choose
from scorepad.cli.main import app
from scorepad.present.translation import DOMAIN, LANGUAGES, catalog_folder, in_language
from tools import catalogs

SCOREPAD = Path(sys.executable).parent / "scorepad"
STORY = "Ann=10 Bob=10 Cat=23\nmisdeal\nstatus\nsheet\nrules\nAnn=13 Bob=13 Cat=17\nundo\nstatus\n"


def catalog(language: str) -> gettext.GNUTranslations:
    return gettext.translation(DOMAIN, catalog_folder(), languages=[language])


def run(*args: str, env: dict[str, str], input: str | None = None) -> subprocess.CompletedProcess:
    environment = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
    return subprocess.run(
        [str(SCOREPAD), *args], input=input, capture_output=True, text=True, env=environment | env, timeout=60
    )


@pytest.mark.parametrize("language", [code for code in LANGUAGES if code != "en"])
def test_every_message_is_translated_with_its_placeholders(language):
    assert catalogs.problems(language) == []


def test_the_template_holds_every_message_of_the_code():
    """Run ``python -m tools.catalogs extract`` after changing a message: this fails until then."""
    from babel.messages.pofile import read_po

    with catalogs.TEMPLATE.open("rb") as file:
        stored = {m.id for m in read_po(file) if m.id}
    assert {m.id for m in catalogs.extract() if m.id} == stored


@pytest.mark.parametrize("language", [code for code in LANGUAGES if code != "en"])
def test_a_table_story_in_each_language(cli, monkeypatch, tmp_path, language):
    """In process, the locale read as a user's shell sets it; the same story in English gives the same data."""

    def speak(code: str) -> None:
        monkeypatch.delenv("LANGUAGE", raising=False)
        monkeypatch.setenv("LANG", f"{code}_XX.UTF-8")

    def invoke(*args: str, input: str | None = None) -> str:
        result = cli.runner.invoke(app, list(args), input=input)
        assert result.exit_code == 0, result.stderr
        return result.stdout

    speak(language)
    invoke("new", "--players", "Ann,Bob,Cat")
    played = invoke("play", input=STORY)
    said = catalog(language).gettext
    assert said("Deal {number} of {deals}:").format(number=2, deals=9) in played
    assert said("Pass {count} cards right: {pairs}.").format(count=3, pairs="Ann → Cat, Bob → Ann, Cat → Bob") in played
    assert "Deal 2 of 9" not in played and "Pass 3 cards right" not in played
    status = invoke("status")
    assert said("{dealer} deals; {eldest} (eldest) leads the first trick.").format(dealer="Bob", eldest="Cat") in status
    assert "leads the first trick" not in status
    # Data for scripts is the same in every language, byte for byte.
    data = {}
    for code in (language, "en"):
        speak(code)
        data[code] = [
            invoke(*command)
            for command in (["status", "--json"], ["history", "--json"], ["rules", "--json"], ["matches", "--json"])
        ]
        data[code].append(invoke("play", "--json", input="status\nsheet\nrules\n"))
        for layout in ("long", "sheet"):
            path = tmp_path / f"{layout}-{code}.csv"
            invoke("export", "--layout", layout, "--out", str(path))
            data[code].append(path.read_text(encoding="utf-8"))
    assert data[language] == data["en"]


def test_a_dutch_table_through_the_installed_command(tmp_path):
    """The real process, with the locale of a Dutch terminal: no English sentence of the panel is left."""
    env = {"LANG": "nl_NL.UTF-8", "SCOREPAD_DB": str(tmp_path / "s.db")}
    assert run("new", "--players", "Ann,Bob,Cat", env=env).returncode == 0
    played = run("play", env=env, input=STORY)
    assert played.returncode == 0, played.stderr
    said = catalog("nl").gettext
    assert said("Deal {number} of {deals}:").format(number=2, deals=9) in played.stdout
    for english in ("Deal 2 of 9", "leads the first trick", "Pass 3 cards", "Player", "Total"):
        assert english not in played.stdout
    assert said("misdeal: {dealer} deals deal {number} again").format(dealer="Bob", number=2) in played.stderr


def test_the_help_is_in_the_language_too():
    said = catalog("nl").gettext
    text = run("new", "--help", env={"LANG": "nl_NL.UTF-8"}).stdout
    assert said("Start a match. Prints its id; the table's first steps go to stderr.") in " ".join(text.split())
    assert "scorepad new --players Ann,Bob,Cat" in text  # examples stay as written


def test_lang_beats_the_locale_and_other_languages_fall_back_to_english(tmp_path):
    env = {"LANG": "nl_NL.UTF-8", "SCOREPAD_DB": str(tmp_path / "s.db")}
    text = run("--lang", "it", "rules", "--players", "4", env=env).stdout
    slam = "Slam: none; a player who takes every penalty card scores {total}."
    assert "- " + catalog("it").gettext(slam).format(total=43) in text.splitlines()
    assert catalog("nl").gettext(slam).format(total=43) not in text
    german = run("rules", "--players", "4", env={"LANG": "de_DE.UTF-8"}).stdout
    assert "The deal passes to the left after every deal." in german
    refused = run("--lang", "de", "status", env={})
    assert refused.returncode == 2 and "en, it, pt, es, nl, sv" in refused.stderr


def test_the_placeholders_are_commands_and_fields_not_every_word_after_scorepad():
    text = "After every deal scorepad tells who deals; start with scorepad new --players {names}."
    assert sorted(catalogs.PLACEHOLDER.findall(text)) == ["--players", "scorepad new", "{names}"]


def test_the_placeholder_pattern_knows_every_command():
    import typer

    from scorepad.cli.commands import subcommands
    from scorepad.cli.main import app

    for name in subcommands(typer.main.get_command(app)):
        assert catalogs.PLACEHOLDER.fullmatch(f"scorepad {name}"), name


def test_a_refusal_reads_in_the_language_and_stays_english_as_data(cli, monkeypatch):
    from scorepad.core.errors import RuleError
    from scorepad.core.language import N_

    error = RuleError(N_("{player} does not play this deal"), player="Bob")
    choose("nl")
    assert str(error) == "Bob does not play this deal"  # what JSON and logs keep
    assert in_language(error) == catalog("nl").gettext("{player} does not play this deal").format(player="Bob")
    assert in_language(error) != str(error)
    choose("en")
    cli("new", "--players", "Ann,Bob,Cat")
    refused = cli("--lang", "nl", "deal", "Ann=50", "Bob=0", "Cat=0", code=1).stderr
    said = catalog("nl").gettext("the scores add up to {entered}, but this deal's add up to {total}")
    assert refused == f"scorepad: {said.format(entered=50, total=43)}\n"


USAGE_ERRORS = {
    (
        "bogus",
    ): "Usage: scorepad [OPTIONS] COMMAND [ARGS]...\nTry 'scorepad -h' for help.\n\nError: No such command 'bogus'.\n",
    (
        "rename",
        "Ann",
    ): "Usage: scorepad rename [OPTIONS] OLD NEW\nTry 'scorepad rename -h' for help.\n\nError: Missing argument 'NEW'.\n",
    (
        "status",
        "x",
        "y",
    ): "Usage: scorepad status [OPTIONS]\nTry 'scorepad status -h' for help.\n\nError: Got unexpected extra arguments (x y)\n",
    ("new", "--rules", "x"): "Usage: scorepad new [OPTIONS]\nTry 'scorepad new -h' for help.\n\n"
    "Error: Invalid value for '--rules': 'x' is not one of 'classic', 'slippery-anne', 'omnibus', 'spot-hearts', 'dirty-lady'.\n",
    ("deal", "--match"): "Error: Option '--match' requires an argument.\n",
}


@pytest.mark.parametrize("args", list(USAGE_ERRORS))
def test_click_s_usage_errors_read_in_the_language_and_stay_as_click_words_them_in_english(tmp_path, args):
    env = {"SCOREPAD_DB": str(tmp_path / "s.db")}
    english = run(*args, env=env | {"LANG": "en_GB.UTF-8"})
    assert (english.returncode, english.stderr) == (2, USAGE_ERRORS[args])
    dutch = run(*args, env=env | {"LANG": "nl_NL.UTF-8"})
    said = catalog("nl").gettext
    assert dutch.returncode == 2
    assert said("Error: {message}").split("{")[0] in dutch.stderr and "Error:" not in dutch.stderr
    for english_word in (
        "Usage:",
        "for help",
        "No such",
        "Missing",
        "unexpected",
        "Invalid",
        "is not one of",
        "requires",
    ):
        assert english_word not in dutch.stderr, dutch.stderr


def test_click_s_and_typer_s_words_in_the_help_are_in_the_language():
    said = catalog("sv").gettext
    text = run("--lang", "sv", "deal", "--help", env={}).stdout
    assert text.startswith(said("Usage:") + " scorepad deal")
    for word in ("Arguments", "Options", "Show this message and exit."):
        assert word not in text and said(word) in text
    assert said("env var: {var}").format(var="SCOREPAD_DB") in " ".join(
        run("--lang", "sv", "--help", env={}).stdout.split()
    )


def test_no_message_hides_in_an_f_string():
    """Babel reads no call inside an f-string: a message written there would never reach the catalog."""
    import ast

    hidden = []
    for path in sorted((catalogs.ROOT / "scorepad").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.JoinedStr):
                continue
            for call in ast.walk(node):
                if (
                    isinstance(call, ast.Call)
                    and isinstance(call.func, ast.Name)
                    and call.func.id in catalogs.KEYWORDS
                    and call.args
                    and isinstance(call.args[0], ast.Constant)
                ):
                    hidden.append(f"{path.relative_to(catalogs.ROOT)}:{call.lineno}")
    assert hidden == []


# Each kind of text below reads Dutch once the translators have the messages of issue 16's second part;
# until then these tests fail on purpose, where they check that the English is gone.


def test_a_split_refusal_is_worded_whole_in_dutch(cli):
    """The reason of "no real deal gives ..." is a phrase of phrases: lists, a possessive, each in the language."""
    nl = catalog("nl").gettext
    cli("new", "--players", "Ann,Bob,Cat,Dan")
    refused = cli("--lang", "nl", "deal", "Ann=6", "Bob=6", "Cat=6", "Dan=25", code=1).stderr
    reason = nl("nobody on {scores} can have taken {cards}, and the three make {worth}, more than {holders}")
    reason = reason.format(
        scores=6,
        cards=nl("{names} or {last}").format(names="V♠, H♠", last="A♠"),  # the Dutch letters
        worth=30,
        holders=nl("{player}'s {points}").format(player="Dan", points=25),
    )
    said = nl("no real deal gives {scores}: {reason}").format(scores="Ann 6, Bob 6, Cat 6, Dan 25", reason=reason)
    assert refused == f"scorepad: {said}\n"
    assert "nobody on 6" not in refused


def test_a_record_that_cannot_be_read_says_so_in_dutch_with_the_language_s_plural():
    from scorepad.core.errors import RecordErrors
    from scorepad.core.record import parse_record

    with pytest.raises(RecordErrors) as caught:
        parse_record("players: Ann Bob Cat\ndealer: Ann\n1. XX\n2. 2C 3C 4C\n3. 5C YY\n")
    error = caught.value
    nl = catalog("nl")
    choose("nl")
    english = "line 3: trick 1: not a card: 'XX' (write e.g. QS, Q♠, 10H or TH) (and 1 more)"
    assert str(error) == english  # what audit --json keeps as the file's "error"
    # A deal record is written in English letters in every language: so are the examples of how to write a card.
    examples = nl.gettext("{names} or {last}").format(names="QS, Q♠, 10H", last="TH")
    card = nl.gettext("not a card: {text} (write e.g. {examples})").format(text="'XX'", examples=examples)
    trick = nl.gettext("trick {number}: {problem}").format(number=1, problem=card)
    more = nl.ngettext("line {line}: {problem} (and {count} more)", "line {line}: {problem} (and {count} more)", 1)
    assert in_language(error) == more.format(line=3, problem=trick, count=1)
    assert in_language(error) != english


def test_an_audit_tells_its_breaches_in_dutch_and_keeps_them_english_in_json(cli, tmp_path):
    from textwrap import dedent

    from tests.test_engine import BOB_RENEGES

    record = tmp_path / "deal.txt"
    record.write_text(dedent(BOB_RENEGES), encoding="utf-8")
    english = "trick 5: Bob played 3♦ on a club lead while holding 7♣, which they played in trick 9"
    data = cli("--lang", "nl", "audit", str(record), "--json", code=1).stdout
    assert [breach["message"] for breach in json.loads(data)["breaches"]] == [english]
    nl = catalog("nl").gettext
    held = nl("{card}, which they played in trick {trick}").format(card="7♣", trick=9)
    renege = nl("{player} played {card} on a club lead while holding {held}").format(player="Bob", card="3♦", held=held)
    report = cli("--lang", "nl", "audit", str(record), code=1).stdout
    assert nl("trick {number}: {problem}").format(number=5, problem=renege) + "." in report.splitlines()
    assert english not in report


def test_a_pipe_s_refused_line_and_its_count_read_dutch(cli):
    cli("new", "--players", "Ann,Bob,Cat")
    result = cli.runner.invoke(app, ["--lang", "nl", "play"], input="Ann=10,13\nAnn=10 Bob=10 Cat=23\n")
    assert result.exit_code == 1
    nl = catalog("nl")
    comma = nl.gettext("separate the scores with spaces, not commas: {text}").format(text="'Ann=10,13'")
    first, *_lines, summary = result.stderr.splitlines()
    assert first == nl.gettext("line {line}: {problem}").format(line=1, problem=comma)
    refused = nl.ngettext("{count} refused", "{count} refused", 1).format(count=1)
    assert f", {refused};" in summary
    assert "separate the scores" not in first and "1 refused" not in summary


def test_a_number_option_is_refused_in_dutch(cli):
    refused = cli("--lang", "nl", "status", "--match", "３", code=2).stderr
    nl = catalog("nl").gettext
    said = nl("{what} is written with the digits 0 to 9: {text} has {characters}").format(
        what=nl("a number"), text="'３'", characters="U+FF13 FULLWIDTH DIGIT THREE"
    )
    assert said in " ".join(refused.split())
    assert "is written with the digits" not in refused


def test_the_html_report_is_dutch_for_a_dutch_club(cli, tmp_path):
    from html import escape

    cli("new", "--players", "Ann,Bob,Cat")
    cli("deal", "Ann=10", "Bob=10", "Cat=23")
    page = tmp_path / "report.html"
    cli("--lang", "nl", "report", "--out", str(page))
    text = page.read_text(encoding="utf-8")
    assert '<html lang="nl">' in text
    nl = catalog("nl").gettext
    for heading in ("Standings", "Running totals", "Place", "Note"):
        assert f">{escape(nl(heading))}<" in text
        assert f">{heading}<" not in text


def test_the_root_help_follows_the_locale_too():
    said = catalog("nl").gettext
    text = " ".join(run("--help", env={"LANG": "nl_NL.UTF-8"}).stdout.split())
    assert said("Keep score of Black Maria at a real table: every entry is checked against the rules.") in text


def test_the_board_s_page_and_its_404_are_in_the_language():
    from scorepad.present.board import page
    from scorepad.web.routes import not_found

    choose("nl")
    said = catalog("nl").gettext
    assert f"<title>{said('Club night board')} · scorepad</title>" in page() and '<html lang="nl">' in page()
    assert not_found().status_code == 404 and not_found().body == said("Not Found").encode()
    choose("pt")
    assert '<html lang="pt-BR">' in page()


@pytest.mark.parametrize("named", ["pt", "pt_BR", "pt-BR", "PT_br"])
def test_brazilian_portuguese_is_chosen_by_its_code_or_its_locale(cli, tmp_path, named):
    cli("new", "--players", "Ann,Bob,Cat")
    page = tmp_path / "report.html"
    cli("--lang", named, "report", "--out", str(page))
    assert '<html lang="pt-BR">' in page.read_text(encoding="utf-8")
    said = cli("--lang", named, "rules", "--players", "4").stdout
    assert catalog("pt").gettext("Rules of {preset} for {count} players").format(preset="clássica", count=4) in said


def test_a_brazilian_locale_chooses_brazilian_portuguese(cli, monkeypatch):
    monkeypatch.delenv("LANGUAGE")
    monkeypatch.setenv("LANG", "pt_BR.UTF-8")
    choose()
    from scorepad.present.translation import language, spoken

    assert spoken() == "pt" and language().tag == "pt-BR"

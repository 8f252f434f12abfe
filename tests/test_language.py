"""The table's language: messages from gettext catalogs, chosen by --lang or the locale; data never translated."""

from __future__ import annotations

import gettext
import os
import subprocess
import sys
from pathlib import Path

import pytest

from scorepad.cli.main import app
from scorepad.core.language import DOMAIN, LANGUAGES, LOCALE_DIR
from tools import catalogs

SCOREPAD = Path(sys.executable).parent / "scorepad"
STORY = "Ann=10 Bob=10 Cat=23\nmisdeal\nstatus\nsheet\nrules\nAnn=13 Bob=13 Cat=17\nundo\nstatus\n"


def catalog(language: str) -> gettext.GNUTranslations:
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[language])


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

    from scorepad.cli.main import app

    for name in typer.main.get_command(app).commands:  # type: ignore[attr-defined]
        assert catalogs.PLACEHOLDER.fullmatch(f"scorepad {name}"), name


def test_a_refusal_reads_in_the_language_and_stays_english_as_data(cli, monkeypatch):
    from scorepad.core.errors import RuleError
    from scorepad.core.language import N_, use

    error = RuleError(N_("{player} does not play this deal"), player="Bob")
    use("nl")
    assert str(error) == "Bob does not play this deal"  # what JSON and logs keep
    assert error.localized() == catalog("nl").gettext("{player} does not play this deal").format(player="Bob")
    assert error.localized() != str(error)
    use("en")
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
    ): "Usage: scorepad rename [OPTIONS] {OLD} {NEW}\nTry 'scorepad rename -h' for help.\n\nError: Missing argument 'NEW'.\n",
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

"""Every table in its own words (issue 25): play's commands, Click's words and placeholders, preset names.

A story played in a language's own command words reads in that language from
end to end: a word of the same story in English is found there only if that
language's catalog uses it too, or it is a player's name; and no card is typed
in English letters where the country's decks print others.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace

import pytest

from scorepad.cli.command_words import Verb, command_word, folded, table_words, words_of
from scorepad.cli.language_choice import choose
from scorepad.cli.main import app
from scorepad.cli.protocol import COMMANDS, parse_line
from scorepad.cli.scores import looks_like_a_score
from scorepad.core.cards import ENGLISH, Card
from scorepad.core.languages import LANGUAGES as TABLES
from scorepad.present.translation import LANGUAGES, card_text
from tools import catalogs

from .test_language import catalog
from .test_play import TIMEOUT, environment, terminal

OTHERS = [code for code in LANGUAGES if code != "en"]
PLAYERS = {"en": "Ann,Bob,Cat", "it": "Anna,Bruno,Carla", "pt": "Ana,Bruno,Carla"}
PLAYERS |= {"es": "Ana,Beto,Carmen", "nl": "Anke,Bert,Cor", "sv": "Anna,Bo,Cecilia"}


@pytest.fixture
def speaking():
    """``speaking(code)`` chooses a language for the test's own calls, and English again after it."""
    yield choose
    choose("en")


def words(text: str) -> set[str]:
    return {word.casefold() for word in re.findall(r"[^\W\d_]+", text)}


def own_words(language: str) -> set[str]:
    """Every word the language's catalog uses, but for the options, fields and commands it keeps as typed,
    and its words for play's commands."""
    from babel.messages.pofile import read_po

    with catalogs.po_path(language).open("rb") as file:
        translated = read_po(file, locale=language)
    found = words(" ".join(words_of(TABLES[language])))
    for message in translated:
        for string in [message.string] if isinstance(message.string, str) else message.string:
            found |= words(catalogs.PLACEHOLDER.sub(" ", string or ""))
    return found


# --- the words ------------------------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_language_has_a_word_a_table_types_for_every_command(language):
    table = words_of(TABLES[language])
    assert set(table.values()) == set(Verb)  # seat too, which its own branch wires into COMMANDS
    keys = [folded(word) for word in table]
    assert len(set(keys)) == len(keys), "two words of one language read as one"
    english = {folded(word): verb for word, verb in words_of(TABLES["en"]).items()}
    for word, verb in table.items():
        assert re.fullmatch(r"[^\W\d_]+", word) and word == word.lower(), word  # one word, lower case
        assert english.get(folded(word), verb) is verb, f"{word} is English for another command"
        assert not looks_like_a_score(word) and not looks_like_a_score(folded(word)), word
    if language != "en":
        shown = [word for word, verb in table.items() if verb is Verb.SHEET]
        assert len(shown) == 2, "the sheet has a second word, as scorepad history names it in English"


@pytest.mark.parametrize("language", OTHERS)
def test_the_table_s_words_and_the_english_ones_read_the_same_with_or_without_accents(language, speaking):
    speaking(language)
    for verb in COMMANDS:
        word = command_word(verb)
        line = {Verb.RENEGE: " Bob", Verb.FIX: " 2 Ann=13 Bob=10 Cat=20", Verb.SEAT: " Bob Eve"}.get(verb, "")
        read = parse_line(word + line)
        assert read == parse_line(verb.value + line) == parse_line(folded(word).upper() + line)
    english_renege = parse_line(f"{command_word(Verb.FIX)} 2 renege Bob")
    assert english_renege == parse_line(f"fix 2 {command_word(Verb.RENEGE)} Bob")


def test_a_word_typed_without_its_accents_is_the_word(speaking):
    speaking("pt")
    assert parse_line("classificacao") is Verb.STATUS is parse_line("Classificação")
    speaking("sv")
    assert parse_line("angra") == parse_line("Ångra") == parse_line("undo")
    assert parse_line("hjalp") is Verb.HELP


@pytest.mark.parametrize("language", OTHERS)
def test_help_tab_and_refusals_show_the_table_s_words_with_the_match_s_players(language, speaking):
    from scorepad.cli.play import completions
    from scorepad.cli.protocol import help_text
    from scorepad.core.errors import NotationError
    from scorepad.present.translation import in_language

    speaking(language)
    players = PLAYERS[language].split(",")
    own = list(table_words())
    listed = help_text(players).splitlines()
    assert listed[0].split()[0] == f"{players[0]}=10"
    typed = [line.split()[0] for line in listed[3:]]
    assert typed == [command_word(verb) for verb in COMMANDS]
    assert listed[3].split()[1] == players[1] and f"{players[0]}=13" in listed[6]
    english = {word for word in words_of(TABLES["en"]) if folded(word) not in map(folded, own)}
    assert not words("\n".join(listed)) & english, listed
    offered = completions([], players, "")
    assert [word.strip() for word in offered[: len(own)]] == own and offered[len(own) :] == [f"{p}=" for p in players]
    with pytest.raises(NotationError) as refused:
        parse_line("xyz")
    assert in_language(refused.value).endswith(", ".join(own) + ")")


@pytest.mark.parametrize("language", LANGUAGES)
def test_help_s_substitute_is_the_usage_line_s_new_for_a_player_of_the_match(language, speaking):
    """Not Eve for Bob: the seat line names a seated player, and NEW as ``seat``'s usage line says it."""
    from scorepad.cli.protocol import help_text
    from scorepad.core.errors import NotationError
    from scorepad.present.translation import _, in_language

    speaking(language)
    players, seat = PLAYERS[language].split(","), command_word(Verb.SEAT)
    line = next(line for line in help_text(players).splitlines() if line.split()[0] == seat)
    typed, does = re.split(r"\s{2,}", line.strip())
    assert typed == f"{seat} {players[1]} {_('NEW')}"
    assert players[1] in does and _("NEW") in does and "Eve" not in line, line
    with pytest.raises(NotationError) as refused:
        parse_line(f"{seat} {players[1]}")
    assert f"{seat} {_('OLD')} {_('NEW')}" in in_language(refused.value)


@pytest.mark.parametrize("language", LANGUAGES)
def test_play_s_help_lists_the_commands_from_the_table_play_reads_them_with(cli, language, monkeypatch):
    """Both paragraphs of ``play --help`` list every command as the table types it, and follow the table."""
    said = catalog(language).gettext if language != "en" else str
    name, score = said("NAME"), said("SCORE")
    takes = {Verb.RENEGE: name, Verb.FIX: f"N {name}={score}...", Verb.SEAT: f"{said('OLD')} {said('NEW')}"}
    renamed = {("enough" if verb is Verb.QUIT else word): verb for word, verb in words_of(TABLES[language]).items()}
    changed = replace(TABLES[language], words={word: verb.value for word, verb in renamed.items()})
    monkeypatch.setitem(TABLES, language, changed)  # a word changed in the table is a word changed in help
    first: dict[Verb, str] = {}
    for word, verb in renamed.items():
        first.setdefault(verb, word)
    listed = ", ".join(f"{first[verb]} {takes[verb]}" if verb in takes else first[verb] for verb in COMMANDS)
    shown = " ".join(cli("--lang", language, "play", "--help").stdout.split())
    assert shown.count(listed) == 2 and listed.endswith(", enough"), shown


@pytest.mark.parametrize("language", LANGUAGES)
def test_seat_s_help_names_the_command_that_takes_a_change_of_seat_back(cli, language):
    """``scorepad undo``, whole, as a command is typed: the catalog check keeps it in every language."""
    shown = " ".join(cli("--lang", language, "seat", "--help").stdout.split())
    assert "(scorepad seat" in shown and "scorepad undo" in shown, shown


# --- a story in each language ---------------------------------------------------------------


def story(players: list[str]) -> str:
    """A deal, corrections and every command that writes nothing, in the language in use; three refused lines.

    The deal gives its last player the queen and king of spades in the cards the country's decks print
    (``Cor=VS,HS`` in Dutch, ``Cecilia=DS,KS`` in Swedish).
    """
    a, b, c = players
    word = {verb: command_word(verb) for verb in COMMANDS}
    spades = ",".join(card_text(Card.parse(card), ascii=True) for card in ("QS", "KS"))
    lines = [
        f"{a}=10 {b}=10 {c}={spades}",
        f"{word[Verb.FIX]} 1 {a}=13 {b}=7 {c}=23",
        f"{word[Verb.FIX]} 1 {word[Verb.RENEGE]} {b}",
        word[Verb.UNDO],
        word[Verb.MISDEAL],
        word[Verb.STATUS],
        word[Verb.SHEET],
        word[Verb.RULES],
        word[Verb.HELP],
        "xyz",
        word[Verb.FIX],
        f"{word[Verb.UNDO]} 2",
        word[Verb.QUIT],
    ]
    return "\n".join(lines) + "\n"


def played(cli, language: str) -> tuple[str, dict]:
    """The story played from a pipe in ``language``: what it printed, and the match it left."""
    cli("--lang", language, "new", "--players", PLAYERS[language])
    choose(language)
    lines = story(PLAYERS[language].split(","))
    result = cli.runner.invoke(app, ["--lang", language, "play"], input=lines)
    assert result.exit_code == 1 and "Traceback" not in result.stdout + result.stderr, result.stderr
    choose("en")
    return result.stdout + result.stderr, cli.json("status")


@pytest.mark.parametrize("language", OTHERS)
def test_a_story_in_the_table_s_words_leaves_no_english_word(cli, store_path, tmp_path, language):
    said, status = played(cli, language)
    assert status["totals"] == dict(zip(PLAYERS[language].split(","), (13, 7, 23), strict=True))
    assert status["deals_played"] == 1  # the renege was taken back, the misdeal voids the next deal
    for line in (2, 3, 4, 5, 10, 11, 12):  # what each line that wrote noted, and each refusal
        assert re.search(rf"^\S+ {line}: ", said, re.MULTILINE), line

    store_path.rename(tmp_path / f"{language}.db")
    english, _ = played(cli, "en")
    typed = words(PLAYERS[language]) | words(PLAYERS["en"]) | {"xyz"}
    left = (words(said) & words(english)) - own_words(language) - typed
    assert not left, f"English left in {language}: {sorted(left)}\n{said}"
    commands = {folded(word) for word in words_of(TABLES["en"])} - {folded(word) for word in words_of(TABLES[language])}
    assert not words(said) & commands, said
    assert not english_cards(said, language), said


def english_cards(said: str, language: str) -> list[str]:
    """The cards ``said`` types in English letters that the language's decks print otherwise (``QS`` in Dutch):
    a catalog may hold ``QS`` somewhere, so the story's check of words alone lets them through."""
    letters = TABLES[language].letters
    return [
        typed
        for typed in re.findall(r"\b[0-9A-Z]{2,3}\b", said)
        if ENGLISH.read(typed) not in (None, letters.read(typed))
    ]


@terminal
def test_a_dutch_table_at_the_terminal_reads_its_own_commands_and_no_english(cli):
    import io

    import pexpect

    from .test_play import SCOREPAD

    cli("new", "--players", "Anke,Bert,Cor", "--deals", "3")
    seen = io.StringIO()
    child = pexpect.spawn(
        str(SCOREPAD), ["--lang", "nl", "--ascii", "play"], env=environment(), encoding="utf-8", timeout=TIMEOUT
    )
    child.logfile_read = seen
    nl = catalog("nl").gettext
    welcome = nl("Enter the deal's scores as NAME=SCORE for each player, or in seat order; {help} lists the rest.")
    child.expect_exact(welcome.format(help="hulp").rsplit("; ", 1)[1])  # its end: the line wraps at 80 columns
    child.send("hu\t\n")  # Tab completes the table's own word
    child.expect_exact("verzaakt Bert")
    child.expect_exact("herstel 2 Anke=13 Bert=10 ...")
    for number, deal in enumerate(("10 10 23", "13 13 17", "7 13 23"), start=1):
        child.expect_exact(nl("deal {number}").format(number=number) + "> ")
        child.sendline(deal)
    over = nl("The match is over: {again} starts a rematch; {undo} takes back the last change; {quit} leaves.")
    child.expect_exact(over.format(again="revanche", undo="terug", quit="stop").split(", ")[0])
    child.expect_exact(nl("over") + "> ")
    child.sendline("stop")
    child.expect_exact(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0, seen.getvalue()
    left = words(seen.getvalue()) - own_words("nl") - words("Anke Bert Cor")
    assert not left, f"not Dutch: {sorted(left)}\n{seen.getvalue()}"


# --- Click's and Typer's words, and the placeholders of what is typed -----------------------


@pytest.mark.parametrize("language", OTHERS)
def test_a_usage_error_and_its_suggestion_read_in_the_language(cli, language):
    said = catalog(language).gettext
    refused = cli("--lang", language, "nwe", code=2).stderr
    usage = said("Usage:") + f" scorepad [{said('OPTIONS')}] {said('COMMAND')} [{said('ARGS')}]..."
    assert refused.startswith(usage + "\n")
    unknown = said("No such command {name!r}.").format(name="nwe")
    assert said("{message} Did you mean {suggestions}?").format(message=unknown, suggestions="'new'") in refused
    missing = cli("--lang", language, "rename", "Ann", code=2).stderr
    assert said("Missing argument {parameter}.").format(parameter=f"'{said('NEW')}'") in missing
    assert missing.splitlines()[0].endswith(f"] {said('OLD')} {said('NEW')}")
    for english in ("Did you mean", "OPTIONS", "COMMAND", "ARGS", "NEW"):
        assert english not in refused + missing or said(english) == english, english


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_required_argument_is_written_bare_in_the_usage_line_as_click_writes_it(cli, language):
    """``seat OLD NEW``: braces would read as a choice, as Click's own ``{a|b}`` does."""
    said = catalog(language).gettext if language != "en" else str
    options = f"[{said('OPTIONS')}]"
    usage = cli("--lang", language, "seat", "--help").stdout.splitlines()[0]
    assert usage == f"{said('Usage:')} scorepad seat {options} {said('OLD')} {said('NEW')}"
    usage = cli("--lang", language, "fix", "--help").stdout.splitlines()[0]
    assert usage == f"{said('Usage:')} scorepad fix {options} N [{said('NAME')}={said('SCORE')}...]"


@pytest.mark.parametrize("language", OTHERS)
def test_the_help_s_placeholders_read_in_the_language(cli, language):
    said = catalog(language).gettext
    name, score, text = said("NAME"), said("SCORE"), said("str")
    deal = cli("--lang", language, "deal", "--help").stdout
    assert deal.startswith(f"{said('Usage:')} scorepad deal [{said('OPTIONS')}] [{name}={score}...]\n")
    assert f"  {name}={score}..." in deal and f"--renege {name} " in deal and "--match ID " in deal
    new = cli("--lang", language, "new", "--help").stdout
    assert f"--players <{text}>" in new and f"--cut {name}={said('CARD')},..." in new
    classic = "-".join(said("classic").casefold().split())  # a preset is typed as its headers name it
    assert f"<{classic}|slippery-anne|omnibus|spot-hearts|dirty-lady>" in new
    if name != "NAME":
        assert "NAME" not in deal + new and "<str>" not in new


@pytest.mark.parametrize("language", OTHERS)
def test_messages_name_the_placeholders_as_the_usage_lines_do(language):
    """A message that shows NAME=SCORE shows it as the usage line of its language does."""
    from babel.messages.pofile import read_po

    from scorepad.cli.clickwords import PLACEHOLDERS

    said = catalog(language).gettext
    capitals = [word for word in PLACEHOLDERS if word.isupper()]
    with catalogs.po_path(language).open("rb") as file:
        translated = read_po(file, locale=language)
    for message in translated:
        if not message.id or message.id in PLACEHOLDERS or not isinstance(message.string, str):
            continue
        for word in capitals:
            if re.search(rf"(?<![\w-]){word}(?![\w-])", message.id):
                assert said(word) in message.string, (word, message.string)
                if said(word) != word:
                    assert not re.search(rf"(?<![\w-]){word}(?![\w-])", message.string), (word, message.string)


def test_the_comments_of_the_help_s_examples_read_in_the_language(cli):
    english = cli("audit", "--help").stdout
    dutch = cli("--lang", "nl", "audit", "--help").stdout
    nl = catalog("nl").gettext
    example = [line for line in english.splitlines() if " # " in line or line.lstrip().startswith("# ")]
    assert len(example) == 7
    for line in example:
        typed, _, comment = line.partition("# ")
        assert f"{typed}# {nl(comment)}" in dutch.splitlines()  # what is typed, and where the comment starts, kept
        assert nl(comment) != comment


def test_the_audit_s_heading_says_the_rules_in_the_language(cli, tmp_path):
    from textwrap import dedent

    from tests.test_engine import BOB_RENEGES

    record = tmp_path / "deal.txt"
    record.write_text(dedent(BOB_RENEGES), encoding="utf-8")
    english = cli("audit", str(record), code=1).stdout.splitlines()[0]
    assert english.endswith("classic hearts=broken slam=off pass=right")  # the record's own notation
    dutch = cli("--lang", "nl", "audit", str(record), code=1).stdout.splitlines()[0]
    nl = catalog("nl").gettext
    assert dutch.endswith(", ".join((nl("classic"), nl("hearts broken"), nl("no slam"), nl("pass right"))))
    assert "=" not in dutch


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_report_s_tie_break_names_each_round_once(cli, tmp_path, language):
    """Each item says its round ("Beslissingsspel 1 (spel 4, ...)"): a numbered list would say it twice."""
    said = catalog(language).gettext if language != "en" else str
    cli("new", "--players", "Ann,Bob,Cat", "--deals", "3")
    for _deal in range(3):
        cli("deal", "Ann=10", "Bob=10", "Cat=23")
    cli("deal", "Ann=20", "Bob=23")  # Ann and Bob tied on 30: Ann wins the tie-break
    cli("--lang", language, "report", "--out", tmp_path / "report.html")
    page = (tmp_path / "report.html").read_text(encoding="utf-8")
    section = page.split(f"<h2>{said('Tie-break')}</h2>")[1].split("</section>")[0]
    item = said("Round {round} (deal {number}, dealt by {dealer}): {scores}")
    assert section == "<ul><li>" + item.format(round=1, number=4, dealer="Ann", scores="Ann 20, Bob 23") + "</li></ul>"


# --- the presets' names ---------------------------------------------------------------------


def test_a_preset_is_named_in_the_language_where_people_read_it_and_typed_as_it_is(cli):
    cli("new", "--players", "Anke,Bert,Cor", "--rules", "classic")
    cli("new", "--players", "Anke,Bert,Cor", "--rules", "dirty-lady")
    cli("deal", "10", "10", "16")
    nl = catalog("nl").gettext
    assert nl("classic") == "klassiek" and nl("dirty-lady") == "Dirty Lady"
    assert cli("--lang", "nl", "status").stdout.splitlines()[0].split(", ")[1] == "Dirty Lady"
    assert "dirty-lady" in cli("--lang", "en", "status").stdout.splitlines()[0]  # English as it always was
    assert cli("--lang", "nl", "rules", "--match", "1").stdout.startswith(
        nl("Rules of match {match}{name}: {preset}, {players}").format(
            match=1, name="", preset="klassiek", players="Anke, Bert, Cor"
        )
    )
    listed = cli("--lang", "nl", "matches").stdout
    assert "klassiek" in listed and "Dirty Lady" in listed and "classic" not in listed
    assert (
        nl("Players, {preset} matches").format(preset="Dirty Lady")
        in cli("--lang", "nl", "stats", "--preset", "dirty-lady").stdout
    )
    assert cli.json("--lang", "nl", "status")["rules"]["preset"] == "dirty-lady"  # data keeps the value


@pytest.mark.parametrize("language, mark", [("en", "R"), ("nl", "X"), ("sv", "F"), ("it", "R")])
def test_the_history_marks_a_renege_with_a_letter_of_the_table_s_own_and_its_key_says_so(cli, language, mark):
    first, second, _third = PLAYERS[language].split(",")
    cli("--lang", language, "new", "--players", PLAYERS[language])
    cli("deal", "--renege", second)
    shown = " ".join(re.sub("[│┃]", " ", cli("--lang", language, "history").stdout).split())
    assert f" 0 (0) 43 {mark} (43) 0 (0) " in f" {shown} ", shown
    key = "deal scores with running totals in brackets; {mark}: renege; tie-break points do not count"
    assert (key if language == "en" else catalog(language).gettext(key)).format(mark=mark) in shown
    assert first in shown


@pytest.mark.parametrize("language", OTHERS)
def test_help_shows_the_values_of_a_choice_in_the_language_and_both_are_read(cli, language):
    """``--pass <right|left|rotate>`` reads ``<höger|vänster|växlande>`` in Swedish help; either word is typed."""
    from scorepad.cli.clickwords import CHOICE_WORDS, choice_word

    said = catalog(language).gettext
    choose(language)
    words = {value: choice_word(value) for value in CHOICE_WORDS}
    for value, word in words.items():
        assert said(CHOICE_WORDS[value]) == f"{CHOICE_WORDS[value].split()[0]} {word}" and word.islower()
    for option, values in {"--hearts": ("broken", "anytime"), "--pass": ("right", "left", "rotate")}.items():
        assert len({words[value] for value in values}) == len(values), (language, option)  # no two alike
    new = cli("--lang", language, "new", "--help").stdout
    assert f"--hearts <{words['broken']}|{words['anytime']}>" in new
    assert f"--pass <{words['right']}|{words['left']}|{words['rotate']}>" in new
    classic = said("classic")
    assert "(default: classic)" not in new and classic in new.replace("\n", " ")
    night = cli("--lang", language, "night", "new", "--help").stdout
    assert f"--movement {words['stay']} --name {said('Tuesday')}" in night and said("Tuesday") != "Tuesday"
    flat = " ".join(night.split())
    for default in ("progressive", "random"):  # a default is shown as the language types it
        assert f"{said('default: {default}').format(default=words[default])}]" in flat, (language, default)
        assert f"{said('default: {default}').format(default=default)}]" not in flat
    for typed in (
        ("--rules", "-".join(classic.casefold().split()), "--hearts", words["anytime"], "--pass", words["left"]),
        ("--rules", "classic", "--hearts", "anytime", "--pass", "left"),  # the English values are read too
    ):
        rules = json.loads(cli("--lang", language, "rules", *typed, "--players", "4", "--json").stdout)["rules"]
        assert (rules["preset"], rules["hearts"], rules["pass"]) == ("classic", "anytime", "left")
    wrong = cli("--lang", language, "rules", "--pass", "sideways", "--players", "4", code=2).stderr
    assert repr(words["rotate"]) in wrong and "'rotate'" not in wrong


@pytest.mark.parametrize(("language", "omnibus"), [("nl", "BR|10R"), ("sv", "KnR|10R"), ("it", "JD|10D")])
def test_help_writes_the_cards_of_an_option_in_the_deck_s_letters(cli, language, omnibus):
    new = cli("--lang", language, "new", "--help").stdout
    assert f"--omnibus {omnibus}" in new
    assert f"--omnibus {omnibus.split('|')[1]} " in new  # the example too
    assert "hand Ann: 7S 4S JD" in cli("--lang", language, "audit", "--help").stdout  # a deal record stays English

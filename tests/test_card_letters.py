"""Cards in the table's words (README.md, "Languages"): typed and shown as the decks of the language's country print them.

A Dutch table types ``Anke=VS,HS,AS`` and reads ``V♠ H♠ A♠`` (``VS HS AS``
with ``--ascii``); a Swedish one types ``KnK`` and ``E♥``. The English letters
and the suit symbols are read in every language, and JSON, CSV, backups and
deal records keep ``QS``. Each test words the expected sentence from the
catalog itself, and checks that the English card is gone.
"""

from __future__ import annotations

import gettext
import io
import json
import re
from pathlib import Path
from textwrap import dedent

import pytest
from rich.console import Console

from scorepad.cli.language_choice import choose
from scorepad.cli.main import app
from scorepad.core.cards import ENGLISH, Card, Letters, card
from scorepad.core.errors import NotationError
from scorepad.core.languages import LANGUAGES as TABLES
from scorepad.present.translation import (
    DOMAIN,
    LANGUAGES,
    card_letters,
    card_text,
    catalog_folder,
    in_language,
)

from .test_engine import BOB_RENEGES

DUTCH, SWEDISH = TABLES["nl"].letters, TABLES["sv"].letters
#: A deck whose letters clash with the English ones (French: roi, dame, valet; pique, cœur, carreau, trèfle):
#: its C is the heart suit, where the English C is the club suit.
FRENCH = Letters("A R D V", "P C K T")
GLOSSARY = Path(__file__).resolve().parents[1] / "docs" / "glossary.md"


def said(language: str):
    """The catalog's word for a message in ``language``."""
    return gettext.translation(DOMAIN, catalog_folder(), languages=[language]).gettext


# --- the reader ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "letters, typed, meant",
    [
        (DUTCH, "VS", "QS"),
        (DUTCH, "HS", "KS"),
        (DUTCH, "KS", "KS"),  # koning, the other name of the heer
        (DUTCH, "AS", "AS"),
        (DUTCH, "10R", "10D"),
        (DUTCH, "bk", "JC"),
        (DUTCH, "V♠", "QS"),
        (DUTCH, "QS", "QS"),  # the English letters, understood everywhere
        (DUTCH, "TH", "10H"),
        (SWEDISH, "KnK", "JC"),
        (SWEDISH, "kn♣", "JC"),
        (SWEDISH, "E♥", "AH"),
        (SWEDISH, "AH", "AH"),  # A for the ess, as on some Swedish decks
        (SWEDISH, "DS", "QS"),
        (SWEDISH, "10R", "10D"),
        (SWEDISH, "JC", "JC"),
        (ENGLISH, "q♠", "QS"),
    ],
)
def test_a_card_typed_as_the_country_s_decks_print_it(letters, typed, meant):
    assert Card.parse(typed, letters) is card(meant)


@pytest.mark.parametrize(
    "letters, typed, meant",
    [(DUTCH, "HK", "KC"), (DUTCH, "KH", "KH"), (DUTCH, "KK", "KC"), (DUTCH, "HH", "KH"), (SWEDISH, "KK", "KC")],
)
def test_a_letter_that_is_a_rank_and_a_suit_is_read_by_its_place(letters, typed, meant):
    """The Dutch H is the heer and the harten, the K the koning and the klaveren: the rank first, the suit last."""
    assert Card.parse(typed, letters) is card(meant)


def test_a_token_that_reads_two_ways_is_refused_with_both_readings():
    """By French letters 10C is the ten of hearts (cœur), by the English ones the ten of clubs: neither is guessed."""
    with pytest.raises(NotationError) as refused:
        Card.parse("10C", FRENCH)
    assert str(refused.value) == "'10C' reads two ways: 10♥ in the table's letters, 10♣ in the English ones"
    assert Card.parse("10♥", FRENCH) is card("10H") and Card.parse("DC", FRENCH) is card("QH")  # one reading each


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_token_reads_two_ways_in_the_languages_scorepad_speaks(language):
    """Every rank and suit either set of letters knows, put together: the two sets never name two cards."""
    letters = TABLES[language].letters
    ranks = {letters.text(c, ascii=True)[:-1] for c in Card} | {ENGLISH.text(c, ascii=True)[:-1] for c in Card}
    ranks |= {text for text, _ in letters.also + ENGLISH.also}
    suits = {letters.text(c, ascii=True)[-1] for c in Card} | set("SHDC")
    for rank in ranks:
        for suit in suits:
            ours, english = letters.read(rank.upper() + suit), ENGLISH.read(rank.upper() + suit)
            assert ours is None or english is None or ours is english, rank + suit


def test_what_is_no_card_in_dutch_shows_how_to_write_one_in_dutch():
    with pytest.raises(NotationError) as refused:
        Card.parse("VD", DUTCH)  # a Dutch queen with an English suit letter: neither set of letters reads it
    choose("nl")
    nl = said("nl")
    examples = nl("{names} or {last}").format(names="VS, V♠", last="10H")
    assert in_language(refused.value) == nl("not a card: {text} (write e.g. {examples})").format(
        text="'VD'", examples=examples
    )
    assert str(refused.value) == "not a card: 'VD' (write e.g. VS, V♠ or 10H)"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_card_shown_in_every_language_reads_back_as_that_card(language):
    """The property that lets a table copy from its screen: what is shown, typed again (in any case), is the card."""
    choose(language)
    for each in Card:
        for ascii in (False, True):
            shown = card_text(each, ascii)
            assert Card.parse(shown, card_letters()) is each, shown
            assert Card.parse(shown.lower(), card_letters()) is each, shown
        assert Card.parse(each.ascii(), card_letters()) is each  # what JSON and deal records hold


def test_the_letters_are_the_glossary_s():
    """docs/glossary.md's rows "ranks" and "suit letters" are what each language reads and shows."""
    rows: dict[str, dict[str, str]] = {}
    language = ""
    for line in GLOSSARY.read_text(encoding="utf-8").splitlines():
        if heading := re.match(r"^## .*\((\w\w)\)", line):
            language = heading[1]
        elif line.startswith(("| ranks |", "| suit letters |")):
            term, word = (cell.strip() for cell in line.strip("|").split("|")[:2])
            rows.setdefault(language, {})[term] = word
    assert set(rows) == set(LANGUAGES)
    for code, row in rows.items():
        letters = TABLES[code].letters
        ranks = row["ranks"].split(",") if "," in row["ranks"] else row["ranks"].split()  # "A, H or K, V, B"
        names = [name.strip().split(" or ") for name in ranks]
        assert [[letters.text(card(f"{r}S"))[:-1]] for r in "AKQJ"] == [[n[0]] for n in names], code
        assert {(other, rank) for rank, name in zip((14, 13, 12, 11), names, strict=True) for other in name[1:]} == {
            (other, rank) for other, rank in letters.also if rank > 10
        }, code
        assert " ".join(letters.text(card(f"A{s}"), ascii=True)[-1] for s in "SHDC") == row["suit letters"], code


# --- at the table ----------------------------------------------------------------------------

#: The same deal typed by each table: the queen, king and ace of spades, the omnibus card to Bram.
TYPED = {"nl": ("VS,HS,AS", "BR"), "sv": ("DS,KS,ES", "KnR")}
OMNIBUS_TABLE = ("new", "--players", "Anke,Bram,Cor,Dirk", "--rules", "omnibus")


def play(cli, language: str, lines: str) -> str:
    """What ``scorepad play`` shows a table of that language that types ``lines``."""
    result = cli.runner.invoke(app, ["--lang", language, "play"], input=lines)
    assert result.exit_code == 0, result.stderr
    return result.stdout


def panel(language: str, ascii: bool) -> str:
    """The panel ``play`` shows a terminal before each deal, as text."""
    from scorepad.app import reading
    from scorepad.present.panel import TablePanel
    from scorepad.store.db import Store
    from scorepad.store.location import store_location

    store = Store(store_location())
    choose(language)
    out = Console(file=io.StringIO(), width=120, color_system=None)
    out.print(TablePanel(reading.status(store, None), ascii, rest=""))
    choose("en")
    store.close()
    return out.file.getvalue()  # type: ignore[attr-defined]


def test_a_dutch_table_types_its_cards_and_reads_them_on_every_screen(cli, tmp_path):
    nl = said("nl")
    cli("--lang", "nl", *OMNIBUS_TABLE, "--cut", "Anke=3H,Bram=3K,Cor=HR,Dirk=9S", "--cut", "Anke=9S,Bram=4R")
    assert cli.json("status")["dealer"] == "Bram"  # 3♣ and 3♥ tie, then Bram's 4♦ beats Anke's 9♠
    played = play(cli, "nl", "Anke=VS,HS,AS Bram=BR Cor=? Dirk=-\nsheet\nrules\nstatus\n")
    assert cli.json("status")["totals"] == {"Anke": 30, "Bram": -10, "Cor": 13, "Dirk": 0}
    bonus = nl("{card} scores {points}").format(card="B♦", points=-10)
    points = nl("Points: {points}. A deal's scores add up to {total}.").format(
        points="V♠ 13, H♠ 10, A♠ 7, B♦ -10, " + nl("each heart {points}").format(points=1), total=33
    )
    status = cli("--lang", "nl", "status").stdout
    html = tmp_path / "report.html"
    cli("--lang", "nl", "report", "--out", html)
    screens = {
        "play": played,  # the sheet, the rules and the status, each under the match's title
        "panel": panel("nl", ascii=False),
        "status": status,
        "sheet": played.split(nl("Rules of match {match}{name}: {preset}, {players}").split("{")[0])[0],
        "rules": cli("--lang", "nl", "rules").stdout,
        "report": html.read_text(encoding="utf-8"),
    }
    assert "- " + points in screens["rules"].splitlines() and "- " + points in played.splitlines()
    for name, screen in screens.items():
        assert "B♦" in screen and (name == "rules" or bonus in screen), name
        for english in ("J♦", "Q♠", "K♠", "JD", "QS"):
            assert english not in screen, (name, english)
    refused = cli("--lang", "nl", "deal", "Anke=VS,vs", "Bram=0", "Cor=?", "Dirk=0", code=1).stderr
    assert refused == "scorepad: " + nl("{card} is given twice ({players})").format(card="V♠", players="Anke") + "\n"


def test_with_ascii_a_dutch_table_reads_its_suit_letters(cli):
    nl = said("nl")
    cli(*OMNIBUS_TABLE)
    cli("--lang", "nl", "deal", "Anke=VS,HS,AS", "Bram=BR", "Cor=?", "Dirk=0")
    bonus = nl("{card} scores {points}").format(card="BR", points=-10)
    status = cli("--lang", "nl", "--ascii", "status").stdout
    assert bonus in status and bonus in panel("nl", ascii=True)
    rules = cli("--lang", "nl", "--ascii", "rules").stdout
    assert "VS 13, HS 10, AS 7, BR -10" in rules and "♠" not in rules
    refused = cli("--lang", "nl", "--ascii", "deal", "Anke=H♦", "Bram=0", "Cor=?", "Dirk=0", code=1).stderr
    nothing = nl("{card} scores nothing: list only the cards that score ({player})").format(card="HR", player="Anke")
    assert refused == f"scorepad: {nothing}\n"
    # English keeps its own letters, the suit symbols written as S H D C.
    assert "JD scores -10" in cli("--lang", "en", "--ascii", "status").stdout
    assert "- Points: QS 13, KS 10, AS 7, JD -10, each heart 1. A deal's scores add up to 33." in (
        cli("--lang", "en", "--ascii", "rules").stdout.splitlines()
    )


@pytest.mark.parametrize(
    "language, cards, cut",
    [
        ("nl", "Ann=VS,2H,9H Bob=HS,AS", "Ann=3H,Bob=3K,Cat=HR --cut Ann=9S,Bob=4R"),
        ("sv", "Ann=DS,2H,9H Bob=KS,ES", "Ann=3H,Bob=3K,Cat=KR --cut Ann=9S,Bob=4R"),
        ("it", "Ann=QS,2H,9H Bob=KS,AS", "Ann=3H,Bob=3C,Cat=KD --cut Ann=9S,Bob=4D"),
    ],
)
def test_the_help_s_examples_type_the_cards_as_the_table_s_decks_print_them(cli, language, cards, cut):
    """deal --help, new --help and play's help: what is shown typed reads in the table's letters, and works."""
    from scorepad.cli.protocol import help_text

    deal = " ".join(cli("--lang", language, "deal", "--help").stdout.split())
    assert f"scorepad deal {cards} Cat=?" in deal and f"(Ann={cards[4:9]};" in deal  # the example, the argument's help
    assert f"scorepad new -p Ann,Bob,Cat --cut {cut}" in cli("--lang", language, "new", "--help").stdout
    choose(language)
    assert help_text(["Anke", "Bert", "Cor"]).splitlines()[2].split()[0] == f"Anke={cards[4:9]}"
    cli("new", "--players", "Ann,Bob,Cat")
    cli("--lang", language, "deal", *cards.split(), "Cat=?")  # typed as shown, the example is read
    assert cli.json("status")["totals"] == {"Ann": 15, "Bob": 17, "Cat": 11}


def test_a_swedish_table_types_knekt_and_ess_and_reads_them(cli):
    sv = said("sv")
    cli("new", "--players", "Anke,Bram,Cor,Dirk")
    refused = cli("--lang", "sv", "deal", "Anke=KnK", "Bram=0", "Cor=?", "Dirk=0", code=1).stderr
    nothing = sv("{card} scores nothing: list only the cards that score ({player})").format(card="Kn♣", player="Anke")
    assert refused == f"scorepad: {nothing}\n"
    play(cli, "sv", "Anke=E♥,D♠ Bram=KnH,kh Cor=? Dirk=0\n")
    assert cli.json("status")["totals"] == {"Anke": 14, "Bram": 2, "Cor": 27, "Dirk": 0}
    rules = cli("--lang", "sv", "rules").stdout
    assert sv("Points: {points}. A deal's scores add up to {total}.").format(
        points="D♠ 13, K♠ 10, E♠ 7, " + sv("each heart {points}").format(points=1), total=43
    ) in " ".join(rules.split())
    assert "Q♠" not in rules and "A♠" not in rules


#: Four tricks of a deal record: Cat takes the Q♠ in the first, Dan leads the fifth.
FOUR_TRICKS = dedent(BOB_RENEGES.split("    5.")[0])


def test_a_swedish_audit_shows_the_tricks_and_the_findings_in_swedish_letters(cli, tmp_path):
    sv = said("sv")
    record = tmp_path / "deal.txt"
    record.write_text(FOUR_TRICKS + "5. Dan:QS Ann:2C Bob:3C Cat:4C\n", encoding="utf-8")
    report = cli("--lang", "sv", "audit", record, code=1).stdout
    assert " 7♠ 9♠ D♠ 2♠ " in report and " 4♦ 8♦ Kn♦ 2♦ " in report
    again = sv("{player} played {card}, which {other} already played in trick {trick}")
    finding = sv("trick {number}: {problem}").format(
        number=5, problem=again.format(player="Dan", card="D♠", other="Cat", trick=1)
    )
    assert finding + "." in report.splitlines()
    assert "Q♠" not in report and "J♦" not in report
    ascii = cli("--lang", "sv", "--ascii", "audit", record, code=1).stdout
    assert " 7S 9S DS 2S " in ascii and " 4R 8R KnR 2R " in ascii


@pytest.mark.parametrize("language", [code for code in LANGUAGES if code != "en"])
def test_json_csv_backups_and_records_keep_the_english_cards_in_every_language(cli, tmp_path, language):
    honours, bonus = TYPED.get(language, ("QS,KS,AS", "JD"))
    cut = {"nl": "Anke=3H,Bram=3K,Cor=HR,Dirk=9S", "sv": "Anke=3H,Bram=3K,Cor=KR,Dirk=9S"}
    cli("--lang", language, *OMNIBUS_TABLE, "--cut", cut.get(language, "Anke=3H,Bram=3C,Cor=KD,Dirk=9S"), "--cut",
        "Anke=9S,Bram=4D")  # fmt: skip
    cli("--lang", language, "deal", f"Anke={honours}", f"Bram={bonus}", "Cor=?", "Dirk=-")
    backup = tmp_path / "backup.json"
    cli("--lang", language, "export", "--format", "json", "--out", backup)
    match = json.loads(backup.read_text(encoding="utf-8"))["matches"][0]
    assert match["cuts"] == [{"Anke": "3H", "Bram": "3C", "Cor": "KD", "Dirk": "9S"}, {"Anke": "9S", "Bram": "4D"}]
    assert match["trail"][0]["cards"] == {"Anke": ["QS", "KS", "AS"], "Bram": ["JD"], "Dirk": []}
    record = tmp_path / "deal.txt"
    record.write_text(FOUR_TRICKS, encoding="utf-8")
    commands = [["status"], ["history"], ["rules"], ["audit", record]]
    for command in commands:
        data = cli("--lang", language, *command, "--json", code=None).stdout
        assert data == cli("--lang", "en", *command, "--json", code=None).stdout, command
    for layout in ("long", "sheet"):
        own, english = tmp_path / f"{layout}-{language}.csv", tmp_path / f"{layout}-en.csv"
        cli("--lang", language, "export", "--layout", layout, "--out", own)
        cli("--lang", "en", "export", "--layout", layout, "--out", english)
        assert own.read_bytes() == english.read_bytes()
    # A deal record is notation, the same in every language: the table's letters are not read there.
    record.write_text("players: Ann Bob Cat Dan\ndealer: Dan\n1. Ann:7S Bob:9S Cat:VS Dan:2S\n", encoding="utf-8")
    error = json.loads(cli("--lang", language, "audit", record, "--json", code=1).stdout)["error"]
    assert error == "line 3: trick 1: not a card: 'VS' (write e.g. QS, Q♠, 10H or TH)"


@pytest.mark.parametrize(
    "language, typed, wrong, shown",
    [("nl", "BR", "VR", "B♦ of 10♦"), ("sv", "KnR", "DR", "Kn♦ eller 10♦"), ("en", "JD", "QD", "J♦ or 10♦")],
)
def test_the_bonus_card_of_omnibus_is_typed_in_the_table_s_letters(cli, language, typed, wrong, shown):
    asked = ["--lang", language, "rules", "--preset", "omnibus", "--players", "4", "--json"]
    assert cli.json(*asked[2:-1], "--omnibus", "JD")["rules"]["omnibus"] == "JD"  # the English letters, always
    assert cli.json(*asked[2:-1], "--omnibus", "10D")["rules"]["omnibus"] == "10D"
    assert json.loads(cli(*asked, "--omnibus", typed).stdout)["rules"]["omnibus"] == "JD"
    refused = cli(*asked, "--omnibus", wrong, code=1).stderr
    assert refused.startswith("scorepad: ") and shown in refused and repr(wrong) in refused

"""Each language's table (``core.languages``): what a new language must bring, checked as soon as it is added.

docs/adding-a-language.md says the steps; these tests walk every language of
the table through them, beside the ones that play a story in each (``test_language``,
``test_table_words``, ``test_card_letters``, ``test_numbers_and_spreadsheets``).
"""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path

import pytest

from scorepad.cli.command_words import Verb, folded, words_of
from scorepad.cli.language_choice import choose
from scorepad.core.cards import Card
from scorepad.core.languages import LANGUAGES
from scorepad.present import translation
from tools import catalogs

ROOT = Path(__file__).resolve().parent.parent
GUIDE = ROOT / "docs" / "adding-a-language.md"


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_language_has_a_catalog_a_glossary_table_and_a_place_in_lang(code):
    language = LANGUAGES[code]
    assert language.code == code and re.fullmatch(r"[a-z]{2}", code)
    assert code == "en" or catalogs.po_path(code).exists(), "run python -m tools.catalogs extract"
    headings = re.findall(r"^## (.+)$", catalogs.GLOSSARY.read_text(encoding="utf-8"), re.MULTILINE)
    assert any(heading.startswith(f"{language.name} ({code})") for heading in headings), headings
    assert code in translation.LANGUAGES and (code == "en" or code in catalogs.languages())


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_table_names_every_command_of_play_in_one_word_each(code):
    words = words_of(LANGUAGES[code])
    assert set(words.values()) == set(Verb)
    assert len({folded(word) for word in words}) == len(words), "two words of one language read as one"


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_marks_write_a_number_and_a_day_that_read_back(code):
    marks = LANGUAGES[code].marks
    assert len(marks.decimal) == 1 and not marks.decimal.isdigit() and marks.separator != marks.decimal
    if marks.date is not None:  # only English keeps the stored UTC text
        written = date(2026, 12, 1).strftime(marks.date)
        assert {"01", "12", "2026"} == set(re.findall(r"\d+", written)), written
    else:
        assert code == "en"


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_letters_name_every_card_once(code):
    letters = LANGUAGES[code].letters
    shown = {letters.text(card, ascii=True) for card in Card}
    assert len(shown) == len(Card) and all(letters.read(text.upper()) is not None for text in shown)


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_match_s_name_is_shown_in_the_language_s_quote_marks(cli, code):
    opening, closing = LANGUAGES[code].quotes
    assert opening and closing and not (opening + closing).isalnum()
    cli("--lang", code, "new", "--players", "Ann,Bob,Cat", "--name", "Tue")
    first = cli("--lang", code, "rules").stdout.splitlines()[0]
    assert f"{opening}Tue{closing}" in first, first


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_name_in_a_message_built_below_the_edge_is_in_the_quote_marks_it_is_read_in(code):
    """A backup's ``match 3 “Tue”`` is made in the store, worded in the language at the edge; English as data."""
    from scorepad.store.backup_file import match_label

    choose(code)
    assert LANGUAGES[code].quoted("Tue") in translation.in_language(match_label(3, "Tue"))
    assert str(match_label(3, "Tue")) == "match 3 “Tue”"


def test_the_guide_names_each_step_a_new_language_takes():
    guide = GUIDE.read_text(encoding="utf-8")
    for step in ("scorepad/core/languages.py", "python -m tools.catalogs extract", "glossary.md"):
        assert step in guide, step
    assert "tests/test_language_table.py" in guide
    assert "docs/adding-a-language.md" in (ROOT / "README.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("code", [code for code in LANGUAGES if code != "en"])
def test_no_message_glues_a_genitive_to_a_name(code):
    """Swedish adds no s after a name ending in s, x or z (Nils, Max), so no catalog writes ``{player}s``:
    a message is phrased so that it needs no possessive (docs/glossary.md, "possessive")."""
    from babel.messages.pofile import read_po

    with catalogs.po_path(code).open("rb") as file:
        catalog = read_po(file, locale=catalogs.locale_of(code))
    glued = re.compile(r"\{[a-z_]+\}['’:]?s\b|\b[A-ZÅÄÖ]{2,}:s\b")  # {player}s, {player}:s, GAMMALT:s
    for message in catalog:
        strings = [message.string] if isinstance(message.string, str) else list(message.string)
        assert not any(glued.search(string) for string in strings if string), (code, message.id)


def test_a_swedish_message_reads_right_after_a_name_ending_in_s():
    from scorepad.core.language import Phrase, and_list

    choose("sv")
    owners = and_list(Phrase("{player}'s", player=name) for name in ("Lars", "Nils"))
    said = translation.in_language(Phrase("{card} is in both {owners} hands", card="D♠", owners=owners))
    assert said == "D♠ finns hos både Lars och Nils"
    hand = translation.in_language(Phrase("{player}'s hand holds {card} twice", player="Max", card="D♠"))
    assert hand == "Max har D♠ två gånger på handen"


@pytest.mark.parametrize("code", [code for code in LANGUAGES if code != "en"])
def test_the_renege_mark_is_no_card_letter(code):
    """The letter after a reneger's score (``86 R (218)``) is read beside cards: it must not be one."""
    choose(code)
    letters = LANGUAGES[code].letters
    printed = {*letters.ranks.split(), *letters.suits.split(), *(text for text, _rank in letters.also)}
    assert translation._("R").upper() not in printed


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_locale_a_language_declares(code):
    """The catalog's header and the HTML pages declare the language's locale: ``pt_BR``, ``pt-BR``."""
    language = LANGUAGES[code]
    assert language.tag == language.locale.replace("_", "-")
    assert translation.named_language(language.locale) == code == translation.named_language(code.upper())
    if code != "en":
        assert f'"Language: {language.locale}\\n"' in catalogs.po_path(code).read_text(encoding="utf-8")
    assert translation.named_language(language.tag) == code


def test_portuguese_is_brazil_s():
    assert LANGUAGES["pt"].locale == "pt_BR" and LANGUAGES["pt"].tag == "pt-BR"
    assert LANGUAGES["pt"].quotes == ("“", "”")
    assert translation.named_language("pt_PT") is None  # --lang names the Portuguese scorepad speaks

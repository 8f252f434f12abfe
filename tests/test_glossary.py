"""docs/glossary.md: each language's card-table words, and the check that no catalog uses a word it avoids."""

from __future__ import annotations

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

from scorepad.present.translation import LANGUAGES
from tools import catalogs

COLUMNS = ["term", "word", "avoid", "source"]
#: The words issue 25 asks the glossary for, in every language.
TERMS = {
    "dealer", "deal", "trick", "lead", "follow suit", "hearts broken", "renege", "misdeal", "queen of spades",
    "pass", "penalty points", "tie-break", "slam", "eldest hand", "Cancellation Black Maria", "ranks",
    "suit letters", "player", "match", "round (club night)", "total", "standings", "score sheet", "seat",
    "substitute", "table", "club night",
}  # fmt: skip
GLOSSARY = """# Glossary

A table before any language's heading is no language's:

| term | word | avoid | source |
|---|---|---|---|
| renege | renege | renege | nowhere |

## English (en): the key

| term | word | avoid | source |
|---|---|---|---|
| renege | renege | revoke | the rules |

## Dutch (nl)

| term | word | avoid | source |
|---|---|---|---|
| renege | verzaken | renonce, renonces | Klaverjassen |
| eldest hand | voorhand | oudste hand | Klaverjassen |
| slam | alles pakken | slam | the rules page |
"""


def dutch(*pairs: tuple[str, str]) -> Catalog:
    catalog = Catalog(locale="nl")
    for english, dutch in pairs:
        catalog.add(english, dutch)
    return catalog


def test_each_language_has_a_table_of_the_same_terms_with_the_four_columns():
    tables = catalogs.glossary_tables(catalogs.GLOSSARY.read_text(encoding="utf-8"))
    assert sorted(tables) == sorted(LANGUAGES)
    key = [row["term"] for row in tables["en"]]
    assert set(key) >= TERMS
    for language, rows in tables.items():
        assert [row["term"] for row in rows] == key, language
        for row in rows:
            assert list(row) == COLUMNS and row["word"], (language, row)


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_table_avoids_a_word_it_uses_itself(language):
    rows = catalogs.glossary_tables(catalogs.GLOSSARY.read_text(encoding="utf-8"))[language]
    for row in rows:
        for word in catalogs.avoided_words([row]):
            assert not catalogs.whole_words(word).search(row["word"]), (language, row["term"], word)


def test_the_glossary_is_read_by_the_language_of_each_heading():
    tables = catalogs.glossary_tables(GLOSSARY)
    assert catalogs.avoided_words(tables["nl"]) == ["renonce", "renonces", "oudste hand", "slam"]
    assert catalogs.avoided_words(tables["en"]) == ["revoke"]
    assert [row["word"] for row in tables["nl"]] == ["verzaken", "voorhand", "alles pakken"]


def test_a_planted_avoided_word_is_found_whole_in_any_case():
    catalog = dutch(
        ("Bob reneged", "Bob pleegde RENONCE"),
        ("Reneges", "Verzakingen"),
        ("{eldest} (eldest) leads", "{eldest} (oudste\n hand) komt uit"),
        ("{player} led first", "{player}, de oudste handspeler, komt uit"),
        ("slam is on or off", "slam= is on of off"),
    )
    found = catalogs.glossary_problems("nl", ["renonce", "oudste hand", "slam"], catalog)
    assert found == [
        "nl: 'renonce' in 'Bob reneged': Bob pleegde RENONCE",
        "nl: 'oudste hand' in '{eldest} (eldest) leads': {eldest} (oudste\n hand) komt uit",
    ]


def test_fields_options_and_commands_are_no_words():
    catalog = dutch(("{slam} --slam", "{slam}: geef --slam of scorepad rules"), ("Slams", "Alles gepakt"))
    assert catalogs.glossary_problems("nl", ["slam", "rules"], catalog) == []


def test_each_form_of_a_plural_message_is_checked():
    catalog = Catalog(locale="nl")
    catalog.add(("{count} renege", "{count} reneges"), ("{count} verzaking", "{count} renonces"))
    assert catalogs.glossary_problems("nl", ["renonces"], catalog) == [
        "nl: 'renonces' in '{count} renege': {count} verzaking | {count} renonces"
    ]


def test_english_is_checked_against_its_own_messages():
    catalog = Catalog()
    catalog.add("a revoke costs the deal total")
    catalog.add("Bob revoked")  # another word
    assert catalogs.glossary_problems("en", ["revoke"], catalog) == [
        "en: 'revoke' in 'a revoke costs the deal total': a revoke costs the deal total"
    ]


def test_the_glossary_action_fails_on_an_avoided_word_and_passes_once_it_is_gone(tmp_path, monkeypatch, capsys):
    glossary = tmp_path / "glossary.md"
    nothing_avoided = "".join(
        f"\n## ({code})\n\n| term | avoid |\n|---|---|\n| x | |\n" for code in ["it", "pt", "es", "sv"]
    )
    glossary.write_text(GLOSSARY + nothing_avoided, encoding="utf-8")
    monkeypatch.setattr(catalogs, "GLOSSARY", glossary)
    monkeypatch.setattr(catalogs, "LOCALE", tmp_path / "locale")
    monkeypatch.setattr(catalogs, "TEMPLATE", tmp_path / "locale" / "scorepad.pot")

    def write(path, catalog: Catalog) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as file:
            write_po(file, catalog)

    def translated(language: str, text: str) -> Catalog:
        catalog = Catalog(locale=language)
        catalog.add("Bob reneged", text)
        return catalog

    template = Catalog()
    template.add("Bob reneged")
    write(catalogs.TEMPLATE, template)
    for language in LANGUAGES[1:]:
        write(catalogs.po_path(language), translated(language, "Bob pleegde renonce"))
    assert catalogs.main(["glossary"]) == 1
    assert capsys.readouterr().err == "nl: 'renonce' in 'Bob reneged': Bob pleegde renonce\n"

    write(catalogs.po_path("nl"), translated("nl", "Bob verzaakte"))
    assert catalogs.main(["glossary"]) == 0
    assert capsys.readouterr().out == "no catalog uses a word the glossary avoids\n"


def test_a_language_without_a_table_is_reported(tmp_path, monkeypatch):
    glossary = tmp_path / "glossary.md"
    glossary.write_text(GLOSSARY, encoding="utf-8")
    monkeypatch.setattr(catalogs, "GLOSSARY", glossary)
    found = catalogs.glossary_findings()
    assert [line for line in found if "no table" in line] == [
        f"{code}: no table in glossary.md" for code in LANGUAGES if code not in ("en", "nl")
    ]


def test_no_catalog_uses_a_word_its_glossary_avoids():
    """The catalogs as they stand follow docs/glossary.md (``python -m tools.catalogs check`` says so too)."""
    assert catalogs.glossary_findings() == []

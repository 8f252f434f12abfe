"""Names: one check of a name's length for players and matches, worded in every language as before;
one player however a name's letters were composed, and no character that shows as nothing."""

import pytest

from scorepad.cli.language_choice import choose
from scorepad.core.errors import NotationError
from scorepad.core.names import check_match_name, check_name, name_key
from scorepad.present.translation import in_language


@pytest.mark.parametrize(
    "check, name, english, italian, swedish",
    [
        (
            check_name,
            "B" * 41,
            "a player's name has at most 40 characters, not 41",
            "il nome di un giocatore ha al massimo 40 caratteri, non 41",
            "en spelares namn har högst 40 tecken, inte 41",
        ),
        (
            check_match_name,
            "M" * 101,
            "a match's name has at most 100 characters, not 101",
            "il nome di una partita ha al massimo 100 caratteri, non 101",
            "ett partis namn har högst 100 tecken, inte 101",
        ),
    ],
)
def test_a_name_too_long_is_refused_saying_whose_name_and_how_long(check, name, english, italian, swedish):
    with pytest.raises(NotationError) as refused:
        check(name)
    shown = f": {name[:40]!r}..."
    assert str(refused.value) == english + shown
    try:
        choose("it")
        assert in_language(refused.value) == italian + shown
        choose("sv")
        assert in_language(refused.value) == swedish + shown
    finally:
        choose("en")


def test_a_name_of_the_longest_length_is_a_name():
    assert check_name("B" * 40) == "B" * 40
    assert check_match_name("M" * 100) == "M" * 100


#: "Zoë" as most keyboards give it, and as an e followed by a combining diaeresis (pasted, or typed on some systems).
COMPOSED, DECOMPOSED = "Zo\u00eb", "Zoe\u0308"


def test_a_name_composed_or_decomposed_is_one_name_kept_composed():
    assert check_name(DECOMPOSED) == COMPOSED
    assert name_key(DECOMPOSED) == name_key(COMPOSED.upper()) == name_key(COMPOSED)


def test_zoe_composed_and_decomposed_is_one_player_at_the_table(cli, unchanged):
    with unchanged():
        cli.refused("new", "--players", f"{COMPOSED},Ann,{DECOMPOSED}", says="are one name")
    cli("new", "--players", f"{DECOMPOSED},Ann,Bob")
    assert cli.json("status")["players"] == [COMPOSED, "Ann", "Bob"]
    cli("deal", f"{COMPOSED}=10", "Ann=10", "Bob=23")
    cli("deal", f"{DECOMPOSED.upper()}=10", "Ann=10", "Bob=23")  # any case, composed either way
    assert cli.json("status")["totals"] == {COMPOSED: 20, "Ann": 20, "Bob": 46}
    with unchanged():
        cli.refused("rename", "Ann", DECOMPOSED, says=f"{COMPOSED} already plays in match 1")
        cli.refused("seat", "Bob", DECOMPOSED, says=f"{COMPOSED} already plays in this match")
    cli("rename", DECOMPOSED, "Zoe")
    assert cli.json("status")["players"] == ["Zoe", "Ann", "Bob"]


@pytest.mark.parametrize(
    "character, named",
    [
        ("\u034f", "U+034F COMBINING GRAPHEME JOINER"),
        ("\u115f", "U+115F HANGUL CHOSEONG FILLER"),
        ("\u1160", "U+1160 HANGUL JUNGSEONG FILLER"),
        ("\u3164", "U+3164 HANGUL FILLER"),
        ("\uffa0", "U+FFA0 HALFWIDTH HANGUL FILLER"),
        ("\u2800", "U+2800 BRAILLE PATTERN BLANK"),
        ("\u17b4", "U+17B4 KHMER VOWEL INHERENT AQ"),
        ("\ufe0f", "U+FE0F VARIATION SELECTOR-16"),
        ("\U000e0041", "U+E0041 TAG LATIN CAPITAL LETTER A"),
        ("\U000e01ef", "U+E01EF VARIATION SELECTOR-256"),
        ("\u200b", "U+200B ZERO WIDTH SPACE"),  # refused before too, now named
        ("\u00ad", "U+00AD SOFT HYPHEN"),
    ],
)
def test_a_character_that_shows_as_nothing_is_refused_in_a_name_naming_it(cli, unchanged, character, named):
    with unchanged():
        line = cli.refused("new", "--players", f"Ann,Ann{character},Bob", says=f"holds {named}")
    assert "a player's name cannot contain invisible characters" in line
    cli("new", "--players", "Ann,Bob,Cat")
    with unchanged():
        cli.refused("rename", "Bob", f"Bob{character}", says=f"holds {named}")


@pytest.mark.parametrize("name", [COMPOSED, "Øystein", "Ångström", "李娜", "Jörg", "Ann🃏", "Ḑ", "ᄀ"])
def test_letters_of_any_script_and_a_symbol_that_shows_are_a_name(name):
    assert check_name(name) == name

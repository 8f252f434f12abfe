"""Names: one check of a name's length for players and matches, worded in every language as before."""

import pytest

from scorepad.cli.language_choice import choose
from scorepad.core.errors import NotationError
from scorepad.core.names import check_match_name, check_name
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

"""``scorepad rules``: the rules of a match, or of a preset at a table, in words and as data."""

from __future__ import annotations

import json

import pytest

from scorepad.cli.main import app
from scorepad.core.cards import card
from scorepad.core.rules import Preset, RuleSet
from tests.matches import new, status


def test_the_rules_of_the_match_in_play(cli):
    new(cli, "--players", "Ann,Bob,Cat,Dan", "--rules", "dirty-lady", "--pass", "rotate", "--name", "Tue")
    lines = cli("rules").stdout.splitlines()
    assert lines[0] == "Rules of match 1 “Tue”: dirty-lady, Ann, Bob, Cat, Dan"
    text = "\n".join(lines)
    for fact in (
        "take out nothing: 13 cards each",
        "Points: Q♠ 13, A♥ 5, K♥ 4, Q♥ 3, J♥ 2, every other heart 1. A deal's scores add up to 36.",
        "in turn by deal: right, left, across and no pass",
        "The Q♠ may not be passed.",
        "a heart may not be led until hearts are broken",
        "Slam: a player who takes every penalty card scores -36 instead",
        "costs the offender 36",
        "the same dealer deals again",
        "Match: 12 deals, so each player deals 3 times.",
        "play an extra deal among themselves alone",
    ):
        assert fact in text, fact
    data = cli.json("rules")
    assert data["match"] == 1 and data["name"] == "Tue"
    assert data["rules"] == status(cli)["rules"] and data["deal_total"] == status(cli)["deal_total"] == 36
    assert data["points"]["QS"] == 13 and data["points"]["2H"] == 1 and "KS" not in data["points"]
    assert data["passing"] == {"cards": 3, "cycle": ["right", "left", "across", "none"], "not_passed": ["QS"]}
    assert (data["slam"], data["renege"], data["hearts"]) == (-36, 36, "broken")


@pytest.mark.parametrize("preset", [p.value for p in Preset])
@pytest.mark.parametrize("players, decks", [(3, 1), (4, 1), (5, 1), (6, 1), (6, 2), (7, 2), (9, 2), (10, 2)])
def test_the_facts_add_up_for_every_preset_and_table(cli, preset, players, decks):
    data = cli.json("rules", "--preset", preset, "--players", str(players), "--decks", str(decks))
    rules = RuleSet.build(preset, decks=decks)
    dealt = rules.deck(players)
    assert sum(points * dealt[card(code)] for code, points in data["points"].items()) == data["deal_total"]
    assert data["deal_total"] == rules.deal_total(players)
    assert data["cards_each"] * players + len(data["removed"]) == 52 * decks
    assert data["cancellation"] == (decks == 2)
    assert data["format"] == {"kind": "deals", "value": players * (1 if decks == 2 else 3)}


def test_a_preset_at_a_table_in_words(cli):
    text = cli("rules", "--rules", "omnibus", "--players", "7", "--decks", "2", "--until-over", "200").stdout
    assert text.startswith("Rules of omnibus for 7 players\n")
    assert "two decks shuffled together, every card twice; take out 2♣ 2♣ 2♦ 2♦ 2♠ 2♠: 14 cards each" in text
    assert "J♦ -10" in text and "add up to 66" in text and "costs the offender 86" in text
    assert "Cancelling: two equal cards in one trick cancel" in text
    assert "goes over 200" in text
    assert "2S" in cli("--ascii", "rules", "--players", "7", "--decks", "2").stdout


@pytest.mark.parametrize(
    "args, says",
    [
        (["--players", "7"], "7 players need two decks"),
        (["--preset", "classic"], "give --players N"),
        (["--players", "4", "--deals", "9"], "try 12 or 16"),
        (["--players", "4", "--match", "1"], "not both"),
        (["--players", "4", "--rules", "slippery-anne", "--slam"], "no slam"),
    ],
)
def test_a_table_the_rules_refuse(cli, args, says):
    cli.refused("rules", *args, says=says)


def test_rules_without_a_match_say_how_to_start_one(cli, store_path):
    cli.refused("rules", says="there is no match yet")
    assert not store_path.exists()


def test_rules_in_play_from_a_pipe(cli):
    new(cli, "--players", "Ann,Bob,Cat")
    result = cli.runner.invoke(app, ["play"], input="rules\nAnn=10 Bob=10 Cat=23\nquit\n")
    assert result.exit_code == 0
    assert result.stdout == cli("rules").stdout
    result = cli.runner.invoke(app, ["play", "--json"], input="rules\n")
    assert json.loads(result.stdout.splitlines()[0]) == cli.json("rules")

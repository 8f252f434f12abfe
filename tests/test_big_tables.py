"""An evening of ten at one table (issue 24): two decks, a terminal of 80 columns, a tie-break of one deck.

Anke, Bram, Cor, Dirk, Eva, Femke, Gerrit, Hanneke, Ingrid and Joost play
Cancellation Black Maria. Their sheet is wider than the terminal, their
panel longer than 24 lines; every number must still be whole, every name
recognisable, and the deal the table needs next in sight.
"""

from __future__ import annotations

import pytest

from scorepad.core.cards import card, cards
from scorepad.core.errors import RuleError
from scorepad.core.match import MatchState, Settings, default_format
from scorepad.core.rules import RuleSet

from .test_language import catalog

TEN = ("Anke", "Bram", "Cor", "Dirk", "Eva", "Femke", "Gerrit", "Hanneke", "Ingrid", "Joost")
TWO = RuleSet.build(decks=2)


def ten(cli) -> None:
    cli("new", "--players", ",".join(TEN), "--decks", "2", "--name", "Clubavond")


def to_a_tie_break_of_two(cli) -> None:
    """Nine deals in which Joost reneges, then one that leaves Gerrit and Hanneke tied on 5."""
    for _ in range(9):
        cli("deal", "--renege", "Joost")
    cli("deal", "13", "13", "10", "10", "7", "7", "5", "5", "8", "8")


# --- the tie-break says its deck --------------------------------------------------------------


def test_a_tie_break_of_one_deck_in_a_match_of_two_says_so_and_so_does_its_refusal(cli, unchanged):
    ten(cli)
    assert "deck of 52" not in cli("status").stdout  # the match's deals: two decks, said as ever
    to_a_tie_break_of_two(cli)
    shown = cli("status").stdout
    assert "Tie-break deal 11 (round 1) between Gerrit and Hanneke." in shown
    assert "  One deck of 52 cards for this tie-break: every card is there once.\n" in shown
    assert "Take out nothing (full deck): 26 cards each. The scores add up to 43." in shown
    with unchanged():
        cli.refused(
            "deal",
            "Gerrit=QS,QS",
            "Hanneke=?",
            says="Q♠ is given twice (Gerrit): this tie-break is dealt from one deck of 52",
        )
    nl = catalog("nl").gettext
    said = cli("--lang", "nl", "deal", "Gerrit=QS,QS", "Hanneke=?", code=1).stderr
    assert (
        said
        == "scorepad: "
        + nl("{card} is given twice ({players}): this tie-break is dealt from one deck of {cards}").format(
            card="Q♠", players="Gerrit", cards=52
        )
        + "\n"
    )
    assert "Eén kaartspel van 52 kaarten voor deze beslissingsronde" in cli("--lang", "nl", "status").stdout


def test_the_refusal_carries_the_deck_as_a_fact_and_takes_its_words_from_the_catalogs():
    state = MatchState.start(Settings(TEN[:6], TWO, default_format(6, TWO)))
    for deal in range(6):  # Eva and Femke take every penalty card in turn: the other four tie on 0
        taker = 4 + deal % 2
        state = state.apply(state.enter({s: 86 if s == taker else 0 for s in range(6)}))
    assert state.tiebreak == ((0, 1, 2, 3), 1) and state.next is not None and state.next.decks == 1
    with pytest.raises(RuleError) as refused:
        state.enter({0: tuple(cards("QS QS")), 1: 0, 2: 0, 3: 17})
    assert refused.value.said.fields == {"card": card("QS"), "players": "Anke", "cards": 52}

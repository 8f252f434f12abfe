"""The use cases for a Python program: typed values in and out, no command-line words (``scorepad/app/``)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from scorepad.app import entering, reading
from scorepad.app.entering import Renege
from scorepad.core.cards import card, cards
from scorepad.core.errors import NotationError
from scorepad.core.match import Format, FormatKind, Settings
from scorepad.core.rules import HeartsLead, PassRule, Preset, RuleSet
from scorepad.store.db import Store


def test_a_python_program_keeps_score_with_values_alone(tmp_path):
    """The app layer takes names and points or cards, never NAME=SCORE words."""
    store = Store(f"sqlite:///{tmp_path / 'club.db'}")
    try:
        match = entering.new_match(store, ["Ann", "Bob", "Cat"], RuleSet.build(), Format(FormatKind.DEALS, 3))
        entering.record_deal(store, match.match_id, {"Ann": 10, "Bob": 10, "Cat": 23})
        entering.record_deal(store, match.match_id, [("Ann", 13), ("Bob", 13), ("Cat", tuple(cards("QS 2H 3H 4H 5H")))])
        entering.record_misdeal(store, match.match_id)
        entering.record_deal(store, match.match_id, Renege("Cat"))
        fixed = entering.fix(store, match.match_id, 3, {"Ann": 7, "Bob": 7, "Cat": 29})
        assert fixed.state.totals == (30, 30, 69) and fixed.state.tiebreak == ((0, 1), 1)
        done = entering.record_deal(store, match.match_id, {"ann": 20, "BOB": 23})  # names ignore case
        assert done.state.winner == 0
        result, rows = reading.history(store, match.match_id)
        assert [(r.number, r.kind) for r in rows] == [
            (1, "deal"),
            (2, "deal"),
            (3, "misdeal"),
            (3, "deal"),
            (4, "tiebreak"),
        ]
        assert rows[1].scores == {"Ann": 13, "Bob": 13, "Cat": 17}
        assert result.state == reading.status(store, match.match_id).state
    finally:
        store.close()


def test_a_rematch_lays_what_is_given_over_the_old_match_in_the_app(tmp_path):
    """``new --like`` and play's ``again`` share one use case, over typed values."""
    store = Store(f"sqlite:///{tmp_path / 'club.db'}")
    try:
        rules = RuleSet.build(Preset.OMNIBUS, slam=True, pass_rule=PassRule.ROTATE)
        old = entering.new_match(store, ["Ann", "Bob", "Cat"], rules, Format(FormatKind.DEALS, 6), first_dealer="Cat")
        same = entering.rematch(store, old.match_id).state.settings
        assert same == Settings(("Ann", "Bob", "Cat"), rules, Format(FormatKind.DEALS, 6), first_dealer=0)
        # An option given replaces the old match's, the others stay; None is an option not given.
        laid = entering.rematch(store, old.match_id, hearts=HeartsLead.ANYTIME, slam=None).state.settings.rules
        assert laid == replace(rules, hearts=HeartsLead.ANYTIME)
        # A preset given starts from its own defaults.
        assert entering.rematch(store, old.match_id, preset=Preset.CLASSIC).state.settings.rules == RuleSet.build()
        # Other players: the first deals, and six deals need not go round four players: their default.
        four = entering.rematch(store, old.match_id, ["Ann", "Bob", "Cat", "Dan"]).state.settings
        assert (four.first_dealer, four.format, four.rules) == (0, Format(FormatKind.DEALS, 12), rules)
        cut = entering.rematch(store, old.match_id, cuts=[{"Ann": card("9S"), "Bob": card("2C"), "Cat": card("KD")}])
        assert cut.state.settings.first_dealer == 1  # the lowest card cut deals, not the next player
        with pytest.raises(NotationError, match="decks is 1 or 2, not 0"):  # refused as by new, not ignored
            entering.rematch(store, old.match_id, decks=0)
        assert len(reading.matches(store)) == 6  # the old match and five rematches: the refused one wrote nothing
    finally:
        store.close()

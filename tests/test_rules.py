"""The rule set: presets, options, and deal totals derived from the deck."""

import pytest

from scorepad.core.cards import card
from scorepad.core.errors import BonusCardOutsideOmnibus, NotationError, RuleError, UnknownNameError
from scorepad.core.rules import PRESET_DEFAULTS, HeartsLead, PassRule, Preset, RuleSet

TOTALS = {  # docs/rules.md: deal total with 2-5 players, and with 6
    "classic": (43, 42),
    "slippery-anne": (13, 13),
    "omnibus": (33, 32),
    "spot-hearts": (146, 144),
    "dirty-lady": (36, 35),
}


@pytest.mark.parametrize("preset", TOTALS)
def test_deal_totals_follow_from_the_deck(preset):
    rules = RuleSet.build(preset)
    four, six = TOTALS[preset]
    assert [rules.deal_total(n) for n in (2, 3, 4, 5)] == [four] * 4
    assert rules.deal_total(6) == six


def test_omnibus_renege_and_slam_use_the_penalty_total_not_the_net():
    rules = RuleSet.build("omnibus")
    assert rules.penalty_total(4) == 43 and rules.deal_total(4) == 33
    assert rules.points(card("JD")) == -10
    assert RuleSet.build("omnibus", omnibus="10D").points(card("10D")) == -10


def test_presets_set_defaults_that_options_override():
    lady = RuleSet.build("dirty-lady")
    assert lady.slam and lady.pass_rule is PassRule.LEFT and not lady.queen_may_be_passed
    assert RuleSet.build("dirty-lady", slam=False, pass_rule="right").pass_rule is PassRule.RIGHT
    assert RuleSet.build("classic", hearts="anytime").hearts is HeartsLead.ANYTIME
    assert RuleSet.build() == PRESET_DEFAULTS[Preset.CLASSIC]


def test_slippery_anne_has_no_slam():
    with pytest.raises(RuleError, match="no slam"):
        RuleSet.build("slippery-anne", slam=True)


def test_bad_options_are_named():
    with pytest.raises(UnknownNameError, match="no preset 'hearts'"):
        RuleSet.build("hearts")
    with pytest.raises(NotationError, match=r"hearts is broken|anytime"):
        RuleSet.build(hearts="sometimes")
    with pytest.raises(NotationError, match="omnibus card"):
        RuleSet.build("omnibus", omnibus="QD")


@pytest.mark.parametrize("preset", TOTALS)
def test_rules_round_trip_through_json_and_words(preset):
    rules = RuleSet.build(preset, pass_rule="rotate")
    assert RuleSet.from_json(rules.to_json()) == rules
    assert RuleSet.parse_notation(rules.notation()) == rules


def test_frozen():
    with pytest.raises(AttributeError):
        RuleSet.build().slam = True


def test_the_bonus_card_belongs_to_the_omnibus_preset():
    """A classic match with a bonus card would total 33 and be counted among 43-point deals."""
    with pytest.raises(BonusCardOutsideOmnibus) as refused:
        RuleSet.build("classic", omnibus="JD")
    assert str(refused.value) == "the bonus card belongs to the omnibus preset, not classic"  # no option named
    assert refused.value.preset == "classic"
    assert RuleSet.parse_notation("omnibus omnibus=10D").deal_total(4) == 33


def test_spot_hearts_leads_hearts_any_time_unless_the_table_says_otherwise():
    """docs/rules.md: the preset's one source plays hearts led at any time; --hearts broken overrides."""
    assert RuleSet.build("spot-hearts").hearts is HeartsLead.ANYTIME
    assert RuleSet.build("spot-hearts", hearts="broken").hearts is HeartsLead.BROKEN
    assert RuleSet.build("classic").hearts is HeartsLead.BROKEN

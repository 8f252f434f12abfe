"""The settings a table chooses among by name: the presets, when hearts may be led, whom to pass to.

Enums alone, apart from the rule set (``rules``) that gives them meaning: the
command line makes its options from them, and showing its help needs no rule.
"""

from __future__ import annotations

import enum


class Preset(enum.Enum):
    """The named variants of RULES.md; each is a set of option defaults."""

    CLASSIC = "classic"
    SLIPPERY_ANNE = "slippery-anne"
    OMNIBUS = "omnibus"
    SPOT_HEARTS = "spot-hearts"
    DIRTY_LADY = "dirty-lady"


class HeartsLead(enum.Enum):
    """When a heart may be led."""

    BROKEN = "broken"  #: only after a heart was discarded, or holding only hearts
    ANYTIME = "anytime"


class PassRule(enum.Enum):
    """Whom each player passes three cards to."""

    RIGHT = "right"  #: counter-clockwise, every deal (classic)
    LEFT = "left"  #: clockwise, every deal (dirty lady)
    ROTATE = "rotate"  #: right, left, across (even tables only), no pass, in turn

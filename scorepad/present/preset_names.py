"""The presets' names as people read them, apart from ``descriptions``: help shows them (``--rules
<klassiek|...>``, ``cli.clickwords``), and help must not load the rules of a match to do so."""

from __future__ import annotations

from ..core.language import N_
from ..core.rules import Preset
from .translation import _

#: Each preset's name as people read it. Typed (``--rules dirty-lady``), in JSON and in deal
#: records a preset is its value, the same in every language.
PRESET_NAMES = {
    # TRANSLATORS: the name of the standard rules, shown in headers ("Match 3: 12 deals, classic, ..."). The
    # other presets are names of their own (Slippery Anne, Omnibus, Spot Hearts, Dirty Lady), kept as such.
    Preset.CLASSIC: N_("classic"),
    Preset.SLIPPERY_ANNE: N_("slippery-anne"),
    Preset.OMNIBUS: N_("omnibus"),
    Preset.SPOT_HEARTS: N_("spot-hearts"),
    Preset.DIRTY_LADY: N_("dirty-lady"),
}


def preset_name(preset: Preset) -> str:
    """A preset as a header shows it, in the language in use: ``classic``, ``klassiek``."""
    return _(PRESET_NAMES[preset])

"""The game's values as a sentence reads them: a match's rules and format, an entry and its scores, a command's notes."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..app.notes import Note, Recorded, Undone
from ..core.cards import QUEEN_OF_SPADES
from ..core.choices import HeartsLead, PassRule, Preset
from ..core.language import N_
from ..core.match import Entry, EntryKind, Format, FormatKind
from ..core.rules import OMNIBUS_BONUS, RuleSet
from .translation import _, card_text, in_language, ngettext

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


def rules_words(rules: RuleSet, ascii: bool = False) -> str:
    """A match's rules in one line: ``classic, hearts broken, no slam, pass right``."""
    parts = [
        preset_name(rules.preset),
        _("hearts broken") if rules.hearts is HeartsLead.BROKEN else _("hearts anytime"),
    ]
    parts.append(_("slam scores minus the total") if rules.slam else _("no slam"))
    passes = {PassRule.RIGHT: _("pass right"), PassRule.LEFT: _("pass left"), PassRule.ROTATE: _("pass rotate")}
    parts.append(passes[rules.pass_rule])
    if rules.omnibus:
        parts.append(_("{card} scores {points}").format(card=card_text(rules.omnibus, ascii), points=OMNIBUS_BONUS))
    if not rules.queen_may_be_passed:
        parts.append(_("{card} may not be passed").format(card=card_text(QUEEN_OF_SPADES, ascii)))
    if rules.decks == 2:
        parts.append(_("two decks, equal cards cancel"))
    return ", ".join(parts)


def format_words(fmt: Format) -> str:
    """How a match ends: ``12 deals``, ``until a total reaches 100``."""
    if fmt.kind is FormatKind.DEALS:
        return ngettext("{count} deal", "{count} deals", fmt.value).format(count=fmt.value)
    if fmt.kind is FormatKind.OVER:
        return _("until a total goes over {value}").format(value=fmt.value)
    return _("until a total reaches {value}").format(value=fmt.value)


def entry_words(kind: EntryKind, number: int) -> str:
    """How a note names an entry: ``deal 3``, ``tie-break deal 4``, ``misdeal of deal 2``."""
    if kind is EntryKind.TIEBREAK:
        return _("tie-break deal {number}").format(number=number)
    if kind is EntryKind.MISDEAL:
        return _("misdeal of deal {number}").format(number=number)
    return _("deal {number}").format(number=number)


def scores_text(players: Sequence[str], entry: Entry) -> str:
    """``Ann 13, Bob 10, Cat 20``, and who reneged: an entry's scores as a table reads them back."""
    outcome = entry.outcome
    if outcome is None:
        return _("misdeal")
    text = ", ".join(f"{players[seat]} {points}" for seat, points in outcome.scores.items())
    if outcome.renege is None:
        return text
    return _("{scores}; renege by {player}").format(scores=text, player=players[outcome.renege])


def notes_text(notes: Iterable[Note]) -> str:
    """What a command noted, in the language in use: one sentence after another, in order."""
    return "; ".join(map(_note_text, notes))


def _note_text(note: Note) -> str:
    if isinstance(note, Undone):
        return _undone(note)
    if isinstance(note, Recorded):
        entered = _("Recorded as {entry}.").format(entry=entry_words(note.kind, note.number))
        if not note.notes:
            return entered
        return _("{recorded} {note}.").format(recorded=entered, note=notes_text(note.notes))
    return in_language(note)


def _undone(undone: Undone) -> str:
    players, number = undone.players, undone.number
    if undone.replaced is not None:
        return _("undone: fix of deal {number} ({scores}); deal {number} is again {before}").format(
            number=number, scores=scores_text(players, undone.entry), before=scores_text(players, undone.replaced)
        )
    kind = undone.entry.kind
    scores = "" if kind is EntryKind.MISDEAL else f" ({scores_text(players, undone.entry)})"
    return _("undone: {entry}{scores}").format(entry=entry_words(kind, number), scores=scores)

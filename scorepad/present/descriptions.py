"""The game's values as a sentence reads them: a match's rules and format, an entry and its scores, a command's notes."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from ..app.notes import Fixed, Note, Recorded, Undone
from ..core.cards import QUEEN_OF_SPADES
from ..core.match import Entry, EntryKind, Format, FormatKind, MatchState
from ..core.rules import OMNIBUS_BONUS, HeartsLead, PassRule, RuleSet
from .lists import and_list
from .preset_names import preset_name
from .translation import _, card_text, in_language, ngettext


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


def entry_line(number: int, entry: Entry, players: Sequence[str]) -> str:
    """``deal 3: Ann 10, Bob 13, Cat 20``: an entry read back in one line, as the table hears it."""
    if entry.outcome is None:
        return entry_words(entry.kind, number)
    return f"{entry_words(entry.kind, number)}: {scores_text(players, entry)}"


def seated(state: MatchState, seat: int, name: Callable[[str], str] = str) -> str:
    """A seat by its player now, and whom they replaced there: ``Eva (for Cor)``; each name as ``name`` gives it."""
    player, replaced = name(state.settings.players[seat]), state.replaced(seat)
    if not replaced:
        return player
    return _("{player} (for {replaced})").format(player=player, replaced=and_list(map(name, replaced)))


def seat_heads(state: MatchState, name: Callable[[str], str] = str) -> list[str]:
    """A column a seat: its player now, and whom they replaced (``Eva (for Cor)``)."""
    return [seated(state, seat, name) for seat in state.settings.seats]


def scores_text(players: Sequence[str], entry: Entry) -> str:
    """``Ann 13, Bob 10, Cat 20``, and who reneged: an entry's scores as a table reads them back."""
    outcome = entry.outcome
    if outcome is None:
        return _("misdeal")
    text = ", ".join(f"{players[seat]} {points}" for seat, points in outcome.scores.items())
    return _reneged(players, entry, text)


def _reneged(players: Sequence[str], entry: Entry, text: str) -> str:
    """``text``, and who reneged in ``entry`` if anyone did."""
    renege = entry.outcome.renege if entry.outcome else None
    if renege is None:
        return text
    return _("{scores}; renege by {player}").format(scores=text, player=players[renege])


def notes_text(notes: Iterable[Note], ascii: bool = False) -> str:
    """What a command noted, in the language in use: one sentence after another, in order."""
    return "; ".join(_note_text(note, ascii) for note in notes)


def _note_text(note: Note, ascii: bool) -> str:
    if isinstance(note, Undone):
        return _undone(note)
    if isinstance(note, Fixed):
        return _fixed(note, ascii)
    if isinstance(note, Recorded):
        entered = _("Recorded as {entry}.").format(entry=entry_words(note.kind, note.number))
        if not note.notes:
            return entered
        return _("{recorded} {note}.").format(recorded=entered, note=notes_text(note.notes, ascii))
    return in_language(note)


def _fixed(fixed: Fixed, ascii: bool) -> str:
    """``deal 4: Cor 6 → 17, Dirk 17 → 6``: what a fix changed, old → new."""
    old, new = fixed.old.outcome, fixed.new.outcome
    assert old is not None and new is not None  # a fix replaces a scored deal by another
    arrow, players = "->" if ascii else "→", fixed.players
    changes = [
        f"{players[seat]} {old.scores.get(seat)} {arrow} {points}"
        for seat, points in new.scores.items()
        if old.scores.get(seat) != points
    ]
    if changes:
        text = _reneged(players, fixed.new, ", ".join(changes))
    else:  # only the cards listed, or the renege, said otherwise
        text = _("the same points ({scores})").format(scores=scores_text(players, fixed.new))
    return f"{entry_words(fixed.new.kind, fixed.number)}: {text}"


def _undone(undone: Undone) -> str:
    players, number = undone.players, undone.number
    if undone.replaced is not None:
        return _("undone: fix of deal {number} ({scores}); deal {number} is again {before}").format(
            number=number, scores=scores_text(players, undone.entry), before=scores_text(players, undone.replaced)
        )
    kind, substitute = undone.entry.kind, undone.entry.substitute
    if substitute is not None:
        return _("undone: {new} taking {old}'s seat").format(new=substitute.player, old=players[substitute.seat])
    scores = "" if kind is EntryKind.MISDEAL else f" ({scores_text(players, undone.entry)})"
    return _("undone: {entry}{scores}").format(entry=entry_words(kind, number), scores=scores)

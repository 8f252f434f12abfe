"""A substitute takes a seat: the fold's seat changes, told as a table lives them.

Cor leaves after deal 2 and Eva plays his seat: the seat keeps its total, the
deals before stay Cor's, the names after are Eva's, and taking it back (or a
fix before it) folds the same way as any other entry.
"""

import pytest

from scorepad.core.errors import MatchClosed, NotationError, RuleError, UnknownNameError
from scorepad.core.match import (
    Entry,
    EntryKind,
    Format,
    FormatKind,
    MatchState,
    Settings,
    correct,
    deal_index,
    fold,
    fold_steps,
)
from scorepad.core.rules import RuleSet

PLAYERS = ("Anke", "Bram", "Cor", "Dirk")


def start(deals: int = 4) -> MatchState:
    return MatchState.start(Settings(PLAYERS, RuleSet.build(), Format(FormatKind.DEALS, deals)))


def deal(state: MatchState, *points: int) -> Entry:
    return state.enter(dict(zip(state.next.players, points, strict=True)))


def play(state: MatchState, *entries: Entry) -> MatchState:
    for entry in entries:
        state = state.apply(entry)
    return state


def test_eva_plays_cors_seat_from_the_next_deal_and_the_seat_keeps_its_total():
    state = start()
    state = play(state, deal(state, 10, 10, 10, 13))
    state = play(state, deal(state, 0, 0, 30, 13))
    seat = state.enter_seat("cor", "Eva")  # a name as typed, any case
    assert seat == Entry.seat(2, "Eva") and seat.kind is EntryKind.SEAT
    after = state.apply(seat)
    assert after.settings.players == ("Anke", "Bram", "Eva", "Dirk")
    assert after.totals == state.totals and after.totals[2] == 40  # the seat's total goes on
    assert after.former == ((2, "Cor"),) and after.replaced(2) == ("Cor",) and after.replaced(0) == ()
    assert after.next.number == 3 and after.next.dealer == state.next.dealer  # no deal of its own
    assert after.seat_of("eva") == 2
    more = play(after, deal(after, 0, 13, 20, 10))
    assert more.totals[2] == 60 and more.settings.players[2] == "Eva"


def test_the_player_who_left_is_told_who_has_the_seat_and_a_player_now_cannot_take_another():
    state = start()
    state = state.apply(state.enter_seat("Cor", "Eva"))
    with pytest.raises(RuleError, match=r"^Cor no longer plays: Eva took their seat$"):
        state.enter_seat("Cor", "Fien")
    with pytest.raises(RuleError, match=r"^Cor no longer plays: Eva took their seat$"):
        state.enter({state.seat_of("Cor"): 10})
    with pytest.raises(RuleError, match=r"^Anke already plays in this match$"):
        state.enter_seat("Bram", "ANKE")
    with pytest.raises(UnknownNameError, match=r"no player 'Zoe' in this match \(Anke, Bram, Eva, Dirk\)"):
        state.enter_seat("Zoe", "Fien")
    with pytest.raises(NotationError, match="no spaces"):
        state.enter_seat("Bram", "Big Bob")


def test_a_player_who_left_may_come_back_to_a_seat():
    state = start()
    state = state.apply(state.enter_seat("Cor", "Eva"))
    state = play(state, deal(state, 10, 10, 10, 13))
    back = state.apply(state.enter_seat("Eva", "Cor"))
    assert back.settings.players == PLAYERS
    assert back.former == ((2, "Cor"), (2, "Eva")) and back.replaced(2) == ("Eva",)


def test_no_seat_changes_hands_once_the_match_is_over():
    state = start(deals=4)
    for _ in range(4):
        state = play(state, deal(state, 0, 10, 10, 23))
    assert state.winner == 0
    with pytest.raises(MatchClosed, match="finished"):
        state.enter_seat("Cor", "Eva")
    with pytest.raises(MatchClosed, match="finished"):
        state.apply(Entry.seat(2, "Eva"))


def test_a_stored_seat_change_is_checked_when_folded():
    state = start()
    with pytest.raises(RuleError, match="a seat of the match"):
        state.apply(Entry.seat(7, "Eva"))
    with pytest.raises(RuleError, match="Bram already plays"):
        state.apply(Entry.seat(2, "bram"))
    assert state.apply(Entry.seat(2, "Ev=a")).settings.players[2] == "Ev=a"  # as stored: names are checked typed
    with pytest.raises(NotationError, match="cannot contain"):
        state.apply(Entry.seat(2, "Ev=a"), strict=True)  # as imported


def test_seat_changes_take_no_deal_number_and_a_fix_before_one_folds_them_again():
    state = start(deals=8)
    entries = [deal(state, 10, 10, 10, 13)]
    state = play(state, *entries)
    entries.append(state.enter_seat("Cor", "Eva"))
    state = state.apply(entries[-1])
    entries.append(deal(state, 13, 10, 10, 10))
    settings = start().settings  # the match's as created: the fold seats Eva itself
    steps = list(fold_steps(settings, entries))
    assert [(s.number, s.entry.kind) for s in steps] == [(1, EntryKind.DEAL), (2, EntryKind.SEAT), (2, EntryKind.DEAL)]
    assert [s.after.settings.players[2] for s in steps] == ["Cor", "Eva", "Eva"]  # who played each deal
    assert deal_index(entries, 2) == 2
    before_fix = fold(settings, entries, strict=True)

    changed, after = correct(settings, entries, 1, lambda before: deal(before, 0, 10, 20, 13))
    assert after.settings.players == ("Anke", "Bram", "Eva", "Dirk")
    assert after.totals == (13, 20, 30, 23) and before_fix.totals == (23, 20, 20, 23)
    assert changed[1] == entries[1]


def test_a_fix_that_ends_the_match_before_a_seat_change_is_refused():
    settings = Settings(PLAYERS, RuleSet.build(), Format(FormatKind.OVER, 40))
    state = MatchState.start(settings)
    entries = [deal(state, 10, 10, 10, 13)]
    state = play(state, *entries)
    entries.append(state.enter_seat("Cor", "Eva"))
    with pytest.raises(RuleError, match="undo the entries after deal 1 first"):
        correct(settings, entries, 1, lambda before: deal(before, 0, 1, 1, 41))  # Anke would have won


def test_the_snapshot_keeps_who_sits_where_and_a_match_without_substitutes_keeps_its_old_one():
    state = start()
    plain = play(state, deal(state, 10, 10, 10, 13))
    assert set(plain.snapshot()) == {"totals", "deals_played", "scored", "last_dealer", "tiebreak", "winner"}
    seated = plain.apply(plain.enter_seat("Cor", "Eva"))
    kept = seated.snapshot()
    assert kept["players"] == ["Anke", "Bram", "Eva", "Dirk"] and kept["former"] == [[2, "Cor"]]
    assert MatchState.from_snapshot(start().settings, kept) == seated
    assert MatchState.from_snapshot(start().settings, plain.snapshot()) == plain


def test_a_tie_break_can_be_played_by_a_substitute_in_a_tied_seat():
    state = start(deals=4)
    for points in ((10, 10, 10, 13), (10, 10, 10, 13), (10, 10, 10, 13), (0, 0, 0, 43)):
        state = play(state, deal(state, *points))
    assert state.tiebreak == ((0, 1, 2), 1)
    state = state.apply(state.enter_seat("Cor", "Eva"))
    assert state.next.players == (0, 1, 2) and state.settings.players[2] == "Eva"
    state = play(state, deal(state, 20, 23, 0))
    assert state.winner == 2 and state.settings.players[state.winner] == "Eva"

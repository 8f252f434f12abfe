"""Table stories: whole matches, told deal by deal, as docs/rules.md's worked cases tell them."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorepad.core.cards import card
from scorepad.core.errors import MatchClosed, RuleError
from scorepad.core.match import Entry, EntryKind, Format, FormatKind, MatchState, Settings, correct, fold, fold_steps
from scorepad.core.rules import Direction, RuleSet
from scorepad.core.seats import cut_winner, parse_cut


class Table:
    """A match at a table: ``deal("10 10 23")`` enters one score per player of the deal."""

    def __init__(self, players: str, rules: RuleSet | None = None, first: str | None = None, **fmt):
        names = tuple(players.split())
        kind, value = next(iter(fmt.items())) if fmt else ("deals", 3 * len(names))
        self.settings = Settings(
            names, rules or RuleSet.build(), Format(FormatKind(kind), value), names.index(first) if first else 0
        )
        self.state = MatchState.start(self.settings)
        self.entries: list[Entry] = []
        self.before: list[MatchState] = []  #: the state before each entry, for undo

    def name(self, seat):
        return self.settings.players[seat]

    @property
    def dealer(self):
        return self.name(self.state.next.dealer)

    @property
    def eldest(self):
        return self.name(self.state.next.eldest)

    @property
    def totals(self):
        return dict(zip(self.settings.players, self.state.totals, strict=False))

    @property
    def winner(self):
        return None if self.state.winner is None else self.name(self.state.winner)

    @property
    def tied(self):
        return [self.name(s) for s in self.state.tiebreak[0]] if self.state.tiebreak else None

    def _add(self, entry):
        self.before.append(self.state)
        self.state = self.state.apply(entry)
        self.entries.append(entry)
        assert fold(self.settings, self.entries, strict=True) == self.state  # the fold agrees

    def deal(self, scores: str):
        seats = self.state.next.players
        self._add(self.state.enter({s: int(v) for s, v in zip(seats, scores.split(), strict=False)}))

    def renege(self, name):
        self._add(self.state.enter_renege(self.settings.seat_of(name)))

    def misdeal(self):
        self._add(self.state.enter_misdeal())


def test_case_3_two_players_tie_and_one_tiebreak_settles_it():
    table = Table("Ann Bob Cat", deals=3)
    for dealer, scores in [("Ann", "10 10 23"), ("Bob", "13 13 17"), ("Cat", "7 7 29")]:
        assert table.dealer == dealer
        table.deal(scores)
    assert table.totals == {"Ann": 30, "Bob": 30, "Cat": 69}
    assert table.tied == ["Ann", "Bob"] and table.winner is None
    deal = table.state.next
    assert (table.dealer, table.eldest) == ("Ann", "Bob")  # the next tied player left of Cat
    assert deal.removed == () and deal.deal_total == 43  # two players: the full deck
    assert deal.number == 4 and deal.round == 1
    table.deal("20 23")
    assert table.winner == "Ann"
    assert table.totals == {"Ann": 30, "Bob": 30, "Cat": 69}  # tie-break points stay out
    assert table.state.next is None


def test_case_4_a_three_way_tie_needs_two_rounds():
    table = Table("Ann Bob Cat Dan", deals=4)
    for _ in range(3):
        table.deal("10 10 10 13")
    table.deal("0 0 0 43")
    assert table.tied == ["Ann", "Bob", "Cat"]
    deal = table.state.next
    assert (table.dealer, table.eldest) == ("Ann", "Bob")
    assert [c.ascii() for c in deal.removed] == ["2C"] and deal.deal_total == 43
    table.deal("10 10 23")
    assert table.tied == ["Ann", "Bob"] and table.state.tiebreak[1] == 2
    assert (table.dealer, table.eldest) == ("Bob", "Ann")
    table.deal("30 13")
    assert table.winner == "Bob"
    assert table.totals == {"Ann": 30, "Bob": 30, "Cat": 30, "Dan": 82}


def test_case_5_a_misdeal_is_dealt_again_by_the_same_dealer():
    table = Table("Ann Bob Cat Dan", deals=4)
    table.deal("10 10 10 13")
    assert table.dealer == "Bob"
    table.misdeal()
    assert table.dealer == "Bob" and table.state.next.number == 2
    assert table.totals == {"Ann": 10, "Bob": 10, "Cat": 10, "Dan": 13}
    table.deal("0 0 0 43")
    assert table.dealer == "Cat"


def test_case_6_a_renege_with_six_players_costs_42():
    table = Table("Ann Bob Cat Dan Eve Fay", deals=6)
    table.renege("Cat")
    assert table.totals == {"Ann": 0, "Bob": 0, "Cat": 42, "Dan": 0, "Eve": 0, "Fay": 0}


def test_case_7_slam_in_a_match():
    table = Table("Ann Bob Cat Dan", RuleSet.build(slam=True), deals=4)
    table._add(table.state.enter({0: 0, 1: 43, 2: 0, 3: 0}))
    assert table.totals["Bob"] == -43


def test_case_8_over_a_threshold_means_more_than_it():
    table = Table("Ann Bob Cat", over=50)
    table.deal("0 0 43")
    table.deal("0 36 7")  # Cat on exactly 50: play on
    assert table.state.next is not None and table.totals["Cat"] == 50
    table.deal("0 42 1")  # Cat on 51, Bob on 78: over
    assert table.winner == "Ann"


def test_case_8_reaching_a_target_ends_it():
    table = Table("Ann Bob Cat", reach=50)
    table.deal("0 0 43")
    table.deal("0 36 7")
    assert table.winner == "Ann" and table.state.deals_played == 2


NAMES = dict(enumerate(["Ann", "Bob", "Cat"]))


def test_case_9_the_cut():
    assert cut_winner([{0: card("7H"), 1: card("3C"), 2: card("KD")}], 3, NAMES) == 1
    tie = [{0: card("3H"), 1: card("3C"), 2: card("KD")}]
    with pytest.raises(RuleError, match="recut: Ann,Bob"):
        cut_winner(tie, 3, NAMES)
    assert cut_winner([*tie, {0: card("9S"), 1: card("4D")}], 3, NAMES) == 1
    with pytest.raises(RuleError, match="cut twice"):
        cut_winner([{0: card("3H"), 1: card("3H"), 2: card("KD")}], 3, NAMES)
    with pytest.raises(RuleError, match="must give a card for each of Ann, Bob"):
        cut_winner([*tie, {0: card("9S"), 2: card("4D")}], 3, NAMES)
    assert parse_cut("ann=7h,Bob=10C") == {"ann": card("7H"), "Bob": card("10C")}


def test_a_fixed_format_must_go_round_the_table_equally():
    with pytest.raises(RuleError, match="try 12 or 16"):
        Table("Ann Bob Cat Dan", deals=9)
    assert Table("Ann Bob Cat Dan").settings.format.value == 12


def test_passing_right_left_and_in_turn():
    table = Table("Ann Bob Cat Dan", RuleSet.build(pass_rule="rotate"), deals=4)
    seen = []
    for _ in range(4):
        seen.append(table.state.next.direction)
        table.deal("10 10 10 13")
    assert seen == [Direction.RIGHT, Direction.LEFT, Direction.ACROSS, Direction.NONE]
    odd = Table("Ann Bob Cat", RuleSet.build(pass_rule="rotate"))
    assert odd.state.next.pass_to == {0: 2, 1: 0, 2: 1}  # right: to the player before you
    lady = Table("Ann Bob Cat", RuleSet.build("dirty-lady"))
    assert lady.state.next.pass_to == {0: 1, 1: 2, 2: 0}


def test_a_finished_match_takes_no_more_deals():
    table = Table("Ann Bob Cat", deals=3)
    for scores in ("0 10 33", "0 10 33", "0 10 33"):
        table.deal(scores)
    with pytest.raises(MatchClosed, match=r"^the match is finished$") as refused:
        table.state.enter({0: 0, 1: 10, 2: 33})
    assert not refused.value.abandoned and refused.value.match is None
    with pytest.raises(MatchClosed, match="finished"):
        table.state.enter_misdeal()
    with pytest.raises(MatchClosed, match="finished"):
        table.state.apply(Entry.misdeal())


def test_an_abandoned_match_takes_nothing_and_the_refusal_says_so():
    table = Table("Ann Bob Cat", deals=3)
    table.deal("0 10 33")
    abandoned = table.state.abandon()
    with pytest.raises(MatchClosed, match=r"^the match is abandoned$") as refused:
        abandoned.enter_renege(0)
    assert refused.value.abandoned and isinstance(refused.value, RuleError)
    assert str(MatchClosed(abandoned=True, match=3)) == "match 3 is abandoned"
    assert str(MatchClosed(abandoned=False, match=3)) == "match 3 is finished"


def test_the_steps_of_a_fold_carry_each_deal_s_number_and_dealer():
    table = Table("Ann Bob Cat", deals=3)
    table.deal("10 10 23")
    table.misdeal()
    table.deal("13 13 17")
    steps = list(fold_steps(table.settings, table.entries))
    assert [(step.entry.kind, step.number, step.dealer) for step in steps] == [
        (EntryKind.DEAL, 1, 0),
        (EntryKind.MISDEAL, 2, 1),  # dealt again: the same number and dealer
        (EntryKind.DEAL, 2, 1),
    ]
    assert steps[-1].after == fold(table.settings, table.entries) == table.state


def test_a_correction_that_would_end_the_match_earlier_is_refused():
    table = Table("Ann Bob Cat", over=50)
    for scores in ("0 0 43", "18 18 7", "0 0 43"):  # Cat on exactly 50 after deal 2 plays on
        table.deal(scores)

    def deal_2(scores):
        return lambda before: before.enter(dict(enumerate(scores)))

    with pytest.raises(RuleError, match="undo the entries after deal 2 first"):
        correct(table.settings, table.entries, 2, deal_2((17, 18, 8)))  # Cat on 51: over
    entries, state = correct(table.settings, table.entries, 2, deal_2((17, 19, 7)))
    assert state.totals == (17, 19, 93) and state.winner == 0
    assert entries[2] is table.entries[2]


def test_correcting_the_last_deal_can_call_a_tiebreak():
    table = Table("Ann Bob Cat", deals=3)
    for scores in ("10 10 23", "13 13 17", "7 6 30"):
        table.deal(scores)
    assert table.winner == "Bob"
    _, state = correct(table.settings, table.entries, 3, lambda before: before.enter({0: 7, 1: 7, 2: 29}))
    assert state.winner is None and state.tiebreak == ((0, 1), 1)


@settings(max_examples=50, deadline=None)
@given(st.lists(st.sampled_from(["deal", "misdeal", "renege"]), min_size=1, max_size=40), st.randoms())
def test_folding_all_at_once_equals_applying_one_at_a_time(moves, rnd):
    table = Table("Ann Bob Cat Dan", over=100)
    for move in moves:
        if table.state.finished:
            break
        if move == "misdeal":
            table.misdeal()
        elif move == "renege":
            table.renege(table.name(rnd.choice(table.state.next.players)))
        else:
            seats = table.state.next.players
            hearts = [rnd.choice(seats) for _ in range(table.state.next.deal_total - 30)]
            scores = {s: hearts.count(s) for s in seats}
            for value in (13, 10, 7):
                scores[rnd.choice(seats)] += value
            table._add(table.state.enter(scores))
    # Undo is dropping the last entry: folding the rest gives back the state before it.
    if table.entries:
        assert fold(table.settings, table.entries[:-1], strict=True) == table.before[-1]


def test_a_snapshot_restores_the_state_it_was_taken_from():
    table = Table("Ann Bob Cat Dan", deals=4)
    for _ in range(3):
        table.deal("10 10 10 13")
    table.deal("0 0 0 43")
    table.deal("10 10 23")
    restored = MatchState.from_snapshot(table.settings, table.state.snapshot())
    assert restored == table.state and restored.next == table.state.next
    import json

    assert json.loads(json.dumps(table.state.snapshot())) == table.state.snapshot()

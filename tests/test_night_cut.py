"""A progressive night's cut of ties, its ladder, what the plan says of it, and the minimum of rounds."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorepad.core.errors import RuleError
from scorepad.core.night.movement.progressive import Kept, climb, cut_ties
from scorepad.core.night.scores import Finish, TableResult, minimum_rounds, night_standings
from scorepad.core.night.seating import Seating
from scorepad.core.night.state import Joined, Left, Move, NightSettings, NightState, RoundPlayed
from tests.nights import CLUB, finished, groups

# The cut: a seeded draw among players tied for a place, nowhere else.


@st.composite
def tables(draw):
    """A round's results: tables of 3 to 6, each with places drawn as a finishing order with ties."""
    results, names = [], iter(f"P{n:03}" for n in range(1000))
    for _ in range(draw(st.integers(1, 5))):
        size = draw(st.integers(3, 6))
        cuts = sorted(draw(st.sets(st.integers(1, size - 1), max_size=size - 1)))
        finishes, place = [], 1
        for at in range(size):
            if at in cuts:
                place = at + 1
            finishes.append(Finish(next(names), place, 10 * place))
        results.append(TableResult(tuple(finishes), deals=size))
    return tuple(results)


@given(tables(), st.integers(0, 10**6))
def test_the_cut_only_orders_tied_players_and_the_same_seed_cuts_the_same(results, seed):
    orders = cut_ties(results, random.Random(seed))
    assert orders == cut_ties(results, random.Random(seed))
    for result, order in zip(results, orders, strict=True):
        places = {finish.name: finish.place for finish in result.finishes}
        assert sorted(order) == sorted(result.names)
        assert [places[name] for name in order] == [finish.place for finish in result.finishes]


def test_the_cut_gives_each_tied_player_a_chance_at_the_moving_place():
    result = (finished("Ann Bob Cat=Dan"),)
    last = {cut_ties(result, random.Random(seed))[0][-1] for seed in range(40)}
    assert last == {"Cat", "Dan"}  # not always the later seat


def night_of(players: int = 12, seed: int = 1) -> NightState:
    return NightState.start(NightSettings(tuple(CLUB[:players]), 4, seating=Seating.LISTED, seed=seed))


def tied_for_last_at_table_1(seed: int) -> NightState:
    night = night_of(seed=seed)
    return night.apply(
        RoundPlayed((finished("Cat Ann Dan=Bob"), finished("Hal Gus Eva Fay"), finished("Kim Lea Ivy Jon")))
    )


@pytest.mark.parametrize("seed", range(6))
def test_a_tie_for_last_sends_the_one_the_cut_puts_last_down_and_says_so(seed):
    night = tied_for_last_at_table_1(seed)
    ((number, orders),) = night.cuts
    assert number == 1 and orders[0][:2] == ("Cat", "Ann") and set(orders[0][2:]) == {"Dan", "Bob"}
    down, stays = orders[0][3], orders[0][2]
    assert down in groups(night)[1] and stays in groups(night)[0]
    why = climb(night)
    assert why is not None and not why.cut_again and why.kept == ()
    (tie,) = why.ties
    assert (tie.table, tie.players, tie.last, tie.first, tie.down, tie.up) == (
        1,
        (stays, down),
        True,
        False,
        (down,),
        (),
    )


def test_the_cut_is_kept_and_a_night_read_back_says_the_same():
    night = tied_for_last_at_table_1(3)
    kept = NightState.resume(night.settings, night.rounds, night.results, night.attendance(), (), night.cuts)
    assert kept == night and climb(kept) == climb(night)
    wrong = ((1, (("Cat", "Dan", "Ann", "Bob"), *night.cuts[0][1][1:])),)  # Dan (3rd) ahead of Ann (2nd)
    with pytest.raises(RuleError, match="not its finishing order"):
        NightState.resume(night.settings, night.rounds, night.results, night.attendance(), (), wrong)


def test_moves_name_every_player_whose_table_changed_and_every_joiner():
    night = night_of().apply(Joined("Zoe"))
    night = night.apply(
        RoundPlayed((finished("Cat Ann Dan Bob"), finished("Hal Gus Eva Fay"), finished("Kim Lea Ivy Jon")))
    )
    # The ladder Cat Ann Dan Hal | Bob Gus Eva Kim | Fay Lea Ivy Jon Zoe, cut again into 4, 3, 3, 3.
    moved = {move.name: (move.source, move.to) for move in night.moves()}
    assert moved == {"Hal": (2, 1), "Bob": (1, 2), "Fay": (2, 3), "Ivy": (3, 4), "Jon": (3, 4), "Zoe": (None, 4)}
    assert all(isinstance(move, Move) for move in night.moves())
    why = climb(night)
    assert why is not None and why.joined == ("Zoe",) and why.kept == (Kept("Kim", 3, won=True),)


def test_a_winner_who_stays_when_the_tables_are_cut_again_is_said_with_why():
    # Cat leaves table 1: Hal, winner of table 2, moves up into the gap; Bob, last of table 1, stays there.
    night = night_of(12).apply(Left("Cat")).apply(Left("Kim"))
    night = night.apply(
        RoundPlayed((finished("Cat Ann Dan Bob"), finished("Hal Gus Eva Fay"), finished("Kim Lea Ivy Jon")))
    )
    why = climb(night)
    assert why is not None and why.cut_again and why.left == ("Cat", "Kim")
    assert Kept("Bob", 1, won=False) in why.kept
    assert groups(night)[0] == {"Ann", "Dan", "Bob", "Hal"}


def test_round_1_has_nothing_to_explain():
    assert climb(night_of()) is None and night_of().moves() == ()


# The minimum of rounds and firsts.


def test_the_minimum_is_half_the_rounds_counted_rounded_up_or_the_nights_never_above_the_rounds_counted():
    assert [minimum_rounds(counted) for counted in range(6)] == [0, 1, 1, 2, 2, 3]
    assert minimum_rounds(1, 3) == 1 and minimum_rounds(4, 3) == 3


def test_a_player_below_the_minimum_is_ranked_after_everyone_who_reached_it_in_the_same_order():
    rounds = [
        finished("Ann Bob Cat"),
        finished("Dan Eva Fay"),
        finished("Bob Cat Eva"),
        finished("Fay Dan Gus"),
    ]
    players = ["Ann", "Bob", "Cat", "Dan", "Eva", "Fay", "Gus"]
    lines = night_standings(players, rounds, minimum=2)
    assert [line.name for line in lines] == ["Bob", "Dan", "Fay", "Cat", "Eva", "Ann", "Gus"]
    assert [line.place for line in lines] == [1, 1, 3, 4, 4, 6, 7]
    assert [line.qualified for line in lines] == [True] * 5 + [False] * 2
    assert lines[5].score == 100 and lines[5].place == 6  # Ann won her one table, below all who played two
    assert lines[6].score == 0 and lines[6].place == 7


def test_a_table_abandoned_before_its_first_deal_gives_nobody_a_first():
    untouched = TableResult(tuple(Finish(name, 1, 0) for name in ("Ann", "Bob", "Cat")), deals=0)
    lines = night_standings(["Ann", "Bob", "Cat"], [untouched])
    assert [line.firsts for line in lines] == [0, 0, 0]
    assert all(line.score == Fraction(50) for line in lines)


def test_the_nights_minimum_is_1_to_its_rounds():
    NightSettings(tuple(CLUB[:8]), 4, rounds=4, min_rounds=4)
    for wrong in (0, 5):
        with pytest.raises(RuleError, match="minimum of rounds"):
            NightSettings(tuple(CLUB[:8]), 4, rounds=4, min_rounds=wrong)


def test_the_fold_ranks_by_the_nights_minimum():
    night = NightState.start(NightSettings(tuple(CLUB[:8]), 4, rounds=3, seating=Seating.LISTED, min_rounds=2))
    night = night.apply(Joined("Zoe")).apply(Left("Ann"))
    night = night.apply(RoundPlayed((finished("Ann Bob Cat Dan"), finished("Eva Fay Gus Hal"))))
    # One round counted: the minimum is 1 so far, which only Zoe, who has not played yet, is below.
    assert [line.name for line in night.standings() if not line.qualified] == ["Zoe"]
    night = night.apply(RoundPlayed(tuple(finished(" ".join(table.players)) for table in night.tables)))
    below = [line.name for line in night.standings() if not line.qualified]
    assert sorted(below) == ["Ann", "Zoe"] and [line.name for line in night.standings()][-2:] == below

"""A club night as a fold: the movement between rounds, players leaving and joining, the end of the night."""

from dataclasses import replace
from fractions import Fraction
from itertools import combinations

import pytest

from scorepad.core.errors import NotationError, RuleError, UnknownNameError
from scorepad.core.night.movement import WAYS, Movement
from scorepad.core.night.movement.mixed import least_repeats, repeats
from scorepad.core.night.movement.no_repeats import without_repeats
from scorepad.core.night.movement.progressive import climbed
from scorepad.core.night.seating import Seating, cut, draw, table_sizes
from scorepad.core.night.state import (
    MAX_PLAYERS,
    Attendance,
    Joined,
    Left,
    NightOver,
    NightSettings,
    NightState,
    RoundPlayed,
    fold_night,
)
from tests.nights import CLUB, finished, groups, in_seat_order


def test_one_table_gives_every_movement_its_way():
    """A movement is told apart from another only by its line in ``WAYS``: the night asks it, never compares."""
    assert list(WAYS) == list(Movement)
    assert all(way.seat.__name__ == f"seat_{movement.value}" for movement, way in WAYS.items())


# Progressive movement.


def test_the_ladder_swaps_the_loser_of_each_table_with_the_winner_of_the_next():
    ladder = ["A1", "A2", "A3", "A4", "B1", "B2", "B3", "B4", "C1", "C2", "C3"]
    assert climbed(ladder, [4, 4, 3]) == ["A1", "A2", "A3", "B1", "A4", "B2", "B3", "C1", "B4", "C2", "C3"]


def test_progressive_winners_move_up_and_losers_down():
    night = NightState.start(NightSettings(tuple(CLUB[:12]), 4, seating=Seating.LISTED, seed=1))
    night = night.apply(
        RoundPlayed(
            (
                finished("Cat Ann Dan Bob"),
                finished("Hal Gus Eva Fay"),
                finished("Kim Lea Ivy Jon"),
            )
        )
    )
    # Bob, last of table 1, goes down; Hal, first of table 2, up; Fay down and Kim up.
    assert groups(night) == [{"Cat", "Ann", "Dan", "Hal"}, {"Bob", "Gus", "Eva", "Kim"}, {"Fay", "Lea", "Ivy", "Jon"}]
    assert night.round == 2


def test_progressive_takes_leavers_out_of_the_ladder_and_adds_joiners_at_its_end():
    night = NightState.start(NightSettings(tuple(CLUB[:12]), 4, seating=Seating.LISTED, seed=1))
    night = night.apply(Left("Gus")).apply(Joined("Zoe")).apply(Joined("Yan"))
    night = night.apply(
        RoundPlayed((finished("Cat Ann Dan Bob"), finished("Hal Gus Eva Fay"), finished("Kim Lea Ivy Jon")))
    )
    # The ladder: Cat Ann Dan Hal | Bob Eva Kim | Fay Lea Ivy Jon Zoe Yan, 13 players: 4, 3, 3, 3.
    assert groups(night) == [
        {"Cat", "Ann", "Dan", "Hal"},
        {"Bob", "Eva", "Kim"},
        {"Fay", "Lea", "Ivy"},
        {"Jon", "Zoe", "Yan"},
    ]


def test_progressive_draws_the_seats_at_each_table_so_that_moving_does_not_decide_who_deals():
    dealers = set()
    for seed in range(20):
        night = NightState.start(NightSettings(tuple(CLUB[:12]), 4, seating=Seating.LISTED, seed=seed))
        night = night.apply(in_seat_order(night))
        assert groups(night)[0] == {"Ann", "Bob", "Cat", "Eva"}
        dealers.add(night.tables[0].dealer)
        assert all(table.first_dealer == 0 for table in night.tables)
    assert dealers == {"Ann", "Bob", "Cat", "Eva"}


# Staying at the same tables.


def test_stay_keeps_the_tables_and_moves_the_first_deal_one_seat_left_each_round():
    night = NightState.start(NightSettings(tuple(CLUB[:7]), 4, movement=Movement.STAY, seating=Seating.LISTED))
    dealers = []
    for _ in range(4):
        dealers.append([table.dealer for table in night.tables])
        assert [table.players for table in night.tables] == [("Ann", "Bob", "Cat", "Dan"), ("Eva", "Fay", "Gus")]
        night = night.apply(in_seat_order(night))
    assert dealers == [["Ann", "Eva"], ["Bob", "Fay"], ["Cat", "Gus"], ["Dan", "Eva"]]
    assert night.over


def test_a_night_of_one_table_is_a_series_of_matches_with_one_set_of_standings():
    night = NightState.start(NightSettings(("Ann", "Bob", "Cat"), 4, rounds=3, movement=Movement.STAY, seed=9))
    for order in ("Ann Bob Cat", "Bob Ann Cat", "Ann Cat Bob"):
        assert len(night.tables) == 1
        night = night.apply(RoundPlayed((finished(order),)))
    standings = night.standings()
    assert [(line.place, line.name, line.firsts) for line in standings] == [
        (1, "Ann", 2),
        (2, "Bob", 1),
        (3, "Cat", 0),
    ]
    assert standings[0].score == Fraction(250, 3)  # 100, 50, 100


def test_stay_frees_a_leavers_seat_and_seats_a_joiner_at_the_smallest_table():
    night = NightState.start(NightSettings(tuple(CLUB[:8]), 4, movement=Movement.STAY, seating=Seating.LISTED))
    night = night.apply(Left("Bob")).apply(Joined("Zoe"))
    night = night.apply(in_seat_order(night))
    assert [table.players for table in night.tables] == [("Ann", "Cat", "Dan", "Zoe"), ("Eva", "Fay", "Gus", "Hal")]
    # Bob was next left of Ann, the first dealer: the deal passes over his empty seat to Cat.
    assert [table.dealer for table in night.tables] == ["Cat", "Fay"]


def test_stay_refuses_a_leave_that_would_leave_a_table_too_small():
    night = NightState.start(NightSettings(tuple(CLUB[:7]), 4, movement=Movement.STAY, seating=Seating.LISTED))
    with pytest.raises(RuleError) as refused:
        night.apply(Left("Eva"))
    assert str(refused.value) == "Eva cannot leave: table 2 would have 2 players: a table has 3 to 6 players"


def test_stay_refuses_a_join_when_every_table_is_full():
    night = NightState.start(NightSettings(tuple(CLUB[:6]), 6, movement=Movement.STAY))
    with pytest.raises(RuleError, match="Zoe cannot join: table 1 would have 7 players: a table has 3 to 6 players"):
        night.apply(Joined("Zoe"))


# Mixed movement.


@pytest.mark.parametrize(("players", "size"), [(16, 4), (12, 3), (24, 4)])
def test_mixed_finds_a_night_in_which_no_pair_meets_twice(players, size):
    names = tuple(f"P{number:02}" for number in range(players))
    night = NightState.start(NightSettings(names, size, movement=Movement.MIXED, seed=11))
    for _ in range(3):
        night = night.apply(in_seat_order(night))
    assert repeats([table.players for table in tables] for tables in night.rounds) == 0
    assert len(night.rounds) == 4 and all(len(tables) == players // size for tables in night.rounds)


def test_every_night_of_up_to_24_players_that_can_meet_no_pair_twice_in_4_rounds_does():
    """Round 2 must repeat a pair when the largest table seats more than there are tables (two of it met in
    round 1); every other night of up to 24 players has 4 rounds without a repeat, and mixed finds them."""
    for players in range(9, 25):
        for size in range(3, 7):
            try:
                sizes = table_sizes(players, size)
            except RuleError:
                continue
            if len(sizes) < max(sizes):
                assert least_repeats(sizes, sizes) > 0
                continue
            names = tuple(f"P{number:02}" for number in range(players))
            night = NightState.start(NightSettings(names, size, movement=Movement.MIXED, seed=1))
            for _ in range(3):
                night = night.apply(in_seat_order(night))
            assert repeats([table.players for table in tables] for tables in night.rounds) == 0, f"{players} at {sizes}"


def test_the_exact_search_finds_rounds_without_repeats_or_says_there_are_none():
    played = cut(range(22), (5, 5, 4, 4, 4))
    met = [[0] * 22 for _ in range(22)]
    for table in played:
        for a, b in combinations(table, 2):
            met[a][b] = met[b][a] = 1
    before = [list(row) for row in met]
    found = without_repeats(met, (5, 5, 4, 4, 4), 3, draw(1, 2, "mixed"))
    assert found is not None and met == before
    assert repeats([played, *found]) == 0
    assert all([len(table) for table in tables] == [5, 5, 4, 4, 4] for tables in found)
    everyone_met = [[int(a != b) for b in range(22)] for a in range(22)]
    assert without_repeats(everyone_met, (5, 5, 4, 4, 4), 1, draw(1, 2, "mixed")) is None


def test_mixed_repeats_as_few_pairs_as_can_be_when_some_must_meet_again():
    names = tuple(f"P{number:02}" for number in range(12))
    night = NightState.start(NightSettings(names, 4, movement=Movement.MIXED, seed=11))
    night = night.apply(in_seat_order(night))
    # Round 2: each table of 4 holds 4 players of 3 tables of round 1, so two who met: 3 pairs at least.
    assert repeats([table.players for table in tables] for tables in night.rounds) == 3
    for _ in range(2):
        night = night.apply(in_seat_order(night))
    # 13 is the fewest any rounds 2 to 4 can make after round 1: a search of every draw finds no fewer.
    assert repeats([table.players for table in tables] for tables in night.rounds) == 13


def test_mixed_draws_again_when_a_player_leaves_or_joins():
    names = tuple(f"P{number:02}" for number in range(16))
    night = NightState.start(NightSettings(names, 4, movement=Movement.MIXED, seed=3))
    night = night.apply(in_seat_order(night))
    assert len(night.planned) == 2  # rounds 3 and 4, drawn with round 2
    night = night.apply(Left("P00")).apply(Joined("New"))
    night = night.apply(in_seat_order(night))
    seated = sorted(name for table in night.tables for name in table.players)
    assert "P00" not in seated and "New" in seated and len(seated) == 16
    assert len(night.planned) == 1
    assert repeats([table.players for table in tables] for tables in night.rounds) == 0


# The night as a fold.


def test_a_night_is_settings_and_events_folded_the_same_every_time():
    settings = NightSettings(tuple(CLUB), 4, rounds=3, seed=77)
    night, events = NightState.start(settings), []
    for event in (Left("Ann"), Joined("Zoe")):
        night = night.apply(event)
        events.append(event)
    for _ in range(2):
        events.append(in_seat_order(night))
        night = night.apply(events[-1])
    assert fold_night(settings, events) == night
    assert not night.over and night.round == 3
    events.append(in_seat_order(night))
    night = fold_night(settings, events)
    assert night.over and len(night.results) == 3
    assert night.players == (*CLUB, "Zoe")
    assert {line.name for line in night.standings()} == {*CLUB, "Zoe"}


def test_a_round_is_played_by_the_tables_it_seated():
    night = NightState.start(NightSettings(tuple(CLUB[:8]), 4, seating=Seating.LISTED))
    with pytest.raises(RuleError, match="round 1 has 2 tables, not 1"):
        night.apply(RoundPlayed((finished("Ann Bob Cat Dan"),)))
    with pytest.raises(RuleError, match="table 2 seats Eva, Fay, Gus, Hal, not Eva, Fay, Gus, Zoe"):
        night.apply(RoundPlayed((finished("Ann Bob Cat Dan"), finished("Eva Fay Gus Zoe"))))


def test_after_the_last_round_the_night_is_over():
    night = NightState.start(NightSettings(("Ann", "Bob", "Cat"), 4, rounds=1))
    night = night.apply(in_seat_order(night))
    assert night.over and night.round == 1
    for event in (in_seat_order(night), Left("Ann"), Joined("Zoe")):
        with pytest.raises(NightOver, match=r"^the night is over$"):
            night.apply(event)


def test_nobody_leaves_or_joins_during_the_last_round():
    night = NightState.start(NightSettings(tuple(CLUB[:6]), 3, rounds=2, seed=1))
    night = night.apply(in_seat_order(night))
    with pytest.raises(RuleError, match="round 2 is the night's last: nobody joins or leaves after it"):
        night.apply(Left("Ann"))


def test_who_may_leave():
    night = NightState.start(NightSettings(tuple(CLUB[:9]), 4, seed=1))  # tables of 3, 3, 3
    with pytest.raises(UnknownNameError, match="no player 'Zed' in this night"):
        night.apply(Left("Zed"))
    gone = night.apply(Left("ann"))  # names ignore case, as in a match
    assert gone.leaving == ("Ann",)
    with pytest.raises(RuleError, match="Ann leaves after this round already"):
        gone.apply(Left("Ann"))
    gone = gone.apply(in_seat_order(gone))
    with pytest.raises(RuleError, match="Ann has left the night"):
        gone.apply(Left("Ann"))
    fewer = gone.apply(Left("Bob")).apply(Left("Cat"))  # 6 players left: tables of 3 and 3
    with pytest.raises(RuleError) as refused:
        fewer.apply(Left("Dan"))
    assert (
        str(refused.value)
        == "Dan cannot leave: 5 players at tables of 4 gives a table of 2: a table has 3 to 6 players"
    )


def test_who_may_join():
    night = NightState.start(NightSettings(tuple(CLUB[:8]), 4, seed=1))
    with pytest.raises(RuleError, match="Ann is a player of this night already"):
        night.apply(Joined("ANN"))
    with pytest.raises(NotationError, match="a player's name has no spaces"):
        night.apply(Joined("Zoe Z"))
    came = night.apply(Joined("Zoe"))
    assert came.joining == ("Zoe",) and came.players[-1] == "Zoe"
    left = came.apply(Left("zoe"))  # leaves before playing a round: as if she never came
    assert left.joining == () and "Zoe" not in left.players


def test_a_join_past_the_most_players_is_refused():
    names = tuple(f"P{number:03}" for number in range(MAX_PLAYERS))
    night = NightState.start(NightSettings(names, 4))
    with pytest.raises(RuleError, match="Zoe cannot join: a night has 3 to 200 players, not 201"):
        night.apply(Joined("Zoe"))


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"players": ("Ann", "Bob")}, "a night has 3 to 200 players, not 2"),
        ({"players": tuple(CLUB[:5]), "decks": 2}, "a night has 6 to 200 players, not 5"),
        ({"players": tuple(f"P{n}" for n in range(201))}, "a night has 3 to 200 players, not 201"),
        ({"players": ("Ann", "Bob", "ann")}, "'Ann' and 'ann' are one name"),
        ({"table_size": 6, "decks": 2}, "14 players at tables of 6 gives 5, 5, 4: a table has 6 to 10 players"),
        ({"rounds": 0}, "a night has 1 to 20 rounds, not 0"),
        ({"rounds": 21}, "a night has 1 to 20 rounds, not 21"),
        ({"seed": -1}, "a seed is a whole number from 0 to 999999999999999999, not -1"),
        ({"deals_per_player": 0}, "a round has 1 to 10 deals per player, not 0"),
        ({"deals_per_player": 11}, "a round has 1 to 10 deals per player, not 11"),
        ({"decks": 3}, "decks is 1 or 2, not 3"),
    ],
)
def test_a_night_that_cannot_be_seated_is_refused(settings, message):
    given = {"players": tuple(CLUB), "table_size": 4} | settings
    with pytest.raises((RuleError, NotationError)) as refused:
        NightSettings(**given)
    assert message in str(refused.value)


@pytest.mark.parametrize(("players", "size", "decks"), [(8, 7, 1), (12, 11, 1), (12, 11, 2), (20, 19, 2)])
def test_a_night_starts_only_at_tables_its_decks_seat_whatever_tables_the_players_would_make(players, size, decks):
    """Eight players at tables of 7 would make two tables of 4: the size itself is out of bounds all the same."""
    least, most = (3, 6) if decks == 1 else (6, 10)
    settings = NightSettings(tuple(f"P{n}" for n in range(players)), size, decks=decks)
    with pytest.raises(RuleError) as refused:
        NightState.start(settings)
    assert str(refused.value) == f"a table has {least} to {most} players, not {size}"


def test_a_night_begun_at_tables_of_7_by_an_earlier_scorepad_is_read_back_and_plays_on():
    begun = NightState.start(NightSettings(tuple(CLUB[:8]), 6, rounds=2, seating=Seating.LISTED))
    kept = replace(begun.settings, table_size=7)  # as such a night is kept: it seated two tables of 4
    night = NightState.resume(kept, begun.rounds, begun.results, begun.attendance())
    assert [len(table.players) for table in night.apply(in_seat_order(night)).tables] == [4, 4]


# A night as the store keeps it.


def test_a_night_resumed_from_what_the_store_keeps_is_the_night_and_needs_no_new_draw():
    settings = NightSettings(tuple(CLUB[:12]), 4, rounds=3, movement=Movement.MIXED, seed=4)
    night = NightState.start(settings).apply(Left("Bob")).apply(Joined("Zoe"))
    night = night.apply(in_seat_order(night)).apply(Joined("Yan"))
    attendance = night.attendance()
    assert [(line.name, line.joined, line.left) for line in attendance if line.joined or line.left] == [
        ("Bob", None, 1),
        ("Zoe", 2, None),
        ("Yan", 3, None),
    ]
    kept = NightState.resume(settings, night.rounds, night.results, attendance, night.planned)
    assert kept == night and kept.joining == ("Yan",)


def test_a_kept_night_whose_parts_do_not_agree_is_refused():
    settings = NightSettings(tuple(CLUB[:8]), 4, seating=Seating.LISTED)
    night = NightState.start(settings)
    night = night.apply(in_seat_order(night))
    attendance = night.attendance()
    with pytest.raises(RuleError, match="cannot have 3 seated and 1 played"):
        NightState.resume(settings, [*night.rounds, night.tables], night.results, attendance)
    swapped = (night.rounds[0], (night.tables[0], replace(night.tables[1], players=("Eva", "Fay", "Gus", "Zed"))))
    with pytest.raises(RuleError, match=r"round 2 seats .*Zed, not the night.s players then"):
        NightState.resume(settings, swapped, night.results, attendance)
    with pytest.raises(RuleError, match="who joined and left the night does not agree with its rounds"):
        NightState.resume(settings, night.rounds, night.results, (*attendance, Attendance("Zoe", joined=4)))

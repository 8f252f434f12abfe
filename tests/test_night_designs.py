"""Mixed movement at the Social Golfer Problem's known results: designs where they exist, a search elsewhere."""

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from scorepad.core.errors import RuleError
from scorepad.core.night.movement import Movement
from scorepad.core.night.movement.designs import known_design
from scorepad.core.night.movement.fields import galois
from scorepad.core.night.movement.mixed import mixed_rounds, random_rounds, repeats
from scorepad.core.night.seating import cut, draw, shuffled, table_sizes
from scorepad.core.night.state import Left, NightSettings, NightState
from tests.nights import in_seat_order


def names(count):
    return tuple(f"P{number:03}" for number in range(count))


def planned_night(players, size, rounds, seed=1):
    """Every round of a mixed night as it is planned when it starts: round 1 drawn, the rest planned after it."""
    night = NightState.start(NightSettings(names(players), size, rounds=rounds, movement=Movement.MIXED, seed=seed))
    assert len(night.planned) == rounds - 1
    return [[table.players for table in night.tables], *night.planned]


@pytest.mark.parametrize("q", [2, 3, 4, 5, 7, 8, 9, 16])
def test_a_finite_field_has_inverses_and_distributes(q):
    field = galois(q)
    assert field is not None and all(1 in field.mul[a] for a in range(1, q))
    everything = range(q)
    assert all(
        field.mul[a][field.add[b][c]] == field.add[field.mul[a][b]][field.mul[a][c]]
        for a in everything
        for b in everything
        for c in everything
    )
    assert galois(6) is None and galois(12) is None


@pytest.mark.parametrize(
    ("players", "size", "rounds"),
    [
        (9, 3, 4),
        (15, 3, 7),
        (21, 3, 10),
        (27, 3, 13),
        (33, 3, 16),
        (39, 3, 19),
        (16, 4, 5),
        (20, 4, 5),
        (24, 4, 7),
        (28, 4, 9),
        (32, 4, 10),
        (40, 4, 13),
        (52, 4, 17),
        (76, 4, 25),
        (64, 4, 21),
        (25, 5, 6),
    ],
)
def test_each_known_design_seats_everyone_each_round_and_no_pair_twice(players, size, rounds):
    design = known_design(players, size)
    assert len(design) == rounds
    assert all(sorted(point for table in tables for point in table) == list(range(players)) for tables in design)
    assert all(len(table) == size for tables in design for table in tables)
    assert repeats(design) == 0


@pytest.mark.parametrize(("players", "size", "rounds"), [(15, 3, 7), (20, 4, 5), (24, 4, 7), (32, 4, 10), (200, 4, 20)])
def test_nights_the_social_golfer_problem_solves_meet_no_pair_twice(players, size, rounds):
    """Kirkman's schoolgirls, 20, 24 and 32 at tables of 4 from designs; 200 players over 20 rounds greedily."""
    assert repeats(planned_night(players, size, rounds)) == 0


def test_two_seeds_put_the_players_on_a_design_differently():
    assert planned_night(15, 3, 7, seed=1)[1:] != planned_night(15, 3, 7, seed=2)[1:]


def test_a_leave_plans_the_rounds_to_come_again_and_keeps_those_played():
    night = NightState.start(NightSettings(names(16), 4, rounds=5, movement=Movement.MIXED, seed=5))
    night = night.apply(in_seat_order(night)).apply(Left("P000"))
    played = [[table.players for table in tables] for tables in night.rounds]
    night = night.apply(in_seat_order(night))
    assert [[table.players for table in tables] for tables in night.rounds[:2]] == played
    assert all("P000" not in table.players for table in night.tables)
    assert len(night.planned) == 2 and all("P000" not in table for tables in night.planned for table in tables)
    assert all(len(tables) == 4 for tables in [night.tables, *night.planned])  # 15 at tables of 4, 4, 4, 3


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(9, 40),
    size=st.integers(3, 6),
    rounds=st.integers(1, 5),
    gone=st.integers(0, 3),
    seed=st.integers(0, 2**32),
)
def test_every_round_planned_seats_each_player_once_at_tables_of_the_size_rule(players, size, rounds, gone, seed):
    everyone = list(names(players))
    try:
        sizes = table_sizes(players - gone, size)
        first = table_sizes(players, size)
    except RuleError:
        assume(False)
    played = [cut(shuffled(everyone, draw(seed, 1, "seating")), first)]
    here = everyone[gone:]  # the first few left after round 1
    planned = mixed_rounds(here, sizes, rounds, played, draw(seed, 2, "mixed"))
    assert len(planned) == rounds
    assert all(sorted(name for table in tables for name in table) == sorted(here) for tables in planned)
    assert all(tuple(map(len, tables)) == sizes for tables in planned)
    assert planned == mixed_rounds(here, sizes, rounds, played, draw(seed, 2, "mixed"))  # the seed replays it
    plain = min(repeats([*played, *random_rounds(here, sizes, rounds, draw(seed, n, "plain"))]) for n in range(100))
    assert repeats([*played, *planned]) <= plain


def met_by(design, players):
    met = {player: set() for player in range(players)}
    for tables in design:
        for table in tables:
            for player in table:
                met[player] |= set(table) - {player}
    return met


def test_a_developed_design_seats_each_player_with_all_but_their_own_group():
    """24 at tables of 4 for 7 rounds: each player meets 21 of the other 23, all but the two of their group."""
    met = met_by(known_design(24, 4), 24)
    groups = [{x, 7 + x, 14 + x} for x in range(7)] + [{21, 22, 23}]
    assert all(met[player] == set(range(24)) - group for group in groups for player in group)


def test_32_players_over_10_rounds_meet_everyone_but_a_partner():
    """The Social Golfer Problem's 32 golfers over 10 weeks: player 2q never meets 2q + 1, and meets the 30 others."""
    met = met_by(known_design(32, 4), 32)
    assert all(met[player] == set(range(32)) - {player, player ^ 1} for player in range(32))


@pytest.mark.parametrize(("players", "size"), [(15, 3), (21, 3), (33, 3), (39, 3), (28, 4), (40, 4), (52, 4), (76, 4)])
def test_kirkman_systems_and_their_tables_of_4_seat_every_pair_once(players, size):
    """Resolvable designs in which every player meets every other: v = 3 mod 6 at tables of 3, 4 mod 12 at 4."""
    met = met_by(known_design(players, size), players)
    assert all(met[player] == set(range(players)) - {player} for player in range(players))

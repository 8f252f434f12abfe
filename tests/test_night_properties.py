"""Properties of a club night: whatever happens, everyone sits once, tables stay in bounds, a seed replays the night."""

import json
import os
import subprocess
import sys
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from scorepad.core.errors import RuleError
from scorepad.core.night.movement import Movement, tabu
from scorepad.core.night.movement.mixed import mixed_rounds, random_rounds, repeats
from scorepad.core.night.scores import Finish, TableResult
from scorepad.core.night.seating import Seating, cut, draw, table_bounds, table_sizes
from scorepad.core.night.state import Joined, Left, NightSettings, NightState, RoundPlayed, fold_night
from scorepad.core.standings import places

ROOT = Path(__file__).resolve().parents[1]


@st.composite
def nights(draw_from):
    """Settings of a night that can be seated: 3 to 40 players, tables of 3 to 6 (6 to 10 with two decks)."""
    decks = draw_from(st.sampled_from([1, 1, 1, 2]))
    least, most = table_bounds(decks)
    size = draw_from(st.integers(least, most))
    count = draw_from(st.integers(least, 40).filter(lambda n: fits(n, size, decks)))
    return NightSettings(
        tuple(f"P{number:02}" for number in range(count)),
        size,
        rounds=draw_from(st.integers(1, 5)),
        movement=draw_from(st.sampled_from(Movement)),
        seating=draw_from(st.sampled_from(Seating)),
        seed=draw_from(st.integers(0, 10**18 - 1)),
        decks=decks,
    )


def fits(players, size, decks):
    try:
        table_sizes(players, size, decks)
    except RuleError:
        return False
    return True


def results(data, state):
    """Each table's finishing order from totals drawn at random: ties as a match gives them."""
    played = []
    for table in state.tables:
        totals = data.draw(st.lists(st.integers(0, 60), min_size=len(table.players), max_size=len(table.players)))
        winner = data.draw(st.sampled_from([None, *range(len(totals))]))
        finishes = (Finish(table.players[seat], place, totals[seat]) for place, seat in places(totals, winner))
        played.append(TableResult(tuple(finishes), deals=len(totals)))
    return RoundPlayed(tuple(played))


def play_a_night(data, night):
    """Play the night to its end, players leaving and joining between rounds as drawn: the events that stood."""
    state, events, newcomers = NightState.start(night), [], 0
    while not state.over:
        for _ in range(data.draw(st.integers(0, 3)) if state.round < night.rounds else 0):
            if data.draw(st.booleans()):
                event = Left(data.draw(st.sampled_from(state.seated)))
            else:
                newcomers += 1
                event = Joined(f"N{newcomers:02}")
            try:
                state = state.apply(event)
            except RuleError:
                continue  # refused: the night stays as it was
            events.append(event)
            check_kept(state)
        events.append(results(data, state))
        state = state.apply(events[-1])
        check_round(night, state, state.rounds[-1])
        check_kept(state)
    return state, events


def check_kept(state):
    """The night as the store keeps it (its tables, who came and went, the rounds drawn ahead, the cuts) is the night."""
    kept = NightState.resume(state.settings, state.rounds, state.results, state.attendance(), state.planned, state.cuts)
    assert kept == state


def check_round(night, state, tables):
    seated = [name for table in tables for name in table.players]
    assert len(seated) == len(set(seated))  # nobody sits at two tables
    least, most = table_bounds(night.decks)
    assert all(least <= len(table.players) <= most for table in tables)
    assert [table.number for table in tables] == list(range(1, len(tables) + 1))
    if night.movement is not Movement.STAY:
        assert tuple(len(table.players) for table in tables) == table_sizes(len(seated), night.table_size, night.decks)


# The searches of mixed nights are cut short here: the properties hold for any amount of search.
@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(night=nights(), data=st.data())
def test_every_player_sits_at_one_table_each_round_within_bounds_and_the_seed_replays_the_night(night, data):
    with mock.patch.object(tabu, "MOST_WORK", 20_000):
        state, events = play_a_night(data, night)
        for number, tables in enumerate(state.rounds, start=1):
            check_round(night, state, tables)
            # Everyone of the night plays each round but those who left before it and those who joined after it.
            if number > 1:
                before = {name for table in state.rounds[number - 2] for name in table.players}
                now = {name for table in tables for name in table.players}
                assert now - before <= set(state.joined) and not (now - before) & set(night.players)
        assert fold_night(night, events) == state
        assert len(state.standings()) == len(state.players)
        assert {line.name for line in state.standings()} == set(state.players)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(9, 24),
    size=st.integers(3, 6),
    played=st.integers(1, 3),
    seed=st.integers(0, 2**32),
    other=st.integers(0, 2**32),
)
def test_mixed_movement_never_does_worse_than_a_plain_random_draw(players, size, played, seed, other):
    assume(fits(players, size, 1))
    names = [f"P{number:02}" for number in range(players)]
    sizes = table_sizes(players, size)
    history = [cut(names, sizes), *random_rounds(names, sizes, played - 1, draw(seed, 0, "history"))]
    mixed = mixed_rounds(names, sizes, 5 - played, history, draw(seed, 1, "mixed"))
    plain = random_rounds(names, sizes, 5 - played, draw(other, 1, "plain"))
    assert repeats([*history, *mixed]) <= repeats([*history, *plain])
    assert all([len(table) for table in tables] == list(sizes) for tables in mixed)
    assert all(sorted(name for table in tables for name in table) == names for tables in mixed)


def test_a_night_is_seated_alike_in_every_process_whatever_its_hash_seed():
    """Nothing in the draws hangs on the order of a set of names, which changes with each process's hash seed."""
    program = (
        "import json\n"
        "from scorepad.core.night.movement import Movement\n"
        "from scorepad.core.night.state import NightSettings, NightState, RoundPlayed\n"
        "from scorepad.core.night.scores import Finish, TableResult\n"
        "tables = []\n"
        "for movement in Movement:\n"
        "    night = NightState.start(NightSettings(tuple(f'P{n}' for n in range(14)), 4, movement=movement, seed=5))\n"
        "    for _ in range(3):\n"
        "        done = (TableResult(tuple(Finish(p, at + 1, at) for at, p in enumerate(t.players)), 1) for t in night.tables)\n"
        "        night = night.apply(RoundPlayed(tuple(done)))\n"
        "    tables.append([[t.players for t in round_] for round_ in night.rounds])\n"
        "print(json.dumps(tables))\n"
    )
    seen = set()
    for hash_seed in ("1", "2", "3"):
        environment = os.environ | {"PYTHONHASHSEED": hash_seed}
        ran = subprocess.run(
            [sys.executable, "-c", program], capture_output=True, text=True, env=environment, cwd=ROOT, check=True
        )
        seen.add(ran.stdout)
    assert len(seen) == 1 and json.loads(seen.pop())

"""A night planned ahead (``night plan``) and put right (``night rename``, ``night swap``).

A mixed or stay night is planned whole when it is made and again after a leave
or join, keeping the rounds played; the plan says every round it knows. A name
mistyped is put right everywhere; two players change places before their
tables start; each correction is kept in the night's trail and taken back by
its like.
"""

from __future__ import annotations

from itertools import combinations

import pytest

from scorepad.core.night.ahead import known_rounds
from scorepad.core.night.corrections import renamed, swapped
from scorepad.core.night.movement import Movement
from scorepad.core.night.seating import Seating
from scorepad.core.night.state import Joined, Left, NightSettings, NightState

from .nights import CLUB, in_seat_order
from .test_night_cli import EIGHT, finish_round, new_night


def stay(players: int = 8, rounds: int = 4) -> NightState:
    settings = NightSettings(tuple(CLUB[:players]), 4, rounds=rounds, movement=Movement.STAY, seating=Seating.LISTED)
    return NightState.start(settings)


def seated(rounds) -> list[list[tuple[str, ...]]]:
    return [[table.players for table in known.tables] for known in rounds]


# Stay: a joiner takes the deal in turn, and the night is planned whole.


def test_stay_gives_a_joiner_the_deal_in_turn_after_the_seat_before_theirs():
    night = stay(rounds=5)
    for _ in range(3):  # Ann, Bob and Cat have dealt first at table 1: Dan deals first in round 4
        night = night.apply(in_seat_order(night))
    assert night.tables[0].dealer == "Dan"
    night = night.apply(Joined("Zoe"))
    night = night.apply(in_seat_order(night))
    # Zoe sits last at table 1, after Dan: the deal comes to her, not back to Ann.
    assert night.tables[0].players == ("Ann", "Bob", "Cat", "Dan", "Zoe")
    assert night.tables[0].dealer == "Zoe"


def test_stay_passes_the_deal_on_to_a_joiner_after_the_seat_of_a_player_who_left():
    night = stay(rounds=5)
    for _ in range(3):  # round 4: Dan deals first at table 1
        night = night.apply(in_seat_order(night))
    night = night.apply(Left("Dan")).apply(Joined("Zoe"))
    night = night.apply(in_seat_order(night))
    assert night.tables[0].players == ("Ann", "Bob", "Cat", "Zoe")
    assert night.tables[0].dealer == "Zoe"  # Zoe took the last seat, after Dan's


def test_a_stay_night_is_planned_whole_and_again_after_a_join_keeping_the_round_played():
    night = stay()
    assert night.planned == ((("Ann", "Bob", "Cat", "Dan"), ("Eva", "Fay", "Gus", "Hal")),) * 3
    night = night.apply(in_seat_order(night)).apply(Joined("Zoe"))
    assert night.planned == ((("Ann", "Bob", "Cat", "Dan", "Zoe"), ("Eva", "Fay", "Gus", "Hal")),) * 2
    known = known_rounds(night)
    assert seated(known)[0] == seated(known)[1] == [("Ann", "Bob", "Cat", "Dan"), ("Eva", "Fay", "Gus", "Hal")]
    assert [[table.dealer for table in k.tables] for k in known] == [
        ["Ann", "Eva"],
        ["Bob", "Fay"],
        ["Cat", "Gus"],
        ["Dan", "Hal"],
    ]


def test_the_plan_of_a_mixed_night_is_the_night_as_it_is_then_played():
    settings = NightSettings(tuple(CLUB[:12]), 3, movement=Movement.MIXED, seed=21)
    night = NightState.start(settings)
    planned = known_rounds(night)
    for _ in range(3):
        night = night.apply(in_seat_order(night))
    assert [known.tables for known in planned] == list(night.rounds)  # seats and first dealers too


def test_a_mixed_night_is_planned_again_when_a_player_leaves_not_only_when_the_round_is_seated():
    night = NightState.start(NightSettings(tuple(CLUB[:13]), 4, movement=Movement.MIXED, seed=3))
    night = night.apply(in_seat_order(night))
    before = night.planned
    night = night.apply(Left("Ann"))
    assert night.planned != before
    assert all("Ann" not in table for tables in night.planned for table in tables)
    known = known_rounds(night)
    assert seated(known)[:2] == [[table.players for table in tables] for tables in night.rounds]
    for _ in range(2):
        night = night.apply(in_seat_order(night))
    assert [known.tables for known in known_rounds(night)] == list(night.rounds)


# Corrections in the core.


def test_a_rename_puts_the_name_right_in_every_round_played_and_planned():
    night = stay().apply(Joined("Zoe"))
    night = night.apply(in_seat_order(night))
    after, old, new = renamed(night, "ann", "Anna")
    assert (old, new) == ("Ann", "Anna")
    assert all("Ann" not in table.players for tables in after.rounds for table in tables)
    assert after.settings.players[0] == "Anna" and after.results[0][0].names[0] == "Anna"
    assert all("Anna" in tables[0] for tables in after.planned)
    with pytest.raises(Exception, match="Bob is a player of this night already"):
        renamed(night, "Ann", "bob")


def test_a_swap_changes_seat_and_table_and_plans_a_stay_night_again():
    after, *_ = swapped(stay(), "Ann", "Hal")
    assert [table.players for table in after.tables] == [("Hal", "Bob", "Cat", "Dan"), ("Eva", "Fay", "Gus", "Ann")]
    assert after.planned[0] == (("Hal", "Bob", "Cat", "Dan"), ("Eva", "Fay", "Gus", "Ann"))
    with pytest.raises(Exception, match="Ann cannot change places with themselves"):
        swapped(stay(), "Ann", "ann")


# At the command line.


def repeats_counted(plan: dict) -> int:
    """Pair meetings beyond the first, counted from the plan's tables."""
    met: dict[tuple[str, str], int] = {}
    for known in plan["rounds"]:
        for table in known["tables"]:
            for pair in combinations(sorted(table["players"]), 2):
                met[pair] = met.get(pair, 0) + 1
    return sum(times - 1 for times in met.values())


@pytest.mark.parametrize(("players", "size", "seed"), [(12, "4", "7"), (12, "3", "7"), (10, "4", "2")])
def test_the_plan_of_a_mixed_night_counts_its_repeats_as_its_tables_do(cli, players, size, seed):
    made = cli.json(
        "night", "new", "-p", ",".join(CLUB[:players]), "--table-size", size, "--movement", "mixed", "--seed", seed
    )
    plan = cli.json("night", "plan")
    assert plan["night"] == made["night"] and [r["round"] for r in plan["rounds"]] == [1, 2, 3, 4]
    assert plan["repeats"] == repeats_counted(plan)
    assert [t["players"] for t in plan["rounds"][0]["tables"]] == [t["players"] for t in made["tables"]]
    assert (players, size, plan["repeats"] > 0) != (12, "3", True)  # 12 at tables of 3 meet no pair twice


def test_the_plan_is_the_night_that_is_played_and_is_kept_in_the_store(cli):
    new_night(cli, "--movement", "mixed", players=",".join(CLUB[:12]))
    plan = cli.json("night", "plan")
    finish_round(cli)
    cli("night", "next")
    assert cli.json("night", "plan") == plan | {
        "round": 2,
        "rounds": [
            plan["rounds"][0],
            {**plan["rounds"][1], "tables": [t | {"match": 3 + t["table"]} for t in plan["rounds"][1]["tables"]]},
            *plan["rounds"][2:],
        ],
    }
    status = cli.json("night", "status")
    assert [t["players"] for t in status["tables"]] == [t["players"] for t in plan["rounds"][1]["tables"]]


def test_a_progressive_plan_knows_the_round_in_play_alone(cli):
    new_night(cli)
    plan = cli.json("night", "plan")
    assert [r["round"] for r in plan["rounds"]] == [1] and plan["repeats"] == 0
    said = cli("night", "plan").stdout.splitlines()
    assert said[1:] == [
        "Round 1, in play:",
        "  Table 1 (match 1): Ann, Bob, Cat, Dan; Ann deals.",
        "  Table 2 (match 2): Eva, Fay, Gus, Hal; Eva deals.",
        "Round 2 is seated from the results of this one.",
    ]


def test_a_stay_plan_reads_out_every_round_and_a_joiner_in_it(cli):
    new_night(cli, "--movement", "stay", "--rounds", "3")
    cli("night", "join", "Zoe")
    said = cli("night", "plan").stdout.splitlines()
    assert said[1:] == [
        "Round 1, in play:",
        "  Table 1 (match 1): Ann, Bob, Cat, Dan; Ann deals.",
        "  Table 2 (match 2): Eva, Fay, Gus, Hal; Eva deals.",
        "Round 2:",
        "  Table 1: Ann, Bob, Cat, Dan, Zoe; Bob deals.",
        "  Table 2: Eva, Fay, Gus, Hal; Fay deals.",
        "Round 3:",
        "  Table 1: Ann, Bob, Cat, Dan, Zoe; Cat deals.",
        "  Table 2: Eva, Fay, Gus, Hal; Gus deals.",
        "Pairs meet again 28 times in these rounds.",
    ]


def test_a_rename_puts_a_name_right_in_the_night_and_every_match_and_back(cli):
    new_night(cli, players=EIGHT.replace("Ann", "Anan"))
    finish_round(cli)
    cli("night", "next")
    assert cli("night", "rename", "anan", "Ann").stdout == "Ann was Anan\n"
    status = cli.json("night", "status")
    assert "Anan" not in {line["name"] for line in status["standings"]} | {
        name for table in status["tables"] for name in table["players"]
    }
    assert "Ann" in cli.json("status", "--match", "1")["players"]
    assert all("Anan" not in cli.json("status", "--match", match)["players"] for match in range(1, 5))
    plan = cli.json("night", "plan")
    assert plan["corrections"][0] | {"recorded_at": None} == {
        "kind": "rename", "round": 2, "from": "Anan", "to": "Ann", "recorded_at": None,
    }  # fmt: skip
    cli("night", "rename", "Ann", "Anan")  # taken back: renamed back, both kept in the trail
    assert [c["to"] for c in cli.json("night", "plan")["corrections"]] == ["Ann", "Anan"]
    assert cli("night", "plan").stdout.splitlines()[-3:] == [
        "Corrections:",
        "  round 2: Ann was Anan",
        "  round 2: Anan was Ann",
    ]


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["Zed", "Zoe"], "no player 'Zed' in this night (Ann, Bob, Cat, Dan, Eva, Fay, Gus, Hal)"),
        (["Ann", "bob"], "Bob is a player of this night already"),
        (["Ann", "Ann"], "Ann is that name already: nothing to rename"),
        (["Ann", ""], "a player's name"),
    ],
)
def test_a_rename_is_refused_in_one_line_writing_nothing(cli, unchanged, args, says):
    new_night(cli)
    with unchanged():
        cli.refused("night", "rename", *args, says=says)


def test_a_swap_changes_places_before_the_first_deal_and_swapping_again_takes_it_back(cli):
    new_night(cli)
    said = cli("night", "swap", "Ann", "hal").stdout.splitlines()
    assert said[0] == "Ann and Hal changed places"
    assert said[-2:] == [
        "Table 1 (match 1): Hal, Bob, Cat, Dan; Hal deals.",
        "Table 2 (match 2): Eva, Fay, Gus, Ann; Eva deals.",
    ]
    assert cli.json("status", "--match", "1")["players"] == ["Hal", "Bob", "Cat", "Dan"]
    cli("night", "swap", "Hal", "Ann")
    status = cli.json("night", "status")
    assert [t["players"] for t in status["tables"]] == [["Ann", "Bob", "Cat", "Dan"], ["Eva", "Fay", "Gus", "Hal"]]
    assert [c["players"] for c in cli.json("night", "plan")["corrections"]] == [["Ann", "Hal"], ["Hal", "Ann"]]
    cli("night", "swap", "Bob", "Dan")  # at one table: their seats
    assert cli.json("status", "--match", "1")["players"] == ["Ann", "Dan", "Cat", "Bob"]


def test_a_swap_is_refused_once_a_table_has_a_deal_entered(cli, unchanged):
    new_night(cli)
    cli("deal", "--match", "2", "0", "3", "10", "30")
    with unchanged():
        cli.refused(
            "night", "swap", "Ann", "Eva",
            says="table 2 (match 2) has started: players change places only before its first deal",
        )  # fmt: skip
        cli.refused("night", "swap", "Ann", "Zed", says="no player 'Zed' in this night")
        cli.refused("night", "swap", "Ann", "ann", says="Ann cannot change places with themselves")
    cli("night", "swap", "Ann", "Bob")  # table 1 has not started


def test_a_swap_is_refused_for_a_player_who_has_not_joined_yet(cli, unchanged):
    new_night(cli)
    cli("night", "join", "Zoe")
    with unchanged():
        cli.refused("night", "swap", "Ann", "Zoe", says="Zoe does not play round 1")

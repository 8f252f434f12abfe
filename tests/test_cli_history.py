"""``scorepad history``: each deal of a match, its times and its corrections."""

from __future__ import annotations

from freezegun import freeze_time

from .matches import history, new, worked_case_3


def test_history_json_shape_and_times(cli):
    with freeze_time("2026-11-29 20:15:03") as clock:
        new(cli, "--players", "Ann,Bob,Cat")
        clock.tick(60)
        cli("deal", "Ann=10", "Bob=13", "Cat=20")
        clock.tick(1)
        cli("misdeal")
        clock.tick(3600)
        cli("deal", "--renege", "Cat")
    assert cli.json("history") == {
        "match": 1,
        "deals": [
            {
                "number": 1,
                "kind": "deal",
                "dealer": "Ann",
                "scores": {"Ann": 10, "Bob": 13, "Cat": 20},
                "renege": None,
                "totals": {"Ann": 10, "Bob": 13, "Cat": 20},
                "recorded_at": "2026-11-29T20:16:03+00:00",
                "corrected": False,
                "phone_table": None,
            },
            {
                "number": 2,
                "kind": "misdeal",
                "dealer": "Bob",
                "scores": {},
                "renege": None,
                "totals": {"Ann": 10, "Bob": 13, "Cat": 20},
                "recorded_at": "2026-11-29T20:16:04+00:00",
                "corrected": False,
                "phone_table": None,
            },
            {
                "number": 2,
                "kind": "deal",
                "dealer": "Bob",
                "scores": {"Ann": 0, "Bob": 0, "Cat": 43},
                "renege": "Cat",
                "totals": {"Ann": 10, "Bob": 13, "Cat": 63},
                "recorded_at": "2026-11-29T21:16:04+00:00",
                "corrected": False,
                "phone_table": None,
            },
        ],
        "substitutes": [],
    }


def test_history_json_of_a_tie_break(cli):
    """docs/rules.md case 3: the tie-break deal holds its players' points only; the totals stand still."""
    with freeze_time("2026-11-29 20:15:03"):
        worked_case_3(cli)
        cli("deal", "Ann=20", "Bob=23")
    at = "2026-11-29T20:15:03+00:00"
    assert cli.json("history") == {
        "match": 1,
        "deals": [
            {
                "number": 1,
                "kind": "deal",
                "dealer": "Ann",
                "scores": {"Ann": 10, "Bob": 10, "Cat": 23},
                "renege": None,
                "totals": {"Ann": 10, "Bob": 10, "Cat": 23},
                "recorded_at": at,
                "corrected": False,
                "phone_table": None,
            },
            {
                "number": 2,
                "kind": "deal",
                "dealer": "Bob",
                "scores": {"Ann": 13, "Bob": 13, "Cat": 17},
                "renege": None,
                "totals": {"Ann": 23, "Bob": 23, "Cat": 40},
                "recorded_at": at,
                "corrected": False,
                "phone_table": None,
            },
            {
                "number": 3,
                "kind": "deal",
                "dealer": "Cat",
                "scores": {"Ann": 7, "Bob": 7, "Cat": 29},
                "renege": None,
                "totals": {"Ann": 30, "Bob": 30, "Cat": 69},
                "recorded_at": at,
                "corrected": False,
                "phone_table": None,
            },
            {
                "number": 4,
                "kind": "tiebreak",
                "dealer": "Ann",
                "scores": {"Ann": 20, "Bob": 23},
                "renege": None,
                "totals": {"Ann": 30, "Bob": 30, "Cat": 69},
                "recorded_at": at,
                "corrected": False,
                "phone_table": None,
            },
        ],
        "substitutes": [],
    }


def test_a_fixed_deal_shows_when_it_was_corrected(cli):
    with freeze_time("2026-11-29 20:15:03") as clock:
        new(cli, "--players", "Ann,Bob,Cat")
        cli("deal", "Ann=10", "Bob=13", "Cat=20")
        clock.tick(90)
        cli("fix", "1", "Ann=13", "Bob=10", "Cat=20")
    assert history(cli)[0]["recorded_at"] == "2026-11-29T20:16:33+00:00"
    assert history(cli)[0]["corrected"] is True


def test_history_in_human_form_shows_each_deal(cli, three):
    cli("deal", "Ann=10", "Bob=13", "Cat=20")
    cli("misdeal")
    out = cli("history").stdout
    assert "misdeal" in out and "Ann" in out

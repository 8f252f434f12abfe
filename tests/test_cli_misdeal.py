"""``scorepad misdeal``: the deal is dealt again, by the same dealer, in a match and in its tie-break."""

from __future__ import annotations

from .matches import history, status, worked_case_3


def test_a_misdeal_is_dealt_again_by_the_same_dealer(cli, three):
    """docs/rules.md case 5: no score is written, and the misdeal carries the number of the deal dealt again."""
    cli("deal", "Ann=10", "Bob=13", "Cat=20")
    result = cli("misdeal")
    assert "Bob" in result.stdout
    data = status(cli)
    assert (data["dealer"], data["eldest"], data["deals_played"]) == ("Bob", "Cat", 1)
    assert data["totals"] == {"Ann": 10, "Bob": 13, "Cat": 20}
    cli("misdeal")
    cli("deal", "Ann=0", "Bob=20", "Cat=23")
    assert status(cli)["dealer"] == "Cat"
    deals = history(cli)
    assert [(d["number"], d["kind"], d["dealer"], d["scores"]) for d in deals] == [
        (1, "deal", "Ann", {"Ann": 10, "Bob": 13, "Cat": 20}),
        (2, "misdeal", "Bob", {}),
        (2, "misdeal", "Bob", {}),
        (2, "deal", "Bob", {"Ann": 0, "Bob": 20, "Cat": 23}),
    ]
    assert deals[1]["totals"] == {"Ann": 10, "Bob": 13, "Cat": 20}
    assert deals[1]["renege"] is None


def test_a_misdeal_in_a_tie_break(cli):
    worked_case_3(cli)
    data = cli.json("misdeal")
    assert data["tiebreak"] == {"players": ["Ann", "Bob"], "round": 1}
    assert (data["dealer"], data["eldest"]) == ("Ann", "Bob")
    assert history(cli)[-1] | {"recorded_at": None} == {
        "number": 4,
        "kind": "misdeal",
        "dealer": "Ann",
        "scores": {},
        "renege": None,
        "totals": {"Ann": 30, "Bob": 30, "Cat": 69},
        "recorded_at": None,
        "corrected": False,
        "phone_table": None,
    }

"""What the layered house promises beyond the old behaviour: one standings rule for every view,
scoring through the app layer with values and no command-line words, derived values kept once
and never stale, and the quick SQLite reader agreeing with the full one."""

from __future__ import annotations

import json
import re
import sqlite3
from dataclasses import replace

import pytest

from scorepad.app import entering, reading
from scorepad.app.entering import Renege
from scorepad.core.cards import card, cards
from scorepad.core.choices import HeartsLead, PassRule, Preset
from scorepad.core.errors import NotationError
from scorepad.core.match import Format, FormatKind, Settings
from scorepad.core.rules import RuleSet
from scorepad.core.standings import places
from scorepad.store.db import Store
from scorepad.store.quick import match_lines

# RULES.md worked case 4: Ann, Bob and Cat tie on 30, Ann and Bob tie again in
# round 1, and round 2 settles it. Either of them may win it.
CASE_4 = [
    ("Ann=10", "Bob=10", "Cat=10", "Dan=13"),
    ("Ann=10", "Bob=10", "Cat=10", "Dan=13"),
    ("Ann=10", "Bob=10", "Cat=10", "Dan=13"),
    ("Ann=0", "Bob=0", "Cat=0", "Dan=43"),
    ("Ann=10", "Bob=10", "Cat=23"),
]


def standings_lines(text: str) -> list[tuple[str, str, str]]:
    """``(place, name, total)`` of each line of a status standings table."""
    return re.findall(r"^\s*(\d+)\s+(\w+)(?: ★)?\s+(\d+)\s*$", text, flags=re.M)


@pytest.mark.parametrize(
    "last, winner, loser", [(("Ann=30", "Bob=13"), "Bob", "Ann"), (("Ann=13", "Bob=30"), "Ann", "Bob")]
)
def test_after_a_tie_break_every_view_puts_its_winner_first(cli, tmp_path, last, winner, loser):
    cli("new", "--players", "Ann,Bob,Cat,Dan", "--deals", "4")
    for deal in [*CASE_4, last]:
        cli("deal", *deal)
    assert cli.json("status")["winner"] == winner
    # status: the winner first, the other two on 30 share second place, Dan last.
    shown = standings_lines(cli("status").stdout)
    assert shown == [("1", winner, "30"), ("2", loser, "30"), ("2", "Cat", "30"), ("4", "Dan", "82")]
    # The report's table says the same.
    cli("report", "--out", tmp_path / "r.html")
    page = (tmp_path / "r.html").read_text()
    rows = re.findall(
        r"<tr(?: class=\"winner\")?><td>(\d+)</td><td class=\"name\">(\w+)(?: ★)?</td><td>(\d+)</td>", page
    )
    assert rows == shown
    # The ratings rank the winner first too: one match, so the winner's rating is the highest.
    ratings = cli.json("ratings")["players"]
    assert ratings[0]["name"] == winner and ratings[0]["wins"] == 1


def test_places_share_a_place_for_equal_totals_and_put_a_tied_winner_first():
    assert places([30, 30, 30, 82], winner=1) == [(1, 1), (2, 0), (2, 2), (4, 3)]
    assert places([30, 30, 30, 82], winner=None) == [(1, 0), (1, 1), (1, 2), (4, 3)]
    assert places([30, 30, 30, 82], winner=0) == [(1, 0), (2, 1), (2, 2), (4, 3)]


def test_a_python_program_keeps_score_with_values_alone(tmp_path):
    """The app layer takes names and points or cards, never NAME=SCORE words."""
    store = Store(f"sqlite:///{tmp_path / 'club.db'}")
    try:
        match = entering.new_match(store, ["Ann", "Bob", "Cat"], RuleSet.build(), Format(FormatKind.DEALS, 3))
        entering.record_deal(store, match.match_id, {"Ann": 10, "Bob": 10, "Cat": 23})
        entering.record_deal(store, match.match_id, [("Ann", 13), ("Bob", 13), ("Cat", tuple(cards("QS 2H 3H 4H 5H")))])
        entering.record_misdeal(store, match.match_id)
        entering.record_deal(store, match.match_id, Renege("Cat"))
        fixed = entering.fix(store, match.match_id, 3, {"Ann": 7, "Bob": 7, "Cat": 29})
        assert fixed.state.totals == (30, 30, 69) and fixed.state.tiebreak == ((0, 1), 1)
        done = entering.record_deal(store, match.match_id, {"ann": 20, "BOB": 23})  # names ignore case
        assert done.state.winner == 0
        result, rows = reading.history(store, match.match_id)
        assert [(r.number, r.kind) for r in rows] == [
            (1, "deal"),
            (2, "deal"),
            (3, "misdeal"),
            (3, "deal"),
            (4, "tiebreak"),
        ]
        assert rows[1].scores == {"Ann": 13, "Bob": 13, "Cat": 17}
        assert result.state == reading.status(store, match.match_id).state
    finally:
        store.close()


def test_a_rematch_lays_what_is_given_over_the_old_match_in_the_app(tmp_path):
    """``new --like`` and play's ``again`` share one use case, over typed values."""
    store = Store(f"sqlite:///{tmp_path / 'club.db'}")
    try:
        rules = RuleSet.build(Preset.OMNIBUS, slam=True, pass_rule=PassRule.ROTATE)
        old = entering.new_match(store, ["Ann", "Bob", "Cat"], rules, Format(FormatKind.DEALS, 6), first_dealer="Cat")
        same = entering.rematch(store, old.match_id).state.settings
        assert same == Settings(("Ann", "Bob", "Cat"), rules, Format(FormatKind.DEALS, 6), first_dealer=0)
        # An option given replaces the old match's, the others stay; None is an option not given.
        laid = entering.rematch(store, old.match_id, hearts=HeartsLead.ANYTIME, slam=None).state.settings.rules
        assert laid == replace(rules, hearts=HeartsLead.ANYTIME)
        # A preset given starts from its own defaults.
        assert entering.rematch(store, old.match_id, preset=Preset.CLASSIC).state.settings.rules == RuleSet.build()
        # Other players: the first deals, and six deals need not go round four players: their default.
        four = entering.rematch(store, old.match_id, ["Ann", "Bob", "Cat", "Dan"]).state.settings
        assert (four.first_dealer, four.format, four.rules) == (0, Format(FormatKind.DEALS, 12), rules)
        cut = entering.rematch(store, old.match_id, cuts=[{"Ann": card("9S"), "Bob": card("2C"), "Cat": card("KD")}])
        assert cut.state.settings.first_dealer == 1  # the lowest card cut deals, not the next player
        with pytest.raises(NotationError, match="decks is 1 or 2, not 0"):  # refused as by new, not ignored
            entering.rematch(store, old.match_id, decks=0)
        assert len(reading.matches(store)) == 6  # the old match and five rematches: the refused one wrote nothing
    finally:
        store.close()


def test_a_fix_keeps_the_later_entries_numbers_and_dealers_true(cli, store_path, tmp_path):
    """A misdeal of a tie-break deal is stored with its dealer; a fix that changes who ties moves it."""
    cli("new", "--players", "Ann,Bob,Cat", "--deals", "3")
    cli("deal", "Ann=10", "Bob=10", "Cat=23")
    cli("deal", "Ann=13", "Bob=13", "Cat=17")
    cli("deal", "Ann=7", "Bob=7", "Cat=29")  # Ann and Bob tie on 30: Ann deals the tie-break
    cli("misdeal")
    assert misdeals(store_path) == [(4, 0)]
    cli("fix", "3", "Ann=26", "Bob=17", "Cat=0")  # now Bob and Cat tie on 40: Bob deals the tie-break
    assert cli.json("status")["tiebreak"] == {"players": ["Bob", "Cat"], "round": 1}
    assert misdeals(store_path) == [(4, 1)]  # the stored misdeal names the dealer who really dealt it
    backup = tmp_path / "b.json"
    cli("export", "--format", "json", "--out", backup)
    trail = json.loads(backup.read_text())["matches"][0]["trail"]
    assert [(e["number"], e["dealer"]) for e in trail if e["state"] == "standing" and e["kind"] == "misdeal"] == [
        (4, "Bob")
    ]
    cli("--db", tmp_path / "other.db", "import", backup)  # and the backup restores as it is
    assert cli.json("--db", tmp_path / "other.db", "status")["dealer"] == "Bob"


def misdeals(store_path) -> list[tuple[int, int]]:
    with sqlite3.connect(store_path) as conn:
        return conn.execute("SELECT number, dealer FROM entry WHERE kind = 'misdeal' AND state = 'standing'").fetchall()


def test_the_next_entry_takes_its_place_from_the_store_not_from_what_was_loaded(tmp_path):
    from scorepad.store import matches

    store = Store(f"sqlite:///{tmp_path / 's.db'}")
    try:
        entering.new_match(store, ["Ann", "Bob", "Cat"], RuleSet.build())
        with store.read() as conn:
            stale = matches.load(conn, 1)  # loaded before another writer's deal
        entering.record_deal(store, 1, {"Ann": 10, "Bob": 10, "Cat": 23})
        with store.write() as conn:
            state = matches.load(conn, 1).state()
            written = matches.append(conn, stale, state.next, state.enter_misdeal())
        assert written.position == 2
    finally:
        store.close()


def test_the_quick_reader_agrees_with_the_store(cli, store_path):
    cli("new", "--players", "Ann,Bob,Cat", "--deals", "3", "--name", "Friday")
    cli("new", "--players", "Dan,Eve,Fay", "--deals", "3")
    for _ in range(3):
        cli("deal", "Dan=10", "Eve=10", "Fay=23")
    cli("new", "--players", "Gil,Hal,Ivy")
    cli("abandon")
    full = cli.json("matches")["matches"]
    quick = match_lines(f"sqlite:///{store_path}")
    state = {m["match"]: "abandoned" if m["abandoned"] else "finished" if m["finished"] else "playing" for m in full}
    assert sorted((q.id, q.name, q.players, q.state) for q in quick) == sorted(
        (m["match"], m["name"], m["players"], state[m["match"]]) for m in full
    )
    assert [q.id for q in quick] == [3, 2, 1]  # latest used first


def test_a_store_of_schema_0002_keeps_its_state_once_after_the_upgrade(cli, store_path):
    from sqlalchemy import create_engine

    from scorepad.store.migrate import upgrade

    engine = create_engine(f"sqlite:///{store_path}")
    with engine.begin() as conn:
        upgrade(conn, "0002")
        snapshot = {
            "totals": [10, 10, 23],
            "deals_played": 1,
            "scored": 1,
            "last_dealer": 0,
            "tiebreak": None,
            "winner": None,
        }
        conn.exec_driver_sql(
            "INSERT INTO match (id, uid, name, rules, format_kind, format_value, first_dealer, created_at,"
            " touched, finished, winner, deals_played, state) VALUES (1, 'a1', NULL, '{\"preset\": \"classic\"}',"
            f" 'deals', 3, 0, '2025-01-02T20:00:00+00:00', 1, 0, NULL, 1, '{json.dumps(snapshot)}')"
        )
        for seat, name in enumerate(["Ann", "Bob", "Cat"]):
            conn.exec_driver_sql(f"INSERT INTO seat VALUES (1, {seat}, '{name}')")
        conn.exec_driver_sql(
            "INSERT INTO entry (match_id, position, kind, number, dealer, scores, recorded_at, state)"
            """ VALUES (1, 1, 'deal', 1, 0, '{"0": 10, "1": 10, "2": 23}', '2025-01-02T20:10:00+00:00', 'standing')"""
        )
    engine.dispose()
    status = cli.json("status")  # opening the store upgrades it
    assert (status["totals"], status["deals_played"], status["dealer"]) == ({"Ann": 10, "Bob": 10, "Cat": 23}, 1, "Bob")
    with sqlite3.connect(store_path) as conn:
        columns = {row[1] for row in conn.execute("PRAGMA table_info(match)")}
        (state,) = conn.execute("SELECT state FROM match").fetchone()
    assert "finished" not in columns and {"winner", "deals_played"} <= columns
    assert set(json.loads(state)) == {"totals", "scored", "last_dealer", "tiebreak"}
    checks = {c["check"]: c["ok"] for c in json.loads(cli("doctor", "--json", code=None).stdout)["checks"]}
    assert checks["schema"] and checks["matches"]  # the file's mode is the test's, not scorepad's


def test_an_sqlite_too_old_for_the_store_is_refused_in_words(cli, monkeypatch, store_path):
    monkeypatch.setattr("scorepad.store.sqlite_file.sqlite3.sqlite_version_info", (3, 31, 1))
    cli.refused("new", "--players", "Ann,Bob,Cat", says="needs SQLite 3.35 or newer")
    assert not store_path.exists()


@pytest.mark.parametrize(
    "rules, says",
    [
        ({"preset": "classic", "slam": None}, '.rules."slam" cannot be null'),
        ({"preset": "classic", "slam": "yes"}, '.rules."slam" cannot be "yes"'),
        ({"preset": "classic", "decks": "2"}, '.rules."decks" cannot be "2"'),
        ({"preset": "classic", "decks": 3}, ": decks is 1 or 2, not 3"),
        ({"preset": "classic", "jokers": 2}, '.rules."jokers" cannot be 2'),
    ],
)
def test_a_backup_whose_rules_are_not_as_scorepad_writes_them_is_refused(cli, tmp_path, rules, says):
    cli("new", "--players", "Ann,Bob,Cat", "--name", "Fri")
    backup = tmp_path / "b.json"
    cli("export", "--format", "json", "--out", backup)
    data = json.loads(backup.read_text())
    data["matches"][0]["rules"] = rules
    backup.write_text(json.dumps(data))
    cli.refused("--db", tmp_path / "other.db", "import", backup, says=f"match 1{says}")

"""The JSON backup: everything out and back in, and a bad file refused whole.

A club backs up its store, restores it elsewhere, and finds every match as it
was: the same standings, the same history, the same trail of undone and
corrected entries behind them.
"""

from __future__ import annotations

import csv
import json
import os
import random
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorepad.app import entering, reading
from scorepad.app.csv_rows import COLUMNS, escape
from scorepad.app.entering import Renege
from scorepad.core.errors import ScorepadError
from scorepad.core.match import Format, FormatKind
from scorepad.core.rules import PassRule, Preset, RuleSet
from scorepad.store.db import Store
from scorepad.store.location import store_location

from .conftest import dump

NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay")
#: Stores made per example live in memory where the system offers it: every entry is fsynced.
SCRATCH = "/dev/shm" if os.path.isdir("/dev/shm") else None


# Random matches, played through the app layer as a table would play them.


def random_scores(rules: RuleSet, players: list[str], rnd: random.Random) -> dict:
    """A legal deal: the scoring cards shared out at random, each player entered as points or cards."""
    cards = sorted(rules.scoring_cards(len(players)))
    if rules.slam and rnd.random() < 0.15:  # somebody takes every penalty card
        slammer = rnd.choice(players)
        hands = {p: [c for c in cards if rules.points(c) > 0] if p == slammer else [] for p in players}
        hands[rnd.choice(players)] += [c for c in cards if rules.points(c) < 0]
    else:
        hands = {p: [] for p in players}
        for c in cards:
            hands[rnd.choice(players)].append(c)
    return {
        player: tuple(hand) if rnd.random() < 0.3 else sum(rules.points(c) for c in hand)
        for player, hand in hands.items()
    }


def random_rules(rnd: random.Random) -> RuleSet:
    preset = rnd.choice(list(Preset))
    slam = rnd.random() < 0.4 if preset is not Preset.SLIPPERY_ANNE else None
    return RuleSet.build(preset, slam=slam, pass_rule=rnd.choice(list(PassRule)))


def play_random_match(store: Store, rnd: random.Random) -> None:
    """A short match with deals, misdeals, reneges, undos, fixes, tie-breaks, substitutes and now and then an abandon."""
    players = list(NAMES[: rnd.randint(3, 6)])
    rules = random_rules(rnd)
    # Short formats end often, so that tie-breaks come up.
    fmt = rnd.choice([Format(FormatKind.DEALS, len(players)), Format(FormatKind.OVER, rules.deal_total(3))])
    result = entering.new_match(
        store, players, rules, fmt, first_dealer=rnd.choice(players), name=rnd.choice([None, "Friday night", "=1+1"])
    )
    match = result.match_id
    for _ in range(rnd.randint(0, 16)):
        state = result.state
        players = list(state.settings.players)  # who sits where now: a substitute may have come in
        weights = [12, 2, 1, 3, 3, 0.3, 1]
        action = rnd.choices(["deal", "misdeal", "renege", "undo", "fix", "abandon", "seat"], weights)[0]
        try:
            if action == "deal" and state.next:
                deal_players = [players[s] for s in state.next.players]
                result = entering.record_deal(store, match, random_scores(rules, deal_players, rnd))
            elif action == "misdeal":
                result = entering.record_misdeal(store, match)
            elif action == "renege" and state.next:
                result = entering.record_deal(store, match, Renege(players[rnd.choice(state.next.players)]))
            elif action == "undo":
                result = entering.undo(store, match)
            elif action == "fix" and state.scored:
                number = rnd.randint(1, state.scored)
                _, rows = reading.history(store, match)
                row = next(r for r in rows if r.number == number and r.kind != "misdeal")
                result = entering.fix(store, match, number, random_scores(rules, list(row.scores), rnd))
            elif action == "abandon":
                result = entering.abandon(store, match)
            elif action == "seat":
                result = entering.seat(store, match, rnd.choice(players), rnd.choice(["Zoe", "Yves", *NAMES]))
        except ScorepadError:
            pass  # refused as at a real table (finished, nothing to undo, a fix that breaks later deals)


def snapshot(cli, db: Path) -> dict:
    """Everything a user sees of a store: the match list, and each match's status and history."""
    listed = cli.json("--db", db, "matches")["matches"]
    return {
        "matches": listed,
        "latest": cli.json("--db", db, "status") if listed else None,
        **{
            f"match {m['match']}": (
                cli.json("--db", db, "status", "--match", m["match"]),
                cli.json("--db", db, "history", "--match", m["match"]),
            )
            for m in listed
        },
    }


def read_csv(path: Path) -> list[list[str]]:
    with open(path, encoding="utf-8", newline="") as stream:
        return list(csv.reader(stream))


def csv_from_history(seen: dict) -> list[list[str]]:
    """The CSV export as docs/commands.md describes it, built from what status and history show."""
    rows = [list(COLUMNS)]
    for listed in sorted(seen["matches"], key=lambda m: m["match"]):
        status, history = seen[f"match {listed['match']}"]
        players, substitutes = list(status["players"]), history["substitutes"]
        for change in reversed(substitutes):  # the first players, from the players now
            players[change["seat"] - 1] = change["replaced"]
        for deal in history["deals"]:
            while substitutes and substitutes[0]["number"] <= deal["number"] and deal["kind"] != "misdeal":
                change, *substitutes = substitutes
                players[change["seat"] - 1] = change["player"]
            for player in (p for p in players if p in deal["scores"]):
                cells = [status["match"], escape(status["name"] or ""), deal["number"], deal["kind"],
                         escape(deal["dealer"]), escape(player), players.index(player) + 1,
                         deal["scores"][player], deal["totals"][player], deal["recorded_at"]]  # fmt: skip
                rows.append([str(c) for c in cells])
    return rows


def comparable(backup: dict) -> dict:
    """A backup without its own time, with the write order as ranks: what must survive a restore."""
    data = json.loads(json.dumps(backup))
    del data["exported_at"]
    order = sorted(m["touched"] for m in data["matches"])
    for m in data["matches"]:
        m["touched"] = order.index(m["touched"])
    return data


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32 - 1), matches=st.integers(1, 3))
def test_a_restored_store_shows_everything_as_it_was(cli, seed, matches):
    rnd = random.Random(seed)
    with tempfile.TemporaryDirectory(dir=SCRATCH) as folder:
        first, second, file = Path(folder, "a.db"), Path(folder, "b.db"), Path(folder, "backup.json")
        store = Store(store_location(str(first)))
        for _ in range(matches):
            play_random_match(store, rnd)
        store.close()
        cli("--db", first, "export", "--all", "--format", "json", "--out", file)

        cli("--db", second, "import", file)

        seen = snapshot(cli, first)
        assert snapshot(cli, second) == seen
        # The CSV, read from the stored columns, says what the fold says.
        table = Path(folder, "all.csv")
        cli("--db", first, "export", "--all", "--out", table)
        assert read_csv(table) == csv_from_history(seen)
        again = Path(folder, "again.json")
        cli("--db", second, "export", "--all", "--format", "json", "--out", again)
        assert comparable(json.loads(again.read_text())) == comparable(json.loads(file.read_text()))
        before = dump(second)
        cli("--db", second, "import", file)
        assert dump(second) == before, "a second import changed the store"


# A hand-told match with every kind of entry in its trail.


def play_tuesday(cli) -> None:
    """Ann, Bob and Cat play 3 deals with a misdeal, an undo and a fix, and tie: their tie-break deal is next."""
    cli("new", "--players", "Ann,Bob,Cat", "--deals", "3", "--name", "Tuesday")
    cli("deal", "Ann=10", "Bob=10", "Cat=23")
    cli("misdeal")
    cli("deal", "Ann=13", "Bob=13", "Cat=QS,2H,3H,4H,5H")
    cli("deal", "Ann=7", "Bob=8", "Cat=28")
    cli("fix", "3", "Ann=7", "Bob=7", "Cat=29")  # Ann and Bob now tie on 30
    cli("deal", "Ann=20", "Bob=23")
    cli("undo")


@pytest.fixture
def tuesday(cli, tmp_path) -> Path:
    """Ann, Bob and Cat play 3 deals with a misdeal, an undo, a fix and a tie-break; the backup file."""
    play_tuesday(cli)
    cli("deal", "Ann=23", "Bob=20")  # Bob wins the tie-break
    file = tmp_path / "backup.json"
    cli("export", "--format", "json", "--out", file)
    return file


def test_the_backup_holds_the_whole_trail_by_names_and_places(tuesday):
    data = json.loads(tuesday.read_text())
    assert (data["format"], data["version"]) == ("scorepad-backup", 1)
    (match,) = data["matches"]
    assert match["name"] == "Tuesday" and match["players"] == ["Ann", "Bob", "Cat"]
    assert len(match["uid"]) == 32 and match["first_dealer"] == "Ann"
    trail = [(e["state"], e["kind"], e["number"], e["dealer"], e["replaces"]) for e in match["trail"]]
    assert trail == [
        ("standing", "deal", 1, "Ann", None),
        ("standing", "misdeal", 2, "Bob", None),
        ("standing", "deal", 2, "Bob", None),
        ("replaced", "deal", 3, "Cat", None),
        ("standing", "deal", 3, "Cat", 4),  # the fix points at the 4th entry of the trail
        ("undone", "tiebreak", 4, "Ann", None),
        ("standing", "tiebreak", 4, "Ann", None),
    ]
    assert match["trail"][2]["cards"] == {"Cat": ["QS", "2H", "3H", "4H", "5H"]}
    assert match["trail"][3]["ended_at"] and match["trail"][5]["ended_at"]


def test_a_restore_keeps_the_trail_rows(cli, tuesday, tmp_path):
    import sqlite3

    other = tmp_path / "other.db"
    cli("--db", other, "import", tuesday)
    query = (
        "SELECT position, kind, number, dealer, scores, state, replaces, recorded_at, ended_at FROM entry ORDER BY id"
    )
    rows = [sqlite3.connect(db).execute(query).fetchall() for db in (tmp_path / "scorepad.db", other)]
    assert rows[0] == rows[1]


def test_a_dry_run_says_what_it_would_add_and_writes_nothing(cli, tuesday, tmp_path):
    other = tmp_path / "other.db"
    cli("--db", other, "new", "--players", "Dan,Eve,Fay")
    before = dump(other)
    result = cli.json("--db", other, "import", tuesday, "--dry-run")
    assert result["dry_run"] is True and result["present"] == []
    assert [(m["match"], m["name"], m["deals"], m["entries"]) for m in result["added"]] == [(None, "Tuesday", 4, 7)]
    assert dump(other) == before
    text = cli("--db", other, "import", tuesday, "--dry-run")
    assert "would add a match “Tuesday” (Ann, Bob, Cat): 4 deals" in text.stdout
    assert "nothing was written" in text.stderr
    assert dump(other) == before
    nowhere = tmp_path / "new.db"
    cli("--db", nowhere, "import", tuesday, "--dry-run")
    assert not nowhere.exists()  # a dry run does not even create the store


def test_a_match_already_in_the_store_is_left_alone(cli, tuesday, store_path):
    before = dump(store_path)
    result = cli.json("import", tuesday)
    assert result["added"] == [] and [m["match"] for m in result["present"]] == [1]
    assert "left alone: match 1 “Tuesday” is already in the store as match 1" in cli("import", tuesday).stdout
    assert dump(store_path) == before


def test_a_restore_next_to_other_matches_takes_new_numbers_and_leaves_the_default_match(cli, tuesday, tmp_path):
    # The latest match is the one a command last wrote to: an old backup restored beside it does not take its place.
    other = tmp_path / "other.db"
    cli("--db", other, "new", "--players", "Dan,Eve,Fay")
    result = cli.json("--db", other, "import", tuesday)
    assert [m["match"] for m in result["added"]] == [2]
    assert cli.json("--db", other, "status")["match"] == 1  # read the quick way
    cli("--db", other, "deal", "Dan=0", "Eve=13", "Fay=30")  # and the full way, by a command that writes
    assert cli.json("--db", other, "status", "--match", 1)["deals_played"] == 1
    status = cli.json("--db", other, "status", "--match", 2)
    assert status["winner"] == "Bob" and status["totals"] == {"Ann": 30, "Bob": 30, "Cat": 69}


# Bad files: refused whole, in one line, naming where.


def tampered(file: Path, change) -> Path:
    data = json.loads(file.read_text())
    change(data)
    out = file.with_name("tampered.json")
    out.write_text(json.dumps(data))
    return out


def scores_of(data: dict, index: int) -> dict:
    return data["matches"][0]["trail"][index]["scores"]


@pytest.mark.parametrize(
    "change, says",
    [
        (lambda d: scores_of(d, 2).update(Ann=14), "deal 2: the scores add up to 44, but this deal's add up to 43"),
        (
            lambda d: (scores_of(d, 2).update(Ann=12), d["matches"][0]["trail"][2]["cards"]["Cat"].append("6H")),
            "deal 2: the scores do not match the cards",
        ),
        (lambda d: scores_of(d, 4).update(Ann=7, Bob=8, Cat=28), "deal 4: the match was over before this tiebreak"),
        (lambda d: d["matches"][0]["trail"][4].update(dealer="Ann"), "deal 3: the file says deal 3 dealt by Ann"),
        (lambda d: d["matches"][0]["trail"][6].update(kind="deal"), "deal 4 must be a tie-break deal"),
        (lambda d: d["matches"][0]["trail"][5].update(state="standing", position=9), "deal 4: the match was over"),
        (lambda d: scores_of(d, 0).pop("Cat"), "deal 1 has scores for the wrong players"),
        (lambda d: d["matches"][0]["trail"][0].update(renege="Cat"), "deal 1: a renege's scores must be"),
        (lambda d: d["matches"][0]["trail"][1].update(scores={"Ann": 0}), "a misdeal has no scores"),
        (lambda d: d["matches"][0]["trail"][4].update(replaces=5), "should name an earlier entry"),
        (lambda d: d["matches"][0].update(abandoned_at="2026-11-29T20:15:03+00:00"), "is abandoned, yet"),
        # Entries that no longer stand were real deals too, and are checked as such.
        (lambda d: scores_of(d, 3).update(Ann=999), "replaced deal 3: the scores add up to 1035"),
        (lambda d: scores_of(d, 5).update(Ann=44, Bob=-1), "undone tiebreak 4: Bob -1: scores are never negative"),
        (lambda d: scores_of(d, 5).pop("Bob"), "undone tiebreak 4: scores for the wrong players"),
    ],
)
def test_a_bad_entry_refuses_the_whole_file_naming_the_match_and_deal(cli, tuesday, tmp_path, change, says):
    other = tmp_path / "other.db"
    cli("--db", other, "new", "--players", "Dan,Eve,Fay")
    before = dump(other)
    line = cli.refused("--db", other, "import", tampered(tuesday, change), says=says)
    assert "match 1 “Tuesday”" in line and line.startswith(f"scorepad: {tmp_path / 'tampered.json'}: ")
    assert dump(other) == before


def hand_of(data: dict, index: int) -> dict:
    return data["matches"][0]["trail"][index]["cards"]


@pytest.mark.parametrize(
    "change, says",
    [
        # Counted as new counts them, before a name is read: these names would be refused one by one.
        (lambda d: d["matches"][0].update(players=["Ann"] * 5000), "a match has 3 to 10 players"),
        (lambda d: d["matches"][0].update(cuts=[{f"P{i}": "2C" for i in range(500)}]), "round 1 of the cut gives 500"),
        (
            lambda d: hand_of(d, 2).update(Cat=["QS"] * 5000),
            "trail[3]: 'Cat' took 5000 cards, more than the match's decks hold (52)",
        ),
    ],
)
def test_a_count_beyond_the_rules_refuses_the_file_before_anything_is_built(cli, tuesday, tmp_path, change, says):
    other = tmp_path / "other.db"
    line = cli.refused("--db", other, "import", tampered(tuesday, change), says=says)
    assert "match 1" in line and not other.exists()


def test_a_time_without_its_offset_is_refused(cli, tuesday, unchanged):
    with unchanged():
        change = lambda d: d["matches"][0].update(created_at="2026-01-01")
        cli.refused("import", tampered(tuesday, change), says="match 1.created_at has no UTC offset")


def test_scores_no_real_deal_gives_are_refused(cli, tmp_path):
    cli("new", "--players", "Ann,Bob,Cat,Dan", "--name", "Four")
    cli("deal", "Ann=10", "Bob=3", "Cat=0", "Dan=30")
    cli("deal", "Ann=0", "Bob=20", "Cat=13", "Dan=10")
    file = tmp_path / "four.json"
    cli("export", "--format", "json", "--out", file)
    # 6, 6, 6, 25 adds up to 43, yet nobody on 6 took a spade honour, and 18 hearts do not exist.
    bad = tampered(file, lambda d: scores_of(d, 1).update(Ann=6, Bob=6, Cat=6, Dan=25))
    line = cli.refused("--db", tmp_path / "other.db", "import", bad, says="match 1 “Four”, deal 2: no real deal gives")
    assert "Ann 6, Bob 6, Cat 6, Dan 25" in line


def test_one_bad_match_refuses_the_good_ones_too(cli, tuesday, tmp_path):
    def add_bad_copy(data):
        bad = json.loads(json.dumps(data["matches"][0]))
        bad.update(uid="0" * 32, id=7)
        bad["trail"][0]["scores"] = {"Ann": 6, "Bob": 6, "Cat": 30}
        data["matches"].append(bad)

    other = tmp_path / "other.db"
    cli("--db", other, "new", "--players", "Dan,Eve,Fay")
    before = dump(other)
    cli.refused(
        "--db",
        other,
        "import",
        tampered(tuesday, add_bad_copy),
        says="match 7 “Tuesday”, deal 1: the scores add up to 42",
    )
    assert dump(other) == before


def test_a_newer_backup_is_refused_with_the_reason(cli, tuesday):
    line = cli.refused("import", tampered(tuesday, lambda d: d.update(version=2)), says="newer than this scorepad")
    assert "version 2" in line and "upgrade scorepad" in line


@pytest.mark.parametrize(
    "content, says",
    [
        (b"", "not JSON"),
        (b"\xff\xfe\x00garbage", "not JSON"),
        (b"match,match_name\n1,x\n", "not JSON"),
        (b"[1, 2]", "not a scorepad backup"),
        (b'{"format": "scorepad-backup"}', "has no 'version'"),
        (b'{"format": "scorepad-backup", "version": "1"}', "version should be a whole number"),
        (b'{"format": "scorepad-backup", "version": true}', "version should be a whole number"),
        (b'{"format": "scorepad-backup", "version": 1, "exported_at": "x", "matches": []}', "not an ISO-8601"),
        (b'{"format": "scorepad-backup", "version": 1, "exported_at": "2026-11-29T20:15:03+00:00"}', "no 'matches'"),
        (
            b'{"format": "scorepad-backup", "version": 1, "exported_at": "2026-11-29T20:15:03+00:00", "matches": [3]}',
            "matches[0] should be an object",
        ),
        (b"[" * 100_000, "not JSON"),
    ],
)
def test_garbage_is_refused_in_one_line(cli, tmp_path, content, says):
    file = tmp_path / "garbage.json"
    file.write_bytes(content)
    cli.refused("import", file, says=says)


def test_a_missing_file_or_a_folder_is_refused(cli, tmp_path):
    cli.refused("import", tmp_path / "nowhere.json", says="no such file")
    cli.refused("import", tmp_path, says="is a folder")


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6,
)


def places(value, path=()):
    """Every place in a JSON value: the paths to each member and item."""
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, inner in items:
        yield (*path, key)
        yield from places(inner, (*path, key))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_a_mangled_backup_is_imported_or_refused_never_a_traceback(cli, tuesday, data):
    backup = json.loads(tuesday.read_text())
    path = data.draw(st.sampled_from(list(places(backup))))
    *parent_path, key = path
    parent = backup
    for step in parent_path:
        parent = parent[step]
    if data.draw(st.booleans()):
        del parent[key]
    else:
        parent[key] = data.draw(JSON_VALUES)
    with tempfile.TemporaryDirectory(dir=SCRATCH) as folder:
        file = Path(folder, "mangled.json")
        file.write_text(json.dumps(backup))
        store = Path(folder, "s.db")
        result = cli("--db", store, "import", file, code=None)
        assert result.exit_code in (0, 1), result.stderr
        assert "internal error" not in result.stderr
        if result.exit_code == 1:
            assert len(result.stderr.strip().splitlines()) == 1
            assert not store.exists()  # refused whole: not even an empty store is left
        else:  # what was let in must be a sound store whose every match folds under its rules
            assert cli.json("--db", store, "doctor")["ok"]


def test_a_backup_restores_into_postgresql_too(cli, tuesday, pg_url):
    cli("--db", pg_url, "import", tuesday)
    for command in ("status", "history"):
        assert cli.json("--db", pg_url, command) == cli.json(command)
    again = tuesday.with_name("again.json")
    cli("--db", pg_url, "export", "--format", "json", "--out", again)
    assert comparable(json.loads(again.read_text())) == comparable(json.loads(tuesday.read_text()))
    before = cli.json("--db", pg_url, "matches")
    cli("--db", pg_url, "import", tuesday)
    assert cli.json("--db", pg_url, "matches") == before


def test_an_undone_tiebreak_of_the_whole_table_is_restored(cli, tmp_path):
    """All three tie: the tie-break deal is played by everyone, and an undone one must restore too."""
    cli("new", "--players", "Ann,Bob,Cat", "--deals", "3")
    for scores in (("15", "14", "14"), ("14", "15", "14"), ("14", "14", "15")):  # 43 each
        cli("deal", *(f"{p}={v}" for p, v in zip(("Ann", "Bob", "Cat"), scores, strict=False)))
    cli("deal", "Ann=10", "Bob=10", "Cat=23")  # the tie-break deal of all three, then taken back
    cli("undo")
    file = tmp_path / "all-tied.json"
    cli("export", "--format", "json", "--out", file)
    cli("--db", tmp_path / "other.db", "import", file)
    assert cli.json("--db", tmp_path / "other.db", "status")["tiebreak"]["players"] == ["Ann", "Bob", "Cat"]


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

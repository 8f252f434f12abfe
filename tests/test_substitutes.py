"""A substitute takes a seat: the fold's seat changes, told as a table lives them.

Cor leaves after deal 2 and Eva plays his seat: the seat keeps its total, the
deals before stay Cor's, the names after are Eva's, and taking it back (or a
fix before it) folds the same way as any other entry.
"""

import pytest

from scorepad.core.errors import MatchClosed, NotationError, RuleError, UnknownNameError
from scorepad.core.match import (
    Entry,
    EntryKind,
    Format,
    FormatKind,
    MatchState,
    Settings,
    correct,
    deal_index,
    fold,
    fold_steps,
)
from scorepad.core.rules import RuleSet

PLAYERS = ("Anke", "Bram", "Cor", "Dirk")


def start(deals: int = 4) -> MatchState:
    return MatchState.start(Settings(PLAYERS, RuleSet.build(), Format(FormatKind.DEALS, deals)))


def deal(state: MatchState, *points: int) -> Entry:
    return state.enter(dict(zip(state.next.players, points, strict=True)))


def play(state: MatchState, *entries: Entry) -> MatchState:
    for entry in entries:
        state = state.apply(entry)
    return state


def test_eva_plays_cors_seat_from_the_next_deal_and_the_seat_keeps_its_total():
    state = start()
    state = play(state, deal(state, 10, 10, 10, 13))
    state = play(state, deal(state, 0, 0, 30, 13))
    seat = state.enter_seat("cor", "Eva")  # a name as typed, any case
    assert seat == Entry.seat(2, "Eva") and seat.kind is EntryKind.SEAT
    after = state.apply(seat)
    assert after.settings.players == ("Anke", "Bram", "Eva", "Dirk")
    assert after.totals == state.totals and after.totals[2] == 40  # the seat's total goes on
    assert after.former == ((2, "Cor"),) and after.replaced(2) == ("Cor",) and after.replaced(0) == ()
    assert after.next.number == 3 and after.next.dealer == state.next.dealer  # no deal of its own
    assert after.seat_of("eva") == 2
    more = play(after, deal(after, 0, 13, 20, 10))
    assert more.totals[2] == 60 and more.settings.players[2] == "Eva"


def test_the_player_who_left_is_told_who_has_the_seat_and_a_player_now_cannot_take_another():
    state = start()
    state = state.apply(state.enter_seat("Cor", "Eva"))
    with pytest.raises(RuleError, match=r"^Cor no longer plays: Eva took their seat$"):
        state.enter_seat("Cor", "Fien")
    with pytest.raises(RuleError, match=r"^Cor no longer plays: Eva took their seat$"):
        state.enter({state.seat_of("Cor"): 10})
    with pytest.raises(RuleError, match=r"^Anke already plays in this match$"):
        state.enter_seat("Bram", "ANKE")
    with pytest.raises(UnknownNameError, match=r"no player 'Zoe' in this match \(Anke, Bram, Eva, Dirk\)"):
        state.enter_seat("Zoe", "Fien")
    with pytest.raises(NotationError, match="no spaces"):
        state.enter_seat("Bram", "Big Bob")


def test_a_player_who_left_may_come_back_to_a_seat():
    state = start()
    state = state.apply(state.enter_seat("Cor", "Eva"))
    state = play(state, deal(state, 10, 10, 10, 13))
    back = state.apply(state.enter_seat("Eva", "Cor"))
    assert back.settings.players == PLAYERS
    assert back.former == ((2, "Cor"), (2, "Eva")) and back.replaced(2) == ("Eva",)
    assert back.everyone == ("Anke", "Bram", "Cor", "Dirk", "Eva")


def test_no_seat_changes_hands_once_the_match_is_over():
    state = start(deals=4)
    for _ in range(4):
        state = play(state, deal(state, 0, 10, 10, 23))
    assert state.winner == 0
    with pytest.raises(MatchClosed, match="finished"):
        state.enter_seat("Cor", "Eva")
    with pytest.raises(MatchClosed, match="finished"):
        state.apply(Entry.seat(2, "Eva"))


def test_a_stored_seat_change_is_checked_when_folded():
    state = start()
    with pytest.raises(RuleError, match="a seat of the match"):
        state.apply(Entry.seat(7, "Eva"))
    with pytest.raises(RuleError, match="Bram already plays"):
        state.apply(Entry.seat(2, "bram"))
    assert state.apply(Entry.seat(2, "Ev=a")).settings.players[2] == "Ev=a"  # as stored: names are checked typed
    with pytest.raises(NotationError, match="cannot contain"):
        state.apply(Entry.seat(2, "Ev=a"), strict=True)  # as imported


def test_seat_changes_take_no_deal_number_and_a_fix_before_one_folds_them_again():
    state = start(deals=8)
    entries = [deal(state, 10, 10, 10, 13)]
    state = play(state, *entries)
    entries.append(state.enter_seat("Cor", "Eva"))
    state = state.apply(entries[-1])
    entries.append(deal(state, 13, 10, 10, 10))
    settings = start().settings  # the match's as created: the fold seats Eva itself
    steps = list(fold_steps(settings, entries))
    assert [(s.number, s.entry.kind) for s in steps] == [(1, EntryKind.DEAL), (2, EntryKind.SEAT), (2, EntryKind.DEAL)]
    assert [s.after.settings.players[2] for s in steps] == ["Cor", "Eva", "Eva"]  # who played each deal
    assert deal_index(entries, 2) == 2
    before_fix = fold(settings, entries, strict=True)

    changed, after = correct(settings, entries, 1, lambda before: deal(before, 0, 10, 20, 13))
    assert after.settings.players == ("Anke", "Bram", "Eva", "Dirk")
    assert after.totals == (13, 20, 30, 23) and before_fix.totals == (23, 20, 20, 23)
    assert changed[1] == entries[1]


def test_a_fix_that_ends_the_match_before_a_seat_change_is_refused():
    settings = Settings(PLAYERS, RuleSet.build(), Format(FormatKind.OVER, 40))
    state = MatchState.start(settings)
    entries = [deal(state, 10, 10, 10, 13)]
    state = play(state, *entries)
    entries.append(state.enter_seat("Cor", "Eva"))
    with pytest.raises(RuleError, match="undo the entries after deal 1 first"):
        correct(settings, entries, 1, lambda before: deal(before, 0, 1, 1, 41))  # Anke would have won


def test_the_snapshot_keeps_who_sits_where_and_a_match_without_substitutes_keeps_its_old_one():
    state = start()
    plain = play(state, deal(state, 10, 10, 10, 13))
    assert set(plain.snapshot()) == {"totals", "deals_played", "scored", "last_dealer", "tiebreak", "winner"}
    seated = plain.apply(plain.enter_seat("Cor", "Eva"))
    kept = seated.snapshot()
    assert kept["players"] == ["Anke", "Bram", "Eva", "Dirk"] and kept["former"] == [[2, "Cor"]]
    assert MatchState.from_snapshot(start().settings, kept) == seated
    assert MatchState.from_snapshot(start().settings, plain.snapshot()) == plain


def test_a_tie_break_can_be_played_by_a_substitute_in_a_tied_seat():
    state = start(deals=4)
    for points in ((10, 10, 10, 13), (10, 10, 10, 13), (10, 10, 10, 13), (0, 0, 0, 43)):
        state = play(state, deal(state, *points))
    assert state.tiebreak == ((0, 1, 2), 1)
    state = state.apply(state.enter_seat("Cor", "Eva"))
    assert state.next.players == (0, 1, 2) and state.settings.players[2] == "Eva"
    state = play(state, deal(state, 20, 23, 0))
    assert state.winner == 2 and state.settings.players[state.winner] == "Eva"


# --- At the table: an eight-player evening where Cor leaves and Eva sits in --------------------------

import json  # noqa: E402
import re  # noqa: E402

from scorepad.cli.main import app  # noqa: E402

TABLE = "Anke,Bram,Cor,Dirk,Els,Fien,Gijs,Hans"
EVEN = ("10", "10", "10", "10", "10", "10", "13", "13")  # 86: a two-deck deal of eight


def play_lines(cli, lines: str, *options: str, root: tuple[str, ...] = ()):
    """``scorepad play`` reading ``lines`` from a pipe, in this process."""
    done = cli.runner.invoke(app, [*root, "play", *options], input=lines)
    assert "Traceback" not in done.stdout + done.stderr
    return done


@pytest.fixture
def evening(cli):
    """Deal 2 went down with Cor's and Dirk's scores swapped; then Cor leaves and Eva takes his seat."""
    cli("new", "--players", TABLE, "--decks", "2", "--name", "Clubavond")
    cli("deal", *EVEN)
    cli("deal", "Anke=10", "Bram=10", "Cor=6", "Dirk=17", "Els=10", "Fien=10", "Gijs=10", "Hans=13")
    assert cli("fix", "2", "Cor=17", "Dirk=6").stdout.startswith("deal 2: Cor 6 → 17, Dirk 17 → 6\n")
    said = cli("seat", "Cor", "Eva").stdout
    assert said.startswith("Eva takes Cor's seat from deal 3 on, and its total of 27\n")
    assert re.search(r"^8\s+Eva \(for Cor\)\s+27$", said, re.M)  # the standings name the seat by its player now
    return cli


def test_the_seat_keeps_its_total_and_each_deal_stays_with_whoever_played_it(evening, cli):
    cli("deal", "Anke = 10", "Bram:10", *(f"{n}=10" for n in ("Eva", "Dirk", "Els", "Fien")), "Gijs=13", "Hans=13")
    status = cli.json("status")
    assert status["players"] == ["Anke", "Bram", "Eva", "Dirk", "Els", "Fien", "Gijs", "Hans"]
    assert status["totals"]["Eva"] == 37 and "Cor" not in status["totals"]
    assert status["replaced"] == {"Eva": ["Cor"]}
    from .test_quick_read import full_store

    assert cli.json("matches")["matches"][0]["players"] == status["players"]
    with full_store():
        assert cli.json("matches")["matches"][0]["players"] == status["players"]
        assert cli.json("status") == status
    history = cli.json("history")
    assert [sorted(d["scores"])[2:4] for d in history["deals"]] == [["Cor", "Dirk"]] * 2 + [["Dirk", "Els"]]
    assert [d["scores"].get("Cor") for d in history["deals"]] == [10, 17, None]
    assert history["deals"][2]["scores"]["Eva"] == 10 and history["deals"][2]["totals"]["Eva"] == 37
    assert [d["corrected"] for d in history["deals"]] == [False, True, False]
    assert history["substitutes"] == [
        {
            "number": 3,
            "seat": 3,
            "player": "Eva",
            "replaced": "Cor",
            "recorded_at": history["substitutes"][0]["recorded_at"],
        }
    ]


def test_history_and_the_sheet_show_the_seat_change_and_the_corrected_deal(evening, cli):
    cli("deal", *EVEN)
    text = cli("history").stdout
    assert "Eva (for Cor)" in text and "→ Eva" in text and "substitute" in text
    assert "2*" in text and "*: corrected after it was entered" in text
    sheet = play_lines(cli, "sheet\n").stdout
    lines = sheet.splitlines()
    assert any("corrected" in line and line.split()[0] == "2" for line in lines)
    assert any("→ Eva" in line and "substitute" in line for line in lines)
    assert "-> Eva" in cli("--ascii", "history").stdout


def test_a_seat_change_is_refused_for_a_player_now_one_who_left_and_a_finished_match(evening, cli, unchanged):
    with unchanged():
        cli.refused("seat", "Bram", "anke", says="Anke already plays in this match")
        cli.refused("seat", "Cor", "Zoe", says="Cor no longer plays: Eva took their seat")
        cli.refused("seat", "Zoe", "Zed", says="no player 'Zoe' in this match")
        cli.refused("seat", "Bram", "Big Bob", says="a player's name has no spaces")
        cli.refused(
            "deal",
            "Cor=10",
            *(f"{n}=10" for n in ("Anke", "Bram", "Dirk", "Els", "Fien")),
            "Gijs=13",
            "Hans=13",
            says="Cor no longer plays",
        )
    for _ in range(6):
        cli("deal", *EVEN)
    with unchanged():
        cli.refused("seat", "Eva", "Cor", says="match 1 is finished")


def test_undo_takes_a_seat_change_back_and_a_player_may_come_back(evening, cli):
    said = cli("undo").stdout
    assert said.startswith("undone: Eva taking Cor's seat\n")
    assert cli.json("status")["players"][2] == "Cor" and cli.json("status")["replaced"] == {}
    assert cli.json("history")["substitutes"] == []
    cli("seat", "Cor", "Eva")
    cli("deal", *EVEN)
    cli("seat", "Eva", "Cor")  # Cor is back from the phone: his seat again, with its total
    status = cli.json("status")
    assert status["players"][2] == "Cor" and status["totals"]["Cor"] == 37 and status["replaced"] == {"Cor": ["Eva"]}
    assert [s["player"] for s in cli.json("history")["substitutes"]] == ["Eva", "Cor"]


def test_a_fix_before_the_seat_change_and_its_undo_fold_the_seat_again(evening, cli):
    cli("deal", *EVEN)
    assert cli("fix", "1", "Anke=13", "Gijs=10").stdout.startswith("deal 1: Anke 10 → 13, Gijs 13 → 10\n")
    assert cli.json("status")["totals"]["Anke"] == 33
    assert cli.json("status")["players"][2] == "Eva"
    said = cli("undo").stdout
    assert said.startswith("undone: fix of deal 1 (Anke 13, Bram 10, Cor 10, Dirk 10")
    assert cli.json("status")["totals"]["Anke"] == 30
    assert cli("fix", "3", "Eva=13", "Hans=10").stdout.startswith("deal 3: Eva 10 → 13, Hans 13 → 10\n")
    cli.refused("fix", "3", "Cor=13", "Hans=10", says="Cor no longer plays: Eva took their seat")  # not his deal


def test_rename_keeps_working_for_a_player_who_left_and_for_a_substitute(evening, cli):
    assert cli("rename", "eva", "Evi").stdout.startswith("Evi was Eva\n")
    assert cli("rename", "Cor", "Corrie").stdout.startswith("Corrie was Cor\n")
    assert cli.json("status")["replaced"] == {"Evi": ["Corrie"]}
    assert [sorted(d["scores"])[2] for d in cli.json("history")["deals"]] == ["Corrie", "Corrie"]
    cli.refused("rename", "Evi", "Bram", says="Bram already plays in match 1")
    assert "Evi (for Corrie)" in cli("status").stdout


def test_stats_ratings_and_the_csv_credit_every_deal_to_whoever_played_it(evening, cli, tmp_path):
    for _ in range(6):  # Eva plays the rest: the seat's total is the lowest, so Eva's seat wins
        cli("deal", "Anke=10", "Bram=10", "Eva=0", "Dirk=10", "Els=10", "Fien=10", "Gijs=13", "Hans=23")
    assert cli.json("status")["winner"] == "Eva"
    stats = {p["name"]: p for p in cli.json("stats")["players"]}
    assert (stats["Cor"]["deals"], stats["Cor"]["points"], stats["Cor"]["wins"]) == (2, 27, 0)
    assert (stats["Eva"]["deals"], stats["Eva"]["points"], stats["Eva"]["wins"]) == (6, 0, 1)
    assert stats["Cor"]["matches"] == stats["Eva"]["matches"] == stats["Anke"]["matches"] == 1
    ratings = {p["name"]: p for p in cli.json("ratings")["players"]}
    assert ratings["Eva"]["wins"] == 1 and "Cor" not in ratings  # the seat's place is its player's at the end
    out = tmp_path / "deals.csv"
    cli("export", "--out", out)
    rows = out.read_text().splitlines()
    seat3 = [row.split(",") for row in rows[1:] if row.split(",")[6] == "3"]
    assert [(r[2], r[5], r[8]) for r in seat3[:3]] == [("1", "Cor", "10"), ("2", "Cor", "27"), ("3", "Eva", "27")]
    sheet = tmp_path / "sheet.csv"
    cli("export", "--layout", "sheet", "--out", sheet)
    lines = sheet.read_text().splitlines()
    assert lines[0] == "deal,kind,dealer,Anke,Bram,Eva,Dirk,Els,Fien,Gijs,Hans,note"
    assert lines[2].endswith(",corrected") and lines[3] == "3,seat,Eva,,,,,,,,,Eva for Cor"


def test_the_backup_carries_the_seat_change_and_importing_twice_changes_nothing(evening, cli, tmp_path, monkeypatch):
    cli("deal", *EVEN)
    backup = tmp_path / "backup.json"
    cli("export", "--all", "--format", "json", "--out", backup)
    trail = json.loads(backup.read_text())["matches"][0]["trail"]
    assert next(t for t in trail if t["kind"] == "seat") | {"recorded_at": None} == {
        "state": "standing", "position": 3, "kind": "seat", "number": 3, "dealer": "Cor", "scores": {},
        "cards": None, "renege": None, "slam": None, "recorded_at": None, "ended_at": None, "replaces": None,
        "seat": "Cor", "player": "Eva",
    }  # fmt: skip
    history, status = cli.json("history"), cli.json("status")
    monkeypatch.setenv("SCOREPAD_DB", str(tmp_path / "restored.db"))
    assert "added match 1 “Clubavond” (Anke, Bram, Eva, Dirk, Els, Fien, Gijs, Hans)" in cli("import", backup).stdout
    assert cli.json("history") == history and cli.json("status") == status
    assert "left alone" in cli("import", backup).stdout
    assert cli.json("history") == history


def test_a_backup_with_a_seat_change_that_cannot_be_is_refused_whole(evening, cli, tmp_path, monkeypatch):
    backup = tmp_path / "backup.json"
    cli("export", "--all", "--format", "json", "--out", backup)
    data = json.loads(backup.read_text())
    seat = next(t for t in data["matches"][0]["trail"] if t["kind"] == "seat")
    monkeypatch.setenv("SCOREPAD_DB", str(tmp_path / "restored.db"))
    for change, says in [
        ({"player": "Anke"}, "Anke already plays in this match"),
        ({"seat": "Zoe"}, "'Zoe' is not a player of the match"),
        ({"player": None}, "a seat change names its seat and its new player"),
        ({"scores": {"Cor": 3}}, "a seat change has no scores"),
    ]:
        broken = json.loads(json.dumps(data))
        next(t for t in broken["matches"][0]["trail"] if t["kind"] == "seat").update(change)
        bad = tmp_path / "bad.json"
        bad.write_text(json.dumps(broken))
        cli.refused("import", bad, says=says)
    assert seat["player"] == "Eva"


def test_play_takes_seat_and_reads_the_standings_back(evening, cli):
    cli("undo")
    done = play_lines(cli, "seat Cor Eva\nseat Eva\nstatus\n")
    assert done.exit_code == 1
    assert "line 1: Eva takes Cor's seat from deal 3 on, and its total of 27" in done.stderr
    assert "line 2: write seat OLD NEW: the player leaving, then the one taking their seat" in done.stderr
    assert "Eva (for Cor)" in done.stdout
    done = play_lines(cli, "undo\n")
    assert "line 1: undone: Eva taking Cor's seat" in done.stderr


def test_the_html_report_marks_the_seat_change_and_the_corrected_deal(evening, cli, tmp_path):
    cli("deal", *EVEN)
    page = tmp_path / "r.html"
    cli("report", "--out", page)
    html = page.read_text()
    assert "Eva (for Cor)" in html
    assert "Eva takes Cor&#x27;s seat from deal 3 on, and its total of 27" in html
    assert '<td class="note">corrected</td>' in html


def test_again_seats_the_players_at_the_end_in_a_numbered_rematch(evening, cli):
    for _ in range(6):
        cli("deal", *EVEN)
    done = play_lines(cli, "again\nstatus\n", "--json")
    rematch = json.loads(done.stdout)
    assert rematch["name"] == "Clubavond (2)" and rematch["players"][2] == "Eva" and rematch["replaced"] == {}


def test_in_dutch_the_table_reads_the_substitute_in_its_own_words(evening, cli):
    said = cli("--lang", "nl", "seat", "Bram", "Wim").stdout
    assert said.startswith("Wim neemt vanaf spel 3 de plaats van Bram in, en daarmee het totaal van 20\n")
    assert "Eva (voor Cor)" in said and "Wim (voor Bram)" in said
    assert "invaller" in cli("--lang", "nl", "history").stdout
    line = cli.refused("--lang", "nl", "seat", "Cor", "Zoe")
    assert line == "scorepad: Cor speelt niet meer mee: Eva nam de plaats in"
    assert cli("--lang", "nl", "undo").stdout.startswith("teruggenomen: Wim op de plaats van Bram\n")


def test_doctor_finds_a_store_with_a_substitute_sound_and_heals_a_snapshot_that_names_the_wrong_players(
    evening, cli, store_path
):
    from .test_broken_store import checks_of, edit
    from .test_quick_read import full_store

    assert cli.json("doctor")["ok"]
    before = [cli(*command).stdout for command in (["status", "--json"], ["matches", "--json"], ["status"])]
    edit(store_path, """UPDATE match SET state = replace(state, '"players": ["Anke"', '"players": ["Anke", "Zed"')""")
    assert [cli(*command).stdout for command in (["status", "--json"], ["matches", "--json"], ["status"])] == before
    with full_store():
        assert cli.json("status") == json.loads(before[0])
    assert checks_of(cli)["matches"]["detail"] == "match 1: its summary disagrees with its entries"


@pytest.mark.parametrize(
    ("damage", "says"),
    [
        ("UPDATE entry SET seat = NULL WHERE kind = 'seat'", "a seat change without its seat and player"),
        ("UPDATE entry SET seat = 9 WHERE kind = 'seat'", "a seat change needs a seat of the match"),
        ("UPDATE entry SET player = 'Anke' WHERE kind = 'seat'", "Anke already plays in this match"),
    ],
)
def test_a_seat_change_damaged_by_hand_is_refused_naming_the_match(evening, cli, store_path, unchanged, damage, says):
    from .test_broken_store import edit

    edit(store_path, damage)
    with unchanged():
        line = cli.refused("history")
    assert line.startswith("scorepad: match 1 is damaged in the store (players Anke, Bram, Cor, Dirk,") and says in line


def test_a_store_holding_a_seat_change_is_not_taken_back_to_a_revision_that_cannot_keep_it(evening, store_path):
    from .test_quick_read import downgrade

    with pytest.raises(RuntimeError, match="the store holds seat changes, which revision 0004 cannot keep"):
        downgrade(store_path, "0004")

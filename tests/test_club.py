"""The club's view: player statistics, ratings, the terminal chart and the match report.

A season of the Tuesday club, entered through the CLI as the secretary would,
with every figure below worked out by hand from the deals.
"""

from __future__ import annotations

import re

import pytest
from freezegun import freeze_time

from scorepad.app.ratings import final_ranks
from scorepad.app.stats import PlayerStats
from scorepad.core.rules import RuleSet
from scorepad.core.standings import places
from scorepad.present.chart import line_chart, markers, plain
from scorepad.present.json_shapes import player_stats_json

ANSI = re.compile(r"\x1b\[")


@pytest.fixture
def season(cli):
    """Four matches: two classic ones to the end, a spot-hearts one under way, an abandoned classic one."""
    with freeze_time("2026-10-01 20:00:00"):
        # Match 1. Ann 14, Bob 74, Cat 41: Ann wins.
        cli("new", "--players", "Ann,Bob,Cat", "--deals", "3")
        cli("deal", "Ann=QS,2H", "Bob=KS,AS", "Cat=12")  # 14 / 17 / 12: Cat has the other 12 hearts
        cli("deal", "--renege", "Bob")  # 0 / 43 / 0
        cli("deal", "Ann=-", "Bob=QS,3H", "Cat=29")  # 0 / 14 / 29: Ann's cards entered, none taken
    with freeze_time("2026-10-15 20:00:00"):
        # Match 2. "ann" is Ann again, in another case. ann 23, Bob 23, Dan 83, then a tie-break.
        cli("new", "--players", "ann,Bob,Dan", "--deals", "3")
        cli("deal", "ann=10", "Bob=10", "Dan=23")
        cli("deal", "ann=13", "Bob=13", "Dan=17")
        cli("deal", "ann=0", "Bob=0", "Dan=43")  # Dan took every penalty card, in a match without the slam rule
        cli("deal", "ann=20", "Bob=QS,KS")  # the tie-break: ann wins; Bob's Q♠ here counts for nothing
    with freeze_time("2026-11-01 20:00:00"):
        # Match 3, spot-hearts (146 a deal), one deal so far.
        cli("new", "--players", "Ann,Bob,Cat", "--rules", "spot-hearts")
        cli("deal", "Ann=QS", "Bob=KS,AS", "Cat=104")
    with freeze_time("2026-11-20 20:00:00"):
        # Match 4, abandoned after one deal: the deal counts, nobody wins.
        cli("new", "--players", "Ann,Bob,Cat", "--deals", "3")
        cli("deal", "Ann=10", "Bob=10", "Cat=23")
        cli("abandon")


def by_name(data: dict) -> dict[str, dict]:
    return {p["name"]: p for p in data["players"]}


def test_stats_count_deals_points_wins_and_cards_per_player(cli, season):
    data = cli.json("stats")
    assert data["preset"] == "classic"
    assert [p["name"] for p in data["players"]] == ["Ann", "Bob", "Cat", "Dan"]  # lowest average first
    ann, bob, cat, dan = data["players"]
    # "ann" of match 2 is Ann, spelt as in her latest match; the tie-break deal counts for nothing.
    assert ann == {
        "name": "Ann",
        "matches": 3,
        "finished": 2,
        "wins": 2,
        "deals": 7,
        "points": 14 + 23 + 10,
        "avg_per_deal": 6.71,
        "queen_of_spades": 1,
        "king_of_spades": 0,
        "ace_of_spades": 0,
        "deals_with_cards": 2,
        "slams": 0,
        "reneges": 0,
    }
    assert (bob["points"], bob["deals"], bob["avg_per_deal"]) == (74 + 23 + 10, 7, 15.29)
    assert (bob["queen_of_spades"], bob["king_of_spades"], bob["ace_of_spades"], bob["deals_with_cards"]) == (
        1,
        1,
        1,
        2,
    )
    assert (bob["reneges"], bob["wins"]) == (1, 0)
    assert (cat["matches"], cat["finished"], cat["deals"], cat["points"], cat["avg_per_deal"]) == (2, 1, 4, 64, 16.0)
    assert cat["deals_with_cards"] == 0 and cat["queen_of_spades"] == 0  # entered by points only
    # Dan took every penalty card in a match without the slam rule: a plain 43, not a slam.
    assert (dan["matches"], dan["points"], dan["avg_per_deal"], dan["slams"]) == (1, 83, 27.67, 0)


def test_stats_never_mix_presets(cli, season):
    spot = by_name(cli.json("stats", "--preset", "spot-hearts"))
    assert set(spot) == {"Ann", "Bob", "Cat"}
    assert (spot["Ann"]["deals"], spot["Ann"]["points"], spot["Ann"]["queen_of_spades"]) == (1, 25, 1)
    assert (spot["Bob"]["king_of_spades"], spot["Bob"]["ace_of_spades"], spot["Cat"]["points"]) == (1, 1, 104)
    assert (spot["Ann"]["matches"], spot["Ann"]["finished"], spot["Ann"]["wins"]) == (1, 0, 0)
    nothing = {"preset": "dirty-lady", "decks": 1, "since": None, "until": None, "players": []}
    assert cli.json("stats", "--preset", "dirty-lady") == nothing


def test_stats_filter_by_the_day_a_match_was_created(cli, season):
    october = by_name(cli.json("stats", "--since", "2026-10-15", "--until", "2026-10-15"))  # both ends count
    assert set(october) == {"ann", "Bob", "Dan"}
    assert (october["ann"]["matches"], october["ann"]["deals"], october["ann"]["points"]) == (1, 3, 23)
    first = by_name(cli.json("stats", "--until", "2026-10-01"))
    assert set(first) == {"Ann", "Bob", "Cat"} and first["Ann"]["points"] == 14
    late = by_name(cli.json("stats", "--since", "2026-11-02"))
    assert set(late) == {"Ann", "Bob", "Cat"}
    assert (late["Ann"]["matches"], late["Ann"]["finished"], late["Ann"]["deals"], late["Ann"]["points"]) == (
        1,
        0,
        1,
        10,
    )
    result = cli("stats", "--since", "2026-13-01", code=2)  # not a date: a usage error, as Typer reports it
    assert "Traceback" not in result.output


def test_stats_table_for_people(cli, season):
    out = cli("--ascii", "stats").stdout
    assert "Players, classic matches" in out
    assert re.search(r"Ann\s+3\s+2\s+7\s+47\s+6\.71\s+1\s+0\s+0\s+2\s+0\s+0", out)
    assert "QS" in out and not ANSI.search(out)
    assert "No omnibus match" in cli("stats", "--preset", "omnibus").stdout


def test_cards_that_score_nothing_under_a_preset_are_not_counted():
    stats = PlayerStats("Ann")
    dirty = player_stats_json(stats, RuleSet.build("dirty-lady"))
    assert dirty["queen_of_spades"] == 0 and dirty["king_of_spades"] is None and dirty["ace_of_spades"] is None
    anne = player_stats_json(stats, RuleSet.build("slippery-anne"))
    assert anne["slams"] is None  # one penalty card makes no slam
    assert player_stats_json(stats, RuleSet.build("classic"))["avg_per_deal"] is None  # no deal, no average


# Ratings.


def three_deals(cli, *deals: str):
    for deal in deals:
        cli("deal", *deal.split())


def test_ratings_follow_a_corrected_result(cli):
    cli("new", "--players", "Ann,Bob,Cat", "--deals", "3")
    three_deals(cli, "Ann=10 Bob=13 Cat=20", "Ann=10 Bob=13 Cat=20", "Ann=10 Bob=13 Cat=20")  # 30 / 39 / 60
    cli("new", "--players", "Ann,Dan,Eve")  # still being played: no final standing
    cli("deal", "Ann=43", "Dan=0", "Eve=0")
    data = cli.json("ratings")
    assert [p["name"] for p in data["players"]] == ["Ann", "Bob", "Cat"]
    first = data["players"][0]
    assert (first["matches"], first["wins"]) == (1, 1)
    assert first["rating"] == pytest.approx(first["mu"] - 3 * first["sigma"], abs=0.002)

    # Deal 1 was wrong: Ann took the spades, Bob every heart. Now Bob 39, Cat 40, Ann 50.
    cli("fix", "1", "--match", "1", "Ann=30", "Bob=13", "Cat=0")
    assert [p["name"] for p in cli.json("ratings")["players"]] == ["Bob", "Cat", "Ann"]
    out = cli("ratings").stdout
    assert out.index("Bob") < out.index("Cat") < out.index("Ann")


def test_ratings_leave_out_abandoned_matches(cli):
    cli("new", "--players", "Ann,Bob,Cat", "--deals", "3")
    cli("deal", "Ann=10", "Bob=13", "Cat=20")
    cli("abandon")
    assert cli.json("ratings")["players"] == []
    assert "No finished match" in cli("ratings").stdout


def test_the_tiebreak_winner_ranks_first_and_the_others_by_total():
    assert final_ranks([30, 30, 69], winner=1) == [2, 1, 3]
    assert final_ranks([30, 30, 30, 43], winner=2) == [2, 2, 1, 3]  # the tie-break's losers share a place
    assert places([30, 30, 69], winner=1) == [(1, 1), (2, 0), (3, 2)]
    assert places([10, 20, 10], winner=None) == [(1, 0), (1, 2), (3, 1)]


def test_ratings_read_a_name_in_any_case_as_one_player(cli):
    for players in ("Ann,Bob,Cat", "ANN,Bob,Cat"):
        cli("new", "--players", players, "--deals", "3")
        three_deals(cli, *[f"{players.split(',')[0]}=10 Bob=13 Cat=20"] * 3)
    data = by_name(cli.json("ratings"))
    assert set(data) == {"ANN", "Bob", "Cat"}
    assert (data["ANN"]["matches"], data["ANN"]["wins"]) == (2, 2)


# The chart in the terminal.


def test_chart_draws_each_player_with_a_marker_and_a_legend(cli):
    cli("new", "--players", "Ann,Bob,Cat", "--deals", "6")
    three_deals(cli, "Ann=10 Bob=13 Cat=20", "Ann=0 Bob=43 Cat=0", "Ann=20 Bob=10 Cat=13")
    out = cli("chart").stdout
    assert not ANSI.search(out)  # not a terminal: no colour codes
    assert all(len(line) <= 80 for line in out.splitlines())
    assert "A Ann 30   B Bob 66   C Cat 33" in out
    grid = [line for line in out.splitlines() if "|" in line or "+" in line]
    for mark in "ABC":
        assert any(mark in line for line in grid), mark
    assert re.search(r"^deal 0 .* 3$", out, re.M)


def test_chart_markers_stay_distinct_when_names_share_a_letter():
    assert markers(["Ann", "anna", "Al", "Bo", "Bob", "B"]) == ["A", "N", "L", "B", "O", "1"]
    lines = plain(line_chart([[0, 10, 20], [0, 5, 40]], ["A", "B"], width=60, height=9)).splitlines()
    assert all(len(line) <= 60 for line in lines)
    assert lines[1].startswith("  40+") and lines[1].endswith("B")  # B ends highest, at the right edge
    assert lines[-2].startswith("    +---")
    assert "*" in plain(line_chart([[0, 1], [0, 2]], ["A", "B"]))  # both start at 0: they meet


def test_chart_of_a_match_without_deals(cli):
    cli("new", "--players", "Ann,Bob,Cat")
    assert "no scored deal yet" in cli("chart").stdout


# The report, as text (the browser's view is in test_report_browser.py).


@pytest.fixture
def odd_names(cli, tmp_path, monkeypatch):
    """Worked case 3 with names a page must escape, a misdeal and a renege."""
    monkeypatch.chdir(tmp_path)
    cli("new", "--players", "<i>Ann</i>,B&b,\"Cat'", "--deals", "3", "--name", "<script>alert(1)</script>")
    cli("deal", "<i>Ann</i>=10", "B&b=10", "\"Cat'=23")
    cli("misdeal")
    cli("deal", "<i>Ann</i>=13", "B&b=13", "\"Cat'=17")
    cli("deal", "<i>Ann</i>=7", "B&b=7", "\"Cat'=29")
    cli("deal", "<i>Ann</i>=20", "B&b=23")  # tie-break: Ann wins
    return tmp_path


def test_report_escapes_every_name_and_loads_nothing(cli, odd_names):
    path = cli("report").stdout.strip()
    assert path == "exports/match-1-report.html"
    page = (odd_names / path).read_text(encoding="utf-8")
    assert "<script" not in page and "<i>" not in page
    assert "&lt;i&gt;Ann&lt;/i&gt;" in page and "B&amp;b" in page and "&quot;Cat&#x27;" in page
    assert not re.search(r"\b(src|href)=", page)  # nothing to fetch
    assert page.count("<polyline") == 3
    assert "tie-break deal, round 1" in page and "misdeal" in page and "renege" not in page
    assert "@media print" in page
    assert "&lt;i&gt;Ann&lt;/i&gt; wins with 30 after the tie-break." in page


def test_report_never_overwrites_silently(cli, odd_names):
    assert cli("report").stdout.strip() == "exports/match-1-report.html"
    assert cli("report").stdout.strip() == "exports/match-1-report-2.html"
    (odd_names / "mine.html").write_text("keep me")
    cli.refused("report", "--out", "mine.html", says="exists")
    assert (odd_names / "mine.html").read_text() == "keep me"
    assert cli("report", "--out", "mine.html", "--force").stdout.strip() == "mine.html"
    assert "<svg" in (odd_names / "mine.html").read_text(encoding="utf-8")


def test_report_of_a_match_without_deals(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    cli("new", "--players", "Ann,Bob,Cat")
    page = (tmp_path / cli("report").stdout.strip()).read_text(encoding="utf-8")
    assert "No deal has been scored yet" in page and "<svg" not in page


def test_club_commands_have_examples(cli):
    for command in ("stats", "ratings", "chart", "report"):
        assert "Examples" in cli(command, "--help").stdout


def test_stats_and_ratings_of_a_store_with_nothing_in_it_are_empty(cli, store_path):
    assert cli.json("stats")["players"] == []
    assert cli.json("ratings")["players"] == []
    assert not store_path.exists()  # asking wrote nothing


def test_stats_count_the_preset_and_decks_of_the_latest_match_by_default(cli):
    eight = ("--players", "Anke,Bram,Cor,Dirk,Eva,Fien,Gijs,Hans", "--decks", "2")
    for _ in range(2):  # two classic two-deck matches, as the table that tripped had
        cli("new", *eight)
        cli("deal", "10", "10", "10", "10", "10", "10", "13", "13")
    shown = cli.json("stats")
    assert (shown["preset"], shown["decks"]) == ("classic", 2)
    assert {p["name"]: p["matches"] for p in shown["players"]}["Anke"] == 2
    assert "Players, classic matches, two decks" in cli("stats").stdout
    assert "Spelers, partijen met de variant klassiek, twee kaartspellen" in cli("--lang", "nl", "stats").stdout


def test_stats_take_the_option_not_given_from_the_latest_match_that_has_the_one_given(cli):
    cli("new", "--players", "Ann,Bob,Cat", "--rules", "spot-hearts")
    cli("new", "--players", "Anke,Bram,Cor,Dirk,Eva,Fien,Gijs,Hans", "--decks", "2")
    cli("new", "--players", "Ann,Bob,Cat")
    assert (cli.json("stats")["preset"], cli.json("stats")["decks"]) == ("classic", 1)
    assert cli.json("stats", "--preset", "spot-hearts")["decks"] == 1
    assert cli.json("stats", "--decks", "2")["preset"] == "classic"
    assert cli.json("stats", "--preset", "omnibus")["decks"] == 1  # no such match: one deck
    assert "No omnibus match in the store." in cli("stats", "--preset", "omnibus").stdout

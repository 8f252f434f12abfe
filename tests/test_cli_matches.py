"""``scorepad matches``, and which match a command takes when none is named."""

from __future__ import annotations

from freezegun import freeze_time

from .matches import history, new, status


def test_matches_are_listed_newest_first(cli):
    with freeze_time("2026-11-29 20:00:00") as clock:
        new(cli, "--players", "Ann,Bob,Cat", "--name", "Friday night", "--deals", "3")
        clock.tick(60)
        new(cli, "--players", "Dan,Eve,Fay,Gus")
        clock.tick(60)
        new(cli, "--players", "Hal,Ivy,Jo")
    cli("deal", "--match", "1", "Ann=10", "Bob=10", "Cat=23")
    cli("deal", "--match", "1", "Ann=13", "Bob=13", "Cat=17")
    cli("deal", "--match", "1", "Ann=7", "Bob=8", "Cat=28")
    cli("abandon", "--match", "3")
    listed = cli.json("matches")["matches"]
    keys = ["match", "name", "players", "created_at", "finished", "winner"]
    assert [[m[k] for k in keys] for m in listed] == [
        [3, None, ["Hal", "Ivy", "Jo"], "2026-11-29T20:02:00+00:00", True, None],  # abandoned
        [2, None, ["Dan", "Eve", "Fay", "Gus"], "2026-11-29T20:01:00+00:00", False, None],
        [1, "Friday night", ["Ann", "Bob", "Cat"], "2026-11-29T20:00:00+00:00", True, "Ann"],
    ]
    assert "Friday" in cli("matches").stdout


def test_matches_on_an_empty_store(cli):
    assert cli.json("matches") == {"matches": []}


def test_the_default_match_is_the_one_most_recently_created_or_written(cli, unchanged):
    first = new(cli, "--players", "Ann,Bob,Cat")
    second = new(cli, "--players", "Dan,Eve,Fay")
    assert status(cli)["match"] == second
    cli("deal", "--match", first, "Ann=10", "Bob=13", "Cat=20")
    assert status(cli)["match"] == first
    cli("deal", "Ann=10", "Bob=13", "Cat=20")  # lands in the first match
    assert status(cli, "--match", first)["deals_played"] == 2
    cli("rename", "--match", second, "Dan", "Don")
    assert status(cli)["match"] == second
    cli("undo", "--match", first)
    assert status(cli)["match"] == first
    cli("misdeal", "--match", second)
    assert history(cli)[0]["kind"] == "misdeal"
    # Reading does not count as writing, and neither does a refused command.
    status(cli, "--match", first)
    with unchanged():
        cli.refused("deal", "--match", first, "Ann=1")
    assert status(cli)["match"] == second
    cli("fix", "1", "--match", first, "Ann=20", "Bob=13", "Cat=10")
    assert status(cli)["match"] == first


def test_the_default_match_may_be_finished(cli, finished):
    new(cli, "--players", "Dan,Eve,Fay")
    cli("undo", "--match", finished)
    cli("deal", "Ann=7", "Bob=8", "Cat=28")
    data = status(cli)
    assert (data["match"], data["finished"]) == (finished, True)


def test_commands_on_an_empty_store_are_refused(cli):
    for command in (["status"], ["history"], ["deal", "Ann=10"], ["misdeal"], ["undo"], ["abandon"]):
        cli.refused(*command, says="no match yet")
